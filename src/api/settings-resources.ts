/**
 * Generic settings resources (spec doc 3 §2.1, §7; contract postgrest.md §8.8): one module for
 * every `/settings/{table}` list and editor. The list reads `{table}_with_status` where that view
 * exists (teams, topologies, canaries, config scrapers) and the base table otherwise; create,
 * get, update and the soft delete (`deleted_at: now()`) go to the base table with only its own
 * columns. The spec editors' JSON schemas come from `GET /schemas/<file>` (api.md §9.3).
 * Types → fetchers → keys → query options → hooks → mutations.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows, type PostgrestQuery } from './postgrest';
import type { PersonAvatar } from './types';

/** The tables of the generic editor (connections has its own page). */
export const SETTINGS_TABLES = [
  'config_scrapers',
  'topologies',
  'canaries',
  'logging_backends',
  'notifications',
  'properties',
  'incident_rules',
  'teams',
] as const;
export type SettingsTable = (typeof SETTINGS_TABLES)[number];

export function isSettingsTable(value: string): value is SettingsTable {
  return (SETTINGS_TABLES as readonly string[]).includes(value);
}

/** Tables read through a `_with_status` view (schema.md §11: only these have one). */
const WITH_STATUS: ReadonlySet<SettingsTable> = new Set([
  'teams',
  'topologies',
  'canaries',
  'config_scrapers',
]);

/** Spec doc 3 §9: "Settings list limit 100". */
export const SETTINGS_PAGE_SIZE = 100;
export const SETTINGS_PAGE_SIZES = [25, 50, 100] as const;
export const SETTINGS_STALE_TIME_MS = 30_000;

/** A list row (spec doc 3 §3 "Resource list row"); columns a table lacks are absent. */
export interface SettingsResourceRow {
  id?: string;
  name: string;
  namespace?: string | null;
  schedule?: string | null;
  spec?: unknown;
  source?: string | null;
  icon?: string | null;
  description?: string | null;
  value?: string | null;
  agent_id?: string | null;
  agent?: { id: string; name: string; description?: string | null } | null;
  job_status?: string | null;
  job_details?: unknown;
  job_name?: string | null;
  job_time_start?: string | null;
  last_runtime?: string | null;
  job_last_failed?: string | null;
  labels?: Record<string, string> | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
  created_by?: PersonAvatar | string | null;
  [column: string]: unknown;
}

export type SortOrder = 'asc' | 'desc';

export interface SettingsListParams {
  table: SettingsTable;
  pageIndex: number;
  pageSize: number;
  sortBy: string;
  sortOrder: SortOrder;
  /** Case-insensitive part of the name. */
  search: string;
}

/** The relation a table's list reads. */
export function listRelation(table: SettingsTable): string {
  return WITH_STATUS.has(table) ? `${table}_with_status` : table;
}

/** The key column of a table (properties are keyed by name). */
export function idColumn(table: SettingsTable): 'id' | 'name' {
  return table === 'properties' ? 'name' : 'id';
}

/** `%`, `_` and `*` are wildcards in `ilike`; a search means the literal text. */
function likePattern(search: string): string {
  return `*${search.replace(/[\\%_*]/g, (char) => `\\${char}`)}*`;
}

export function settingsListQuery(params: SettingsListParams): PostgrestQuery {
  const select =
    params.table === 'topologies'
      ? '*,created_by(id,name,avatar),agent:agent_id(id,name,description)'
      : '*,created_by(id,name,avatar)';
  const query = from(listRelation(params.table))
    .select(select)
    .is('deleted_at', 'null')
    .order({ column: params.sortBy, ascending: params.sortOrder === 'asc' })
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
  const search = params.search.trim();
  if (search) query.ilike('name', likePattern(search));
  return query;
}

export async function listSettingsResources(
  client: ApiClient,
  params: SettingsListParams,
  options: { signal?: AbortSignal } = {},
): Promise<{ rows: SettingsResourceRow[]; total: number | undefined }> {
  return selectRows<SettingsResourceRow>(client, settingsListQuery(params), options);
}

/** Tables whose `agent_id` references `agents` (so the agent's name can be embedded). */
const AGENT_EMBED: ReadonlySet<SettingsTable> = new Set([
  'canaries',
  'topologies',
  'config_scrapers',
]);

/**
 * One resource by its key from the base table (`GET /{table}?id=eq.{id}`, postgrest.md §8.8), with
 * its creator and agent; null when absent or deleted.
 */
export async function getSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<SettingsResourceRow | null> {
  const select = AGENT_EMBED.has(table)
    ? '*,created_by(id,name,avatar),agent:agent_id(id,name)'
    : '*,created_by(id,name,avatar)';
  const query = from(table).select(select).eq(idColumn(table), id).is('deleted_at', 'null');
  const { rows } = await selectRows<SettingsResourceRow>(client, query, options);
  return rows[0] ?? null;
}

/** `POST /{table}` with the base table's columns; the stored row. */
export async function createSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  body: Record<string, unknown>,
): Promise<SettingsResourceRow | null> {
  const query = from(table);
  const rows = await client.post<SettingsResourceRow[] | null>(query.path, body, {
    headers: { Prefer: 'return=representation' },
  });
  return rows?.[0] ?? null;
}

async function patchResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
  body: Record<string, unknown>,
): Promise<SettingsResourceRow | null> {
  const query = from(table).eq(idColumn(table), id);
  const rows = await client.patch<SettingsResourceRow[] | null>(query.path, body, {
    query: query.toString(),
    headers: { Prefer: 'return=representation' },
  });
  if (Array.isArray(rows) && rows.length === 0) throw new Error('The resource no longer exists');
  return rows?.[0] ?? null;
}

