/**
 * Pure incident-summary maths shared by `<vigil-incident-summary>` and the console: the incidents
 * of a component or config counted by severity, as summaries show them (spec doc 2 §9: "low is
 * merged into medium in summaries"), and the list they are drawn from.
 */
import type { SubjectIncident } from '../../api/incidents';

/**
 * The severities a summary counts. `critical` also holds `blocker` (the spec colours both red and
 * lists no blocker filter), `medium` also holds `low`; `other` is any severity outside the
 * incident enum (missing, misspelt, or a later backend's value), so nothing is silently dropped.
 */
export type IncidentSeverityBucket = 'critical' | 'high' | 'medium' | 'info' | 'other';

/** Buckets in display order, most severe first. */
export const SEVERITY_BUCKETS: readonly IncidentSeverityBucket[] = [
  'critical',
  'high',
  'medium',
  'info',
  'other',
];

/** Buckets always shown, even at zero; `info` and `other` appear only when they count. */
export const CORE_SEVERITY_BUCKETS: readonly IncidentSeverityBucket[] = [
  'critical',
  'high',
  'medium',
];

export const SEVERITY_BUCKET_LABELS: Record<IncidentSeverityBucket, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  info: 'Info',
  other: 'Other',
};

/**
 * The severity values an incident may carry, lower-cased (the incident enum plus `info`, spec doc
 * 2 §9), for filters.
 */
export const INCIDENT_SEVERITIES = [
  'critical',
  'blocker',
  'high',
  'medium',
  'low',
  'info',
] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/** The incident types (spec doc 2 §9), as stored. */
export const INCIDENT_TYPES = [
  'availability',
  'compliance',
  'cost',
  'integration',
  'performance',
  'reliability',
  'security',
  'technicalDebt',
] as const;

/** The incident statuses (spec doc 2 §9). */
export const INCIDENT_STATUSES = [
  'new',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'closed',
] as const;

const BUCKET_OF: Readonly<Record<string, IncidentSeverityBucket>> = {
  critical: 'critical',
  blocker: 'critical',
  high: 'high',
  medium: 'medium',
  low: 'medium',
  info: 'info',
};

/** The summary bucket of a severity value (case-insensitive). */
export function severityBucket(severity: string | null | undefined): IncidentSeverityBucket {
  const key = (severity ?? '').trim().toLowerCase();
  return Object.hasOwn(BUCKET_OF, key) ? (BUCKET_OF[key] ?? 'other') : 'other';
}

/** One incident as a summary lists it. */
export interface IncidentListItem {
  id: string;
  /** The display id (`INC-12`) when the backend returns it. */
  incidentId: string | undefined;
  title: string;
  /** The severity as stored, lower-cased; undefined when missing. */
  severity: string | undefined;
  bucket: IncidentSeverityBucket;
  type: string | undefined;
  status: string | undefined;
  createdAt: string | undefined;
}

export type IncidentSeverityCounts = Record<IncidentSeverityBucket, number>;

export interface IncidentSummary {
  counts: IncidentSeverityCounts;
  total: number;
  /** The most severe bucket that counts an incident; undefined when there are none. */
  worst: IncidentSeverityBucket | undefined;
  /** Every incident, most recent first (then by title). */
  incidents: IncidentListItem[];
}

export interface IncidentSummaryFilters {
  /** Keep incidents of exactly this severity (case-insensitive); empty or `all` keeps all. */
  severity?: string;
}

export function emptySeverityCounts(): IncidentSeverityCounts {
  return { critical: 0, high: 0, medium: 0, info: 0, other: 0 };
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function time(value: string | undefined): number {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? -Infinity : parsed;
}

/**
 * Count incidents by severity bucket and list them. Rows repeat when an incident has several
 * evidences on the subject through different hypotheses; each incident counts once.
 */
export function summarizeIncidents(
  rows: readonly SubjectIncident[],
  filters: IncidentSummaryFilters = {},
): IncidentSummary {
  const wanted = text(filters.severity)?.toLowerCase();
  const severity = wanted === 'all' ? undefined : wanted;
  const seen = new Set<string>();
  const incidents: IncidentListItem[] = [];
  for (const row of rows) {
    if (!row.id || seen.has(row.id)) continue;
    const rowSeverity = text(row.severity)?.toLowerCase();
    if (severity && rowSeverity !== severity) continue;
    seen.add(row.id);
    incidents.push({
      id: row.id,
      incidentId: text(row.incident_id),
      title: text(row.title) ?? '(no title)',
      severity: rowSeverity,
      bucket: severityBucket(rowSeverity),
      type: text(row.type),
      status: text(row.status)?.toLowerCase(),
      createdAt: text(row.created_at),
    });
  }
  incidents.sort((a, b) => time(b.createdAt) - time(a.createdAt) || a.title.localeCompare(b.title));
  const counts = emptySeverityCounts();
  for (const incident of incidents) counts[incident.bucket] += 1;
  const worst = SEVERITY_BUCKETS.find((bucket) => bucket !== 'other' && counts[bucket] > 0);
  return {
    counts,
    total: incidents.length,
    worst: worst ?? (counts.other > 0 ? 'other' : undefined),
    incidents,
  };
}

/**
 * Link to an incident in the console (`{consoleUrl}/incidents/{id}`), or undefined without a
 * console URL. The caller is responsible for having validated `consoleUrl` as http(s).
 */
export function incidentLink(consoleUrl: string | undefined, id: string): string | undefined {
  if (!consoleUrl) return undefined;
  return `${consoleUrl.replace(/\/+$/, '')}/incidents/${encodeURIComponent(id)}`;
}
