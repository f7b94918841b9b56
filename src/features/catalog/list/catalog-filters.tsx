/**
 * The /catalog filter bar (spec doc 2 §2): config type, search (400 ms), status, health and
 * labels (include/exclude), the grouping of the summary (config class, type and tag keys) and
 * the preferences panel ('Hide Deleted Catalog', favourite types). Everything but the
 * preferences lives in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { KeyValueFilter, TriStateFilter as TriStateValue } from '../../../api/catalog';
import { catalogOptionQueries } from '../../../api/catalog-options';
import { useApiClient } from '../../../api/api-context';
import type { TriStateMap } from '../../../lib/url-state';
import {
  FilterBar,
  SearchFilter,
  SelectFilter,
  TriStateFilter,
  type TriStateOption,
} from '../../../ui/filter-bar';
import { SettingsIcon } from '../../../ui/icons';
import { Popover } from '../../../ui/popover';
import { Switch } from '../../../ui/switch';
import {
  CATALOG_SEARCH_DEBOUNCE_MS,
  DEFAULT_CATALOG_GROUP_BY,
  TAG_GROUP_SUFFIX,
  type CatalogUrlValues,
} from '../catalog-params';
import { useCatalogPreferences } from '../use-catalog-preferences';

const HEALTH_OPTIONS: TriStateOption[] = ['healthy', 'unhealthy', 'warning', 'unknown'].map(
  (value) => ({ id: value, label: value }),
);

/** Label filters ⇄ the picker's map (`key=value` ids; label keys never hold `=`). */
export function labelsToMap(labels: readonly KeyValueFilter[]): TriStateMap {
  const map: Record<string, 1 | -1> = {};
  for (const label of labels) map[`${label.key}=${label.value}`] = label.state;
  return map;
}

export function mapToLabels(map: TriStateMap): KeyValueFilter[] {
  return Object.entries(map).flatMap(([id, state]) => {
    const at = id.indexOf('=');
    return at > 0 ? [{ key: id.slice(0, at), value: id.slice(at + 1), state }] : [];
  });
}