/** `PATCH /{table}?id=eq.{id}` with the edited base-table columns. */
export async function updateSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
  body: Record<string, unknown>,
): Promise<SettingsResourceRow | null> {
  return patchResource(client, table, id, body);
}

/** Soft delete: `PATCH /{table}?id=eq.{id}` `{"deleted_at": "now()"}` (spec doc 3 §4). */
export async function deleteSettingsResource(
  client: ApiClient,
  table: SettingsTable,
  id: string,
): Promise<void> {
  await patchResource(client, table, id, { deleted_at: 'now()' });
}

/** A JSON schema document (`GET /schemas/<file>`). */
export type JsonSchemaDocument = Record<string, unknown>;

const SCHEMA_FILE = /^[A-Za-z0-9_.-]{1,80}\.schema\.json$/;

export async function getSchema(
  client: ApiClient,
  file: string,
  options: { signal?: AbortSignal } = {},
): Promise<JsonSchemaDocument> {
  if (!SCHEMA_FILE.test(file)) throw new Error(`Not a schema file: ${file}`);
  return client.get<JsonSchemaDocument>(`/schemas/${file}`, { signal: options.signal });
}

// ---- keys and query options ----

export const settingsResourceKeys = {
  all: (baseUrl: string) => ['settings-resources', baseUrl] as const,
  table: (baseUrl: string, table: SettingsTable) =>
    [...settingsResourceKeys.all(baseUrl), table] as const,
  list: (baseUrl: string, params: SettingsListParams) =>
    [...settingsResourceKeys.table(baseUrl, params.table), 'list', params] as const,
  detail: (baseUrl: string, table: SettingsTable, id: string) =>
    [...settingsResourceKeys.table(baseUrl, table), 'detail', id] as const,
  schema: (baseUrl: string, file: string) => ['schemas', baseUrl, file] as const,
};

export const settingsResourceQueries = {
  list: (client: ApiClient, params: SettingsListParams) =>
    queryOptions({
      queryKey: settingsResourceKeys.list(client.baseUrl, params),
      queryFn: ({ signal }) => listSettingsResources(client, params, { signal }),
      staleTime: SETTINGS_STALE_TIME_MS,
      // Keep the previous page of the same table while the next one loads (a new sort, page or
      // search): the key is ['settings-resources', baseUrl, table, 'list', params].
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[2] === params.table ? previous : undefined,
    }),
  detail: (client: ApiClient, table: SettingsTable, id: string) =>
    queryOptions({
      queryKey: settingsResourceKeys.detail(client.baseUrl, table, id),
      queryFn: ({ signal }) => getSettingsResource(client, table, id, { signal }),
      staleTime: SETTINGS_STALE_TIME_MS,
    }),
  schema: (client: ApiClient, file: string) =>
    queryOptions({
      queryKey: settingsResourceKeys.schema(client.baseUrl, file),
      queryFn: ({ signal }) => getSchema(client, file, { signal }),
      // Static documents: fetched once per session.
      staleTime: Infinity,
      gcTime: Infinity,
    }),
};

export function useSettingsResources(
  params: SettingsListParams,
): UseQueryResult<{ rows: SettingsResourceRow[]; total: number | undefined }> {
  const client = useApiClient();
  return useQuery(settingsResourceQueries.list(client, params));
}

export function useSettingsResource(
  table: SettingsTable,
  id: string | undefined,
): UseQueryResult<SettingsResourceRow | null> {
  const client = useApiClient();
  return useQuery({
    ...settingsResourceQueries.detail(client, table, id ?? ''),
    enabled: Boolean(id),
  });
}

/** The JSON schema of a spec editor; disabled without a file. */
export function useSchema(file: string | undefined): UseQueryResult<JsonSchemaDocument> {
  const client = useApiClient();
  return useQuery({
    ...settingsResourceQueries.schema(client, file ?? 'none.schema.json'),
    enabled: Boolean(file),
  });
}

function useInvalidateTable() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return (table: SettingsTable) =>
    queryClient.invalidateQueries({ queryKey: settingsResourceKeys.table(client.baseUrl, table) });
}

export function useCreateSettingsResource() {
  const client = useApiClient();
  const invalidate = useInvalidateTable();
  return useMutation({
    mutationFn: ({ table, body }: { table: SettingsTable; body: Record<string, unknown> }) =>
      createSettingsResource(client, table, body),
    onSuccess: (_row, { table }) => {
      void invalidate(table);
    },
  });
}

export function useUpdateSettingsResource() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTable();
  return useMutation({
    mutationFn: ({
      table,
      id,
      body,
    }: {
      table: SettingsTable;
      id: string;
      body: Record<string, unknown>;
    }) => updateSettingsResource(client, table, id, body),
    onSuccess: (_row, { table }) => {
      // The resource's page must not show its old version next time it opens: the fresh one
      // landing a moment later would remount the editor (keyed by updated_at) and close a
      // confirmation the user had just opened.
      queryClient.removeQueries({
        queryKey: [...settingsResourceKeys.table(client.baseUrl, table), 'detail'],
      });
      void invalidate(table);
    },
  });
}

export function useDeleteSettingsResource() {
  const client = useApiClient();
  const invalidate = useInvalidateTable();
  return useMutation({
    mutationFn: ({ table, id }: { table: SettingsTable; id: string }) =>
      deleteSettingsResource(client, table, id),
    onSuccess: (_row, { table }) => {
      void invalidate(table);
    },
  });
}
