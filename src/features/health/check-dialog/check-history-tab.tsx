/**
 * History tab: the check's runs in the range, newest first, paged on the server through
 * `/db/check_statuses` (`Prefer: count=exact`, total from `Content-Range`). Filters: status
 * All / Healthy / Unhealthy and a minimum duration (presets or a custom value in ms or s).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useApiClient } from '../../../api/api-context';
import { checkQueries, type CheckStatusFilter, type CheckStatusRow } from '../../../api/checks';
import { errorMessage } from '../../../api/client';
import { formatDuration } from '../../../lib/duration';
import { formatAge, formatTimestamp } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { DataTable, PAGE_SIZES, Pagination, type ColumnDef } from '../../../ui/data-table';
import { AlertCircleIcon } from '../../../ui/icons';
import { StatusIcon } from '../../../ui/status-icon';
import {
  DURATION_ALL,
  DURATION_CUSTOM,
  DURATION_FILTER_ERROR,
  DURATION_PRESETS,
  HISTORY_PAGE_SIZE,
  STATUS_FILTER_OPTIONS,
  historyPageCount,
  minDurationFor,
  parseDurationFilter,
} from './check-history-filters';

const selectClass =
  'h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

const columns: ColumnDef<CheckStatusRow>[] = [
  {
    id: 'age',
    header: 'Age',
    size: 120,
    cell: ({ row }) => {
      const { time, status } = row.original;
      const passed = status === true;
      return (
        <span className="inline-flex items-center gap-2 whitespace-nowrap">
          <StatusIcon
            tone={passed ? 'healthy' : 'unhealthy'}
            label={passed ? 'Healthy' : 'Unhealthy'}
          />
          <time dateTime={time} title={formatTimestamp(time)} className="tabular-nums">
            {formatAge(time)}
          </time>
        </span>
      );
    },
  },
  {
    id: 'duration',
    header: 'Duration',
    size: 100,
    cell: ({ row }) => (
      <span className="tabular-nums">{formatDuration(row.original.duration)}</span>
    ),
  },
  {
    id: 'message',
    header: 'Message',
    cell: ({ row }) => {
      const { message, error, status } = row.original;
      return (
        <div className="flex min-w-0 flex-col gap-0.5 break-words">
          {message ? <span className="text-fg">{message}</span> : null}
          {error ? (
            <span className="text-unhealthy">
              <span className="font-medium">Error: </span>
              {error}
            </span>
          ) : null}
          {!message && !error ? (
            <span className="text-fg-subtle">{status === true ? '-' : 'No message'}</span>
          ) : null}
        </div>
      );
    },
  },
];

export interface CheckHistoryTabProps {
  checkId: string;
  timeRange: string;
}

export function CheckHistoryTab({ checkId, timeRange }: CheckHistoryTabProps) {
  const client = useApiClient();
  const statusId = useId();
  const durationId = useId();
  const customId = useId();
  const customErrorId = useId();
  const [status, setStatus] = useState<CheckStatusFilter>('all');
  const [durationChoice, setDurationChoice] = useState<string>(DURATION_ALL);
  const [customText, setCustomText] = useState('');
  const [customMs, setCustomMs] = useState<number | undefined>(undefined);
  const [customError, setCustomError] = useState(false);
  const [page, setPage] = useState({ pageIndex: 0, pageSize: HISTORY_PAGE_SIZE });

  // Another check or range starts again on the first page.
  const scope = `${checkId}\n${timeRange}`;
  const [previousScope, setPreviousScope] = useState(scope);
  if (previousScope !== scope) {
    setPreviousScope(scope);
    setPage((current) => ({ ...current, pageIndex: 0 }));
  }

  const params = useMemo(
    () => ({
      checkId,
      timeRange,
      status,
      minDurationMs: minDurationFor(durationChoice, customMs),
      pageIndex: page.pageIndex,
      pageSize: page.pageSize,
    }),
    [checkId, timeRange, status, durationChoice, customMs, page],
  );
  const history = useQuery(checkQueries.statuses(client, params));
  const rows = history.data?.data ?? [];
  const total = history.data?.totalEntries;
  const pageCount = historyPageCount(total, page.pageIndex, page.pageSize, rows.length);

  const firstPage = () => setPage((current) => ({ ...current, pageIndex: 0 }));
  const commitCustom = () => {
    const value = parseDurationFilter(customText);
    if (value === undefined) {
      setCustomError(customText.trim() !== '');
      return;
    }
    setCustomError(false);
    if (value !== customMs) {
      setCustomMs(value);
      firstPage();
    }
  };

  return (
    <div className="flex flex-col gap-3 pt-3">
      <div role="group" aria-label="History filters" className="flex flex-wrap items-start gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={statusId} className="text-sm text-fg-muted">
            Status
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as CheckStatusFilter);
              firstPage();
            }}
          >
            {STATUS_FILTER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={durationId} className="text-sm text-fg-muted">
            Duration
          </label>
          <select
            id={durationId}
            className={selectClass}
            value={durationChoice}
            onChange={(event) => {
              setDurationChoice(event.target.value);
              firstPage();
            }}
          >
            <option value={DURATION_ALL}>All</option>
            {DURATION_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {preset}
              </option>
            ))}
            <option value={DURATION_CUSTOM}>Custom…</option>
          </select>
        </div>
        {durationChoice === DURATION_CUSTOM ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-2">
              <label htmlFor={customId} className="text-sm text-fg-muted">
                Minimum duration
              </label>
              <input
                id={customId}
                type="text"
                inputMode="decimal"
                placeholder="e.g. 250ms or 2s"
                value={customText}
                aria-invalid={customError || undefined}
                aria-describedby={customError ? customErrorId : undefined}
                onChange={(event) => setCustomText(event.target.value)}
                onBlur={commitCustom}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    commitCustom();
                  }
                }}
                className="h-8 w-36 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-[invalid=true]:border-danger"
              />
              <Button size="sm" onClick={commitCustom}>
                Apply
              </Button>
            </div>
            {customError ? (
              <p id={customErrorId} role="alert" className="m-0 text-xs text-danger">
                {DURATION_FILTER_ERROR}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      {history.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface px-4 py-8 text-center text-sm"
        >
          <span className="inline-flex items-center gap-2 font-medium text-unhealthy">
            <AlertCircleIcon size={16} /> {errorMessage(history.error)}
          </span>
          <Button size="sm" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col">
          <DataTable
            data={rows}
            columns={columns}
            label="Status history"
            getRowId={(row) => `${row.check_id}:${row.time}`}
            isLoading={history.isPending}
          />
          <Pagination
            pageIndex={page.pageIndex}
            pageCount={pageCount}
            pageSize={page.pageSize}
            pageSizes={PAGE_SIZES}
            total={total}
            onPageChange={(pageIndex) =>
              setPage((current) => ({
                ...current,
                pageIndex: Math.max(0, Math.min(pageIndex, pageCount - 1)),
              }))
            }
            onPageSizeChange={(pageSize) => setPage({ pageIndex: 0, pageSize })}
          />
        </div>
      )}
    </div>
  );
}
