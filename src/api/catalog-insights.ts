/**
 * The insights' extra reads (postgrest.md §8.3): one insight with the detail select plus
 * last_observed (the modal shows first and last observed, also when opened from a link), every
 * page of the insights table for the CSV export, and a config's insights as an infinite list
 * (page size 50, the next page loaded near the bottom).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CATALOG_STALE_TIME_MS,
  catalogKeys,
  INSIGHT_DETAIL_SELECT,
  INSIGHTS_DEFAULT_PAGE_SIZE,
  listConfigInsights,
  listInsights,
  type InsightListParams,
} from './catalog';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';
import type { ConfigInsight, ConfigInsightDetail } from './types';

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
