/**
 * The change log (spec doc 2 §2 "/catalog/changes", §7 `POST /catalog/changes`): every filter in
 * the URL (config types, change types, severity and above, tags, summary, source, authors, the
 * time range — default the last 2 days), server paging with the total (page size 200), sorting in
 * the URL (default newest first), 'Hide deleted config changes' from the catalog preference, CSV
 * export of every page, and a row opening the change detail modal. With `configId` the list is
 * that config's changes plus, per the Downstream (default on) and Upstream (default off)
 * toggles, its related configs'.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useApiClient } from '../../../api/api-context';
import type { CatalogChange } from '../../../api/catalog';
import { catalogChangeQueries, listCatalogChangesPage } from '../../../api/catalog-changes';
import { catalogConfigNameQueries } from '../../../api/catalog-config-name';
import { catalogOptionQueries } from '../../../api/catalog-options';
import { errorMessage } from '../../../api/client';
import { collectPages } from '../../../lib/paging';
import { formatCompactRelative } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef, type SortingState } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import {
  FilterBar,
  SelectFilter,
  TriStateFilter,
  type TriStateOption,
} from '../../../ui/filter-bar';
import { AlertCircleIcon, CloseIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { Switch } from '../../../ui/switch';
import { TimeRangePicker } from '../../../ui/time-range';
import { useUrlState } from '../../../ui/use-url-state';
import { useCatalogPreferences } from '../use-catalog-preferences';
import { ConfigLink } from './catalog-cells';
import {
  changesPageSchema,
  type ChangesPageValues,
  changeTableSorting,
  clearedChangeFilters,
  distinctValues,
  hasActiveChangeFilters,
  SEVERITY_CHOICES,
  sortingPatch,
  tagOptionId,
  tagsToTriState,
  triStateToTags,
  catalogChangesParams,
  CHANGES_PAGE_SIZES,
} from './change-params';
import { SeverityLabel } from './severity-label';
import { RelativeTime } from '../../../ui/relative-time';
import { lazyComponent } from '../../../ui/lazy-component';

// A change's dialog (its diff, details and actions) loads when a change is opened.
const ChangeDetailDialog = lazyComponent(() =>
  import('./change-detail-dialog').then((module) => module.ChangeDetailDialog),
);

/** The CSV export reads pages of this size (the server's maximum page size). */
const EXPORT_PAGE_SIZE = 1000;
/**
 * Above this many rows on a page the table draws only the rows in view (plus the data table's
 * overscan) in a scroll area: a full page of 200 changes is about 8,700 layout objects, and
 * laying out and painting them all took most of a filter change's time (bench/catalog-ui.ts).
 */
const VIRTUAL_FROM = 60;
/** A change row's usual height (one line of summary); rows are measured as they are drawn. */
const CHANGE_ROW_ESTIMATE = 41;

function valueOptions(values: readonly string[]): TriStateOption[] {
  return values.map((value) => ({ id: value, label: value }));
}

function Chip({ label, onRemove }: { label: ReactNode; onRemove: () => void }) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-full border border-primary bg-primary-soft pr-1 pl-3 text-sm text-fg">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label="Remove filter"
        className="inline-flex size-6 items-center justify-center rounded-full text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
      >
        <CloseIcon size={14} />
      </button>
    </span>
  );
}

function authorOf(row: CatalogChange, people: Readonly<Record<string, string>>): string {
  if (row.external_created_by) return row.external_created_by;
  if (row.created_by) return people[row.created_by] ?? row.created_by;
  return '';
}

export interface ChangesListProps {
  /** Set on a config's page: the list is scoped to it and the relation toggles apply. */
  configId?: string;
}

