/**
 * The label part of the health filter panel (spec doc 1 §2): every label of the checks left after
 * hide-passing and search, grouped by key in label order, each a three-state toggle (exclude,
 * none, include). A popover so the bar stays compact; its button carries the filter badge.
 */
import { useId, useMemo, useState } from 'react';
import type { TriStateMap } from '../../lib/url-state';
import { FilterIcon } from '../../ui/icons';
import { Popover } from '../../ui/popover';
import { TriStateToggle, type TriState } from '../../ui/tri-state-toggle';
import { compareLabelKeys, type LabelOption } from './health-pipeline';

export interface HealthLabelFilterProps {
  labels: readonly LabelOption[];
  value: TriStateMap;
  onChange: (value: TriStateMap) => void;
  /** Active label filters plus 1 for hide-passing (contract §5.5). */
  badge: number;
}

/** The map with `id` set to `state` (0 removes it). */
export function withLabelState(map: TriStateMap, id: string, state: TriState): TriStateMap {
  const next: Record<string, 1 | -1> = { ...map };
  if (state === 0) delete next[id];
  else next[id] = state;
  return next;
}

export function HealthLabelFilter({ labels, value, onChange, badge }: HealthLabelFilterProps) {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const byKey = new Map<string, LabelOption[]>();
    for (const option of labels) {
      if (needle && !option.label.toLowerCase().includes(needle)) continue;
      const list = byKey.get(option.key);
      if (list) list.push(option);
      else byKey.set(option.key, [option]);
    }
    return [...byKey.entries()].sort(([a], [b]) => compareLabelKeys(a, b));
  }, [labels, search]);
  const active = Object.keys(value).length;

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
          Labels
          {badge > 0 ? (
            <span
              className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-fg"
              aria-label={`${badge} active ${badge === 1 ? 'filter' : 'filters'}`}
            >
              {badge}
            </span>
          ) : null}
        </>
      }
      panelLabel="Label filters"
      panelClassName="flex max-h-[min(32rem,70vh)] w-80 flex-col"
    >
      <div className="flex items-center gap-2 border-b border-border p-2">
        <label htmlFor={searchId} className="sr-only">
          Find a label
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Find a label…"
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
          <p className="px-1 py-4 text-center text-sm text-fg-muted">No options found</p>
        ) : (
          groups.map(([key, options]) => (
            <section key={key} aria-label={key} className="mb-2 last:mb-0">
              <h3 className="px-1 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
                {key}
              </h3>
              <ul className="flex flex-col gap-1">
                {options.map((option) => (
                  <li key={option.id} className="rounded px-1 py-0.5 hover:bg-surface-hover">
                    <TriStateToggle
                      label={option.label}
                      value={value[option.id] ?? 0}
                      onChange={(state) => onChange(withLabelState(value, option.id, state))}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </Popover>
  );
}
