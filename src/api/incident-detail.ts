/**
 * One incident's workspace reads and writes (postgrest.md §8.5): the detail read with its
 * hypotheses, evidence, comments, commander, communicator and responders; the status and
 * severity/type updates; the change log; the responders (list, create, soft delete); the
 * definition-of-done evidence writes of the side panel; the people and teams the add-responder
 * wizard offers and the Jira / Planner instances of a team.
 * Every query of one incident lives under `incidentAreaKeys.incident(baseUrl, id)`, so a write
 * anywhere in the workspace (the hypothesis tree included) refreshes all of it by that prefix.
 * The workspace polls every 2 s while the page is visible (issue 13 §3: another user's change
 * shows within 2 s); the change log follows the detail read (see HISTORY_REFETCH_MS).
 * Types → fetchers → keys → query options.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { incidentAreaKeys } from './incident-keys';
import type { IncidentDetail } from './incident-model';
import { from, selectRows } from './postgrest';
import type { PersonAvatar } from './types';

// ---- types ----

/** The person columns embedded wherever a person is shown (`AVATAR` of postgrest.md §8). */
export const AVATAR = 'id,name,avatar';

/** How often the workspace asks again while it is visible (issue 13 §3: within 2 s). */
export const WORKSPACE_REFETCH_MS = 2000;

/**
 * How often the change log asks again by itself. Every history row but a responder's comment
 * without a hypothesis comes with a change of the detail read (status, hypotheses, evidence,
 * responders), and the console re-reads the log when that read changes (ChangelogSection), so
 * the log still follows another user's change within 2 s; the slower poll catches the rest. The
 * log is the workspace's heaviest read (719 rows with seven embeds on the bench incident).
 */
export const HISTORY_REFETCH_MS = 10_000;

export interface ResponderClient {
  /** Values offered per field (a list) or fixed values. */
  values?: Record<string, unknown> | null;
  /** Field values filled in beforehand. */
  defaults?: Record<string, unknown> | null;
  /** The external ticket's address; `${ID}` is replaced by the responder's external id. */
  linkUrl?: string | null;
  [key: string]: unknown;
}

export interface TeamSpec {
  responder_clients?: Record<string, ResponderClient | null> | null;
  [key: string]: unknown;
}

export interface TeamOption {
  id: string;
  name: string;
  icon?: string | null;
  spec?: TeamSpec | null;
}

/** A row of `GET /responders?…&select=*,team:team_id(id,name,icon,spec),person:person_id(AVATAR)`. */
export interface ResponderRow {
  id: string;
  incident_id: string;
  type: string;
  index?: number | null;
  person_id?: string | null;
  team_id?: string | null;
  external_id?: string | null;
  properties?: Record<string, unknown> | null;
  /** The timeline's "Acknowledged" (the spec's acknowledge_time). */
  acknowledged?: string | null;
  /** The timeline's "Resolved" (the spec's signoff_time). */
  resolved?: string | null;
  /** The timeline's "Closed" (the spec's close_time). */
  closed?: string | null;
  created_by?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
  team?: TeamOption | null;
  person?: PersonAvatar | null;
}

/** A row of the change log read (`incident_histories` with its embeds). */
export interface IncidentHistoryRow {
  id: string;
  incident_id?: string;
  type?: string | null;
  description?: string | null;
  created_at?: string | null;
  created_by?: PersonAvatar | null;
  evidence?: {
    id: string;
    description?: string | null;
    type?: string | null;
    components?: { id: string; name?: string | null; icon?: string | null } | null;
    configs?: { id: string; name?: string | null } | null;
    config_changes?: { id: string; change_type?: string | null } | null;
    config_analysis?: {
      id: string;
      analyzer?: string | null;
      message?: string | null;
    } | null;
    checks?: { id: string; icon?: string | null; name?: string | null } | null;
  } | null;
  hypothesis?: { id: string; title?: string | null } | null;
  responder?: {
    id: string;
    person?: PersonAvatar | null;
    team?: { id: string; name?: string | null; icon?: string | null } | null;
  } | null;
  comment?: { id: string; comment?: string | null } | null;
}

/** A Jira or Planner instance: a config of that type related to the team. */
export interface IntegrationConfig {
  id: string;
  external_id?: string[] | string | null;
  name?: string | null;
  type?: string | null;
  analysis?: unknown;
  changes?: unknown;
}

export type IncidentUpdate = { status: string } | { severity: string; type: string };

export interface CreateResponderInput {
  incidentId: string;
  createdBy: string;
  /** `person`, or the team's client type (`jira`, `email`…). */
  type: string;
  teamId?: string;
  personId?: string;
  properties: Record<string, unknown>;
}

export interface CreateManualDodInput {
  hypothesisId: string;
  createdBy: string;
  comment: string;
}

