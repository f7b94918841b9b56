/**
 * Health checks: the dashboard summary (`GET /canary/api/summary`) and one check's graph
 * (`GET /canary/api/graph`), contract api.md §3.1–3.2. Types → fetchers → keys → query options.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { CanarySummaryResponse, CheckGraphResponse, CheckSummary } from './types';

export type { CheckSummary, CheckGraphResponse } from './types';

/** The summary's checks; `checks_summary` is omitted by Mission Control when there are none. */
export async function listCheckSummaries(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<CheckSummary[]> {
  const body = await client.get<CanarySummaryResponse>('/canary/api/summary', {
    signal: options.signal,
  });
  return body?.checks_summary ?? [];
}

export interface CheckGraphParams {
  checkId: string;
  /** A range key (`1h`, `1w`…) or an RFC 3339 timestamp (month keys are converted by the caller). */
  start: string;
  end?: string;
}

export async function getCheckGraph(
  client: ApiClient,
  params: CheckGraphParams,
  options: { signal?: AbortSignal } = {},
): Promise<CheckGraphResponse> {
  return client.get<CheckGraphResponse>('/canary/api/graph', {
    query: { check: params.checkId, start: params.start, end: params.end },
    signal: options.signal,
  });
}

/** Query keys. The client's base URL is part of every key: widgets may talk to several APIs. */
export const healthKeys = {
  all: (baseUrl: string) => ['health', baseUrl] as const,
  summary: (baseUrl: string) => [...healthKeys.all(baseUrl), 'summary'] as const,
  graph: (baseUrl: string, params: CheckGraphParams) =>
    [...healthKeys.all(baseUrl), 'graph', params] as const,
};

export const healthQueries = {
  /**
   * The dashboard summary. `refetchInterval` is the refresh rate in ms (false = off); React Query
   * passes an AbortSignal, so a request still in flight is cancelled when a new one starts.
   */
  summary: (client: ApiClient, refetchInterval: number | false = false) =>
    queryOptions({
      queryKey: healthKeys.summary(client.baseUrl),
      queryFn: ({ signal }) => listCheckSummaries(client, { signal }),
      refetchInterval,
      placeholderData: (previous) => previous,
    }),
  graph: (client: ApiClient, params: CheckGraphParams) =>
    queryOptions({
      queryKey: healthKeys.graph(client.baseUrl, params),
      queryFn: ({ signal }) => getCheckGraph(client, params, { signal }),
    }),
};
