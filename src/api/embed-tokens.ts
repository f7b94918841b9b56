/**
 * Embed tokens (Vigil-only, docs/embed-tokens.md): scoped, read-only tokens for the widgets.
 * `GET /embed-tokens` lists them without secrets, `POST /embed-tokens` mints one (the token is in
 * that response only), `DELETE /embed-tokens/{id}` revokes one.
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
import type { CreateEmbedTokenInput, CreatedEmbedToken, EmbedToken } from './types';

export type {
  CreateEmbedTokenInput,
  CreatedEmbedToken,
  EmbedToken,
  EmbedTokenScope,
  EmbedTokenStatus,
} from './types';

/** Every embed token, newest first, without secrets. */
export async function listEmbedTokens(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<EmbedToken[]> {
  const rows = await client.get<EmbedToken[] | null>('/embed-tokens', { signal: options.signal });
  return rows ?? [];
}

/** Mint a token; the response carries the token, shown once. */
export async function createEmbedToken(
  client: ApiClient,
  input: CreateEmbedTokenInput,
): Promise<CreatedEmbedToken> {
  return client.post<CreatedEmbedToken>('/embed-tokens', input);
}

/** Revoke a token (idempotent); resolves to the revoked token. */
export async function revokeEmbedToken(client: ApiClient, id: string): Promise<EmbedToken> {
  return client.delete<EmbedToken>(`/embed-tokens/${encodeURIComponent(id)}`);
}

/** Query keys. The client's base URL is part of every key. */
export const embedTokenKeys = {
  all: (baseUrl: string) => ['embed-tokens', baseUrl] as const,
  list: (baseUrl: string) => [...embedTokenKeys.all(baseUrl), 'list'] as const,
};

export const embedTokenQueries = {
  list: (client: ApiClient) =>
    queryOptions({
      queryKey: embedTokenKeys.list(client.baseUrl),
      queryFn: ({ signal }) => listEmbedTokens(client, { signal }),
      // Statuses turn to "expired" with time and "last used" moves: refresh now and then.
      staleTime: 30_000,
      refetchInterval: 60_000,
    }),
};

export function useEmbedTokens(): UseQueryResult<EmbedToken[]> {
  const client = useApiClient();
  return useQuery(embedTokenQueries.list(client));
}

function useInvalidateEmbedTokens() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: embedTokenKeys.all(client.baseUrl) });
}

export function useCreateEmbedToken() {
  const client = useApiClient();
  const invalidate = useInvalidateEmbedTokens();
  return useMutation({
    mutationFn: (input: CreateEmbedTokenInput) => createEmbedToken(client, input),
    onSuccess: () => {
      void invalidate();
    },
  });
}

export function useRevokeEmbedToken() {
  const client = useApiClient();
  const invalidate = useInvalidateEmbedTokens();
  return useMutation({
    mutationFn: (id: string) => revokeEmbedToken(client, id),
    onSuccess: () => {
      void invalidate();
    },
  });
}
