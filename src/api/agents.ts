/**
 * Agents: the paged `agents_summary` list and one agent by id (postgrest.md §8.2), creation
 * through `POST /agent/generate` (api.md §7.1), and edit / soft delete through `PATCH
 * /db/agents`. Types → fetchers → keys → query options → hooks → mutations.
 */
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { ApiError, totalFromContentRange, type ApiClient } from './client';
import { from } from './postgrest';
import type { AgentSummary, GenerateAgentRequest, GenerateAgentResponse } from './types';

export type {
  Agent,
  AgentSummary,
  GenerateAgentRequest,
  GenerateAgentResponse,
  PersonAvatar,
} from './types';

/** The all-zero id of the local agent (the instance itself; it is never deleted). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** Page sizes of the agents table and its default (spec doc 1 §9). */
export const AGENT_PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_AGENT_PAGE_SIZE = 50;

/** Columns the agents list may be ordered by (all are `agents_summary` columns). */
export const AGENT_SORT_COLUMNS = [
  'name',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'last_seen',
  'last_received',
  'created_at',
  'updated_at',
] as const;
export type AgentSortColumn = (typeof AGENT_SORT_COLUMNS)[number];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_AGENT_SORT: { sortBy: AgentSortColumn; sortOrder: SortOrder } = {
  sortBy: 'created_at',
  sortOrder: 'desc',
};

/** The person columns embedded for "Created By" (`AVATAR` in postgrest.md §8). */
const AVATAR = 'id,name,avatar';

/** Stale time of agent queries (spec doc 1 §9: 300 000 ms). */
export const AGENT_STALE_TIME_MS = 300_000;

export interface AgentListParams {
  pageIndex: number;
  pageSize: number;
  sortBy: AgentSortColumn;
  sortOrder: SortOrder;
}

export interface AgentPage {
  rows: AgentSummary[];
  /** From `Content-Range`; undefined when the server did not count. */
  total: number | undefined;
}

/** Read the total of a `Content-Range` header that may sit on a response or an error. */
function totalOf(headers: Headers | undefined): number | undefined {
  return totalFromContentRange(headers?.get('content-range'));
}

/**
 * The query of one page: one `select` with the creator embedded, one `order` (the user's column,
 * NULLs sorted as "none", then `id` so that pages never overlap), limit and offset, counted.
 */
export function agentListQuery(params: AgentListParams) {
  const ascending = params.sortOrder === 'asc';
  return from('agents_summary')
    .select(`*,created_by(${AVATAR})`)
    .order(
      { column: params.sortBy, ascending, nulls: ascending ? 'first' : 'last' },
      { column: 'id', ascending: true },
    )
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

/** One page of agents with the total (`Prefer: count=exact`); 416 (past the end) is empty. */
export async function listAgents(
  client: ApiClient,
  params: AgentListParams,
  options: { signal?: AbortSignal } = {},
): Promise<AgentPage> {
  const query = agentListQuery(params);
  try {
    const response = await client.request<AgentSummary[] | null>(query.path, {
      query: query.toString(),
      headers: query.headers,
      signal: options.signal,
    });
    return { rows: response.data ?? [], total: totalOf(response.headers) };
  } catch (error: unknown) {
    // Offset beyond the total: an empty page whose `Content-Range: */<total>` still counts.
    if (error instanceof ApiError && error.status === 416) {
      return { rows: [], total: totalOf(error.headers) };
    }
    throw error;
  }
}

/** One agent's summary, or null when there is no such (non-deleted) agent. */
export async function getAgent(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<AgentSummary | null> {
  const query = from('agents_summary').select('*').eq('id', id);
  const rows = await client.get<AgentSummary[] | null>(query.path, {
    query: query.toString(),
    headers: query.headers,
    signal: options.signal,
  });
  return rows?.[0] ?? null;
}

/** Create an agent and its access token (shown once). */
export async function createAgent(
  client: ApiClient,
  input: GenerateAgentRequest,
): Promise<GenerateAgentResponse> {
  return client.post<GenerateAgentResponse>('/agent/generate', input);
}

async function patchAgent(client: ApiClient, id: string, body: Record<string, unknown>) {
  const query = from('agents').eq('id', id);
  const rows = await client.patch<AgentSummary[] | null>(query.path, body, {
    query: query.toString(),
    headers: query.headers,
  });
  // With `return=representation` an empty array means no row matched.
  if (Array.isArray(rows) && rows.length === 0) throw new Error('Agent not found');
  return rows?.[0] ?? null;
}

/** Replace an agent's properties (the name is read-only after creation). */
export async function updateAgent(
  client: ApiClient,
  id: string,
  input: { properties: Record<string, string> },
) {
  return patchAgent(client, id, { properties: input.properties });
}

/**
 * Soft delete: `deleted_at` = now, in one PATCH with `cleanup: true` when the agent's resources
 * (topologies, components, canaries, checks, scrapers, config items) should go too.
 */
export async function deleteAgent(client: ApiClient, id: string, input: { cleanup: boolean }) {
  return patchAgent(client, id, {
    deleted_at: 'now()',
    ...(input.cleanup ? { cleanup: true } : {}),
  });
}

/** Query keys. The client's base URL is part of every key (widgets may use several APIs). */
export const agentKeys = {
  all: (baseUrl: string) => ['agents', baseUrl] as const,
  lists: (baseUrl: string) => [...agentKeys.all(baseUrl), 'list'] as const,
  list: (baseUrl: string, params: AgentListParams) =>
    [...agentKeys.lists(baseUrl), params] as const,
  detail: (baseUrl: string, id: string) => [...agentKeys.all(baseUrl), 'detail', id] as const,
};

/** How often the list is refetched: the Online state needs `last_seen` fresher than 61 s. */
export const AGENT_LIST_REFETCH_MS = 30_000;

export const agentQueries = {
  list: (client: ApiClient, params: AgentListParams) =>
    queryOptions({
      queryKey: agentKeys.list(client.baseUrl, params),
      queryFn: ({ signal }) => listAgents(client, params, { signal }),
      staleTime: AGENT_STALE_TIME_MS,
      refetchInterval: AGENT_LIST_REFETCH_MS,
      // Keep the previous page on screen while the next one loads.
      placeholderData: (previous) => previous,
    }),
  detail: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: agentKeys.detail(client.baseUrl, id),
      queryFn: ({ signal }) => getAgent(client, id, { signal }),
      staleTime: AGENT_STALE_TIME_MS,
    }),
};

export function useAgents(params: AgentListParams): UseQueryResult<AgentPage> {
  const client = useApiClient();
  return useQuery(agentQueries.list(client, params));
}

/**
 * One agent by id; disabled without an id. `placeholder` (e.g. the row of the list the user
 * clicked) is shown while the agent loads.
 */
export function useAgent(
  id: string | undefined,
  placeholder?: AgentSummary,
): UseQueryResult<AgentSummary | null> {
  const client = useApiClient();
  return useQuery({
    ...agentQueries.detail(client, id ?? ''),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

function useInvalidateAgents() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: agentKeys.all(client.baseUrl) });
}

export function useCreateAgent() {
  const client = useApiClient();
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: (input: GenerateAgentRequest) => createAgent(client, input),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useUpdateAgent() {
  const client = useApiClient();
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, properties }: { id: string; properties: Record<string, string> }) =>
      updateAgent(client, id, { properties }),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useDeleteAgent() {
  const client = useApiClient();
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: ({ id, cleanup }: { id: string; cleanup: boolean }) =>
      deleteAgent(client, id, { cleanup }),
    onSuccess: () => {
      void invalidate();
    },
  });
}
