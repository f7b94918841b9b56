/**
 * An insight's status with a shaped icon and its name: open a warning triangle, resolved a check,
 * silenced (and anything else) a ring with a dash.
 */
import { StatusIcon, type StatusTone } from '../../../ui/status-icon';

export function insightStatusTone(status: string | null | undefined): StatusTone {
  switch ((status ?? '').toLowerCase()) {
    case 'open':
      return 'warning';
    case 'resolved':
    case 'closed':
      return 'healthy';
    default:
      return 'unknown';
  }
}

export function InsightStatusLabel({ status }: { status: string | null | undefined }) {
  if (!status) return <span className="text-fg-subtle">—</span>;
  const text = status.charAt(0).toUpperCase() + status.slice(1);
  return <StatusIcon tone={insightStatusTone(status)} label={text} showLabel />;
}
