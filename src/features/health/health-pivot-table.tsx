/**
 * The pivoted health table (contract §5.11): rows by check title (or the `pivotLabel` label),
 * one column per value of the `pivotBy` label, cells showing the chosen value of the checks there.
 */
import { useMemo, type ReactNode } from 'react';
import type { CheckSummary } from '../../api/types';
import { formatDuration, formatPercent, uptimePercent } from '../../lib/duration';
import { formatRelative, formatTimestamp } from '../../lib/time';
import { DataTable, type ColumnDef } from '../../ui/data-table';
import { StatusIcon } from '../../ui/status-icon';
import { displayLatency } from './health-pipeline';
import { buildPivot, type PivotCellType, type PivotRow } from './health-pivot';

/** Above this many rows the pivot switches to virtual mode, like the main table. */
const VIRTUAL_THRESHOLD = 500;

function CellValue({
  checks,
  type,
  onOpen,
}: {
  checks: CheckSummary[];
  type: PivotCellType;
  onOpen: (id: string) => void;
}) {
  const first = checks[0];
  if (!first) return <span className="text-fg-subtle">-</span>;
  let content: ReactNode;
  if (type === 'uptime') {
    const passed = checks.reduce((sum, check) => sum + (check.uptime?.passed ?? 0), 0);
    const failed = checks.reduce((sum, check) => sum + (check.uptime?.failed ?? 0), 0);
    content = formatPercent(uptimePercent(passed, failed));
  } else if (type === 'latency') {
    const values = checks.map(displayLatency).filter((value): value is number => value != null);
    content = formatDuration(
      values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : undefined,
    );
  } else if (type === 'status') {
    const unhealthy = checks.filter((check) => check.status !== 'healthy').length;
    const status = unhealthy === 0 ? 'healthy' : 'unhealthy';
    content = (
      <span className="inline-flex items-center gap-1.5">
        <StatusIcon status={status} label="" />
        {unhealthy === 0 ? 'healthy' : `${unhealthy} unhealthy`}
      </span>
    );
  } else {
    const latest = checks
      .map((check) => check.last_transition_time)
      .filter((value): value is string => Boolean(value))
      .sort()
      .at(-1);
    content = latest ? (
      <time dateTime={latest} title={formatTimestamp(latest)}>
        {formatRelative(latest)}
      </time>
    ) : (
      '-'
    );
  }
  return (
    <button
      type="button"
      onClick={() => onOpen(first.id)}
      title={checks.map((check) => check.name).join(', ')}
      className="rounded px-1 text-left tabular-nums hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-primary"
    >
      {content}
    </button>
  );
}

export interface HealthPivotTableProps {
  checks: readonly CheckSummary[];
  pivotBy: string;
  pivotLabel: string;
  cellType: PivotCellType;
  isLoading: boolean;
  emptyMessage: ReactNode;
  onOpenCheck: (id: string) => void;
}

export function HealthPivotTable({
  checks,
  pivotBy,
  pivotLabel,
  cellType,
  isLoading,
  emptyMessage,
  onOpenCheck,
}: HealthPivotTableProps) {
  const pivot = useMemo(
    () => buildPivot(checks, pivotBy, pivotLabel),
    [checks, pivotBy, pivotLabel],
  );
  const columns = useMemo<ColumnDef<PivotRow>[]>(
    () => [
      {
        id: 'row',
        header: pivotLabel || 'Check',
        cell: ({ row }) => <span className="font-medium text-fg">{row.original.key}</span>,
      },
      ...pivot.columns.map<ColumnDef<PivotRow>>((column) => ({
        id: `col:${column}`,
        header: column,
        cell: ({ row }) => (
          <CellValue
            checks={row.original.cells.get(column) ?? []}
            type={cellType}
            onOpen={onOpenCheck}
          />
        ),
      })),
    ],
    [pivot.columns, pivotLabel, cellType, onOpenCheck],
  );
  return (
    <DataTable<PivotRow>
      label={`Health checks pivoted by ${pivotBy}`}
      data={pivot.rows}
      columns={columns}
      getRowId={(row) => row.key}
      isLoading={isLoading}
      emptyMessage={emptyMessage}
      virtual={
        pivot.rows.length > VIRTUAL_THRESHOLD ? { maxHeight: 'calc(100vh - 16rem)' } : undefined
      }
    />
  );
}
