/**
 * Pure logic of the incident workspace (spec doc 2 §4, §5, §8): the evidences of an incident and
 * those of its definition of done, the components linked by evidence, the responder timeline,
 * the responder's external link, the add-responder field validation and the change log's
 * sentences.
 */
import type { IncidentHistoryRow, ResponderRow, TeamOption } from '../../../api/incident-detail';
import {
  DEFAULT_DOD_SCRIPTS,
  RESPONDER_TYPE_FIELDS,
  RESPONDER_TYPE_LABELS,
  RESPONDER_TYPES,
  hypothesisStatusLabel,
  type EvidenceDetail,
  type IncidentDetail,
  type ResponderType,
} from '../../../api/incident-model';
import { incidentStatusLabel } from '../../../entities/incident/incident-badges';

// ---- texts of spec doc 2 §8 ----

export const TEXTS = {
  notFound: 'Incident not found',
  statusUpdated: 'Incident status updated successfully',
  statusFailed: 'Incident status updated failed',
  responderAdded: 'Responder added successfully',
  responderDeleted: 'Responder deleted successfully',
  selectEvidence: 'Please select atleast one evidence',
  contributingFactors: 'Add contributing factors to definition of done',
  removeDod: 'Remove from definition of done',
  removeDodConfirm: 'Remove from definition of done ?',
  deleteResponder: 'Delete Responder ?',
  deleteResponderConfirm: 'Are you sure you want to delete the responder ?',
  noTeamResponders: 'There are no responders configured for this team',
  noNonDodEvidence: 'There are no evidences which are not part of definition of done',
  noEvidence: 'There are no evidences provided for this incident',
  noChangelog: 'No changelog found',
  invalidValue: 'Please provide valid value',
  addDodFailed: 'Marking evidence as part of definition of done failed',
  removeDodFailed: 'Removing evidence from definition of done failed',
  noTitle: '(no title)',
} as const;

// ---- evidence ----

export interface EvidenceWithHypothesis extends EvidenceDetail {
  hypothesisTitle?: string | null;
}

/** Every evidence of the incident, in hypothesis order then creation order. */
export function incidentEvidences(incident: IncidentDetail): EvidenceWithHypothesis[] {
  const result: EvidenceWithHypothesis[] = [];
  for (const hypothesis of incident.hypotheses ?? []) {
    const evidences = [...(hypothesis.evidences ?? [])].sort((a, b) =>
      (a.created_at ?? '').localeCompare(b.created_at ?? ''),
    );
    for (const evidence of evidences) {
      result.push({ ...evidence, hypothesisTitle: hypothesis.title });
    }
  }
  return result;
}

export function definitionOfDone(incident: IncidentDetail): EvidenceWithHypothesis[] {
  return incidentEvidences(incident).filter((evidence) => evidence.definition_of_done === true);
}

export function evidencesOutsideDefinitionOfDone(
  incident: IncidentDetail,
): EvidenceWithHypothesis[] {
  return incidentEvidences(incident).filter((evidence) => evidence.definition_of_done !== true);
}

/** The root hypothesis (where a manual definition of done is recorded), else the first one. */
export function rootHypothesisId(incident: IncidentDetail): string | undefined {
  const hypotheses = incident.hypotheses ?? [];
  return (hypotheses.find((h) => h.type === 'root' && !h.parent_id) ?? hypotheses[0])?.id;
}

