/**
 * `/health`: the checks of `GET /canary/api/summary`, filtered, tabbed, sorted and grouped by the
 * URL-held state (hidePassing, query, groupBy, tabBy, tab, sortBy, sortDesc, labels).
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useApiClient, useRuntimeConfig } from '../../api/api-context';
import { errorMessage } from '../../api/client';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { AlertCircleIcon, CheckIcon, PlusIcon, SettingsIcon } from '../../ui/icons';
import { useCan } from '../../rbac/use-can';
import { SearchFilter } from '../../ui/filter-bar';
import { lazyComponent } from '../../ui/lazy-component';
import { Popover } from '../../ui/popover';
import { RefreshSelector, useAutoRefresh, useRefreshInterval } from '../../ui/auto-refresh';
import {
  DEFAULT_TIME_RANGE,
  formatTimeRange,
  TimeRangePicker,
  timeRangeDurationMs,
  tryParseTimeRange,
} from '../../ui/time-range';
import { formatRelative } from '../../lib/time';
import { cx } from '../../lib/class-names';
import { usePageRefresh } from '../../ui/page-refresh';
import { StatusIcon } from '../../ui/status-icon';
import { Switch } from '../../ui/switch';
import { Tabs } from '../../ui/tabs';
import { useUrlState } from '../../ui/use-url-state';
import { afterNextPaint } from '../../ui/after-paint';
import { HealthLabelFilter } from './health-label-filter';
import { createHealthViewBuilder, FIXED_GROUP_BY, warmSearch } from './health-pipeline';
import { isPivotActive, type PIVOT_CELL_TYPES } from './health-pivot';
import { HealthTable, toHealthRows } from './health-table';
import { healthSummaryQuery } from './health-summary-query';
import { healthSelectClass } from './health-select-class';
import { HEALTH_SEARCH_DEBOUNCE_MS, healthUrlSchema } from './health-url-state';
import type { ViewOptionsProps } from './health-view-options';

// The check dialog (history, chart, actions, evidence, playbooks, incident creation) loads beside
// the page, not in its first load: a deep link with ?checkId= asks for it at once, and otherwise
// it is fetched once the first rows are painted, so a click on a row opens it without waiting.
// The default layout is the table: the cards (with their own virtualizer) and the pivot load
// when chosen.
const HealthCards = lazyComponent(() => import('./health-cards').then((m) => m.HealthCards));
const HealthPivotTable = lazyComponent(() =>
  import('./health-pivot-table').then((m) => m.HealthPivotTable),
);
const CheckDialog = lazyComponent(() =>
  import('./check-dialog/check-dialog').then((m) => m.CheckDialog),
);
// The View panel's content (sort, pivot): fetched once the first rows are painted and the browser
// is idle; the panel is closed until then.
const ViewOptionsPanel = lazyComponent(() =>
  import('./health-view-options').then((m) => m.ViewOptionsPanel),
);

const GROUP_LABELS: Record<string, string> = {
  'no-group': 'No grouping',
  canary_name: 'Canary',
  name: 'Name',
  description: 'Description',
  type: 'Type',
};

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

/** Where the auto-refresh choice is stored (contract rbac-and-flags.md §5.1). */
const HEALTH_REFRESH_STORAGE_KEY = 'healthPageRefreshRate';

/** Re-render every `ms` so relative times ("updated 20s ago") stay true. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** When the data on screen was fetched, and a warning while refreshes fail (the data stays). */
function Freshness({
  updatedAt,
  error,
  onRetry,
}: {
  updatedAt: number;
  error: unknown;
  onRetry: () => void;
}) {
  const now = useNow(10_000);
  if (updatedAt === 0) return null;
  const age = formatRelative(updatedAt, Math.max(now, updatedAt));
  if (error) {
    return (
      <div
        role="status"
        className="flex items-center gap-2 rounded-md border border-warning bg-warning-soft px-2 py-1 text-xs text-fg"
      >
        <AlertCircleIcon size={14} className="text-warning" />
        <span>
          Refresh failed ({errorMessage(error)}). Showing data from {age}.
        </span>
        <button
          type="button"
          onClick={onRetry}
          className="font-medium text-link underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          Retry
        </button>
      </div>
    );
  }
  return (
    <span className="text-xs text-fg-subtle" title={new Date(updatedAt).toISOString()}>
      Updated {age}
    </span>
  );
}

/** Sort and pivot choices (the pivot applies to the table layout). */
function ViewOptions(props: ViewOptionsProps) {
  return (
    <Popover
      anchor="bottom end"
      button={
        <>
          <SettingsIcon size={14} />
          View
        </>
      }
      panelLabel="View options"
      panelClassName="grid w-72 gap-3 p-3"
    >
      <ViewOptionsPanel {...props} />
    </Popover>
  );
}

