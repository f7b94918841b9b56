/**
 * The incidents of a summary: severity, title, display id, type and age. Entities render props
 * only: the caller decides where a title links to (`linkFor`) and what a click does
 * (`onLinkClick`, e.g. a cancelable event).
 */
import type { MouseEvent } from 'react';
import { typeLabelOf } from '../../api/type-labels';
import { cx } from '../../lib/class-names';
import { formatAge, formatTimestamp } from '../../lib/time';
import {
  IncidentSeverityIcon,
  SEVERITY_SOFT_CLASS,
  SEVERITY_TEXT_CLASS,
} from './incident-severity-icon';
import { SEVERITY_BUCKET_LABELS, type IncidentListItem } from './summarize-incidents';

/** `technicalDebt` → `Technical Debt` (the shared label table), else `some_word` → `Some word`. */
export function formatIncidentType(type: string): string {
  const known = typeLabelOf(type);
  if (known) return known;
  const words = type
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The severity's own name (`Low`, `Blocker`), not its bucket's; `Unknown` when missing. */
export function severityName(incident: Pick<IncidentListItem, 'severity' | 'bucket'>): string {
  if (!incident.severity) return 'Unknown';
  if (incident.bucket === 'other') return formatIncidentType(incident.severity);
  return incident.severity.charAt(0).toUpperCase() + incident.severity.slice(1);
}

export interface IncidentSeverityBadgeProps {
  incident: Pick<IncidentListItem, 'severity' | 'bucket'>;
  className?: string;
}

/** The severity as a badge: glyph and name on the bucket's soft colour. */
export function IncidentSeverityBadge({ incident, className }: IncidentSeverityBadgeProps) {
  return (
    <span
      part="severity"
      data-severity={incident.bucket}
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        SEVERITY_SOFT_CLASS[incident.bucket],
        SEVERITY_TEXT_CLASS[incident.bucket],
        className,
      )}
    >
      <IncidentSeverityIcon bucket={incident.bucket} />
      <span className="sr-only">Severity </span>
      {severityName(incident)}
      {incident.bucket === 'other' ? null : (
        <span className="sr-only">{` (${SEVERITY_BUCKET_LABELS[incident.bucket]} group)`}</span>
      )}
    </span>
  );
}

export interface IncidentListProps {
  incidents: readonly IncidentListItem[];
  /** Show at most this many (the rest are counted in a line below). */
  limit?: number;
  /** URL of an incident's page, or undefined to show the title as plain text. */
  linkFor?: (incidentId: string) => string | undefined;
  /** Called on a click of an incident link, before the browser follows it. */
  onLinkClick?: (event: MouseEvent<HTMLAnchorElement>, incident: IncidentListItem) => void;
  /** Where "n more" links to (the incidents list of the subject), if anywhere. */
  moreHref?: string;
  /** Called on a click of the "n more" link, before the browser follows it. */
  onMoreClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Accessible name of the list. */
  label?: string;
  /** Reference time of the ages, e.g. when the data was fetched (default: now). */
  now?: number;
}

export function IncidentList({
  incidents,
  limit,
  linkFor,
  onLinkClick,
  moreHref,
  onMoreClick,
  label = 'Open incidents',
  now,
}: IncidentListProps) {
  if (incidents.length === 0) return null;
  const shown = limit !== undefined && limit >= 0 ? incidents.slice(0, limit) : incidents;
  const hidden = incidents.length - shown.length;
  return (
    <div part="list-section" className="flex flex-col gap-2">
      <ul part="list" aria-label={label} className="m-0 flex flex-col gap-2 p-0">
        {shown.map((incident) => {
          const href = linkFor?.(incident.id);
          return (
            <li
              key={incident.id}
              part="incident"
              data-incident-id={incident.id}
              data-severity={incident.bucket}
              className="flex list-none flex-col gap-1 rounded-md border border-solid border-border p-2"
            >
              <div className="flex min-w-0 items-start gap-2">
                <IncidentSeverityBadge incident={incident} className="shrink-0" />
                {href ? (
                  <a
                    part="incident-link"
                    href={href}
                    onClick={onLinkClick ? (event) => onLinkClick(event, incident) : undefined}
                    className="min-w-0 text-sm font-medium break-words text-link underline-offset-2 hover:underline"
                  >
                    {incident.title}
                  </a>
                ) : (
                  <span part="incident-title" className="min-w-0 text-sm font-medium break-words">
                    {incident.title}
                  </span>
                )}
              </div>
              <p
                part="incident-meta"
                className="m-0 flex flex-wrap items-center gap-x-2 text-xs text-fg-muted"
              >
                {incident.incidentId ? (
                  <span part="incident-id" className="font-mono">
                    {incident.incidentId}
                  </span>
                ) : null}
                {incident.type ? (
                  <span part="incident-type">
                    <span className="sr-only">Type </span>
                    {formatIncidentType(incident.type)}
                  </span>
                ) : null}
                {incident.createdAt ? (
                  <span part="incident-age">
                    <span className="sr-only">Opened </span>
                    <time dateTime={incident.createdAt} title={formatTimestamp(incident.createdAt)}>
                      {formatAge(incident.createdAt, now)}
                    </time>
                    {' ago'}
                  </span>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      {hidden > 0 ? (
        <p part="more" className="m-0 text-xs text-fg-muted">
          {moreHref ? (
            <a
              part="more-link"
              href={moreHref}
              onClick={onMoreClick}
              className="text-link underline-offset-2 hover:underline"
            >
              {`and ${hidden} more`}
            </a>
          ) : (
            `and ${hidden} more`
          )}
        </p>
      ) : null}
    </div>
  );
}
