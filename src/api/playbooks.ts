/**
 * Playbooks (spec doc 3 §2.10; api.md §10; postgrest.md §8.7): the cards (`playbook_names`), the
 * specs (create, edit, soft delete), the playbooks runnable on a check, config or component, their
 * parameters, runs (start, approve), the runs list and a run's detail, steps and step logs.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { ApiError, type ApiClient } from './client';
import {
  listRunnablePlaybooks,
  resourceField,
  runnablePlaybooksKey,
  runnablePlaybooksQuery,
  type PlaybookResource,
  type RunnablePlaybook,
} from './playbook-runnable';
import { from, selectPage, selectRows, type Page } from './postgrest';
import {
  PLAYBOOK_RUNS_PAGE_SIZE,
  runRefreshInterval,
  stepRefreshInterval,
} from './playbooks-logic';
import type { PlaybookParameter, PlaybookRunResponse } from './types';

export type { PlaybookParameter, PlaybookRunResponse, PlaybookResource, RunnablePlaybook };
export { listRunnablePlaybooks };

const AVATAR = 'id,name,avatar,email';

// ---- specs ----

/** A `playbook_names` row: the card. */
export interface PlaybookName {
  id: string;
  name: string;
  title: string | null;
  icon?: string | null;
  category?: string | null;
  description?: string | null;
}

export interface PersonRef {
  id: string;
  name?: string | null;
  avatar?: string | null;
  email?: string | null;
}

/** A `playbooks` row with its author. */
export interface PlaybookSpecRow {
  id: string;
  name: string;
  namespace?: string;
  title: string;
  icon?: string | null;
  description?: string | null;
  category?: string | null;
  source: string;
  spec: Record<string, unknown>;
  created_by?: PersonRef | null;
  created_at?: string;
  updated_at?: string;
  deleted_at?: string | null;
}

