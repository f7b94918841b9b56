/**
 * `/catalog/{id}/insights` (spec doc 2 §2, §9 "insight panels page size 50, next page loaded
 * within 300 px of the bottom"): the config's insights, 50 at a time, the next page loaded when
 * the end of the list comes within 300 px of the viewport; a row opens the insight modal (the
 * open insight is `insightId` in the URL).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useApiClient } from '../../../api/api-context';
import type { ConfigInsightDetail } from '../../../api/catalog';
import { catalogInsightQueries, listConfigInsights } from '../../../api/catalog-insights';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { Spinner } from '../../../ui/spinner';
import { useUrlState } from '../../../ui/use-url-state';
import { collectPages } from '../../../lib/paging';
import { param } from '../../../lib/url-state';
import { SeverityLabel } from '../changes/severity-label';
import { insightsUrlSchema, insightTypeLabel } from './insights-params';
import { RelativeTime } from '../../../ui/relative-time';
import { lazyComponent } from '../../../ui/lazy-component';

// An insight's dialog loads when an insight is opened.
const InsightDetailDialog = lazyComponent(() =>
  import('./insight-detail-dialog').then((module) => module.InsightDetailDialog),
);

/** "next page loaded within 300 px of the bottom". */
export const INSIGHTS_LOAD_AHEAD_PX = 300;

const tabSchema = { insightId: param(insightsUrlSchema.insightId.codec, '') };

export function ConfigInsightsTab({ configId }: { configId: string }) {
  const client = useApiClient();
  const [values, setValues] = useUrlState(tabSchema);
  const query = useInfiniteQuery(catalogInsightQueries.configInsights(client, configId));
  usePageRefresh(() => void query.refetch(), query.isFetching);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.rows) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total;

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: `0px 0px ${INSIGHTS_LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  const open = (row: ConfigInsightDetail) => setValues({ insightId: row.id }, { replace: false });

  const columns = useMemo<ColumnDef<ConfigInsightDetail>[]>(
    () => [
      {
        id: 'analyzer',
        header: 'Analyzer',
        accessorFn: (row) => row.analyzer,
        cell: ({ row }) => (
          <button
            type="button"
            onClick={() => open(row.original)}
            className="text-left font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {row.original.analyzer}
          </button>
        ),
      },
      {
        id: 'analysis_type',
        header: 'Type',
        accessorFn: (row) => insightTypeLabel(row.analysis_type),
      },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (row) => row.severity ?? '',
        cell: ({ row }) => <SeverityLabel severity={row.original.severity} />,
      },
      {
        id: 'message',
        header: 'Message',
        accessorFn: (row) => row.message ?? '',
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-xl break-words" title={row.original.message ?? ''}>
            {row.original.message || <span className="text-fg-subtle">—</span>}
          </span>
        ),
      },
      {
        id: 'first_observed',
        header: 'First Observed',
        accessorFn: (row) => row.first_observed,
        cell: ({ row }) => <RelativeTime value={row.original.first_observed} />,
      },
    ],
    // `open` only writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  if (query.isError && !query.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Insights could not be loaded"
        description={errorMessage(query.error)}
        actions={
          <Button variant="primary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {query.isPending
          ? 'Loading insights…'
          : total !== undefined
            ? `${total.toLocaleString()} ${total === 1 ? 'insight' : 'insights'}`
            : null}
      </p>
      <DataTable
        label="Config insights"
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        isLoading={query.isPending}
        emptyMessage="This config has no insights"
        onRowClick={(row) => open(row.original)}
        csvExport={{
          fileName: 'config-insights',
          getRows: () =>
            collectPages((pageIndex, pageSize) =>
              listConfigInsights(client, { configId, pageIndex, pageSize }),
            ),
        }}
      />
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {isFetchingNextPage ? <Spinner label="Loading more insights" /> : null}
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-unhealthy">
          {errorMessage(query.error)}{' '}
          <Button size="sm" variant="ghost" onClick={() => void fetchNextPage()}>
            Try again
          </Button>
        </p>
      ) : null}
      {values.insightId ? (
        <InsightDetailDialog
          insightId={values.insightId}
          initial={rows.find((row) => row.id === values.insightId)}
          onClose={() => setValues({ insightId: '' })}
        />
      ) : null}
    </div>
  );
}
