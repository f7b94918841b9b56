/**
 * `<vigil-incident-summary>`: the incidents of one topology component or config item — counts by
 * severity and the list, open ones by default — from
 * `GET {api-base}/db/incidents_by_component` (or `/db/incidents_by_config`), refreshed every
 * `refresh` seconds. Widgets with the same subject, status and type share one request; severity
 * and limit are applied in the browser.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { ApiError, errorMessage } from '../../src/api/client';
import { incidentQueries, type IncidentSubject } from '../../src/api/incidents';
import {
  IncidentSummaryView,
  incidentCountText,
} from '../../src/entities/incident-summary/incident-summary-view';
import {
  SEVERITY_BUCKETS,
  incidentLink,
  summarizeIncidents,
  type IncidentListItem,
  type IncidentSeverityCounts,
  type IncidentSummary as Summary,
} from '../../src/entities/incident-summary/summarize-incidents';
import type { WidgetProps } from '../runtime/define-widget';
import type { VigilHealthStatus } from '../runtime/events';
import { useRequestErrorEvent } from '../runtime/use-request-error-event';
import { useWidgetRuntime } from '../runtime/widget-context';
import { WidgetMessage } from '../runtime/widget-message';
import { incidentSubjectOf, type incidentSummaryAttributes } from './incident-summary-attributes';

export type IncidentSummaryProps = WidgetProps<typeof incidentSummaryAttributes>;

/** The console's base URL, absolute and without a trailing slash. */
export function consoleBase(consoleUrl: string): string {
  return new URL(consoleUrl, document.baseURI).href.replace(/\/+$/, '');
}

/**
 * The console's incident list filtered like the widget (spec doc 2: `/incidents?component=…`);
 * only components can be filtered there, so a config has no such link.
 */
export function incidentListLink(
  base: string,
  subject: IncidentSubject,
  filters: { status: string; type: string; severity: string },
): string | undefined {
  if (subject.kind !== 'component') return undefined;
  const query = new URLSearchParams({ component: subject.id, status: filters.status });
  if (filters.type !== 'all') query.set('type', filters.type);
  if (filters.severity !== 'all') query.set('severity', filters.severity);
  return `${base}/incidents?${query.toString()}`;
}

