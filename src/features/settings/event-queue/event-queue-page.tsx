/**
 * `/settings/event-queue-status` (spec doc 3 §2.8): one row per event queue with its pending and
 * failed counts, average attempts, first and last failure and the most common error.
 */
import { useEventQueues, type EventQueueSummary } from '../../../api/event-queue';
import { errorMessage } from '../../../api/client';
import { formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { DataTable, type ColumnDef } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon } from '../../../ui/icons';
import { usePageRefresh } from '../../../ui/page-refresh';
import { RelativeTime } from '../../../ui/relative-time';

function count(value: number | string | null): string {
  if (value === null || value === '') return '0';
  const number = Number(value);
  return Number.isFinite(number) ? number.toLocaleString() : String(value);
}

function TimeCell({ value }: { value: string | null }) {
  if (!value) return <span className="text-fg-muted">-</span>;
  return (
    <span title={formatTimestamp(value)}>
      <RelativeTime className="text-fg-muted" value={value} />
    </span>
  );
}

const columns: ColumnDef<EventQueueSummary>[] = [
  {
    id: 'name',
    header: 'Name',
    size: 240,
    cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
  },
  {
    id: 'pending',
    header: 'Pending',
    size: 100,
    cell: ({ row }) => <span className="tabular-nums">{count(row.original.pending)}</span>,
  },
  {
    id: 'failed',
    header: 'Failed',
    size: 100,
    cell: ({ row }) => {
      const failed = Number(row.original.failed ?? 0);
      return (
        <span className={failed > 0 ? 'font-medium text-unhealthy tabular-nums' : 'tabular-nums'}>
          {count(row.original.failed)}
        </span>
      );
    },
  },
  {
    id: 'average_attempts',
    header: 'Average Attempts',
    size: 150,
    cell: ({ row }) => (
      <span className="tabular-nums">
        {row.original.average_attempts === null
          ? '-'
          : Number(row.original.average_attempts).toFixed(2)}
      </span>
    ),
  },
  {
    id: 'first_failure',
    header: 'First Failure',
    size: 150,
    cell: ({ row }) => <TimeCell value={row.original.first_failure} />,
  },
  {
    id: 'last_failure',
    header: 'Last Failure',
    size: 150,
    cell: ({ row }) => <TimeCell value={row.original.last_failure} />,
  },
  {
    id: 'most_common_error',
    header: 'Most Common Error',
    meta: { fill: true },
    cell: ({ row }) =>
      row.original.most_common_error ? (
        <span
          className="line-clamp-2 break-words text-unhealthy"
          title={row.original.most_common_error}
        >
          {row.original.most_common_error}
        </span>
      ) : (
        <span className="text-fg-muted">-</span>
      ),
  },
];

export function EventQueuePage() {
  const list = useEventQueues();
  usePageRefresh(() => void list.refetch(), list.isFetching);
  if (list.isError && !list.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="The event queue could not be loaded"
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
    <DataTable<EventQueueSummary>
      label="Event queue"
      data={list.data ?? []}
      columns={columns}
      getRowId={(row) => row.name}
      isLoading={list.isPending}
      csvExport={{ fileName: 'event-queue' }}
    />
  );
}
