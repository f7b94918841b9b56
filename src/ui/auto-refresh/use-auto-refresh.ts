/**
 * Calls `refetch` every `intervalMs` while the tab is visible. Hidden tabs do not poll; when the
 * tab shows again after a due refresh was skipped, it refreshes at once and resumes the rhythm.
 * `null`, `0` or `paused` stop it. The timer restarts only when the interval or `paused`
 * change, not when a new `refetch` function is passed.
 *
 * Cancelling a request still in flight when the next one starts (spec doc 1 §4) is the
 * caller's: TanStack Query's `refetch()` does it by default (`cancelRefetch: true`).
 */
import { useEffect, useRef } from 'react';

export interface AutoRefreshOptions {
  /** Stop polling (e.g. while a dialog edits the data); resuming starts a full interval. */
  paused?: boolean;
}

function isHidden(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

export function useAutoRefresh(
  intervalMs: number | null | undefined,
  refetch: () => void,
  { paused = false }: AutoRefreshOptions = {},
): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });

  useEffect(() => {
    if (!intervalMs || intervalMs <= 0 || !Number.isFinite(intervalMs) || paused) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = Date.now();

    const schedule = (delay: number) => {
      timer = setTimeout(tick, delay);
    };
    function tick() {
      timer = undefined;
      if (isHidden()) return;
      last = Date.now();
      latest.current();
      schedule(intervalMs as number);
    }
    const onVisibilityChange = () => {
      if (isHidden()) {
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        return;
      }
      if (timer !== undefined) return;
      const due = last + (intervalMs as number) - Date.now();
      if (due <= 0) tick();
      else schedule(due);
    };

    if (!isHidden()) schedule(intervalMs);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [intervalMs, paused]);
}
