/**
 * Incident severity, status and type badges, shared by the incident list and the workspace.
 * Severity uses the colours of spec doc 2 §9 (`incidentSeverityTone`: Low and Medium green, High
 * orange, Critical and Blocker red) together with a glyph of its own shape and the severity's
 * name: it is never shown by colour alone. Status and type always carry their text.
 */
import { cx } from '../../lib/class-names';
import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  incidentSeverityTone,
  isIncidentStatus,
  type IncidentSeverity,
  type IncidentStatus,
  type SeverityTone,
} from '../../api/incident-model';
import { typeLabelOf } from '../../api/type-labels';
import { IncidentSeverityIcon } from '../incident-summary/incident-severity-icon';
import type { IncidentSeverityBucket } from '../incident-summary/summarize-incidents';

const BADGE =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap';

const SEVERITY_TONE_CLASS: Record<SeverityTone, string> = {
  healthy: 'border-transparent bg-healthy-soft text-healthy',
  warning: 'border-transparent bg-warning-soft text-warning',
  unhealthy: 'border-transparent bg-unhealthy-soft text-unhealthy',
  unknown: 'border-border bg-surface-sunken text-fg-muted',
};

/** The glyph of a severity: critical/blocker an octagon, high a triangle, medium/low a diamond. */
function severityGlyph(severity: string): IncidentSeverityBucket {
  switch (severity) {
    case 'critical':
    case 'blocker':
      return 'critical';
    case 'high':
      return 'high';
    case 'medium':
    case 'low':
      return 'medium';
    case 'info':
      return 'info';
    default:
      return 'other';
  }
}

function capitalise(value: string): string {
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : value;
}

/** The display name of a severity (`critical` → Critical; unknown values capitalised). */
export function incidentSeverityLabel(severity: string | null | undefined): string {
  const key = (severity ?? '').toLowerCase();
  if (!key) return 'Unknown';
  return INCIDENT_SEVERITY_LABELS[key as IncidentSeverity] ?? capitalise(key);
}

/** The display name of a status (`open` → Open). */
export function incidentStatusLabel(status: string | null | undefined): string {
  const key = (status ?? '').toLowerCase();
  if (!key) return 'Unknown';
  return INCIDENT_STATUS_LABELS[key as IncidentStatus] ?? capitalise(key);
}

/** The display name of a type (`technicalDebt` and `technical_debt` → Technical Debt). */
export function incidentTypeLabel(type: string | null | undefined): string {
  if (!type) return 'Unknown';
  return typeLabelOf(type) ?? capitalise(type);
}

export interface IncidentBadgeProps {
  className?: string;
}

/** Severity: its colour, its glyph and its name. */
export function IncidentSeverityBadge({
  severity,
  className,
}: IncidentBadgeProps & { severity: string | null | undefined }) {
  const key = (severity ?? '').toLowerCase();
  return (
    <span
      data-severity={key || undefined}
      className={cx(BADGE, SEVERITY_TONE_CLASS[incidentSeverityTone(key)], className)}
    >
      <IncidentSeverityIcon bucket={severityGlyph(key)} />
      {incidentSeverityLabel(key)}
    </span>
  );
}

/** Status colours: where the incident stands (new/open need attention, closed is at rest). */
const STATUS_CLASS: Record<IncidentStatus, string> = {
  new: 'border-transparent bg-primary-soft text-link',
  open: 'border-transparent bg-unhealthy-soft text-unhealthy',
  investigating: 'border-transparent bg-warning-soft text-warning',
  mitigated: 'border-transparent bg-info-soft text-info',
  resolved: 'border-transparent bg-healthy-soft text-healthy',
  closed: 'border-border bg-surface-sunken text-fg-muted',
};

/** A small dot shape per status group, drawn beside the status text. */
function StatusMark({ status }: { status: string }) {
  const common = {
    width: 8,
    height: 8,
    viewBox: '0 0 8 8',
    'aria-hidden': true as const,
    focusable: 'false' as const,
    className: 'shrink-0',
  };
  if (status === 'closed' || status === 'resolved') {
    return (
      <svg {...common}>
        <circle cx="4" cy="4" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
    );
  }
  if (status === 'mitigated' || status === 'investigating') {
    return (
      <svg {...common}>
        <path d="M4 1a3 3 0 0 1 0 6Z" fill="currentColor" />
        <circle cx="4" cy="4" r="3" fill="none" stroke="currentColor" strokeWidth="1.2" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <circle cx="4" cy="4" r="3.5" fill="currentColor" />
    </svg>
  );
}

/** Status: its name, with a mark (filled: open/new, half: in progress, hollow: at rest). */
export function IncidentStatusBadge({
  status,
  className,
}: IncidentBadgeProps & { status: string | null | undefined }) {
  const key = (status ?? '').toLowerCase();
  return (
    <span
      data-status={key || undefined}
      className={cx(
        BADGE,
        isIncidentStatus(key) ? STATUS_CLASS[key] : 'border-border bg-surface-sunken text-fg-muted',
        className,
      )}
    >
      <StatusMark status={key} />
      {incidentStatusLabel(key)}
    </span>
  );
}

/** Type: a neutral label (the type has no colour of its own). */
export function IncidentTypeBadge({
  type,
  className,
}: IncidentBadgeProps & { type: string | null | undefined }) {
  return (
    <span
      data-type={type ?? undefined}
      className={cx(BADGE, 'border-border bg-surface-sunken text-fg', className)}
    >
      {incidentTypeLabel(type)}
    </span>
  );
}
