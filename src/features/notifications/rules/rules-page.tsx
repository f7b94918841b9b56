/**
 * `/notifications/rules` (spec doc 3 §2.9): the rules table with every column of the spec —
 * Events, Name (with an error icon and its detail), Filter, Pending, Failed (opens the most
 * common error), Sent, Avg Duration, Repeat Interval, Wait For, Created At, Updated At, Created
 * By — paged and sorted by the server, all in the URL. A row opens the edit modal through
 * `?id={notification_id}` (so a rule is linkable); Add Rule needs write on notifications.
 */
import { useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import {
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_PAGE_SIZES,
  RULE_SORT_COLUMNS,
  listRules,
  useRule,
  useRules,
  type NotificationRuleSummary,
  type PageParams,
  type RuleSortColumn,
} from '../../../api/notifications';
import { formatNanos, normalizeDurationText } from '../../../api/notifications-duration';
import { formatDuration } from '../../../lib/duration';
import { collectPages } from '../../../lib/paging';
import { enumCodec, numberCodec, param, stringCodec } from '../../../lib/url-state';
import { useCan } from '../../../rbac/use-can';
import { Avatar } from '../../../ui/avatar';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, PlusIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { Dialog } from '../../../ui/dialog';
import { RelativeTime } from '../../../ui/relative-time';
import { Spinner } from '../../../ui/spinner';
import { useUrlState } from '../../../ui/use-url-state';
import { RuleFormDialog } from './rule-form-dialog';
import { NotificationsFrame } from '../notifications-page';

export const rulesUrlSchema = {
  sortBy: param(enumCodec(RULE_SORT_COLUMNS), 'created_at' as RuleSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), NOTIFICATION_PAGE_SIZE),
  /** The rule whose edit modal is open. */
  id: param(stringCodec, ''),
};

/** At most this many event chips, then '+N more'. */
const EVENT_CHIPS = 1;

/** The text a Name error icon or a Failed count opens. */
interface ErrorDetail {
  title: string;
  text: string;
}

const detailButtonClass =
  'rounded focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

function FailedCell({
  rule,
  onShow,
}: {
  rule: NotificationRuleSummary;
  onShow: (detail: ErrorDetail) => void;
}) {
  const failed = Number(rule.failed ?? 0);
  const error = rule.most_common_error;
  if (failed === 0 || !error) return <span className="tabular-nums">{failed}</span>;
  return (
    <button
      type="button"
      className={`${detailButtonClass} px-1 font-medium text-unhealthy tabular-nums underline decoration-dotted underline-offset-4 hover:bg-unhealthy-soft`}
      aria-label={`${failed} failed: show the most common error of ${rule.name}`}
      title="Show the most common error"
      onClick={() => onShow({ title: `Most common error · ${rule.name}`, text: error })}
    >
      {failed}
    </button>
  );
}

function Events({ events }: { events: readonly string[] | null }) {
  const list = events ?? [];
  const rest = list.length - EVENT_CHIPS;
  return (
    <span className="flex items-center gap-1 whitespace-nowrap" title={list.join(', ')}>
      {list.slice(0, EVENT_CHIPS).map((event) => (
        <Badge key={event} tone="neutral" className="font-mono">
          {event}
        </Badge>
      ))}
      {rest > 0 ? <span className="text-xs text-fg-muted">+{rest} more</span> : null}
    </span>
  );
}

function columns(
  onOpen: (id: string) => void,
  onShow: (detail: ErrorDetail) => void,
): ColumnDef<NotificationRuleSummary>[] {
  const count = (id: 'pending' | 'sent', header: string): ColumnDef<NotificationRuleSummary> => ({
    id,
    header,
    accessorFn: (row) => Number(row[id] ?? 0),
    enableSorting: true,
    size: 80,
    cell: ({ row }) => <span className="tabular-nums">{Number(row.original[id] ?? 0)}</span>,
  });
  return [
    {
      id: 'events',
      header: 'Events',
      accessorFn: (row) => (row.events ?? []).join(' '),
      enableSorting: true,
      size: 200,
      cell: ({ row }) => <Events events={row.original.events} />,
    },
    {
      id: 'name',
      header: 'Name',
      accessorFn: (row) => row.name,
      enableSorting: true,
      sortDescFirst: false,
      size: 190,
      meta: { csv: (row) => row.name },
      cell: ({ row }) => (
        <span className="inline-flex min-w-0 items-center gap-1.5">
          <button
            type="button"
            className="truncate rounded text-left font-medium text-link hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            onClick={() => onOpen(row.original.id)}
          >
            {row.original.name}
          </button>
          {row.original.error ? (
            <button
              type="button"
              className={`${detailButtonClass} inline-flex p-0.5 text-unhealthy hover:bg-unhealthy-soft`}
              aria-label={`${row.original.name} has an error: show it`}
              title="Show the error"
              onClick={() =>
                onShow({ title: `Error · ${row.original.name}`, text: row.original.error ?? '' })
              }
            >
              <AlertCircleIcon size={15} />
            </button>
          ) : null}
        </span>
      ),
    },
    {
      id: 'filter',
      header: 'Filter',
      accessorFn: (row) => row.filter ?? '',
      enableSorting: true,
      sortDescFirst: false,
      size: 200,
      cell: ({ row }) =>
        row.original.filter ? (
          <code className="block max-w-52 truncate font-mono text-xs" title={row.original.filter}>
            {row.original.filter}
          </code>
        ) : (
          <span className="text-fg-subtle">-</span>
        ),
    },
    count('pending', 'Pending'),
    {
      id: 'failed',
      header: 'Failed',
      accessorFn: (row) => Number(row.failed ?? 0),
      enableSorting: true,
      size: 80,
      cell: ({ row }) => <FailedCell rule={row.original} onShow={onShow} />,
    },
    count('sent', 'Sent'),
    {
      id: 'avg_duration_ms',
      header: 'Avg Duration',
      accessorFn: (row) => row.avg_duration_ms,
      enableSorting: true,
      size: 110,
      cell: ({ row }) => (
        <span className="tabular-nums">
          {formatDuration(
            row.original.avg_duration_ms === null ? null : Number(row.original.avg_duration_ms),
          )}
        </span>
      ),
    },
    {
      id: 'repeat_interval',
      header: 'Repeat Interval',
      accessorFn: (row) => normalizeDurationText(row.repeat_interval),
      enableSorting: true,
      size: 120,
      cell: ({ row }) => normalizeDurationText(row.original.repeat_interval) || '-',
    },
    {
      id: 'wait_for',
      header: 'Wait For',
      accessorFn: (row) => formatNanos(row.wait_for),
      enableSorting: true,
      size: 90,
      cell: ({ row }) => formatNanos(row.original.wait_for) || '-',
    },
    {
      id: 'created_at',
      header: 'Created At',
      accessorFn: (row) => row.created_at,
      enableSorting: true,
      size: 110,
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.created_at} />,
    },
    {
      id: 'updated_at',
      header: 'Updated At',
      accessorFn: (row) => row.updated_at,
      enableSorting: true,
      size: 110,
      cell: ({ row }) => <RelativeTime className="text-fg-muted" value={row.original.updated_at} />,
    },
    {
      id: 'created_by',
      header: 'Created By',
      accessorFn: (row) => row.created_by?.name ?? '',
      enableSorting: false,
      size: 150,
      cell: ({ row }) => {
        const person = row.original.created_by;
        return person ? (
          <span className="inline-flex min-w-0 items-center gap-2">
            <Avatar name={person.name} src={person.avatar ?? undefined} size="sm" />
            <span className="truncate">{person.name}</span>
          </span>
        ) : (
          <span className="text-fg-subtle">-</span>
        );
      },
    },
  ];
}

