/**
 * Connections (spec doc 3 §2.2, §7): the generic table calls on `connections` (postgrest.md §8:
 * `GET /connections?select=*,created_by(AVATAR)&deleted_at=is.null&order=created_at.desc&limit=100`,
 * POST, PATCH by id, soft delete by `deleted_at`) with `created_by` set on create and update, and
 * `POST /connection/test/{id}` (api.md §12). Stored secrets come back masked as `***`.
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
import { ApiError, NETWORK_MESSAGES, type ApiClient } from './client';
import { from } from './postgrest';

/** A `connections` row as read (secrets masked). */
export interface Connection {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  insecure_tls: boolean | null;
  source?: string | null;
  created_at?: string;
  updated_at?: string;
  created_by?: { id: string; name: string; avatar?: string | null } | string | null;
}

/** The columns a form writes. */
export interface ConnectionWrite {
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown>;
  insecure_tls: boolean;
}

/** Settings list limit (spec doc 3 §9). */
export const CONNECTION_LIST_LIMIT = 100;

export const CONNECTION_TOASTS = {
  added: 'Connection added successfully',
  updated: 'Connection updated successfully',
  deleted: 'Connection deleted successfully',
  testOk: 'Connection successful',
  testFailed: 'Testing connection failed!',
  testUnsupported: 'We currently do not support testing this connection type',
} as const;

export async function listConnections(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<Connection[]> {
  const query = from('connections')
    .select('*,created_by(id,name,avatar)')
    .is('deleted_at', 'null')
    .order({ column: 'created_at', ascending: false })
    .limit(CONNECTION_LIST_LIMIT);
  const rows = await client.get<Connection[] | null>(query.path, {
    query: query.toString(),
    headers: query.headers,
    signal: options.signal,
  });
  return rows ?? [];
}

export async function createConnection(
  client: ApiClient,
  input: ConnectionWrite,
  createdBy: string | undefined,
): Promise<Connection | null> {
  const query = from('connections');
  const rows = await client.post<Connection[] | null>(
    query.path,
    { ...input, ...(createdBy ? { created_by: createdBy } : {}) },
    { headers: { Prefer: 'return=representation' } },
  );
  return rows?.[0] ?? null;
}

async function patchConnection(client: ApiClient, id: string, body: Record<string, unknown>) {
  const query = from('connections').eq('id', id);
  const rows = await client.patch<Connection[] | null>(query.path, body, {
    query: query.toString(),
    headers: { Prefer: 'return=representation' },
  });
  if (Array.isArray(rows) && rows.length === 0) throw new Error('Connection not found');
  return rows?.[0] ?? null;
}

export function updateConnection(
  client: ApiClient,
  id: string,
  input: ConnectionWrite,
  createdBy: string | undefined,
) {
  return patchConnection(client, id, {
    ...input,
    ...(createdBy ? { created_by: createdBy } : {}),
  });
}

/** Soft delete (spec doc 3 §4): `deleted_at` = now. */
export function deleteConnection(client: ApiClient, id: string) {
  return patchConnection(client, id, { deleted_at: 'now()' });
}

export type TestResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * The toast of a test answer (spec doc 3 §8): 200 with `message: "ok"` is 'Connection
 * successful'; 501 'We currently do not support testing this connection type'; 400 the server's
 * error (formatted when it is JSON), else 'Testing connection failed!'; anything else 'Testing
 * connection failed!'.
 */
export function testResultOf(status: number, body: unknown): TestResult {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  if (status === 200) {
    return record?.message === 'ok'
      ? { ok: true, message: CONNECTION_TOASTS.testOk }
      : { ok: false, message: CONNECTION_TOASTS.testFailed };
  }
  if (status === 501) return { ok: false, message: CONNECTION_TOASTS.testUnsupported };
  if (status === 400) {
    const error = record?.error ?? (typeof body === 'string' ? body : undefined);
    if (typeof error === 'string' && error.trim() !== '') {
      try {
        const parsed: unknown = JSON.parse(error);
        if (parsed && typeof parsed === 'object') {
          return { ok: false, message: JSON.stringify(parsed, null, 2) };
        }
      } catch {
        // Not JSON: shown as text.
      }
      return { ok: false, message: error };
    }
  }
  return { ok: false, message: CONNECTION_TOASTS.testFailed };
}

/** `POST /connection/test/{id}`, answered as the toast to show. */
export async function testConnection(client: ApiClient, id: string): Promise<TestResult> {
  try {
    const response = await client.request<unknown>(`/connection/test/${encodeURIComponent(id)}`, {
      method: 'POST',
    });
    return testResultOf(response.status, response.data);
  } catch (error: unknown) {
    if (error instanceof ApiError && error.kind === 'http') {
      return testResultOf(error.status, error.body);
    }
    if (
      error instanceof ApiError &&
      (error.kind === 'timeout' || error.kind === 'network' || error.kind === 'offline')
    ) {
      return { ok: false, message: NETWORK_MESSAGES[error.kind] };
    }
    return { ok: false, message: CONNECTION_TOASTS.testFailed };
  }
}

export const connectionKeys = {
  all: (baseUrl: string) => ['connections', baseUrl] as const,
  list: (baseUrl: string) => [...connectionKeys.all(baseUrl), 'list'] as const,
};

export const connectionQueries = {
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: connectionKeys.list(client.baseUrl),
      queryFn: ({ signal }) => listConnections(client, { signal }),
    }),
};

export function useConnections(): UseQueryResult<Connection[]> {
  const client = useApiClient();
  return useQuery(connectionQueries.list(client));
}

function useInvalidateConnections() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: connectionKeys.all(client.baseUrl) });
}

export function useSaveConnection() {
  const client = useApiClient();
  const invalidate = useInvalidateConnections();
  return useMutation({
    mutationFn: ({
      id,
      input,
      createdBy,
    }: {
      id?: string;
      input: ConnectionWrite;
      createdBy?: string;
    }) =>
      id
        ? updateConnection(client, id, input, createdBy)
        : createConnection(client, input, createdBy),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useDeleteConnection() {
  const client = useApiClient();
  const invalidate = useInvalidateConnections();
  return useMutation({
    mutationFn: (id: string) => deleteConnection(client, id),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useTestConnection() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: string) => testConnection(client, id) });
}
