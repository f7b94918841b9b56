/**
 * `/catalog/insights` (spec doc 2 §2): the insights table — columns Catalog, Type, Analyzer,
 * Severity, Status, First Observed, Last Observed — with its filters (component, type, severity,
 * analyzer, status, config type), sorting and page in the URL, 50 rows a page with the total,
 * CSV export of every page, and a row opening the insight detail modal.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useApiClient } from '../../../api/api-context';
import type { ConfigInsight } from '../../../api/catalog';
import { catalogInsightQueries, listInsightsPage } from '../../../api/catalog-insights';
import { catalogOptionQueries } from '../../../api/catalog-options';
import { errorMessage } from '../../../api/client';
import { collectPages } from '../../../lib/paging';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef, type SortingState } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FilterBar, SelectFilter } from '../../../ui/filter-bar';
import { AlertCircleIcon, CloseIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { useUrlState } from '../../../ui/use-url-state';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { CatalogSections } from '../catalog-sections';
import { SeverityLabel, severityText } from '../changes/severity-label';
import { InsightStatusLabel } from './insight-status';
import {
  CLEARED_INSIGHT_FILTERS,
  hasActiveInsightFilters,
  INSIGHT_SEVERITIES,
  INSIGHT_STATUSES,
  INSIGHT_TYPE_LABELS,
  INSIGHT_TYPES,
  insightListParams,
  insightPageCount,
  insightSortingPatch,
  insightsUrlSchema,
  insightTypeLabel,
  INSIGHTS_PAGE_SIZE,
} from './insights-params';
import { RelativeTime } from '../../../ui/relative-time';
import { lazyComponent } from '../../../ui/lazy-component';

// An insight's dialog loads when an insight is opened.
const InsightDetailDialog = lazyComponent(() =>
  import('./insight-detail-dialog').then((module) => module.InsightDetailDialog),
);

const EXPORT_PAGE_SIZE = 1000;

const TYPE_OPTIONS = INSIGHT_TYPES.map((type) => ({
  value: type,
  label: INSIGHT_TYPE_LABELS[type],
}));
const SEVERITY_OPTIONS = INSIGHT_SEVERITIES.map((value) => ({ value, label: severityText(value) }));
const STATUS_OPTIONS = INSIGHT_STATUSES.map((value) => ({ value, label: severityText(value) }));

export function InsightsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // A sort, filter or page change asks for its page at once, inside the event handler, instead of
  // after the page has drawn itself again under the new URL.
  const [values, setValues] = useUrlState(insightsUrlSchema, {
    readAhead: (next) =>
      void queryClient.prefetchQuery(
        catalogInsightQueries.insights(client, insightListParams(next)),
      ),
  });
  const params = useMemo(() => insightListParams(values), [values]);
  const list = useQuery(catalogInsightQueries.insights(client, params));
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const analyzers = useQuery(catalogOptionQueries.options(client, 'analyzers'));
  const configTypes = useQuery(catalogOptionQueries.options(client, 'configTypes'));
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  const total = list.data?.total;
  const pageCount = insightPageCount(total);

  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    if (values.pageIndex > pageCount - 1) setValues({ pageIndex: pageCount - 1 });
  }, [total, pageCount, values.pageIndex, list.isPlaceholderData, setValues]);

  const open = (row: ConfigInsight) => setValues({ insightId: row.id }, { replace: false });

  const columns = useMemo<ColumnDef<ConfigInsight>[]>(
    () => [
      {
        id: 'config',
        header: 'Catalog',
        accessorFn: (row) => row.config?.name ?? '',
        enableSorting: false,
        cell: ({ row }) => {
          const config = row.original.config;
          const name = config?.name || config?.id || 'Unknown config';
          return (
            <span className="flex min-w-0 items-center gap-2">
              <ComponentIcon icon={config?.type} size={16} className="shrink-0 text-fg-muted" />
              <span className="flex min-w-0 flex-col">
                <button
                  type="button"
                  onClick={() => open(row.original)}
                  aria-label={`${name}: ${row.original.analyzer} insight`}
                  className="max-w-72 truncate text-left font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                  title={name}
                >
                  {name}
                </button>
                {config?.type ? (
                  <span className="truncate text-xs text-fg-muted">{config.type}</span>
                ) : null}
              </span>
            </span>
          );
        },
      },
      {
        id: 'analysis_type',
        header: 'Type',
        accessorFn: (row) => insightTypeLabel(row.analysis_type),
      },
      { id: 'analyzer', header: 'Analyzer', accessorFn: (row) => row.analyzer },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (row) => row.severity ?? '',
        cell: ({ row }) => <SeverityLabel severity={row.original.severity} />,
      },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (row) => row.status ?? '',
        cell: ({ row }) => <InsightStatusLabel status={row.original.status} />,
      },
      {
        id: 'first_observed',
        header: 'First Observed',
        accessorFn: (row) => row.first_observed,
        cell: ({ row }) => <RelativeTime value={row.original.first_observed} />,
      },
      {
        id: 'last_observed',
        header: 'Last Observed',
        accessorFn: (row) => row.last_observed ?? '',
        cell: ({ row }) => <RelativeTime value={row.original.last_observed} />,
      },
    ],
    // `open` only writes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const sorting: SortingState = [{ id: values.sortBy, desc: values.sortOrder === 'desc' }];
  const selected = rows.find((row) => row.id === values.insightId);

  return (
    <div className="flex flex-col">
      <CatalogSections />
      <div className="flex flex-col gap-3">
        <FilterBar
          label="Insight filters"
          active={hasActiveInsightFilters(values)}
          onClear={() => setValues(CLEARED_INSIGHT_FILTERS)}
        >
          <SelectFilter
            label="Type"
            value={values.type}
            options={TYPE_OPTIONS}
            onChange={(type) => setValues({ type: type as typeof values.type, pageIndex: 0 })}
          />
          <SelectFilter
            label="Severity"
            value={values.severity}
            options={SEVERITY_OPTIONS}
            onChange={(severity) =>
              setValues({ severity: severity as typeof values.severity, pageIndex: 0 })
            }
          />
          <SelectFilter
            label="Status"
            value={values.status}
            options={STATUS_OPTIONS}
            onChange={(status) =>
              setValues({ status: status as typeof values.status, pageIndex: 0 })
            }
          />
          <SelectFilter
            label="Analyzer"
            value={values.analyzer}
            options={(analyzers.data ?? []).map((value) => ({ value, label: value }))}
            onChange={(analyzer) => setValues({ analyzer, pageIndex: 0 })}
          />
          <SelectFilter
            label="Config type"
            value={values.configType}
            options={(configTypes.data ?? []).map((value) => ({ value, label: value }))}
            onChange={(configType) => setValues({ configType, pageIndex: 0 })}
          />
          {values.component ? (
            <span className="inline-flex h-8 items-center gap-1 rounded-full border border-primary bg-primary-soft pr-1 pl-3 text-sm text-fg">
              <span className="text-fg-muted">Component:</span>
              <span className="max-w-48 truncate" title={values.component}>
                {values.component}
              </span>
              <button
                type="button"
                onClick={() => setValues({ component: '', pageIndex: 0 })}
                aria-label="Remove component filter"
                className="inline-flex size-6 items-center justify-center rounded-full text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
              >
                <CloseIcon size={14} />
              </button>
            </span>
          ) : null}
        </FilterBar>
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading insights…'
            : total !== undefined
              ? `${total.toLocaleString()} ${total === 1 ? 'insight' : 'insights'}`
              : null}
        </p>
        {list.isError && !list.data ? (
          <EmptyState
            icon={<AlertCircleIcon size={22} />}
            title="Insights could not be loaded"
            description={errorMessage(list.error)}
            actions={
              <Button variant="primary" onClick={() => void list.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <DataTable
            label="Insights"
            data={rows}
            columns={columns}
            getRowId={(row) => row.id}
            isLoading={list.isPending}
            emptyMessage="No insights match these filters"
            sorting={sorting}
            onSortingChange={(next) => setValues(insightSortingPatch(next))}
            onRowClick={(row) => open(row.original)}
            rowClassName={(row) =>
              row.original.id === values.insightId ? 'bg-surface-selected' : undefined
            }
            serverPagination={{
              pageIndex: values.pageIndex,
              pageSize: INSIGHTS_PAGE_SIZE,
              total,
              pageSizes: [INSIGHTS_PAGE_SIZE],
              onPageChange: (pageIndex) => setValues({ pageIndex }),
              onPageSizeChange: () => setValues({ pageIndex: 0 }),
            }}
            csvExport={{
              fileName: 'catalog-insights',
              getRows: () =>
                collectPages(
                  (pageIndex, pageSize) => listInsightsPage(client, params, pageIndex, pageSize),
                  { pageSize: EXPORT_PAGE_SIZE },
                ),
            }}
          />
        )}
      </div>
      {values.insightId ? (
        <InsightDetailDialog
          insightId={values.insightId}
          initial={selected}
          onClose={() => setValues({ insightId: '' })}
        />
      ) : null}
    </div>
  );
}
