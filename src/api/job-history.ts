/**
 * Job history (spec doc 3 §2.7, §9; contract postgrest.md §8.8): one server-paged page of
 * `job_histories` with the `.filter` lists for name, resource type and status, a resource scope,
 * a minimum duration and a created_at range, counted; and the names for the Job Name filter.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { toFilterList } from '../lib/tri-state-list';
import type { TriStateMap } from '../lib/url-state';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

/** "Job history page size 150 (settings page count uses 50)", page index 0. */
export const JOB_HISTORY_PAGE_SIZE = 150;
/** The page size inside a resource's Job History tab. */
export const RESOURCE_JOB_HISTORY_PAGE_SIZE = 50;
export const JOB_HISTORY_PAGE_SIZES = [50, 100, 150, 200, 500] as const;
/** "default status filter SUCCESS:-1 (exclude success)". */
export const DEFAULT_JOB_STATUS_FILTER: TriStateMap = { SUCCESS: -1 };

/** Statuses and their colours (spec doc 3 §4); the filter offers only the first four. */
export const JOB_STATUSES = ['RUNNING', 'SUCCESS', 'WARNING', 'FAILED', 'STOPPED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_FILTER_OPTIONS = [
  { id: 'RUNNING', label: 'Running' },
  { id: 'SUCCESS', label: 'Success' },
  { id: 'WARNING', label: 'Warning' },
  { id: 'FAILED', label: 'Failed' },
] as const;
/** "Resource type filter values: canary, topology, config_scraper". */
export const JOB_RESOURCE_TYPES = ['canary', 'topology', 'config_scraper'] as const;
/** "Type map: teams to team, incident_rules to incident_rule, …" (settings table → resource_type). */
export const JOB_RESOURCE_TYPE_OF_TABLE: Readonly<Record<string, string>> = {
  teams: 'team',
  incident_rules: 'incident_rule',
  config_scrapers: 'config_scraper',
  topologies: 'topology',
  canaries: 'canary',
};

export const JOB_SORT_COLUMNS = [
  'name',
  'resource_type',
  'resource_name',
  'status',
  'duration_millis',
  'success_count',
  'error_count',
  'time_start',
  'created_at',
] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];

/** An error as the job wrote it: text, a list, or a map of names to nested errors. */
export type JobError = string | readonly JobError[] | { readonly [name: string]: JobError };

export interface JobDetails {
  errors?: JobError;
  scrape_summary?: unknown;
  summary?: unknown;
  [key: string]: unknown;
}

export interface JobHistoryRow {
  id: string;
  name: string | null;
  agent_id?: string | null;
  agent?: { id: string | null; name: string | null } | null;
  resource_id: string | null;
  resource_type: string | null;
  resource_name: string | null;
  status: string | null;
  duration_millis: number | null;
  time_start: string | null;
  time_end?: string | null;
  success_count: number | null;
  error_count: number | null;
  hostname?: string | null;
  created_at: string;
  details: JobDetails | null;
}

export interface JobHistoryParams {
  pageIndex: number;
  pageSize: number;
  sortBy: JobSortColumn;
  sortOrder: 'asc' | 'desc';
  names: TriStateMap;
  resourceTypes: TriStateMap;
  statuses: TriStateMap;
  /** Minimum run duration in ms (`duration_millis=gte.`); 0 for none. */
  minDurationMs: number;
  /** The created_at range (ISO); both or neither. */
  from?: string;
  to?: string;
  /** A resource's own jobs (its Job History tab). */
  resourceId?: string;
}

/** The query string of one page, in the contract's order. */
export function jobHistoryQuery(params: JobHistoryParams): string {
  const base = from('job_histories')
    .select('*')
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize);
  const search = new URLSearchParams(base.toString());
  const resourceTypes = toFilterList(params.resourceTypes);
  if (resourceTypes) search.append('resource_type.filter', resourceTypes);
  if (params.resourceId) search.append('resource_id', `eq.${params.resourceId}`);
  const names = toFilterList(params.names);
  if (names) search.append('name.filter', names);
  const statuses = toFilterList(params.statuses);
  if (statuses) search.append('status.filter', statuses);
  // The sort, then `id` so pages never overlap.
  search.append('order', `${params.sortBy}.${params.sortOrder},id.asc`);
  if (params.from && params.to) {
    search.append('and', `(created_at.gt.${params.from},created_at.lt.${params.to})`);
  }
  if (params.minDurationMs > 0) {
    search.append('duration_millis', `gte.${Math.round(params.minDurationMs)}`);
  }
  return search.toString();
}

export interface JobHistoryPage {
  rows: JobHistoryRow[];
  total: number | undefined;
}

export async function listJobHistory(
  client: ApiClient,
  params: JobHistoryParams,
  signal?: AbortSignal,
): Promise<JobHistoryPage> {
  try {
    const response = await client.request<JobHistoryRow[] | null>('/db/job_histories', {
      query: jobHistoryQuery(params),
      headers: { Prefer: 'count=exact' },
      signal,
    });
    const range = response.headers.get('content-range');
    const total = range ? Number(range.split('/')[1]) : undefined;
    return {
      rows: response.data ?? [],
      total: total === undefined || Number.isNaN(total) ? undefined : total,
    };
  } catch (error: unknown) {
    if (error instanceof Error && 'status' in error && error.status === 416) {
      return { rows: [], total: undefined };
    }
    throw error;
  }
}

export async function listJobNames(client: ApiClient, signal?: AbortSignal): Promise<string[]> {
  const result = await selectRows<{ name: string | null }>(
    client,
    from('job_history_names').order({ column: 'name' }),
    { signal },
  );
  return result.rows.map((row) => row.name).filter((name): name is string => Boolean(name));
}

export const jobHistoryKeys = {
  all: (baseUrl: string) => ['job-history', baseUrl] as const,
  list: (baseUrl: string, params: JobHistoryParams) =>
    [...jobHistoryKeys.all(baseUrl), 'list', params] as const,
  names: (baseUrl: string) => [...jobHistoryKeys.all(baseUrl), 'names'] as const,
};

export const jobHistoryQueries = {
  list: (client: ApiClient, params: JobHistoryParams) =>
    queryOptions({
      queryKey: jobHistoryKeys.list(client.baseUrl, params),
      queryFn: ({ signal }) => listJobHistory(client, params, signal),
      placeholderData: keepPreviousData,
    }),
  names: (client: ApiClient) =>
    queryOptions({
      queryKey: jobHistoryKeys.names(client.baseUrl),
      queryFn: ({ signal }) => listJobNames(client, signal),
      staleTime: 60_000,
    }),
};

export function useJobHistory(params: JobHistoryParams) {
  const client = useApiClient();
  return useQuery(jobHistoryQueries.list(client, params));
}

export function useJobNames() {
  const client = useApiClient();
  return useQuery(jobHistoryQueries.names(client));
}
