/**
 * Auto-refresh intervals (spec doc 1 §4 "Dashboard refresh", §9 duration options) and the rule
 * that hides intervals too short for the time range on screen:
 *
 * - ranges of 1 hour or more: 15s and 30s are disabled;
 * - ranges of 3 hours or more: 2m and 3m are disabled as well.
 *
 * (The thresholds are the spec's. 60s stays available for long ranges, as the spec lists it.)
 * A stored choice that the current range disables is not forgotten: the next longer enabled
 * interval applies until the range is short again.
 */

/** The selector's options, in order: `none` is off. */
export const REFRESH_OPTIONS = [
  'none',
  '15s',
  '30s',
  '60s',
  '2m',
  '3m',
  '5m',
  '10m',
  '15m',
] as const;
export type RefreshOption = (typeof REFRESH_OPTIONS)[number];

/** The default choice: no auto-refresh. */
export const DEFAULT_REFRESH_OPTION: RefreshOption = 'none';

/** Ranges at least this long (1 h) disable 15s and 30s. */
export const SHORT_INTERVALS_MAX_RANGE_MS = 3_600_000;
/** Ranges at least this long (3 h) also disable 2m and 3m. */
export const MEDIUM_INTERVALS_MAX_RANGE_MS = 3 * 3_600_000;

const REFRESH_UNIT_MS = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
} as const;

/**
 * Milliseconds of a refresh rate written as amount + unit (`s m h d w`, spec doc 1 §4), e.g.
 * `90s`, `2m`; undefined for `none` or anything invalid.
 */
export function parseRefreshInterval(text: string): number | undefined {
  const match = /^([1-9]\d{0,6})(s|m|h|d|w)$/.exec(text.trim());
  if (!match) return undefined;
  const [, amount = '', unit = 's'] = match;
  return Number(amount) * REFRESH_UNIT_MS[unit as keyof typeof REFRESH_UNIT_MS];
}

export function isRefreshOption(value: unknown): value is RefreshOption {
  return typeof value === 'string' && (REFRESH_OPTIONS as readonly string[]).includes(value);
}

/** The option's interval in ms; `null` for `none`. */
export function refreshIntervalMs(option: RefreshOption): number | null {
  return option === 'none' ? null : (parseRefreshInterval(option) ?? null);
}

/** "Off" for `none`, the option itself otherwise. */
export function refreshOptionLabel(option: RefreshOption): string {
  return option === 'none' ? 'Off' : option;
}

/** Whether the rule above disables `option` for a range of `rangeMs` (none: nothing disabled). */
export function isRefreshOptionDisabled(option: RefreshOption, rangeMs?: number): boolean {
  if (rangeMs === undefined || !Number.isFinite(rangeMs)) return false;
  if ((option === '15s' || option === '30s') && rangeMs >= SHORT_INTERVALS_MAX_RANGE_MS) {
    return true;
  }
  if ((option === '2m' || option === '3m') && rangeMs >= MEDIUM_INTERVALS_MAX_RANGE_MS) {
    return true;
  }
  return false;
}

/** The option that applies: `option`, or the next longer one the range allows. */
export function effectiveRefreshOption(option: RefreshOption, rangeMs?: number): RefreshOption {
  const start = REFRESH_OPTIONS.indexOf(option);
  for (const candidate of REFRESH_OPTIONS.slice(start)) {
    if (!isRefreshOptionDisabled(candidate, rangeMs)) return candidate;
  }
  return 'none';
}

/** Why an option is disabled, for its tooltip and screen readers. */
export function disabledRefreshReason(option: RefreshOption): string {
  return option === '15s' || option === '30s'
    ? 'Not available for time ranges of 1 hour or more'
    : 'Not available for time ranges of 3 hours or more';
}
