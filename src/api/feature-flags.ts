/**
 * Feature flags (spec doc 3 §2.3, §7; postgrest.md §8.2): the rows of `/db/properties` with their
 * creator, merged with `GET /properties` (api.md §9.1) for the source — server-local flags come
 * first, shadow database rows and cannot be edited. Writes go through `/db/properties`; after a
 * write the flags in effect are reloaded, so the console reacts at once (sidebar entries).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';
import { listProperties, propertyKeys } from './properties';
import type { PersonAvatar } from './types';

export const LOCAL_FLAG_ERROR = 'Cannot edit local feature flags';
export const FLAG_MISSING_DETAILS = 'please provide all details';
export const FLAG_ADDED = 'Feature flag added successfully';
export const FLAG_UPDATED = 'Feature flag updated successfully';
export const FLAG_REMOVED = 'Feature flag removed successfully';

export interface FeatureFlag {
  name: string;
  value: string;
  description?: string;
  /** 'local' (server configuration; read-only) or 'db'. */
  source: string;
  created_by?: PersonAvatar | null;
  created_at?: string | null;
  updated_at?: string | null;
}

interface PropertyDbRow {
  name: string;
  value: string;
  created_by: PersonAvatar | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at?: string | null;
}

/** Local flags first (they shadow database rows of the same name), then database rows by name. */
export function mergeFlags(
  effective: readonly { name: string; value: string; source?: string; description?: string }[],
  rows: readonly PropertyDbRow[],
): FeatureFlag[] {
  const local = effective.filter((row) => row.source === 'local');
  const localNames = new Set(local.map((row) => row.name));
  const flags: FeatureFlag[] = local.map((row) => ({
    name: row.name,
    value: row.value,
    source: 'local',
    ...(row.description ? { description: row.description } : {}),
  }));
  for (const row of [...rows].sort((a, b) => a.name.localeCompare(b.name))) {
    if (localNames.has(row.name) || row.deleted_at) continue;
    flags.push({
      name: row.name,
      value: row.value,
      source: 'db',
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
    });
  }
  return flags;
}

export async function listFeatureFlags(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<FeatureFlag[]> {
  const [effective, rows] = await Promise.all([
    listProperties(client, signal),
    selectRows<PropertyDbRow>(client, from('properties').select('*,created_by(id,name,avatar)'), {
      signal,
    }),
  ]);
  return mergeFlags(effective, rows.rows);
}

export interface FlagInput {
  name: string;
  value: string;
}

/** 'please provide all details' when the name or the value is blank. */
export function validateFlag(input: FlagInput): string | undefined {
  return input.name.trim() === '' || input.value.trim() === '' ? FLAG_MISSING_DETAILS : undefined;
}

export async function createFeatureFlag(
  client: ApiClient,
  input: FlagInput & { createdBy?: string | undefined },
): Promise<void> {
  await client.post('/db/properties', {
    name: input.name.trim(),
    value: input.value.trim(),
    ...(input.createdBy ? { created_by: input.createdBy } : {}),
  });
}

export async function updateFeatureFlag(client: ApiClient, input: FlagInput): Promise<void> {
  const query = from('properties').eq('name', input.name);
  await client.patch(query.path, { value: input.value.trim() }, { query: query.toString() });
}

export async function deleteFeatureFlag(client: ApiClient, name: string): Promise<void> {
  const query = from('properties').eq('name', name);
  await client.delete(query.path, { query: query.toString() });
}

export const featureFlagKeys = {
  all: (baseUrl: string) => ['feature-flags', baseUrl] as const,
};

export const featureFlagQueries = {
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: featureFlagKeys.all(client.baseUrl),
      queryFn: ({ signal }) => listFeatureFlags(client, signal),
    }),
};

export function useFeatureFlags() {
  const client = useApiClient();
  return useQuery(featureFlagQueries.list(client));
}

/** After a write: the page's list and the flags in effect (sidebar, in-page actions). */
function useInvalidateFlags() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: featureFlagKeys.all(client.baseUrl) }),
      queryClient.invalidateQueries({ queryKey: propertyKeys.all(client.baseUrl) }),
    ]);
}

export function useSaveFeatureFlag() {
  const client = useApiClient();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: (input: FlagInput & { mode: 'create' | 'update'; createdBy?: string }) =>
      input.mode === 'create' ? createFeatureFlag(client, input) : updateFeatureFlag(client, input),
    onSettled: () => invalidate(),
  });
}

export function useDeleteFeatureFlag() {
  const client = useApiClient();
  const invalidate = useInvalidateFlags();
  return useMutation({
    mutationFn: (name: string) => deleteFeatureFlag(client, name),
    onSettled: () => invalidate(),
  });
}
