/**
 * A change's or insight's severity as a shaped glyph and its name (never by colour alone):
 * critical an octagon, high a triangle, medium and low a diamond, info a circled i, anything
 * else a ring. Used by the change log and the insights of the catalog.
 */
import { IncidentSeverityIcon } from '../../../entities/incident-summary/incident-severity-icon';
import type { IncidentSeverityBucket } from '../../../entities/incident-summary/summarize-incidents';

export function severityGlyph(severity: string | null | undefined): IncidentSeverityBucket {
  switch ((severity ?? '').trim().toLowerCase()) {
    case 'critical':
    case 'blocker':
      return 'critical';
    case 'high':
      return 'high';
    case 'medium':
    case 'low':
    case 'warning':
      return 'medium';
    case 'info':
      return 'info';
    default:
      return 'other';
  }
}

/** `critical` → `Critical`; empty → `—`. */
export function severityText(severity: string | null | undefined): string {
  const text = (severity ?? '').trim();
  if (!text) return '—';
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

export function SeverityLabel({ severity }: { severity: string | null | undefined }) {
  if (!severity?.trim()) return <span className="text-fg-subtle">—</span>;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <IncidentSeverityIcon bucket={severityGlyph(severity)} size={14} />
      <span>{severityText(severity)}</span>
    </span>
  );
}
