/**
 * A check's stat tiles (spec doc 1 §2), shown by the console's check dialog and by
 * `<vigil-check-detail>`: Uptime % with passed and failed counts and the latency percentiles over
 * the range (from the graph endpoint, contract rbac-and-flags.md §5.6), then Severity, Last Run,
 * Transitioned, Next Run and Time Range. A description list, so each value is read with its name.
 */
import type { ReactNode } from 'react';
import type { CheckGraphResponse } from '../../api/types';
import { cx } from '../../lib/class-names';
import { formatDuration, formatPercent, uptimePercent } from '../../lib/duration';
import { formatCompactRelative, formatTimestamp, isValidDate } from '../../lib/time';
import type { CheckView } from './check-view';

export interface CheckStatTilesProps {
  check: CheckView;
  graph: CheckGraphResponse | undefined;
  isGraphLoading: boolean;
  timeRange: string;
  /**
   * Grid columns (default: by viewport width, up to nine in a row). A widget passes container
   * query classes instead, since its width is not the page's.
   */
  columnsClassName?: string;
}

const DEFAULT_COLUMNS = 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-9';

interface TileProps {
  /** `data-stat` of the tile, for hosts and tests. */
  id: string;
  label: string;
  children: ReactNode;
  hint?: ReactNode;
}

function Tile({ id, label, children, hint }: TileProps) {
  return (
    <div
      part="stat"
      data-stat={id}
      className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-border bg-surface px-3 py-2"
    >
      <dt part="stat-label" className="text-xs font-medium tracking-wide text-fg-muted uppercase">
        {label}
      </dt>
      <dd part="stat-value" className="m-0 truncate text-base font-semibold text-fg tabular-nums">
        {children}
      </dd>
      {hint ? (
        <dd part="stat-hint" className="m-0 text-xs text-fg-muted tabular-nums">
          {hint}
        </dd>
      ) : null}
    </div>
  );
}

/** A compact relative time that fits a tile: `4m ago`, `in 30s`; the full stamp as tooltip. */
function When({ value }: { value: string | undefined }) {
  if (!isValidDate(value)) return <>-</>;
  return (
    <time dateTime={value} title={formatTimestamp(value)}>
      {formatCompactRelative(value)}
    </time>
  );
}

const PENDING = '…';

export function CheckStatTiles({
  check,
  graph,
  isGraphLoading,
  timeRange,
  columnsClassName = DEFAULT_COLUMNS,
}: CheckStatTilesProps) {
  const passed = graph?.uptime?.passed ?? 0;
  const failed = graph?.uptime?.failed ?? 0;
  const latency = graph?.latency ?? {};
  const pending = isGraphLoading && !graph;
  const latencyText = (value: number | undefined) => (pending ? PENDING : formatDuration(value));
  return (
    <dl part="stats" className={cx('m-0 grid gap-2', columnsClassName)}>
      <Tile
        id="uptime"
        label="Uptime"
        hint={pending ? undefined : `${passed} passed · ${failed} failed`}
      >
        {pending ? PENDING : formatPercent(uptimePercent(passed, failed))}
      </Tile>
      <Tile id="latency-p95" label="Latency p95">
        {latencyText(latency.p95)}
      </Tile>
      <Tile id="latency-p97" label="Latency p97">
        {latencyText(latency.p97)}
      </Tile>
      <Tile id="latency-p99" label="Latency p99">
        {latencyText(latency.p99)}
      </Tile>
      <Tile id="severity" label="Severity">
        <span className="capitalize">{check.severity ?? '-'}</span>
      </Tile>
      <Tile id="last-run" label="Last Run">
        <When value={check.lastRuntime} />
      </Tile>
      <Tile id="transitioned" label="Transitioned">
        <When value={check.lastTransitionTime} />
      </Tile>
      <Tile id="next-run" label="Next Run">
        <When value={check.nextRuntime} />
      </Tile>
      <Tile id="time-range" label="Time Range">
        {timeRange}
      </Tile>
    </dl>
  );
}
