/**
 * `/notifications` (spec doc 3 §2.9): the send history — Status and Resource Type filters
 * (include/exclude, in the URL) over the shared data table, paged by the server, newest first.
 * A row (or its event link) opens the detail dialog through `?id=`.
 */
import { Link } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  NOTIFICATION_PAGE_SIZES,
  SEND_RESOURCE_TYPES,
  SEND_RESOURCE_TYPE_LABELS,
  SEND_STATUS_FILTER,
  SEND_STATUS_LABELS,
  listSendHistory,
  useRuleNames,
  useSendHistory,
  type SendHistoryParams,
  type SendHistoryRow,
} from '../../../api/notifications';
import { usePeople } from '../../../api/teams';
import { formatDuration } from '../../../lib/duration';
import { collectPages } from '../../../lib/paging';
import { formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { FilterBar, TriStateFilter } from '../../../ui/filter-bar';
import { AlertCircleIcon } from '../../../ui/icons';
import { lazyComponent } from '../../../ui/lazy-component';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';
import { useUrlState } from '../../../ui/use-url-state';
import { notificationPaths } from '../notification-paths';
import { sendHistorySchema } from './send-history-params';
import { SendStatus, sendStatusLabel } from './send-status';
import { NotificationsFrame } from '../notifications-page';

// A send's details (with the code view of its body) load when a row is opened.
const SendHistoryDialog = lazyComponent(() =>
  import('./send-history-dialog').then((m) => m.SendHistoryDialog),
);

const linkClass =
  'truncate rounded text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

interface Lookups {
  ruleName: (id: string) => string;
  personName: (id: string | null) => string | undefined;
  onOpen: (id: string) => void;
}

function columns({ ruleName, personName, onOpen }: Lookups): ColumnDef<SendHistoryRow>[] {
  return [
    {
      id: 'created_at',
      header: 'Age',
      accessorFn: (row) => row.created_at,
      size: 110,
      cell: ({ row }) => (
        <span title={formatTimestamp(row.original.created_at)}>
          <RelativeTime className="text-fg-muted" value={row.original.created_at} />
        </span>
      ),
    },
    {
      id: 'source_event',
      header: 'Event',
      accessorFn: (row) => row.source_event,
      size: 170,
      cell: ({ row }) => (
        <button
          type="button"
          className={`${linkClass} max-w-full text-left font-mono text-xs`}
          onClick={() => onOpen(row.original.id)}
          aria-label={`${row.original.source_event} details`}
        >
          {row.original.source_event}
        </button>
      ),
    },
    {
      id: 'resource',
      header: 'Resource',
      accessorFn: (row) => row.resource?.name ?? row.resource_id,
      size: 240,
      cell: ({ row }) => {
        const send = row.original;
        return (
          <span className="flex min-w-0 flex-col">
            <span className="max-w-64 truncate font-medium">
              {send.resource?.name ?? send.resource_id}
            </span>
            <span className="truncate text-xs text-fg-muted">
              {SEND_RESOURCE_TYPE_LABELS[send.resource_type] ?? send.resource_type}
              {send.resource?.type ? ` · ${send.resource.type}` : ''}
            </span>
          </span>
        );
      },
    },
    {
      id: 'notification_id',
      header: 'Rule',
      accessorFn: (row) => ruleName(row.notification_id),
      size: 170,
      cell: ({ row }) => (
        <Link href={notificationPaths.rules(row.original.notification_id)} className={linkClass}>
          {ruleName(row.original.notification_id)}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      accessorFn: (row) => row.status,
      size: 120,
      meta: { csv: (row) => sendStatusLabel(row.status) },
      cell: ({ row }) => <SendStatus status={row.original.status} />,
    },
    {
      id: 'count',
      header: 'Count',
      accessorFn: (row) => row.count,
      size: 70,
      cell: ({ row }) => <span className="tabular-nums">{row.original.count}</span>,
    },
    {
      id: 'person_id',
      header: 'Recipient',
      accessorFn: (row) => personName(row.person_id) ?? '',
      size: 140,
      cell: ({ row }) => (
        <span className="truncate">
          {personName(row.original.person_id) ?? <span className="text-fg-subtle">-</span>}
        </span>
      ),
    },
    {
      id: 'duration_millis',
      header: 'Duration',
      accessorFn: (row) => row.duration_millis,
      size: 90,
      cell: ({ row }) => (
        <span className="tabular-nums">{formatDuration(row.original.duration_millis)}</span>
      ),
    },
    {
      id: 'error',
      header: 'Error',
      accessorFn: (row) => row.error ?? '',
      cell: ({ row }) =>
        row.original.error ? (
          <span className="block max-w-56 truncate text-unhealthy" title={row.original.error}>
            {row.original.error}
          </span>
        ) : (
          <span className="text-fg-subtle">-</span>
        ),
    },
  ];
}

export function SendHistoryPage() {
  const client = useApiClient();
  const [state, setState] = useUrlState(sendHistorySchema);
  const params: SendHistoryParams = {
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    statuses: state.status,
    resourceTypes: state.resourceType,
  };
  const list = useSendHistory(params);
  const rules = useRuleNames();
  const people = usePeople();
  usePageRefresh(() => {
    void list.refetch();
    void rules.refetch();
  }, list.isFetching);

  const personNames = new Map((people.data ?? []).map((person) => [person.id, person.name]));
  const lookups: Lookups = {
    ruleName: (id) => rules.data?.get(id) ?? id,
    personName: (id) => (id ? (personNames.get(id) ?? id) : undefined),
    onOpen: (id) => setState({ id }, { replace: false }),
  };
  const filtersActive =
    Object.keys(state.status).length > 0 || Object.keys(state.resourceType).length > 0;
  const firstPage = (patch: Parameters<typeof setState>[0]) => setState({ ...patch, pageIndex: 0 });

  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        label="Notification filters"
        active={filtersActive}
        onClear={() => firstPage({ status: {}, resourceType: {} })}
      >
        <TriStateFilter
          label="Status"
          options={SEND_STATUS_FILTER.map((status) => ({
            id: status,
            label: SEND_STATUS_LABELS[status] ?? status,
          }))}
          value={state.status}
          onChange={(value) => firstPage({ status: value })}
        />
        <TriStateFilter
          label="Resource Type"
          options={SEND_RESOURCE_TYPES.map((type) => ({
            id: type,
            label: SEND_RESOURCE_TYPE_LABELS[type] ?? type,
          }))}
          value={state.resourceType}
          onChange={(value) => firstPage({ resourceType: value })}
        />
      </FilterBar>
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Notifications could not be loaded"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable<SendHistoryRow>
          label="Notification send history"
          data={list.data?.rows ?? []}
          columns={columns(lookups)}
          getRowId={(row) => row.id}
          isLoading={list.isPending}
          onRowClick={(row) => lookups.onOpen(row.original.id)}
          serverPagination={{
            pageIndex: state.pageIndex,
            pageSize: state.pageSize,
            total: list.data?.total,
            pageSizes: NOTIFICATION_PAGE_SIZES,
            onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
            onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
          }}
          csvExport={{
            fileName: 'notifications',
            getRows: () =>
              collectPages((pageIndex, pageSize) =>
                listSendHistory(client, { ...params, pageIndex, pageSize }),
              ),
          }}
        />
      )}
      {state.id ? (
        <SendHistoryDialog
          id={state.id}
          ruleNames={rules.data}
          personName={lookups.personName}
          onClose={() => setState({ id: '' })}
        />
      ) : null}
    </div>
  );
}

/** `/notifications` in the route table: the area's tabs and this tab. */
export function SendHistoryRoute() {
  return (
    <NotificationsFrame>
      <SendHistoryPage />
    </NotificationsFrame>
  );
}
