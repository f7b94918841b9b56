/**
 * The insights' reads (postgrest.md §8.3): the insights table (`config_analysis_items`, counted,
 * optionally a topology component's), one insight with the detail select plus last_observed (the
 * modal shows first and last observed, also when opened from a link), every page of the insights
 * table for the CSV export, and a config's insights as an infinite list (page size 50, the next
 * page loaded near the bottom).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CATALOG_STALE_TIME_MS,
  catalogKeys,
  CatalogDbQuery,
  catalogQuery,
  INSIGHTS_DEFAULT_PAGE_SIZE,
  PAGED,
  type SortOrder,
} from './catalog';
import type { ApiClient } from './client';
import { from, selectPage, selectRows, type Page } from './postgrest';
import type { ConfigInsight, ConfigInsightDetail } from './types';

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

// ---- the detail modal's insight, the export, a config's insights ----

/** The contract's insight-detail select with `last_observed` added. */
export const INSIGHT_FULL_SELECT = `${INSIGHT_DETAIL_SELECT},last_observed`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /db/config_analysis?select=…&id=eq.{id}`; null when absent or not a uuid. */
export async function getInsightFull(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigInsightDetail | null> {
  if (!UUID.test(id)) return null;
  const { rows } = await selectRows<ConfigInsightDetail>(
    client,
    from('config_analysis').select(INSIGHT_FULL_SELECT).eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

/** One page of the insights table for the export (`collectPages` page index and size). */
export async function listInsightsPage(
  client: ApiClient,
  params: InsightListParams,
  pageIndex: number,
  pageSize: number,
): Promise<{ rows: ConfigInsight[]; total: number | undefined }> {
  return listInsights(client, { ...params, pageIndex, pageSize });
}

export const catalogInsightKeys = {
  insight: (baseUrl: string, id: string) =>
    [...catalogKeys.all(baseUrl), 'insight-full', id] as const,
  configInsightsInfinite: (baseUrl: string, configId: string) =>
    [...catalogKeys.config(baseUrl, configId), 'insights-infinite'] as const,
};

export const catalogInsightQueries = {
  /** One page of the insights table; the previous page stays on screen while the next loads. */
  insights: (client: ApiClient, params: InsightListParams) =>
    catalogQuery(
      catalogKeys.insights(client.baseUrl, params),
      (signal) => listInsights(client, params, { signal }),
      PAGED,
    ),
  insight: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: catalogInsightKeys.insight(client.baseUrl, id),
      queryFn: ({ signal }) => getInsightFull(client, id, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  /** A config's insights, 50 at a time; no next page once a page is short or the total is met. */
  configInsights: (client: ApiClient, configId: string) =>
    infiniteQueryOptions({
      queryKey: catalogInsightKeys.configInsightsInfinite(client.baseUrl, configId),
      queryFn: ({ signal, pageParam }) =>
        listConfigInsights(
          client,
          { configId, pageIndex: pageParam, pageSize: INSIGHTS_DEFAULT_PAGE_SIZE },
          { signal },
        ),
      initialPageParam: 0,
      getNextPageParam: (last, pages, lastPageParam) => {
        const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
        if (last.rows.length < INSIGHTS_DEFAULT_PAGE_SIZE) return undefined;
        if (last.total !== undefined && loaded >= last.total) return undefined;
        return lastPageParam + 1;
      },
      staleTime: CATALOG_STALE_TIME_MS,
    }),
};
