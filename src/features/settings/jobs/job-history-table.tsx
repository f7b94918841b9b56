/**
 * The job history (spec doc 3 §2.7, §9): a filter bar (job name, resource type, status with the
 * include/exclude encoding, run duration, time range) over the shared data table, paged by the
 * server (150 rows; 50 inside a resource's Job History tab), sorted by the server, all in the
 * URL. A row with errors or summaries opens the details modal; one without does not.
 *
 * Mounted by /settings/jobs and, scoped to one resource (`resourceId`, `resourceType`), by the
 * Job History tab of the settings resource pages.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  JOB_HISTORY_PAGE_SIZE,
  JOB_HISTORY_PAGE_SIZES,
  JOB_RESOURCE_TYPES,
  JOB_RESOURCE_TYPE_OF_TABLE,
  JOB_STATUS_FILTER_OPTIONS,
  jobHistoryQueries,
  RESOURCE_JOB_HISTORY_PAGE_SIZE,
  useJobHistory,
  useJobNames,
  type JobHistoryParams,
  type JobHistoryRow,
  type JobSortColumn,
} from '../../../api/job-history';
import { formatTimestamp } from '../../../lib/time';
import type { ParamValues } from '../../../lib/url-state';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FilterBar, SelectFilter, TriStateFilter } from '../../../ui/filter-bar';
import { AlertCircleIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { lazyComponent } from '../../../ui/lazy-component';
import { resolveTimeRange, TimeRangePicker } from '../../../ui/time-range';
import { useUrlState } from '../../../ui/use-url-state';
import { jobDetailsTabs } from './job-details-tabs';
import { JOB_DURATION_OPTIONS, formatRunDuration, jobHistorySchema } from './job-history-params';
import { jobAgentHref, jobResourceHref } from './job-links';
import { RowLink } from '../../../ui/row-link';

// A run's details (with the code view of its errors) load beside the table once it has rows, so
// a click opens them at once without weighing on the page's first load.
const JobDetailsDialog = lazyComponent(() =>
  import('./job-details-dialog').then((m) => m.JobDetailsDialog),
);

/** Job status colours (spec doc 3 §4): running yellow, success green, warning orange, failed red. */
const STATUS_TONES: Record<string, BadgeTone> = {
  RUNNING: 'warning',
  SUCCESS: 'healthy',
  WARNING: 'warning',
  FAILED: 'unhealthy',
  STOPPED: 'unhealthy',
};

const RESOURCE_TYPE_LABELS: Record<string, string> = {
  canary: 'Health Check',
  topology: 'Topology',
  config_scraper: 'Catalog Scraper',
  team: 'Team',
  incident_rule: 'Incident Rule',
  playbook: 'Playbook',
  config: 'Config',
};

const pageSchema = jobHistorySchema(JOB_HISTORY_PAGE_SIZE);
const scopedSchema = jobHistorySchema(RESOURCE_JOB_HISTORY_PAGE_SIZE);

function resourceTypeLabel(type: string | null): string {
  if (!type) return '-';
  return RESOURCE_TYPE_LABELS[type] ?? type;
}

const linkClass =
  'truncate rounded text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

