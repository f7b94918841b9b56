/**
 * The health table: group rows (health, passed/total) with their checks as sub-rows, or a flat
 * list for `no-group`. Columns Name, Health (uptime), Latency and Last run.
 */
import { useMemo, type ReactNode } from 'react';
import type { CheckSummary } from '../../api/types';
import { formatDuration, formatPercent, formatUptime, uptimePercent } from '../../lib/duration';
import { formatRelative, formatTimestamp, millisSince } from '../../lib/time';
import { Badge } from '../../ui/badge';
import { DataTable, type ColumnDef, type SortingState } from '../../ui/data-table';
import { ChevronRightIcon, ClockIcon } from '../../ui/icons';
import { StatusIcon } from '../../ui/status-icon';
import { cx } from '../../lib/class-names';
import { checkTitle, displayLatency, type CheckGroup, type SortBy } from './health-pipeline';

export type HealthRow =
  | { kind: 'group'; id: string; group: CheckGroup; children: HealthRow[] }
  | { kind: 'check'; id: string; check: CheckSummary; title: string };

/** Rows for the table: groups with sub-rows, or checks. */
export function toHealthRows(groups: CheckGroup[] | null, checks: CheckSummary[]): HealthRow[] {
  if (!groups) {
    return checks.map((check) => ({
      kind: 'check',
      id: check.id,
      check,
      title: checkTitle(check),
    }));
  }
  return groups.map((group) => ({
    kind: 'group',
    id: `group:${group.key}`,
    group,
    children: group.members.map(({ check, title }) => ({
      kind: 'check' as const,
      id: `${group.key}:${check.id}`,
      check,
      title,
    })),
  }));
}

const ONE_HOUR_MS = 3_600_000;

/** Last run: an age badge only when the last run is more than one hour ago (spec §2). */
export function LastRunCell({ value }: { value: string | undefined }) {
  const age = millisSince(value);
  if (age === undefined) return <span className="text-fg-subtle">-</span>;
  const stamp = formatTimestamp(value);
  if (age > ONE_HOUR_MS) {
    return (
      <Badge tone="warning" title={stamp}>
        <ClockIcon size={12} />
        {formatRelative(value)}
        <span className="sr-only">(last run {stamp})</span>
      </Badge>
    );
  }
  return (
    <time dateTime={value} title={stamp} className="text-fg-muted">
      {formatRelative(value)}
    </time>
  );
}

function groupStatus(group: CheckGroup): string {
  if (group.good) return 'good';
  return group.mixed ? 'mixed' : 'unhealthy';
}

interface CheckLinks {
  checkHref: (id: string) => string;
  onOpenCheck: (id: string) => void;
}

/** A check's title as a link to its dialog: the row's keyboard equivalent of clicking it. */
function CheckLink({
  id,
  title,
  name,
  links,
}: {
  id: string;
  title: string;
  name: string;
  links: CheckLinks;
}) {
  return (
    <a
      href={links.checkHref(id)}
      title={name}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        links.onOpenCheck(id);
      }}
      className="truncate text-fg hover:underline focus-visible:outline-2 focus-visible:outline-primary"
    >
      {title}
    </a>
  );
}

