/**
 * The log table (spec doc 2 §2, §9): the shared data table in virtual mode (row estimate 62 px,
 * overscan 10, rows measured as messages wrap), resizable columns with stored widths, a selection
 * column, the time to the millisecond, the level as a word with a mark (never colour alone), the
 * message rendered from ANSI/HTML safely, and the labels. While following, it stays at the end.
 */
import { useEffect, useMemo, useRef } from 'react';
import { cx } from '../../lib/class-names';
import { Badge, type BadgeTone } from '../../ui/badge';
import { DataTable, type ColumnDef } from '../../ui/data-table';
import { AlertCircleIcon, InfoIcon } from '../../ui/icons';
import { formatLogTime, visibleLabels, type LogLevel, type LogRow } from './log-rows';
import { LogMessageView } from './log-message-view';
import { useLogColumnSizes } from './use-log-column-sizes';

/** "Logs: row estimate 62 px, overscan 10" (spec doc 2 §9; overscan is the table's default). */
export const LOG_ROW_ESTIMATE = 62;

const LEVELS: Record<LogLevel, { label: string; tone: BadgeTone; row?: string }> = {
  error: { label: 'Error', tone: 'unhealthy', row: 'border-l-unhealthy' },
  warn: { label: 'Warn', tone: 'warning', row: 'border-l-warning' },
  info: { label: 'Info', tone: 'primary' },
  debug: { label: 'Debug', tone: 'neutral' },
};

export function LogLevelBadge({ level }: { level: LogLevel | undefined }) {
  if (!level) return <span className="text-xs text-fg-subtle">-</span>;
  const { label, tone } = LEVELS[level];
  const Icon = level === 'error' || level === 'warn' ? AlertCircleIcon : InfoIcon;
  return (
    <Badge tone={tone} className="uppercase">
      <Icon size={12} aria-hidden="true" />
      {label}
    </Badge>
  );
}

function SelectAll({
  state,
  onChange,
}: {
  state: 'none' | 'some' | 'all';
  onChange: (select: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all lines"
      checked={state === 'all'}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 accent-primary align-middle"
    />
  );
}

const COLUMN_IDS = ['time', 'level', 'message', 'labels'] as const;

export interface LogTableProps {
  rows: readonly LogRow[];
  selected: ReadonlySet<string>;
  /** Toggle one line; with `range` (shift-click) every line from the last toggled one. */
  onToggle: (key: string, range: boolean) => void;
  onSelectAll: (select: boolean) => void;
  follow: boolean;
  onAtEndChange: (atEnd: boolean) => void;
  isLoading: boolean;
  emptyMessage: string;
}

export function LogTable({
  rows,
  selected,
  onToggle,
  onSelectAll,
  follow,
  onAtEndChange,
  isLoading,
  emptyMessage,
}: LogTableProps) {
  const [sizes, setSizes] = useLogColumnSizes(COLUMN_IDS);
  const selectedCount = rows.reduce((count, row) => count + (selected.has(row.key) ? 1 : 0), 0);
  const selectState = selectedCount === 0 ? 'none' : selectedCount === rows.length ? 'all' : 'some';

  const columns = useMemo<ColumnDef<LogRow>[]>(
    () => [
      {
        id: 'select',
        header: () => <SelectAll state={selectState} onChange={onSelectAll} />,
        size: 44,
        enableResizing: false,
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select line at ${formatLogTime(row.original.time, row.original.timestamp)}`}
            checked={selected.has(row.original.key)}
            onChange={() => undefined}
            onClick={(event) => onToggle(row.original.key, event.shiftKey)}
            className="size-4 accent-primary align-middle"
          />
        ),
      },
      {
        id: 'time',
        header: 'Time',
        size: 184,
        minSize: 120,
        cell: ({ row }) => (
          <time
            dateTime={row.original.timestamp}
            className="font-mono text-xs whitespace-nowrap text-fg-muted tabular-nums"
          >
            {formatLogTime(row.original.time, row.original.timestamp)}
          </time>
        ),
      },
      {
        id: 'level',
        header: 'Level',
        size: 96,
        minSize: 72,
        cell: ({ row }) => <LogLevelBadge level={row.original.level} />,
      },
      {
        id: 'message',
        header: 'Message',
        size: 480,
        meta: { fill: true },
        cell: ({ row }) => <LogMessageView message={row.original.message} />,
      },
      {
        id: 'labels',
        header: 'Labels',
        size: 280,
        minSize: 80,
        cell: ({ row }) => {
          const labels = visibleLabels(row.original.labels);
          if (labels.length === 0) return <span className="text-xs text-fg-subtle">-</span>;
          return (
            <ul className="m-0 flex list-none flex-wrap gap-1 p-0" aria-label="Labels">
              {labels.map(([key, value]) => (
                <li
                  key={key}
                  title={`${key}=${value}`}
                  className="max-w-full truncate rounded border border-border bg-surface-sunken px-1.5 py-px font-mono text-[11px] text-fg-muted"
                >
                  {key}=<span className="text-fg">{value}</span>
                </li>
              ))}
            </ul>
          );
        },
      },
    ],
    [selected, selectState, onToggle, onSelectAll],
  );

  return (
    <DataTable
      data={rows}
      columns={columns}
      label="Log lines"
      getRowId={(row) => row.key}
      virtual={{
        maxHeight: 'max(20rem, calc(100vh - 15rem))',
        rowEstimate: LOG_ROW_ESTIMATE,
        measureRows: true,
        stickToEnd: follow,
        onAtEndChange,
      }}
      columnSizing={{ sizes, onChange: setSizes }}
      isLoading={isLoading}
      emptyMessage={emptyMessage}
      rowClassName={(row) =>
        cx(
          'align-top',
          row.original.level && LEVELS[row.original.level].row && 'border-l-2',
          row.original.level && LEVELS[row.original.level].row,
          // Light tints (winning over the table's hover grey): ANSI-coloured text keeps its
          // contrast on them; the checkbox carries the selected state.
          selected.has(row.original.key)
            ? 'bg-primary-soft/50 hover:bg-primary-soft/50!'
            : 'hover:bg-primary-soft/25!',
        )
      }
      onRowClick={(row) => {
        // Selecting text to copy it is not a click on the row.
        if (window.getSelection()?.toString()) return;
        onToggle(row.original.key, false);
      }}
    />
  );
}
