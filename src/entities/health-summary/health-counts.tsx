/**
 * Passing / failing / total counts of a set of health checks. Each count pairs an icon and a word
 * with its number, so the colour only reinforces what the text already says (WCAG 1.4.1).
 */
import type { HealthSummaryCounts } from './summarize-checks';
import { HealthStatusIcon } from './health-status-icon';

export type HealthCountsLayout = 'counts' | 'compact';

export interface HealthCountsProps {
  counts: Pick<HealthSummaryCounts, 'passing' | 'failing' | 'total'>;
  /** `counts`: three tiles; `compact`: one line. */
  layout?: HealthCountsLayout;
}

/** The three counts in display order, with the token colour that reinforces each word. */
const COUNT_KINDS = [
  { kind: 'passing', tone: 'text-healthy' },
  { kind: 'failing', tone: 'text-unhealthy' },
  { kind: 'total', tone: 'text-text' },
] as const;

export function HealthCounts({ counts, layout = 'counts' }: HealthCountsProps) {
  const compact = layout === 'compact';
  const item = compact
    ? 'flex items-center gap-1'
    : 'flex min-w-24 flex-1 flex-col gap-1 rounded-md border border-solid border-border bg-surface-sunken p-3';
  const value = compact
    ? 'inline-flex items-center gap-1 font-semibold'
    : 'flex items-center gap-2 text-2xl font-semibold';
  return (
    <ul
      part="counts"
      aria-label="Check counts"
      className="m-0 flex flex-wrap gap-3 p-0"
      data-layout={layout}
    >
      {COUNT_KINDS.map(({ kind, tone }) => (
        <li key={kind} part={`count count-${kind}`} className={`${item} list-none ${tone}`}>
          <span className={value}>
            <HealthStatusIcon kind={kind} />
            <span part="count-value" data-count={kind}>
              {counts[kind]}
            </span>
          </span>
          <span part="count-label" className="text-sm text-muted">
            {kind}
          </span>
        </li>
      ))}
    </ul>
  );
}