function columns(
  onOpen: (job: JobHistoryRow) => void,
  scoped: boolean,
): ColumnDef<JobHistoryRow>[] {
  const all: (ColumnDef<JobHistoryRow> | false)[] = [
    {
      id: 'name',
      header: 'Job Name',
      accessorFn: (job) => job.name,
      enableSorting: true,
      sortDescFirst: false,
      size: 190,
      cell: ({ row }) => {
        const job = row.original;
        return jobDetailsTabs(job.details).length > 0 ? (
          <button
            type="button"
            className={`${linkClass} max-w-full text-left font-medium`}
            onClick={() => onOpen(job)}
            aria-label={`${job.name ?? 'Job'} details`}
          >
            {job.name ?? '-'}
          </button>
        ) : (
          <span className="font-medium">{job.name ?? '-'}</span>
        );
      },
    },
    !scoped && {
      id: 'resource_name',
      header: 'Resource',
      accessorFn: (job) => job.resource_name,
      enableSorting: true,
      sortDescFirst: false,
      size: 200,
      cell: ({ row }) => {
        const job = row.original;
        const href = jobResourceHref(job.resource_type, job.resource_id);
        const text = job.resource_name ?? job.resource_id ?? '-';
        return href ? (
          <RowLink href={href} className={linkClass}>
            {text}
          </RowLink>
        ) : (
          <span className="truncate">{text}</span>
        );
      },
    },
    !scoped && {
      id: 'resource_type',
      header: 'Resource Type',
      accessorFn: (job) => job.resource_type,
      enableSorting: true,
      sortDescFirst: false,
      size: 135,
      cell: ({ row }) => (
        <span className="text-fg-muted">{resourceTypeLabel(row.original.resource_type)}</span>
      ),
    },
    {
      id: 'agent',
      header: 'Agent',
      enableSorting: false,
      size: 100,
      cell: ({ row }) => {
        const agent = row.original.agent;
        const href = jobAgentHref(agent?.id ?? row.original.agent_id);
        const text = agent?.name ?? 'local';
        return href ? (
          <RowLink href={href} className={linkClass}>
            {text}
          </RowLink>
        ) : (
          <span className="text-fg-muted">{text}</span>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (job) => job.status,
      enableSorting: true,
      size: 110,
      cell: ({ row }) => {
        const status = row.original.status ?? 'UNKNOWN';
        return <Badge tone={STATUS_TONES[status] ?? 'unknown'}>{status}</Badge>;
      },
    },
    {
      id: 'duration_millis',
      header: 'Duration',
      accessorFn: (job) => job.duration_millis,
      enableSorting: true,
      size: 95,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatRunDuration(row.original.duration_millis)}</span>
      ),
    },
    {
      id: 'success_count',
      header: 'Success',
      accessorFn: (job) => job.success_count,
      enableSorting: true,
      size: 85,
      cell: ({ row }) => <span className="tabular-nums">{row.original.success_count ?? 0}</span>,
    },
    {
      id: 'error_count',
      header: 'Errors',
      accessorFn: (job) => job.error_count,
      enableSorting: true,
      size: 80,
      cell: ({ row }) => {
        const count = row.original.error_count ?? 0;
        return (
          <span className={count > 0 ? 'font-medium text-unhealthy tabular-nums' : 'tabular-nums'}>
            {count}
          </span>
        );
      },
    },
    {
      id: 'time_start',
      header: 'Started',
      accessorFn: (job) => job.time_start,
      enableSorting: true,
      size: 130,
      cell: ({ row }) => (
        <span title={formatTimestamp(row.original.time_start ?? row.original.created_at)}>
          <RelativeTime
            className="text-fg-muted"
            value={row.original.time_start ?? row.original.created_at}
          />
        </span>
      ),
    },
  ];
  return all.filter((column): column is ColumnDef<JobHistoryRow> => column !== false);
}

/** The request's parameters for the values in the URL, the time range resolved at `now`. */
function jobParams(
  values: ParamValues<typeof pageSchema>,
  now: number,
  scope: { resourceId?: string; scopeType?: string },
): JobHistoryParams {
  const range = resolveTimeRange(values.range, { now });
  return {
    pageIndex: values.pageIndex,
    pageSize: values.pageSize,
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
    names: values.name,
    resourceTypes: scope.scopeType ? { [scope.scopeType]: 1 as const } : values.resourceType,
    statuses: values.status,
    minDurationMs: values.duration,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    ...(scope.resourceId ? { resourceId: scope.resourceId } : {}),
  };
}

export interface JobHistoryTableProps {
  /** Only this resource's jobs (a resource's Job History tab). */
  resourceId?: string;
  /** The resource's job type (`canary`) or settings table (`canaries`); fixes the type filter. */
  resourceType?: string;
}

