/**
 * `<vigil-check-detail>`: the body of the console's check dialog for one check — its name and
 * status, the stat tiles, the Health Overview chart and the run history — from
 * `GET {api-base}/db/checks`, `/canary/api/graph` and `/db/check_statuses`, refreshed every
 * `refresh` seconds. The chart code (ECharts) is loaded only when the chart is shown.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { checkQueries, DEFAULT_CHECK_TIME_RANGE } from '../../src/api/checks';
import { ApiError, errorMessage } from '../../src/api/client';
import { CheckHealthChart } from '../../src/entities/check/check-health-chart';
import { CheckHistory, useCheckHistoryControls } from '../../src/entities/check/check-history';
import { CheckStatTiles } from '../../src/entities/check/check-stat-tiles';
import { defaultCheckTimeRange } from '../../src/entities/check/check-time-range';
import { toCheckView } from '../../src/entities/check/check-view';
import { Badge } from '../../src/ui/badge';
import { StatusIcon } from '../../src/ui/status-icon';
import type { WidgetProps } from '../runtime/define-widget';
import type { VigilHealthStatus } from '../runtime/events';
import { useRequestErrorEvent } from '../runtime/use-request-error-event';
import { useWidgetRuntime } from '../runtime/widget-context';
import { WidgetMessage } from '../runtime/widget-message';
import type { checkDetailAttributes } from './check-detail-attributes';

export type CheckDetailProps = WidgetProps<typeof checkDetailAttributes>;

/** Tile columns by the element's own width (a container), not the page's. */
const TILE_COLUMNS = 'grid-cols-2 @md:grid-cols-3 @3xl:grid-cols-5 @6xl:grid-cols-9';

/** The summary rule: `healthy` passes, any other reported status fails, none is unknown. */
export function healthStatusOf(status: string | undefined): VigilHealthStatus {
  if (!status) return 'unknown';
  return status === 'healthy' ? 'healthy' : 'unhealthy';
}

