import { useCallback, useEffect, useRef } from 'react';

/**
 * Save a value after it has stopped changing for `delayMs` (hypothesis status 200 ms, title 1 s).
 * A pending save is flushed when the component unmounts, so a quick edit is never lost.
 */
export function useDebouncedSave<T>(delayMs: number, save: (value: T) => void) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; value: T } | null>(null);

  const flush = useCallback(() => {
    const current = pending.current;
    if (!current) return;
    clearTimeout(current.timer);
    pending.current = null;
    saveRef.current(current.value);
  }, []);

  const schedule = useCallback(
    (value: T) => {
      if (pending.current) clearTimeout(pending.current.timer);
      pending.current = { value, timer: setTimeout(flush, delayMs) };
    },
    [delayMs, flush],
  );

  const isPending = useCallback(() => pending.current !== null, []);

  useEffect(() => flush, [flush]);

  return { schedule, flush, isPending };
}
