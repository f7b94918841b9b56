/**
 * The incident list (spec doc 2 §2 "Incidents", §7; postgrest.md §8.5 "list [P]"): one counted
 * page of `incidents` with the commander and the responders embedded, filtered by search,
 * severity, status, type, owner (`created_by`) and component (through the evidence of the
 * incident's hypotheses), and the option lists of the Owner and Component filters (people,
 * postgrest.md §8.2; component names, §8.4).
 * Types → fetchers → keys → query options.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, totalFromContentRange, type ApiClient } from './client';
import { incidentAreaKeys } from './incident-keys';
import { from, selectRows, type PostgrestQuery } from './postgrest';
import type { PersonAvatar } from './types';

// ---- types ----

export interface IncidentListTeam {
  id: string;
  name: string;
  icon?: string | null;
}

/** One embedded responder (`responders(id,type,deleted_at,person:…,team:…)`). */
export interface IncidentListResponder {
  id: string;
  type?: string | null;
  deleted_at?: string | null;
  person?: PersonAvatar | null;
  team?: IncidentListTeam | null;
}

/** One row of the list read. */
export interface IncidentListItem {
  id: string;
  /** The display id, `INC-12`. */
  incident_id?: string | null;
  title: string;
  severity?: string | null;
  type?: string | null;
  status?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  commander?: PersonAvatar | null;
  responders?: IncidentListResponder[] | null;
}

/** Columns the list may be sorted by (the default, newest first, is the contract's order). */
export const INCIDENT_SORT_COLUMNS = ['created_at', 'title', 'type', 'status'] as const;
export type IncidentSortColumn = (typeof INCIDENT_SORT_COLUMNS)[number];
export const DEFAULT_INCIDENT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

export interface IncidentListParams {
  /** `title=ilike.*{q}*`; empty = no search ("an empty value is omitted"). */
  search?: string;
  /** Each `eq.{value}`; '' and `all` are omitted. */
  severity?: string;
  status?: string;
  type?: string;
  /** `created_by=eq.{owner}` (a person id). */
  owner?: string;
  /** `hypotheses.evidences.component_id=eq.{component}` with the `hypotheses!inner(…)` embed. */
  component?: string;
  sortBy?: IncidentSortColumn;
  sortOrder?: 'asc' | 'desc';
  /** Paging; omitted = every row. */
  pageIndex?: number;
  pageSize?: number;
}

export interface IncidentListPage {
  rows: IncidentListItem[];
  /** From `Content-Range`; undefined when the server did not count. */
  total: number | undefined;
}

/** One option of the Owner filter (`GET /people?select=*&order=name.asc`). */
export interface IncidentOwnerOption extends PersonAvatar {
  email?: string | null;
}

/** One option of the Component filter (`GET /component_names?order=name.asc`). */
export interface IncidentComponentOption {
  id: string;
  name: string;
  type?: string | null;
  icon?: string | null;
  external_id?: string | null;
}

// ---- constants ----

const AVATAR = 'id,name,avatar';

/** The list's select (postgrest.md §8.5); the component filter adds {@link COMPONENT_EMBED}. */
export const INCIDENT_LIST_SELECT =
  `id,incident_id,title,severity,type,status,created_at,updated_at,created_by,` +
  `commander:commander_id(${AVATAR}),` +
  `responders(id,type,deleted_at,person:person_id(${AVATAR}),team:team_id(id,name,icon))`;

/** Only incidents with an evidence on the component (an inner join through their hypotheses). */
export const COMPONENT_EMBED = 'hypotheses!inner(id,evidences!inner(component_id))';

/** Both spellings of the technical-debt type are sent for it (postgrest.md §8.5). */
export const TECHNICAL_DEBT_TYPES = ['technicalDebt', 'technical_debt'] as const;

/** The search is cut to this length (the field's own limit is 500). */
export const INCIDENT_SEARCH_MAX_LENGTH = 200;

/** Responder avatars shown per row ("First 5 responders shown per row (avatar group max 5)"). */
export const RESPONDER_AVATARS_SHOWN = 5;

function filterValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.toLowerCase() === 'all') return undefined;
  return trimmed;
}

function isTechnicalDebt(type: string): boolean {
  return type.replace(/_/g, '').toLowerCase() === 'technicaldebt';
}

// ---- query ----

/**
 * `GET /db/incidents?select=…[,hypotheses!inner(…)]&responders.deleted_at=is.null&order=created_at.desc
 * [&title=ilike.*{q}*][&severity=eq.][&status=eq.][&type=eq. | &type=in.(technicalDebt,technical_debt)]
 * [&created_by=eq.][&hypotheses.evidences.component_id=eq.][&limit=&offset=]`, counted.
 */
export function incidentListQuery(params: IncidentListParams): PostgrestQuery {
  const component = filterValue(params.component);
  const query = from('incidents')
    .select(component ? `${INCIDENT_LIST_SELECT},${COMPONENT_EMBED}` : INCIDENT_LIST_SELECT)
    .is('responders.deleted_at', 'null');
  const sortBy = params.sortBy ?? DEFAULT_INCIDENT_SORT.sortBy;
  const ascending = (params.sortOrder ?? DEFAULT_INCIDENT_SORT.sortOrder) === 'asc';
  if (sortBy === 'created_at') query.order({ column: 'created_at', ascending });
  // A tie (same title, type or status) falls back to the newest first, so pages do not shuffle.
  else query.order({ column: sortBy, ascending }, { column: 'created_at', ascending: false });
  const search = params.search?.trim().slice(0, INCIDENT_SEARCH_MAX_LENGTH);
  if (search) query.ilike('title', `*${search}*`);
  const severity = filterValue(params.severity);
  if (severity) query.eq('severity', severity);
  const status = filterValue(params.status);
  if (status) query.eq('status', status);
  const type = filterValue(params.type);
  if (type && isTechnicalDebt(type)) query.in('type', TECHNICAL_DEBT_TYPES);
  else if (type) query.eq('type', type);
  const owner = filterValue(params.owner);
  if (owner) query.eq('created_by', owner);
  if (component) query.eq('hypotheses.evidences.component_id', component);
  if (params.pageSize !== undefined) {
    query.limit(params.pageSize).offset((params.pageIndex ?? 0) * params.pageSize);
  }
  return query.withCount();
}

