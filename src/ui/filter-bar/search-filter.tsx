/**
 * The filter bar's search field: the draft updates at once, the value is written after the
 * debounce (400 ms for catalog and health searches, spec §9), and a value changed elsewhere (a
 * shared link, Clear filters) replaces the draft. An empty value is omitted by the caller.
 *
 * `onSettle` is told the draft once typing has paused for `settleMs` ({@link SEARCH_SETTLE_MS}
 * unless the page says otherwise), before the debounce writes it: a page starts that search's
 * request then (with the query options the written value will use), so its rows are there when the
 * debounce ends instead of one round trip later. Typing that goes on without a pause asks for
 * nothing, as with the debounce alone.
 *
 * A pause is measured against the typing's own rhythm: it must also last {@link PAUSE_FACTOR}
 * times the gap before the last key. Keys that come slowly (a slow machine, a loaded browser that
 * delivers keys typed 60 ms apart 200–300 ms apart) are typing, not pauses: each such gap would
 * otherwise read a half-typed word ahead, a request nobody uses. When the rhythm is so slow that
 * the pause would end after the debounce, nothing is read ahead and the debounce alone writes.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { SearchIcon } from '../icons';
import { useDebouncedValue } from '../use-debounced-value';

/** How long the draft must stay still before `onSettle` hears of it. */
export const SEARCH_SETTLE_MS = 150;

/** A pause lasts at least this many times the gap between the last two keys. */
export const PAUSE_FACTOR = 1.5;

export interface SearchFilterProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. 'Search checks'. */
  label: string;
  placeholder?: string;
  debounceMs: number;
  /** The draft after a short pause (see above); for reading the search's results ahead. */
  onSettle?: (draft: string) => void;
  /** The shortest pause that reads ahead (default {@link SEARCH_SETTLE_MS}). */
  settleMs?: number;
  className?: string;
}

export function SearchFilter({
  value,
  onChange,
  label,
  placeholder,
  debounceMs,
  onSettle,
  settleMs = SEARCH_SETTLE_MS,
  className,
}: SearchFilterProps) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, debounceMs);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only a settled draft writes; changes from elsewhere are picked up below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // The gap between the last two edits of the draft, for the pause that reads ahead.
  const lastEdit = useRef<{ at: number; gap: number } | undefined>(undefined);
  const onSettleRef = useRef(onSettle);
  const written = useRef({ value, debounced });
  useEffect(() => {
    onSettleRef.current = onSettle;
    written.current = { value, debounced };
  });
  useEffect(() => {
    const edit = lastEdit.current;
    if (!edit) return;
    const pause = Math.max(settleMs, edit.gap * PAUSE_FACTOR);
    if (pause >= debounceMs) return;
    const timer = setTimeout(() => {
      const { value: current, debounced: pending } = written.current;
      if (draft !== current && draft !== pending) onSettleRef.current?.(draft);
    }, pause);
    return () => clearTimeout(timer);
  }, [draft, settleMs, debounceMs]);
  const edit = (next: string) => {
    const now = Date.now();
    const previous = lastEdit.current;
    // A gap longer than the debounce starts new typing: its rhythm is not known yet.
    const gap = previous && now - previous.at < debounceMs ? now - previous.at : 0;
    lastEdit.current = { at: now, gap };
    setDraft(next);
  };
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    if (value !== debounced) setDraft(value);
  }
  return (
    <div className={cx('relative w-full sm:w-56', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        size={16}
        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-subtle"
      />
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={500}
        onChange={(event) => edit(event.target.value)}
        placeholder={placeholder ?? `${label}…`}
        className="h-9 w-full rounded-md border border-border bg-surface pr-3 pl-8 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      />
    </div>
  );
}
