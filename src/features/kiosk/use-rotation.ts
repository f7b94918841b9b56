/**
 * Rotation: every `intervalMs` the kiosk moves to its next view (or the health dashboard's next
 * tab). The timer knows nothing of what it rotates: the caller's `onAdvance` picks the next stop.
 */
import { useEffect, useRef, useState } from 'react';

/** The stop after `current` among `count` stops, wrapping around; 0 when `current` is unknown. */
export function nextRotationIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  if (current < 0 || current >= count) return 0;
  return (current + 1) % count;
}

export interface RotationTimer {
  start(): void;
  stop(): void;
  /** When the next stop is due (epoch ms); null when stopped. */
  getNextAt(): number | null;
  subscribe(listener: () => void): () => void;
}

export function createRotationTimer(
  intervalMs: number,
  onAdvance: () => void,
  now: () => number = Date.now,
): RotationTimer {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextAt: number | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());
  const schedule = () => {
    nextAt = now() + intervalMs;
    emit();
    timer = setTimeout(() => {
      onAdvance();
      schedule();
    }, intervalMs);
  };
  return {
    start() {
      if (timer === undefined) schedule();
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      nextAt = null;
      emit();
    },
    getNextAt: () => nextAt,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Call `onAdvance` every `intervalMs` while it is not null and `enabled`; returns when the next
 * call is due. A new `onAdvance` function does not restart the timer.
 */
export function useRotation(
  intervalMs: number | null,
  enabled: boolean,
  onAdvance: () => void,
): number | null {
  const latest = useRef(onAdvance);
  useEffect(() => {
    latest.current = onAdvance;
  });
  const [nextAt, setNextAt] = useState<number | null>(null);
  useEffect(() => {
    if (intervalMs === null || !enabled) return;
    const timer = createRotationTimer(intervalMs, () => latest.current());
    const unsubscribe = timer.subscribe(() => setNextAt(timer.getNextAt()));
    timer.start();
    return () => {
      unsubscribe();
      timer.stop();
      setNextAt(null);
    };
  }, [intervalMs, enabled]);
  return nextAt;
}