type Signal = { signal?: AbortSignal };

// ---- fetchers ----

/** The detail read's `select` (postgrest.md §8.5 "detail"). */
export const INCIDENT_DETAIL_SELECT =
  `*,hypotheses(*,created_by(${AVATAR}),evidences(*,created_by(${AVATAR})),` +
  `comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(${AVATAR}),id)),` +
  `commander:commander_id(${AVATAR}),communicator_id(${AVATAR}),responders(created_by(${AVATAR}))`;

/** `GET /incidents?id=eq.{id}&select=…` → `data[0]`; null when there is none ('Incident not found'). */
export async function getIncident(
  client: ApiClient,
  id: string,
  options: Signal = {},
): Promise<IncidentDetail | null> {
  const query = from('incidents').eq('id', id).select(INCIDENT_DETAIL_SELECT);
  const { rows } = await selectRows<IncidentDetail>(client, query, options);
  return rows[0] ?? null;
}

/** `PATCH /incidents?id=eq.{id}` with `{status}` or `{severity, type}`. */
export async function updateIncident(
  client: ApiClient,
  id: string,
  patch: IncidentUpdate,
): Promise<void> {
  const query = from('incidents').eq('id', id);
  await client.patch(query.path, patch, { query: query.toString(), headers: query.headers });
}

/** The change log's `select` (postgrest.md §8.5 "history"). */
export const INCIDENT_HISTORY_SELECT =
  '*,evidence:evidences(id,description,type,components(id,name,icon),configs(id,name),' +
  'config_changes(id,change_type),config_analysis(id,analyzer,message,analysis),checks(id,icon,name)),' +
  `hypothesis:hypotheses(id,title),responder:responders(id,person:person_id(${AVATAR}),team:team_id(id,name,icon)),` +
  `comment:comments(id,comment),created_by(${AVATAR})`;

/** `GET /incident_histories?incident_id=eq.{id}&select=…&order=created_at.desc`. */
export async function listIncidentHistory(
  client: ApiClient,
  incidentId: string,
  options: Signal = {},
): Promise<IncidentHistoryRow[]> {
  const query = from('incident_histories')
    .eq('incident_id', incidentId)
    .select(INCIDENT_HISTORY_SELECT)
    .order({ column: 'created_at', ascending: false });
  const { rows } = await selectRows<IncidentHistoryRow>(client, query, options);
  return rows;
}

export const RESPONDERS_SELECT = `*,team:team_id(id,name,icon,spec),person:person_id(${AVATAR})`;

/** `GET /responders?incident_id=eq.{id}&select=…&deleted_at=is.null`. */
export async function listResponders(
  client: ApiClient,
  incidentId: string,
  options: Signal = {},
): Promise<ResponderRow[]> {
  const query = from('responders')
    .eq('incident_id', incidentId)
    .select(RESPONDERS_SELECT)
    .is('deleted_at', 'null');
  const { rows } = await selectRows<ResponderRow>(client, query, options);
  return rows;
}

/** `POST /responders?select=*` `{type, incident_id, created_by, team_id?, person_id?, properties}`. */
export async function createResponder(
  client: ApiClient,
  input: CreateResponderInput,
): Promise<ResponderRow | undefined> {
  const body: Record<string, unknown> = {
    type: input.type,
    incident_id: input.incidentId,
    created_by: input.createdBy,
    properties: input.properties,
  };
  if (input.teamId) body.team_id = input.teamId;
  if (input.personId) body.person_id = input.personId;
  const rows = await client.post<ResponderRow[] | null>('/db/responders', body, {
    query: 'select=*',
    headers: { Prefer: 'return=representation' },
  });
  return rows?.[0];
}

/** Soft delete: `PATCH /responders?id=eq.{id}` `{"deleted_at": "now()"}`. */
export async function deleteResponder(client: ApiClient, id: string): Promise<void> {
  const query = from('responders').eq('id', id);
  await client.patch(
    query.path,
    { deleted_at: 'now()' },
    { query: query.toString(), headers: query.headers },
  );
}

/** `PATCH /evidences?id=eq.{id}` with any of definition_of_done, done, script. */
export async function updateEvidence(
  client: ApiClient,
  id: string,
  patch: { definition_of_done?: boolean; done?: boolean; script?: string },
): Promise<void> {
  const query = from('evidences').eq('id', id);
  await client.patch(query.path, patch, { query: query.toString(), headers: query.headers });
}

/**
 * A manual definition of done: `POST /evidences` of type `comment` on the root hypothesis, the
 * text in `description` and `evidence.comment`, with `definition_of_done: true`.
 */
