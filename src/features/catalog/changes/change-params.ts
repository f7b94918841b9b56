/**
 * The change log's page state beyond catalog-params' `changesUrlSchema`: the open change
 * (`changeId`, so a link reopens the modal), and the pure conversions between the URL values and
 * the shared controls (tag filters as tri-state maps, table sorting, option lists from the rows).
 */
import {
  CHANGE_SORT_COLUMNS,
  type CatalogChange,
  type ChangeSortColumn,
  type KeyValueFilter,
  type TriStateFilter,
} from '../../../api/catalog';
import { param, type Codec, type ParamValues } from '../../../lib/url-state';
import { changesUrlSchema, DEFAULT_CHANGES_SORT } from '../catalog-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid, lower-cased; anything else reads as '' (no modal). */
export const changeIdCodec: Codec<string> = {
  parse: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
  serialize: (value) => value,
};

export const changesPageSchema = {
  ...changesUrlSchema,
  changeId: param(changeIdCodec, ''),
};
export type ChangesPageValues = ParamValues<typeof changesPageSchema>;

/** Severity choices of the single select (spec doc 2 §9: critical, high, medium, low, Info, All). */
export const SEVERITY_CHOICES = [
  { value: 'critical', label: 'Critical' },
  { value: 'high', label: 'High' },
  { value: 'medium', label: 'Medium' },
  { value: 'low', label: 'Low' },
  { value: 'info', label: 'Info' },
] as const;

// ---- tags: KeyValueFilter[] ↔ the tri-state picker's map ----

/** The picker's id of a tag pair: `key=value` (a tag key never holds `=`). */
export function tagOptionId(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Split a picker id back into its pair (at the first `=`); null when it has no key. */
export function parseTagOptionId(id: string): { key: string; value: string } | null {
  const index = id.indexOf('=');
  if (index <= 0) return null;
  return { key: id.slice(0, index), value: id.slice(index + 1) };
}

export function tagsToTriState(tags: readonly KeyValueFilter[]): TriStateFilter {
  const map: Record<string, 1 | -1> = {};
  for (const tag of tags) map[tagOptionId(tag.key, tag.value)] = tag.state;
  return map;
}

export function triStateToTags(map: TriStateFilter): KeyValueFilter[] {
  const tags: KeyValueFilter[] = [];
  for (const [id, state] of Object.entries(map)) {
    const pair = parseTagOptionId(id);
    if (pair) tags.push({ ...pair, state });
  }
  return tags;
}

// ---- sorting ----

export interface ChangeSorting {
  sortBy: ChangeSortColumn;
  sortDirection: 'asc' | 'desc';
}

/** The table's controlled sorting of the URL's sortBy/sortDirection. */
export function changeTableSorting(values: ChangeSorting): { id: string; desc: boolean }[] {
  return [{ id: values.sortBy, desc: values.sortDirection === 'desc' }];
}

/**
 * The URL patch of a header click: the first sort key if it is a sortable column, otherwise
 * (sorting cleared) the default `created_at desc`. Paging restarts at page 1.
 */
export function sortingPatch(
  sorting: readonly { id: string; desc: boolean }[],
): ChangeSorting & { page: number } {
  const first = sorting[0];
  if (first && (CHANGE_SORT_COLUMNS as readonly string[]).includes(first.id)) {
    return {
      sortBy: first.id as ChangeSortColumn,
      sortDirection: first.desc ? 'desc' : 'asc',
      page: 1,
    };
  }
  return { ...DEFAULT_CHANGES_SORT, page: 1 };
}

// ---- option lists from the rows ----

/**
 * The distinct non-empty values of one field over the rows, plus the values already chosen (so a
 * chosen value stays in the list when the rows no longer hold it), sorted case-insensitively.
 */
/** One collator for every sort of option values (localeCompare with options builds one per call). */
const VALUE_COLLATOR = new Intl.Collator(undefined, { sensitivity: 'base' });

export function distinctValues(
  rows: readonly CatalogChange[],
  pick: (row: CatalogChange) => string | null | undefined,
  chosen: TriStateFilter = {},
): string[] {
  const values = new Set<string>(Object.keys(chosen));
  for (const row of rows) {
    const value = pick(row)?.trim();
    if (value) values.add(value);
  }
  return [...values].sort(VALUE_COLLATOR.compare);
}

/** Whether any filter of the list differs from its default (for 'Clear filters'). */
export function hasActiveChangeFilters(values: ChangesPageValues, scoped: boolean): boolean {
  return (
    Object.keys(values.configTypes).length > 0 ||
    (!scoped && values.configType !== '') ||
    Object.keys(values.changeType).length > 0 ||
    values.severity !== '' ||
    values.tags.length > 0 ||
    (!scoped && values.id !== '') ||
    Object.keys(values.summary).length > 0 ||
    Object.keys(values.source).length > 0 ||
    values.created_by !== '' ||
    Object.keys(values.external_created_by).length > 0
  );
}

/** The patch of 'Clear filters': every filter back to its default (time range and paging kept). */
export function clearedChangeFilters(scoped: boolean): Partial<ChangesPageValues> {
  return {
    configTypes: {},
    configType: '',
    changeType: {},
    severity: '',
    tags: [],
    ...(scoped ? {} : { id: '' }),
    summary: {},
    source: {},
    created_by: '',
    external_created_by: {},
    page: 1,
  };
}
