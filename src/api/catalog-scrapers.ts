/**
 * Catalog scrapers: the list (postgrest.md §8.8, the generic settings list on /catalog/scrapers),
 * one scraper (`config_scrapers`), one scraper with its last job and agent
 * (`config_scrapers_with_status`) and its job history
 * (`GET /db/job_histories?resource_id=eq.{id}`, paged, newest first).
 * Types → fetchers → keys → query options, in the style of `catalog.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  CATALOG_STALE_TIME_MS,
  catalogKeys,
  catalogQuery,
  SCRAPERS_LIST_LIMIT,
  type SortOrder,
} from './catalog';
import type { ApiClient } from './client';
import { from, PostgrestQuery, selectRows } from './postgrest';
import type { ConfigScraper, ConfigScraperSummary } from './types';

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

// ---- one scraper with its status ----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a scraper id (anything else is not found without asking the server). */
export function isScraperId(id: string): boolean {
  return UUID.test(id);
}

/**
 * `GET /db/config_scrapers_with_status?select=*,created_by(id,name,avatar)&id=eq.{id}`; null
 * when absent, deleted, or not an id.
 */
export async function getScraperWithStatus(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigScraperSummary | null> {
  if (!isScraperId(id)) return null;
  const { rows } = await selectRows<ConfigScraperSummary>(
    client,
    from('config_scrapers_with_status').select('*,created_by(id,name,avatar)').eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

// ---- job history ----

/** "50 inside a resource's Job History tab" (postgrest.md §8.8). */
export const SCRAPER_JOBS_PAGE_SIZE = 50;
export const SCRAPER_JOBS_PAGE_SIZES = [25, 50, 100, 150] as const;

/** A `job_histories` row (schema.md). */
export interface JobHistoryEntry {
  id: string;
  agent_id?: string | null;
  name: string;
  success_count?: number | null;
  error_count?: number | null;
  /** Errors as a string, a list, or a map of name to nested error; scrape_summary; summary. */
  details?: unknown;
  hostname?: string | null;
  duration_millis?: number | null;
  resource_type?: string | null;
  resource_id?: string | null;
  status?: string | null;
  time_start?: string | null;
  time_end?: string | null;
  created_at: string;
  resource_name?: string | null;
  agent?: { id: string; name: string } | null;
}

export interface ScraperJobsParams {
  scraperId: string;
  pageIndex: number;
  pageSize: number;
}

export function scraperJobsQuery(params: ScraperJobsParams): PostgrestQuery {
  return from('job_histories')
    .select('*')
    .eq('resource_id', params.scraperId)
    .order({ column: 'created_at', ascending: false })
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

/** One page of a scraper's runs, newest first, with the total. */
export async function listScraperJobs(
  client: ApiClient,
  params: ScraperJobsParams,
  options: { signal?: AbortSignal } = {},
): Promise<{ rows: JobHistoryEntry[]; total: number | undefined }> {
  return selectRows<JobHistoryEntry>(client, scraperJobsQuery(params), options);
}

// ---- keys and query options ----

export const catalogScraperKeys = {
  all: (baseUrl: string) => ['catalog', baseUrl, 'scraper'] as const,
  scraper: (baseUrl: string, id: string) =>
    [...catalogScraperKeys.all(baseUrl), id, 'status'] as const,
  jobs: (baseUrl: string, params: ScraperJobsParams) =>
    [...catalogScraperKeys.all(baseUrl), params.scraperId, 'jobs', params] as const,
};

export const catalogScraperQueries = {
  /** The scrapers list, default newest first. */
  scrapers: (
    client: ApiClient,
    params: ScraperListParams = { sortBy: 'created_at', sortOrder: 'desc' },
  ) =>
    catalogQuery(catalogKeys.scrapers(client.baseUrl, params), (signal) =>
      listScrapers(client, params, { signal }),
    ),
  scraper: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: catalogScraperKeys.scraper(client.baseUrl, id),
      queryFn: ({ signal }) => getScraperWithStatus(client, id, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  jobs: (client: ApiClient, params: ScraperJobsParams) =>
    queryOptions({
      queryKey: catalogScraperKeys.jobs(client.baseUrl, params),
      queryFn: ({ signal }) => listScraperJobs(client, params, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
      // Keep the previous page while the next loads, never another scraper's.
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[3] === params.scraperId ? previous : undefined,
    }),
};