// ---- fetchers ----

/** One counted page of the list; a 416 (a page past the end) is an empty page with the total. */
export async function listIncidents(
  client: ApiClient,
  params: IncidentListParams,
  options: { signal?: AbortSignal } = {},
): Promise<IncidentListPage> {
  const query = incidentListQuery(params);
  try {
    const response = await client.request<IncidentListItem[] | null>(query.path, {
      query: query.toString(),
      headers: query.headers,
      signal: options.signal,
    });
    return {
      rows: response.data ?? [],
      total: totalFromContentRange(response.headers.get('content-range')),
    };
  } catch (error: unknown) {
    if (error instanceof ApiError && error.status === 416) {
      return { rows: [], total: totalFromContentRange(error.headers?.get('content-range')) };
    }
    throw error;
  }
}

/** `GET /db/people?select=*&order=name.asc` (postgrest.md §8.2): the Owner filter's people. */
export function incidentOwnersQuery(): PostgrestQuery {
  return from('people').select('*').order({ column: 'name' });
}

export async function listIncidentOwners(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<IncidentOwnerOption[]> {
  const { rows } = await selectRows<IncidentOwnerOption>(client, incidentOwnersQuery(), options);
  return rows;
}

/** `GET /db/component_names?order=name.asc` (postgrest.md §8.4): the Component filter's list. */
export function incidentComponentsQuery(): PostgrestQuery {
  return from('component_names').order({ column: 'name' });
}

export async function listIncidentComponents(
  client: ApiClient,
  options: { signal?: AbortSignal } = {},
): Promise<IncidentComponentOption[]> {
  const { rows } = await selectRows<IncidentComponentOption>(
    client,
    incidentComponentsQuery(),
    options,
  );
  return rows;
}

// ---- display ----

export interface ResponderAvatar {
  /** `person:{id}` or `team:{id}`. */
  key: string;
  kind: 'person' | 'team';
  name: string;
  avatar?: string | null;
  icon?: string | null;
}

/**
 * The distinct people and teams responding (soft-deleted responders left out), in the order they
 * came; a person or team listed twice (two responder types) counts once.
 */
export function distinctResponders(
  responders: readonly IncidentListResponder[] | null | undefined,
): ResponderAvatar[] {
  const seen = new Set<string>();
  const result: ResponderAvatar[] = [];
  for (const responder of responders ?? []) {
    if (responder.deleted_at) continue;
    const entry: ResponderAvatar | undefined = responder.person
      ? {
          key: `person:${responder.person.id}`,
          kind: 'person',
          name: responder.person.name,
          avatar: responder.person.avatar ?? null,
        }
      : responder.team
        ? {
            key: `team:${responder.team.id}`,
            kind: 'team',
            name: responder.team.name,
            icon: responder.team.icon ?? null,
          }
        : undefined;
    if (!entry || seen.has(entry.key)) continue;
    seen.add(entry.key);
    result.push(entry);
  }
  return result;
}

// ---- keys ----

/** Under the area's list key, so a write anywhere in the incident area refreshes the list. */
export const incidentListKeys = {
  all: (baseUrl: string) => incidentAreaKeys.list(baseUrl),
  page: (baseUrl: string, params: IncidentListParams) =>
    [...incidentAreaKeys.list(baseUrl), 'page', params] as const,
  owners: (baseUrl: string) => [...incidentAreaKeys.list(baseUrl), 'owners'] as const,
  components: (baseUrl: string) => [...incidentAreaKeys.list(baseUrl), 'components'] as const,
};

// ---- query options ----

/** Filter option lists are kept for a minute. */
export const INCIDENT_FILTER_OPTIONS_STALE_TIME_MS = 60_000;

/** How long a list page counts as fresh; refreshes and writes ask again explicitly. */
export const INCIDENT_LIST_FRESH_MS = 5_000;

export const incidentListQueries = {
  /** One page; the previous page stays on screen while the next one loads. */
  page: (client: ApiClient, params: IncidentListParams) =>
    queryOptions({
      queryKey: incidentListKeys.page(client.baseUrl, params),
      queryFn: ({ signal }) => listIncidents(client, params, { signal }),
      placeholderData: keepPreviousData,
      // Not read again on mount right after the start-up prefetch (src/api/prefetch.ts) brought it.
      staleTime: INCIDENT_LIST_FRESH_MS,
    }),
  owners: (client: ApiClient) =>
    queryOptions({
      queryKey: incidentListKeys.owners(client.baseUrl),
      queryFn: ({ signal }) => listIncidentOwners(client, { signal }),
      staleTime: INCIDENT_FILTER_OPTIONS_STALE_TIME_MS,
    }),
  components: (client: ApiClient) =>
    queryOptions({
      queryKey: incidentListKeys.components(client.baseUrl),
      queryFn: ({ signal }) => listIncidentComponents(client, { signal }),
      staleTime: INCIDENT_FILTER_OPTIONS_STALE_TIME_MS,
    }),
};
