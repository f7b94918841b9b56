/**
 * The check detail dialog (spec doc 1 §2 "Check detail dialog"), opened by `?checkId=` on
 * /health. Full size: header and labels, stat tiles, the Health Overview chart, tabs History /
 * Graph (short screens only) / Spec / Relationships, and the footer actions.
 *
 * Data: the check row (`/db/checks`, with canary, agent and relationships), the graph over the
 * range (`/canary/api/graph`: uptime, latency, chart) and, in the History tab, the paged
 * statuses. The dashboard's summary row, when given, lets the header render before the row loads.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { checkQueries, DEFAULT_CHECK_TIME_RANGE, parseTimeRange } from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { cachedCheckSummary } from '../health-summary-query';
import type { CheckSummary } from '../../../api/types';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { PageSpinner, Spinner } from '../../../ui/spinner';
import { Tabs, type TabItem } from '../../../ui/tabs';
import { CheckDialogActions } from './check-dialog-actions';
import { CheckDialogHeader, CheckDialogTitle } from './check-dialog-header';
import { CheckHealthChart } from '../../../entities/check/check-health-chart';
import { CheckHistoryTab } from './check-history-tab';
import { CheckRelationshipsTab } from './check-relationships-tab';
import { CheckStatTiles } from '../../../entities/check/check-stat-tiles';
import { defaultCheckTimeRange } from '../../../entities/check/check-time-range';

// The Spec tab renders YAML (the `yaml` package): loaded when the tab is chosen.
const CheckSpecTab = lazy(async () => ({
  default: (await import('./check-spec-tab')).CheckSpecTab,
}));
import { toCheckView } from '../../../entities/check/check-view';
import { SHORT_SCREEN_QUERY, useMediaQuery } from './use-media-query';

export type CheckDialogTab = 'history' | 'graph' | 'spec' | 'relationships';

export interface CheckDialogProps {
  /** The check to show. */
  checkId: string;
  /**
   * A relative range key (`1h`, `3d`, `2w`, `6mo`, `1y`…). Empty, missing or unreadable: the
   * range is derived from the check's last run (contract rbac-and-flags.md §5.10), once.
   */
  timeRange?: string;
  onClose: () => void;
  /** The check's row from the dashboard summary, when already loaded. */
  check?: CheckSummary;
  /** Embedded mode (e.g. a kiosk or widget host): hides the evidence button. */
  isEmbedded?: boolean;
  /**
   * A health-only deployment serves only the summary and the graph: the dialog shows the summary
   * row, the tiles and the chart, without the /db tabs (history, spec, relationships) or actions.
   */
  summaryOnly?: boolean;
}

export function CheckDialog({
  checkId,
  timeRange,
  onClose,
  check: summaryRow,
  isEmbedded = false,
  summaryOnly = false,
}: CheckDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const explicitRange = timeRange && parseTimeRange(timeRange) ? timeRange.trim() : undefined;
  const detail = useQuery({ ...checkQueries.detail(client, checkId), enabled: !summaryOnly });
  const isShort = useMediaQuery(SHORT_SCREEN_QUERY);
  const [tab, setTab] = useState<CheckDialogTab>('history');

  // Without a row passed in, use the dashboard's cached summary if it holds this check.
  const summary = useMemo(
    () => summaryRow ?? cachedCheckSummary(queryClient, client, checkId),
    [summaryRow, queryClient, client, checkId],
  );
  const view = useMemo(() => toCheckView(detail.data, summary), [detail.data, summary]);

  // Without a range, derive one from the last run as soon as the check is known, and keep it:
  // a Run Now moving the last run must not change the window being looked at.
  const [derivedRange, setDerivedRange] = useState<string | undefined>(undefined);
  if (!explicitRange && derivedRange === undefined && view) {
    setDerivedRange(defaultCheckTimeRange(view.lastRuntime));
  }
  const range = explicitRange ?? derivedRange;
  const graph = useQuery({
    ...checkQueries.graph(client, checkId, range ?? DEFAULT_CHECK_TIME_RANGE),
    enabled: range !== undefined,
  });

  const relationshipCount = view ? view.configs.length + view.components.length : undefined;
  const tabs: TabItem[] = [
    { id: 'history', label: 'History' },
    ...(isShort ? [{ id: 'graph', label: 'Graph' }] : []),
    { id: 'spec', label: 'Spec' },
    {
      id: 'relationships',
      label: 'Relationships',
      count: detail.isSuccess ? relationshipCount : undefined,
    },
  ];
  const selected: CheckDialogTab = tabs.some((item) => item.id === tab) ? tab : 'history';

  const chart = (
    <CheckHealthChart
      points={graph.data?.status}
      isLoading={graph.isPending}
      error={graph.isError ? errorMessage(graph.error) : undefined}
      height={isShort ? 260 : 200}
    />
  );

  let body;
  if (!view) {
    if (detail.isPending && !summaryOnly) {
      body = <PageSpinner label="Loading check" />;
    } else if (detail.isError) {
      body = (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="The check could not be loaded"
          description={errorMessage(detail.error)}
          actions={
            <Button variant="primary" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          }
        />
      );
    } else {
      body = (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Check not found"
          description="It may have been deleted."
        />
      );
    }
  } else {
    const shownRange = range ?? DEFAULT_CHECK_TIME_RANGE;
    body = (
      <div className="flex flex-col gap-4">
        <CheckDialogHeader check={view} />
        {detail.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md border border-border bg-unhealthy-soft px-3 py-2 text-sm text-fg"
          >
            <AlertCircleIcon size={16} className="text-unhealthy" />
            <span>Check details could not be loaded: {errorMessage(detail.error)}</span>
            <Button size="sm" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        <CheckStatTiles
          check={view}
          graph={graph.data}
          isGraphLoading={graph.isPending}
          timeRange={shownRange}
        />
        {!isShort || summaryOnly ? (
          <section aria-label="Health Overview" className="flex flex-col gap-1">
            <h3 className="m-0 text-sm font-semibold text-fg">Health Overview</h3>
            {chart}
          </section>
        ) : null}
        {summaryOnly ? null : (
          <Tabs
            label="Check details"
            items={tabs}
            selectedId={selected}
            onChange={(id) => setTab(id as CheckDialogTab)}
          >
            {selected === 'history' ? (
              <CheckHistoryTab checkId={checkId} timeRange={shownRange} />
            ) : selected === 'graph' ? (
              <div className="pt-3">
                <h3 className="sr-only">Health Overview</h3>
                {chart}
              </div>
            ) : selected === 'spec' ? (
              <Suspense fallback={<SpecTabFallback />}>
                <CheckSpecTab
                  spec={view.spec}
                  canaryId={view.canary?.id}
                  isDetailLoaded={detail.isSuccess || detail.isError}
                />
              </Suspense>
            ) : (
              <CheckRelationshipsTab check={view} isLoading={detail.isPending} />
            )}
          </Tabs>
        )}
      </div>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="full"
      title={<CheckDialogTitle check={view} />}
      footer={
        view && !summaryOnly ? (
          <CheckDialogActions
            check={view}
            timeRange={range ?? DEFAULT_CHECK_TIME_RANGE}
            isEmbedded={isEmbedded}
          />
        ) : undefined
      }
    >
      {body}
    </Dialog>
  );
}

/** What the Spec tab shows while its module loads: the tab's own loading state. */
function SpecTabFallback() {
  return (
    <div className="flex justify-center py-10 text-fg-muted">
      <Spinner label="Loading spec" />
    </div>
  );
}
