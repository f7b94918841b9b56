/**
 * /playbooks/runs (spec doc 3 §2.10, §9; postgrest.md §8.7): the runs, filtered by playbook,
 * status (default all) and time range (default the last 7 days; a run counts when it started or
 * was created in the range), paged and sorted by the server (50 a page, newest first), all in the
 * URL; Export CSV writes every page with the current filters.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
import { enumCodec, numberCodec, param, stringCodec } from '../../lib/url-state';
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

const STATUS_OPTIONS = PLAYBOOK_RUN_STATUSES.map((status) => ({
  value: status,
  label: statusLabel(status),
}));

export function RunsPage() {
  const client = useApiClient();
  const [state, setState] = useUrlState(schema);
  const [resolvedAt, setResolvedAt] = useState(() => Date.now());
  const range = useMemo(
    () => resolveTimeRange(state.range, { now: resolvedAt }),
    [state.range, resolvedAt],
  );
  const params: PlaybookRunsParams = {
    pageIndex: state.pageIndex,
    pageSize: state.pageSize,
    playbookId: state.playbook || undefined,
    status: state.status || undefined,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
  };
  const list = useQuery(playbookQueries.runList(client, params));
  const names = useQuery(playbookQueries.names(client));
  usePageRefresh(() => {
    setResolvedAt(Date.now());
    void list.refetch();
  }, list.isFetching);

  const firstPage = (patch: Parameters<typeof setState>[0]) => {
    setResolvedAt(Date.now());
    setState({ ...patch, pageIndex: 0 });
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
          columns={runColumns()}
          getRowId={(run) => run.id}
          isLoading={list.isPending}
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
