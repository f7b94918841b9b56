/**
 * "Health Overview": the check's runs over the range from `GET /canary/api/graph` (one point per
 * time bucket: mean duration, all passed or not). Passed and failed buckets differ in colour AND
 * symbol (circle vs triangle) and are named in the legend and tooltip, so status never rests on
 * colour alone; a text summary is provided for assistive technology. Shown by the console's check
 * dialog and by `<vigil-check-detail>`.
 */
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { CheckGraphPoint } from '../../api/types';
import { formatDuration } from '../../lib/duration';
import { formatTimestamp } from '../../lib/time';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import type { ChartTokens, ThemeChartOption } from '../../ui/chart/theme-chart';

// ECharts is loaded only when a chart is shown, keeping it out of the health page's chunk and out
// of the widgets' shared runtime (only <vigil-check-detail> with a chart downloads it).
const ThemeChart = lazy(() =>
  import('../../ui/chart/theme-chart').then((module) => ({ default: module.ThemeChart })),
);

export interface CheckHealthChartProps {
  points: readonly CheckGraphPoint[] | null | undefined;
  isLoading?: boolean;
  error?: string;
  height?: number;
}

type Datum = { value: [number, number]; point: CheckGraphPoint };

/** A bucket passed when `status` is true; an absent `status` means it failed (api.md §3.2). */
export function bucketPassed(point: CheckGraphPoint): boolean {
  return point.status === true;
}

/** The text alternative of the chart. */
export function describeHealthPoints(points: readonly CheckGraphPoint[]): string {
  const failed = points.filter((point) => !bucketPassed(point)).length;
  const passed = points.length - failed;
  const last = points[points.length - 1];
  const lastText = last
    ? ` Latest bucket ${formatTimestamp(last.time)}: ${bucketPassed(last) ? 'passed' : 'failed'}, ${formatDuration(last.duration)}.`
    : '';
  return `${points.length} time buckets: ${passed} all passed, ${failed} with failures.${lastText}`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function tooltipFor(point: CheckGraphPoint): string {
  const state = bucketPassed(point) ? 'Passed' : 'Failed';
  const counts = `${point.passed ?? 0} passed, ${point.failed ?? 0} failed`;
  return [
    `<strong>${escapeHtml(state)}</strong>`,
    escapeHtml(formatTimestamp(point.time)),
    `Duration: ${escapeHtml(formatDuration(point.duration))}`,
    escapeHtml(counts),
  ].join('<br/>');
}

function buildOption(points: readonly CheckGraphPoint[], tokens: ChartTokens): ThemeChartOption {
  const passed: Datum[] = [];
  const failed: Datum[] = [];
  for (const point of points) {
    const time = Date.parse(point.time);
    if (!Number.isFinite(time)) continue;
    (bucketPassed(point) ? passed : failed).push({ value: [time, point.duration ?? 0], point });
  }
  const axisLabel = { color: tokens.textMuted, fontFamily: tokens.font };
  return {
    animation: false,
    textStyle: { fontFamily: tokens.font, color: tokens.text },
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    legend: {
      top: 0,
      right: 8,
      textStyle: { color: tokens.text, fontFamily: tokens.font },
      data: ['Passed', 'Failed'],
    },
    tooltip: {
      trigger: 'item',
      backgroundColor: tokens.surface,
      borderColor: tokens.border,
      textStyle: { color: tokens.text, fontFamily: tokens.font },
      formatter: (params) => {
        const item = Array.isArray(params) ? params[0] : params;
        const datum = item?.data as Datum | undefined;
        return datum ? tooltipFor(datum.point) : '';
      },
    },
    xAxis: {
      type: 'time',
      axisLabel,
      axisLine: { lineStyle: { color: tokens.border } },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: 'Duration',
      nameTextStyle: axisLabel,
      axisLabel: { ...axisLabel, formatter: (value: number) => formatDuration(value) },
      splitLine: { lineStyle: { color: tokens.grid } },
    },
    series: [
      {
        name: 'Passed',
        type: 'scatter',
        symbol: 'circle',
        symbolSize: 7,
        itemStyle: { color: tokens.healthy },
        data: passed,
      },
      {
        name: 'Failed',
        type: 'scatter',
        symbol: 'triangle',
        symbolSize: 10,
        itemStyle: { color: tokens.unhealthy },
        data: failed,
      },
    ],
  };
}

export function CheckHealthChart({
  points,
  isLoading = false,
  error,
  height = 220,
}: CheckHealthChartProps) {
  const list = useMemo(() => points ?? [], [points]);
  const build = useCallback((tokens: ChartTokens) => buildOption(list, tokens), [list]);
  if (error) {
    return (
      <div role="alert" className="py-6 text-center text-sm text-unhealthy">
        Health overview could not be loaded: {error}
      </div>
    );
  }
  if (isLoading && list.length === 0) {
    return (
      <div className="flex items-center justify-center text-fg-muted" style={{ height }}>
        <Spinner label="Loading health overview" />
      </div>
    );
  }
  if (list.length === 0) {
    return <EmptyState title="No runs in this time range" className="py-8" />;
  }
  const spinner = (
    <div className="flex items-center justify-center text-fg-muted" style={{ height }}>
      <Spinner label="Loading health overview" />
    </div>
  );
  return (
    <Suspense fallback={spinner}>
      <ThemeChart
        buildOption={build}
        label="Health overview: run duration over time, passed and failed"
        description={describeHealthPoints(list)}
        height={height}
      />
    </Suspense>
  );
}