function LayoutToggle({
  value,
  onChange,
}: {
  value: 'table' | 'card';
  onChange: (value: 'table' | 'card') => void;
}) {
  return (
    <div
      role="radiogroup"
      aria-label="Layout"
      className="inline-flex h-9 rounded-md border border-border bg-surface p-0.5 shadow-sm"
    >
      {(['table', 'card'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={value === option}
          onClick={() => onChange(option)}
          className={cx(
            'rounded px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary',
            value === option
              ? 'bg-primary-soft font-medium text-fg'
              : 'text-fg-muted hover:text-fg',
          )}
        >
          {option === 'table' ? 'Table' : 'Cards'}
        </button>
      ))}
    </div>
  );
}

export interface HealthPageProps {
  /**
   * A kiosk screen (the app's kiosk shell): only the counts above the tabs (no filter toolbar;
   * the URL still sets every filter), no auto-refresh of its own (the kiosk refreshes every query
   * on screen) and the check dialog opens embedded.
   */
  kiosk?: boolean;
  /** Called with the ids of the tabs on screen, in order (a kiosk rotates through them). */
  onTabsChange?: (tabIds: readonly string[]) => void;
}

export function HealthPage({ kiosk = false, onTabsChange }: HealthPageProps = {}) {
  const client = useApiClient();
  const runtimeConfig = useRuntimeConfig();
  const [state, setState] = useUrlState(healthUrlSchema);
  // The list form, or the contract's form in health-only mode (health-summary-query.ts).
  const summary = useQuery(healthSummaryQuery(client, runtimeConfig.healthOnly === true));
  usePageRefresh(() => void summary.refetch(), summary.isFetching);
  // The range is not sent with the summary (contract §3.1): choosing one refetches, sets which
  // refresh rates are allowed, and is the check dialog's window.
  const timeRange = tryParseTimeRange(state.timeRange) ?? DEFAULT_TIME_RANGE;
  const rangeMs = timeRangeDurationMs(timeRange);
  const { intervalMs } = useRefreshInterval(HEALTH_REFRESH_STORAGE_KEY, rangeMs);
  useAutoRefresh(kiosk ? null : intervalMs, () => void summary.refetch());
  const canAddCheck = useCan('canaries', 'write');
  const groupId = useId();
  const tabById = useId();

  const checks = useMemo(() => summary.data ?? [], [summary.data]);
  // Remembers the work of earlier views of the same summary (a narrowing search, a view seen
  // lately), so a keystroke or a toggle does not redo 10,000 checks.
  const [builder] = useState(createHealthViewBuilder);
  const labelKeys = useMemo(() => builder.labelKeys(checks), [builder, checks]);
  const view = useMemo(
    () =>
      builder.view(checks, {
        hidePassing: state.hidePassing,
        query: state.query,
        labels: state.labels,
        tabBy: state.tabBy,
        tab: state.tab,
        groupBy: state.groupBy,
        sortBy: state.sortBy || undefined,
        sortDesc: state.sortDesc,
      }),
    [
      builder,
      checks,
      state.hidePassing,
      state.query,
      state.labels,
      state.tabBy,
      state.tab,
      state.groupBy,
      state.sortBy,
      state.sortDesc,
    ],
  );
  const rows = useMemo(() => toHealthRows(view.groups, view.checks), [view]);
  // After the first rows are on screen, prepare every check's search text while the browser is
  // idle, so the first search does not pay for it.
  useEffect(() => {
    if (checks.length === 0) return;
    // Not every browser has requestIdleCallback (Safari): a short timer stands in.
    const hasIdle = typeof window.requestIdleCallback === 'function';
    let handle = 0;
    let from = 0;
    const step = (deadline?: IdleDeadline) => {
      const started = performance.now();
      from = warmSearch(checks, from, () =>
        deadline ? deadline.timeRemaining() < 2 : performance.now() - started > 8,
      );
      if (from < checks.length) schedule();
    };
    const schedule = () => {
      handle = hasIdle
        ? window.requestIdleCallback(step, { timeout: 2000 })
        : window.setTimeout(step, 50);
    };
    schedule();
    return () => {
      if (hasIdle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [checks]);
  // Reported only when the list of tabs changes, not on every refresh.
  const tabIds = JSON.stringify(view.tabs.map((tab) => tab.id));
  useEffect(() => {
    onTabsChange?.(JSON.parse(tabIds) as string[]);
  }, [tabIds, onTabsChange]);
  const counts = view.counts.shown;
  const pivoted =
    state.layout === 'table' && isPivotActive(state.pivotBy, state.pivotCellType, labelKeys);

  const checkHref = useCallback((id: string) => {
    const params = new URLSearchParams(window.location.search);
    params.set('checkId', id);
    return `${window.location.pathname}?${params.toString()}`;
  }, []);
  const openCheck = useCallback((id: string) => setState({ checkId: id }), [setState]);
  const selectedCheck = useMemo(
    () => (state.checkId ? checks.find((check) => check.id === state.checkId) : undefined),
    [checks, state.checkId],
  );
  const hasRows = summary.data !== undefined;
  useEffect(() => {
    if (!hasRows) return;
    // Once the first rows are painted; the View panel once the browser is idle too. A failure is
    // the import's own to report when the dialog or the panel is opened.
    const cancelDialog = afterNextPaint(() => CheckDialog.preload());
    const cancelPanel = kiosk
      ? undefined
      : afterNextPaint(() => ViewOptionsPanel.preload(), { idle: true });
    return () => {
      cancelDialog();
      cancelPanel?.();
    };
  }, [hasRows, kiosk]);
  const dialog = state.checkId ? (
    <CheckDialog
      key={state.checkId}
      checkId={state.checkId}
      timeRange={state.timeRange}
      check={selectedCheck}
      onClose={() => setState({ checkId: '' })}
      summaryOnly={runtimeConfig.healthOnly === true}
      isEmbedded={kiosk}
    />
  ) : null;

  if (summary.isError && !summary.data) {
    return (
      <>
        {dialog}
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
      </>
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

  const countsGroup = (
    <div
      className="flex items-center gap-2"
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
  );

  return (
    <div className="flex flex-col gap-4">
      {dialog}
      {kiosk ? (
        <section aria-label="Summary" className="flex flex-wrap items-center gap-3">
          {countsGroup}
        </section>
      ) : (
        <section
          aria-label="Filters"
          className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-border bg-surface p-3 shadow-sm"
        >
          <SearchFilter
            label="Search checks"
            value={state.query}
            onChange={(query) => setState({ query })}
            debounceMs={HEALTH_SEARCH_DEBOUNCE_MS}
          />
          <div className="contents">
            <HealthLabelFilter
              labels={view.labels}
              value={state.labels}
              onChange={(labels) => setState({ labels })}
              badge={view.filterBadge}
            />
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
                className={healthSelectClass}
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
                className={healthSelectClass}
                value={view.tabBy}
                onChange={(event) => setState({ tabBy: event.target.value, tab: 'All' })}
              >
                <option value="namespace">Namespace</option>
                <option value="agent_id">Agent</option>
                <LabelKeyOptions keys={labelKeys} />
              </select>
            </div>
            <LayoutToggle value={state.layout} onChange={(layout) => setState({ layout })} />
            <ViewOptions
              layout={state.layout}
              sortBy={state.sortBy}
              sortDesc={state.sortDesc}
              pivotBy={state.pivotBy}
              pivotLabel={state.pivotLabel}
              pivotCellType={state.pivotCellType}
              labelKeys={labelKeys}
              onChange={(patch) => setState(patch)}
            />
          </div>
          <div className="ml-auto flex flex-wrap items-center justify-end gap-3">
            <TimeRangePicker
              value={timeRange}
              align="end"
              onChange={(value) => {
                setState({ timeRange: formatTimeRange(value) });
                void summary.refetch();
              }}
            />
            <RefreshSelector storageKey={HEALTH_REFRESH_STORAGE_KEY} rangeMs={rangeMs} />
            <Freshness
              updatedAt={summary.dataUpdatedAt}
              error={summary.isError ? summary.error : undefined}
              onRetry={() => void summary.refetch()}
            />
            {countsGroup}
            {canAddCheck ? (
              <Link
                href="/settings/canaries?add=true"
                className="inline-flex h-9 items-center gap-1.5 rounded-md bg-primary px-3 text-sm font-medium text-primary-fg shadow-sm hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary"
              >
                <PlusIcon size={14} />
                Add check
              </Link>
            ) : null}
          </div>
        </section>
      )}

      <Tabs
        label="Check tabs"
        items={view.tabs}
        selectedId={view.tab}
        onChange={(tab) => setState({ tab })}
      >
        <div className="pt-4">
          {state.layout === 'card' ? (
            <HealthCards
              groups={view.groups}
              checks={view.checks}
              isLoading={summary.isPending}
              emptyMessage={emptyMessage}
              checkHref={checkHref}
              onOpenCheck={openCheck}
            />
          ) : pivoted ? (
            <HealthPivotTable
              checks={view.checks}
              pivotBy={state.pivotBy}
              pivotLabel={state.pivotLabel}
              cellType={state.pivotCellType as (typeof PIVOT_CELL_TYPES)[number]}
              isLoading={summary.isPending}
              emptyMessage={emptyMessage}
              onOpenCheck={openCheck}
            />
          ) : (
            <HealthTable
              rows={rows}
              isLoading={summary.isPending}
              sortBy={state.sortBy}
              sortDesc={state.sortDesc}
              onSortChange={(sortBy, sortDesc) => setState({ sortBy, sortDesc })}
              emptyMessage={emptyMessage}
              checkHref={checkHref}
              onOpenCheck={openCheck}
            />
          )}
        </div>
      </Tabs>
    </div>
  );
}
