/**
 * Notifications (spec doc 3 §2.9, §3, §7; contract postgrest.md §8.6, api.md §11): rules
 * (`notifications_summary` for the list, `notifications` for one rule and writes), the send
 * history (`notification_send_history_summary`, server-paged with the `.filter` lists for status
 * and resource type) and silences (`notification_silences`; created by
 * `POST /notification/silence`, edited and soft-deleted by PATCH).
 * Types → fetchers → keys → query options → hooks → mutations.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toFilterList } from '../lib/tri-state-list';
import type { TriStateMap } from '../lib/url-state';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';
import { from, selectRows, type PostgrestQuery } from './postgrest';

// ---------------------------------------------------------------------------------------------
// Constants (spec doc 3 §3, §8, §9; schema.md §9)
// ---------------------------------------------------------------------------------------------

export { NOTIFICATION_EVENTS, type NotificationEvent } from './notification-events';

/** Send statuses (spec doc 3 §3) plus `sending`, which Mission Control also writes. */
export const SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'sending',
  'cancelled',
  'repeat-interval',
  'silenced',
] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const SEND_STATUS_LABELS: Readonly<Record<string, string>> = {
  sent: 'Sent',
  error: 'Error',
  pending: 'Pending',
  sending: 'Sending',
  cancelled: 'Cancelled',
  'repeat-interval': 'Repeated',
  silenced: 'Silenced',
};
/** The Status filter's choices: the spec's six. */
export const SEND_STATUS_FILTER = [
  'sent',
  'error',
  'pending',
  'cancelled',
  'repeat-interval',
  'silenced',
] as const;

/** `resource_type` filter values (schema.md §9). */
export const SEND_RESOURCE_TYPES = ['canary', 'check', 'component', 'config'] as const;
export const SEND_RESOURCE_TYPE_LABELS: Readonly<Record<string, string>> = {
  canary: 'Canary',
  check: 'Check',
  component: 'Component',
  config: 'Catalog',
};

export const NOTIFICATION_PAGE_SIZES = [25, 50, 100, 200] as const;
export const NOTIFICATION_PAGE_SIZE = 50;

/** The spec's toasts (doc 3 §8: 'Notification updated successfully', '{name} deleted …'). */
export const NOTIFICATION_TOASTS = {
  ruleAdded: 'Notification added successfully',
  ruleUpdated: 'Notification updated successfully',
  deleted: (name: string) => `${name} deleted successfully`,
  updated: (name: string) => `${name} updated successfully`,
  silenceAdded: 'Notification silence added successfully',
} as const;
export const SILENCE_DELETE_QUESTION = 'Are you sure you want to delete this notification silence?';

const AVATAR = 'id,name,avatar';

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export interface PersonRef {
  id: string;
  name: string | null;
  avatar?: string | null;
}
export interface TeamRef {
  id: string;
  name: string | null;
  icon?: string | null;
}

/** A recipient of the Others tab: a notification service through a stored connection. */
export interface CustomService {
  name?: string;
  /** `connection://{namespace}/{name}`. */
  connection?: string;
  url?: string;
  filter?: string;
  properties?: Record<string, string>;
}

/** The columns of `notifications` the form writes. */
export interface NotificationRuleWrite {
  name: string;
  namespace?: string;
  title: string | null;
  events: string[];
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  wait_for: number | null;
  template: string | null;
  properties: Record<string, string> | null;
}

export interface NotificationRule {
  id: string;
  name: string;
  namespace: string | null;
  title: string | null;
  events: string[] | null;
  filter: string | null;
  template?: string | null;
  properties?: Record<string, string> | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  repeat_interval: string | null;
  wait_for: number | null;
  source: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  created_by: PersonRef | null;
  person: PersonRef | null;
  team: TeamRef | null;
}

/** A row of `notifications_summary` (list-only figures). */
export interface NotificationRuleSummary extends NotificationRule {
  pending: number | null;
  failed: number | null;
  sent: number | null;
  avg_duration_ms: number | null;
  most_common_error: string | null;
}

