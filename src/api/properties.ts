/**
 * Properties and feature flags: `GET /properties` (contract api.md §9.1), which merges
 * server-local properties; flags are read from here, not from `/db/properties`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { PropertyRow } from './types';

export type { PropertyRow } from './types';

export async function listProperties(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<PropertyRow[]> {
  const rows = await client.get<PropertyRow[] | null>('/properties', { signal });
  return Array.isArray(rows) ? rows : [];
}

export const propertyKeys = {
  all: (baseUrl: string) => ['properties', baseUrl] as const,
  list: (baseUrl: string) => [...propertyKeys.all(baseUrl), 'list'] as const,
};

export const propertyQueries = {
  /** Loaded once after the session check; reloaded by invalidating `propertyKeys.all`. */
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: propertyKeys.list(client.baseUrl),
      queryFn: ({ signal }) => listProperties(client, signal),
      staleTime: Infinity,
    }),
};
