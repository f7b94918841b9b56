/**
 * /catalog's reads: the grouped summary (`POST /catalog/summary`, api.md §4.1) and the paged
 * config list over the `configs` view (postgrest.md §8.3 "catalog table").
 * Types → fetchers → query options; the keys are catalog.ts's.
 */
import {
  CATALOG_SUMMARY_WINDOW,
  catalogKeys,
  CatalogDbQuery,
  catalogQuery,
  filterList,
  PAGED,
  type ConfigSortColumn,
  type KeyValueFilter,
  type SortOrder,
  type TriStateFilter,
} from './catalog';
import type { ApiClient } from './client';
import { formatInValue, PostgrestQuery, quoteColumn, selectPage, type Page } from './postgrest';
import type { CatalogSummaryRow, ConfigListItem } from './types';

// ---- grouped summary (api.md §4.1) ----

export interface CatalogSummaryParams {
  /**
   * The URL's groupBy items (`config_class`, `type`, `<tag key>__tag`). `__tag` is removed and
   * `config_class` is not sent (the client derives it from `type`).
   */
  groupBy: readonly string[];
  /** Label filters: includes and excludes per key. */
  labels?: readonly KeyValueFilter[];
  status?: TriStateFilter;
  health?: TriStateFilter;
  /** 'Hide Deleted Catalog' (default yes): `deleted: true` is sent only when it is off. */
  hideDeleted: boolean;
}

export interface CatalogSummaryBody {
  groupBy: string[];
  deleted: boolean;
  filter?: Record<string, string>;
  status?: string;
  health?: string;
  changes: { since: string };
  analysis: { since: string };
  cost: string;
}

/**
 * The server-side grouping keys of a URL groupBy: `__tag` stripped, `config_class` dropped. When
 * `config_class` is asked for without `type`, `type` takes its place: the client can only derive
 * the class from the type. An empty list means the server default, `["type"]`.
 */
export function summaryGroupBy(groupBy: readonly string[]): string[] {
  const keys: string[] = [];
  const hasType = groupBy.includes('type');
  for (const item of groupBy) {
    const key =
      item === 'config_class'
        ? hasType
          ? undefined
          : 'type'
        : item.endsWith('__tag')
          ? item.slice(0, -'__tag'.length)
          : item;
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys.length > 0 ? keys : ['type'];
}

/** The body of `POST /catalog/summary` (api.md §4.1). */
export function catalogSummaryBody(params: CatalogSummaryParams): CatalogSummaryBody {
  const filter: Record<string, string> = {};
  for (const label of params.labels ?? []) {
    const item = encodeURIComponent(label.value);
    const entry = label.state === -1 ? `!${item}` : item;
    filter[label.key] = filter[label.key] ? `${filter[label.key]},${entry}` : entry;
  }
  const status = filterList(params.status);
  const health = filterList(params.health);
  return {
    groupBy: summaryGroupBy(params.groupBy),
    deleted: !params.hideDeleted,
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(status ? { status } : {}),
    ...(health ? { health } : {}),
    changes: { since: CATALOG_SUMMARY_WINDOW },
    analysis: { since: CATALOG_SUMMARY_WINDOW },
    cost: CATALOG_SUMMARY_WINDOW,
  };
}

/** The grouped summary rows (ordered by the grouping columns). */
export async function getCatalogSummary(
  client: ApiClient,
  params: CatalogSummaryParams,
  options: { signal?: AbortSignal } = {},
): Promise<CatalogSummaryRow[]> {
  const body = await client.post<CatalogSummaryRow[] | null>(
    '/catalog/summary',
    catalogSummaryBody(params),
    { signal: options.signal },
  );
  return body ?? [];
}

// ---- config list (postgrest.md §8.3 "catalog table") ----

/** The catalog table's select: one `select`, agent embedded (contract decision 12). */
export const CONFIG_LIST_SELECT =
  'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,' +
  'cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';

export interface ConfigListParams {
  /** `type=eq.{configType}`; empty = every type. */
  configType?: string;
  labels?: readonly KeyValueFilter[];
  status?: TriStateFilter;
  health?: TriStateFilter;
  /** Matched with `ilike` against name, type, description and namespace. */
  search?: string;
  hideDeleted: boolean;
  sortBy: ConfigSortColumn;
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

/** One logic-tree condition: the key quoted when needed, the value quoted when it must be. */
function condition(column: string, operator: string, value: string): string {
  return `${quoteColumn(column)}.${operator}.${formatInValue(value)}`;
}

/**
 * The query of one page of the catalog table (postgrest.md §8.3). Label filters apply only
 * without a search term; includes are `eq`, excludes `neq`, all in one `or=(and(…))`.
 */
export function configListQuery(params: ConfigListParams): PostgrestQuery {
  const query = new CatalogDbQuery('configs').select(CONFIG_LIST_SELECT);
  const configType = params.configType?.trim();
  if (configType) query.eq('type', configType);
  const status = filterList(params.status);
  if (status) query.raw('status.filter', status);
  const health = filterList(params.health);
  if (health) query.raw('health.filter', health);
  const search = params.search?.trim();
  if (search) {
    const pattern = `*${search}*`;
    const columns = ['name', 'type', 'description', 'namespace'];
    query.raw('or', `(${columns.map((column) => condition(column, 'ilike', pattern)).join(',')})`);
  } else if (params.labels && params.labels.length > 0) {
    const terms = params.labels.map((label) =>
      condition(`labels->>${label.key}`, label.state === -1 ? 'neq' : 'eq', label.value),
    );
    query.raw('or', `(and(${terms.join(',')}))`);
  }
  const ascending = params.sortOrder === 'asc';
  if (params.sortBy === 'type') {
    query.order({ column: 'type', ascending }, { column: 'name', ascending });
  } else {
    query.order({ column: params.sortBy, ascending });
  }
  if (params.hideDeleted) query.is('deleted_at', 'null');
  return query
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

/** `GET /db/configs` with `Prefer: count=exact`: one page and the exact total. */
export async function listConfigs(
  client: ApiClient,
  params: ConfigListParams,
  options: { signal?: AbortSignal } = {},
): Promise<Page<ConfigListItem>> {
  return selectPage<ConfigListItem>(client, configListQuery(params), options);
}

// ---- query options ----

export const catalogListQueries = {
  summary: (client: ApiClient, params: CatalogSummaryParams) =>
    catalogQuery(catalogKeys.summary(client.baseUrl, params), (signal) =>
      getCatalogSummary(client, params, { signal }),
    ),
  list: (client: ApiClient, params: ConfigListParams) =>
    catalogQuery(
      catalogKeys.list(client.baseUrl, params),
      (signal) => listConfigs(client, params, { signal }),
      PAGED,
    ),
};
