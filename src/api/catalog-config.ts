/**
 * The config detail page's own reads (postgrest.md §8.3, §8.7): the config itself with its tab
 * counts (`config_detail`), its playbook runs (paged, newest first, the playbook embedded), the
 * checks linked to it (`check_summary_for_config`) and the name of its agent.
 * Types → fetchers → keys → query options, in the style of `catalog.ts`.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { CATALOG_STALE_TIME_MS, catalogKeys, catalogQuery } from './catalog';
import type { ApiClient } from './client';
import { from, selectPage, selectRows, type Page, type PostgrestQuery } from './postgrest';
import type { CheckLatency, CheckUptime, ConfigDetail } from './types';

// ---- one config (postgrest.md §8.3 "config detail", "config name") ----

/** `GET /db/config_detail?id=eq.{id}&select=*,config_scrapers(id,name)`; null: 'Details not found'. */
export async function getConfigDetail(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigDetail | null> {
  const { rows } = await selectRows<ConfigDetail>(
    client,
    from('config_detail').eq('id', id).select('*,config_scrapers(id,name)'),
    options,
  );
  return rows[0] ?? null;
}

/** The count badges of the detail tabs; the Config tab has none. */
export interface ConfigTabCounts {
  changes: number;
  insights: number;
  relationships: number;
  playbooks: number;
  checks: number;
}

function count(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : 0;
}

/** The tab badges from `config_detail.summary` (missing or null counts read as 0). */
export function configTabCounts(detail: Pick<ConfigDetail, 'summary'> | null): ConfigTabCounts {
  const summary = detail?.summary ?? {};
  return {
    changes: count(summary.changes),
    insights: count(summary.analysis),
    relationships: count(summary.relationships),
    playbooks: count(summary.playbook_runs),
    checks: count(summary.checks),
  };
}

// ---- playbook runs, checks, agent ----

/** "Playbook … panels page size 50" (spec doc 2 §9). */
export const CONFIG_PLAYBOOK_RUNS_PAGE_SIZE = 50;

/** Run statuses shown in the playbooks tab (spec doc 2 §9), plus the contract's pending_approval. */
export const PLAYBOOK_RUN_STATUSES = [
  'completed',
  'cancelled',
  'failed',
  'pending',
  'pending_approval',
  'waiting',
  'running',
  'scheduled',
  'sleeping',
  'skipped',
] as const;
export type PlaybookRunStatus = (typeof PLAYBOOK_RUN_STATUSES)[number];

/** A `playbook_runs` row with its playbook (`playbooks(id,name,title,icon)`). */
export interface ConfigPlaybookRun {
  id: string;
  playbook_id: string;
  status: string;
  created_at: string;
  start_time?: string | null;
  end_time?: string | null;
  scheduled_time?: string | null;
  error?: string | null;
  playbooks?: { id: string; name: string; title?: string | null; icon?: string | null } | null;
}

/** A `check_summary_for_config` row (schema.md). */
export interface ConfigCheck {
  config_id: string;
  id: string;
  canary_id?: string | null;
  name: string;
  type?: string | null;
  icon?: string | null;
  status?: string | null;
  description?: string | null;
  namespace?: string | null;
  severity?: string | null;
  uptime?: CheckUptime | null;
  latency?: (CheckLatency & { p50?: number; avg?: number }) | null;
  last_runtime?: string | null;
  last_transition_time?: string | null;
  deleted_at?: string | null;
  silenced_at?: string | null;
}

/** `GET /agents?select=id,name,description&id=eq.{id}`. */
export interface AgentName {
  id: string;
  name: string;
  description?: string | null;
}

/** The all-zero id of the local agent: labelled 'local', never fetched (postgrest.md §8.2). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

export const CONFIG_PLAYBOOK_RUN_SELECT =
  'id,playbook_id,status,created_at,start_time,end_time,scheduled_time,error,playbooks(id,name,title,icon)';

/** One page of a config's runs, newest first, counted. */
export function configPlaybookRunsQuery(configId: string, pageIndex: number): PostgrestQuery {
  return from('playbook_runs')
    .select(CONFIG_PLAYBOOK_RUN_SELECT)
    .eq('config_id', configId)
    .order({ column: 'created_at', ascending: false })
    .limit(CONFIG_PLAYBOOK_RUNS_PAGE_SIZE)
    .offset(pageIndex * CONFIG_PLAYBOOK_RUNS_PAGE_SIZE)
    .withCount();
}

export async function listConfigPlaybookRuns(
  client: ApiClient,
  configId: string,
  pageIndex: number,
  options: { signal?: AbortSignal } = {},
): Promise<Page<ConfigPlaybookRun>> {
  return selectPage<ConfigPlaybookRun>(
    client,
    configPlaybookRunsQuery(configId, pageIndex),
    options,
  );
}

/** `GET /db/check_summary_for_config?config_id=eq.{id}`, ordered by name. */
export async function listConfigChecks(
  client: ApiClient,
  configId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ConfigCheck[]> {
  const { rows } = await selectRows<ConfigCheck>(
    client,
    from('check_summary_for_config').eq('config_id', configId).order({ column: 'name' }),
    options,
  );
  return rows;
}

/** An agent's name; null when it does not exist. The local agent is not fetched. */
export async function getAgentName(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<AgentName | null> {
  if (id === LOCAL_AGENT_ID) return { id, name: 'local' };
  const { rows } = await selectRows<AgentName>(
    client,
    from('agents').select('id,name,description').eq('id', id),
    options,
  );
  return rows[0] ?? null;
}

export const catalogConfigKeys = {
  playbookRuns: (baseUrl: string, configId: string) =>
    [...catalogKeys.config(baseUrl, configId), 'playbook-runs'] as const,
  checks: (baseUrl: string, configId: string) =>
    [...catalogKeys.config(baseUrl, configId), 'checks'] as const,
  agent: (baseUrl: string, id: string) => [...catalogKeys.all(baseUrl), 'agent', id] as const,
};

export const catalogConfigQueries = {
  config: (client: ApiClient, id: string) =>
    catalogQuery(catalogKeys.config(client.baseUrl, id), (signal) =>
      getConfigDetail(client, id, { signal }),
    ),
  /** 50 runs at a time; no next page once a page is short or the total is reached. */
  playbookRuns: (client: ApiClient, configId: string) =>
    infiniteQueryOptions({
      queryKey: catalogConfigKeys.playbookRuns(client.baseUrl, configId),
      queryFn: ({ signal, pageParam }) =>
        listConfigPlaybookRuns(client, configId, pageParam, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last, pages, lastPageParam) => {
        const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
        if (last.rows.length < CONFIG_PLAYBOOK_RUNS_PAGE_SIZE) return undefined;
        if (last.total !== undefined && loaded >= last.total) return undefined;
        return lastPageParam + 1;
      },
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  checks: (client: ApiClient, configId: string) =>
    queryOptions({
      queryKey: catalogConfigKeys.checks(client.baseUrl, configId),
      queryFn: ({ signal }) => listConfigChecks(client, configId, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
  agent: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: catalogConfigKeys.agent(client.baseUrl, id),
      queryFn: ({ signal }) => getAgentName(client, id, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
    }),
};
