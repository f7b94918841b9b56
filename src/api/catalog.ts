/**
 * Catalog: the grouped summary (`POST /catalog/summary`, api.md §4.1), the paged config list over
 * the `configs` view, one config's detail and tab counts (`config_detail`), change search
 * (`POST /catalog/changes`, api.md §4.2) and change detail, insights (`config_analysis_items`,
 * `config_analysis`) and scrapers (`config_scrapers`), postgrest.md §8.3.
 * Types → fetchers → keys → query options. No URL parsing here: the catalog feature turns its
 * query string into the parameter objects below.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type ApiClient } from './client';
import {
  formatInValue,
  from,
  PostgrestQuery,
  quoteColumn,
  selectPage,
  selectRows,
  type Page,
} from './postgrest';
import type {
  CatalogChangesResponse,
  CatalogSummaryRow,
  ConfigChangeDetail,
  ConfigDetail,
  ConfigInsight,
  ConfigInsightDetail,
  ConfigListItem,
  ConfigName,
  ConfigScraper,
  ConfigScraperSummary,
} from './types';

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
class CatalogDbQuery extends PostgrestQuery {
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

// ---- one config (postgrest.md §8.3 "config detail", "config name") ----

/** `GET /db/config_detail?id=eq.{id}&select=*,config_scrapers(id,name)`; null: 'Details not found'. */
export async function getConfigDetail(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigDetail | null> {
  const { rows } = await selectRows<ConfigDetail>(
    client,
    from('config_detail').eq('id', id).select('*,config_scrapers(id,name)'),
    options,
  );
  return rows[0] ?? null;
}

/** `GET /db/config_names?id=eq.{id}` (breadcrumbs); null when there is no such config. */
export async function getConfigName(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigName | null> {
  const { rows } = await selectRows<ConfigName>(client, from('config_names').eq('id', id), options);
  return rows[0] ?? null;
}

/** The count badges of the detail tabs; the Config tab has none. */
export interface ConfigTabCounts {
  changes: number;
  insights: number;
  relationships: number;
  playbooks: number;
  checks: number;
}

function count(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : 0;
}

/** The tab badges from `config_detail.summary` (missing or null counts read as 0). */
export function configTabCounts(detail: Pick<ConfigDetail, 'summary'> | null): ConfigTabCounts {
  const summary = detail?.summary ?? {};
  return {
    changes: count(summary.changes),
    insights: count(summary.analysis),
    relationships: count(summary.relationships),
    playbooks: count(summary.playbook_runs),
    checks: count(summary.checks),
  };
}

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

/** Severities of the change filter, highest first ("this and above" on the server). */
export const CHANGE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type ChangeSeverity = (typeof CHANGE_SEVERITIES)[number];

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

// ---- insights (postgrest.md §8.3) ----

const INSIGHT_CONFIG = 'config:configs(id,name,config_class,type)';

/** The insights table's select. */
export const INSIGHT_LIST_SELECT = `id,analysis_type,analyzer,severity,status,first_observed,last_observed,${INSIGHT_CONFIG}`;
/** The insight detail's select. */
export const INSIGHT_DETAIL_SELECT = `id,source,analyzer,analysis_type,message,severity,status,analysis,first_observed,${INSIGHT_CONFIG}`;
/** A config's insights panel select. */
export const CONFIG_INSIGHTS_SELECT = `id,analyzer,analysis_type,message,severity,analysis,first_observed,${INSIGHT_CONFIG}`;

export const INSIGHT_SORT_COLUMNS = [
  'analysis_type',
  'analyzer',
  'severity',
  'status',
  'first_observed',
  'last_observed',
] as const;
export type InsightSortColumn = (typeof INSIGHT_SORT_COLUMNS)[number];

export interface InsightListParams {
  /** A topology component: its insights are looked up first (rpc/lookup_analysis_by_component). */
  component?: string;
  configId?: string;
  configType?: string;
  /** Analysis type. */
  type?: string;
  severity?: string;
  analyzer?: string;
  status?: string;
  sortBy: InsightSortColumn;
  sortOrder: SortOrder;
  pageIndex: number;
  pageSize: number;
}

/** `all` and empty values are not sent. */
function insightFilter(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.toLowerCase() !== 'all' ? trimmed : undefined;
}

/** technicalDebt is also stored as technical_debt (contract decision 9). */
function isTechnicalDebt(type: string): boolean {
  return type.replace(/_/g, '').toLowerCase() === 'technicaldebt';
}

/**
 * The insights table query (`config_analysis_items`, counted). `ids` restricts it to the analyses
 * of a component (from {@link lookupComponentAnalysisIds}); it never sends `component_id`.
 */
export function insightListQuery(params: InsightListParams, ids?: readonly string[]) {
  const query = from('config_analysis_items').select(INSIGHT_LIST_SELECT);
  if (ids) query.in('id', ids);
  const status = insightFilter(params.status);
  if (status) query.eq('status', status);
  const type = insightFilter(params.type);
  if (type && isTechnicalDebt(type)) query.in('analysis_type', ['technicalDebt', 'technical_debt']);
  else if (type) query.eq('analysis_type', type);
  const severity = insightFilter(params.severity);
  if (severity) query.eq('severity', severity.toLowerCase());
  const analyzer = insightFilter(params.analyzer);
  if (analyzer) query.eq('analyzer', analyzer);
  const configId = params.configId?.trim();
  if (configId) query.eq('config_id', configId);
  const configType = insightFilter(params.configType);
  if (configType) query.eq('config_type', configType);
  return query
    .order({ column: params.sortBy, ascending: params.sortOrder === 'asc' })
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

/** `GET /db/rpc/lookup_analysis_by_component?id={component}` → the analysis ids. */
export async function lookupComponentAnalysisIds(
  client: ApiClient,
  componentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  // An RPC argument is a plain query parameter (postgrest.md §5.5); the rows are config_analysis.
  const query = new CatalogDbQuery('rpc/lookup_analysis_by_component').raw('id', componentId);
  const { rows } = await selectRows<{ id: string }>(client, query, options);
  return rows.map((row) => row.id);
}

/** One page of insights with the total; with a component, its analyses only (empty when none). */
export async function listInsights(
  client: ApiClient,
  params: InsightListParams,
  options: { signal?: AbortSignal } = {},
): Promise<Page<ConfigInsight>> {
  const component = params.component?.trim();
  let ids: string[] | undefined;
  if (component) {
    ids = await lookupComponentAnalysisIds(client, component, options);
    if (ids.length === 0) return { rows: [], total: 0 };
  }
  return selectPage<ConfigInsight>(client, insightListQuery(params, ids), options);
}

/** `GET /db/config_analysis?select=…&id=eq.{id}`; null when absent. */
export async function getInsight(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigInsightDetail | null> {
  const { rows } = await selectRows<ConfigInsightDetail>(
    client,
    from('config_analysis').select(INSIGHT_DETAIL_SELECT).eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

/** A config's insights, one counted page (`config_analysis?…&config_id=eq.{id}`). */
export async function listConfigInsights(
  client: ApiClient,
  params: { configId: string; pageIndex: number; pageSize?: number },
  options: { signal?: AbortSignal } = {},
): Promise<Page<ConfigInsightDetail>> {
  const pageSize = params.pageSize ?? INSIGHTS_DEFAULT_PAGE_SIZE;
  const query = from('config_analysis')
    .select(CONFIG_INSIGHTS_SELECT)
    .eq('config_id', params.configId)
    .limit(pageSize)
    .offset(params.pageIndex * pageSize)
    .withCount();
  return selectPage<ConfigInsightDetail>(client, query, options);
}

// ---- scrapers (postgrest.md §8.8 generic list on /catalog/scrapers) ----

export const SCRAPER_SORT_COLUMNS = ['name', 'source', 'created_at', 'updated_at'] as const;
export type ScraperSortColumn = (typeof SCRAPER_SORT_COLUMNS)[number];

export interface ScraperListParams {
  sortBy: ScraperSortColumn;
  sortOrder: SortOrder;
}

export function scraperListQuery(params: ScraperListParams): PostgrestQuery {
  return from('config_scrapers_with_status')
    .select('*,created_by(id,name,avatar)')
    .order({ column: params.sortBy, ascending: params.sortOrder === 'asc' })
    .is('deleted_at', 'null')
    .limit(SCRAPERS_LIST_LIMIT);
}

/** The scrapers with their last job (non-deleted), default newest first. */
export async function listScrapers(
  client: ApiClient,
  params: ScraperListParams = { sortBy: 'created_at', sortOrder: 'desc' },
  options: { signal?: AbortSignal } = {},
): Promise<ConfigScraperSummary[]> {
  const { rows } = await selectRows<ConfigScraperSummary>(
    client,
    scraperListQuery(params),
    options,
  );
  return rows;
}

/** `GET /db/config_scrapers?id=eq.{id}`; null when absent. */
export async function getScraper(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigScraper | null> {
  const { rows } = await selectRows<ConfigScraper>(
    client,
    from('config_scrapers').eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

// ---- filter options (postgrest.md §8.3 "filter lists") ----

/** The option lists of the catalog filters: relation, the column read, and the order sent. */
const OPTION_SOURCES = {
  configTypes: { relation: 'config_types', column: 'type' },
  configStatuses: { relation: 'config_statuses', column: 'status' },
  changeTypes: { relation: 'change_types', column: 'change_type' },
  analysisTypes: { relation: 'analysis_types', column: 'analysis_type' },
  analyzers: { relation: 'config_analysis_analyzers', column: 'analyzer', order: true },
} as const;
export type CatalogOptionKind = keyof typeof OPTION_SOURCES;

/** A filter list's values (`GET /db/config_types` …; analyzers with `order=analyzer.asc`). */
export async function listCatalogOptions(
  client: ApiClient,
  kind: CatalogOptionKind,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const source: { relation: string; column: string; order?: boolean } = OPTION_SOURCES[kind];
  const query = from(source.relation);
  if (source.order) query.order({ column: source.column });
  const { rows } = await selectRows<Record<string, unknown>>(client, query, options);
  return rows
    .map((row) => row[source.column])
    .filter((value): value is string => typeof value === 'string' && value !== '');
}

/** Distinct label or tag pairs (`GET /db/config_labels`, `GET /db/config_tags`). */
export async function listConfigKeyValues(
  client: ApiClient,
  kind: 'labels' | 'tags',
  options: { signal?: AbortSignal } = {},
): Promise<{ key: string; value: string }[]> {
  const { rows } = await selectRows<{ key: string; value: string }>(
    client,
    from(kind === 'labels' ? 'config_labels' : 'config_tags'),
    options,
  );
  return rows;
}

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
  change: (baseUrl: string, configId: string, changeId: string) =>
    [...catalogKeys.all(baseUrl), 'change', configId, changeId] as const,
  insights: (baseUrl: string, params: InsightListParams) =>
    [...catalogKeys.all(baseUrl), 'insights', params] as const,
  insight: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'insight', id] as const,
  configInsights: (baseUrl: string, configId: string, pageIndex: number, pageSize: number) =>
    [...catalogKeys.config(baseUrl, configId), 'insights', { pageIndex, pageSize }] as const,
  scrapers: (baseUrl: string, params: ScraperListParams) =>
    [...catalogKeys.all(baseUrl), 'scrapers', params] as const,
  scraper: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'scraper', id] as const,
  options: (baseUrl: string, kind: CatalogOptionKind | 'labels' | 'tags') =>
    [...catalogKeys.all(baseUrl), 'options', kind] as const,
};

// ---- query options ----

/**
 * A catalog read: cached for the spec's 5 minutes (filter option lists 60 s); a paged read keeps
 * the previous page on screen while the next one loads.
 */
function catalogQuery<T, K extends readonly unknown[]>(
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

const PAGED = { paged: true } as const;
const FILTER_OPTIONS = { staleTime: CATALOG_FILTER_OPTIONS_STALE_TIME_MS } as const;

export const catalogQueries = {
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
  config: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.config(client.baseUrl, id), (signal) =>
      getConfigDetail(client, id, { signal }),
    ),
  configName: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.configName(client.baseUrl, id), (signal) =>
      getConfigName(client, id, { signal }),
    ),
  changes: (client: ApiClient, params: CatalogChangesParams) =>
    catalogQuery(
      catalogKeys.changes(client.baseUrl, params),
      (signal) => listCatalogChanges(client, params, { signal }),
      PAGED,
    ),
  change: (client: ApiClient, configId: string, changeId: string) =>
    catalogQuery(catalogKeys.change(client.baseUrl, configId, changeId), (signal) =>
      getConfigChange(client, configId, changeId, { signal }),
    ),
  insights: (client: ApiClient, params: InsightListParams) =>
    catalogQuery(
      catalogKeys.insights(client.baseUrl, params),
      (signal) => listInsights(client, params, { signal }),
      PAGED,
    ),
  insight: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.insight(client.baseUrl, id), (signal) =>
      getInsight(client, id, { signal }),
    ),
  configInsights: (
    client: ApiClient,
    configId: string,
    pageIndex: number,
    pageSize = INSIGHTS_DEFAULT_PAGE_SIZE,
  ) =>
    catalogQuery(
      catalogKeys.configInsights(client.baseUrl, configId, pageIndex, pageSize),
      (signal) => listConfigInsights(client, { configId, pageIndex, pageSize }, { signal }),
    ),
  scrapers: (
    client: ApiClient,
    params: ScraperListParams = { sortBy: 'created_at', sortOrder: 'desc' },
  ) =>
    catalogQuery(catalogKeys.scrapers(client.baseUrl, params), (signal) =>
      listScrapers(client, params, { signal }),
    ),
  scraper: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.scraper(client.baseUrl, id), (signal) =>
      getScraper(client, id, { signal }),
    ),
  /** A filter's option list, cached 60 s ("config type and label caches 60 s"). */
  options: (client: ApiClient, kind: CatalogOptionKind) =>
    catalogQuery(
      catalogKeys.options(client.baseUrl, kind),
      (signal) => listCatalogOptions(client, kind, { signal }),
      FILTER_OPTIONS,
    ),
  keyValues: (client: ApiClient, kind: 'labels' | 'tags') =>
    catalogQuery(
      catalogKeys.options(client.baseUrl, kind),
      (signal) => listConfigKeyValues(client, kind, { signal }),
      FILTER_OPTIONS,
    ),
};
