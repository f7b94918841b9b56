/**
 * Creating an incident (spec doc 2 §4, §5; postgrest.md §8.5 "create"): `POST /incidents?select=*`
 * with the signed-in person as creator, commander and communicator, then the root hypothesis
 * (`status: possible`, the incident's title), then optionally the first evidence when the dialog
 * was launched from a config (type `config`) or a topology component (type `topology`).
 * Types → validation → body builders → the call sequence.
 */
import type { ApiClient } from './client';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  NEW_HYPOTHESIS_STATUS,
  NEW_INCIDENT_DEFAULTS,
  type IncidentRow,
  type IncidentSeverity,
  type IncidentStatus,
  type IncidentType,
} from './incident-model';
import type { CreateEvidenceInput, EvidenceRow } from './types';

// ---- types ----

/** What the 'Create New Incident' form holds. */
export interface NewIncidentForm {
  title: string;
  description: string;
  severity: IncidentSeverity | '';
  type: IncidentType | '';
  status: IncidentStatus | '';
}

/**
 * Where the dialog was launched from; it becomes the first evidence.
 * - a config: `lines` are the config's content lines and `selectedLines` the chosen ones, keyed
 *   by their 0-based index in `lines` (the shape the seed and the evidence view read);
 * - a topology component.
 */
export type NewIncidentSubject =
  | {
      kind: 'config';
      configId: string;
      lines?: readonly string[];
      selectedLines?: Readonly<Record<string, string>>;
      description: string;
    }
  | { kind: 'component'; componentId: string; description: string }
  | {
      kind: 'check';
      checkId: string;
      /** The check dialog's time range, kept in the evidence as its history window. */
      start?: string;
      description: string;
    };

/** The `hypotheses` row returned by the root hypothesis' insert. */
export interface HypothesisRow {
  id: string;
  incident_id: string;
  type: string;
  title: string;
  status: string;
  created_by: string;
  parent_id?: string | null;
  created_at?: string;
}

export interface CreateIncidentResult {
  incident: IncidentRow;
  hypothesis?: HypothesisRow;
  evidence?: EvidenceRow;
  /**
   * A failure after the incident was saved (its root hypothesis or first evidence). Spec doc 2 §8:
   * logged, no user message; the incident exists and is handed back.
   */
  followUpError?: unknown;
}

// ---- validation (spec doc 2 §5) ----

export const NEW_INCIDENT_LIMITS = { title: 500, description: 10_000 } as const;