/** The spec's empty texts: "No open incidents" by default, its list's text with filters. */
export function emptyTitleFor(filters: { status: string; type: string; severity: string }) {
  if (filters.type === 'all' && filters.severity === 'all') {
    if (filters.status === 'open') return 'No open incidents';
    if (filters.status === 'all') return 'No incidents';
  }
  return 'There are no incidents matching this criteria';
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

function countsSentence(summary: Summary, statusWord: string): string {
  const parts = SEVERITY_BUCKETS.filter((bucket) => summary.counts[bucket] > 0).map(
    (bucket) => `${summary.counts[bucket]} ${bucket}`,
  );
  const total = incidentCountText(summary.total, statusWord);
  return parts.length > 0 ? `${total}: ${parts.join(', ')}.` : `${total}.`;
}

function describeFilters(type: string, severity: string): string {
  const parts: string[] = [];
  if (type !== 'all') parts.push(`type ${type}`);
  if (severity !== 'all') parts.push(`severity ${severity}`);
  return parts.join(' · ');
}

export function IncidentSummary(props: IncidentSummaryProps) {
  const { componentId, configId, status, type, severity, limit, layout, refresh } = props;
  const { consoleUrl, noTitle, noCounts, noList } = props;
  const { api, emit, tag } = useWidgetRuntime();
  const titleId = useId();

  const resolved = useMemo(() => incidentSubjectOf(componentId, configId), [componentId, configId]);
  const subject = resolved.subject;
  const subjectProblem = resolved.problem;

  useEffect(() => {
    if (!subjectProblem) return;
    console.warn(`<${tag}>: ${subjectProblem.message}`);
    emit('vigil-error', {
      code: 'invalid-attribute',
      widget: tag,
      message: subjectProblem.message,
      attribute: subjectProblem.attribute,
      blocking: true,
    });
  }, [subjectProblem, emit, tag]);

  const filters = useMemo(() => ({ status, type }), [status, type]);
  const query = useQuery({
    ...incidentQueries.subject(api.client, subject ?? { kind: 'component', id: '' }, filters),
    enabled: subject !== undefined,
    refetchInterval: refresh > 0 ? refresh * 1000 : false,
  });
  const { data, error } = query;
  useRequestErrorEvent(error, query.errorUpdatedAt);

  const summary = useMemo(
    () => (data ? summarizeIncidents(data, { severity }) : undefined),
    [data, severity],
  );

  // vigil-status-change on the first data and whenever a count changes (per subject and filters).
  const scope = subject ? `${subject.kind}:${subject.id}:${status}:${type}:${severity}` : '';
  const previous = useRef<
    { scope: string; key: string; counts: IncidentSeverityCounts } | undefined
  >(undefined);
  useEffect(() => {
    if (!summary || !subject) return;
    const key = JSON.stringify(summary.counts);
    const last = previous.current?.scope === scope ? previous.current : undefined;
    if (last?.key === key) return;
    previous.current = { scope, key, counts: summary.counts };
    const statusOf = (total: number): VigilHealthStatus => (total > 0 ? 'unhealthy' : 'healthy');
    const lastTotal = last
      ? SEVERITY_BUCKETS.reduce((sum, bucket) => sum + last.counts[bucket], 0)
      : undefined;
    emit('vigil-status-change', {
      widget: tag,
      ...(subject.kind === 'component' ? { componentId: subject.id } : { configId: subject.id }),
      status: statusOf(summary.total),
      previousStatus: lastTotal === undefined ? undefined : statusOf(lastTotal),
      total: summary.total,
      previousTotal: lastTotal,
      counts: { ...summary.counts },
      previousCounts: last ? { ...last.counts } : undefined,
    });
  }, [summary, subject, scope, emit, tag]);

  const base = consoleUrl ? consoleBase(consoleUrl) : undefined;
  const linkFor = useMemo(
    () => (base ? (incidentId: string) => incidentLink(base, incidentId) : undefined),
    [base],
  );
  const navigate = (event: MouseEvent<HTMLAnchorElement>, incidentId?: string) => {
    if (!isPlainLeftClick(event)) return;
    const url = event.currentTarget.href;
    const proceed = emit('vigil-navigate', {
      widget: tag,
      url,
      ...(incidentId ? { incidentId } : {}),
    });
    if (!proceed) event.preventDefault();
  };
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, incident: IncidentListItem) =>
    navigate(event, incident.id);
  const moreHref =
    base && subject ? incidentListLink(base, subject, { status, type, severity }) : undefined;

  const statusWord = status === 'all' ? '' : status;
  const heading = statusWord
    ? `${statusWord.charAt(0).toUpperCase()}${statusWord.slice(1)} incidents`
    : 'Incidents';
  const filterText = describeFilters(type, severity);

  let body;
  if (subjectProblem) {
    body = (
      <WidgetMessage tone="error" title="Incident summary cannot be shown: invalid attribute.">
        <ul className="m-0 pl-4">
          <li>{subjectProblem.message}</li>
        </ul>
      </WidgetMessage>
    );
  } else if (summary) {
    body = (
      <>
        <IncidentSummaryView
          summary={summary}
          layout={layout}
          showCounts={!noCounts}
          showList={!noList}
          limit={Math.floor(limit)}
          statusWord={statusWord}
          emptyTitle={emptyTitleFor({ status, type, severity })}
          linkFor={linkFor}
          onLinkClick={onLinkClick}
          moreHref={moreHref}
          onMoreClick={(event) => navigate(event)}
          now={query.dataUpdatedAt || undefined}
        />
        {error ? (
          <p part="stale" className="m-0 mt-2 text-xs text-fg-muted">
            Could not refresh ({errorMessage(error)}); showing the last data received.
          </p>
        ) : null}
        <p className="sr-only" role="status">
          {countsSentence(summary, statusWord)}
        </p>
      </>
    );
  } else if (error) {
    const code = error instanceof ApiError ? error.status : 0;
    const what = subject?.kind === 'config' ? 'config' : 'component';
    body = (
      <WidgetMessage
        tone="error"
        title={
          code === 401
            ? 'Sign in to see incidents.'
            : code === 403
              ? `Not allowed to see the incidents of this ${what}.`
              : 'Incidents could not be loaded.'
        }
        action={
          <button
            type="button"
            className="vigil-button"
            disabled={query.isFetching}
            onClick={() => void query.refetch()}
          >
            {query.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        }
      >
        {code === 401
          ? `${api.apiBase} needs credentials: sign in to Vigil in this browser, or give the widget a token provider or an embed token.`
          : code === 403
            ? `The credentials in use do not grant the incidents of ${what} ${subject?.id ?? ''}.`
            : errorMessage(error)}
      </WidgetMessage>
    );
  } else {
    body = <WidgetMessage tone="info" title="Loading incidents…" />;
  }

  const dataStatus =
    subjectProblem || (!summary && error)
      ? 'error'
      : summary
        ? (summary.worst ?? 'none')
        : 'loading';
  return (
    <section
      part="root"
      className="@container text-fg"
      aria-labelledby={noTitle ? undefined : titleId}
      aria-label={noTitle ? 'Incident summary' : undefined}
      data-status={dataStatus}
      data-total={summary?.total}
    >
      {noTitle ? null : (
        <header className="mb-3">
          <h2 id={titleId} part="title" className="m-0 text-lg font-semibold">
            {heading}
          </h2>
          {filterText ? (
            <p part="filters" className="m-0 text-xs text-fg-muted">
              {filterText}
            </p>
          ) : null}
        </header>
      )}
      {body}
    </section>
  );
}
