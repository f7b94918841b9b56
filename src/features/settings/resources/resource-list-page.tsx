/**
 * /settings/{table} (spec doc 3 §2.1): the breadcrumb header, 'Add {resource name}' for users with
 * write permission on the table, the page refresh, a name search, and the one data table with
 * server paging, sorting in the URL and CSV export — the spec's columns minus the table's hidden
 * ones, Job Status with 'View details', tags as the first label and '+N more', 'No resources
 * found' when empty. A row opens /settings/{table}/{id}.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  listSettingsResources,
  settingsResourceQueries,
  SETTINGS_PAGE_SIZE,
  SETTINGS_PAGE_SIZES,
  useSettingsResources,
  type SettingsResourceRow,
} from '../../../api/settings-resources';
import { collectPages } from '../../../lib/paging';
import {
  enumCodec,
  numberCodec,
  param,
  stringCodec,
  type Codec,
  type ParamValues,
} from '../../../lib/url-state';
import { useCan } from '../../../rbac/use-can';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { ScraperKindIcon, scraperKind } from '../../../entities/scraper-kind/scraper-kind';
import { DataTable, type ColumnDef, type SortingState } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FilterBar, SearchFilter } from '../../../ui/filter-bar';
import { lazyComponent } from '../../../ui/lazy-component';
import { AlertCircleIcon, PlusIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { useUrlState } from '../../../ui/use-url-state';
import { jobDetailsTabs } from '../jobs/job-details-tabs';
import type { JobHistoryRow } from '../../../api/job-history';
import {
  LIST_COLUMN_HEADERS,
  visibleColumns,
  type ListColumn,
  type ResourceDescription,
} from './resource-descriptions';
import { SettingsBreadcrumb } from './settings-breadcrumb';
import { jobStatusTone } from './job-status';
import { resourceIdOf, resourcePath } from './resource-paths';
import { tagsSummary } from './resource-tags';
import { RowLink } from '../../../ui/row-link';

// The add dialog (the resource editor, with the YAML package) loads when 'Add' is approached or
// pressed: the list's first load does not carry it (issue 18).
const ResourceAddDialog = lazyComponent(() =>
  import('./resource-add-dialog').then((m) => m.ResourceAddDialog),
);
// The last run's details dialog (code view, tabs) loads just after the table, not before it.
const JobDetailsDialog = lazyComponent(() =>
  import('../jobs/job-details-dialog').then((m) => m.JobDetailsDialog),
);

/** "Search debounce 300 ms for resource search" (spec doc 3 §9). */
export const RESOURCE_SEARCH_DEBOUNCE_MS = 300;
/** Rows exported at most. */
const EXPORT_MAX_ROWS = 10_000;

function oneOfNumbers(values: readonly number[]): Codec<number> {
  return {
    parse: (raw) => (raw.trim() !== '' && values.includes(Number(raw)) ? Number(raw) : undefined),
    serialize: (value) => String(value),
  };
}

function listSchema(description: ResourceDescription) {
  return {
    sortBy: param(enumCodec([...description.sortable, 'created_at'] as string[]), 'created_at'),
    sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
    page: param(numberCodec({ min: 0, max: 100_000, integer: true }), 0),
    pageSize: param(oneOfNumbers(SETTINGS_PAGE_SIZES), SETTINGS_PAGE_SIZE),
    search: param(stringCodec, ''),
  };
}

function dash() {
  return <span className="text-fg-subtle">-</span>;
}

function creatorName(row: SettingsResourceRow): string {
  const creator = row.created_by;
  if (creator && typeof creator === 'object') return creator.name ?? '';
  return '';
}

/** The list row's last job as the job history modal's row. */
function lastJob(row: SettingsResourceRow): JobHistoryRow {
  return {
    id: `${String(row.id ?? row.name)}-last-job`,
    name: row.job_name ?? null,
    resource_id: row.id ?? null,
    resource_type: null,
    resource_name: row.name,
    status: row.job_status ?? null,
    duration_millis: null,
    time_start: row.job_time_start ?? null,
    success_count: null,
    error_count: null,
    created_at: row.job_time_start ?? row.created_at ?? '',
    details: (row.job_details ?? null) as JobHistoryRow['details'],
  };
}

