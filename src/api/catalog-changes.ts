/**
 * The change log's reads: the change search (`POST /catalog/changes`, api.md §4.2), one change by
 * its id with every column the detail modal shows (postgrest.md §8.3), and the names of the
 * people who made changes (`created_by` is a person id).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import {
  CATALOG_STALE_TIME_MS,
  CHANGES_RECURSIVE_DEPTH,
  catalogKeys,
  catalogQuery,
  filterList,
  PAGED,
  type ChangeSeverity,
  type KeyValueFilter,
  type SortOrder,
  type TriStateFilter,
} from './catalog';
import { from, selectRows } from './postgrest';
import type { CatalogChange, CatalogChangesResponse, ConfigChangeDetail } from './types';

// ---- changes (api.md §4.2) ----

/** `sort_by` columns of the change search. */
export const CHANGE_SORT_COLUMNS = [
  'name',
  'change_type',
  'summary',
  'source',
  'created_at',
  'count',
] as const;
export type ChangeSortColumn = (typeof CHANGE_SORT_COLUMNS)[number];

export interface CatalogChangesParams {
  /**
   * A config id: that config's changes and, per `downstream`/`upstream`, its related configs'.
   * On the global list a config id filter.
   */
  id?: string;
  /** Set only on a config's page: the Downstream and Upstream toggles. */
  relations?: { downstream: boolean; upstream: boolean };
  /** The type the page is scoped to; when set it is the only included type. */
  configType?: string;
  /** Config types to include or exclude (real names, with `::`). */
  configTypes?: TriStateFilter;
  changeType?: TriStateFilter;
  /** One severity: it and everything above it. */
  severity?: ChangeSeverity;
  /** Tag filters, sent as a Kubernetes label selector. */
  tags?: readonly KeyValueFilter[];
  summary?: TriStateFilter;
  source?: TriStateFilter;
  /** A person id (uuid). */
  createdBy?: string;
  /** External authors to include or exclude (used when `createdBy` is not set). */
  externalCreatedBy?: TriStateFilter;
  /** Datemath or RFC 3339 (`now-2d`). */
  from?: string;
  to?: string;
  /** 'Hide deleted config changes' (default yes); sent inverted as include_deleted_configs. */
  hideDeleted: boolean;
  /** 1-based. */
  page: number;
  pageSize: number;
  sortBy: ChangeSortColumn;
  sortDirection: SortOrder;
}

export interface CatalogChangesBody {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  from?: string;
  to?: string;
  page: number;
  page_size: number;
  sort_by: string;
  tags?: string;
  recursive?: 'all' | 'upstream' | 'downstream' | 'none';
  depth?: number;
  include_deleted_configs: boolean;
  created_by?: string;
  summary?: string;
  source?: string;
}

/** Downstream only → `downstream`, upstream only → `upstream`, both → `all`, neither → `none`. */
export function recursiveMode(relations: {
  downstream: boolean;
  upstream: boolean;
}): NonNullable<CatalogChangesBody['recursive']> {
  if (relations.downstream && relations.upstream) return 'all';
  if (relations.downstream) return 'downstream';
  if (relations.upstream) return 'upstream';
  return 'none';
}

/**
 * Tag filters as a label selector (api.md §4.2): one include `k=v`, several `k in (a,b)`; one
 * exclude `k!=v`, several `k notin (a,b)`. Undefined when empty.
 */
export function tagSelector(tags: readonly KeyValueFilter[] | undefined): string | undefined {
  if (!tags || tags.length === 0) return undefined;
  const groups = new Map<string, { include: string[]; exclude: string[] }>();
  for (const tag of tags) {
    const group = groups.get(tag.key) ?? { include: [], exclude: [] };
    (tag.state === -1 ? group.exclude : group.include).push(tag.value);
    groups.set(tag.key, group);
  }
  const parts: string[] = [];
  for (const [key, { include, exclude }] of groups) {
    if (include.length === 1) parts.push(`${key}=${include[0]}`);
    else if (include.length > 1) parts.push(`${key} in (${include.join(',')})`);
    if (exclude.length === 1) parts.push(`${key}!=${exclude[0]}`);
    else if (exclude.length > 1) parts.push(`${key} notin (${exclude.join(',')})`);
  }
  return parts.join(',');
}

function configTypeList(params: CatalogChangesParams): string | undefined {
  const single = params.configType?.trim();
  if (!single) return filterList(params.configTypes);
  const excludes = Object.entries(params.configTypes ?? {})
    .filter(([value, state]) => state === -1 && value !== single)
    .map(([value]) => `!${value}`);
  return [single, ...excludes].join(',');
}

/** The body of `POST /catalog/changes`: only the keys that are set (api.md §4.2). */
export function catalogChangesBody(params: CatalogChangesParams): CatalogChangesBody {
  const id = params.id?.trim();
  const body: CatalogChangesBody = {
    page: params.page,
    page_size: params.pageSize,
    sort_by: `${params.sortDirection === 'desc' ? '-' : ''}${params.sortBy}`,
    include_deleted_configs: !params.hideDeleted,
  };
  if (id) body.id = id;
  if (id && params.relations) {
    body.recursive = recursiveMode(params.relations);
    body.depth = CHANGES_RECURSIVE_DEPTH;
  }
  const configType = configTypeList(params);
  if (configType) body.config_type = configType;
  const changeType = filterList(params.changeType);
  if (changeType) body.type = changeType;
  if (params.severity) body.severity = params.severity;
  if (params.from) body.from = params.from;
  if (params.to) body.to = params.to;
  const tags = tagSelector(params.tags);
  if (tags) body.tags = tags;
  const createdBy = params.createdBy?.trim() || filterList(params.externalCreatedBy);
  if (createdBy) body.created_by = createdBy;
  const summary = filterList(params.summary, { urlEncode: true });
  if (summary) body.summary = summary;
  const source = filterList(params.source, { urlEncode: true });
  if (source) body.source = source;
  return body;
}

