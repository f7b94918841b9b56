/**
 * A check's run history (spec doc 1 §2 "History tab"): the runs in a range, newest first, paged on
 * the server, with filters status All / Healthy / Unhealthy and a minimum duration (presets or a
 * custom value in ms or s). Shared by the console's check dialog and `<vigil-check-detail>`.
 *
 * Split in two so the entity never fetches: `useCheckHistoryControls()` holds the filter and page
 * state and yields the request parameters; the caller runs the query
 * (`checkQueries.statuses(client, controls.params)`) and renders `<CheckHistory>` with the answer.
 */
import { useId, useMemo, useState } from 'react';
import type { CheckStatusFilter, CheckStatusParams, CheckStatusPage } from '../../api/checks';
import type { CheckStatusRow } from '../../api/types';
import { cx } from '../../lib/class-names';
import { formatDuration } from '../../lib/duration';
import { formatAge, formatTimestamp } from '../../lib/time';
import { Button } from '../../ui/button';
import { Pagination } from '../../ui/data-table/pagination';
import { PlainTable, type PlainColumn } from '../../ui/data-table/plain-table';
import { PAGE_SIZES } from '../../ui/data-table/table-styles';
import { AlertCircleIcon } from '../../ui/icons';
import { StatusIcon } from '../../ui/status-icon';
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

/** Filter and page state of one history view, and the request it implies. */
export interface CheckHistoryControls {
  /** What to request: `checkQueries.statuses(client, params)`. */
  params: CheckStatusParams;
  status: CheckStatusFilter;
  /** `''` (all), a preset such as `1s`, or `custom`. */
  durationChoice: string;
  /** The committed custom minimum (ms), used when `durationChoice` is `custom`. */
  customMs: number | undefined;
  pageIndex: number;
  pageSize: number;
  /** Each filter change goes back to the first page. */
  setStatus(status: CheckStatusFilter): void;
  setDurationChoice(choice: string): void;
  setCustomMs(ms: number): void;
  setPageIndex(pageIndex: number): void;
  setPageSize(pageSize: number): void;
}

/**
 * The history's filter and page state for one check and range. Another check or range starts
 * again on the first page; the filters are kept.
 */
export function useCheckHistoryControls(checkId: string, timeRange: string): CheckHistoryControls {
  const [status, setStatusState] = useState<CheckStatusFilter>('all');
  const [durationChoice, setDurationChoiceState] = useState<string>(DURATION_ALL);
  const [customMs, setCustomMsState] = useState<number | undefined>(undefined);
  const [page, setPage] = useState({ pageIndex: 0, pageSize: HISTORY_PAGE_SIZE });

  const scope = `${checkId}\n${timeRange}`;
  const [previousScope, setPreviousScope] = useState(scope);
  if (previousScope !== scope) {
    setPreviousScope(scope);
    setPage((current) => ({ ...current, pageIndex: 0 }));
  }

  const params = useMemo<CheckStatusParams>(
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

  const firstPage = () => setPage((current) => ({ ...current, pageIndex: 0 }));
  return {
    params,
    status,
    durationChoice,
    customMs,
    pageIndex: page.pageIndex,
    pageSize: page.pageSize,
    setStatus: (next) => {
      setStatusState(next);
      firstPage();
    },
    setDurationChoice: (next) => {
      setDurationChoiceState(next);
      firstPage();
    },
    setCustomMs: (next) => {
      setCustomMsState(next);
      firstPage();
    },
    setPageIndex: (pageIndex) => setPage((current) => ({ ...current, pageIndex })),
    setPageSize: (pageSize) => setPage({ pageIndex: 0, pageSize }),
  };
}

const selectClass =
  'h-8 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

const columns: PlainColumn<CheckStatusRow>[] = [
  {
    id: 'age',
    header: 'Age',
    width: 120,
    cell: ({ time, status }) => {
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
    width: 100,
    cell: ({ duration }) => <span className="tabular-nums">{formatDuration(duration)}</span>,
  },
  {
    id: 'message',
    header: 'Message',
    cell: ({ message, error, status }) => {
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

export interface CheckHistoryProps {
  controls: CheckHistoryControls;
  /** The current page, once loaded (the previous one while the next loads). */
  page: CheckStatusPage | undefined;
  isLoading: boolean;
  /** Why the history could not be loaded; shown with a "Try again" button. */
  error?: string;
  onRetry: () => void;
  className?: string;
}

/** The history filters, the runs table and the pager. */
export function CheckHistory({
  controls,
  page,
  isLoading,
  error,
  onRetry,
  className,
}: CheckHistoryProps) {
  const statusId = useId();
  const durationId = useId();
  const customId = useId();
  const customErrorId = useId();
  const [customText, setCustomText] = useState('');
  const [customError, setCustomError] = useState(false);

  const rows = page?.data ?? [];
  const total = page?.totalEntries;
  const { pageIndex, pageSize } = controls;
  const pageCount = historyPageCount(total, pageIndex, pageSize, rows.length);

  const commitCustom = () => {
    const value = parseDurationFilter(customText);
    if (value === undefined) {
      setCustomError(customText.trim() !== '');
      return;
    }
    setCustomError(false);
    if (value !== controls.customMs) controls.setCustomMs(value);
  };

  return (
    <div part="history" className={cx('flex flex-col gap-3', className)}>
      <div role="group" aria-label="History filters" className="flex flex-wrap items-start gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={statusId} className="text-sm text-fg-muted">
            Status
          </label>
          <select
            id={statusId}
            className={selectClass}
            value={controls.status}
            onChange={(event) => controls.setStatus(event.target.value as CheckStatusFilter)}
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
            value={controls.durationChoice}
            onChange={(event) => controls.setDurationChoice(event.target.value)}
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
        {controls.durationChoice === DURATION_CUSTOM ? (
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

      {error !== undefined ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface px-4 py-8 text-center text-sm"
        >
          <span className="inline-flex items-center gap-2 font-medium text-unhealthy">
            <AlertCircleIcon size={16} /> {error}
          </span>
          <Button size="sm" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="flex flex-col">
          <PlainTable
            rows={rows}
            columns={columns}
            label="Status history"
            getRowId={(row) => `${row.check_id}:${row.time}`}
            isLoading={isLoading}
          />
          <Pagination
            pageIndex={pageIndex}
            pageCount={pageCount}
            pageSize={pageSize}
            pageSizes={PAGE_SIZES}
            total={total}
            onPageChange={(next) =>
              controls.setPageIndex(Math.max(0, Math.min(next, pageCount - 1)))
            }
            onPageSizeChange={controls.setPageSize}
          />
        </div>
      )}
    </div>
  );
}
