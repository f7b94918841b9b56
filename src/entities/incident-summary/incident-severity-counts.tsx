/**
 * Open-incident counts by severity. Each count pairs a glyph and the severity's name with its
 * number, so the colour only reinforces what the text says (WCAG 1.4.1).
 */
import { cx } from '../../lib/class-names';
import { IncidentSeverityIcon, SEVERITY_TEXT_CLASS } from './incident-severity-icon';
import {
  CORE_SEVERITY_BUCKETS,
  SEVERITY_BUCKET_LABELS,
  SEVERITY_BUCKETS,
  type IncidentSeverityBucket,
  type IncidentSeverityCounts as Counts,
} from './summarize-incidents';

export type IncidentSeverityCountsLayout = 'tiles' | 'inline';

export interface IncidentSeverityCountsProps {
  counts: Counts;
  /** `tiles`: one box per severity with a large number; `inline`: one line of badges. */
  layout?: IncidentSeverityCountsLayout;
  /** Accessible name of the list. */
  label?: string;
}

/** The buckets to show: critical, high and medium always; info and other when they count. */
export function visibleBuckets(counts: Counts): IncidentSeverityBucket[] {
  return SEVERITY_BUCKETS.filter(
    (bucket) => CORE_SEVERITY_BUCKETS.includes(bucket) || counts[bucket] > 0,
  );
}

export function IncidentSeverityCounts({
  counts,
  layout = 'tiles',
  label = 'Open incidents by severity',
}: IncidentSeverityCountsProps) {
  const tiles = layout === 'tiles';
  return (
    <ul
      part="counts"
      aria-label={label}
      data-layout={layout}
      className={cx('m-0 flex flex-wrap p-0', tiles ? 'gap-3' : 'gap-2')}
    >
      {visibleBuckets(counts).map((bucket) => (
        <li
          key={bucket}
          part={`count count-${bucket}`}
          data-severity={bucket}
          className={cx(
            'list-none',
            tiles
              ? 'flex min-w-24 flex-1 flex-col gap-1 rounded-md border border-solid border-border bg-surface-sunken p-3'
              : 'inline-flex items-center gap-1 rounded-full border border-solid border-border px-2 py-0.5 text-sm',
            counts[bucket] === 0 && 'opacity-75',
          )}
        >
          <span
            className={cx(
              'flex items-center gap-2 font-semibold tabular-nums',
              tiles ? 'text-2xl' : 'gap-1',
              counts[bucket] > 0 ? SEVERITY_TEXT_CLASS[bucket] : 'text-fg',
            )}
          >
            <IncidentSeverityIcon bucket={bucket} />
            <span part="count-value" data-count={bucket}>
              {counts[bucket]}
            </span>
          </span>
          <span part="count-label" className={cx('text-fg-muted', tiles && 'text-sm')}>
            {SEVERITY_BUCKET_LABELS[bucket]}
            {bucket === 'medium' ? <span className="sr-only"> (medium and low)</span> : null}
            {bucket === 'critical' ? (
              <span className="sr-only"> (critical and blocker)</span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
