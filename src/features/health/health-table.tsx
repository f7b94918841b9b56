/**
 * The health table: group rows (health, passed/total) with their checks as sub-rows, or a flat
 * list for `no-group`. Columns Name, Health (uptime), Latency and Last run.
 */
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CheckSummary } from '../../api/types';
import { formatDuration, formatPercent, formatUptime, uptimePercent } from '../../lib/duration';
import { formatRelative, formatTimestamp, millisSince } from '../../lib/time';
import { Badge } from '../../ui/badge';
import {
  DataTable,
  VIRTUAL_FIRST_ROWS,
  VIRTUAL_ROW_ESTIMATE,
  type ColumnDef,
  type SortingState,
} from '../../ui/data-table';
import { ChevronRightIcon, ClockIcon } from '../../ui/icons';
import { StatusIcon } from '../../ui/status-icon';
import { cx } from '../../lib/class-names';
import { afterNextPaint } from '../../ui/after-paint';
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

/**
 * Above this many rows the first rows are drawn alone first ({@link useFirstRowsFirst}), virtual
 * table or not: a few hundred plain rows (the failing checks of 10,000 with Hide Passing, grouped
 * by canary: some 300 rows, 6,000 elements) cost their first drawing 200–300 ms of rendering,
 * style and layout on a slow machine, where a screen's worth costs a tenth of it.
 */
const FIRST_ROWS_THRESHOLD = 100;

/** How many rows a table's rows and sub-rows make. */
export function countHealthRows(rows: readonly HealthRow[]): number {
  return rows.reduce((sum, row) => sum + 1 + (row.kind === 'group' ? row.children.length : 0), 0);
}

/**
 * The first `limit` rows, counting sub-rows, in order: groups keep their own figures (counts,
 * health) and lose only the members beyond the limit.
 */
export function firstHealthRows(rows: readonly HealthRow[], limit: number): HealthRow[] {
  const head: HealthRow[] = [];
  let left = limit;
  for (const row of rows) {
    if (left <= 0) break;
    left -= 1;
    if (row.kind === 'group' && row.children.length > left) {
      head.push({ ...row, children: row.children.slice(0, Math.max(0, left)) });
      left = 0;
    } else {
      head.push(row);
      if (row.kind === 'group') left -= row.children.length;
    }
  }
  return head;
}

/** The height of a long table's scroll area (a CSS length). */
const VIRTUAL_MAX_HEIGHT = 'calc(100vh - 16rem)';

/**
 * Enough rows to fill a long table's scroll area ({@link VIRTUAL_MAX_HEIGHT}, rows
 * {@link VIRTUAL_ROW_ESTIMATE} px high), two more for a smaller root font.
 */
function firstRowsLimit(): number {
  const height = typeof window === 'undefined' ? 0 : window.innerHeight - 16 * 16;
  return Math.min(VIRTUAL_FIRST_ROWS, Math.max(1, Math.ceil(height / VIRTUAL_ROW_ESTIMATE) + 2));
}

/**
 * The rows to draw: a long table's first rows alone on its first drawing, then every row. The
 * table's model of 10,000 rows (one object per row and sub-row) takes longer to build than
 * everything else the first rows need, and a few hundred plain rows take longer to draw and lay
 * out; they are built right after the first rows are on screen, in a transition, while those can
 * already be read. Later changes (a filter, a refresh) draw every row at once, as before.
 */
function useFirstRowsFirst(rows: HealthRow[], count: number): HealthRow[] {
  const long = count > FIRST_ROWS_THRESHOLD;
  const [whole, setWhole] = useState(false);
  useEffect(() => {
    if (whole || !long) return;
    return afterNextPaint(() => startTransition(() => setWhole(true)));
  }, [whole, long]);
  return useMemo(
    () => (long && !whole ? firstHealthRows(rows, firstRowsLimit()) : rows),
    [rows, long, whole],
  );
}

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
  const count = useMemo(() => countHealthRows(rows), [rows]);
  const shown = useFirstRowsFirst(rows, count);
  return (
    <DataTable<HealthRow>
      label="Health checks"
      data={shown}
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
      virtual={count > VIRTUAL_THRESHOLD ? { maxHeight: VIRTUAL_MAX_HEIGHT } : undefined}
      rowClassName={(row) => (row.original.kind === 'group' ? 'bg-surface-sunken/40' : undefined)}
      onRowClick={(row) => {
        if (row.original.kind === 'check') onOpenCheck(row.original.check.id);
        else row.toggleExpanded();
      }}
    />
  );
}