const buildColumns = (links: CheckLinks): ColumnDef<HealthRow>[] => [
  {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => {
      const data = row.original;
      if (data.kind === 'group') {
        const { group } = data;
        const total = group.passed + group.failed;
        return (
          <div className="flex min-w-0 items-center gap-2">
            <button
              type="button"
              onClick={row.getToggleExpandedHandler()}
              aria-expanded={row.getIsExpanded()}
              aria-label={`${row.getIsExpanded() ? 'Collapse' : 'Expand'} ${group.label}`}
              className="-ml-1 inline-flex size-6 items-center justify-center rounded text-fg-muted hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-primary"
            >
              <ChevronRightIcon
                size={14}
                className={cx('transition-transform', row.getIsExpanded() && 'rotate-90')}
              />
            </button>
            <StatusIcon good={group.good} mixed={group.mixed} label={groupStatus(group)} />
            <span className="truncate font-semibold text-fg">{group.label}</span>
            <Badge title={`${group.passed} passed of ${total} runs in the last hour`}>
              {group.passed}/{total}
            </Badge>
            <span className="text-xs text-fg-subtle">
              {group.members.length} {group.members.length === 1 ? 'check' : 'checks'}
            </span>
          </div>
        );
      }
      return (
        <div className={cx('flex min-w-0 items-center gap-2', row.depth > 0 && 'pl-8')}>
          <StatusIcon
            status={data.check.status ?? 'unknown'}
            label={data.check.status ?? 'unknown'}
          />
          <CheckLink id={data.check.id} title={data.title} name={data.check.name} links={links} />
          {data.check.type ? (
            <Badge className="hidden sm:inline-flex">{data.check.type}</Badge>
          ) : null}
        </div>
      );
    },
  },
  {
    id: 'uptime',
    header: 'Health',
    enableSorting: true,
    size: 110,
    cell: ({ row }) => {
      const data = row.original;
      const text =
        data.kind === 'group'
          ? formatPercent(uptimePercent(data.group.passed, data.group.failed))
          : formatUptime(data.check.uptime);
      return <span className="tabular-nums">{text}</span>;
    },
  },
  {
    id: 'latency',
    header: 'Latency',
    enableSorting: true,
    size: 110,
    cell: ({ row }) => {
      const data = row.original;
      const value = data.kind === 'group' ? data.group.latency : displayLatency(data.check);
      return <span className="tabular-nums">{formatDuration(value)}</span>;
    },
  },
  {
    id: 'last_runtime',
    header: 'Last run',
    enableSorting: false,
    size: 160,
    cell: ({ row }) =>
      row.original.kind === 'check' ? (
        <LastRunCell value={row.original.check.last_runtime} />
      ) : null,
  },
];

/** Above this many rows the table switches to virtual mode. */
const VIRTUAL_THRESHOLD = 500;

export interface HealthTableProps {
  rows: HealthRow[];
  isLoading: boolean;
  sortBy: SortBy | '';
  sortDesc: boolean;
  onSortChange: (sortBy: SortBy | '', sortDesc: boolean) => void;
  emptyMessage?: ReactNode;
  /** The href that opens a check's dialog (keeps the rest of the URL). */
  checkHref: (id: string) => string;
  onOpenCheck: (id: string) => void;
}

export function HealthTable({
  rows,
  isLoading,
  sortBy,
  sortDesc,
  onSortChange,
  emptyMessage,
  checkHref,
  onOpenCheck,
}: HealthTableProps) {
  const columns = useMemo(() => buildColumns({ checkHref, onOpenCheck }), [checkHref, onOpenCheck]);
  const sorting: SortingState = sortBy ? [{ id: sortBy, desc: sortDesc }] : [];
  const count = rows.reduce(
    (sum, row) => sum + 1 + (row.kind === 'group' ? row.children.length : 0),
    0,
  );
  return (
    <DataTable<HealthRow>
      label="Health checks"
      data={rows}
      columns={columns}
      getRowId={(row) => row.id}
      getSubRows={(row) => (row.kind === 'group' ? row.children : undefined)}
      sorting={sorting}
      onSortingChange={(next) => {
        const first = next[0];
        onSortChange((first?.id as SortBy | undefined) ?? '', first?.desc ?? false);
      }}
      isLoading={isLoading}
      emptyMessage={emptyMessage}
      virtual={count > VIRTUAL_THRESHOLD ? { maxHeight: 'calc(100vh - 16rem)' } : undefined}
      rowClassName={(row) => (row.original.kind === 'group' ? 'bg-surface-sunken/40' : undefined)}
      onRowClick={(row) => {
        if (row.original.kind === 'check') onOpenCheck(row.original.check.id);
        else row.toggleExpanded();
      }}
    />
  );
}
