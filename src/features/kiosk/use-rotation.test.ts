import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextRotationIndex, useRotation } from './use-rotation';

beforeEach(() => vi.useFakeTimers({ now: 5_000_000 }));
afterEach(() => vi.useRealTimers());

describe('nextRotationIndex', () => {
  it('moves to the next stop and wraps around', () => {
    expect(nextRotationIndex(0, 3)).toBe(1);
    expect(nextRotationIndex(2, 3)).toBe(0);
    expect(nextRotationIndex(-1, 3)).toBe(0);
    expect(nextRotationIndex(7, 3)).toBe(0);
    expect(nextRotationIndex(0, 0)).toBe(0);
  });
});

describe('useRotation', () => {
  it('advances on the interval and tells when the next stop is due', () => {
    const advance = vi.fn();
    const { result } = renderHook(() => useRotation(20_000, true, advance));
    expect(result.current).toBe(5_020_000);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(advance).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(5_040_000);
    act(() => void vi.advanceTimersByTime(40_000));
    expect(advance).toHaveBeenCalledTimes(3);
  });

  it('holds still while disabled or without an interval, and uses the latest callback', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(
      ({ enabled, interval, fn }: { enabled: boolean; interval: number | null; fn: () => void }) =>
        useRotation(interval, enabled, fn),
      { initialProps: { enabled: false, interval: 10_000 as number | null, fn: first } },
    );
    expect(result.current).toBeNull();
    act(() => void vi.advanceTimersByTime(60_000));
    rerender({ enabled: true, interval: null, fn: first });
    act(() => void vi.advanceTimersByTime(60_000));
    expect(first).not.toHaveBeenCalled();
    rerender({ enabled: true, interval: 10_000, fn: first });
    act(() => void vi.advanceTimersByTime(5_000));
    rerender({ enabled: true, interval: 10_000, fn: second });
    act(() => void vi.advanceTimersByTime(5_000));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    rerender({ enabled: false, interval: 10_000, fn: second });
    expect(result.current).toBeNull();
  });
});