export function JobHistoryTable({ resourceId, resourceType }: JobHistoryTableProps) {
  const scoped = Boolean(resourceId);
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<JobHistoryRow | undefined>();
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  // The time `firstPage` resolves the range at, while it writes the URL (the render has not).
  const resolving = useRef<number | undefined>(undefined);
  const scopeType = resourceType
    ? (JOB_RESOURCE_TYPE_OF_TABLE[resourceType] ?? resourceType)
    : undefined;
  // A filter, sort or page change asks for its page at once, inside the event handler (the query
  // would otherwise start only after the page re-renders under the new URL); the previous rows
  // stay on screen, dimmed, until it answers.
  const [state, setState] = useUrlState(scoped ? scopedSchema : pageSchema, {
    readAhead: (next) =>
      void queryClient.prefetchQuery(
        jobHistoryQueries.list(
          client,
          jobParams(next, resolving.current ?? resolvedAt, { resourceId, scopeType }),
        ),
      ),
  });

  // The range is resolved when it changes or on refresh, not on every render.
  const params = useMemo(
    () => jobParams(state, resolvedAt, { resourceId, scopeType }),
    [state, resolvedAt, resourceId, scopeType],
  );
  const list = useJobHistory(params);
  // The same columns on every render: the table's memoised rows are not drawn again (nor their
  // cells mounted again) when only the address changes.
  const tableColumns = useMemo(() => columns(setOpen, scoped), [scoped]);
  const names = useJobNames();
  const hasRows = (list.data?.rows.length ?? 0) > 0;
  useEffect(() => {
    if (hasRows) JobDetailsDialog.preload();
  }, [hasRows]);
  usePageRefresh(() => {
    setResolvedAt(Date.now());
    void list.refetch();
    void names.refetch();
  }, list.isFetching);

  const filtersActive =
    Object.keys(state.name).length > 0 ||
    Object.keys(state.resourceType).length > 0 ||
    JSON.stringify(state.status) !== JSON.stringify(pageSchema.status.defaultValue) ||
    state.duration > 0;

  const total = list.data?.total;
  const firstPage = (patch: Parameters<typeof setState>[0]) => {
    const now = Date.now();
    resolving.current = now;
    setResolvedAt(now);
    setState({ ...patch, pageIndex: 0 });
    resolving.current = undefined;
  };

  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        label="Job history filters"
        active={filtersActive}
        onClear={() =>
          firstPage({
            name: {},
            resourceType: {},
            status: pageSchema.status.defaultValue,
            duration: 0,
          })
        }
        actions={
          <TimeRangePicker
            value={state.range}
            onChange={(value) => firstPage({ range: value })}
            allowFuture={false}
          />
        }
      >
        <TriStateFilter
          label="Job Name"
          options={(names.data ?? []).map((name) => ({ id: name, label: name }))}
          value={state.name}
          isLoading={names.isPending}
          onChange={(value) => firstPage({ name: value })}
        />
        {scopeType ? null : (
          <TriStateFilter
            label="Resource Type"
            options={JOB_RESOURCE_TYPES.map((type) => ({
              id: type,
              label: resourceTypeLabel(type),
            }))}
            value={state.resourceType}
            onChange={(value) => firstPage({ resourceType: value })}
          />
        )}
        <TriStateFilter
          label="Status"
          options={JOB_STATUS_FILTER_OPTIONS}
          value={state.status}
          onChange={(value) => firstPage({ status: value })}
        />
        <SelectFilter
          label="Run Duration"
          allLabel="Any"
          value={state.duration > 0 ? String(state.duration) : ''}
          options={JOB_DURATION_OPTIONS}
          onChange={(value) => firstPage({ duration: value ? Number(value) : 0 })}
        />
      </FilterBar>

      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Job history could not be loaded"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable<JobHistoryRow>
          label="Job history"
          data={list.data?.rows ?? []}
          columns={tableColumns}
          getRowId={(job) => job.id}
          isLoading={list.isPending}
          isPlaceholder={list.isPlaceholderData}
          sorting={[{ id: state.sortBy, desc: state.sortOrder === 'desc' }]}
          onSortingChange={(next) => {
            const first = next[0];
            firstPage({
              sortBy: (first?.id as JobSortColumn | undefined) ?? 'created_at',
              sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
            });
          }}
          onRowClick={(row) => {
            if (jobDetailsTabs(row.original.details).length > 0) setOpen(row.original);
          }}
          rowClassName={(row) =>
            jobDetailsTabs(row.original.details).length > 0 ? 'cursor-pointer' : undefined
          }
          serverPagination={{
            pageIndex: state.pageIndex,
            pageSize: state.pageSize,
            total,
            pageSizes: JOB_HISTORY_PAGE_SIZES,
            onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
            onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
          }}
        />
      )}
      {open ? <JobDetailsDialog job={open} onClose={() => setOpen(undefined)} /> : null}
    </div>
  );
}
