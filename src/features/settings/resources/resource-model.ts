/**
 * The editor's model of a settings resource: the draft the form edits, how a stored row becomes
 * one, how a draft becomes the request body (only the base table's columns; `created_by` and
 * source `UI` on create; Name and Namespace never change on update), the validation of spec
 * doc 3 §5 (invalid YAML or JSON says where and why, and nothing is saved), the editing mode a
 * resource's source decides (§2.1) and the tags cell. Pure functions, tested beside.
 */
import type { SettingsResourceRow } from '../../../api/settings-resources';
import { parseYamlWithPosition, toYaml } from '../../../lib/yaml';
import { LOCAL_AGENT_ID, type ResourceDescription } from './resource-descriptions';
import { REQUIRED_MESSAGE } from './health-check-kinds';

export interface ResourceDraft {
  name: string;
  namespace: string;
  icon: string;
  description: string;
  value: string;
  /** Labels as JSON text (the labels JSON editor). */
  labelsText: string;
  /** The `schedule` column (topologies); spec schedules live in the spec text. */
  schedule: string;
  /** The spec as YAML text. */
  specText: string;
}

export type DraftErrors = Partial<Record<keyof ResourceDraft, string>>;

/** Default namespace (spec doc 3 §3, §9). */
export const DEFAULT_NAMESPACE = 'default';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The spec object a row's YAML edits (notification rules: their own columns). */
export function rowSpec(description: ResourceDescription, row: SettingsResourceRow): unknown {
  if (description.spec?.storage === 'columns') {
    const spec: Record<string, unknown> = {};
    for (const column of description.spec.columns ?? []) {
      const value = row[column];
      if (value !== null && value !== undefined) spec[column] = value;
    }
    return spec;
  }
  return row.spec ?? {};
}

/** YAML of a spec; an empty object is an empty text. */
export function specYaml(spec: unknown): string {
  if (
    spec === null ||
    spec === undefined ||
    (typeof spec === 'object' && Object.keys(spec).length === 0)
  ) {
    return '';
  }
  return toYaml(spec);
}

/** A new resource's draft (with the picked type's spec). */
export function newDraft(
  description: ResourceDescription,
  spec?: Record<string, unknown>,
): ResourceDraft {
  return {
    name: '',
    namespace: DEFAULT_NAMESPACE,
    icon: '',
    description: '',
    value: '',
    labelsText: '{}',
    schedule: '',
    specText: specYaml(spec ?? description.emptySpec ?? {}),
  };
}

/** A stored resource's draft. */
export function draftFromRow(
  description: ResourceDescription,
  row: SettingsResourceRow,
): ResourceDraft {
  return {
    name: row.name,
    namespace: text(row.namespace) || DEFAULT_NAMESPACE,
    icon: text(row.icon),
    description: text(row.description),
    value: text(row.value),
    labelsText: JSON.stringify(row.labels ?? {}, null, 2),
    schedule: text(row.schedule),
    specText: specYaml(rowSpec(description, row)),
  };
}

export type SpecResult =
  | { ok: true; spec: Record<string, unknown> }
  | { ok: false; error: string; line?: number; column?: number };

/**
 * Parse the spec text: YAML syntax errors say where ('Line 3, column 5: …'); the spec must be an
 * object (an empty text is an empty object).
 */
export function parseSpec(specText: string): SpecResult {
  if (specText.trim() === '') return { ok: true, spec: {} };
  const parsed = parseYamlWithPosition(specText);
  if (!parsed.ok) {
    const { line, column, message } = parsed.error;
    return { ok: false, error: `Line ${line}, column ${column}: ${message}`, line, column };
  }
  const value = parsed.value;
  if (value === null || value === undefined) return { ok: true, spec: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'Spec must be an object' };
  }
  return { ok: true, spec: value as Record<string, unknown> };
}

