/**
 * The catalog's URL state (spec doc 2 §2 "Catalog") and its display rules (§9), as pure functions.
 *
 * `/catalog`: configType, groupBy (default `config_class,type`; tag groupings `<key>__tag`),
 * labels, status, health, search, sortBy (default `type`), sortOrder (default `asc`), pageIndex,
 * pageSize. `/catalog/changes` (and `/catalog/{id}/changes`): configTypes, configType, changeType,
 * severity, tags, id, summary, source, created_by, external_created_by, downstream (default on),
 * upstream (default off), page, pageSize (default 200), sortBy, sortDirection (default
 * `created_at desc`), selected, timeRange (default the last 2 days): its schema is in
 * changes/change-params.ts, with the codecs of this module, so /catalog does not load the time
 * range's code.
 *
 * Tri-state filters are written as the console's pickers keep them (postgrest.md §4):
 * `value:1` (include) / `value:-1` (exclude), comma-separated; inside a value `____` stands for
 * `:` and `||||` for `,`. Labels and tags are `key____value:1`. Config types in `configTypes` are
 * written with `__` for `::` (`Kubernetes__Pod:1`). `All` is never kept. A bad value reads as the
 * default, so a hand-edited link never breaks a page.
 */
import {
  CHANGE_SEVERITIES,
  CONFIG_SORT_COLUMNS,
  type ChangeSeverity,
  type KeyValueFilter,
  type TriState,
  type TriStateFilter,
} from '../../api/catalog';
import type { CatalogSummaryParams, ConfigListParams } from '../../api/catalog-list';
import {
  enumCodec,
  numberCodec,
  param,
  readParams,
  writeParams,
  type Codec,
  type ParamValues,
} from '../../lib/url-state';

// ---- constants (spec doc 2 §2, §9) ----

/** "groupBy (default config_class,type…)". */
export const DEFAULT_CATALOG_GROUP_BY: readonly string[] = ['config_class', 'type'];
/** "tag groupings are suffixed __tag". */
export const TAG_GROUP_SUFFIX = '__tag';
/** "sortBy (default type), sortOrder (default asc)". */
export const DEFAULT_CATALOG_SORT = { sortBy: 'type', sortOrder: 'asc' } as const;
/** Page sizes of the catalog table. */
export const CATALOG_PAGE_SIZES = [50, 100, 200, 500] as const;
export const DEFAULT_CATALOG_PAGE_SIZE = 50;
/** "Search debounce 400 ms (… config search)". */
export const CATALOG_SEARCH_DEBOUNCE_MS = 400;
/** "Counts over 999 shown as rounded thousands 'k+'". */
export const COUNT_ABBREVIATION_THRESHOLD = 999;
/** "changes count of 500 or more highlighted red". */
export const HIGH_CHANGE_COUNT = 500;
/** "a change badge when deviation exceeds 10%". */
export const COST_DEVIATION_PERCENT = 10;
/** "cost shown with 2 decimals if at most 10, else whole dollars". */
export const COST_DECIMALS_LIMIT = 10;
/** "currency over 1000 abbreviated as k". */
export const COST_THOUSANDS_THRESHOLD = 1000;
/** "Config stale after 1 hour since last scrape". */
export const CONFIG_STALE_AFTER_MS = 3_600_000;
/** "Insight message truncated to 500 characters". */
export const INSIGHT_MESSAGE_MAX_LENGTH = 500;

// ---- codecs ----

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/** `____` → `:`, `||||` → `,` (postgrest.md §4). */
export function decodeTriStateValue(text: string): string {
  return text.replace(/____/g, ':').replace(/\|\|\|\|/g, ',');
}

export function encodeTriStateValue(text: string): string {
  return text.replace(/:/g, '____').replace(/,/g, '||||');
}

function isAll(value: string): boolean {
  return value.trim().toLowerCase() === 'all';
}

/** Split `a:1,b:-1` into raw items and states; undefined when any item is malformed. */
function triStateItems(raw: string): [string, TriState][] | undefined {
  const items: [string, TriState][] = [];
  for (const part of raw.split(',')) {
    if (part === '') continue;
    const colon = part.lastIndexOf(':');
    if (colon <= 0) return undefined;
    const state = part.slice(colon + 1);
    if (state !== '1' && state !== '-1') return undefined;
    items.push([part.slice(0, colon), state === '1' ? 1 : -1]);
  }
  return items;
}

function triStateFilterCodec(
  decode: (text: string) => string = decodeTriStateValue,
  encode: (text: string) => string = encodeTriStateValue,
): Codec<TriStateFilter> {
  return {
    parse: (raw) => {
      const items = triStateItems(raw);
      if (!items) return undefined;
      const result: Record<string, TriState> = {};
      for (const [text, state] of items) {
        const value = decode(text);
        if (value === '' || isAll(value) || FORBIDDEN_KEYS.has(value)) continue;
        result[value] = state;
      }
      return result;
    },
    serialize: (value) =>
      Object.entries(value)
        .map(([item, state]) => `${encode(item)}:${state}`)
        .join(','),
    equals: (a, b) => {
      const keys = Object.keys(a);
      return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
    },
  };
}

