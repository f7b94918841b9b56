/**
 * The incidents of one topology component or config item: the incidents panel reads of
 * postgrest.md §8.4 over the views `incidents_by_component` and `incidents_by_config` (schema.md
 * §5). Shared by `<vigil-incident-summary>` and the console's panels.
 * Types → fetchers → keys → query options.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { from, selectRows, type PostgrestQuery } from './postgrest';

// ---- types ----

/** What the incidents are linked to through their evidence. */
export type IncidentSubjectKind = 'component' | 'config';

export interface IncidentSubject {
  kind: IncidentSubjectKind;
  /** The component's or config item's id (uuid). */
  id: string;
}

/**
 * One row of `incidents_by_component` / `incidents_by_config`: a distinct (incident, subject)
 * pair. `incident_id` (the display id, `INC-12`) is not a column of the views; it is read when a
 * backend adds it.
 */
export interface SubjectIncident {
  /** incidents.id */
  id: string;
  title: string | null;
  created_at: string | null;
  type: string | null;
  status: string | null;
  severity: string | null;
  component_id?: string;
  config_id?: string;
  incident_id?: string | null;
}

/** Server-side filters of the panel read. Empty values and `all` are not sent. */
export interface SubjectIncidentFilters {
  /** Incident status; default `open`. */
  status?: string;
  /** Incident type. */
  type?: string;
}

/** The status the panel shows when none is given (postgrest.md §8.4). */
export const DEFAULT_INCIDENT_STATUS = 'open';

const SUBJECT_VIEWS: Record<IncidentSubjectKind, { relation: string; column: string }> = {
  component: { relation: 'incidents_by_component', column: 'component_id' },
  config: { relation: 'incidents_by_config', column: 'config_id' },
};

/** Both spellings of the technical-debt type, as the incident list sends them (§8.5). */
const TECHNICAL_DEBT_TYPES = ['technicalDebt', 'technical_debt'] as const;

function isTechnicalDebt(type: string): boolean {
  return type.replace(/_/g, '').toLowerCase() === 'technicaldebt';
}

function filterValue(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || trimmed.toLowerCase() === 'all') return undefined;
  return trimmed;
}

// ---- fetchers ----

/**
 * `GET /db/incidents_by_component?order=created_at.desc[&type=eq.{t}][&status=eq.{s}]&component_id=eq.{id}`
 * (or `incidents_by_config … &config_id=eq.{id}`). Values are lower-cased and `all` is dropped;
 * the status defaults to `open`. One exception to the lower-casing: the technical-debt type, which
 * the database spells `technicalDebt` (or `technical_debt`), is sent as the incident list sends it,
 * `type=in.(technicalDebt,technical_debt)`, since a lower-cased value would match nothing.
 */
export function subjectIncidentsQuery(
  subject: IncidentSubject,
  filters: SubjectIncidentFilters = {},
): PostgrestQuery {
  const view = SUBJECT_VIEWS[subject.kind];
  const query = from(view.relation).order({ column: 'created_at', ascending: false });
  const type = filterValue(filters.type);
  if (type && isTechnicalDebt(type)) query.in('type', TECHNICAL_DEBT_TYPES);
  else if (type) query.eq('type', type.toLowerCase());
  const status = filterValue(filters.status ?? DEFAULT_INCIDENT_STATUS);
  if (status) query.eq('status', status.toLowerCase());
  return query.eq(view.column, subject.id.toLowerCase());
}

/** The incidents linked to a component or config, newest first. */
export async function listSubjectIncidents(
  client: ApiClient,
  subject: IncidentSubject,
  filters: SubjectIncidentFilters = {},
  options: { signal?: AbortSignal } = {},
): Promise<SubjectIncident[]> {
  const { rows } = await selectRows<SubjectIncident>(
    client,
    subjectIncidentsQuery(subject, filters),
    options,
  );
  return rows;
}

// ---- keys ----

/** Query keys; the client's base URL is part of every key (widgets may talk to several APIs). */
export const incidentKeys = {
  all: (baseUrl: string) => ['incidents', baseUrl] as const,
  subject: (baseUrl: string, subject: IncidentSubject) =>
    [...incidentKeys.all(baseUrl), subject.kind, subject.id.toLowerCase()] as const,
  subjectList: (baseUrl: string, subject: IncidentSubject, filters: SubjectIncidentFilters) =>
    [
      ...incidentKeys.subject(baseUrl, subject),
      {
        status: filterValue(filters.status ?? DEFAULT_INCIDENT_STATUS)?.toLowerCase() ?? 'all',
        type: filterValue(filters.type)?.toLowerCase() ?? 'all',
      },
    ] as const,
};

// ---- query options ----

export const incidentQueries = {
  /**
   * The incidents of a component or config. The key holds the normalised filters, so widgets and
   * panels asking for the same subject and filters share one request.
   */
  subject: (client: ApiClient, subject: IncidentSubject, filters: SubjectIncidentFilters = {}) =>
    queryOptions({
      queryKey: incidentKeys.subjectList(client.baseUrl, subject, filters),
      queryFn: ({ signal }) => listSubjectIncidents(client, subject, filters, { signal }),
    }),
};
