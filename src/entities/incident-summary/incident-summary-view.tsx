/**
 * The incident summary of a component or config: counts by severity, the incidents, or the empty
 * state. Shared by `<vigil-incident-summary>` and the console; loading and errors stay with the
 * caller.
 */
import type { MouseEvent } from 'react';
import { IncidentList } from './incident-list';
import { IncidentSeverityCounts } from './incident-severity-counts';
import type { IncidentListItem, IncidentSummary } from './summarize-incidents';

export type IncidentSummaryLayout = 'counts' | 'list';

export interface IncidentSummaryViewProps {
  summary: IncidentSummary;
  /** `counts`: severity tiles above the list; `list`: the list under one line of count badges. */
  layout?: IncidentSummaryLayout;
  showCounts?: boolean;
  showList?: boolean;
  /** Incidents listed at most. */
  limit?: number;
  /** The status word of what is counted (`open`, `investigating`…; empty for every status). */
  statusWord?: string;
  /** Shown when there are no incidents. */
  emptyTitle: string;
  linkFor?: (incidentId: string) => string | undefined;
  onLinkClick?: (event: MouseEvent<HTMLAnchorElement>, incident: IncidentListItem) => void;
  moreHref?: string;
  onMoreClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Reference time of the ages, e.g. when the data was fetched (default: now). */
  now?: number;
}

function NoIncidentsIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      className="shrink-0 text-healthy"
    >
      <circle cx="8" cy="8" r="7" fill="currentColor" />
      <path
        d="m5 8.2 2 2 4-4.2"
        fill="none"
        stroke="var(--vigil-color-surface)"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "3 open incidents", "1 incident". */
export function incidentCountText(total: number, statusWord = ''): string {
  const noun = total === 1 ? 'incident' : 'incidents';
  return [String(total), statusWord, noun].filter(Boolean).join(' ');
}

export function IncidentSummaryView({
  summary,
  layout = 'counts',
  showCounts = true,
  showList = true,
  limit,
  statusWord = 'open',
  emptyTitle,
  linkFor,
  onLinkClick,
  moreHref,
  onMoreClick,
  now,
}: IncidentSummaryViewProps) {
  const label = statusWord
    ? `${statusWord.charAt(0).toUpperCase()}${statusWord.slice(1)} incidents`
    : 'Incidents';
  return (
    <div className="flex flex-col gap-3" data-layout={layout}>
      {showCounts ? (
        <IncidentSeverityCounts
          counts={summary.counts}
          layout={layout === 'counts' ? 'tiles' : 'inline'}
          label={`${label} by severity`}
        />
      ) : null}
      {!showCounts && !showList && summary.total > 0 ? (
        <p part="total" className="m-0 text-sm font-semibold">
          {incidentCountText(summary.total, statusWord)}
        </p>
      ) : null}
      {summary.total === 0 ? (
        <p part="empty" className="m-0 flex items-center gap-2 text-sm text-fg-muted">
          <NoIncidentsIcon />
          {emptyTitle}
        </p>
      ) : null}
      {showList ? (
        <IncidentList
          incidents={summary.incidents}
          limit={limit}
          linkFor={linkFor}
          onLinkClick={onLinkClick}
          moreHref={moreHref}
          onMoreClick={onMoreClick}
          label={label}
          now={now}
        />
      ) : null}
    </div>
  );
}
