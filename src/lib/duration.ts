/**
 * Duration and percentage display (spec doc 1 §9): milliseconds under 1000, seconds under
 * 60 000, minutes under 3 600 000, otherwise hours. Percentages show one decimal.
 */

function trim(value: number): string {
  // At most two decimals, without trailing zeros: 1.5s, 2s, 1.25m.
  return String(Math.round(value * 100) / 100);
}

/** Format milliseconds for display; `-` for missing or non-finite values. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '-';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${trim(ms / 1000)}s`;
  if (ms < 3_600_000) return `${trim(ms / 60_000)}m`;
  return `${trim(ms / 3_600_000)}h`;
}

/** A percentage with one decimal (`99.5%`); `-` when missing. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  return `${value.toFixed(1)}%`;
}

/** Uptime % = passed / (passed + failed) × 100; undefined when there is no run. */
export function uptimePercent(passed: number, failed: number): number | undefined {
  const total = passed + failed;
  return total > 0 ? (passed / total) * 100 : undefined;
}

/** Uptime for display: 1 decimal, `-` when the total is 0. */
export function formatUptime(uptime: { passed?: number; failed?: number } | undefined): string {
  return formatPercent(uptimePercent(uptime?.passed ?? 0, uptime?.failed ?? 0));
}
