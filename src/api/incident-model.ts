/**
 * The incident vocabulary of spec doc 2 §3–§5 and §9 (types, severities, statuses and their
 * allowed transitions, hypothesis statuses and types, evidence types, responder types and their
 * fields, history event types) and the row shapes of the incident reads of postgrest.md §8.5.
 * Pure data: the list, the workspace, the hypothesis tree and the server share it.
 */
import { TYPE_LABELS } from './type-labels';
import type { PersonAvatar } from './types';

// ---- incidents ----

export const INCIDENT_TYPES = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** The shared type label table (`type-labels.ts`), shared with config insights. */
export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = TYPE_LABELS;

/** The incidents table's severity enum (spec doc 2 §4: low, medium, high, blocker, critical). */
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high', 'blocker', 'critical'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  blocker: 'Blocker',
  critical: 'Critical',
};

/** Severity colours (spec doc 2 §9): Low and Medium green, High orange, Critical and Blocker red. */
export type SeverityTone = 'healthy' | 'warning' | 'unhealthy' | 'unknown';
export function incidentSeverityTone(severity: string | null | undefined): SeverityTone {
  switch ((severity ?? '').toLowerCase()) {
    case 'low':
    case 'medium':
      return 'healthy';
    case 'high':
      return 'warning';
    case 'critical':
    case 'blocker':
      return 'unhealthy';
    default:
      return 'unknown';
  }
}

export const INCIDENT_STATUSES = [
  'new',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'closed',
] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  new: 'New',
  open: 'Open',
  investigating: 'Investigating',
  mitigated: 'Mitigated',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** Allowed target statuses by current status (spec doc 2 §4, the table, in its order). */