/** `POST /catalog/changes`, with absent keys read as empty (`{}` means no matches). */
export async function listCatalogChanges(
  client: ApiClient,
  params: CatalogChangesParams,
  options: { signal?: AbortSignal } = {},
): Promise<Required<CatalogChangesResponse>> {
  const body = await client.post<CatalogChangesResponse | null>(
    '/catalog/changes',
    catalogChangesBody(params),
    { signal: options.signal },
  );
  return {
    summary: body?.summary ?? {},
    total: body?.total ?? 0,
    changes: body?.changes ?? [],
  };
}

/** The change-detail select (postgrest.md §8.3). */
export const CHANGE_DETAIL_SELECT =
  'id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,' +
  'created_by,config:configs(id,name,type,config_class)';

/** `GET /db/config_changes?config_id=eq.{cid}&id=eq.{id}&select=…`; null when absent. */
export async function getConfigChange(
  client: ApiClient,
  configId: string,
  changeId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigChangeDetail | null> {
  const { rows } = await selectRows<ConfigChangeDetail>(
    client,
    from('config_changes')
      .eq('config_id', configId)
      .eq('id', changeId)
      .select(CHANGE_DETAIL_SELECT),
    options,
  );
  return rows[0] ?? null;
}

// ---- the detail modal's change, the authors' names, the export ----

/**
 * The contract's change-detail select (id, config_id, change_type, created_at,
 * external_created_by, source, diff, details, patches, created_by, config) plus the columns the
 * list already showed (summary, severity, first_observed, count), so a change opened from a link
 * reads the same as one opened from its row.
 */
export const CHANGE_FULL_SELECT =
  'id,config_id,change_type,severity,summary,created_at,first_observed,count,' +
  'external_created_by,source,diff,details,patches,created_by,' +
  'config:configs(id,name,type,config_class)';

export interface ConfigChangeFull extends ConfigChangeDetail {
  severity?: string | null;
  summary?: string | null;
  first_observed?: string | null;
  count?: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /db/config_changes?id=eq.{id}[&config_id=eq.{cid}]&select=…`; null when absent (or when
 * the id is not a uuid, which no change has).
 */
export async function getChangeById(
  client: ApiClient,
  id: string,
  options: { configId?: string; signal?: AbortSignal } = {},
): Promise<ConfigChangeFull | null> {
  if (!UUID.test(id)) return null;
  const query = from('config_changes');
  if (options.configId && UUID.test(options.configId)) query.eq('config_id', options.configId);
  query.eq('id', id).select(CHANGE_FULL_SELECT);
  const { rows } = await selectRows<ConfigChangeFull>(client, query, { signal: options.signal });
  return rows[0] ?? null;
}

/** `GET /db/people?id=in.(…)&select=id,name`: person id → name (unknown ids are left out). */
export async function getPeopleNames(
  client: ApiClient,
  ids: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<Record<string, string>> {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))].sort();
  if (valid.length === 0) return {};
  const { rows } = await selectRows<{ id: string; name: string | null }>(
    client,
    from('people').select('id,name').in('id', valid),
    options,
  );
  const names: Record<string, string> = {};
  for (const row of rows) if (row.name) names[row.id] = row.name;
  return names;
}

/**
 * Every change of a search, all pages (the CSV export), through `collectPages`-style paging:
 * `pageIndex` is 0-based here, the server's `page` 1-based.
 */
export async function listCatalogChangesPage(
  client: ApiClient,
  params: CatalogChangesParams,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: CatalogChange[]; total: number }> {
  const result = await listCatalogChanges(client, { ...params, page: pageIndex + 1, pageSize });
  return { rows: result.changes, total: result.total };
}

export const catalogChangeKeys = {
  change: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'change', id] as const,
  people: (baseUrl: string, ids: readonly string[]) =>
    [...catalogKeys.all(baseUrl), 'people', [...new Set(ids)].sort()] as const,
};

export const catalogChangeQueries = {
  /** One page of the change search; the previous page stays on screen while the next loads. */
  changes: (client: ApiClient, params: CatalogChangesParams) =>
    catalogQuery(
      catalogKeys.changes(client.baseUrl, params),
      (signal) => listCatalogChanges(client, params, { signal }),
      PAGED,
    ),
  /** One change with the detail columns (cached like every catalog read). */
  change: (client: ApiClient, id: string, configId?: string) =>
    queryOptions({
      queryKey: catalogChangeKeys.change(client.baseUrl, id),
      queryFn: ({ signal }) => getChangeById(client, id, { configId, signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  people: (client: ApiClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: catalogChangeKeys.people(client.baseUrl, ids),
      queryFn: ({ signal }) => getPeopleNames(client, ids, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
};
