/**
 * Integrations (spec doc 3 §2.6; postgrest.md §8.8): config scrapers, topologies and log backends
 * seen as one list (`integrations_with_status`), paged and sorted by the server, counted. The edit
 * page loads the row from its own table by `integration_type`.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

export const INTEGRATION_PAGE_SIZES = [25, 50, 100] as const;
export const INTEGRATION_PAGE_SIZE = 50;

/** Route segment → the table the row lives in (`/settings/integrations/{type}/{id}`). */
export const INTEGRATION_TABLES = {
  scrapers: 'config_scrapers',
  topologies: 'topologies',
  logging_backends: 'logging_backends',
} as const;
export type IntegrationRouteType = keyof typeof INTEGRATION_TABLES;

export function isIntegrationRouteType(value: string): value is IntegrationRouteType {
  return Object.prototype.hasOwnProperty.call(INTEGRATION_TABLES, value);
}

/** The view's `integration_type` → the route segment (the view says `logging` for backends). */
export function integrationRouteType(
  type: string | null | undefined,
): IntegrationRouteType | undefined {
  if (type === 'scrapers' || type === 'topologies') return type;
  if (type === 'logging' || type === 'logging_backends') return 'logging_backends';
  return undefined;
}

export const INTEGRATION_SORT_COLUMNS = [
  'name',
  'integration_type',
  'source',
  'job_status',
  'job_time_start',
  'created_at',
  'updated_at',
] as const;
export type IntegrationSortColumn = (typeof INTEGRATION_SORT_COLUMNS)[number];

export interface IntegrationRow {
  id: string;
  name: string;
  namespace?: string | null;
  description?: string | null;
  source: string | null;
  integration_type: string;
  agent: { id: string; name: string } | null;
  job_status: string | null;
  job_details: Record<string, unknown> | null;
  job_name: string | null;
  job_time_start: string | null;
  created_by: string | null;
  creator_name?: string | null;
  creator_avatar?: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface IntegrationListParams {
  pageIndex: number;
  pageSize: number;
  sortBy: IntegrationSortColumn;
  sortOrder: 'asc' | 'desc';
}

export function integrationListQuery(params: IntegrationListParams) {
  return from('integrations_with_status')
    .select('*')
    .is('deleted_at', 'null')
    .order(
      { column: params.sortBy, ascending: params.sortOrder === 'asc' },
      { column: 'id', ascending: true },
    )
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

export async function listIntegrations(
  client: ApiClient,
  params: IntegrationListParams,
  signal?: AbortSignal,
): Promise<{ rows: IntegrationRow[]; total: number | undefined }> {
  return selectRows<IntegrationRow>(client, integrationListQuery(params), { signal });
}

export const integrationKeys = {
  all: (baseUrl: string) => ['integrations', baseUrl] as const,
  list: (baseUrl: string, params: IntegrationListParams) =>
    [...integrationKeys.all(baseUrl), 'list', params] as const,
};

export const integrationQueries = {
  list: (client: ApiClient, params: IntegrationListParams) =>
    queryOptions({
      queryKey: integrationKeys.list(client.baseUrl, params),
      queryFn: ({ signal }) => listIntegrations(client, params, signal),
      placeholderData: keepPreviousData,
    }),
};

export function useIntegrations(params: IntegrationListParams) {
  const client = useApiClient();
  return useQuery(integrationQueries.list(client, params));
}
