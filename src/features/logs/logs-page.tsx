/**
 * `/logs` (spec doc 2 §2 "Logs"; contract api.md §6): a component dropdown with None (the
 * components with log selectors), the component's log selectors (the first chosen when none is),
 * a search box written to the URL 500 ms after typing stops, the time range, and the lines of
 * `POST /logs` in a virtual table. Following polls for new lines and keeps the end in view.
 * Selected lines can be attached to an incident as evidence. Every parameter lives in the URL.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { LOGS_QUERY_DEBOUNCE_MS, logQueries, type LogLine } from '../../api/logs';
import { topologyQueries } from '../../api/topology';
import { useFeatureEnabled } from '../../rbac/flags-context';
import { useSession } from '../../rbac/session-context';
import { useCan } from '../../rbac/use-can';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { FilterBar, SearchFilter, SelectFilter } from '../../ui/filter-bar';
import { LogsIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { lazyComponent } from '../../ui/lazy-component';
import { formatTimeRange, TimeRangePicker } from '../../ui/time-range';
import { useUrlState } from '../../ui/use-url-state';
import { toLogRows, type LogRow } from './log-rows';
import { LogTable } from './log-table';
import {
  effectiveSelector,
  logsRangeInstants,
  logsUrlSchema,
  rangeReachesNow,
} from './logs-params';

// Attaching lines as evidence loads its dialog (incident search, incident creation) when chosen.
const AttachEvidenceDialog = lazyComponent(() =>
  import('../../entities/evidence/attach-evidence-dialog').then((m) => m.AttachEvidenceDialog),
);

export const SELECT_COMPONENT_TEXT = 'Please select a component to view the logs';
export const NO_LOGS_TEXT = 'There are no logs matching the search query';

export function LogsPage() {
  const client = useApiClient();
  const [values, setValues] = useUrlState(logsUrlSchema);
  const logsEnabled = useFeatureEnabled('logs');
  const { topologyId, query, start } = values;

  const components = useQuery(logQueries.componentsWithLogs(client));
  const listed = components.data?.find((component) => component.id === topologyId);
  // A shared link may name a component the list does not hold (yet): ask for its name.
  const named = useQuery({
    ...logQueries.componentName(client, topologyId),
    enabled: Boolean(topologyId) && components.isSuccess && !listed,
  });
  const componentName = listed?.name ?? named.data?.name;
  const componentKnown = Boolean(topologyId) && Boolean(componentName);

  const component = useQuery({
    ...topologyQueries.component(client, topologyId),
    enabled: componentKnown,
  });
  const selectorNames = useMemo(
    () =>
      (component.data?.logs ?? [])
        .map((selector) => selector.name)
        .filter((name): name is string => typeof name === 'string' && name !== ''),
    [component.data],
  );
  const selector = effectiveSelector(values.logsSelector, selectorNames);

  const [followWanted, setFollow] = useState(false);
  const canFollow = rangeReachesNow(start);
  const follow = followWanted && canFollow;
  const range = formatTimeRange(start);
  const searchReady = componentKnown && component.isSuccess;
  const search = useQuery({
    ...logQueries.search(
      client,
      { id: topologyId, name: selector, query, range },
      () => logsRangeInstants(start),
      follow,
    ),
    enabled: searchReady,
  });
  usePageRefresh(() => void search.refetch(), search.isFetching);

  const rows = useMemo(() => toLogRows(search.data?.results ?? []), [search.data]);

  const [selection, setSelection] = useState<{ scope: string; keys: ReadonlySet<string> }>({
    scope: '',
    keys: new Set(),
  });
  // The selection belongs to one component and selector; another one starts empty.
  const scope = `${topologyId}\u0000${selector}`;
  const selected = selection.scope === scope ? selection.keys : new Set<string>();
  const lastToggled = useRef<string | null>(null);
  const onToggle = useCallback(
    (key: string, range: boolean) => {
      // Read before the update: the updater runs later, after the anchor has moved.
      const anchor = lastToggled.current;
      setSelection((current) => {
        const keys = new Set(current.scope === scope ? current.keys : []);
        const from = anchor ? rows.findIndex((row) => row.key === anchor) : -1;
        const to = rows.findIndex((row) => row.key === key);
        if (range && from !== -1 && to !== -1) {
          const [low, high] = from < to ? [from, to] : [to, from];
          for (const row of rows.slice(low, high + 1)) keys.add(row.key);
        } else if (keys.has(key)) keys.delete(key);
        else keys.add(key);
        return { scope, keys };
      });
      lastToggled.current = key;
    },
    [rows, scope],
  );
  const onSelectAll = useCallback(
    (select: boolean) =>
      setSelection({ scope, keys: select ? new Set(rows.map((row) => row.key)) : new Set() }),
    [rows, scope],
  );
  const selectedRows = rows.filter((row) => selected.has(row.key));

  // Scrolling up to read stops following; the switch turns it back on.
  const onAtEndChange = useCallback(
    (atEnd: boolean) => {
      if (!atEnd) setFollow(false);
    },
    [setFollow],
  );

  const componentOptions = useMemo(() => {
    const options = (components.data ?? []).map((item) => ({ value: item.id, label: item.name }));
    if (topologyId && !listed && named.data) {
      options.unshift({ value: named.data.id, label: named.data.name });
    }
    return options;
  }, [components.data, listed, named.data, topologyId]);

  let content;
  if (components.isError) {
    content = (
      <EmptyState
        title="Unable to load the components"
        description={errorMessage(components.error)}
      />
    );
  } else if (!topologyId || (!componentKnown && !components.isPending && !named.isPending)) {
    content = <EmptyState icon={<LogsIcon size={22} />} title={SELECT_COMPONENT_TEXT} />;
  } else if (component.isError) {
    content = (
      <EmptyState
        title="Unable to load the component"
        description={errorMessage(component.error)}
      />
    );
  } else if (search.isError && !search.data) {
    content = (
      <EmptyState title="Unable to load the logs" description={errorMessage(search.error)} />
    );
  } else if (!searchReady || search.isPending) {
    content = (
      <div className="flex justify-center py-12">
        <Spinner label="Loading logs" />
      </div>
    );
  } else {
    content = (
      <LogTable
        rows={rows}
        selected={selected}
        onToggle={onToggle}
        onSelectAll={onSelectAll}
        follow={follow}
        onAtEndChange={onAtEndChange}
        isLoading={search.isFetching && rows.length === 0}
        emptyMessage={NO_LOGS_TEXT}
      />
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {logsEnabled ? null : (
        <p
          role="note"
          className="m-0 rounded-md border border-border bg-surface-sunken px-3 py-2 text-sm text-fg-muted"
        >
          The logs feature is turned off: this page is hidden from the navigation.
        </p>
      )}
      <FilterBar
        label="Log filters"
        actions={
          <>
            <Switch
              label="Follow"
              checked={follow}
              disabled={!searchReady || !canFollow}
              onChange={setFollow}
            />
            <TimeRangePicker value={start} onChange={(next) => setValues({ start: next })} />
          </>
        }
      >
        <SelectFilter
          label="Component"
          allLabel="None"
          value={topologyId}
          options={componentOptions}
          onChange={(id) => setValues({ topologyId: id, logsSelector: '' })}
        />
        {componentKnown && selectorNames.length > 0 ? (
          <SelectFilter
            label="Log selector"
            allLabel={null}
            value={selector}
            options={selectorNames.map((name) => ({ value: name, label: name }))}
            onChange={(logsSelector) => setValues({ logsSelector })}
          />
        ) : null}
        <SearchFilter
          label="Search logs"
          value={query}
          debounceMs={LOGS_QUERY_DEBOUNCE_MS}
          onChange={(next) => setValues({ query: next.trim() ? next : '' })}
          className="sm:w-72"
        />
      </FilterBar>
      {componentKnown && search.data ? (
        <LogsStatus
          shown={rows.length}
          total={search.data.total}
          isFetching={search.isFetching}
          follow={follow}
          selectedRows={selectedRows}
          onClearSelection={() => onSelectAll(false)}
          evidence={{
            componentId: topologyId,
            componentName: componentName ?? topologyId,
            selector,
            query,
            range,
          }}
        />
      ) : null}
      {content}
    </div>
  );
}

interface EvidenceContext {
  componentId: string;
  componentName: string;
  selector: string;
  query: string;
  range: string;
}

/** The line count, the selection and its 'Attach as Evidence' action. */
function LogsStatus({
  shown,
  total,
  isFetching,
  follow,
  selectedRows,
  onClearSelection,
  evidence,
}: {
  shown: number;
  total: number;
  isFetching: boolean;
  follow: boolean;
  selectedRows: readonly LogRow[];
  onClearSelection: () => void;
  evidence: EvidenceContext;
}) {
  const { user } = useSession();
  const canWriteIncidents = useCan('incident', 'write');
  const incidentsEnabled = useFeatureEnabled('incidents');
  const [attaching, setAttaching] = useState(false);
  const showEvidence = canWriteIncidents && incidentsEnabled && Boolean(user?.id);
  const count = selectedRows.length;
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-2 text-sm text-fg-muted">
      <p className="m-0" aria-live="polite">
        {shown === total
          ? `${total.toLocaleString()} ${total === 1 ? 'line' : 'lines'}`
          : `Showing ${shown.toLocaleString()} of ${total.toLocaleString()} lines`}
        {follow ? ' · following' : ''}
        {isFetching ? (
          <Spinner size={12} label="Refreshing" className="ml-2 inline-block align-middle" />
        ) : null}
      </p>
      {count > 0 ? (
        <div
          role="group"
          aria-label="Selected lines"
          className="ml-auto flex flex-wrap items-center gap-2"
        >
          <span className="font-medium text-fg">
            {count} {count === 1 ? 'line' : 'lines'} selected
          </span>
          <Button size="sm" variant="ghost" onClick={onClearSelection}>
            Clear selection
          </Button>
          {showEvidence && user ? (
            <Button size="sm" variant="primary" onClick={() => setAttaching(true)}>
              Attach as Evidence
            </Button>
          ) : null}
        </div>
      ) : null}
      {attaching && user ? (
        <AttachEvidenceDialog
          subject={`${count} ${count === 1 ? 'log line' : 'log lines'} of ${evidence.componentName}`}
          defaultDescription={`Logs of ${evidence.componentName}`}
          evidence={{
            type: 'log',
            component_id: evidence.componentId,
            evidence: {
              logsSelector: evidence.selector,
              query: evidence.query,
              start: evidence.range,
              lines: selectedRows.map((row): LogLine => ({
                timestamp: row.timestamp,
                message: row.message,
                labels: row.labels ?? {},
              })),
            },
          }}
          userId={user.id}
          onClose={() => setAttaching(false)}
        />
      ) : null}
    </div>
  );
}
