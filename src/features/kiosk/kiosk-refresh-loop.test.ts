import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createRefreshLoop,
  retryDelayMs,
  type RefreshLoopOptions,
  type RefreshOutcome,
} from './kiosk-refresh-loop';

const noJitter = () => 0.5;

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  show(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

function setup(outcomes: RefreshOutcome[], options: Partial<RefreshLoopOptions> = {}) {
  const windowTarget = new EventTarget();
  const documentTarget = new FakeDocument();
  const run = vi.fn(async () => outcomes.shift() ?? 'ok');
  const loop = createRefreshLoop({
    intervalMs: 30_000,
    run,
    random: noJitter,
    windowTarget,
    documentTarget,
    ...options,
  });
  return { loop, run, windowTarget, documentTarget };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retryDelayMs', () => {
  it('doubles from 5 s up to the interval, at least 1 min and at most 5 min', () => {
    const delays = (interval: number) =>
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, interval, noJitter));
    expect(delays(30_000)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000, 60_000]);
    expect(delays(3_600_000)).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    // A short refresh retries no later than the refresh itself would come.
    expect(retryDelayMs(1, 3_000, noJitter)).toBe(3_000);
  });

  it('spreads retries by ±20 %', () => {
    expect(retryDelayMs(1, 30_000, () => 0)).toBe(4_000);
    expect(retryDelayMs(1, 30_000, () => 0.999_999)).toBe(6_000);
  });
});

describe('createRefreshLoop', () => {
  it('refreshes on the interval and tells when the next refresh is due', async () => {
    const { loop, run } = setup([]);
    loop.start();
    expect(loop.getState().nextAt).toBe(1_000_000 + 30_000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(loop.getState()).toMatchObject({
      isRefreshing: false,
      failures: 0,
      lastOutcome: 'ok',
      lastSuccessAt: 1_030_000,
      nextAt: 1_060_000,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(3);
    loop.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('retries failures with backoff and returns to the interval after a success', async () => {
    const { loop, run } = setup(['failed', 'failed', 'unauthorized', 'ok']);
    loop.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loop.getState()).toMatchObject({ failures: 1, lastOutcome: 'failed' });
    expect(loop.getState().nextAt).toBe(Date.now() + 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(loop.getState().nextAt).toBe(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(loop.getState()).toMatchObject({ failures: 3, lastOutcome: 'unauthorized' });
    expect(loop.getState().nextAt).toBe(Date.now() + 20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).toHaveBeenCalledTimes(4);
    expect(loop.getState()).toMatchObject({ failures: 0, lastOutcome: 'ok' });
    expect(loop.getState().nextAt).toBe(Date.now() + 30_000);
  });

  it('counts a rejected refresh as a failure', async () => {
    const { loop } = setup([], {
      run: () => Promise.reject(new Error('boom')),
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loop.getState()).toMatchObject({ failures: 1, lastOutcome: 'failed' });
  });

  it('reconnects at once when the browser comes back online', async () => {
    const { loop, run, windowTarget } = setup(['failed']);
    loop.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loop.getState().failures).toBe(1);
    windowTarget.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(2);
    expect(loop.getState()).toMatchObject({ failures: 0, nextAt: Date.now() + 30_000 });
  });

  it('does not refresh while hidden and catches up when shown', async () => {
    const { loop, run, documentTarget } = setup([]);
    loop.start();
    documentTarget.show('hidden');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).not.toHaveBeenCalled();
    documentTarget.show('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts retrying when the page reports a failure of its own', async () => {
    const { loop, run } = setup([]);
    loop.start();
    loop.reportFailure('unauthorized');
    expect(loop.getState()).toMatchObject({ failures: 1, lastOutcome: 'unauthorized' });
    expect(loop.getState().nextAt).toBe(Date.now() + 5_000);
    // Already retrying: a second report changes nothing.
    loop.reportFailure('failed');
    expect(loop.getState().lastOutcome).toBe('unauthorized');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(loop.getState().failures).toBe(0);
  });

  it('ignores a refresh asked for while one runs, and notifies subscribers', async () => {
    let finish: (outcome: RefreshOutcome) => void = () => undefined;
    const run = vi.fn(
      () =>
        new Promise<RefreshOutcome>((resolve) => {
          finish = resolve;
        }),
    );
    const { loop } = setup([], { run });
    const listener = vi.fn();
    const unsubscribe = loop.subscribe(listener);
    loop.start();
    loop.refreshNow();
    loop.refreshNow();
    expect(run).toHaveBeenCalledTimes(1);
    expect(loop.getState()).toMatchObject({ isRefreshing: true, nextAt: null });
    finish('ok');
    await vi.advanceTimersByTimeAsync(0);
    expect(loop.getState().isRefreshing).toBe(false);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});
