/**
 * /playbooks/runs (spec doc 3 §2.10, §9; postgrest.md §8.7): the runs, filtered by playbook,
 * status (default all) and time range (default the last 7 days; a run counts when it started or
 * was created in the range), paged and sorted by the server (50 a page, newest first), all in the
 * URL; Export CSV writes every page with the current filters.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import {
  PLAYBOOK_RUN_STATUSES,
  PLAYBOOK_RUNS_PAGE_SIZE,
  statusLabel,
} from '../../api/playbooks-logic';
import {
  listPlaybookRuns,
  playbookQueries,
  RUN_SORT_COLUMNS,
  type PlaybookRunRow,
  type PlaybookRunsParams,
  type RunSortColumn,
} from '../../api/playbooks';
import { collectPages } from '../../lib/paging';
import { enumCodec, numberCodec, param, stringCodec, type ParamValues } from '../../lib/url-state';
import { Button } from '../../ui/button';
import { DataTable } from '../../ui/data-table';
import { EmptyState } from '../../ui/empty-state';
import { FilterBar, SelectFilter } from '../../ui/filter-bar';
import { AlertCircleIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import {
  relativeRange,
  resolveTimeRange,
  TimeRangePicker,
  timeRangeCodec,
} from '../../ui/time-range';
import { useUrlState } from '../../ui/use-url-state';
import { PlaybooksSections } from './playbooks-sections';
import { runColumns } from './runs-table';

/** "Playbook runs default time range last 7 days". */
export const DEFAULT_RUNS_TIME_RANGE = relativeRange(7, 'd');
export const RUNS_PAGE_SIZES = [25, 50, 100, 200] as const;

const schema = {
  playbook: param(stringCodec, ''),
  status: param(stringCodec, ''),
  range: param(timeRangeCodec, DEFAULT_RUNS_TIME_RANGE),
  pageIndex: param(numberCodec({ min: 0, integer: true }), 0),
  pageSize: param(numberCodec({ min: 1, max: 500, integer: true }), PLAYBOOK_RUNS_PAGE_SIZE),
  sortBy: param(enumCodec(RUN_SORT_COLUMNS), 'created_at' as RunSortColumn),
  sortOrder: param(enumCodec(['asc', 'desc'] as const), 'desc' as 'asc' | 'desc'),
};

/** The request's parameters for the values in the URL, the time range resolved at `now`. */
function runsParams(values: ParamValues<typeof schema>, now: number): PlaybookRunsParams {
  const range = resolveTimeRange(values.range, { now });
  return {
    pageIndex: values.pageIndex,
    pageSize: values.pageSize,
    playbookId: values.playbook || undefined,
    status: values.status || undefined,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    sortBy: values.sortBy,
    sortOrder: values.sortOrder,
  };
}

/** The columns never change: the table's memoised rows are not drawn again on a re-render. */
const COLUMNS = runColumns();

const STATUS_OPTIONS = PLAYBOOK_RUN_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

export function RunsPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  // The time `firstPage` resolves the range at, while it writes the URL (the render has not).
  const resolving = useRef<number | undefined>(undefined);
  // A filter, sort or page change asks for its page at once, inside the event handler (the query
  // would otherwise start only after the page re-renders under the new URL); the previous rows
  // stay on screen, dimmed, until it answers.
  const [state, setState] = useUrlState(schema, {
    readAhead: (next) =>
      void queryClient.prefetchQuery(
        playbookQueries.runList(client, runsParams(next, resolving.current ?? resolvedAt)),
      ),
  });
  const params = useMemo(() => runsParams(state, resolvedAt), [state, resolvedAt]);
  const list = useQuery(playbookQueries.runList(client, params));
  const names = useQuery(playbookQueries.names(client));
  usePageRefresh(() => {
    setResolvedAt(Date.now());
    void list.refetch();
  }, list.isFetching);

  const firstPage = (patch: Parameters<typeof setState>[0]) => {
    const now = Date.now();
    resolving.current = now;
    setResolvedAt(now);
    setState({ ...patch, pageIndex: 0 });
    resolving.current = undefined;
  };
  const playbookOptions = (names.data ?? []).map((name) => ({
    value: name.id,
    label: name.title || name.name,
  }));

  return (
    <div className="flex flex-col gap-3">
      <FilterBar
        label="Playbook run filters"
        active={Boolean(state.playbook || state.status)}
        onClear={() => firstPage({ playbook: '', status: '' })}
        actions={
          <TimeRangePicker
            value={state.range}
            onChange={(value) => firstPage({ range: value })}
            allowFuture={false}
          />
        }
      >
        <SelectFilter
          label="Playbook"
          value={state.playbook}
          options={playbookOptions}
          onChange={(value) => firstPage({ playbook: value })}
        />
        <SelectFilter
          label="Status"
          value={state.status}
          options={STATUS_OPTIONS}
          onChange={(value) => firstPage({ status: value })}
        />
      </FilterBar>
      {list.isError && !list.data ? (
        <EmptyState
          icon={<AlertCircleIcon size={22} />}
          title="Playbook runs could not be loaded"
          description={errorMessage(list.error)}
          actions={
            <Button variant="primary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <DataTable<PlaybookRunRow>
          label="Playbook runs"
          data={list.data?.rows ?? []}
          columns={COLUMNS}
          getRowId={(run) => run.id}
          isLoading={list.isPending}
          isPlaceholder={list.isPlaceholderData}
          sorting={[{ id: state.sortBy, desc: state.sortOrder === 'desc' }]}
          onSortingChange={(next) => {
            const first = next[0];
            firstPage({
              sortBy: (first?.id as RunSortColumn | undefined) ?? 'created_at',
              sortOrder: first ? (first.desc ? 'desc' : 'asc') : 'desc',
            });
          }}
          serverPagination={{
            pageIndex: state.pageIndex,
            pageSize: state.pageSize,
            total: list.data?.total,
            pageSizes: RUNS_PAGE_SIZES,
            onPageChange: (pageIndex) => setState({ pageIndex: Math.max(0, pageIndex) }),
            onPageSizeChange: (pageSize) => setState({ pageSize, pageIndex: 0 }),
          }}
          csvExport={{
            fileName: 'playbook-runs',
            getRows: () =>
              collectPages((pageIndex, pageSize) =>
                listPlaybookRuns(client, { ...params, pageIndex, pageSize }),
              ),
          }}
        />
      )}
    </div>
  );
}

/** `/playbooks/runs` in the route table: the section tabs and the runs. */
export function PlaybookRunsRoute() {
  return (
    <>
      <PlaybooksSections current="runs" />
      <RunsPage />
    </>
  );
}
