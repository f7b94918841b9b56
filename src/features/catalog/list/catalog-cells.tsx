/**
 * Cells shared by the catalog's summary and list tables (spec doc 2 §9): a health map as counts
 * with status shapes, the insight (analysis) map by type, the changes count ('k+', red from 500
 * on, with the word so colour is not alone), cost with the 30-day deviation badge, and times.
 */
import { cx } from '../../../lib/class-names';
import { StatusIcon, type StatusTone } from '../../../ui/status-icon';
import type { ConfigHealthCounts } from '../../../api/catalog';
import { costDeviation, formatCost, formatCount, isHighChangeCount } from '../catalog-params';

const HEALTH_ORDER: readonly StatusTone[] = ['unhealthy', 'warning', 'healthy', 'unknown'];

export function HealthMapCell({ health }: { health: ConfigHealthCounts | null | undefined }) {
  const entries = HEALTH_ORDER.map((tone) => [tone, health?.[tone] ?? 0] as const).filter(
    ([, count]) => count > 0,
  );
  if (entries.length === 0) return <span className="text-fg-subtle">-</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {entries.map(([tone, count]) => (
        <span key={tone} className="inline-flex items-center gap-1 tabular-nums">
          <StatusIcon tone={tone} size={12} label={`${count} ${tone}`} />
          <span aria-hidden="true">{formatCount(count)}</span>
        </span>
      ))}
    </span>
  );
}

export function AnalysisMapCell({
  analysis,
}: {
  analysis: Record<string, number> | null | undefined;
}) {
  const entries = Object.entries(analysis ?? {}).filter(([, count]) => count > 0);
  if (entries.length === 0) return <span className="text-fg-subtle">-</span>;
  entries.sort(([a], [b]) => a.localeCompare(b));
  return (
    <span className="inline-flex flex-wrap gap-1">
      {entries.map(([type, count]) => (
        <span
          key={type}
          className="inline-flex items-center gap-1 rounded border border-border bg-surface-sunken px-1.5 text-xs text-fg-muted"
        >
          {type}
          <span className="font-semibold text-fg tabular-nums">{formatCount(count)}</span>
        </span>
      ))}
    </span>
  );
}

export function ChangesCell({ changes }: { changes: number | null | undefined }) {
  if (!changes) return <span className="text-fg-subtle">-</span>;
  const high = isHighChangeCount(changes);
  return (
    <span
      className={cx('tabular-nums', high && 'font-semibold text-unhealthy')}
      title={`${changes.toLocaleString('en-US')} changes${high ? ' (high)' : ''}`}
    >
      {formatCount(changes)}
      {high ? <span className="sr-only"> (high)</span> : null}
    </span>
  );
}

export function CostCell({
  cost,
  cost1d,
  cost30d,
}: {
  cost: number | null | undefined;
  cost1d?: number | null;
  cost30d?: number | null;
}) {
  const text = formatCost(cost);
  if (!text || !cost) return <span className="text-fg-subtle">-</span>;
  const deviation = cost1d !== undefined ? costDeviation(cost1d, cost30d) : null;
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {text}
      {deviation ? (
        <span
          className={cx(
            'rounded px-1 text-xs font-medium',
            deviation.direction === 'up'
              ? 'bg-unhealthy-soft text-unhealthy'
              : 'bg-healthy-soft text-healthy',
          )}
          title="Last day against the 30-day daily average"
        >
          {deviation.direction === 'up' ? '▲' : '▼'} {Math.abs(deviation.percent)}%
          <span className="sr-only">
            {deviation.direction === 'up' ? ' above' : ' below'} the daily average
          </span>
        </span>
      ) : null}
    </span>
  );
}

/** key=value chips, at most `max` with a '+N' for the rest. */
export function KeyValueChips({
  values,
  max = 3,
}: {
  values: Readonly<Record<string, string>> | null | undefined;
  max?: number;
}) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return <span className="text-fg-subtle">-</span>;
  const shown = entries.slice(0, max);
  const rest = entries.length - shown.length;
  return (
    <span
      className="inline-flex max-w-80 flex-wrap gap-1"
      title={entries.map(([key, value]) => `${key}=${value}`).join('\n')}
    >
      {shown.map(([key, value]) => (
        <span
          key={key}
          className="max-w-48 truncate rounded border border-border bg-surface-sunken px-1.5 text-xs text-fg-muted"
        >
          {key}={value}
        </span>
      ))}
      {rest > 0 ? <span className="text-xs text-fg-muted">+{rest}</span> : null}
    </span>
  );
}
