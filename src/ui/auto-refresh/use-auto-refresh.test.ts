import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutoRefresh } from './use-auto-refresh';

let visibility: DocumentVisibilityState = 'visible';

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useAutoRefresh', () => {
  it('calls refetch on the interval', () => {
    const refetch = vi.fn();
    renderHook(() => useAutoRefresh(30_000, refetch));
    vi.advanceTimersByTime(29_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(refetch).toHaveBeenCalledTimes(3);
  });

  it('does nothing when off or paused', () => {
    const refetch = vi.fn();
    const { rerender } = renderHook(
      ({ interval, paused }: { interval: number | null; paused: boolean }) =>
        useAutoRefresh(interval, refetch, { paused }),
      { initialProps: { interval: null as number | null, paused: false } },
    );
    vi.advanceTimersByTime(600_000);
    rerender({ interval: 15_000, paused: true });
    vi.advanceTimersByTime(600_000);
    expect(refetch).not.toHaveBeenCalled();
    rerender({ interval: 15_000, paused: false });
    vi.advanceTimersByTime(15_000);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('pauses while the tab is hidden and catches up when it shows again', () => {
    const refetch = vi.fn();
    renderHook(() => useAutoRefresh(60_000, refetch));
    vi.advanceTimersByTime(20_000);
    setVisibility('hidden');
    vi.advanceTimersByTime(10 * 60_000);
    expect(refetch).not.toHaveBeenCalled();
    // Overdue: refresh at once, then every minute again.
    setVisibility('visible');
    expect(refetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(refetch).toHaveBeenCalledTimes(2);
  });

  it('resumes with the remaining time when the tab was hidden only briefly', () => {
    const refetch = vi.fn();
    renderHook(() => useAutoRefresh(60_000, refetch));
    vi.advanceTimersByTime(20_000);
    setVisibility('hidden');
    vi.advanceTimersByTime(10_000);
    setVisibility('visible');
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(29_999);
    expect(refetch).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does not start while hidden', () => {
    visibility = 'hidden';
    const refetch = vi.fn();
    renderHook(() => useAutoRefresh(15_000, refetch));
    vi.advanceTimersByTime(60_000);
    expect(refetch).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps its rhythm when a new refetch function is passed, and stops on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ fn }) => useAutoRefresh(30_000, fn), {
      initialProps: { fn: first },
    });
    vi.advanceTimersByTime(20_000);
    rerender({ fn: second });
    vi.advanceTimersByTime(10_000);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    unmount();
    vi.advanceTimersByTime(120_000);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