export interface SendHistoryRow {
  id: string;
  notification_id: string;
  body: string | null;
  status: string | null;
  count: number;
  first_observed: string;
  source_event: string;
  resource_id: string;
  person_id: string | null;
  error: string | null;
  duration_millis: number | null;
  created_at: string;
  resource_type: string;
  resource: {
    id: string;
    name: string | null;
    type?: string | null;
    config_class?: string | null;
    icon?: string | null;
    status?: string | null;
  } | null;
}

export interface NotificationSilence {
  id: string;
  namespace: string;
  description: string | null;
  from: string;
  until: string;
  recursive: boolean | null;
  config_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  component_id: string | null;
  source: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  checks?: { id: string; name: string | null; type?: string | null; status?: string | null } | null;
  catalog?: {
    id: string;
    name: string | null;
    type?: string | null;
    config_class?: string | null;
  } | null;
  component?: { id: string; name: string | null; icon?: string | null } | null;
  createdBy?: PersonRef | null;
}

/** The resource a silence covers: exactly one id (the form clears the others). */
export type SilenceResourceKind = 'config' | 'component' | 'check' | 'canary';
export const SILENCE_RESOURCE_KINDS: readonly SilenceResourceKind[] = [
  'config',
  'component',
  'check',
  'canary',
];
export const SILENCE_RESOURCE_LABELS: Readonly<Record<SilenceResourceKind, string>> = {
  config: 'Catalog',
  component: 'Component',
  check: 'Check',
  canary: 'Canary',
};

export interface SilenceWrite {
  /** Datemath (`now`, `now+2h`) or RFC 3339. */
  from: string;
  until: string;
  description: string;
  recursive: boolean;
  config_id?: string | null;
  component_id?: string | null;
  check_id?: string | null;
  canary_id?: string | null;
}

export type SortOrder = 'asc' | 'desc';

export const RULE_SORT_COLUMNS = [
  'name',
  'events',
  'filter',
  'pending',
  'failed',
  'sent',
  'avg_duration_ms',
  'repeat_interval',
  'wait_for',
  'created_at',
  'updated_at',
] as const;
export type RuleSortColumn = (typeof RULE_SORT_COLUMNS)[number];

export const SILENCE_SORT_COLUMNS = [
  'from',
  'until',
  'source',
  'description',
  'created_at',
] as const;
export type SilenceSortColumn = (typeof SILENCE_SORT_COLUMNS)[number];

export interface PageParams<S extends string> {
  pageIndex: number;
  pageSize: number;
  sortBy: S;
  sortOrder: SortOrder;
}

export interface SendHistoryParams {
  pageIndex: number;
  pageSize: number;
  statuses: TriStateMap;
  resourceTypes: TriStateMap;
}

export interface Page<T> {
  rows: T[];
  total: number | undefined;
}

// ---------------------------------------------------------------------------------------------
// Queries (exported for tests)
// ---------------------------------------------------------------------------------------------

const RULE_SELECT = `*,person:person_id(${AVATAR}),team:team_id(id,name,icon),created_by(${AVATAR})`;
const SILENCE_SELECT =
  '*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),' +
  `component:component_id(id,name,icon),createdBy:created_by(${AVATAR})`;

function paged(query: PostgrestQuery, pageIndex: number, pageSize: number): PostgrestQuery {
  return query
    .limit(pageSize)
    .offset(pageIndex * pageSize)
    .withCount();
}

/** `GET /notifications_summary?select=…&order={sortBy}.{dir}&limit&offset` (count exact). */
export function rulesQuery(params: PageParams<RuleSortColumn>): PostgrestQuery {
  return paged(
    from('notifications_summary')
      .select(RULE_SELECT)
      .order(
        { column: params.sortBy, ascending: params.sortOrder === 'asc', nulls: 'last' },
        { column: 'id' },
      ),
    params.pageIndex,
    params.pageSize,
  );
}

/** `GET /notification_send_history_summary?select=*&order=created_at.desc&…[&….filter=]`. */
export function sendHistoryQuery(params: SendHistoryParams): string {
  const base = paged(
    from('notification_send_history_summary')
      .select('*')
      .order({ column: 'created_at', ascending: false }, { column: 'id' }),
    params.pageIndex,
    params.pageSize,
  );
  const search = new URLSearchParams(base.toString());
  const types = toFilterList(params.resourceTypes);
  if (types) search.append('resource_type.filter', types);
  const statuses = toFilterList(params.statuses);
  if (statuses) search.append('status.filter', statuses);
  return search.toString();
}

