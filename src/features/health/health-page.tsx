/**
 * `/health`: the checks of `GET /canary/api/summary`, filtered, tabbed, sorted and grouped by the
 * URL-held state (hidePassing, query, groupBy, tabBy, tab, sortBy, sortDesc, labels).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useApiClient } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { healthQueries } from '../../api/health';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, CheckIcon, SearchIcon } from '../../ui/icons';
import { usePageRefresh } from '../../ui/page-refresh';
import { StatusIcon } from '../../ui/status-icon';
import { Switch } from '../../ui/switch';
import { Tabs } from '../../ui/tabs';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { useUrlState } from '../../ui/use-url-state';
import { buildHealthView, FIXED_GROUP_BY, labelKeysOf } from './health-pipeline';
import { HealthTable, toHealthRows } from './health-table';
import { HEALTH_SEARCH_DEBOUNCE_MS, healthUrlSchema } from './health-url-state';

const GROUP_LABELS: Record<string, string> = {
  'no-group': 'No grouping',
  canary_name: 'Canary',
  name: 'Name',
  description: 'Description',
  type: 'Type',
};

const selectClass =
  'h-9 rounded-md border border-border bg-surface px-2 text-sm text-fg shadow-sm hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

/** Label keys offered as extra choices of a select (group by / tabs by a label). */
function LabelKeyOptions({ keys }: { keys: readonly string[] }) {
  if (keys.length === 0) return null;
  return (
    <optgroup label="Labels">
      {keys.map((key) => (
        <option key={key} value={key}>
          {key}
        </option>
      ))}
    </optgroup>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const debounced = useDebouncedValue(draft, HEALTH_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
    // Only a settled draft writes the URL; URL changes from elsewhere are picked up below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const [previous, setPrevious] = useState(value);
  if (previous !== value) {
    setPrevious(value);
    if (value !== debounced) setDraft(value);
  }
  return (
    <div className="relative w-full sm:w-56">
      <label htmlFor={id} className="sr-only">
        Search checks
      </label>
      <SearchIcon
        size={16}
        className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-fg-subtle"
      />
      <input
        id={id}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Search checks…"
        className="h-9 w-full rounded-md border border-border bg-surface pr-3 pl-8 text-sm text-fg shadow-sm placeholder:text-fg-subtle hover:border-border-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
      />
    </div>
  );
}

export function HealthPage() {
  const client = useApiClient();
  const [state, setState] = useUrlState(healthUrlSchema);
  const summary = useQuery(healthQueries.summary(client));
  usePageRefresh(() => void summary.refetch(), summary.isFetching);
  const groupId = useId();
  const tabById = useId();

  const checks = useMemo(() => summary.data ?? [], [summary.data]);
  const labelKeys = useMemo(() => labelKeysOf(checks), [checks]);
  const view = useMemo(
    () =>
      buildHealthView(checks, {
        hidePassing: state.hidePassing,
        query: state.query,
        labels: state.labels,
        tabBy: state.tabBy,
        tab: state.tab,
        groupBy: state.groupBy,
        sortBy: state.sortBy || undefined,
        sortDesc: state.sortDesc,
      }),
    [checks, state],
  );
  const rows = useMemo(() => toHealthRows(view.groups, view.checks), [view]);
  const counts = view.counts.shown;

  if (summary.isError && !summary.data) {
    return (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Health checks could not be loaded"
        description={errorMessage(summary.error)}
        actions={
          <Button variant="primary" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }

  const emptyMessage =
    checks.length === 0 ? (
      'No data available'
    ) : state.hidePassing && view.counts.hiddenPassing > 0 && view.checks.length === 0 ? (
      <span className="inline-flex flex-col items-center gap-3">
        <span className="inline-flex items-center gap-2 font-medium text-fg">
          <CheckIcon size={16} className="text-healthy" /> Every matching check is passing
        </span>
        <Button size="sm" onClick={() => setState({ hidePassing: false })}>
          Show passing checks
        </Button>
      </span>
    ) : (
      'No checks match these filters'
    );

  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label="Filters"
        className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-border bg-surface p-3 shadow-sm"
      >
        <SearchBox value={state.query} onChange={(query) => setState({ query })} />
        <div className="contents">
          <Switch
            label="Hide Passing"
            checked={state.hidePassing}
            onChange={(hidePassing) => setState({ hidePassing })}
          />
          <div className="flex items-center gap-2">
            <label htmlFor={groupId} className="text-sm text-fg-muted">
              Group by
            </label>
            <select
              id={groupId}
              className={selectClass}
              value={view.groupBy}
              onChange={(event) => setState({ groupBy: event.target.value })}
            >
              {FIXED_GROUP_BY.map((option) => (
                <option key={option} value={option}>
                  {GROUP_LABELS[option]}
                </option>
              ))}
              <LabelKeyOptions keys={labelKeys} />
            </select>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={tabById} className="text-sm text-fg-muted">
              Tabs by
            </label>
            <select
              id={tabById}
              className={selectClass}
              value={view.tabBy}
              onChange={(event) => setState({ tabBy: event.target.value, tab: 'All' })}
            >
              <option value="namespace">Namespace</option>
              <option value="agent_id">Agent</option>
              <LabelKeyOptions keys={labelKeys} />
            </select>
          </div>
        </div>
        <div
          className="ml-auto flex items-center gap-2"
          aria-live="polite"
          aria-label="Check counts"
          aria-busy={summary.isPending}
          role="group"
        >
          {summary.isPending ? (
            <span className="text-sm text-fg-muted">Loading checks…</span>
          ) : (
            <>
              <Badge
                tone="healthy"
                title={
                  view.counts.hiddenPassing > 0
                    ? `${view.counts.hiddenPassing} passing checks are hidden by Hide Passing`
                    : undefined
                }
              >
                <StatusIcon tone="healthy" size={12} label="" />
                {counts.passing} passing
                {view.counts.hiddenPassing > 0 ? (
                  <span className="sr-only"> ({view.counts.hiddenPassing} passing hidden)</span>
                ) : null}
              </Badge>
              <Badge tone="unhealthy">
                <StatusIcon tone="unhealthy" size={12} label="" />
                {counts.failing} failing
              </Badge>
            </>
          )}
        </div>
      </section>

      <Tabs
        label="Check tabs"
        items={view.tabs}
        selectedId={view.tab}
        onChange={(tab) => setState({ tab })}
      >
        <div className="pt-4">
          <HealthTable
            rows={rows}
            isLoading={summary.isPending}
            sortBy={state.sortBy}
            sortDesc={state.sortDesc}
            onSortChange={(sortBy, sortDesc) => setState({ sortBy, sortDesc })}
            emptyMessage={emptyMessage}
          />
        </div>
      </Tabs>
    </div>
  );
}
