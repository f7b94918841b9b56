/**
 * The tri-state filter's panel (src/ui/filter-bar/tri-state-filter.tsx): a find box, Clear, and
 * the options (optionally grouped), each a three-state toggle. Loaded with the panel's first
 * opening, or once the page is idle after its first paint, so that a list page's first load does
 * not carry it (issue 18).
 */
import { useId, useMemo, useState } from 'react';
import { TriStateToggle } from '../tri-state-toggle';
import {
  MAX_LISTED_OPTIONS,
  withTriState,
  type TriStateFilterProps,
  type TriStateOption,
} from './tri-state-filter';

export function TriStatePanel({
  label,
  options,
  value,
  onChange,
  onPreview,
  compareGroups,
  isLoading = false,
  findLabel,
}: TriStateFilterProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const active = Object.keys(value).length;
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
    <>
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
    </>
  );
}