function GroupByPicker({
  value,
  tagKeys,
  onChange,
}: {
  value: readonly string[];
  tagKeys: readonly string[];
  onChange: (value: readonly string[]) => void;
}) {
  const id = useId();
  const choices = [
    { item: 'config_class', label: 'Config class' },
    { item: 'type', label: 'Type' },
    ...tagKeys.map((key) => ({ item: `${key}${TAG_GROUP_SUFFIX}`, label: `${key} (tag)` })),
  ];
  const toggle = (item: string, on: boolean) => {
    const next = on ? [...value, item] : value.filter((current) => current !== item);
    onChange(next.length > 0 ? next : DEFAULT_CATALOG_GROUP_BY);
  };
  const summary = value
    .map((item) => choices.find((choice) => choice.item === item)?.label ?? item)
    .join(', ');
  return (
    <Popover
      button={
        <>
          Group by <span className="max-w-48 truncate font-medium">{summary}</span>
        </>
      }
      panelLabel="Group by"
      panelClassName="w-64 p-2"
    >
      <fieldset className="flex max-h-80 flex-col gap-1 overflow-y-auto">
        <legend className="px-1 pb-1 text-xs font-semibold tracking-wide text-fg-muted uppercase">
          Group by
        </legend>
        {choices.map((choice, index) => (
          <label
            key={choice.item}
            htmlFor={`${id}-${index}`}
            className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-hover"
          >
            <input
              id={`${id}-${index}`}
              type="checkbox"
              checked={value.includes(choice.item)}
              onChange={(event) => toggle(choice.item, event.target.checked)}
              className="size-4 accent-primary"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </Popover>
  );
}

function PreferencesPanel() {
  const { hideDeleted, setHideDeleted, favouriteTypes, toggleFavouriteType } =
    useCatalogPreferences();
  return (
    <Popover
      anchor="bottom end"
      button={
        <>
          <SettingsIcon size={14} />
          Preferences
        </>
      }
      panelLabel="Catalog preferences"
      panelClassName="w-72 p-3"
    >
      <div className="flex flex-col gap-3">
        <Switch label="Hide Deleted Catalog" checked={hideDeleted} onChange={setHideDeleted} />
        <div>
          <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase">
            Favourite types
          </p>
          {favouriteTypes.length === 0 ? (
            <p className="mt-1 text-sm text-fg-muted">
              Pin a type with its star in the summary; favourites sort first.
            </p>
          ) : (
            <ul className="mt-1 flex flex-col gap-1">
              {favouriteTypes.map((type) => (
                <li key={type} className="flex items-center justify-between gap-2 text-sm">
                  <span className="truncate">{type}</span>
                  <button
                    type="button"
                    onClick={() => toggleFavouriteType(type)}
                    className="rounded px-1.5 text-xs text-primary hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-primary"
                    aria-label={`Unpin ${type}`}
                  >
                    Unpin
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Popover>
  );
}

export interface CatalogFiltersProps {
  values: CatalogUrlValues;
  onChange: (patch: Partial<CatalogUrlValues>) => void;
  /** A change that is likely to come (a search paused in typing, a toggle being pressed). */
  onPreview?: (patch: Partial<CatalogUrlValues>) => void;
  grouped: boolean;
}

function searchPatch(search: string): Pick<CatalogUrlValues, 'search' | 'pageIndex'> {
  return { search: search.trim() === '' ? '' : search, pageIndex: 0 };
}

export function CatalogFilters({ values, onChange, onPreview, grouped }: CatalogFiltersProps) {
  const client = useApiClient();
  const favourites = useCatalogPreferences((state) => state.favouriteTypes);
  const types = useQuery(catalogOptionQueries.options(client, 'configTypes'));
  const statuses = useQuery(catalogOptionQueries.options(client, 'configStatuses'));
  const labels = useQuery(catalogOptionQueries.keyValues(client, 'labels'));
  const tags = useQuery({ ...catalogOptionQueries.keyValues(client, 'tags'), enabled: grouped });

  const typeOptions = useMemo(() => {
    const all = [...(types.data ?? [])].sort((a, b) => a.localeCompare(b));
    const pinned = all.filter((type) => favourites.includes(type));
    const rest = all.filter((type) => !favourites.includes(type));
    return [
      ...pinned.map((type) => ({ value: type, label: `★ ${type}` })),
      ...rest.map((type) => ({ value: type, label: type })),
    ];
  }, [types.data, favourites]);
  const statusOptions = useMemo(
    () => (statuses.data ?? []).map((status) => ({ id: status, label: status })),
    [statuses.data],
  );
  const labelOptions = useMemo(
    () =>
      (labels.data ?? []).map(({ key, value }) => ({
        id: `${key}=${value}`,
        label: `${key}: ${value}`,
        group: key,
      })),
    [labels.data],
  );
  const tagKeys = useMemo(
    () => [...new Set((tags.data ?? []).map((tag) => tag.key))].sort((a, b) => a.localeCompare(b)),
    [tags.data],
  );
  const active =
    values.configType !== '' ||
    values.search !== '' ||
    values.labels.length > 0 ||
    Object.keys(values.status).length > 0 ||
    Object.keys(values.health).length > 0;

  const page = { pageIndex: 0 };
  return (
    <FilterBar
      label="Catalog filters"
      active={active}
      onClear={() =>
        onChange({
          configType: '',
          search: '',
          labels: [],
          status: {} as TriStateValue,
          health: {} as TriStateValue,
          ...page,
        })
      }
      actions={<PreferencesPanel />}
    >
      <SearchFilter
        label="Search catalog"
        className="sm:w-48"
        value={values.search}
        onChange={(search) => onChange(searchPatch(search))}
        onSettle={onPreview ? (search) => onPreview(searchPatch(search)) : undefined}
        debounceMs={CATALOG_SEARCH_DEBOUNCE_MS}
      />
      <SelectFilter
        label="Type"
        value={values.configType}
        options={typeOptions}
        onChange={(configType) => onChange({ configType, ...page })}
      />
      <TriStateFilter
        label="Status"
        options={statusOptions}
        value={values.status}
        onChange={(status) => onChange({ status, ...page })}
        onPreview={onPreview ? (status) => onPreview({ status, ...page }) : undefined}
        isLoading={statuses.isPending}
      />
      <TriStateFilter
        label="Health"
        options={HEALTH_OPTIONS}
        value={values.health}
        onChange={(health) => onChange({ health, ...page })}
        onPreview={onPreview ? (health) => onPreview({ health, ...page }) : undefined}
      />
      <TriStateFilter
        label="Labels"
        options={labelOptions}
        value={labelsToMap(values.labels)}
        onChange={(map) => onChange({ labels: mapToLabels(map), ...page })}
        onPreview={
          onPreview ? (map) => onPreview({ labels: mapToLabels(map), ...page }) : undefined
        }
        isLoading={labels.isPending}
      />
      {grouped ? (
        <GroupByPicker
          value={values.groupBy}
          tagKeys={tagKeys}
          onChange={(groupBy) => onChange({ groupBy })}
        />
      ) : null}
    </FilterBar>
  );
}
