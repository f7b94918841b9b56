/**
 * Logs (contract api.md §6, postgrest.md §8.4): the component dropdown's sources
 * (`/db/components_with_logs`, `/db/component_names`) and the log search `POST /logs`.
 * Types → fetchers → keys → query options, in the style of `catalog.ts`. The log selectors of a
 * component come from the topology tree (`topologyQueries.component`, its `logs` names).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { from, selectRows } from './postgrest';

// ---- types ----

/** A `components_with_logs` row (schema.md §4): non-deleted components with log selectors. */
export interface ComponentWithLogs {
  id: string;
  name: string;
  agent_id?: string | null;
  icon?: string | null;
  type?: string | null;
}

/** A `component_names` row (schema.md §4). */
export interface ComponentName {
  id: string;
  name: string;
  path?: string | null;
  external_id?: string | null;
  type?: string | null;
  icon?: string | null;
  parent_id?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** The body of `POST /logs`. `start` and `end` are RFC 3339 instants (Vigil's server). */
export interface LogSearchParams {
  /** Component id (required). */
  id: string;
  /** Log selector name; empty picks the component's first selector. */
  name?: string;
  /** Case-insensitive substring of the message (Vigil's server; Mission Control ignores it). */
  query?: string;
  labels?: Readonly<Record<string, string>>;
  start?: string;
  end?: string;
}

/** One log line. */
export interface LogLine {
  timestamp: string;
  message: string;
  labels?: Record<string, string> | null;
}

export interface LogSearchResult {
  total: number;
  results: LogLine[];
}

// ---- constants (spec doc 2 §9, api.md §6) ----

/** "500 ms (logs query …)". */
export const LOGS_QUERY_DEBOUNCE_MS = 500;
/** How often a followed (live-tailed) view asks for new lines. */
export const LOGS_FOLLOW_INTERVAL_MS = 5_000;
/** Component lists change rarely; the catalog's filter lists use the same 60 s. */
export const LOGS_COMPONENTS_STALE_TIME_MS = 60_000;

// ---- fetchers ----

/** `GET /db/components_with_logs?order=name.asc`. */
export async function listComponentsWithLogs(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<ComponentWithLogs[]> {
  const { rows } = await selectRows<ComponentWithLogs>(
    client,
    from('components_with_logs').order({ column: 'name', ascending: true }),
    options,
  );
  return rows;
}

/** `GET /db/component_names?id=eq.{id}`; null when there is no such component. */
export async function getComponentName(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ComponentName | null> {
  const { rows } = await selectRows<ComponentName>(
    client,
    from('component_names').eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

/** The wire body: empty strings and an empty label map are left out, as the contract allows. */
export function logSearchBody(params: LogSearchParams): Record<string, unknown> {
  const body: Record<string, unknown> = { id: params.id };
  if (params.name) body.name = params.name;
  const query = params.query?.trim();
  if (query) body.query = query;
  if (params.labels && Object.keys(params.labels).length > 0) body.labels = params.labels;
  if (params.start) body.start = params.start;
  if (params.end) body.end = params.end;
  return body;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answer as the log backend wrote it, made safe to render: lines without a string message are
 * dropped, label values become strings, and `total` falls back to the line count.
 */
export function normalizeLogResult(body: unknown): LogSearchResult {
  const raw = isRecord(body) && Array.isArray(body.results) ? body.results : [];
  const results: LogLine[] = [];
  for (const item of raw) {
    if (!isRecord(item) || typeof item.message !== 'string') continue;
    const labels: Record<string, string> = {};
    if (isRecord(item.labels)) {
      for (const [key, value] of Object.entries(item.labels)) {
        if (value === null || value === undefined) continue;
        labels[key] = typeof value === 'string' ? value : JSON.stringify(value);
      }
    }
    results.push({
      timestamp: typeof item.timestamp === 'string' ? item.timestamp : '',
      message: item.message,
      labels,
    });
  }
  const total =
    isRecord(body) && typeof body.total === 'number' && Number.isFinite(body.total)
      ? body.total
      : results.length;
  return { total, results };
}

/** `POST /logs`. */
export async function searchLogs(
  client: ApiClient,
  params: LogSearchParams,
  options: { signal?: AbortSignal } = {},
): Promise<LogSearchResult> {
  const body = await client.post<unknown>('/logs', logSearchBody(params), {
    signal: options.signal,
  });
  return normalizeLogResult(body);
}

// ---- keys ----

/** What identifies a search in the cache; `range` is the URL form of the time range. */
export interface LogSearchKey {
  id: string;
  name: string;
  query: string;
  range: string;
}

export const logKeys = {
  all: (baseUrl: string) => ['logs', baseUrl] as const,
  componentsWithLogs: (baseUrl: string) => [...logKeys.all(baseUrl), 'components'] as const,
  componentName: (baseUrl: string, id: string) =>
    [...logKeys.all(baseUrl), 'component-name', id] as const,
  search: (baseUrl: string, key: LogSearchKey) => [...logKeys.all(baseUrl), 'search', key] as const,
};

// ---- query options ----

export const logQueries = {
  componentsWithLogs: (client: ApiClient) =>
    queryOptions({
      queryKey: logKeys.componentsWithLogs(client.baseUrl),
      queryFn: ({ signal }) => listComponentsWithLogs(client, { signal }),
      staleTime: LOGS_COMPONENTS_STALE_TIME_MS,
    }),
  componentName: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: logKeys.componentName(client.baseUrl, id),
      queryFn: ({ signal }) => getComponentName(client, id, { signal }),
      staleTime: LOGS_COMPONENTS_STALE_TIME_MS,
    }),
  /**
   * One search. `resolveRange` runs on every fetch, so a relative range ("last 15 minutes") moves
   * with the clock when the view is refreshed or followed; `follow` polls for new lines.
   */
  search: (
    client: ApiClient,
    key: LogSearchKey,
    resolveRange: () => { start?: string; end?: string },
    follow = false,
  ) =>
    queryOptions({
      queryKey: logKeys.search(client.baseUrl, key),
      queryFn: ({ signal }) =>
        searchLogs(
          client,
          { id: key.id, name: key.name, query: key.query, ...resolveRange() },
          { signal },
        ),
      // A new search term or range keeps the lines on screen until the answer comes; another
      // component or selector does not (its lines would be mistaken for the new one's).
      placeholderData: (previous, previousQuery) => {
        const last = previousQuery?.queryKey[3];
        return last && last.id === key.id && last.name === key.name ? previous : undefined;
      },
      refetchInterval: follow ? LOGS_FOLLOW_INTERVAL_MS : false,
      refetchIntervalInBackground: false,
    }),
};