export function silencesQuery(params: PageParams<SilenceSortColumn>): PostgrestQuery {
  return paged(
    from('notification_silences')
      .select(SILENCE_SELECT)
      .is('deleted_at', 'null')
      .order({ column: params.sortBy, ascending: params.sortOrder === 'asc' }, { column: 'id' }),
    params.pageIndex,
    params.pageSize,
  );
}

// ---------------------------------------------------------------------------------------------
// Fetchers
// ---------------------------------------------------------------------------------------------

export async function listRules(
  client: ApiClient,
  params: PageParams<RuleSortColumn>,
  signal?: AbortSignal,
): Promise<Page<NotificationRuleSummary>> {
  return selectRows<NotificationRuleSummary>(client, rulesQuery(params), { signal });
}

export async function getRule(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<NotificationRule | null> {
  const { rows } = await selectRows<NotificationRule>(
    client,
    from('notifications').select(RULE_SELECT).eq('id', id).is('deleted_at', 'null'),
    { signal },
  );
  return rows[0] ?? null;
}

/** Names of every rule (deleted ones too), to label send-history rows. */
export async function listRuleNames(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const { rows } = await selectRows<{ id: string; name: string }>(
    client,
    from('notifications').select('id,name').order({ column: 'name' }),
    { signal },
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** `person_id`, `team_id` and `custom_services` are sent as null when absent (postgrest.md §8.6). */
export function ruleBody(input: NotificationRuleWrite): Record<string, unknown> {
  return {
    ...input,
    person_id: input.person_id || null,
    team_id: input.team_id || null,
    custom_services:
      input.custom_services && input.custom_services.length > 0 ? input.custom_services : null,
  };
}

export async function createRule(
  client: ApiClient,
  input: NotificationRuleWrite,
  createdBy: string | undefined,
): Promise<void> {
  await client.post(
    '/db/notifications',
    { ...ruleBody(input), source: 'UI', ...(createdBy ? { created_by: createdBy } : {}) },
    { headers: { Prefer: 'return=minimal' } },
  );
}

async function patchRule(client: ApiClient, id: string, body: Record<string, unknown>) {
  const query = from('notifications').eq('id', id);
  await client.patch(query.path, body, {
    query: query.toString(),
    headers: { Prefer: 'return=minimal' },
  });
}

export function updateRule(client: ApiClient, id: string, input: NotificationRuleWrite) {
  return patchRule(client, id, ruleBody(input));
}

/** Soft delete: `{"deleted_at": "now()"}`. */
export function deleteRule(client: ApiClient, id: string) {
  return patchRule(client, id, { deleted_at: 'now()' });
}

export async function listSendHistory(
  client: ApiClient,
  params: SendHistoryParams,
  signal?: AbortSignal,
): Promise<Page<SendHistoryRow>> {
  const query = from('notification_send_history_summary');
  try {
    const response = await client.request<SendHistoryRow[] | null>(query.path, {
      query: sendHistoryQuery(params),
      headers: { Prefer: 'count=exact' },
      signal,
    });
    const range = response.headers.get('content-range');
    const total = range ? Number(range.split('/')[1]) : undefined;
    return {
      rows: response.data ?? [],
      total: total === undefined || Number.isNaN(total) ? undefined : total,
    };
  } catch (error: unknown) {
    if (error instanceof Error && 'status' in error && error.status === 416) {
      return { rows: [], total: undefined };
    }
    throw error;
  }
}

export async function getSendHistory(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<SendHistoryRow | null> {
  const { rows } = await selectRows<SendHistoryRow>(
    client,
    from('notification_send_history_summary').select('*').eq('id', id),
    { signal },
  );
  return rows[0] ?? null;
}

export async function listSilences(
  client: ApiClient,
  params: PageParams<SilenceSortColumn>,
  signal?: AbortSignal,
): Promise<Page<NotificationSilence>> {
  return selectRows<NotificationSilence>(client, silencesQuery(params), { signal });
}

export async function getSilence(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<NotificationSilence | null> {
  const { rows } = await selectRows<NotificationSilence>(
    client,
    from('notification_silences').select(SILENCE_SELECT).eq('id', id).is('deleted_at', 'null'),
    { signal },
  );
  return rows[0] ?? null;
}

/** Exactly one resource id, the others null ("choosing one … clears the others"). */
export function silenceResource(
  kind: SilenceResourceKind,
  id: string,
): Pick<SilenceWrite, 'config_id' | 'component_id' | 'check_id' | 'canary_id'> {
  return {
    config_id: kind === 'config' ? id : null,
    component_id: kind === 'component' ? id : null,
    check_id: kind === 'check' ? id : null,
    canary_id: kind === 'canary' ? id : null,
  };
}

/** The kind and id of the resource a silence covers (undefined when it names none). */
export function silenceResourceOf(
  silence: Pick<NotificationSilence, 'config_id' | 'component_id' | 'check_id' | 'canary_id'>,
): { kind: SilenceResourceKind; id: string } | undefined {
  if (silence.config_id) return { kind: 'config', id: silence.config_id };
  if (silence.component_id) return { kind: 'component', id: silence.component_id };
  if (silence.check_id) return { kind: 'check', id: silence.check_id };
  if (silence.canary_id) return { kind: 'canary', id: silence.canary_id };
  return undefined;
}

/** `POST /notification/silence` (api.md §11.1): only the resource id that is set is sent. */
export async function createSilence(client: ApiClient, input: SilenceWrite): Promise<void> {
  const body: Record<string, unknown> = {
    from: input.from,
    until: input.until,
    description: input.description,
    recursive: input.recursive,
  };
  for (const key of ['config_id', 'component_id', 'check_id', 'canary_id'] as const) {
    if (input[key]) body[key] = input[key];
  }
  await client.post('/notification/silence', body);
}

async function patchSilence(client: ApiClient, id: string, body: Record<string, unknown>) {
  const query = from('notification_silences').eq('id', id);
  await client.patch(query.path, body, {
    query: query.toString(),
    headers: { Prefer: 'return=minimal' },
  });
}

/** The edited columns, with `updated_at` (postgrest.md §8.6). */
export function updateSilence(client: ApiClient, id: string, input: SilenceWrite) {
  return patchSilence(client, id, {
    from: input.from,
    until: input.until,
    description: input.description,
    recursive: input.recursive,
    config_id: input.config_id ?? null,
    component_id: input.component_id ?? null,
    check_id: input.check_id ?? null,
    canary_id: input.canary_id ?? null,
    updated_at: 'now()',
  });
}

export function deleteSilence(client: ApiClient, id: string) {
  return patchSilence(client, id, { deleted_at: 'now()' });
}

/** Options of a silence's resource picker: names of one kind (capped by the server at 2000). */
export interface ResourceOption {
  id: string;
  name: string;
  description?: string;
}

const RESOURCE_LOOKUPS: Readonly<
  Record<
    SilenceResourceKind,
    { relation: string; select: string; describe: (row: never) => string }
  >
> = {
  config: {
    relation: 'config_names',
    select: 'id,name,type',
    describe: (row: { type?: string | null }) => row.type ?? '',
  },
  component: {
    relation: 'component_names',
    select: 'id,name,type',
    describe: (row: { type?: string | null }) => row.type ?? '',
  },
  check: {
    relation: 'check_names',
    select: 'id,name,type',
    describe: (row: { type?: string | null }) => row.type ?? '',
  },
  canary: {
    relation: 'canaries',
    select: 'id,name,namespace',
    describe: (row: { namespace?: string | null }) => row.namespace ?? '',
  },
};

export async function listResourceOptions(
  client: ApiClient,
  kind: SilenceResourceKind,
  signal?: AbortSignal,
): Promise<ResourceOption[]> {
  const lookup = RESOURCE_LOOKUPS[kind];
  let query = from(lookup.relation).select(lookup.select).order({ column: 'name' });
  if (kind === 'canary') query = query.is('deleted_at', 'null');
  const { rows } = await selectRows<{ id: string; name: string | null }>(client, query, {
    signal,
  });
  const describe = lookup.describe as (row: unknown) => string;
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? row.id,
    description: describe(row) || undefined,
  }));
}

/** Names of canaries by id (silences on a canary have no embed in the contract's select). */
export async function listCanaryNames(
  client: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await selectRows<{ id: string; name: string }>(
    client,
    from('canaries').select('id,name').in('id', ids),
    { signal },
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Teams a rule can address: `GET /teams?deleted_at=is.null&order=name.asc`. */
export async function listTeams(client: ApiClient, signal?: AbortSignal): Promise<TeamRef[]> {
  const { rows } = await selectRows<TeamRef>(
    client,
    from('teams').select('id,name,icon').is('deleted_at', 'null').order({ column: 'name' }),
    { signal },
  );
  return rows;
}

/** The notification connections of the Others tab (`category` 'notification'). */
export interface NotificationConnection {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
}

export async function listNotificationConnections(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<NotificationConnection[]> {
  const { rows } = await selectRows<NotificationConnection>(
    client,
    from('connections_list')
      .select('id,name,namespace,type')
      .eq('category', 'notification')
      .order({ column: 'name' }),
    { signal },
  );
  return rows;
}

/** `connection://{namespace}/{name}` — how a custom service names its connection. */
export function connectionUrl(connection: Pick<NotificationConnection, 'name' | 'namespace'>) {
  return `connection://${connection.namespace || 'default'}/${connection.name}`;
}

// ---------------------------------------------------------------------------------------------
// Keys, query options, hooks
// ---------------------------------------------------------------------------------------------

export const notificationKeys = {
  all: (baseUrl: string) => ['notifications', baseUrl] as const,
  rules: (baseUrl: string) => [...notificationKeys.all(baseUrl), 'rules'] as const,
  ruleList: (baseUrl: string, params: PageParams<RuleSortColumn>) =>
    [...notificationKeys.rules(baseUrl), 'list', params] as const,
  rule: (baseUrl: string, id: string) => [...notificationKeys.rules(baseUrl), 'one', id] as const,
  ruleNames: (baseUrl: string) => [...notificationKeys.rules(baseUrl), 'names'] as const,
  history: (baseUrl: string) => [...notificationKeys.all(baseUrl), 'history'] as const,
  historyList: (baseUrl: string, params: SendHistoryParams) =>
    [...notificationKeys.history(baseUrl), 'list', params] as const,
  historyOne: (baseUrl: string, id: string) =>
    [...notificationKeys.history(baseUrl), 'one', id] as const,
  silences: (baseUrl: string) => [...notificationKeys.all(baseUrl), 'silences'] as const,
  silenceList: (baseUrl: string, params: PageParams<SilenceSortColumn>) =>
    [...notificationKeys.silences(baseUrl), 'list', params] as const,
  silence: (baseUrl: string, id: string) =>
    [...notificationKeys.silences(baseUrl), 'one', id] as const,
  canaryNames: (baseUrl: string, ids: readonly string[]) =>
    [...notificationKeys.silences(baseUrl), 'canaries', ids] as const,
  resources: (baseUrl: string, kind: SilenceResourceKind) =>
    [...notificationKeys.all(baseUrl), 'resources', kind] as const,
  teams: (baseUrl: string) => [...notificationKeys.all(baseUrl), 'teams'] as const,
  connections: (baseUrl: string) => [...notificationKeys.all(baseUrl), 'connections'] as const,
};

export const notificationQueries = {
  rules: (client: ApiClient, params: PageParams<RuleSortColumn>) =>
    queryOptions({
      queryKey: notificationKeys.ruleList(client.baseUrl, params),
      queryFn: ({ signal }) => listRules(client, params, signal),
      placeholderData: keepPreviousData,
    }),
  rule: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: notificationKeys.rule(client.baseUrl, id),
      queryFn: ({ signal }) => getRule(client, id, signal),
    }),
  ruleNames: (client: ApiClient) =>
    queryOptions({
      queryKey: notificationKeys.ruleNames(client.baseUrl),
      queryFn: ({ signal }) => listRuleNames(client, signal),
      staleTime: 30_000,
    }),
  history: (client: ApiClient, params: SendHistoryParams) =>
    queryOptions({
      queryKey: notificationKeys.historyList(client.baseUrl, params),
      queryFn: ({ signal }) => listSendHistory(client, params, signal),
      placeholderData: keepPreviousData,
    }),
  historyOne: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: notificationKeys.historyOne(client.baseUrl, id),
      queryFn: ({ signal }) => getSendHistory(client, id, signal),
    }),
  silences: (client: ApiClient, params: PageParams<SilenceSortColumn>) =>
    queryOptions({
      queryKey: notificationKeys.silenceList(client.baseUrl, params),
      queryFn: ({ signal }) => listSilences(client, params, signal),
      placeholderData: keepPreviousData,
    }),
  silence: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: notificationKeys.silence(client.baseUrl, id),
      queryFn: ({ signal }) => getSilence(client, id, signal),
    }),
  canaryNames: (client: ApiClient, ids: readonly string[]) =>
    queryOptions({
      queryKey: notificationKeys.canaryNames(client.baseUrl, ids),
      queryFn: ({ signal }) => listCanaryNames(client, ids, signal),
      staleTime: 60_000,
    }),
  resources: (client: ApiClient, kind: SilenceResourceKind) =>
    queryOptions({
      queryKey: notificationKeys.resources(client.baseUrl, kind),
      queryFn: ({ signal }) => listResourceOptions(client, kind, signal),
      staleTime: 60_000,
    }),
  teams: (client: ApiClient) =>
    queryOptions({
      queryKey: notificationKeys.teams(client.baseUrl),
      queryFn: ({ signal }) => listTeams(client, signal),
      staleTime: 60_000,
    }),
  connections: (client: ApiClient) =>
    queryOptions({
      queryKey: notificationKeys.connections(client.baseUrl),
      queryFn: ({ signal }) => listNotificationConnections(client, signal),
      staleTime: 30_000,
    }),
};

