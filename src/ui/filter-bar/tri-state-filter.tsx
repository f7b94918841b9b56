/**
 * The filter bar's include/exclude picker: a popover listing options (optionally grouped), each a
 * three-state toggle (exclude, none, include), with a find box and Clear. The button names the
 * filter and carries a badge with the number of active choices. Used for labels, statuses, health,
 * change types and the other multi-value filters.
 */
import { useId, useMemo, useState } from 'react';
import type { TriStateMap } from '../../lib/url-state';
import { FilterIcon } from '../icons';
import { Popover } from '../popover';
import { TriStateToggle, type TriState } from '../tri-state-toggle';

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
  const searchId = useId();
  const [search, setSearch] = useState('');
  const active = Object.keys(value).length;
  const count = badge ?? active;
  const { list: groups, hidden } = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const byGroup = new Map<string, TriStateOption[]>();
    // Chosen values stay listed even when the option list no longer has them.
    const known = new Set(options.map((option) => option.id));
    const all: TriStateOption[] = [
      ...options,
      ...Object.keys(value)
        .filter((id) => !known.has(id))
        .map((id) => ({ id, label: id })),
    ];
    let listed = 0;
    for (const option of all) {
      if (needle && !option.label.toLowerCase().includes(needle)) continue;
      listed += 1;
      if (listed > MAX_LISTED_OPTIONS) continue;
      const group = option.group ?? '';
      const list = byGroup.get(group);
      if (list) list.push(option);
      else byGroup.set(group, [option]);
    }
    const entries = [...byGroup.entries()];
    return {
      list: compareGroups ? entries.sort(([a], [b]) => compareGroups(a, b)) : entries,
      hidden: Math.max(0, listed - MAX_LISTED_OPTIONS),
    };
  }, [options, value, search, compareGroups]);

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
      <div className="flex items-center gap-2 border-b border-border p-2">
        <label htmlFor={searchId} className="sr-only">
          {findLabel ?? `Find ${label.toLowerCase()}`}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={findLabel ? `${findLabel}…` : 'Find…'}
          className="h-8 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 text-sm text-fg placeholder:text-fg-subtle focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button
          type="button"
          disabled={active === 0}
          onClick={() => onChange({})}
          className="h-8 rounded-md px-2 text-sm text-primary hover:bg-surface-hover disabled:cursor-not-allowed disabled:text-fg-subtle"
        >
          Clear
        </button>
      </div>
      <div className="overflow-y-auto p-2">
        {groups.length === 0 ? (
          <p className="px-1 py-4 text-center text-sm text-fg-muted">
            {isLoading ? 'Loading…' : 'No options found'}
          </p>
        ) : (
          groups.map(([group, list]) => (
            <section key={group} aria-label={group || label} className="mb-2 last:mb-0">
              {group ? (
                <h3 className="px-1 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                  {group}
                </h3>
              ) : null}
              <ul className="flex flex-col gap-1">
                {list.map((option) => (
                  <li key={option.id} className="rounded px-1 py-0.5 hover:bg-surface-hover">
                    <TriStateToggle
                      label={option.label}
                      value={value[option.id] ?? 0}
                      onChange={(state) => onChange(withTriState(value, option.id, state))}
                      onIntent={
                        onPreview
                          ? (state) => onPreview(withTriState(value, option.id, state))
                          : undefined
                      }
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        {hidden > 0 ? (
          <p className="px-1 pt-2 text-xs text-fg-muted">
            {hidden.toLocaleString('en-US')} more: type to narrow the list
          </p>
        ) : null}
      </div>
    </Popover>
  );
}
