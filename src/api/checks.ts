/**
 * One health check in detail: the check row with its canary, agent and relationships, its status
 * history (paged, counted), the canary spec, Run Now and attaching it as incident evidence (the
 * playbooks runnable on it are src/api/playbooks.ts). Contract: postgrest.md §8.1, §8.5, §8.7;
 * api.md §3.2, §3.3.
 * Types → fetchers → keys → query options → cache helpers.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { getCheckGraph, healthKeys } from './health';
import { from, selectRows } from './postgrest';
import type {
  CanarySpecRow,
  CheckDetail,
  CheckRunResult,
  CheckStatusRow,
  CreateEvidenceInput,
  EvidenceRow,
  IncidentWithHypotheses,
} from './types';

export type {
  CanarySpecRow,
  CheckDetail,
  CheckRunResult,
  CheckStatusRow,
  IncidentWithHypotheses,
} from './types';

// ---- time ranges ----

/** The dialog's range when none is given or the given one is unreadable. */
export const DEFAULT_CHECK_TIME_RANGE = '1h';

export type TimeRangeUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'mo' | 'y';

export interface TimeRange {
  amount: number;
  unit: TimeRangeUnit;
}

const RANGE_PATTERN = /^(\d+)(ms|s|m|h|d|w|mo|M|y)$/;

const UNIT_MS: Record<Exclude<TimeRangeUnit, 'mo' | 'y'>, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Read a relative range key (`15m`, `1h`, `3d`, `2w`, `6mo`, `1y`; `M` is accepted for months,
 * spec doc 1 §9). Undefined for anything else, including zero.
 */
export function parseTimeRange(value: string | null | undefined): TimeRange | undefined {
  const match = RANGE_PATTERN.exec((value ?? '').trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  if (!Number.isSafeInteger(amount) || amount <= 0) return undefined;
  const unit = (match[2] === 'M' ? 'mo' : match[2]) as TimeRangeUnit;
  return { amount, unit };
}

function resolveRange(value: string): TimeRange {
  return parseTimeRange(value) ?? { amount: 1, unit: 'h' };
}

/** Months and years are calendar steps; the other units are fixed lengths. */
function subtractRange(range: TimeRange, now: Date): Date {
  const start = new Date(now.getTime());
  if (range.unit === 'mo') start.setUTCMonth(start.getUTCMonth() - range.amount);
  else if (range.unit === 'y') start.setUTCFullYear(start.getUTCFullYear() - range.amount);
  else start.setTime(now.getTime() - range.amount * UNIT_MS[range.unit]);
  return start;
}

/** The window start for the status history: now − range (contract: not the 1–2× defect). */
export function timeRangeStart(value: string, now: Date = new Date()): Date {
  return subtractRange(resolveRange(value), now);
}

/**
 * The graph's `start` parameter: the range key itself, except month keys, which the backend does
 * not read as durations and are sent as an RFC 3339 timestamp N months ago (api.md §3.2).
 */
export function graphStartParam(value: string, now: Date = new Date()): string {
  const range = resolveRange(value);
  if (range.unit === 'mo') return subtractRange(range, now).toISOString();
  return `${range.amount}${range.unit}`;
}

// ---- fetchers ----

/** The check detail select (postgrest.md §8.1). */
export const CHECK_DETAIL_SELECT =
  '*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),' +
  'components:check_component_relationships(components(id,name,icon)),' +
  'configs:check_config_relationships(configs(id,name,type))';

/** `GET /db/checks?id=eq.{id}&select=…` → the row, or null when there is no such check. */
export async function getCheckDetail(
  client: ApiClient,
  checkId: string,
  options: { signal?: AbortSignal } = {},
): Promise<CheckDetail | null> {
  const { rows } = await selectRows<CheckDetail>(
    client,
    from('checks').eq('id', checkId).select(CHECK_DETAIL_SELECT),
    options,
  );
  return rows[0] ?? null;
}

export type CheckStatusFilter = 'all' | 'healthy' | 'unhealthy';

export interface CheckStatusParams {
  checkId: string;
  /** A relative range key; the window starts at now − range. */
  timeRange: string;
  status: CheckStatusFilter;
  /** Only runs at least this long (ms); undefined = all. */
  minDurationMs?: number;
  pageIndex: number;
  pageSize: number;
}

/** The UI's shape of one page (postgrest.md §8.1: `{data, totalEntries}`; errors are thrown). */
export interface CheckStatusPage {
  data: CheckStatusRow[];
  /** From `Content-Range`; undefined when the server did not count. */
  totalEntries: number | undefined;
}

/** The status history query for one page (exported for tests and reuse). */
export function checkStatusQuery(params: CheckStatusParams, now: Date = new Date()) {
  const query = from('check_statuses')
    .eq('check_id', params.checkId)
    .filter('time', 'gt', timeRangeStart(params.timeRange, now).toISOString())
    .order({ column: 'time', ascending: false });
  if (params.status !== 'all') query.eq('status', params.status === 'healthy' ? 1 : 0);
  if (params.minDurationMs !== undefined) {
    query.filter('duration', 'gte', String(Math.round(params.minDurationMs)));
  }
  return query
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize)
    .withCount();
}