/** `{console-url}/health?checkId=…&timeRange=…`: the console's dashboard with the dialog open. */
export function checkDetailLink(consoleUrl: string, checkId: string, timeRange: string): string {
  const base = new URL(consoleUrl, document.baseURI).href.replace(/\/+$/, '');
  const query = new URLSearchParams({ checkId, timeRange });
  return `${base}/health?${query.toString()}`;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function CheckDetail(props: CheckDetailProps) {
  const { checkId, timeRange, refresh, consoleUrl, noHistory, noChart } = props;
  const { api, emit, tag } = useWidgetRuntime();
  const titleId = useId();
  const interval = refresh > 0 ? refresh * 1000 : false;

  const detail = useQuery({
    ...checkQueries.detail(api.client, checkId),
    refetchInterval: interval,
  });
  useRequestErrorEvent(detail.error, detail.errorUpdatedAt);
  const view = useMemo(
    () => (detail.data ? toCheckView(detail.data, undefined) : undefined),
    [detail.data],
  );

  // Without a range, derive one from the last run once the check is known, and keep it (as the
  // console's dialog does): a refresh moving the last run must not change the window shown.
  const [derived, setDerived] = useState<{ checkId: string; range: string }>();
  const derivedRange = derived?.checkId === checkId ? derived.range : undefined;
  if (!timeRange && derivedRange === undefined && view) {
    setDerived({ checkId, range: defaultCheckTimeRange(view.lastRuntime) });
  }
  const range = timeRange ?? derivedRange;
  const shownRange = range ?? DEFAULT_CHECK_TIME_RANGE;

  const graph = useQuery({
    ...checkQueries.graph(api.client, checkId, shownRange),
    enabled: range !== undefined,
    refetchInterval: interval,
  });
  useRequestErrorEvent(graph.error, graph.errorUpdatedAt);

  const controls = useCheckHistoryControls(checkId, shownRange);
  const history = useQuery({
    ...checkQueries.statuses(api.client, controls.params),
    enabled: !noHistory && range !== undefined,
    refetchInterval: interval,
  });
  useRequestErrorEvent(history.error, history.errorUpdatedAt);

  const notFound = detail.isSuccess && detail.data === null;
  useEffect(() => {
    if (!notFound) return;
    emit('vigil-error', {
      code: 'not-found',
      widget: tag,
      message: `No check with id ${checkId}.`,
    });
  }, [notFound, checkId, emit, tag]);

  // vigil-status-change on the first data and whenever the check's status changes.
  const status = view ? healthStatusOf(view.status) : undefined;
  const previous = useRef<{ checkId: string; status: VigilHealthStatus } | undefined>(undefined);
  useEffect(() => {
    if (!view || !status) return;
    const last = previous.current?.checkId === checkId ? previous.current.status : undefined;
    if (last === status) return;
    previous.current = { checkId, status };
    emit('vigil-status-change', {
      widget: tag,
      checkId,
      name: view.name,
      status,
      previousStatus: last,
    });
  }, [view, status, checkId, emit, tag]);

  const link = consoleUrl ? checkDetailLink(consoleUrl, checkId, shownRange) : undefined;
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!link || !isPlainLeftClick(event)) return;
    const proceed = emit('vigil-navigate', { widget: tag, url: link, checkId });
    if (!proceed) event.preventDefault();
  };

  if (!view) {
    let message;
    if (notFound) {
      message = (
        <WidgetMessage tone="error" title="Check not found.">
          {`No check with id ${checkId} at ${api.apiBase}; it may have been deleted.`}
        </WidgetMessage>
      );
    } else if (detail.isError) {
      const unauthorized = detail.error instanceof ApiError && detail.error.status === 401;
      message = (
        <WidgetMessage
          tone="error"
          title={unauthorized ? 'Sign in to see this check.' : 'The check could not be loaded.'}
          action={
            <button
              type="button"
              className="vigil-button"
              disabled={detail.isFetching}
              onClick={() => void detail.refetch()}
            >
              {detail.isFetching ? 'Retrying…' : 'Retry'}
            </button>
          }
        >
          {unauthorized
            ? `${api.apiBase} needs credentials: sign in to Vigil in this browser, or give the widget a token provider or an embed token.`
            : errorMessage(detail.error)}
        </WidgetMessage>
      );
    } else {
      message = <WidgetMessage tone="info" title="Loading check…" />;
    }
    return (
      <section
        part="root"
        aria-label="Check"
        className="text-fg"
        data-status={notFound || detail.isError ? 'error' : 'loading'}
      >
        {message}
      </section>
    );
  }

  const statusWord = view.status ?? 'unknown';
  return (
    <section
      part="root"
      aria-labelledby={titleId}
      className="@container flex flex-col gap-4 text-fg"
      data-status={status}
    >
      <header part="header" className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h2
          id={titleId}
          part="title"
          className="m-0 flex min-w-0 items-center gap-2 text-lg font-semibold"
        >
          <span part="status" data-status={status} className="inline-flex">
            <StatusIcon status={statusWord} label={statusWord} size={16} />
          </span>
          {link ? (
            <a
              part="check-link"
              href={link}
              onClick={onLinkClick}
              className="truncate text-link underline-offset-2 hover:underline"
              title={`Open ${view.name} in Vigil`}
            >
              {view.name}
            </a>
          ) : (
            <span part="check-name" className="truncate">
              {view.name}
            </span>
          )}
        </h2>
        {view.namespace ? (
          <span part="check-namespace" className="text-sm text-fg-muted">
            {view.namespace}
          </span>
        ) : null}
        {view.type ? <Badge part="check-type">{view.type}</Badge> : null}
      </header>
      {detail.isError ? (
        <p part="stale" className="m-0 text-xs text-fg-muted">
          Could not refresh ({errorMessage(detail.error)}); showing the last data received.
        </p>
      ) : null}
      <CheckStatTiles
        check={view}
        graph={graph.data}
        isGraphLoading={graph.isPending}
        timeRange={shownRange}
        columnsClassName={TILE_COLUMNS}
      />
      {noChart ? null : (
        <section part="chart" aria-label="Health Overview" className="flex flex-col gap-1">
          <h3 className="m-0 text-sm font-semibold">Health Overview</h3>
          <CheckHealthChart
            points={graph.data?.status}
            isLoading={graph.isPending}
            error={graph.isError ? errorMessage(graph.error) : undefined}
            height={200}
          />
        </section>
      )}
      {noHistory ? null : (
        <section part="history-section" aria-label="History" className="flex flex-col gap-1">
          <h3 className="m-0 text-sm font-semibold">History</h3>
          <CheckHistory
            controls={controls}
            page={history.data}
            isLoading={history.isPending}
            error={history.isError ? errorMessage(history.error) : undefined}
            onRetry={() => void history.refetch()}
          />
        </section>
      )}
      <p className="sr-only" role="status">
        {`${view.name}: ${statusWord}.`}
      </p>
    </section>
  );
}
