/**
 * The filter bar's search field: the draft updates at once, the value is written after the
 * debounce (400 ms for catalog and health searches, spec §9), and a value changed elsewhere (a
 * shared link, Clear filters) replaces the draft. An empty value is omitted by the caller.
 *
 * `onSettle` is told the draft once typing has paused for {@link SEARCH_SETTLE_MS}, before the
 * debounce writes it: a page starts that search's request then (with the query options the written
 * value will use), so its rows are there when the debounce ends instead of one round trip later.
 * Typing that goes on without a pause asks for nothing, as with the debounce alone.
 */
import { useEffect, useId, useState } from 'react';
import { cx } from '../../lib/class-names';
import { SearchIcon } from '../icons';
import { useDebouncedValue } from '../use-debounced-value';

/** How long the draft must stay still before `onSettle` hears of it. */
export const SEARCH_SETTLE_MS = 150;

export interface SearchFilterProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name, e.g. 'Search checks'. */
  label: string;
  placeholder?: string;
  debounceMs: number;
  /** The draft after a short pause (see above); for reading the search's results ahead. */
  onSettle?: (draft: string) => void;
  className?: string;
}

export function SearchFilter({
  value,
  onChange,
  label,
  placeholder,
  debounceMs,
  onSettle,
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
  const settled = useDebouncedValue(draft, Math.min(SEARCH_SETTLE_MS, debounceMs));
  useEffect(() => {
    if (onSettle && settled !== value && settled !== debounced) onSettle(settled);
    // Only a new pause in typing reads ahead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
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
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder ?? `${label}…`}
        className="h-9 w-full rounded-md border border-border bg-surface pr-3 pl-8 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      />
    </div>
  );
}
