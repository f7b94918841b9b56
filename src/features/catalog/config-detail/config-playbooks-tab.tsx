/**
 * The Playbooks tab: the config's playbook runs, newest first, 50 at a time; the next page loads
 * when the end of the list comes within 300 px of the viewport (spec doc 2 §9), with a 'Load more'
 * button as well. Each run shows its playbook (a link to the run), status (icon and word),
 * duration and start.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useApiClient } from '../../../api/api-context';
import { errorMessage } from '../../../api/client';
import { catalogConfigQueries, type ConfigPlaybookRun } from '../../../api/catalog-config';
import { cx } from '../../../lib/class-names';
import { formatDuration } from '../../../lib/duration';
import { formatRelative, formatTimestamp, isValidDate } from '../../../lib/time';
import { Button } from '../../../ui/button';
import { PlainTable, type PlainColumn } from '../../../ui/data-table/plain-table';
import { EmptyState } from '../../../ui/empty-state';
import {
  AlertCircleIcon,
  CheckIcon,
  ChevronsRightIcon,
  ClockIcon,
  CloseIcon,
  MinusIcon,
  PlaybookIcon,
  RefreshIcon,
} from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { catalogPaths } from '../catalog-paths';
import { runDurationMs, runStatusDisplay, type RunStatusTone } from './config-detail-params';

/** "next page loaded within 300 px of the bottom". */
export const PLAYBOOK_RUNS_LOAD_AHEAD_PX = 300;

const toneClass: Record<RunStatusTone, string> = {
  success: 'text-healthy',
  failure: 'text-unhealthy',
  active: 'text-info',
  waiting: 'text-warning',
  neutral: 'text-fg-muted',
};

function RunStatus({ status }: { status: string }) {
  const { label, tone } = runStatusDisplay(status);
  const word = status.toLowerCase();
  const icon =
    word === 'completed' ? (
      <CheckIcon size={14} />
    ) : word === 'failed' ? (
      <CloseIcon size={14} />
    ) : word === 'running' ? (
      <RefreshIcon size={14} />
    ) : word === 'skipped' ? (
      <ChevronsRightIcon size={14} />
    ) : word === 'cancelled' ? (
      <MinusIcon size={14} />
    ) : (
      <ClockIcon size={14} />
    );
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span className={cx('shrink-0', toneClass[tone])} aria-hidden="true">
        {icon}
      </span>
      <span className="text-fg">{label}</span>
    </span>
  );
}

function StartedAt({ run }: { run: ConfigPlaybookRun }) {
  const value = run.start_time ?? run.scheduled_time ?? run.created_at;
  if (!isValidDate(value)) return <span className="text-fg-subtle">-</span>;
  return (
    <time
      dateTime={value}
      title={formatTimestamp(value)}
      className="whitespace-nowrap text-fg-muted"
    >
      {run.start_time ? '' : 'Scheduled '}
      {formatRelative(value)}
    </time>
  );
}

const columns: PlainColumn<ConfigPlaybookRun>[] = [
  {
    id: 'playbook',
    header: 'Playbook',
    cell: (run) => (
      <span className="flex min-w-0 flex-col">
        <Link
          href={catalogPaths.playbookRun(run.id)}
          className="truncate font-medium text-link hover:underline"
        >
          {run.playbooks?.title || run.playbooks?.name || 'Playbook run'}
        </Link>
        {run.error ? (
          <span className="truncate text-xs text-unhealthy" title={run.error}>
            {run.error}
          </span>
        ) : null}
      </span>
    ),
  },
  { id: 'status', header: 'Status', width: 150, cell: (run) => <RunStatus status={run.status} /> },
  {
    id: 'duration',
    header: 'Duration',
    width: 110,
    cell: (run) => <span className="tabular-nums">{formatDuration(runDurationMs(run))}</span>,
  },
  { id: 'started', header: 'Started', width: 170, cell: (run) => <StartedAt run={run} /> },
];

export function ConfigPlaybooksTab({ configId }: { configId: string }) {
  const client = useApiClient();
  const query = useInfiniteQuery(catalogConfigQueries.playbookRuns(client, configId));
  const rows = query.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = query.data?.pages[0]?.total;
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { rootMargin: `0px 0px ${PLAYBOOK_RUNS_LOAD_AHEAD_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, rows.length]);

  if (query.isError && rows.length === 0) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(query.error)}
      />
    );
  }
  if (query.isSuccess && rows.length === 0) {
    return (
      <EmptyState
        icon={<PlaybookIcon size={22} />}
        title="No playbook runs"
        description="No playbook has been run on this config."
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      {total !== undefined ? (
        <p className="text-sm text-fg-muted tabular-nums">
          {rows.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} runs
        </p>
      ) : null}
      <PlainTable
        label="Playbook runs"
        rows={rows}
        columns={columns}
        getRowId={(run) => run.id}
        isLoading={query.isPending}
      />
      <div ref={sentinel} className="flex justify-center py-2">
        {isFetchingNextPage ? (
          <Spinner size={16} label="Loading more runs" />
        ) : hasNextPage ? (
          <Button size="sm" variant="ghost" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </div>
      {query.isError && rows.length > 0 ? (
        <p role="alert" className="text-sm text-unhealthy">
          {errorMessage(query.error)}
        </p>
      ) : null}
    </div>
  );
}