export const INCIDENT_STATUS_TRANSITIONS: Record<IncidentStatus, readonly IncidentStatus[]> = {
  new: INCIDENT_STATUSES,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function isIncidentStatus(value: unknown): value is IncidentStatus {
  return typeof value === 'string' && (INCIDENT_STATUSES as readonly string[]).includes(value);
}

/** Targets offered from `current`; an unknown current status offers every status. */
export function allowedIncidentStatuses(
  current: string | null | undefined,
): readonly IncidentStatus[] {
  return isIncidentStatus(current) ? INCIDENT_STATUS_TRANSITIONS[current] : INCIDENT_STATUSES;
}

export function canTransitionIncident(from: string | null | undefined, to: string): boolean {
  return isIncidentStatus(to) && allowedIncidentStatuses(from).includes(to);
}

/** Choosing one of these first opens 'Add contributing factors to definition of done'. */
export const STATUSES_ASKING_FOR_CONTRIBUTING_FACTORS: readonly IncidentStatus[] = [
  'mitigated',
  'resolved',
];

/** New incident defaults (spec doc 2 §4). */
export const NEW_INCIDENT_DEFAULTS = {
  type: 'availability' as IncidentType,
  severity: 'low' as IncidentSeverity,
  status: 'open' as IncidentStatus,
};

/** The details panel's severity when the incident has none. */
export const DETAILS_DEFAULT_SEVERITY: IncidentSeverity = 'high';

// ---- hypotheses ----

export const HYPOTHESIS_STATUSES = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export type HypothesisStatus = (typeof HYPOTHESIS_STATUSES)[number];

export function hypothesisStatusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The create form's default; the inline selector shows Likely when a node has no status. */
export const NEW_HYPOTHESIS_STATUS: HypothesisStatus = 'possible';
export const INLINE_HYPOTHESIS_STATUS_DEFAULT: HypothesisStatus = 'likely';

export const HYPOTHESIS_TYPES = ['root', 'factor', 'solution'] as const;
export type HypothesisType = (typeof HYPOTHESIS_TYPES)[number];

/** The child type of a node: root → factor → solution; a solution has no children. */
export function childHypothesisType(type: string | null | undefined): HypothesisType | undefined {
  if (type === 'root') return 'factor';
  if (type === 'factor') return 'solution';
  return undefined;
}

// ---- evidence ----

export const EVIDENCE_TYPES = [
  'log',
  'config',
  'topology',
  'check',
  'config_analysis',
  'config_change',
  'comment',
] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** Default definition-of-done scripts (CEL) by what the evidence points at (spec doc 2 §5). */
export const DEFAULT_DOD_SCRIPTS = {
  check: 'check.status == "healthy" && duration(check.age) > duration("5m")',
  config_analysis: 'analysis.status == "resolved"',
  topology: 'component.status == "healthy"',
} as const;

// ---- responders ----

export const RESPONDER_TYPES = [
  'email',
  'jira',
  'service_now',
  'ca',
  'aws_support',
  'aws_ams_services_request',
  'redhat',
  'oracle',
  'ms_planner',
  'vmware',
  'person',
] as const;
export type ResponderType = (typeof RESPONDER_TYPES)[number];

/** Type-specific fields (spec doc 2 §3); every type also carries external_id. */
export const RESPONDER_TYPE_FIELDS: Record<ResponderType, readonly string[]> = {
  email: ['to', 'subject', 'body'],
  jira: ['project', 'issueType', 'priority', 'summary', 'description'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_services_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
  person: ['person'],
};

export const RESPONDER_TYPE_LABELS: Record<ResponderType, string> = {
  email: 'Email',
  jira: 'Jira',
  service_now: 'ServiceNow',
  ca: 'CA',
  aws_support: 'AWS Support',
  aws_ams_services_request: 'AWS AMS Service Request',
  redhat: 'Red Hat',
  oracle: 'Oracle',
  ms_planner: 'Microsoft Planner',
  vmware: 'VMware',
  person: 'Person',
};

// ---- history ----

export const INCIDENT_HISTORY_TYPES = [
  'incident.created',
  'incident.status_updated',
  'responder.created',
  'evidence.created',
  'evidence.done_definition_added',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
export type IncidentHistoryType = (typeof INCIDENT_HISTORY_TYPES)[number];

// ---- rows (postgrest.md §8.5) ----

export interface IncidentRow {
  id: string;
  incident_id?: string | null;
  title: string;
  description?: string | null;
  type?: string | null;
  severity?: string | null;
  status?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
  created_by?: string | null;
  commander_id?: string | null;
  communicator_id?: string | null;
  acknowledged?: string | null;
  resolved?: string | null;
  closed?: string | null;
}

export interface EvidenceDetail {
  id: string;
  hypothesis_id: string;
  type: string;
  description?: string | null;
  created_at?: string | null;
  created_by?: PersonAvatar | null;
  external_created_by?: string | null;
  definition_of_done?: boolean | null;
  done?: boolean | null;
  script?: string | null;
  component_id?: string | null;
  config_id?: string | null;
  check_id?: string | null;
  config_change_id?: string | null;
  config_analysis_id?: string | null;
  properties?: Record<string, unknown> | null;
  evidence?: Record<string, unknown> | null;
}

export interface CommentDetail {
  id: string;
  comment: string;
  created_at?: string | null;
  external_created_by?: string | null;
  created_by?: PersonAvatar | null;
  responder_id?: { team_id?: { id: string; name: string; icon?: string | null } | null } | null;
}

export interface HypothesisDetail {
  id: string;
  incident_id: string;
  parent_id?: string | null;
  title?: string | null;
  type?: string | null;
  status?: string | null;
  created_at?: string | null;
  created_by?: PersonAvatar | null;
  evidences?: EvidenceDetail[] | null;
  comments?: CommentDetail[] | null;
}

/** `GET /incidents?id=eq.{id}&select=*,hypotheses(…),commander:…,communicator_id(…),responders(…)`. */
export interface IncidentDetail extends Omit<IncidentRow, 'communicator_id'> {
  hypotheses?: HypothesisDetail[] | null;
  commander?: PersonAvatar | null;
  /** Embedded as `communicator_id(AVATAR)`: the key keeps the column's name. */
  communicator_id?: PersonAvatar | null;
  responders?: { created_by?: PersonAvatar | null }[] | null;
}
