/**
 * The change log's URL state (spec doc 2 §2, see catalog-params.ts for the encoding of its
 * filters): `changesUrlSchema` with its defaults, the change-search request it makes, and the
 * page's state beyond it: the open change
 * (`changeId`, so a link reopens the modal), and the pure conversions between the URL values and
 * the shared controls (tag filters as tri-state maps, table sorting, option lists from the rows).
 */
import {
  CHANGES_DEFAULT_PAGE_SIZE,
  type CatalogChange,
  type ChangeSeverity,
  type KeyValueFilter,
  type TriStateFilter,
} from '../../../api/catalog';
import {
  CHANGE_SORT_COLUMNS,
  type CatalogChangesParams,
  type ChangeSortColumn,
} from '../../../api/catalog-changes';
import {
  booleanCodec,
  enumCodec,
  numberCodec,
  param,
  readParams,
  writeParams,
  type Codec,
  type ParamValues,
} from '../../../lib/url-state';
import {
  formatTimeRange,
  relativeRange,
  resolveTimeRange,
  timeRangeCodec,
  type TimeRangeValue,
} from '../../../ui/time-range';
import {
  configTypesCodec,
  keyValueFiltersCodec,
  oneOfNumbers,
  optionalStringCodec,
  severityCodec,
  triStateCodec,
  uuidCodec,
} from '../catalog-params';

/** Page sizes of the changes list; "default page size 200". */
export const CHANGES_PAGE_SIZES = [50, 100, 200, 500] as const;
/** "sortDirection (default created_at desc)". */
export const DEFAULT_CHANGES_SORT = { sortBy: 'created_at', sortDirection: 'desc' } as const;
/** "time range (default last 2 days)". */
export const DEFAULT_CHANGES_TIME_RANGE: TimeRangeValue = relativeRange(2, 'd');

// ---- the URL state of /catalog/changes (and /catalog/{id}/changes) ----

export const changesUrlSchema = {
  configTypes: param(configTypesCodec, {} as TriStateFilter),
  configType: param(optionalStringCodec, ''),
  changeType: param(triStateCodec, {} as TriStateFilter),
  severity: param(severityCodec, '' as ChangeSeverity | ''),
  tags: param(keyValueFiltersCodec, [] as readonly KeyValueFilter[]),
  id: param(optionalStringCodec, ''),
  summary: param(triStateCodec, {} as TriStateFilter),
  source: param(triStateCodec, {} as TriStateFilter),
  created_by: param(uuidCodec, ''),
  external_created_by: param(triStateCodec, {} as TriStateFilter),
  downstream: param(booleanCodec, true),
  upstream: param(booleanCodec, false),
  page: param(numberCodec({ min: 1, integer: true }), 1),
  pageSize: param(oneOfNumbers(CHANGES_PAGE_SIZES), CHANGES_DEFAULT_PAGE_SIZE),
  sortBy: param(enumCodec(CHANGE_SORT_COLUMNS), DEFAULT_CHANGES_SORT.sortBy),
  sortDirection: param(enumCodec(['asc', 'desc'] as const), DEFAULT_CHANGES_SORT.sortDirection),
  /** Highlighted config lines, kept as written (the config viewer reads them). */
  selected: param(optionalStringCodec, ''),
  timeRange: param(timeRangeCodec, DEFAULT_CHANGES_TIME_RANGE),
};
export type ChangesUrlValues = ParamValues<typeof changesUrlSchema>;

export function parseChangesParams(search: string | URLSearchParams): ChangesUrlValues {
  return readParams(search, changesUrlSchema);
}

export function writeChangesParams(
  search: string | URLSearchParams,
  patch: Partial<ChangesUrlValues>,
): string {
  return writeParams(search, changesUrlSchema, patch);
}

const DATEMATH_UNITS = new Set(['s', 'm', 'h', 'd', 'w', 'y']);

/**
 * `from`/`to` of a time range: a past relative range in a datemath unit is `now-<n><unit>` (the
 * server resolves it); anything else is resolved here to RFC 3339 instants.
 */
export function changesTimeWindow(
  range: TimeRangeValue,
  now: Date = new Date(),
): { from: string; to?: string } {
  if (range.kind === 'relative' && range.direction === 'past' && DATEMATH_UNITS.has(range.unit)) {
    return { from: `now-${formatTimeRange(range)}` };
  }
  const resolved = resolveTimeRange(range, { now });
  return { from: resolved.from.toISOString(), to: resolved.to.toISOString() };
}

/**
 * The change-search request of the URL state. `configId` is set on a config's page (the list is
 * scoped to it and the Downstream/Upstream toggles apply); otherwise the URL `id` filters.
 */
export function catalogChangesParams(
  values: ChangesUrlValues,
  options: { hideDeleted: boolean; configId?: string; now?: Date },
): CatalogChangesParams {
  const window = changesTimeWindow(values.timeRange, options.now);
  const id = options.configId ?? values.id;
  return {
    ...(id ? { id } : {}),
    ...(options.configId
      ? { relations: { downstream: values.downstream, upstream: values.upstream } }
      : {}),
    configType: values.configType,
    configTypes: values.configTypes,
    changeType: values.changeType,
    ...(values.severity ? { severity: values.severity } : {}),
    tags: values.tags,
    summary: values.summary,
    source: values.source,
    createdBy: values.created_by,
    externalCreatedBy: values.external_created_by,
    ...window,
    hideDeleted: options.hideDeleted,
    page: values.page,
    pageSize: values.pageSize,
    sortBy: values.sortBy,
    sortDirection: values.sortDirection,
  };
}

// ---- the page's own state ----

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
