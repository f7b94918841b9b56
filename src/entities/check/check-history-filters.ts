/**
 * The History tab's filters (spec doc 1 §2 "History tab", §5; contract rbac-and-flags.md §5.10):
 * status All / Healthy / Unhealthy, and a minimum duration from presets or a custom value written
 * in milliseconds or seconds only.
 */
import type { CheckStatusFilter } from '../../api/checks';

/** The exact validation message of the spec. */
export const DURATION_FILTER_ERROR = 'duration is allowed only in milli seconds & seconds';

/** History page size (contract: paged by 50). */
export const HISTORY_PAGE_SIZE = 50;

export const STATUS_FILTER_OPTIONS: readonly { value: CheckStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

/** Duration presets; '' is All and 'custom' opens the free-text field. */
export const DURATION_PRESETS = ['100ms', '500ms', '1s', '5s', '10s', '30s'] as const;
export const DURATION_ALL = '';
export const DURATION_CUSTOM = 'custom';

const DURATION_PATTERN = /^(\d+(?:\.\d+)?)(ms|s)$/;

/**
 * A duration filter in milliseconds: `250ms` → 250, `2s` → 2000, `1.5s` → 1500. Undefined for
 * any other text (`1m`, `abc`, `250`, empty): the caller shows `DURATION_FILTER_ERROR`.
 */
export function parseDurationFilter(text: string): number | undefined {
  const match = DURATION_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const value = Number(match[1]);
  if (!Number.isFinite(value)) return undefined;
  return Math.round(match[2] === 's' ? value * 1000 : value);
}

/** The minimum duration in effect for a select choice and the committed custom value. */
export function minDurationFor(choice: string, customMs: number | undefined): number | undefined {
  if (choice === DURATION_ALL) return undefined;
  if (choice === DURATION_CUSTOM) return customMs;
  return parseDurationFilter(choice);
}

/**
 * Page count for the pager. With a total: ceil(total / size). Without one (the server did not
 * count), allow one more page while pages come back full.
 */
export function historyPageCount(
  total: number | undefined,
  pageIndex: number,
  pageSize: number,
  rowsOnPage: number,
): number {
  if (total !== undefined) return Math.max(1, Math.ceil(total / pageSize));
  return rowsOnPage >= pageSize ? pageIndex + 2 : pageIndex + 1;
}
