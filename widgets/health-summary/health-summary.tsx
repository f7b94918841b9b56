/**
 * `<vigil-health-summary>`: live passing / failing / total counts of the health checks of an API
 * (`GET {api-base}/canary/api/summary`), optionally filtered by namespace and labels, with the
 * failing checks listed.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { ApiError, errorMessage } from '../../src/api/client';
import { healthQueries } from '../../src/api/health';
import { FailingCheckList } from '../../src/entities/health-summary/failing-check-list';
import { HealthCounts } from '../../src/entities/health-summary/health-counts';
import {
  checkLink,
  filterChecks,
  summarizeChecks,
  type HealthSummaryStatus,
} from '../../src/entities/health-summary/summarize-checks';
import type { WidgetProps } from '../runtime/define-widget';
import { useWidgetRuntime } from '../runtime/widget-context';
import { WidgetMessage } from '../runtime/widget-message';
import type { healthSummaryAttributes } from './health-summary-attributes';

export type HealthSummaryProps = WidgetProps<typeof healthSummaryAttributes>;

function describeFilters(namespace: string | undefined, labels: Record<string, string>): string {
  const parts = namespace ? [`namespace ${namespace}`] : [];
  for (const [key, value] of Object.entries(labels)) parts.push(`${key}=${value}`);
  return parts.join(' · ');
}

const STATUS_TEXT: Record<HealthSummaryStatus, string> = {
  healthy: 'All checks passing',
  unhealthy: 'Some checks failing',
  unknown: 'No checks',
};

export function HealthSummary(props: HealthSummaryProps) {
  const { namespace, labels, layout, refresh, noTitle, consoleUrl } = props;
  const { api, emit, tag } = useWidgetRuntime();
  const titleId = useId();

  const query = useQuery(healthQueries.summary(api.client, refresh > 0 ? refresh * 1000 : false));
  const { data, error, refetch, isFetching } = query;

  const counts = useMemo(
    () => (data ? summarizeChecks(filterChecks(data, { namespace, labels })) : undefined),
    [data, namespace, labels],
  );

  // vigil-error once per failed fetch (errorUpdatedAt changes on every failure).
  useEffect(() => {
    if (!error) return;
    const status = error instanceof ApiError ? error.status : 0;
    emit('vigil-error', {
      code: status === 401 ? 'unauthorized' : 'request-failed',
      widget: tag,
      message: errorMessage(error),
      status,
    });
  }, [error, query.errorUpdatedAt, emit, tag]);

  // vigil-status-change on the first answer and whenever the status or a count changes.
  const previous = useRef<{ key: string; status: HealthSummaryStatus } | undefined>(undefined);
  useEffect(() => {
    if (!counts) return;
    const key = `${counts.status}:${counts.passing}:${counts.failing}:${counts.total}`;
    if (previous.current?.key === key) return;
    const previousStatus = previous.current?.status;
    previous.current = { key, status: counts.status };
    emit('vigil-status-change', {
      widget: tag,
      status: counts.status,
      previousStatus,
      passing: counts.passing,
      failing: counts.failing,
      total: counts.total,
    });
  }, [counts, emit, tag]);

  const linkFor = useMemo(
    () => (consoleUrl ? (checkId: string) => checkLink(consoleUrl, checkId) : undefined),
    [consoleUrl],
  );
  const filters = describeFilters(namespace, labels);

  let body;
  if (counts) {
    body = (
      <>
        <HealthCounts counts={counts} layout={layout} />
        {counts.total === 0 ? (
          <WidgetMessage
            tone="info"
            title={filters ? 'No checks match these filters.' : 'No health checks yet.'}
          />
        ) : null}
        {layout === 'counts' ? (
          <FailingCheckList checks={counts.failingChecks} linkFor={linkFor} />
        ) : null}
        {error ? (
          <p part="stale" className="m-0 mt-2 text-xs text-muted">
            Could not refresh ({errorMessage(error)}); showing the last data received.
          </p>
        ) : null}
        <p className="sr-only" role="status">
          {`${STATUS_TEXT[counts.status]}: ${counts.passing} passing, ${counts.failing} failing, ${counts.total} total.`}
        </p>
      </>
    );
  } else if (error) {
    const unauthorized = error instanceof ApiError && error.status === 401;
    body = (
      <WidgetMessage
        tone="error"
        title={
          unauthorized ? 'Sign in to see health checks.' : 'Health checks could not be loaded.'
        }
        action={
          <button
            type="button"
            className="vigil-button"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            {isFetching ? 'Retrying…' : 'Retry'}
          </button>
        }
      >
        {unauthorized
          ? `${api.apiBase} needs credentials: sign in to Vigil in this browser, or give the widget a token provider or an embed token.`
          : errorMessage(error)}
      </WidgetMessage>
    );
  } else {
    body = <WidgetMessage tone="info" title="Loading health checks…" />;
  }

  return (
    <section
      part="root"
      className="text-text"
      aria-labelledby={noTitle ? undefined : titleId}
      aria-label={noTitle ? 'Health summary' : undefined}
      data-status={counts?.status ?? (error ? 'error' : 'loading')}
    >
      {noTitle ? null : (
        <header className="mb-3">
          <h2 id={titleId} part="title" className="m-0 text-lg font-semibold">
            Health
          </h2>
          {filters ? (
            <p part="filters" className="m-0 text-xs text-muted">
              {filters}
            </p>
          ) : null}
        </header>
      )}
      {body}
    </section>
  );
}