function columnsFor(
  description: ResourceDescription,
  onJobDetails: (row: SettingsResourceRow) => void,
): ColumnDef<SettingsResourceRow>[] {
  const sortable = new Set<string>(description.sortable);
  const defs: Record<ListColumn, ColumnDef<SettingsResourceRow>> = {
    name: {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      cell: ({ row }) => {
        const link = (
          <RowLink
            href={resourcePath(description, resourceIdOf(description, row.original))}
            className="font-medium text-fg hover:text-link hover:underline"
          >
            {row.original.name}
          </RowLink>
        );
        if (description.kindIcon !== 'scraper') return link;
        return (
          <span className="inline-flex min-w-0 items-center gap-2">
            <ScraperKindIcon
              kind={scraperKind(row.original.spec)}
              size={18}
              className="shrink-0 text-fg-muted"
            />
            {link}
          </span>
        );
      },
    },
    source: {
      id: 'source',
      header: 'Source',
      accessorFn: (row) => row.source ?? '',
      cell: ({ getValue }) => getValue<string>() || dash(),
    },
    schedule: {
      id: 'schedule',
      header: 'Schedule',
      accessorFn: (row) => row.schedule ?? '',
      cell: ({ getValue }) =>
        getValue<string>() ? <code className="text-xs">{getValue<string>()}</code> : dash(),
    },
    namespace: {
      id: 'namespace',
      header: 'Namespace',
      accessorFn: (row) => row.namespace ?? '',
      cell: ({ getValue }) => getValue<string>() || dash(),
    },
    job_status: {
      id: 'job_status',
      header: 'Job Status',
      accessorFn: (row) => row.job_status ?? '',
      cell: ({ row }) => {
        const status = row.original.job_status;
        if (!status) return dash();
        const hasDetails = jobDetailsTabs(row.original.job_details).length > 0;
        return (
          <span className="inline-flex items-center gap-2">
            <Badge tone={jobStatusTone(status)}>{status}</Badge>
            {hasDetails ? (
              <button
                type="button"
                className="text-xs text-link underline"
                onClick={() => onJobDetails(row.original)}
              >
                View details
              </button>
            ) : null}
          </span>
        );
      },
    },
    last_runtime: {
      id: 'last_runtime',
      header: 'Last Run',
      accessorFn: (row) => row.last_runtime ?? row.job_time_start ?? '',
      cell: ({ getValue }) =>
        getValue<string>() ? <RelativeTime value={getValue<string>()} /> : dash(),
    },
    job_last_failed: {
      id: 'job_last_failed',
      header: 'Last Failed',
      accessorFn: (row) => row.job_last_failed ?? '',
      cell: ({ getValue }) =>
        getValue<string>() ? <RelativeTime value={getValue<string>()} /> : dash(),
    },
    tags: {
      id: 'tags',
      header: 'Tags',
      accessorFn: (row) =>
        Object.entries(row.labels ?? {})
          .map(([key, value]) => `${key}=${value}`)
          .join(' '),
      cell: ({ row }) => {
        const tags = tagsSummary(row.original.labels);
        if (!tags) return dash();
        const all = Object.entries(row.original.labels ?? {})
          .map(([key, value]) => `${key}: ${value}`)
          .join(', ');
        return (
          <span className="inline-flex items-center gap-1" title={all}>
            <Badge>{tags.first}</Badge>
            {tags.more > 0 ? (
              <span className="text-xs text-fg-muted">+{tags.more} more</span>
            ) : null}
          </span>
        );
      },
    },
    created_at: {
      id: 'created_at',
      header: 'Created',
      accessorFn: (row) => row.created_at ?? '',
      cell: ({ getValue }) =>
        getValue<string>() ? <RelativeTime value={getValue<string>()} /> : dash(),
    },
    updated_at: {
      id: 'updated_at',
      header: 'Updated',
      accessorFn: (row) => row.updated_at ?? '',
      cell: ({ getValue }) =>
        getValue<string>() ? <RelativeTime value={getValue<string>()} /> : dash(),
    },
    created_by: {
      id: 'created_by',
      header: 'Created By',
      accessorFn: creatorName,
      cell: ({ getValue }) => getValue<string>() || dash(),
    },
  };
  return visibleColumns(description).map((column) => ({
    ...defs[column],
    header: LIST_COLUMN_HEADERS[column],
    enableSorting: sortable.has(column),
  }));
}