export const NEW_INCIDENT_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${NEW_INCIDENT_LIMITS.title} characters`,
  descriptionTooLong: `Description must be at most ${NEW_INCIDENT_LIMITS.description} characters`,
  severityRequired: 'Severity is required',
  severityInvalid: 'Choose one of the severities',
  typeRequired: 'Type is required',
  typeInvalid: 'Choose one of the types',
  statusRequired: 'Status is required',
  statusInvalid: 'Choose one of the statuses',
} as const;

export type NewIncidentErrors = Partial<Record<keyof NewIncidentForm, string>>;

/** The form's first values: empty texts, type availability, severity low, status open. */
export function newIncidentForm(): NewIncidentForm {
  return { title: '', description: '', ...NEW_INCIDENT_DEFAULTS };
}

function oneOf(value: string, values: readonly string[]): boolean {
  return values.includes(value);
}

/** Per-field messages; an empty object means the form can be sent. */
export function validateNewIncident(form: NewIncidentForm): NewIncidentErrors {
  const errors: NewIncidentErrors = {};
  const title = form.title.trim();
  if (!title) errors.title = NEW_INCIDENT_MESSAGES.titleRequired;
  else if (title.length > NEW_INCIDENT_LIMITS.title)
    errors.title = NEW_INCIDENT_MESSAGES.titleTooLong;
  if (form.description.length > NEW_INCIDENT_LIMITS.description)
    errors.description = NEW_INCIDENT_MESSAGES.descriptionTooLong;
  if (!form.severity) errors.severity = NEW_INCIDENT_MESSAGES.severityRequired;
  else if (!oneOf(form.severity, INCIDENT_SEVERITIES))
    errors.severity = NEW_INCIDENT_MESSAGES.severityInvalid;
  if (!form.type) errors.type = NEW_INCIDENT_MESSAGES.typeRequired;
  else if (!oneOf(form.type, INCIDENT_TYPES)) errors.type = NEW_INCIDENT_MESSAGES.typeInvalid;
  if (!form.status) errors.status = NEW_INCIDENT_MESSAGES.statusRequired;
  else if (!oneOf(form.status, INCIDENT_STATUSES))
    errors.status = NEW_INCIDENT_MESSAGES.statusInvalid;
  return errors;
}

// ---- bodies (postgrest.md §8.5) ----

/** The `POST /incidents?select=*` body. */
export function incidentBody(form: NewIncidentForm, userId: string) {
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    severity: form.severity,
    type: form.type,
    status: form.status,
    created_at: 'now()',
    updated_at: 'now()',
    created_by: userId,
    commander_id: userId,
    communicator_id: userId,
  };
}

/** The root hypothesis' `POST /hypotheses` body. */
export function rootHypothesisBody(incident: Pick<IncidentRow, 'id' | 'title'>, userId: string) {
  return {
    created_by: userId,
    incident_id: incident.id,
    type: 'root',
    title: incident.title,
    status: NEW_HYPOTHESIS_STATUS,
  };
}

/** The first evidence's `POST /evidences` body for the subject the dialog was launched from. */
export function subjectEvidenceBody(
  subject: NewIncidentSubject,
  hypothesisId: string,
  userId: string,
): CreateEvidenceInput {
  const description = subject.description.trim();
  if (subject.kind === 'check') {
    return {
      hypothesis_id: hypothesisId,
      type: 'check',
      description,
      created_by: userId,
      check_id: subject.checkId,
      evidence: {
        check_id: subject.checkId,
        includeMessages: true,
        ...(subject.start ? { start: subject.start } : {}),
      },
    };
  }
  if (subject.kind === 'component') {
    return {
      hypothesis_id: hypothesisId,
      type: 'topology',
      description,
      created_by: userId,
      component_id: subject.componentId,
    };
  }
  return {
    hypothesis_id: hypothesisId,
    type: 'config',
    description,
    created_by: userId,
    config_id: subject.configId,
    evidence: { lines: [...(subject.lines ?? [])], selected_lines: { ...subject.selectedLines } },
  };
}

// ---- calls ----

const RETURN_ROWS = { headers: { Prefer: 'return=representation' } } as const;

async function insertOne<T>(client: ApiClient, path: string, body: unknown): Promise<T> {
  const rows = await client.post<T[] | null>(path, body, RETURN_ROWS);
  const row = rows?.[0];
  if (!row) throw new Error(`The server returned no row for ${path}`);
  return row;
}

/**
 * Create the incident, its root hypothesis and, with a subject, its first evidence, in that
 * order. A failed incident insert throws (the caller shows it); a failure after it is returned
 * as `followUpError` with what was created.
 */
export async function createIncident(
  client: ApiClient,
  input: { form: NewIncidentForm; userId: string; subject?: NewIncidentSubject },
): Promise<CreateIncidentResult> {
  const { form, userId, subject } = input;
  const incident = await insertOne<IncidentRow>(
    client,
    '/db/incidents?select=*',
    incidentBody(form, userId),
  );
  const result: CreateIncidentResult = { incident };
  try {
    result.hypothesis = await insertOne<HypothesisRow>(
      client,
      '/db/hypotheses',
      rootHypothesisBody(incident, userId),
    );
    if (subject) {
      result.evidence = await insertOne<EvidenceRow>(
        client,
        '/db/evidences',
        subjectEvidenceBody(subject, result.hypothesis.id, userId),
      );
    }
  } catch (error: unknown) {
    result.followUpError = error;
  }
  return result;
}
