/**
 * Catalog, the part every catalog read shares: the row types, the spec's constants, the tri-state
 * filter types and their encoding (`filterList`), the query keys and the query-options helper.
 * The reads themselves live by concern, so that a page's chunk carries only the ones it uses
 * (issue 18): the grouped summary and the config list in catalog-list.ts, one config in
 * catalog-config.ts (its name in catalog-config-name.ts), the change search in
 * catalog-changes.ts, insights in catalog-insights.ts, scrapers in catalog-scrapers.ts and the
 * filters' option lists in catalog-options.ts (api.md §4, postgrest.md §8.3).
 * No URL parsing here: the catalog feature turns its query string into the parameter objects.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PostgrestQuery } from './postgrest';
import type { CatalogChangesParams } from './catalog-changes';
import type { InsightListParams } from './catalog-insights';
import type { CatalogSummaryParams, ConfigListParams } from './catalog-list';
import type { CatalogOptionKind } from './catalog-options';
import type { ScraperListParams } from './catalog-scrapers';

export type {
  CatalogChange,
  CatalogChangesResponse,
  CatalogSummaryRow,
  ConfigChangeDetail,
  ConfigDetail,
  ConfigDetailSummary,
  ConfigHealthCounts,
  ConfigInsight,
  ConfigInsightDetail,
  ConfigListItem,
  ConfigName,
  ConfigScraper,
  ConfigScraperSummary,
  InsightConfig,
} from './types';

// ---- constants (spec doc 2 §9) ----

/** "Catalog query stale time 5 minutes default". */
export const CATALOG_STALE_TIME_MS = 300_000;
/** "config type and label caches 60 s". */
export const CATALOG_FILTER_OPTIONS_STALE_TIME_MS = 60_000;
/** "Changes: default page size 200". */
export const CHANGES_DEFAULT_PAGE_SIZE = 200;
/** "changes recursive depth 5". */
export const CHANGES_RECURSIVE_DEPTH = 5;
/** "insights default page size 50". */
export const INSIGHTS_DEFAULT_PAGE_SIZE = 50;
/** The summary's change and analysis window and cost column (api.md §4.1: the console sends 30d). */
export const CATALOG_SUMMARY_WINDOW = '30d';
/** Scrapers list: the generic settings list's limit (postgrest.md §8.8). */
export const SCRAPERS_LIST_LIMIT = 100;

/** Include (1) or exclude (-1), as the tri-state pickers keep them. */
export type TriState = 1 | -1;
/** Value → include/exclude: a Mission Control filter list (`a,!b`). */
export type TriStateFilter = Readonly<Record<string, TriState>>;

/** One label (or tag) filter: `key=value` included or excluded. */
export interface KeyValueFilter {
  key: string;
  value: string;
  state: TriState;
}

export type SortOrder = 'asc' | 'desc';

// ---- parameter vocabulary the catalog's shared URL parsing reads ----

/** Columns of `configs` the table may be sorted by; `type` sorts by type, then name. */
export const CONFIG_SORT_COLUMNS = [
  'type',
  'name',
  'config_class',
  'status',
  'health',
  'changes',
  'cost_per_minute',
  'cost_total_1d',
  'cost_total_7d',
  'cost_total_30d',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;
export type ConfigSortColumn = (typeof CONFIG_SORT_COLUMNS)[number];

/** Severities of the change filter, highest first ("this and above" on the server). */
export const CHANGE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type ChangeSeverity = (typeof CHANGE_SEVERITIES)[number];

// ---- shared encoders ----

/**
 * A Mission Control filter list (api.md §4.1, postgrest.md §4): includes as they are, excludes
 * with `!`, comma-joined. With `urlEncode` each item is URL-encoded, for the fields the server
 * decodes item by item (so a comma inside a value survives). Undefined when empty.
 */
export function filterList(
  filter: TriStateFilter | undefined,
  options: { urlEncode?: boolean } = {},
): string | undefined {
  if (!filter) return undefined;
  const items = Object.entries(filter).map(([value, state]) => {
    const item = options.urlEncode ? encodeURIComponent(value) : value;
    return state === -1 ? `!${item}` : item;
  });
  return items.length > 0 ? items.join(',') : undefined;
}

/**
 * A `/db` query with parameters the builder has no method for (`status.filter=…`, `or=(…)`),
 * kept at the position they were added so the query string reads in the contract's order.
 */
export class CatalogDbQuery extends PostgrestQuery {
  private readonly extras: { at: number; key: string; value: string }[] = [];

  /**
   * A raw parameter, placed after the parameters added so far (re-setting `select`, `order`…
   * afterwards would move those). The caller has escaped every user value inside it.
   */
  raw(key: string, value: string): this {
    this.extras.push({ at: [...new URLSearchParams(super.toString())].length, key, value });
    return this;
  }

  override toString(): string {
    const base = [...new URLSearchParams(super.toString())];
    const merged: [string, string][] = [];
    base.forEach((entry, index) => {
      for (const extra of this.extras)
        if (extra.at === index) merged.push([extra.key, extra.value]);
      merged.push(entry);
    });
    for (const extra of this.extras) {
      if (extra.at >= base.length) merged.push([extra.key, extra.value]);
    }
    return new URLSearchParams(merged).toString();
  }
}

export { selectPage, type Page } from './postgrest';

// ---- keys ----

/** Query keys; the client's base URL is part of every key (widgets may talk to several APIs). */
export const catalogKeys = {
  all: (baseUrl: string) => ['catalog', baseUrl] as const,
  summary: (baseUrl: string, params: CatalogSummaryParams) =>
    [...catalogKeys.all(baseUrl), 'summary', params] as const,
  list: (baseUrl: string, params: ConfigListParams) =>
    [...catalogKeys.all(baseUrl), 'list', params] as const,
  config: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'config', id] as const,
  configName: (baseUrl: string, id: string) =>
    [...catalogKeys.config(baseUrl, id), 'name'] as const,
  changes: (baseUrl: string, params: CatalogChangesParams) =>
    [...catalogKeys.all(baseUrl), 'changes', params] as const,
  insights: (baseUrl: string, params: InsightListParams) =>
    [...catalogKeys.all(baseUrl), 'insights', params] as const,
  scrapers: (baseUrl: string, params: ScraperListParams) =>
    [...catalogKeys.all(baseUrl), 'scrapers', params] as const,
  options: (baseUrl: string, kind: CatalogOptionKind | 'labels' | 'tags') =>
    [...catalogKeys.all(baseUrl), 'options', kind] as const,
};

// ---- query options ----

/**
 * A catalog read: cached for the spec's 5 minutes (filter option lists 60 s); a paged read keeps
 * the previous page on screen while the next one loads.
 */
export function catalogQuery<T, K extends readonly unknown[]>(
  queryKey: K,
  fetch: (signal: AbortSignal) => Promise<T>,
  {
    paged = false,
    staleTime = CATALOG_STALE_TIME_MS,
  }: { paged?: boolean; staleTime?: number } = {},
) {
  return queryOptions<T, Error, T, K>({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    staleTime,
    placeholderData: paged ? keepPreviousData : undefined,
  });
}

export const PAGED = { paged: true } as const;
export const FILTER_OPTIONS = { staleTime: CATALOG_FILTER_OPTIONS_STALE_TIME_MS } as const;