/** `GET /playbook_names?select=id,name,title,icon,category&order=title.asc`. */
export async function listPlaybookNames(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<PlaybookName[]> {
  const { rows } = await selectRows<PlaybookName>(
    client,
    from('playbook_names')
      .select('id,name,title,icon,category,description')
      .order({ column: 'title' }),
    options,
  );
  return rows;
}

/** `GET /playbooks?id=eq.{id}&select=*,created_by(AVATAR)`; null when missing or deleted. */
export async function getPlaybook(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<PlaybookSpecRow | null> {
  const { rows } = await selectRows<PlaybookSpecRow>(
    client,
    from('playbooks').eq('id', id).select(`*,created_by(${AVATAR})`),
    options,
  );
  const row = rows[0];
  return row && !row.deleted_at ? row : null;
}

export interface PlaybookSpecInput {
  title: string;
  spec: Record<string, unknown>;
  category?: string;
  description?: string;
  icon?: string;
}

/** Top-level fields the spec carries that the row repeats. */
function fromSpec(input: PlaybookSpecInput) {
  const text = (key: string) => {
    const value = input.spec[key];
    return typeof value === 'string' ? value : undefined;
  };
  return {
    category: input.category ?? text('category') ?? '',
    description: input.description ?? text('description') ?? null,
    icon: input.icon ?? text('icon') ?? null,
  };
}

/** `POST /playbooks` (`name` from the title, `source: "UI"`, `created_by`). */
export async function createPlaybook(
  client: ApiClient,
  input: PlaybookSpecInput & { name: string; createdBy?: string },
): Promise<PlaybookSpecRow | null> {
  const rows = await client.post<PlaybookSpecRow[] | null>(
    '/db/playbooks',
    {
      name: input.name,
      title: input.title,
      spec: input.spec,
      source: 'UI',
      ...fromSpec(input),
      ...(input.createdBy ? { created_by: input.createdBy } : {}),
    },
    { headers: { Prefer: 'return=representation' } },
  );
  return Array.isArray(rows) ? (rows[0] ?? null) : null;
}

/** `PATCH /playbooks?id=eq.{id}` `{id, source, title, spec, category, description, icon}`. */
export async function updatePlaybook(
  client: ApiClient,
  id: string,
  input: PlaybookSpecInput & { source: string },
): Promise<void> {
  await client.patch(
    `/db/playbooks`,
    {
      id,
      source: input.source,
      title: input.title,
      spec: input.spec,
      ...fromSpec(input),
    },
    { query: `id=eq.${encodeURIComponent(id)}` },
  );
}

/** Soft delete: `PATCH … {"deleted_at": "now()"}`. */
export async function deletePlaybook(client: ApiClient, id: string): Promise<void> {
  await client.patch(
    `/db/playbooks`,
    { deleted_at: 'now()' },
    { query: `id=eq.${encodeURIComponent(id)}` },
  );
}

// ---- runnable list, parameters, run, approve ----

/** `POST /playbook/{id}/params` with the resource: parameters with templated defaults (§10.2). */
export async function getPlaybookParams(
  client: ApiClient,
  playbookId: string,
  resource: PlaybookResource | undefined,
  options: { signal?: AbortSignal } = {},
): Promise<PlaybookParameter[]> {
  const body = await client.post<{ params?: PlaybookParameter[] | null } | null>(
    `/playbook/${encodeURIComponent(playbookId)}/params`,
    { id: playbookId, ...resourceField(resource) },
    { signal: options.signal },
  );
  return body?.params ?? [];
}

/** `POST /playbook/run` → `{run_id, starts_at}` (§10.3). */
export function runPlaybook(
  client: ApiClient,
  input: {
    id: string;
    resource?: PlaybookResource | undefined;
    params: Record<string, string>;
    agentId?: string | undefined;
  },
): Promise<PlaybookRunResponse> {
  return client.post<PlaybookRunResponse>('/playbook/run', {
    id: input.id,
    ...resourceField(input.resource),
    ...(input.agentId ? { agent_id: input.agentId } : {}),
    params: input.params,
  });
}

/** `POST /playbook/run/approve/{run_id}` (§10.5), no body. */
export async function approvePlaybookRun(client: ApiClient, runId: string): Promise<string> {
  const body = await client.post<{ message?: string } | null>(
    `/playbook/run/approve/${encodeURIComponent(runId)}`,
  );
  return body?.message ?? 'playbook run approved';
}

/**
 * Vigil only (docs/playbooks.md): `POST /playbook/run/reject/{run_id}` `{reason?}` by a listed
 * approver; the run becomes cancelled.
 */
export async function rejectPlaybookRun(
  client: ApiClient,
  runId: string,
  reason: string,
): Promise<string> {
  const body = await client.post<{ message?: string } | null>(
    `/playbook/run/reject/${encodeURIComponent(runId)}`,
    reason.trim() ? { reason: reason.trim() } : {},
  );
  return body?.message ?? 'playbook run rejected';
}

/** Teams the user belongs to (for "is a listed approver"): team names. */
export async function listMyTeamNames(
  client: ApiClient,
  personId: string,
  options: { signal?: AbortSignal } = {},
): Promise<string[]> {
  const { rows } = await selectRows<{ team_id: { name?: string | null } | null }>(
    client,
    from('team_members').eq('person_id', personId).select('team_id(name)'),
    options,
  );
  return rows.map((row) => row.team_id?.name ?? '').filter(Boolean);
}

// ---- pickers for team, people, component, config and check parameters ----

export interface PickerOption {
  value: string;
  label: string;
  hint?: string;
}

/** Teams for a team parameter: `GET /teams?deleted_at=is.null&order=name.asc`. */
export async function listTeamOptions(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<PickerOption[]> {
  const { rows } = await selectRows<{ id: string; name: string }>(
    client,
    from('teams').select('id,name').is('deleted_at', 'null').order({ column: 'name' }),
    options,
  );
  return rows.map((row) => ({ value: row.id, label: row.name }));
}

/** People for a people parameter (not the system person, not agents). */
export async function listPeopleOptions(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<PickerOption[]> {
  const { rows } = await selectRows<{
    id: string;
    name: string | null;
    email: string | null;
    type?: string | null;
  }>(
    client,
    from('people').select('id,name,email,type').is('deleted_at', 'null').order({ column: 'name' }),
    options,
  );
  return rows
    .filter((row) => row.type !== 'system' && row.type !== 'agent')
    .map((row) => ({
      value: row.id,
      label: row.name || row.email || row.id,
      ...(row.email ? { hint: row.email } : {}),
    }));
}

export type SearchKind = 'check' | 'component' | 'config';

interface SearchItem {
  id: string;
  name: string;
  namespace?: string;
  type?: string;
  tags?: Record<string, string>;
}

export const RESOURCE_SEARCH_LIMIT = 100;

/**
 * `POST /resources/search` (api.md §4.3) with the parameter's filter as the selector and `search`
 * set to the text (or `id` = the current value when the text is empty). Options are `{value: id,
 * label: name}`; configs show the last `::` segment of the type and the tag values.
 */
export async function searchResources(
  client: ApiClient,
  kind: SearchKind,
  input: { filter?: unknown; text: string; currentId?: string },
  options: { signal?: AbortSignal } = {},
): Promise<PickerOption[]> {
  const base =
    input.filter && typeof input.filter === 'object' && !Array.isArray(input.filter)
      ? { ...(input.filter as Record<string, unknown>) }
      : {};
  const text = input.text.trim();
  const selector = text
    ? { ...base, search: text }
    : input.currentId
      ? { ...base, id: input.currentId }
      : base;
  const key = `${kind}s` as const;
  const body = await client.post<
    Partial<Record<'checks' | 'components' | 'configs', SearchItem[]>>
  >(
    '/resources/search',
    { [key]: [selector], limit: RESOURCE_SEARCH_LIMIT },
    { signal: options.signal },
  );
  const items = body?.checks ?? body?.components ?? body?.configs ?? [];
  return items.map((item) => {
    const typeTail = kind === 'config' && item.type ? item.type.split('::').at(-1) : item.type;
    const tags = kind === 'config' && item.tags ? Object.values(item.tags).join(', ') : '';
    const hint = [typeTail, tags].filter(Boolean).join(' · ');
    return { value: item.id, label: item.name, ...(hint ? { hint } : {}) };
  });
}

// ---- runs ----

export interface PlaybookRunRow {
  id: string;
  playbook_id: string;
  status: string;
  created_at: string;
  start_time?: string | null;
  end_time?: string | null;
  scheduled_time?: string | null;
  error?: string | null;
  parameters?: Record<string, unknown> | null;
  request?: Record<string, unknown> | null;
  spec?: Record<string, unknown> | null;
  agent_id?: string | null;
  check_id?: string | null;
  config_id?: string | null;
  component_id?: string | null;
  created_by?: PersonRef | string | null;
  playbooks?: {
    id: string;
    name: string;
    title?: string | null;
    icon?: string | null;
    spec?: Record<string, unknown> | null;
  } | null;
  component?: { id: string; name: string; icon?: string | null } | null;
  check?: { id: string; name: string; icon?: string | null } | null;
  config?: { id: string; name: string; type?: string | null; config_class?: string | null } | null;
}

export const RUN_SORT_COLUMNS = [
  'created_at',
  'start_time',
  'end_time',
  'scheduled_time',
  'status',
] as const;
export type RunSortColumn = (typeof RUN_SORT_COLUMNS)[number];

const RUN_LIST_SELECT =
  '*,playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)';

const RUN_DETAIL_SELECT = `*,created_by(${AVATAR}),playbooks(id,name,title,spec,icon),component:components(id,name,icon),config:config_items(id,name,type,config_class),check:checks(id,name,icon)`;

export interface PlaybookRunsParams {
  pageIndex: number;
  pageSize: number;
  playbookId?: string | undefined;
  /** A status, or undefined for all. */
  status?: string | undefined;
  componentId?: string | undefined;
  configId?: string | undefined;
  checkId?: string | undefined;
  /** ISO bounds of start_time or created_at. */
  from?: string | undefined;
  to?: string | undefined;
  sortBy: RunSortColumn;
  sortOrder: 'asc' | 'desc';
}

/** The query string of one page (postgrest.md §8.7). */
export function playbookRunsQuery(params: PlaybookRunsParams): { path: string; query: string } {
  const query = from('playbook_runs').select(RUN_LIST_SELECT);
  if (params.componentId) query.eq('component_id', params.componentId);
  if (params.configId) query.eq('config_id', params.configId);
  if (params.checkId) query.eq('check_id', params.checkId);
  if (params.status) query.eq('status', params.status);
  if (params.playbookId) query.eq('playbook_id', params.playbookId);
  query
    .order(
      { column: params.sortBy, ascending: params.sortOrder === 'asc', nulls: 'last' },
      { column: 'id', ascending: params.sortOrder === 'asc' },
    )
    .limit(params.pageSize)
    .offset(params.pageIndex * params.pageSize);
  const search = new URLSearchParams(query.toString());
  if (params.from && params.to) {
    search.append(
      'or',
      `(and(start_time.gte.${params.from},start_time.lte.${params.to}),and(created_at.gte.${params.from},created_at.lte.${params.to}))`,
    );
  }
  return { path: query.path, query: search.toString() };
}

export async function listPlaybookRuns(
  client: ApiClient,
  params: PlaybookRunsParams,
  options: { signal?: AbortSignal } = {},
): Promise<Page<PlaybookRunRow>> {
  const { path, query } = playbookRunsQuery(params);
  try {
    const response = await client.request<PlaybookRunRow[] | null>(path, {
      query,
      headers: { Prefer: 'count=exact' },
      signal: options.signal,
    });
    const range = response.headers.get('content-range');
    const total = range ? Number(range.split('/')[1]) : undefined;
    return {
      rows: response.data ?? [],
      total: total === undefined || Number.isNaN(total) ? undefined : total,
    };
  } catch (error: unknown) {
    if (error instanceof ApiError && error.status === 416) return { rows: [], total: undefined };
    throw error;
  }
}

/** A resource's runs, newest first, counted (config tab / component panel). */
export function listResourceRuns(
  client: ApiClient,
  resource: PlaybookResource,
  pageIndex: number,
  options: { signal?: AbortSignal } = {},
): Promise<Page<PlaybookRunRow>> {
  const query = from('playbook_runs')
    .select(RUN_LIST_SELECT)
    .eq(`${resource.kind}_id`, resource.id)
    .order({ column: 'created_at', ascending: false })
    .limit(PLAYBOOK_RUNS_PAGE_SIZE)
    .offset(pageIndex * PLAYBOOK_RUNS_PAGE_SIZE)
    .withCount();
  return selectPage<PlaybookRunRow>(client, query, options);
}

/** The run detail; null when it does not exist. */
export async function getPlaybookRun(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<PlaybookRunRow | null> {
  const { rows } = await selectRows<PlaybookRunRow>(
    client,
    from('playbook_runs').eq('id', id).select(RUN_DETAIL_SELECT),
    options,
  );
  return rows[0] ?? null;
}

export interface RunActionSummary {
  id: string;
  name: string;
  status: string;
  start_time?: string | null;
  end_time?: string | null;
  scheduled_time?: string | null;
}

export interface RunActionDetail extends RunActionSummary {
  playbook_run_id?: string | null;
  result?: { stdout?: string; stderr?: string; logs?: string; [key: string]: unknown } | null;
  error?: string | null;
}

/** `GET /playbook_run_actions?select=id,name,status,…&order=start_time.asc&playbook_run_id=eq.` */
export async function listRunActions(
  client: ApiClient,
  runId: string,
  options: { signal?: AbortSignal } = {},
): Promise<RunActionSummary[]> {
  const { rows } = await selectRows<RunActionSummary>(
    client,
    from('playbook_run_actions')
      .select('id,name,status,start_time,end_time,scheduled_time')
      .order(
        { column: 'start_time', ascending: true, nulls: 'last' },
        { column: 'scheduled_time', ascending: true },
      )
      .eq('playbook_run_id', runId),
    options,
  );
  return rows;
}

/** `GET /playbook_run_actions?id=eq.{id}&select=*`. */
export async function getRunAction(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<RunActionDetail | null> {
  const { rows } = await selectRows<RunActionDetail>(
    client,
    from('playbook_run_actions').eq('id', id).select('*'),
    options,
  );
  return rows[0] ?? null;
}

/** Every step with its result, for 'Download logs'. */
export async function listRunActionDetails(
  client: ApiClient,
  runId: string,
  options: { signal?: AbortSignal } = {},
): Promise<RunActionDetail[]> {
  const { rows } = await selectRows<RunActionDetail>(
    client,
    from('playbook_run_actions')
      .select('*')
      .eq('playbook_run_id', runId)
      .order({ column: 'start_time', ascending: true, nulls: 'last' }),
    options,
  );
  return rows;
}

// ---- keys, queries, mutations ----

export const playbookKeys = {
  all: (baseUrl: string) => ['playbooks', baseUrl] as const,
  names: (baseUrl: string) => [...playbookKeys.all(baseUrl), 'names'] as const,
  spec: (baseUrl: string, id: string) => [...playbookKeys.all(baseUrl), 'spec', id] as const,
  runnable: runnablePlaybooksKey,
  params: (baseUrl: string, playbookId: string, resource: PlaybookResource | undefined) =>
    [
      ...playbookKeys.all(baseUrl),
      'params',
      playbookId,
      resource?.kind ?? '',
      resource?.id ?? '',
    ] as const,
  runs: (baseUrl: string) => [...playbookKeys.all(baseUrl), 'runs'] as const,
  runList: (baseUrl: string, params: PlaybookRunsParams) =>
    [...playbookKeys.runs(baseUrl), 'list', params] as const,
  resourceRuns: (baseUrl: string, resource: PlaybookResource) =>
    [...playbookKeys.runs(baseUrl), 'resource', resource.kind, resource.id] as const,
  run: (baseUrl: string, id: string) => [...playbookKeys.runs(baseUrl), 'run', id] as const,
  actions: (baseUrl: string, runId: string) =>
    [...playbookKeys.run(baseUrl, runId), 'actions'] as const,
  action: (baseUrl: string, runId: string, actionId: string) =>
    [...playbookKeys.run(baseUrl, runId), 'action', actionId] as const,
  myTeams: (baseUrl: string, personId: string) =>
    [...playbookKeys.all(baseUrl), 'my-teams', personId] as const,
  directory: (baseUrl: string, type: 'team' | 'people') =>
    [...playbookKeys.all(baseUrl), 'directory', type] as const,
  search: (baseUrl: string, kind: SearchKind, filter: unknown, text: string, id: string) =>
    [...playbookKeys.all(baseUrl), 'search', kind, JSON.stringify(filter ?? {}), text, id] as const,
};

export const playbookQueries = {
  names: (client: ApiClient) =>
    queryOptions({
      queryKey: playbookKeys.names(client.baseUrl),
      queryFn: ({ signal }) => listPlaybookNames(client, { signal }),
    }),
  spec: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: playbookKeys.spec(client.baseUrl, id),
      queryFn: ({ signal }) => getPlaybook(client, id, { signal }),
    }),
  runnable: runnablePlaybooksQuery,
  params: (client: ApiClient, playbookId: string, resource: PlaybookResource | undefined) =>
    queryOptions({
      queryKey: playbookKeys.params(client.baseUrl, playbookId, resource),
      queryFn: ({ signal }) => getPlaybookParams(client, playbookId, resource, { signal }),
      staleTime: 0,
      retry: false,
    }),
  runList: (client: ApiClient, params: PlaybookRunsParams) =>
    queryOptions({
      queryKey: playbookKeys.runList(client.baseUrl, params),
      queryFn: ({ signal }) => listPlaybookRuns(client, params, { signal }),
      placeholderData: keepPreviousData,
    }),
  /** The run, every 2 s until it is completed, failed or cancelled. */
  run: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: playbookKeys.run(client.baseUrl, id),
      queryFn: ({ signal }) => getPlaybookRun(client, id, { signal }),
      refetchInterval: (query) =>
        query.state.data === null ? false : runRefreshInterval(query.state.data?.status),
    }),
  /** The steps, polled with the run. */
  actions: (client: ApiClient, runId: string, runStatus: string | undefined) =>
    queryOptions({
      queryKey: playbookKeys.actions(client.baseUrl, runId),
      queryFn: ({ signal }) => listRunActions(client, runId, { signal }),
      refetchInterval: runRefreshInterval(runStatus),
    }),
  /** A step's log, every 1 s until the step is completed or failed. */
  action: (client: ApiClient, runId: string, actionId: string, runStatus: string | undefined) =>
    queryOptions({
      queryKey: playbookKeys.action(client.baseUrl, runId, actionId),
      queryFn: ({ signal }) => getRunAction(client, actionId, { signal }),
      refetchInterval: (query) =>
        query.state.data === null
          ? false
          : stepRefreshInterval(query.state.data?.status ?? 'running', runStatus),
    }),
  myTeams: (client: ApiClient, personId: string) =>
    queryOptions({
      queryKey: playbookKeys.myTeams(client.baseUrl, personId),
      queryFn: ({ signal }) => listMyTeamNames(client, personId, { signal }),
      staleTime: 60_000,
    }),
  /** Teams or people for a team / people parameter. */
  directory: (client: ApiClient, type: 'team' | 'people') =>
    queryOptions({
      queryKey: playbookKeys.directory(client.baseUrl, type),
      queryFn: ({ signal }) =>
        type === 'team'
          ? listTeamOptions(client, { signal })
          : listPeopleOptions(client, { signal }),
      staleTime: 60_000,
    }),
  search: (client: ApiClient, kind: SearchKind, filter: unknown, text: string, currentId: string) =>
    queryOptions({
      queryKey: playbookKeys.search(client.baseUrl, kind, filter, text, currentId),
      queryFn: ({ signal }) =>
        searchResources(client, kind, { filter, text, currentId }, { signal }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
};

function useInvalidatePlaybooks() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: playbookKeys.all(client.baseUrl) });
}

export function useCreatePlaybook() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaybooks();
  return useMutation({
    mutationFn: (input: PlaybookSpecInput & { name: string; createdBy?: string }) =>
      createPlaybook(client, input),
    onSuccess: () => void invalidate(),
  });
}

export function useUpdatePlaybook() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaybooks();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: PlaybookSpecInput & { source: string } }) =>
      updatePlaybook(client, id, input),
    onSuccess: () => void invalidate(),
  });
}

export function useDeletePlaybook() {
  const client = useApiClient();
  const invalidate = useInvalidatePlaybooks();
  return useMutation({
    mutationFn: (id: string) => deletePlaybook(client, id),
    onSuccess: () => void invalidate(),
  });
}

export function useRunPlaybook() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof runPlaybook>[1]) => runPlaybook(client, input),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: playbookKeys.runs(client.baseUrl) }),
  });
}

export function useApproveRun(runId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: { reject?: boolean; reason?: string } = {}) =>
      decision.reject
        ? rejectPlaybookRun(client, runId, decision.reason ?? '')
        : approvePlaybookRun(client, runId),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: playbookKeys.run(client.baseUrl, runId) }),
  });
}