/** `GET /db/check_statuses` with `Prefer: count=exact`; a 416 is an empty page. */
export async function listCheckStatuses(
  client: ApiClient,
  params: CheckStatusParams,
  options: { signal?: AbortSignal; now?: Date } = {},
): Promise<CheckStatusPage> {
  const { rows, total } = await selectRows<CheckStatusRow>(
    client,
    checkStatusQuery(params, options.now),
    { signal: options.signal },
  );
  return { data: rows, totalEntries: total };
}

/** `GET /db/canaries?id=eq.{id}&select=id,source,spec,name,namespace` (spec tab). */
export async function getCanarySpec(
  client: ApiClient,
  canaryId: string,
  options: { signal?: AbortSignal } = {},
): Promise<CanarySpecRow | null> {
  const { rows } = await selectRows<CanarySpecRow>(
    client,
    from('canaries').eq('id', canaryId).select('id,source,spec,name,namespace'),
    options,
  );
  return rows[0] ?? null;
}

/** The topology template a component belongs to (`components?select=id,topologies(id,name)`). */
export async function getComponentTopology(
  client: ApiClient,
  componentId: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ id: string; name: string } | null> {
  const { rows } = await selectRows<{
    id: string;
    topologies: { id: string; name: string } | null;
  }>(client, from('components').eq('id', componentId).select('id,topologies(id,name)'), options);
  return rows[0]?.topologies ?? null;
}

/** `POST /canary/run/check/{id}`: runs the check now; the body is the result or empty (§3.3). */
export async function runCheck(client: ApiClient, checkId: string): Promise<CheckRunResult | null> {
  const body = await client.post<CheckRunResult | '' | null>(
    `/canary/run/check/${encodeURIComponent(checkId)}`,
    undefined,
    { timeoutMs: 120_000 },
  );
  return body && typeof body === 'object' ? body : null;
}

/**
 * Incidents to attach evidence to (postgrest.md §8.5 "search (attach evidence)"): the 10 most
 * recent without a search text, otherwise title matches, newest first.
 */
export async function searchIncidentsForEvidence(
  client: ApiClient,
  text: string,
  options: { signal?: AbortSignal } = {},
): Promise<IncidentWithHypotheses[]> {
  const query = from('incidents')
    .select('*,hypotheses(id,type)')
    .order({ column: 'created_at', ascending: false });
  const trimmed = text.trim();
  if (trimmed) query.ilike('title', `*${trimmed}*`).limit(25);
  else query.limit(10);
  const { rows } = await selectRows<IncidentWithHypotheses>(client, query, options);
  return rows;
}

/** The hypothesis evidence goes to: the incident's root hypothesis, else its first one. */
export function evidenceHypothesisId(incident: IncidentWithHypotheses): string | undefined {
  const hypotheses = incident.hypotheses ?? [];
  return (hypotheses.find((h) => h.type === 'root') ?? hypotheses[0])?.id;
}

