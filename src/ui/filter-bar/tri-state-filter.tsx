/**
 * The filter bar's include/exclude picker: a popover listing options (optionally grouped), each a
 * three-state toggle (exclude, none, include), with a find box and Clear. The button names the
 * filter and carries a badge with the number of active choices. Used for labels, statuses, health,
 * change types and the other multi-value filters.
 */
import { useEffect } from 'react';
import type { TriStateMap } from '../../lib/url-state';
import { afterNextPaint } from '../after-paint';
import { FilterIcon } from '../icons';
import { lazyComponent } from '../lazy-component';
import { Popover } from '../popover';
import type { TriState } from '../tri-state-toggle';

/** Options listed at once; the find box narrows longer lists (label lists can be long). */
export const MAX_LISTED_OPTIONS = 300;

export interface TriStateOption {
  /** The key in the value map. */
  id: string;
  label: string;
  /** Options with the same group are listed under one heading. */
  group?: string;
}

/** The map with `id` set to `state` (0 removes it). */
export function withTriState(map: TriStateMap, id: string, state: TriState): TriStateMap {
  const next: Record<string, 1 | -1> = { ...map };
  if (state === 0) delete next[id];
  else next[id] = state;
  return next;
}

export interface TriStateFilterProps {
  /** The button's text, e.g. 'Labels'. */
  label: string;
  options: readonly TriStateOption[];
  value: TriStateMap;
  onChange: (value: TriStateMap) => void;
  /** The value a toggle being pressed will set (see TriStateToggle `onIntent`), to read ahead. */
  onPreview?: (value: TriStateMap) => void;
  /** The badge count; defaults to the number of active choices. */
  badge?: number;
  /** Order of group headings (default: as they come). */
  compareGroups?: (a: string, b: string) => number;
  isLoading?: boolean;
  /** Accessible name of the panel (default '<label> filters'). */
  panelLabel?: string;
  /** Accessible name and placeholder of the find box (default 'Find <label>'). */
  findLabel?: string;
}

/** The panel's find box and options: loaded on first use (see TriStatePanel). */
const TriStatePanel = lazyComponent(
  () => import('./tri-state-panel').then((m) => m.TriStatePanel),
  { fallback: <p className="px-3 py-4 text-center text-sm text-fg-muted">Loading…</p> },
);

export function TriStateFilter({
  label,
  options,
  value,
  onChange,
  onPreview,
  badge,
  compareGroups,
  isLoading = false,
  panelLabel,
  findLabel,
}: TriStateFilterProps) {
  const active = Object.keys(value).length;
  const count = badge ?? active;
  // The panel's code once the page has painted and is idle, so that it opens at once.
  useEffect(() => afterNextPaint(() => TriStatePanel.preload(), { idle: true }), []);

  return (
    <Popover
      buttonClassName={
        active > 0
          ? 'border-primary bg-primary-soft text-fg'
          : 'border-border bg-surface text-fg hover:border-border-strong'
      }
      button={
        <>
          <FilterIcon size={14} />
          {label}
          {count > 0 ? (
            <span
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-fg"
              aria-label={`${count} active ${count === 1 ? 'filter' : 'filters'}`}
            >
              {count}
            </span>
          ) : null}
        </>
      }
      panelLabel={panelLabel ?? `${label} filters`}
      panelClassName="flex max-h-[min(32rem,70vh)] w-80 flex-col"
    >
      <TriStatePanel
        label={label}
        options={options}
        value={value}
        onChange={onChange}
        onPreview={onPreview}
        compareGroups={compareGroups}
        isLoading={isLoading}
        findLabel={findLabel}
      />
    </Popover>
  );
}