/** The edit modal of `?id=`: the rule is read by id, so the link works on its own. */
function RuleEditor({
  id,
  canWrite,
  onClose,
}: {
  id: string;
  canWrite: boolean;
  onClose: () => void;
}) {
  const rule = useRule(id);
  if (rule.isPending) {
    return (
      <div className="fixed inset-0 z-40 flex items-center justify-center bg-overlay">
        <Spinner label="Loading rule" />
      </div>
    );
  }
  if (!rule.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Notification rule not found"
        description={rule.isError ? errorMessage(rule.error) : 'No resources found'}
        actions={<Button onClick={onClose}>Back to rules</Button>}
      />
    );
  }
  return (
    <RuleFormDialog key={rule.data.id} rule={rule.data} canWrite={canWrite} onClose={onClose} />
  );
}

export function RulesPage() {
  const client = useApiClient();
  const [state, setState] = useUrlState(rulesUrlSchema);
  const [adding, setAdding] = useState(false);
  const [detail, setDetail] = useState<ErrorDetail>();
  const canWrite = useCan('notifications', 'write');
  const params: PageParams<RuleSortColumn> = {
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
  const list = useRules(params);
  usePageRefresh(() => void list.refetch(), list.isFetching);
  const open = (id: string) => setState({ id }, { replace: false });
  const total = list.data?.total;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite">
          {list.isPending
            ? 'Loading rules…'
            : `${total ?? list.data?.rows.length ?? 0} ${total === 1 ? 'rule' : 'rules'}`}
        </p>
        {canWrite ? (
          <Button variant="primary" icon={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
            Add Rule
          </Button>
        ) : null}
      </div>
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Notification rules could not be loaded"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable<NotificationRuleSummary>
          label="Notification rules"
          data={list.data?.rows ?? []}
          columns={columns(open, setDetail)}
          getRowId={(row) => row.id}
          isLoading={list.isPending}
          emptyMessage="No resources found"
          onRowClick={(row) => open(row.original.id)}
          sorting={[{ id: state.sortBy, desc: state.sortOrder === 'desc' }]}
          onSortingChange={(next) => {
            const first = next[0];
            setState({
              sortBy: (first?.id as RuleSortColumn | undefined) ?? 'created_at',
              sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
              pageIndex: 0,
            });
          }}
          serverPagination={{
            pageIndex: state.pageIndex,
            pageSize: state.pageSize,
            total,
            pageSizes: NOTIFICATION_PAGE_SIZES,
            onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
            onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
          }}
          csvExport={{
            fileName: 'notification-rules',
            getRows: () =>
              collectPages((pageIndex, pageSize) =>
                listRules(client, { ...params, pageIndex, pageSize }),
              ),
          }}
        />
      )}
      {detail ? (
        <Dialog
          open
          onClose={() => setDetail(undefined)}
          title={detail.title}
          footer={<Button onClick={() => setDetail(undefined)}>Close</Button>}
        >
          <pre className="max-h-[50vh] overflow-auto rounded-md border border-border bg-surface-sunken p-3 text-sm break-words whitespace-pre-wrap text-unhealthy">
            {detail.text}
          </pre>
        </Dialog>
      ) : null}
      {adding ? <RuleFormDialog canWrite={canWrite} onClose={() => setAdding(false)} /> : null}
      {state.id ? (
        <RuleEditor id={state.id} canWrite={canWrite} onClose={() => setState({ id: '' })} />
      ) : null}
    </div>
  );
}

/** `/notifications/rules` in the route table: the area's tabs and this tab. */
export function RulesRoute() {
  return (
    <NotificationsFrame>
      <RulesPage />
    </NotificationsFrame>
  );
}