/** `POST /db/evidences` with `Prefer: return=representation` → the new row. */
export async function createEvidence(
  client: ApiClient,
  input: CreateEvidenceInput,
): Promise<EvidenceRow | undefined> {
  const rows = await client.post<EvidenceRow[] | null>('/db/evidences', input, {
    headers: { Prefer: 'return=representation' },
  });
  return rows?.[0];
}

// ---- keys ----

/** Query keys; the client's base URL is part of every key (widgets may talk to several APIs). */
export const checkKeys = {
  all: (baseUrl: string) => ['checks', baseUrl] as const,
  check: (baseUrl: string, checkId: string) => [...checkKeys.all(baseUrl), checkId] as const,
  detail: (baseUrl: string, checkId: string) =>
    [...checkKeys.check(baseUrl, checkId), 'detail'] as const,
  statuses: (baseUrl: string, params: CheckStatusParams) =>
    [...checkKeys.check(baseUrl, params.checkId), 'statuses', params] as const,
  canarySpec: (baseUrl: string, canaryId: string) =>
    [...checkKeys.all(baseUrl), 'canary', canaryId] as const,
  componentTopology: (baseUrl: string, componentId: string) =>
    [...checkKeys.all(baseUrl), 'component-topology', componentId] as const,
  evidenceIncidents: (baseUrl: string, text: string) =>
    [...checkKeys.all(baseUrl), 'evidence-incidents', text] as const,
  /** Under the health keys, so a summary refresh and Run Now also refresh the graph. */
  graph: (baseUrl: string, checkId: string, timeRange: string) =>
    [...healthKeys.all(baseUrl), 'check-graph', checkId, timeRange] as const,
};

// ---- query options ----

export const checkQueries = {
  detail: (client: ApiClient, checkId: string) =>
    queryOptions({
      queryKey: checkKeys.detail(client.baseUrl, checkId),
      queryFn: ({ signal }) => getCheckDetail(client, checkId, { signal }),
    }),
  /**
   * One check's graph over a relative range. The key holds the range key, not the computed
   * start, so month ranges (sent as timestamps) keep a stable key.
   */
  graph: (client: ApiClient, checkId: string, timeRange: string) =>
    queryOptions({
      queryKey: checkKeys.graph(client.baseUrl, checkId, timeRange),
      queryFn: ({ signal }) =>
        getCheckGraph(client, { checkId, start: graphStartParam(timeRange) }, { signal }),
    }),
  /** A page of history; the previous page stays on screen while the next one loads. */
  statuses: (client: ApiClient, params: CheckStatusParams) =>
    queryOptions({
      queryKey: checkKeys.statuses(client.baseUrl, params),
      queryFn: ({ signal }) => listCheckStatuses(client, params, { signal }),
      placeholderData: (previous) => previous,
    }),
  canarySpec: (client: ApiClient, canaryId: string) =>
    queryOptions({
      queryKey: checkKeys.canarySpec(client.baseUrl, canaryId),
      queryFn: ({ signal }) => getCanarySpec(client, canaryId, { signal }),
    }),
  componentTopology: (client: ApiClient, componentId: string) =>
    queryOptions({
      queryKey: checkKeys.componentTopology(client.baseUrl, componentId),
      queryFn: ({ signal }) => getComponentTopology(client, componentId, { signal }),
      staleTime: 300_000,
    }),
  evidenceIncidents: (client: ApiClient, text: string) =>
    queryOptions({
      queryKey: checkKeys.evidenceIncidents(client.baseUrl, text),
      queryFn: ({ signal }) => searchIncidentsForEvidence(client, text, { signal }),
    }),
};

// ---- cache ----

/** After Run Now: refetch the check, its history and graph, and the dashboard summary. */
export function invalidateCheck(
  queryClient: QueryClient,
  baseUrl: string,
  checkId: string,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: checkKeys.check(baseUrl, checkId) }),
    queryClient.invalidateQueries({ queryKey: healthKeys.all(baseUrl) }),
  ]);
}