/** The components evidence links to, first seen first, each once. */
export function linkedComponentIds(incident: IncidentDetail): string[] {
  const ids: string[] = [];
  for (const evidence of incidentEvidences(incident)) {
    const id = evidence.component_id;
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** What an evidence is, in a few words (its description, else its type and subject). */
export function evidenceLabel(evidence: EvidenceDetail): string {
  const description = evidence.description?.trim();
  if (description) return description;
  const comment = evidence.evidence?.comment;
  if (typeof comment === 'string' && comment.trim()) return comment.trim();
  return `${evidenceTypeLabel(evidence.type)} evidence`;
}

const EVIDENCE_TYPE_LABELS: Record<string, string> = {
  log: 'Log',
  config: 'Config',
  topology: 'Topology',
  check: 'Check',
  config_analysis: 'Insight',
  config_change: 'Change',
  comment: 'Comment',
};

export function evidenceTypeLabel(type: string | null | undefined): string {
  return EVIDENCE_TYPE_LABELS[type ?? ''] ?? (type || 'Evidence');
}

/** The default CEL script for an evidence's subject (spec doc 2 §5); empty when none applies. */
export function defaultDodScript(evidence: EvidenceDetail): string {
  if (evidence.check_id || evidence.type === 'check') return DEFAULT_DOD_SCRIPTS.check;
  if (evidence.config_analysis_id || evidence.type === 'config_analysis') {
    return DEFAULT_DOD_SCRIPTS.config_analysis;
  }
  if (evidence.component_id || evidence.type === 'topology') return DEFAULT_DOD_SCRIPTS.topology;
  return '';
}

// ---- responders ----

export type TimelineState = 'done' | 'current' | 'pending';

export interface TimelineStep {
  label: 'Created' | 'Acknowledged' | 'Resolved' | 'Closed';
  time: string | null;
  state: TimelineState;
}

/**
 * Created, Acknowledged, Resolved, Closed from created_at, acknowledged, resolved, closed (the
 * spec's acknowledge_time, signoff_time, close_time); the first missing step is current.
 */
export function responderTimeline(responder: ResponderRow): TimelineStep[] {
  const steps: [TimelineStep['label'], string | null | undefined][] = [
    ['Created', responder.created_at],
    ['Acknowledged', responder.acknowledged],
    ['Resolved', responder.resolved],
    ['Closed', responder.closed],
  ];
  let currentTaken = false;
  return steps.map(([label, time]) => {
    if (time) return { label, time, state: 'done' };
    if (!currentTaken) {
      currentTaken = true;
      return { label, time: null, state: 'current' };
    }
    return { label, time: null, state: 'pending' };
  });
}

/** Milliseconds from creation to acknowledgement; undefined until acknowledged. */
export function timeToAcknowledge(responder: ResponderRow): number | undefined {
  if (!responder.acknowledged || !responder.created_at) return undefined;
  const ms = Date.parse(responder.acknowledged) - Date.parse(responder.created_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** "1h 5m", "3m 20s", "45s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${rest}s`;
  return `${rest}s`;
}

/** The responder's client type: `properties.responderType`, else its `type`. */
export function responderType(responder: ResponderRow): string {
  const value = responder.properties?.responderType;
  return typeof value === 'string' && value ? value : responder.type;
}

export function responderTypeLabel(type: string): string {
  return RESPONDER_TYPE_LABELS[type as ResponderType] ?? type;
}

export function responderName(responder: ResponderRow): string {
  return responder.person?.name ?? responder.team?.name ?? 'Unknown responder';
}

/** `team.spec.responder_clients[type].linkUrl` with `${ID}` replaced by the external id. */
export function responderLink(responder: ResponderRow): string | undefined {
  const external = responder.external_id;
  if (!external) return undefined;
  const client = responder.team?.spec?.responder_clients?.[responderType(responder)];
  const template = client?.linkUrl;
  if (typeof template !== 'string' || !template) return undefined;
  const url = template.split('${ID}').join(encodeURIComponent(external));
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/** The client types a team has configured, in the spec's order (unknown ones last). */
export function teamResponderTypes(team: TeamOption | undefined | null): ResponderType[] {
  const clients = team?.spec?.responder_clients ?? {};
  const configured = Object.keys(clients).filter((key) => clients[key] != null);
  return RESPONDER_TYPES.filter((type) => type !== 'person' && configured.includes(type));
}

/** The values a team's client fills in beforehand (`defaults`, then fixed string `values`). */
export function teamResponderDefaults(
  team: TeamOption | undefined | null,
  type: string,
): Record<string, string> {
  const client = team?.spec?.responder_clients?.[type];
  const result: Record<string, string> = {};
  for (const source of [client?.values, client?.defaults]) {
    for (const [key, value] of Object.entries(source ?? {})) {
      if (typeof value === 'string' || typeof value === 'number') result[key] = String(value);
    }
  }
  return result;
}

/** Fields of the form: the type's fields (spec doc 2 §3); `person` is chosen in the first step. */
export function responderFormFields(type: ResponderType): readonly string[] {
  return type === 'person' ? [] : RESPONDER_TYPE_FIELDS[type];
}

const FIELD_LABELS: Record<string, string> = {
  to: 'To',
  subject: 'Subject',
  body: 'Body',
  project: 'Project',
  issueType: 'Issue Type',
  priority: 'Priority',
  summary: 'Summary',
  description: 'Description',
  category: 'Category',
  product: 'Product',
  plan_id: 'Plan',
  bucket_id: 'Bucket',
  title: 'Title',
  person: 'Person',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** Fields written as several lines. */
export const MULTILINE_FIELDS: readonly string[] = ['body', 'description'];

/** Every field is required ('Please provide valid value'); an email's `to` must look like one. */
export function validateResponderFields(
  type: ResponderType,
  values: Readonly<Record<string, string>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of responderFormFields(type)) {
    const value = (values[field] ?? '').trim();
    if (!value) errors[field] = TEXTS.invalidValue;
    else if (type === 'email' && field === 'to' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      errors[field] = TEXTS.invalidValue;
    }
  }
  return errors;
}

/** The properties of a new responder: `responderType` and the trimmed fields. */
export function responderProperties(
  type: ResponderType,
  values: Readonly<Record<string, string>>,
  extra: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const properties: Record<string, string> = { responderType: type };
  for (const [key, value] of Object.entries(extra)) if (value) properties[key] = value;
  for (const field of responderFormFields(type)) properties[field] = (values[field] ?? '').trim();
  return properties;
}

// ---- integrations (Jira, Planner) ----

export interface IntegrationOption {
  value: string;
  label: string;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function toOptions(value: unknown): IntegrationOption[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): IntegrationOption[] => {
    if (typeof item === 'string') return [{ value: item, label: item }];
    const record = asRecord(item);
    if (!record) return [];
    const key = record.key ?? record.id ?? record.value ?? record.name;
    if (typeof key !== 'string' && typeof key !== 'number') return [];
    const label = record.name ?? record.title ?? key;
    return [{ value: String(key), label: String(label) }];
  });
}

/**
 * The options an instance config holds (`data` in its analysis or changes, or at the top):
 * `projects`, `issueTypes`, `priorities` (Jira); `plans`, `buckets`, `priorities` (Planner). A
 * list may also be keyed by its parent (`issueTypes: {OPS: [...]}`, `buckets: {planId: [...]}`).
 */
export function integrationOptions(
  config: { analysis?: unknown; changes?: unknown } | undefined,
  list: 'projects' | 'issueTypes' | 'priorities' | 'plans' | 'buckets',
  parent?: string,
): IntegrationOption[] {
  if (!config) return [];
  const sources = [config, asRecord(config.analysis), asRecord(config.changes)];
  for (const source of sources) {
    const record = asRecord(source);
    const data = asRecord(record?.data) ?? record;
    const value = data?.[list];
    if (Array.isArray(value)) return toOptions(value);
    const keyed = asRecord(value);
    if (keyed && parent !== undefined) return toOptions(keyed[parent]);
  }
  return [];
}

// ---- change log ----

/** Mentions `@[display](user:id)` read as `@display`. */
export function plainMentions(text: string): string {
  return text.replace(/@\[([^\]]*)\]\(user:[^)]*\)/g, '@$1');
}

function quoted(text: string | null | undefined): string {
  const value = plainMentions(text ?? '').trim();
  return value ? `"${value.length > 80 ? `${value.slice(0, 79)}…` : value}"` : '';
}

function historyResponderName(entry: IncidentHistoryRow): string {
  return entry.responder?.person?.name ?? entry.responder?.team?.name ?? 'a responder';
}

function historyEvidenceLabel(entry: IncidentHistoryRow): string {
  const evidence = entry.evidence;
  if (!evidence) return 'evidence';
  const subject =
    evidence.components?.name ??
    evidence.configs?.name ??
    evidence.checks?.name ??
    evidence.config_changes?.change_type ??
    evidence.config_analysis?.analyzer;
  const description = quoted(evidence.description);
  const kind = `${evidenceTypeLabel(evidence.type).toLowerCase()} evidence`;
  return [kind, description, subject && !description.includes(subject) ? `(${subject})` : '']
    .filter(Boolean)
    .join(' ');
}

/** One change-log entry as a sentence (without the actor, who is shown beside it). */
export function historyText(entry: IncidentHistoryRow): string {
  switch (entry.type) {
    case 'incident.created':
      return 'created the incident';
    case 'incident.status_updated':
      return `changed the status to ${incidentStatusLabel(entry.description)}`;
    case 'responder.created':
      return `added ${historyResponderName(entry)} as a responder`;
    case 'evidence.created':
      return `added ${historyEvidenceLabel(entry)}`;
    case 'evidence.done_definition_added':
      return `added ${historyEvidenceLabel(entry)} to the definition of done`;
    case 'responder.commented':
      return `commented ${quoted(entry.comment?.comment ?? entry.description)}`.trim();
    case 'hypothesis.created':
      return `created the hypothesis ${quoted(entry.hypothesis?.title) || TEXTS.noTitle}`;
    case 'hypothesis.status_updated':
      return `marked the hypothesis ${quoted(entry.hypothesis?.title) || TEXTS.noTitle} as ${hypothesisStatusLabel(entry.description) || 'updated'}`;
    default:
      return [entry.type ?? 'updated the incident', entry.description ?? '']
        .filter(Boolean)
        .join(': ');
  }
}