export function ResourceListPage({ description }: { description: ResourceDescription }) {
  const client = useApiClient();
  useEffect(() => {
    JobDetailsDialog.preload();
  }, []);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const schema = useMemo(() => listSchema(description), [description]);
  const listParams = (values: ParamValues<ReturnType<typeof listSchema>>) => ({
    table: description.table,
    pageIndex: values.page,
    pageSize: values.pageSize,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    search: values.search,
  });
  // A sort, page or search asks for its page at once, inside the event handler (the query would
  // otherwise start only after the page re-renders under the new URL); the previous rows stay on
  // screen, dimmed, until it answers.
  const [state, setState] = useUrlState(schema, {
    readAhead: (next) =>
      void queryClient.prefetchQuery(settingsResourceQueries.list(client, listParams(next))),
  });
  const canWrite = useCan(description.writeResource, 'write');
  const [adding, setAdding] = useState(false);
  const [jobRow, setJobRow] = useState<SettingsResourceRow | undefined>();
  const params = listParams(state);
  const list = useSettingsResources(params);
  usePageRefresh(() => void list.refetch(), list.isFetching);
  // The same columns on every render: the table's memoised rows are not drawn again (nor their
  // cells mounted again) when only the address changes.
  const columns = useMemo(() => columnsFor(description, setJobRow), [description]);
  const sorting: SortingState = [{ id: state.sortBy, desc: state.sortOrder === 'desc' }];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SettingsBreadcrumb items={[{ key: 'list', label: description.title }]} />
        {canWrite ? (
          <Button
            variant="primary"
            icon={<PlusIcon size={16} />}
            onPointerEnter={ResourceAddDialog.preload}
            onFocus={ResourceAddDialog.preload}
            onClick={() => setAdding(true)}
          >
            {`Add ${description.name}`}
          </Button>
        ) : null}
      </div>
      <FilterBar
        label={`${description.title} filters`}
        active={state.search !== ''}
        onClear={() => setState({ search: '', page: 0 })}
      >
        <SearchFilter
          label="Search by name"
          placeholder="Search by name"
          value={state.search}
          debounceMs={RESOURCE_SEARCH_DEBOUNCE_MS}
          onChange={(search) => setState({ search, page: 0 })}
        />
      </FilterBar>
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Something went wrong"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable
          label={description.title}
          data={list.data?.rows ?? []}
          columns={columns}
          getRowId={(row) => resourceIdOf(description, row)}
          isLoading={list.isPending}
          isPlaceholder={list.isPlaceholderData}
          emptyMessage="No resources found"
          sorting={sorting}
          onSortingChange={(next) => {
            const first = next[0];
            setState({
              sortBy: first?.id ?? 'created_at',
              sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
              page: 0,
            });
          }}
          onRowClick={(row) =>
            navigate(resourcePath(description, resourceIdOf(description, row.original)))
          }
          serverPagination={{
            pageIndex: state.page,
            pageSize: state.pageSize,
            total: list.data?.total,
            pageSizes: SETTINGS_PAGE_SIZES,
            onPageChange: (page) => setState({ page }),
            onPageSizeChange: (pageSize) => setState({ pageSize, page: 0 }),
          }}
          csvExport={{
            fileName: description.table,
            getRows: () =>
              collectPages(
                (pageIndex, pageSize) =>
                  listSettingsResources(client, { ...params, pageIndex, pageSize }),
                { pageSize: 500, maxRows: EXPORT_MAX_ROWS },
              ),
          }}
        />
      )}
      {adding ? (
        <ResourceAddDialog
          description={description}
          onClose={() => setAdding(false)}
          onCreated={() => setAdding(false)}
        />
      ) : null}
      {jobRow ? (
        <JobDetailsDialog job={lastJob(jobRow)} onClose={() => setJobRow(undefined)} />
      ) : null}
    </div>
  );
}