/** Labels JSON: an object of strings; the error says where JSON broke. */
export function parseLabels(
  labelsText: string,
): { ok: true; labels: Record<string, string> } | { ok: false; error: string } {
  if (labelsText.trim() === '') return { ok: true, labels: {} };
  let value: unknown;
  try {
    value = JSON.parse(labelsText);
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `Labels are not valid JSON: ${message}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'Labels must be a JSON object' };
  }
  const labels: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') return { ok: false, error: `Label "${key}" must be a string` };
    labels[key] = item;
  }
  return { ok: true, labels };
}

/** The schedule a draft shows: the column, or the spec's `schedule`. */
export function draftSchedule(description: ResourceDescription, draft: ResourceDraft): string {
  if (description.schedule === 'column') return draft.schedule;
  if (description.schedule === 'spec') {
    const parsed = parseSpec(draft.specText);
    return parsed.ok && typeof parsed.spec.schedule === 'string' ? parsed.spec.schedule : '';
  }
  return '';
}

/** Set the schedule: the column, or `schedule` in the spec (kept first in the YAML). */
export function withSchedule(
  description: ResourceDescription,
  draft: ResourceDraft,
  schedule: string,
): ResourceDraft {
  if (description.schedule === 'column') return { ...draft, schedule };
  if (description.schedule !== 'spec') return draft;
  const parsed = parseSpec(draft.specText);
  if (!parsed.ok) return draft;
  const { schedule: _old, ...rest } = parsed.spec;
  void _old;
  const spec = schedule ? { schedule, ...rest } : rest;
  return { ...draft, specText: specYaml(spec) };
}

export type BuildResult =
  { ok: true; body: Record<string, unknown> } | { ok: false; errors: DraftErrors };

/**
 * The request body of a draft, or its errors. On create: every field, `source: 'UI'` where the
 * table has a source, and `created_by`. On update: what may change (not Name, Namespace or
 * Source).
 */
export function buildBody(
  description: ResourceDescription,
  draft: ResourceDraft,
  options: { isNew: boolean; userId?: string },
): BuildResult {
  const errors: DraftErrors = {};
  const { fields } = description;
  if (options.isNew && draft.name.trim() === '') errors.name = REQUIRED_MESSAGE;
  if (options.isNew && fields.namespace && draft.namespace.trim() === '') {
    errors.namespace = REQUIRED_MESSAGE;
  }
  if (fields.value && draft.value.trim() === '') errors.value = REQUIRED_MESSAGE;
  let labels: Record<string, string> | undefined;
  if (fields.labels) {
    const parsed = parseLabels(draft.labelsText);
    if (parsed.ok) labels = parsed.labels;
    else errors.labelsText = parsed.error;
  }
  let spec: Record<string, unknown> | undefined;
  if (description.spec) {
    const parsed = parseSpec(draft.specText);
    if (parsed.ok) spec = parsed.spec;
    else errors.specText = parsed.error;
  }
  if (description.table === 'notifications' && spec) {
    const events = spec.events;
    if (!Array.isArray(events) || events.length === 0) {
      errors.specText = 'events: at least one event is required';
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const body: Record<string, unknown> = {};
  if (options.isNew) {
    body.name = draft.name.trim();
    if (fields.namespace) body.namespace = draft.namespace.trim();
    if (description.table !== 'properties') body.source = 'UI';
    if (options.userId) body.created_by = options.userId;
  }
  if (fields.icon) body.icon = draft.icon.trim() || null;
  if (fields.description) body.description = draft.description.trim() || null;
  if (fields.value) body.value = draft.value;
  if (labels) body.labels = labels;
  if (description.schedule === 'column') body.schedule = draft.schedule || null;
  if (spec && description.spec?.storage === 'columns') {
    for (const column of description.spec.columns ?? []) {
      // person_id, team_id and custom_services are sent as null when absent (spec doc 3 §7).
      body[column] = spec[column] ?? null;
    }
  } else if (spec) {
    body.spec = spec;
  }
  return { ok: true, body };
}

/** How a resource's source decides its editing (spec doc 3 §2.1). */
export type EditingMode =
  | { editable: true }
  | { editable: false; kind: 'agent'; text: string }
  | { editable: false; kind: 'origin'; text: string; href: string }
  | { editable: false; kind: 'file'; text: string }
  | { editable: false; kind: 'source'; text: string; href?: string };

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Source UI (or none) is editable; an agent other than the local one is 'Linked to {agent}';
 * a component or kubernetes source links to its origin; ConfigFile is 'Linked to local file';
 * anything else shows the source (a link when it is one).
 */
export function editingMode(row: {
  source?: string | null;
  agent_id?: string | null;
  agent?: { name?: string | null } | null;
}): EditingMode {
  const source = (row.source ?? '').trim();
  if (row.agent_id && row.agent_id !== LOCAL_AGENT_ID) {
    return {
      editable: false,
      kind: 'agent',
      text: `Linked to ${row.agent?.name || row.agent_id}`,
    };
  }
  if (source === '' || source === 'UI') return { editable: true };
  const lower = source.toLowerCase();
  if (lower.startsWith('component')) {
    const id = UUID.exec(source)?.[0];
    return {
      editable: false,
      kind: 'origin',
      text: 'Created by a component',
      href: id ? `/topology/${id}` : '/topology',
    };
  }
  if (lower.startsWith('kubernetes')) {
    const id = UUID.exec(source)?.[0];
    return {
      editable: false,
      kind: 'origin',
      text: 'Managed by a Kubernetes resource',
      href: id ? `/catalog/${id}` : '/catalog',
    };
  }
  if (source === 'ConfigFile')
    return { editable: false, kind: 'file', text: 'Linked to local file' };
  return {
    editable: false,
    kind: 'source',
    text: source,
    href: /^https?:\/\//.test(source) ? source : undefined,
  };
}

export { tagsSummary } from './resource-tags';
