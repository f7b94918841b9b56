/**
 * The dialog's stat tiles (spec doc 1 §2): Uptime % with passed and failed counts and the latency
 * percentiles over the range (from the graph endpoint, contract rbac-and-flags.md §5.6), then
 * Severity, Last Run, Transitioned, Next Run and Time Range. A description list, so each value is
 * read with its name.
 */
import type { ReactNode } from 'react';
import type { CheckGraphResponse } from '../../../api/types';
import { formatDuration, formatPercent, uptimePercent } from '../../../lib/duration';
import { formatCompactRelative, formatTimestamp, isValidDate } from '../../../lib/time';
import type { CheckView } from './check-view';

export interface CheckStatTilesProps {
  check: CheckView;
  graph: CheckGraphResponse | undefined;
  isGraphLoading: boolean;
  timeRange: string;
}

function Tile({ label, children, hint }: { label: string; children: ReactNode; hint?: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-lg border border-border bg-surface px-3 py-2">
      <dt className="text-xs font-medium tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="m-0 truncate text-base font-semibold text-fg tabular-nums">{children}</dd>
      {hint ? <dd className="m-0 text-xs text-fg-muted tabular-nums">{hint}</dd> : null}
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

export function CheckStatTiles({ check, graph, isGraphLoading, timeRange }: CheckStatTilesProps) {
  const passed = graph?.uptime?.passed ?? 0;
  const failed = graph?.uptime?.failed ?? 0;
  const latency = graph?.latency ?? {};
  const pending = isGraphLoading && !graph;
  const latencyText = (value: number | undefined) => (pending ? PENDING : formatDuration(value));
  return (
    <dl className="m-0 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5 xl:grid-cols-9">
      <Tile label="Uptime" hint={pending ? undefined : `${passed} passed · ${failed} failed`}>
        {pending ? PENDING : formatPercent(uptimePercent(passed, failed))}
      </Tile>
      <Tile label="Latency p95">{latencyText(latency.p95)}</Tile>
      <Tile label="Latency p97">{latencyText(latency.p97)}</Tile>
      <Tile label="Latency p99">{latencyText(latency.p99)}</Tile>
      <Tile label="Severity">
        <span className="capitalize">{check.severity ?? '-'}</span>
      </Tile>
      <Tile label="Last Run">
        <When value={check.lastRuntime} />
      </Tile>
      <Tile label="Transitioned">
        <When value={check.lastTransitionTime} />
      </Tile>
      <Tile label="Next Run">
        <When value={check.nextRuntime} />
      </Tile>
      <Tile label="Time Range">{timeRange}</Tile>
    </dl>
  );
}
