/**
 * The default time range of the check dialog and `<vigil-check-detail>` (contract
 * rbac-and-flags.md §5.10): chosen from the time elapsed since the check's last run, so a check
 * that last ran days ago opens on a range that still shows its history. A `timeRange` in the URL
 * (or a `time-range` attribute) wins over this default.
 */
import { DEFAULT_CHECK_TIME_RANGE } from '../../api/checks';
import { millisSince, type DateInput } from '../../lib/time';

/** Upper bounds in minutes (exclusive) and the range chosen below each. */
const STEPS: readonly [number, string][] = [
  [60, '1h'],
  [180, '3h'],
  [360, '6h'],
  [720, '12h'],
  [1440, '1d'],
  [2880, '2d'],
  [4320, '3d'],
  [10080, '1w'],
  [20160, '2w'],
  [30240, '3w'],
  [43200, '1mo'],
  [86400, '2mo'],
  [129600, '3mo'],
  [259200, '6mo'],
  [525600, '1y'],
  [1051200, '2y'],
  [1576800, '3y'],
];

/** `1h` … `5y` from the last run; `1h` when it is unknown or in the future. */
export function defaultCheckTimeRange(
  lastRuntime: DateInput | null | undefined,
  now: DateInput = Date.now(),
): string {
  const elapsed = millisSince(lastRuntime, now);
  if (elapsed === undefined || elapsed < 0) return DEFAULT_CHECK_TIME_RANGE;
  const minutes = elapsed / 60_000;
  for (const [limit, range] of STEPS) {
    if (minutes < limit) return range;
  }
  return '5y';
}
