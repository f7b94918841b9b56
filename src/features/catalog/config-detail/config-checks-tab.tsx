/**
 * The Checks tab: the health checks linked to the config (`check_summary_for_config`), each with
 * its status (shape and word), name (opening the check on the health page), type, last run,
 * uptime and p99 latency.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import { catalogConfigQueries, type ConfigCheck } from '../../../api/catalog-config';
import { formatDuration, formatUptime } from '../../../lib/duration';
import { formatRelative, formatTimestamp, isValidDate } from '../../../lib/time';
import { PlainTable, type PlainColumn } from '../../../ui/data-table/plain-table';
import { EmptyState } from '../../../ui/empty-state';
import { AlertCircleIcon, HealthIcon } from '../../../ui/icons';
import { StatusIcon } from '../../../ui/status-icon';

/** The health page opens a check's dialog from `?checkId=`. */
export function checkHref(id: string): string {
  return `/health?checkId=${encodeURIComponent(id)}`;
}

const columns: PlainColumn<ConfigCheck>[] = [
  {
    id: 'status',
    header: 'Status',
    width: 130,
    cell: (check) => (
      <StatusIcon
        status={check.status ?? 'unknown'}
        label={
          check.status ? check.status.charAt(0).toUpperCase() + check.status.slice(1) : 'Unknown'
        }
        showLabel
      />
    ),
  },
  {
    id: 'name',
    header: 'Name',
    cell: (check) => (
      <span className="flex min-w-0 flex-col">
        <Link href={checkHref(check.id)} className="truncate font-medium text-link hover:underline">
          {check.name}
        </Link>
        {check.description ? (
          <span className="truncate text-xs text-fg-muted">{check.description}</span>
        ) : null}
      </span>
    ),
  },
  { id: 'type', header: 'Type', width: 110, cell: (check) => check.type || '-' },
  {
    id: 'last_runtime',
    header: 'Last run',
    width: 140,
    cell: (check) =>
      isValidDate(check.last_runtime) ? (
        <time
          dateTime={check.last_runtime}
          title={formatTimestamp(check.last_runtime)}
          className="whitespace-nowrap text-fg-muted"
        >
          {formatRelative(check.last_runtime)}
        </time>
      ) : (
        <span className="text-fg-subtle">-</span>
      ),
  },
  {
    id: 'uptime',
    header: 'Uptime',
    width: 90,
    cell: (check) => (
      <span className="tabular-nums">{formatUptime(check.uptime ?? undefined)}</span>
    ),
  },
  {
    id: 'latency',
    header: 'Latency (p99)',
    width: 120,
    cell: (check) => <span className="tabular-nums">{formatDuration(check.latency?.p99)}</span>,
  },
];

export function ConfigChecksTab({ configId }: { configId: string }) {
  const client = useApiClient();
  const query = useQuery(catalogConfigQueries.checks(client, configId));
  if (query.isError) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(query.error)}
      />
    );
  }
  if (query.data && query.data.length === 0) {
    return (
      <EmptyState
        icon={<HealthIcon size={22} />}
        title="No checks"
        description="No health checks are linked to this config."
      />
    );
  }
  return (
    <PlainTable
      label="Checks"
      rows={query.data ?? []}
      columns={columns}
      getRowId={(check) => check.id}
      isLoading={query.isPending}
    />
  );
}
