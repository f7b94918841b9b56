import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import {
  createWakeLockKeeper,
  useScreenWakeLock,
  type WakeLockLike,
  type WakeLockSentinelLike,
  type WakeLockStatus,
} from './screen-wake-lock';

/** A stand-in for navigator.wakeLock: hands out sentinels the test can release like the browser. */
class StubSentinel extends EventTarget implements WakeLockSentinelLike {
  released = false;
  release = vi.fn(async () => {
    if (this.released) return;
    this.released = true;
    this.dispatchEvent(new Event('release'));
  });
}

function stubWakeLock(refuse = false) {
  const sentinels: StubSentinel[] = [];
  const wakeLock: WakeLockLike = {
    request: vi.fn(async () => {
      if (refuse) throw new DOMException('not allowed', 'NotAllowedError');
      const sentinel = new StubSentinel();
      sentinels.push(sentinel);
      return sentinel;
    }),
  };
  return { wakeLock, sentinels };
}

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createWakeLockKeeper', () => {
  it('holds the screen lock and asks again when the page shows after the browser released it', async () => {
    const { wakeLock, sentinels } = stubWakeLock();
    const documentTarget = new FakeDocument();
    const statuses: WakeLockStatus[] = [];
    const keeper = createWakeLockKeeper({
      wakeLock,
      documentTarget,
      onStatus: (status) => statuses.push(status),
    });
    keeper.start();
    await flush();
    expect(wakeLock.request).toHaveBeenCalledWith('screen');
    expect(keeper.status).toBe('active');

    // The browser releases the lock when the page is hidden…
    documentTarget.show('hidden');
    await sentinels[0]!.release();
    expect(keeper.status).toBe('released');
    await flush();
    expect(wakeLock.request).toHaveBeenCalledTimes(1);
    // …and the kiosk takes it again when the page is visible.
    documentTarget.show('visible');
    await flush();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
    expect(keeper.status).toBe('active');
    expect(statuses).toEqual(['pending', 'active', 'released', 'pending', 'active']);

    keeper.stop();
    expect(sentinels[1]!.release).toHaveBeenCalled();
    documentTarget.show('hidden');
    documentTarget.show('visible');
    await flush();
    expect(wakeLock.request).toHaveBeenCalledTimes(2);
  });

  it('does nothing without the API', () => {
    const documentTarget = new FakeDocument();
    const keeper = createWakeLockKeeper({ wakeLock: undefined, documentTarget });
    expect(() => keeper.start()).not.toThrow();
    expect(keeper.status).toBe('unsupported');
    keeper.stop();
  });

  it('degrades quietly when the request is refused', async () => {
    const { wakeLock } = stubWakeLock(true);
    const keeper = createWakeLockKeeper({ wakeLock, documentTarget: new FakeDocument() });
    keeper.start();
    await flush();
    expect(keeper.status).toBe('refused');
    keeper.stop();
  });

  it('does not ask while the page is hidden, and lets go of a lock granted after stop', async () => {
    const { wakeLock, sentinels } = stubWakeLock();
    const documentTarget = new FakeDocument();
    documentTarget.visibilityState = 'hidden';
    const keeper = createWakeLockKeeper({ wakeLock, documentTarget });
    keeper.start();
    await flush();
    expect(wakeLock.request).not.toHaveBeenCalled();
    documentTarget.show('visible');
    keeper.stop();
    await flush();
    expect(sentinels[0]?.release).toHaveBeenCalled();
  });
});

describe('useScreenWakeLock', () => {
  afterEach(() => vi.restoreAllMocks());

  it('holds the lock while mounted', async () => {
    const { wakeLock, sentinels } = stubWakeLock();
    const { result, unmount } = renderHook(() => useScreenWakeLock(true, wakeLock));
    await waitFor(() => expect(result.current).toBe('active'));
    unmount();
    expect(sentinels.at(-1)?.release).toHaveBeenCalled();
  });

  it('reports unsupported when the browser has no wake lock', () => {
    const { result } = renderHook(() => useScreenWakeLock(true));
    expect(result.current).toBe('unsupported');
  });
});