export async function createManualDefinitionOfDone(
  client: ApiClient,
  input: CreateManualDodInput,
): Promise<void> {
  await client.post(
    '/db/evidences',
    {
      hypothesis_id: input.hypothesisId,
      type: 'comment',
      description: input.comment,
      created_by: input.createdBy,
      evidence: { comment: input.comment },
      definition_of_done: true,
      done: false,
    },
    { headers: { Prefer: 'return=representation' } },
  );
}

/** People the wizard offers (`GET /people?select=id,name,avatar&order=name.asc`). */
export async function listPeople(client: ApiClient, options: Signal = {}): Promise<PersonAvatar[]> {
  const query = from('people')
    .select(AVATAR)
    .is('deleted_at', 'null')
    .order({ column: 'name', ascending: true });
  const { rows } = await selectRows<PersonAvatar>(client, query, options);
  return rows;
}

/** Teams the wizard offers, with the spec that holds their responder clients. */
export async function listTeams(client: ApiClient, options: Signal = {}): Promise<TeamOption[]> {
  const query = from('teams')
    .select('id,name,icon,spec')
    .is('deleted_at', 'null')
    .order({ column: 'name', ascending: true });
  const { rows } = await selectRows<TeamOption>(client, query, options);
  return rows;
}

/**
 * Jira or Planner instances: `GET /configs?select=id,external_id,name,type,analysis,changes&type=ilike.{kind}`,
 * kept when the config's external id mentions the team.
 */
export async function listIntegrationConfigs(
  client: ApiClient,
  kind: 'jira' | 'ms_planner',
  teamId: string,
  options: Signal = {},
): Promise<IntegrationConfig[]> {
  const query = from('configs')
    .select('id,external_id,name,type,analysis,changes')
    .ilike('type', kind);
  const { rows } = await selectRows<IntegrationConfig>(client, query, options);
  const team = teamId.toLowerCase();
  return rows.filter((row) => {
    const ids = Array.isArray(row.external_id) ? row.external_id : [row.external_id ?? ''];
    return ids.some((value) => String(value).toLowerCase().includes(team));
  });
}

// ---- keys ----

export const incidentDetailKeys = {
  detail: (baseUrl: string, id: string) =>
    [...incidentAreaKeys.incident(baseUrl, id), 'detail'] as const,
  history: (baseUrl: string, id: string) =>
    [...incidentAreaKeys.incident(baseUrl, id), 'history'] as const,
  responders: (baseUrl: string, id: string) =>
    [...incidentAreaKeys.incident(baseUrl, id), 'responders'] as const,
  people: (baseUrl: string) => [...incidentAreaKeys.all(baseUrl), 'people'] as const,
  teams: (baseUrl: string) => [...incidentAreaKeys.all(baseUrl), 'teams'] as const,
  integrations: (baseUrl: string, kind: string, teamId: string) =>
    [...incidentAreaKeys.all(baseUrl), 'integrations', kind, teamId] as const,
};

// ---- query options ----

/** Polling of the live workspace: every 2 s, only while the page is visible. */
// Fresh for one poll interval: the page does not read again what the start-up prefetch
// (src/api/prefetch.ts) has just brought; the poll keeps it live.
const live = {
  refetchInterval: WORKSPACE_REFETCH_MS,
  refetchIntervalInBackground: false,
  staleTime: WORKSPACE_REFETCH_MS,
} as const;

export const incidentDetailQueries = {
  detail: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: incidentDetailKeys.detail(client.baseUrl, id),
      queryFn: ({ signal }) => getIncident(client, id, { signal }),
      ...live,
    }),
  history: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: incidentDetailKeys.history(client.baseUrl, id),
      queryFn: ({ signal }) => listIncidentHistory(client, id, { signal }),
      refetchInterval: HISTORY_REFETCH_MS,
      refetchIntervalInBackground: false,
    }),
  responders: (client: ApiClient, id: string) =>
    queryOptions({
      queryKey: incidentDetailKeys.responders(client.baseUrl, id),
      queryFn: ({ signal }) => listResponders(client, id, { signal }),
      ...live,
    }),
  people: (client: ApiClient) =>
    queryOptions({
      queryKey: incidentDetailKeys.people(client.baseUrl),
      queryFn: ({ signal }) => listPeople(client, { signal }),
      staleTime: 60_000,
    }),
  teams: (client: ApiClient) =>
    queryOptions({
      queryKey: incidentDetailKeys.teams(client.baseUrl),
      queryFn: ({ signal }) => listTeams(client, { signal }),
      staleTime: 60_000,
    }),
  integrations: (client: ApiClient, kind: 'jira' | 'ms_planner', teamId: string) =>
    queryOptions({
      queryKey: incidentDetailKeys.integrations(client.baseUrl, kind, teamId),
      queryFn: ({ signal }) => listIntegrationConfigs(client, kind, teamId, { signal }),
      staleTime: 60_000,
    }),
};