/** Status, health, changeType, summary, source, external_created_by. */
export const triStateCodec = triStateFilterCodec();

/** Config types: `__` stands for `::` (`Kubernetes__Pod:1`); `____` (`:`) is read too. */
export const configTypesCodec = triStateFilterCodec(
  (text) => decodeTriStateValue(text).replace(/__/g, '::'),
  (text) => text.replace(/::/g, '__').replace(/:/g, '____').replace(/,/g, '||||'),
);

/**
 * Labels and tags: `key____value:1,key2____value2:-1`, split at the first `____`, so a value may
 * hold `:` but a key may not (Kubernetes label keys never do).
 */
export const keyValueFiltersCodec: Codec<readonly KeyValueFilter[]> = {
  parse: (raw) => {
    const items = triStateItems(raw);
    if (!items) return undefined;
    const filters: KeyValueFilter[] = [];
    for (const [text, state] of items) {
      const separator = text.indexOf('____');
      if (separator <= 0) return undefined;
      const key = decodeTriStateValue(text.slice(0, separator));
      const value = decodeTriStateValue(text.slice(separator + 4));
      if (FORBIDDEN_KEYS.has(key)) continue;
      const existing = filters.findIndex((f) => f.key === key && f.value === value);
      if (existing >= 0) filters.splice(existing, 1);
      filters.push({ key, value, state });
    }
    return filters;
  },
  serialize: (filters) =>
    filters
      .map(
        (filter) =>
          `${encodeTriStateValue(filter.key)}____${encodeTriStateValue(filter.value)}:${filter.state}`,
      )
      .join(','),
  equals: (a, b) =>
    a.length === b.length &&
    a.every(
      (filter, index) =>
        filter.key === b[index]?.key &&
        filter.value === b[index]?.value &&
        filter.state === b[index]?.state,
    ),
};

/** A string where `All` (any case) and blanks mean "no filter". */
export const optionalStringCodec: Codec<string> = {
  parse: (raw) => {
    const value = raw.trim();
    return value === '' || isAll(value) ? '' : value;
  },
  serialize: (value) => value,
};

/** `config_class`, `type` and `<tag key>__tag`, comma-separated, without repeats. */
export const groupByCodec: Codec<readonly string[]> = {
  parse: (raw) => {
    const items = raw.split(',').map((item) => item.trim());
    if (items.length === 0) return undefined;
    const seen = new Set<string>();
    for (const item of items) {
      const valid =
        item === 'config_class' ||
        item === 'type' ||
        (item.endsWith(TAG_GROUP_SUFFIX) && item.length > TAG_GROUP_SUFFIX.length);
      if (!valid || seen.has(item)) return undefined;
      seen.add(item);
    }
    return items;
  },
  serialize: (value) => value.join(','),
  equals: (a, b) => a.length === b.length && a.every((item, index) => item === b[index]),
};

export function oneOfNumbers(values: readonly number[]): Codec<number> {
  return {
    parse: (raw) => {
      const value = Number(raw);
      return raw.trim() !== '' && values.includes(value) ? value : undefined;
    },
    serialize: (value) => String(value),
  };
}

/** One severity, case-insensitive (`Info`); `All` and unknown values read as '' (every one). */
export const severityCodec: Codec<ChangeSeverity | ''> = {
  parse: (raw) => {
    const value = raw.trim().toLowerCase();
    return (CHANGE_SEVERITIES as readonly string[]).includes(value)
      ? (value as ChangeSeverity)
      : undefined;
  },
  serialize: (value) => value,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidCodec: Codec<string> = {
  parse: (raw) => (UUID.test(raw.trim()) ? raw.trim().toLowerCase() : undefined),
  serialize: (value) => value,
};

// ---- /catalog ----

export const catalogUrlSchema = {
  configType: param(optionalStringCodec, ''),
  groupBy: param(groupByCodec, DEFAULT_CATALOG_GROUP_BY),
  labels: param(keyValueFiltersCodec, [] as readonly KeyValueFilter[]),
  status: param(triStateCodec, {} as TriStateFilter),
  health: param(triStateCodec, {} as TriStateFilter),
  search: param(optionalStringCodec, ''),
  sortBy: param(enumCodec(CONFIG_SORT_COLUMNS), DEFAULT_CATALOG_SORT.sortBy),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), DEFAULT_CATALOG_SORT.sortOrder),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(oneOfNumbers(CATALOG_PAGE_SIZES), DEFAULT_CATALOG_PAGE_SIZE),
};
export type CatalogUrlValues = ParamValues<typeof catalogUrlSchema>;

export function parseCatalogParams(search: string | URLSearchParams): CatalogUrlValues {
  return readParams(search, catalogUrlSchema);
}

/** Apply a patch to a /catalog query string; defaults are left out. */
export function writeCatalogParams(
  search: string | URLSearchParams,
  patch: Partial<CatalogUrlValues>,
): string {
  return writeParams(search, catalogUrlSchema, patch);
}