export function ChangesList({ configId }: ChangesListProps) {
  const client = useApiClient();
  const scoped = Boolean(configId);
  const queryClient = useQueryClient();
  const hideDeleted = useCatalogPreferences((state) => state.hideDeleted);
  const setHideDeleted = useCatalogPreferences((state) => state.setHideDeleted);
  // Ranges resolved on the client (quick and absolute ones) use the time of the last refresh, so
  // the query key stays the same between renders.
  const [now, setNow] = useState(() => new Date());
  // A config's page is scoped by the config itself: the section-wide `configType` does not apply.
  const paramsOf = (from: ChangesPageValues) =>
    catalogChangesParams(configId ? { ...from, configType: '' } : from, {
      hideDeleted,
      configId,
      now,
    });
  // A filter change asks for its page inside the event handler, not after the re-render.
  const [values, setValues, preview] = useUrlState(changesPageSchema, {
    readAhead: (next) =>
      void queryClient.prefetchQuery(catalogChangeQueries.changes(client, paramsOf(next))),
  });
  const params = useMemo(
    () => paramsOf(values),
    // paramsOf reads only these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values, hideDeleted, configId, now],
  );
  const list = useQuery(catalogChangeQueries.changes(client, params));
  usePageRefresh(() => {
    setNow(new Date());
    void list.refetch();
  }, list.isFetching);

  const configTypes = useQuery(catalogOptionQueries.options(client, 'configTypes'));
  const changeTypes = useQuery(catalogOptionQueries.options(client, 'changeTypes'));
  const tags = useQuery(catalogOptionQueries.keyValues(client, 'tags'));
  const rows = useMemo(() => list.data?.changes ?? [], [list.data]);
  const total = list.data?.total;

  const personIds = useMemo(
    () =>
      [
        ...new Set(
          [...rows.map((row) => row.created_by), values.created_by].filter((id): id is string =>
            Boolean(id),
          ),
        ),
      ].sort(),
    [rows, values.created_by],
  );
  const people = useQuery({
    ...catalogChangeQueries.people(client, personIds),
    enabled: personIds.length > 0,
  });
  const names = useMemo(() => people.data ?? {}, [people.data]);
  const filterConfig = useQuery({
    ...catalogConfigNameQueries.configName(client, values.id),
    enabled: !scoped && /^[0-9a-f-]{36}$/i.test(values.id),
  });

  // A page past the end (a stale link, or fewer matches after a refresh): go to the last page.
  const pageCount =
    total === undefined ? undefined : Math.max(1, Math.ceil(total / values.pageSize));
  useEffect(() => {
    if (pageCount === undefined || list.isPlaceholderData) return;
    if (values.page > pageCount) setValues({ page: pageCount });
  }, [pageCount, values.page, list.isPlaceholderData, setValues]);

  const open = (row: CatalogChange) => setValues({ changeId: row.id }, { replace: false });

  const columns = useMemo<ColumnDef<CatalogChange>[]>(
    () => [
      {
        id: 'created_at',
        header: 'Time',
        accessorFn: (row) => row.created_at,
        size: 100,
        meta: { csv: (row) => row.created_at },
        cell: ({ row }) => (
          <button
            type="button"
            onClick={() => open(row.original)}
            aria-label={`${formatCompactRelative(row.original.created_at)}: ${row.original.change_type} on ${row.original.name ?? row.original.config_id}`}
            className="rounded text-left text-fg underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            <RelativeTime value={row.original.created_at} compact />
          </button>
        ),
      },
      {
        id: 'name',
        header: 'Config',
        accessorFn: (row) => row.name ?? '',
        meta: { csv: (row) => row.name ?? row.config_id },
        cell: ({ row }) => (
          <div className="max-w-48">
            <ConfigLink
              id={row.original.config_id}
              name={row.original.name}
              type={row.original.type}
            />
          </div>
        ),
      },
      {
        id: 'change_type',
        header: 'Change',
        accessorFn: (row) => row.change_type,
        cell: ({ row }) => (
          <span className="block max-w-32 break-words">{row.original.change_type}</span>
        ),
      },
      {
        id: 'summary',
        header: 'Summary',
        accessorFn: (row) => row.summary ?? '',
        cell: ({ row }) => (
          <span className="line-clamp-2 max-w-60 min-w-40 break-words" title={row.original.summary}>
            {row.original.summary || <span className="text-fg-subtle">—</span>}
          </span>
        ),
      },
      {
        id: 'severity',
        header: 'Severity',
        accessorFn: (row) => row.severity ?? '',
        enableSorting: false,
        cell: ({ row }) => <SeverityLabel severity={row.original.severity} />,
      },
      {
        id: 'source',
        header: 'Source',
        accessorFn: (row) => row.source ?? '',
        cell: ({ row }) => (
          <span className="block max-w-32 break-words">{row.original.source || '—'}</span>
        ),
      },
      {
        id: 'created_by',
        header: 'Created by',
        accessorFn: (row) => authorOf(row, names),
        enableSorting: false,
        cell: ({ row }) => {
          const author = authorOf(row.original, names);
          return author ? (
            <span className="block max-w-28 truncate" title={author}>
              {author}
            </span>
          ) : (
            <span className="text-fg-subtle">—</span>
          );
        },
      },
      {
        id: 'count',
        header: 'Count',
        accessorFn: (row) => row.count ?? 1,
        size: 70,
        cell: ({ row }) => <span className="tabular-nums">{row.original.count ?? 1}</span>,
      },
    ],
    // `open` only writes the URL; the columns change with the people's names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [names],
  );

  const typeOptions = useMemo(
    () => (configTypes.data ?? []).map((type) => ({ id: type, label: type })),
    [configTypes.data],
  );
  const tagOptions = useMemo(
    () =>
      (tags.data ?? []).map((tag) => ({
        id: tagOptionId(tag.key, tag.value),
        label: tag.value,
        group: tag.key,
      })),
    [tags.data],
  );

  const sorting: SortingState = changeTableSorting(values);
  const active = hasActiveChangeFilters(values, scoped);
  const selectedChange = rows.find((row) => row.id === values.changeId);

  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Changes could not be loaded"
        description={errorMessage(list.error)}
        actions={
          <Button variant="primary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        label="Change filters"
        active={active}
        onClear={() => setValues(clearedChangeFilters(scoped))}
      >
        <TimeRangePicker
          value={values.timeRange}
          align="start"
          onChange={(timeRange) => {
            setNow(new Date());
            setValues({ timeRange, page: 1 });
          }}
        />
        {scoped ? null : (
          <SelectFilter
            label="Type"
            value={values.configType}
            options={(configTypes.data ?? []).map((type) => ({ value: type, label: type }))}
            onChange={(configType) => setValues({ configType, page: 1 })}
          />
        )}
        <TriStateFilter
          label="Config types"
          options={typeOptions}
          value={values.configTypes}
          isLoading={configTypes.isPending}
          onChange={(configTypesValue) => setValues({ configTypes: configTypesValue, page: 1 })}
          onPreview={(configTypesValue) => preview({ configTypes: configTypesValue, page: 1 })}
        />
        <TriStateFilter
          label="Change type"
          options={valueOptions(changeTypes.data ?? [])}
          value={values.changeType}
          isLoading={changeTypes.isPending}
          onChange={(changeType) => setValues({ changeType, page: 1 })}
          onPreview={(changeType) => preview({ changeType, page: 1 })}
        />
        <SelectFilter
          label="Severity"
          value={values.severity}
          options={SEVERITY_CHOICES}
          onChange={(severity) =>
            setValues({ severity: severity as typeof values.severity, page: 1 })
          }
        />
        <TriStateFilter
          label="Tags"
          options={tagOptions}
          value={tagsToTriState(values.tags)}
          isLoading={tags.isPending}
          onChange={(map) => setValues({ tags: triStateToTags(map), page: 1 })}
          onPreview={(map) => preview({ tags: triStateToTags(map), page: 1 })}
        />
        <TriStateFilter
          label="Summary"
          options={valueOptions(distinctValues(rows, (row) => row.summary, values.summary))}
          value={values.summary}
          onChange={(summary) => setValues({ summary, page: 1 })}
          onPreview={(summary) => preview({ summary, page: 1 })}
        />
        <TriStateFilter
          label="Source"
          options={valueOptions(distinctValues(rows, (row) => row.source, values.source))}
          value={values.source}
          onChange={(source) => setValues({ source, page: 1 })}
          onPreview={(source) => preview({ source, page: 1 })}
        />
        <TriStateFilter
          label="Created by"
          options={valueOptions(
            distinctValues(rows, (row) => row.external_created_by, values.external_created_by),
          )}
          value={values.external_created_by}
          onChange={(externalCreatedBy) =>
            setValues({ external_created_by: externalCreatedBy, page: 1 })
          }
          onPreview={(externalCreatedBy) =>
            preview({ external_created_by: externalCreatedBy, page: 1 })
          }
        />
      </FilterBar>

      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        {scoped ? (
          <>
            <Switch
              label="Downstream"
              checked={values.downstream}
              onChange={(downstream) => setValues({ downstream, page: 1 })}
            />
            <Switch
              label="Upstream"
              checked={values.upstream}
              onChange={(upstream) => setValues({ upstream, page: 1 })}
            />
          </>
        ) : null}
        <Switch
          label="Hide deleted config changes"
          checked={hideDeleted}
          onChange={(checked) => {
            setHideDeleted(checked);
            setValues({ page: 1 });
          }}
        />
        {!scoped && values.id ? (
          <Chip
            label={
              <>
                <span className="text-fg-muted">Config:</span>{' '}
                {filterConfig.data?.name ?? values.id}
              </>
            }
            onRemove={() => setValues({ id: '', page: 1 })}
          />
        ) : null}
        {values.created_by ? (
          <Chip
            label={
              <>
                <span className="text-fg-muted">Created by:</span>{' '}
                {names[values.created_by] ?? values.created_by}
              </>
            }
            onRemove={() => setValues({ created_by: '', page: 1 })}
          />
        ) : null}
        <p className="ml-auto text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading changes…'
            : total !== undefined
              ? `${total.toLocaleString()} ${total === 1 ? 'change' : 'changes'}`
              : null}
        </p>
      </div>

      <DataTable
        label="Config changes"
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        isLoading={list.isPending}
        isPlaceholder={list.isPlaceholderData}
        emptyMessage="No changes match these filters in this time range"
        sorting={sorting}
        onSortingChange={(next) => setValues(sortingPatch(next))}
        onRowClick={(row) => open(row.original)}
        rowClassName={(row) =>
          row.original.id === values.changeId ? 'bg-surface-selected' : undefined
        }
        virtual={
          rows.length > VIRTUAL_FROM
            ? {
                maxHeight: 'max(24rem, calc(100vh - 16rem))',
                rowEstimate: CHANGE_ROW_ESTIMATE,
                measureRows: true,
              }
            : undefined
        }
        serverPagination={{
          pageIndex: values.page - 1,
          pageSize: values.pageSize,
          total,
          pageSizes: CHANGES_PAGE_SIZES,
          onPageChange: (pageIndex) => setValues({ page: pageIndex + 1 }),
          onPageSizeChange: (pageSize) => setValues({ pageSize, page: 1 }),
        }}
        csvExport={{
          fileName: scoped ? 'config-changes' : 'catalog-changes',
          getRows: () =>
            collectPages(
              (pageIndex, pageSize) => listCatalogChangesPage(client, params, pageIndex, pageSize),
              { pageSize: EXPORT_PAGE_SIZE },
            ),
        }}
      />

      {values.changeId ? (
        <ChangeDetailDialog
          changeId={values.changeId}
          initial={selectedChange}
          people={names}
          onClose={() => setValues({ changeId: '' })}
        />
      ) : null}
    </div>
  );
}