export function useRules(params: PageParams<RuleSortColumn>) {
  const client = useApiClient();
  return useQuery(notificationQueries.rules(client, params));
}
export function useRule(id: string | undefined) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.rule(client, id ?? ''), enabled: Boolean(id) });
}
export function useRuleNames() {
  const client = useApiClient();
  return useQuery(notificationQueries.ruleNames(client));
}
export function useSendHistory(params: SendHistoryParams) {
  const client = useApiClient();
  return useQuery(notificationQueries.history(client, params));
}
export function useSendHistoryItem(id: string | undefined) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.historyOne(client, id ?? ''), enabled: Boolean(id) });
}
export function useSilences(params: PageParams<SilenceSortColumn>) {
  const client = useApiClient();
  return useQuery(notificationQueries.silences(client, params));
}
export function useSilence(id: string | undefined) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.silence(client, id ?? ''), enabled: Boolean(id) });
}
export function useCanaryNames(ids: readonly string[]) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.canaryNames(client, ids), enabled: ids.length > 0 });
}
export function useResourceOptions(kind: SilenceResourceKind) {
  const client = useApiClient();
  return useQuery(notificationQueries.resources(client, kind));
}
export function useNotificationTeams(enabled = true) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.teams(client), enabled });
}
export function useNotificationConnections(enabled = true) {
  const client = useApiClient();
  return useQuery({ ...notificationQueries.connections(client), enabled });
}

// ---------------------------------------------------------------------------------------------
// Mutations (invalidate by key prefix)
// ---------------------------------------------------------------------------------------------

export function useSaveRule() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; rule: NotificationRuleWrite; createdBy?: string }) =>
      input.id
        ? updateRule(client, input.id, input.rule)
        : createRule(client, input.rule, input.createdBy),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.all(client.baseUrl) }),
  });
}

export function useDeleteRule() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRule(client, id),
    // Not awaited: the re-read finds the rule gone and unmounts its editor, whose own onSuccess
    // (the toast, closing) would then never run.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all(client.baseUrl) });
    },
  });
}

export function useSaveSilence() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id?: string; silence: SilenceWrite }) =>
      input.id
        ? updateSilence(client, input.id, input.silence)
        : createSilence(client, input.silence),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.silences(client.baseUrl) }),
  });
}

export function useDeleteSilence() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSilence(client, id),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: notificationKeys.silences(client.baseUrl) }),
  });
}