/** "With no configType and no search, a grouped summary is shown." */
export function isGroupedView(values: Pick<CatalogUrlValues, 'configType' | 'search'>): boolean {
  return values.configType === '' && values.search.trim() === '';
}

/**
 * The patch of a click on a group row: "sets configType and labels and clears groupBy" (back to
 * its default) and starts at the first page. `labels` are the row's tag groupings as filters.
 */
export function groupRowPatch(
  values: CatalogUrlValues,
  row: { type?: string | null; tags?: Readonly<Record<string, string | null | undefined>> },
): Partial<CatalogUrlValues> {
  const labels = [...values.labels];
  for (const [key, value] of Object.entries(row.tags ?? {})) {
    if (value === null || value === undefined) continue;
    const index = labels.findIndex((label) => label.key === key);
    if (index >= 0) labels.splice(index, 1);
    labels.push({ key, value, state: 1 });
  }
  return {
    configType: row.type ?? '',
    labels,
    groupBy: DEFAULT_CATALOG_GROUP_BY,
    pageIndex: 0,
  };
}

/** The summary request of the URL state ('Hide Deleted Catalog' is a stored preference). */
export function catalogSummaryParams(
  values: CatalogUrlValues,
  hideDeleted: boolean,
): CatalogSummaryParams {
  return {
    groupBy: values.groupBy,
    labels: values.labels,
    status: values.status,
    health: values.health,
    hideDeleted,
  };
}

/** The config-list request of the URL state. */
export function configListParams(values: CatalogUrlValues, hideDeleted: boolean): ConfigListParams {
  return {
    configType: values.configType,
    labels: values.labels,
    status: values.status,
    health: values.health,
    search: values.search,
    hideDeleted,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    pageIndex: values.pageIndex,
    pageSize: values.pageSize,
  };
}

// ---- display rules (spec doc 2 §9) ----

/** "Counts over 999 shown as rounded thousands 'k+'": 999 → `999`, 1000 → `1k+`, 2600 → `3k+`. */
export function formatCount(count: number): string {
  if (count > COUNT_ABBREVIATION_THRESHOLD) return `${Math.round(count / 1000)}k+`;
  return String(count);
}

/** "changes count of 500 or more highlighted red". */
export function isHighChangeCount(changes: number | null | undefined): boolean {
  return typeof changes === 'number' && changes >= HIGH_CHANGE_COUNT;
}

/**
 * "cost shown with 2 decimals if at most 10, else whole dollars; … currency over 1000
 * abbreviated as k": `$9.50`, `$11`, `$1.2k`. Empty for a missing value.
 */
export function formatCost(cost: number | string | null | undefined): string {
  const value = typeof cost === 'string' ? Number(cost) : cost;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const amount = Math.abs(value);
  if (amount > COST_THOUSANDS_THRESHOLD) {
    return `${sign}$${String(Number((amount / 1000).toFixed(1)))}k`;
  }
  if (amount > COST_DECIMALS_LIMIT) return `${sign}$${Math.round(amount)}`;
  return `${sign}$${amount.toFixed(2)}`;
}

export interface CostDeviation {
  /** Signed percentage of the last day against the 30-day daily average, rounded. */
  percent: number;
  direction: 'up' | 'down';
}

/**
 * "30-day cost compared with the daily average with a change badge when deviation exceeds 10%":
 * the last day's cost against the 30-day total / 30. Null when there is no badge.
 */
export function costDeviation(
  cost1d: number | string | null | undefined,
  cost30d: number | string | null | undefined,
): CostDeviation | null {
  const day = Number(cost1d);
  const month = Number(cost30d);
  if (cost1d == null || cost30d == null || !Number.isFinite(day) || !Number.isFinite(month)) {
    return null;
  }
  const average = month / 30;
  if (average <= 0) return null;
  const percent = ((day - average) / average) * 100;
  if (Math.abs(percent) <= COST_DEVIATION_PERCENT) return null;
  return { percent: Math.round(percent), direction: percent > 0 ? 'up' : 'down' };
}

/** "Config stale after 1 hour since last scrape" — never for a deleted config. */
export function isConfigStale(
  config: { last_scraped_time?: string | null; deleted_at?: string | null },
  now: Date = new Date(),
): boolean {
  if (config.deleted_at || !config.last_scraped_time) return false;
  const scraped = Date.parse(config.last_scraped_time);
  return Number.isFinite(scraped) && now.getTime() - scraped >= CONFIG_STALE_AFTER_MS;
}

/** "Insight message truncated to 500 characters". */
export function truncateInsightMessage(message: string | null | undefined): string {
  const text = message ?? '';
  return text.length > INSIGHT_MESSAGE_MAX_LENGTH
    ? text.slice(0, INSIGHT_MESSAGE_MAX_LENGTH)
    : text;
}

/** The class part of a namespaced type (`Kubernetes::Pod` → `Kubernetes`). */
export function configClassOf(type: string | null | undefined): string {
  const text = type ?? '';
  const index = text.indexOf('::');
  return index >= 0 ? text.slice(0, index) : text;
}
