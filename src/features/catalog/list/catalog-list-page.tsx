/**
 * /catalog (spec doc 2 §2): with no configType and no search, the grouped summary
 * (`POST /catalog/summary`); otherwise the paginated config list. Filters, grouping, sorting and
 * paging live in the URL, so a shared link restores the view; 'Hide Deleted Catalog' and the
 * favourite types are stored preferences.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { catalogListQueries, listConfigs } from '../../../api/catalog-list';
import { errorMessage } from '../../../api/client';
import { collectPages } from '../../../lib/paging';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { afterNextPaint } from '../../../ui/after-paint';
import { usePageRefresh } from '../../../ui/page-refresh';
import { useUrlState } from '../../../ui/use-url-state';
import { catalogPaths } from '../catalog-paths';
import {
  catalogSummaryParams,
  catalogUrlSchema,
  configListParams,
  type CatalogUrlValues,
  groupRowPatch,
  isGroupedView,
  writeCatalogParams,
} from '../catalog-params';
import { CatalogSections } from '../catalog-sections';
import { useCatalogPreferences } from '../use-catalog-preferences';
import { prefetchCatalogView } from '../catalog-prefetch';
import { CatalogFilters } from './catalog-filters';
import { CatalogSummaryTable } from './catalog-summary-table';
import { LazyConfigTable } from './lazy-config-table';
import { buildSummaryRows, tagGroupKeys, type SummaryRow } from './summary-rows';

/** Rows exported at most (all pages of a filter; the export says when it stopped). */
const EXPORT_MAX_ROWS = 100_000;

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <EmptyState
      icon={<AlertCircleIcon size={22} />}
      title="The catalog could not be loaded"
      description={errorMessage(error) || 'Something went wrong'}
      actions={
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

function SummaryView({
  values,
  hideDeleted,
}: {
  values: ReturnType<typeof useUrlState<typeof catalogUrlSchema>>[0];
  hideDeleted: boolean;
}) {
  const client = useApiClient();
  const search = useSearch();
  const [, navigate] = useLocation();
  const favourites = useCatalogPreferences((state) => state.favouriteTypes);
  const summary = useQuery(
    catalogListQueries.summary(client, catalogSummaryParams(values, hideDeleted)),
  );
  usePageRefresh(() => void summary.refetch(), summary.isFetching);
  const rows = useMemo(
    () => buildSummaryRows(summary.data ?? [], values.groupBy, favourites),
    [summary.data, values.groupBy, favourites],
  );
  const hrefOf = (row: SummaryRow) => {
    const query = writeCatalogParams(search, groupRowPatch(values, row));
    return query ? `${catalogPaths.list()}?${query}` : catalogPaths.list();
  };
  if (summary.isError && !summary.data) {
    return <LoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  }
  return (
    <CatalogSummaryTable
      rows={rows}
      tagKeys={tagGroupKeys(values.groupBy)}
      isLoading={summary.isPending}
      hrefOf={hrefOf}
      onOpenGroup={(row) => navigate(hrefOf(row))}
    />
  );
}

function ListView({
  values,
  setValues,
  hideDeleted,
}: {
  values: ReturnType<typeof useUrlState<typeof catalogUrlSchema>>[0];
  setValues: ReturnType<typeof useUrlState<typeof catalogUrlSchema>>[1];
  hideDeleted: boolean;
}) {
  const client = useApiClient();
  const [, navigate] = useLocation();
  const params = configListParams(values, hideDeleted);
  const list = useQuery(catalogListQueries.list(client, params));
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const total = list.data?.total;

  // A page past the end (a stale link or a narrower filter): go to the last page.
  useEffect(() => {
    if (total === undefined || list.isPlaceholderData) return;
    const last = Math.max(0, Math.ceil(total / values.pageSize) - 1);
    if (values.pageIndex > last) setValues({ pageIndex: last });
  }, [total, values.pageIndex, values.pageSize, list.isPlaceholderData, setValues]);

  if (list.isError && !list.data) {
    return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  }
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted" aria-live="polite">
        {list.isPending
          ? 'Loading config items…'
          : total !== undefined
            ? `${total.toLocaleString('en-US')} ${total === 1 ? 'config item' : 'config items'}`
            : null}
      </p>
      <LazyConfigTable
        rows={list.data?.rows ?? []}
        total={total}
        isLoading={list.isPending}
        isPlaceholder={list.isPlaceholderData}
        sortBy={values.sortBy}
        sortOrder={values.sortOrder}
        pageIndex={values.pageIndex}
        pageSize={values.pageSize}
        showDeleted={!hideDeleted}
        onChange={(patch) => setValues(patch)}
        onOpen={(id) => navigate(catalogPaths.config(id))}
        csvExport={{
          fileName: values.configType ? `catalog-${values.configType}` : 'catalog',
          getRows: () =>
            collectPages(
              (pageIndex, pageSize) => listConfigs(client, { ...params, pageIndex, pageSize }),
              { pageSize: 1000, maxRows: EXPORT_MAX_ROWS },
            ),
        }}
      />
    </div>
  );
}

export function CatalogListPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const hideDeleted = useCatalogPreferences((state) => state.hideDeleted);
  // What a change of the URL shows is asked for inside its event handler, and a search paused in
  // typing is asked for before its debounce ends. A failed read ahead is the page's to report
  // when it asks for real.
  const readAhead = (next: CatalogUrlValues) => {
    prefetchCatalogView(queryClient, client, next, hideDeleted).catch(() => undefined);
  };
  const [values, setValues, preview] = useUrlState(catalogUrlSchema, { readAhead });
  const grouped = isGroupedView(values);
  // The flat table's code: at once when it is shown, otherwise once the summary is painted and
  // the browser is idle (choosing a type then shows it without waiting).
  useEffect(() => {
    if (!grouped) {
      LazyConfigTable.preload();
      return undefined;
    }
    return afterNextPaint(() => LazyConfigTable.preload(), { idle: true });
  }, [grouped]);
  return (
    <div className="flex flex-col gap-4">
      <CatalogSections />
      <CatalogFilters
        values={values}
        onChange={(patch) => setValues(patch)}
        onPreview={preview}
        grouped={grouped}
      />
      {grouped ? (
        <SummaryView values={values} hideDeleted={hideDeleted} />
      ) : (
        <ListView values={values} setValues={setValues} hideDeleted={hideDeleted} />
      )}
    </div>
  );
}
