/**
 * The time-range value model (spec doc 1 §2 "Time-range picker", §9 constants; doc 3 §9): a
 * serialisable value, its URL encoding, labels, and a resolver to concrete instants.
 *
 * A value is one of
 * - **relative**: the last (or next) N units, e.g. the last 15 minutes;
 * - **quick**: a named calendar range resolved in a time zone ("Yesterday", "This week so far");
 * - **absolute**: two UTC instants.
 *
 * URL format (the `timeRange` query parameter), all URL-safe without escaping:
 *
 * | kind | canonical | also accepted when parsing |
 * |---|---|---|
 * | relative, past | `15m`, `6M`, `1y` (amount + unit `ms s m h d w M y`; `M` is months) | `now-15m`, `6mo` |
 * | relative, future | `next-15m` | `now+15m` (and `now 15m`, a `+` decoded as a space) |
 * | quick | its key: `today`, `today-so-far`, `yesterday`, `this-week-so-far`, `last-week`… | — |
 * | absolute | `<from>_<to>`, each a compact UTC instant `20240131T235900Z` (`.SSS` before `Z` when there are milliseconds) | ISO 8601 with `Z` or an offset (`2024-01-31T23:59:00+01:00`), epoch milliseconds |
 *
 * Anything else — an unknown word, a zero or huge amount, an impossible date, `from` not before
 * `to` — is invalid: `tryParseTimeRange` answers undefined and `parseTimeRange` the default.
 */
import type { Codec } from '../../lib/url-state';
import {
  addDays,
  addMonths,
  daysInMonth,
  formatWallClock,
  fromWallClock,
  localTimeZone,
  plainDateOf,
  startOfDate,
  startOfWeekDate,
  toWallClock,
  type PlainDate,
} from './zoned-time';

/** Time units of relative ranges (spec doc 3 §9): `M` is months, `m` minutes. */
export const TIME_UNITS = ['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export type RangeDirection = 'past' | 'future';

export interface RelativeTimeRange {
  kind: 'relative';
  /** A positive integer. */
  amount: number;
  unit: TimeUnit;
  direction: RangeDirection;
}

export interface QuickTimeRange {
  kind: 'quick';
  key: QuickRangeKey;
}

export interface AbsoluteTimeRange {
  kind: 'absolute';
  /** ISO 8601 UTC instant (`toISOString()`), strictly before `to`. */
  from: string;
  /** ISO 8601 UTC instant. */
  to: string;
}

/** A time range as held in the URL and passed to `TimeRangePicker`; plain JSON. */
export type TimeRangeValue = RelativeTimeRange | QuickTimeRange | AbsoluteTimeRange;

/** Concrete instants of a range; `to` is inclusive (quick ranges end at `…23:59:59.999`). */
export interface ResolvedTimeRange {
  from: Date;
  to: Date;
}

export interface ResolveOptions {
  /** The current instant (default `Date.now()`). */
  now?: number | Date;
  /** IANA zone of calendar ranges and day-based arithmetic (default: the browser's). */
  timeZone?: string;
  /** First day of the week for week ranges: 0 Sunday, 1 Monday (default 1, ISO 8601). */
  weekStartsOn?: 0 | 1;
}

/** Relative ranges offered by the picker, past and future (spec doc 1 §9). */
export const RELATIVE_RANGE_OPTIONS = [
  '5m',
  '15m',
  '30m',
  '1h',
  '3h',
  '6h',
  '12h',
  '24h',
  '2d',
  '7d',
  '30d',
  '90d',
  '6M',
  '1y',
  '2y',
  '5y',
] as const;

/** Quick (calendar) ranges in the order the picker lists them, grouped by period. */
export const QUICK_RANGES = [
  { key: 'today', label: 'Today', group: 'day' },
  { key: 'today-so-far', label: 'Today so far', group: 'day' },
  { key: 'yesterday', label: 'Yesterday', group: 'day' },
  { key: 'day-before-yesterday', label: 'Day before yesterday', group: 'day' },
  { key: 'this-week', label: 'This week', group: 'week' },
  { key: 'this-week-so-far', label: 'This week so far', group: 'week' },
  { key: 'last-week', label: 'Last week', group: 'week' },
  { key: 'this-month', label: 'This month', group: 'month' },
  { key: 'this-month-so-far', label: 'This month so far', group: 'month' },
  { key: 'last-month', label: 'Last month', group: 'month' },
  { key: 'this-year', label: 'This year', group: 'year' },
  { key: 'this-year-so-far', label: 'This year so far', group: 'year' },
  { key: 'last-year', label: 'Last year', group: 'year' },
] as const;

export type QuickRangeKey = (typeof QUICK_RANGES)[number]['key'];

const QUICK_KEYS: ReadonlySet<string> = new Set(QUICK_RANGES.map((range) => range.key));

export function isQuickRangeKey(value: string): value is QuickRangeKey {
  return QUICK_KEYS.has(value);
}

/** A relative range value, e.g. `relativeRange(1, 'h')` for the last hour. */
export function relativeRange(
  amount: number,
  unit: TimeUnit,
  direction: RangeDirection = 'past',
): RelativeTimeRange {
  return { kind: 'relative', amount, unit, direction };
}

export function quickRange(key: QuickRangeKey): QuickTimeRange {
  return { kind: 'quick', key };
}

/**
 * An absolute range from two instants; undefined unless both are valid, within years 1–9999,
 * and `from` is strictly before `to`.
 */
export function absoluteRange(
  from: number | Date | string,
  to: number | Date | string,
): AbsoluteTimeRange | undefined {
  const fromMs = toInstant(from);
  const toMs = toInstant(to);
  if (fromMs === undefined || toMs === undefined || fromMs >= toMs) return undefined;
  return {
    kind: 'absolute',
    from: new Date(fromMs).toISOString(),
    to: new Date(toMs).toISOString(),
  };
}

/** The default range: the second relative option, the last 15 minutes (spec doc 1 §9). */
export const DEFAULT_TIME_RANGE: RelativeTimeRange = relativeRange(15, 'm');

// Years 1–9999, so that every instant has a four-digit compact and ISO form.
const MIN_INSTANT = fromWallClock(
  { year: 1, month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 },
  'UTC',
);
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function toInstant(value: number | Date | string): number | undefined {
  const ms =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? parseInstant(value)
        : value.getTime();
  if (ms === undefined || !Number.isFinite(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) {
    return undefined;
  }
  return Math.trunc(ms);
}

// ---------------------------------------------------------------------------------------------
// URL encoding

const UNIT_MS: Record<TimeUnit, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  M: 30 * 86_400_000,
  y: 365 * 86_400_000,
};

/** The longest relative range accepted (100 years): longer amounts are typos, not intent. */
const MAX_RELATIVE_MS = 100 * UNIT_MS.y;

const RELATIVE = /^(?:(now-|now\+|now |next-))?([1-9]\d{0,9})(ms|mo|s|m|h|d|w|M|y)$/;

function parseRelative(raw: string): RelativeTimeRange | undefined {
  const match = RELATIVE.exec(raw);
  if (!match) return undefined;
  const [, prefix, digits = '', rawUnit = ''] = match;
  const unit = (rawUnit === 'mo' ? 'M' : rawUnit) as TimeUnit;
  const amount = Number(digits);
  if (amount * UNIT_MS[unit] > MAX_RELATIVE_MS) return undefined;
  const direction: RangeDirection = prefix && prefix !== 'now-' ? 'future' : 'past';
  return relativeRange(amount, unit, direction);
}

const COMPACT_INSTANT = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(?:\.(\d{1,3}))?Z$/;
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Parse one instant of an absolute range (compact UTC, ISO 8601 with a zone, or epoch ms). */
export function parseInstant(raw: string): number | undefined {
  const text = raw.trim();
  if (/^\d{1,15}$/.test(text)) return Number(text);
  const compact = COMPACT_INSTANT.exec(text);
  const iso = compact ? undefined : ISO_INSTANT.exec(text.replace(/ (\d{2}:?\d{2})$/, '+$1'));
  const match = compact ?? iso;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0', ms = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return undefined;
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const wall = {
    year,
    month,
    day,
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: Number(ms.padEnd(3, '0')),
  };
  const utc = fromWallClock(wall, 'UTC');
  const zone = iso?.[8];
  if (!zone || zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  if (offsetMinutes > 18 * 60) return undefined;
  return utc - sign * offsetMinutes * 60_000;
}

/** `20240131T235900Z`: URL-safe UTC, milliseconds only when present. */
export function formatCompactInstant(instant: number | Date): string {
  const iso = new Date(instant).toISOString();
  return iso.replace(/[-:]/g, '').replace('.000Z', 'Z');
}

/** Parse a URL value; undefined when it is not a valid encoding (see the module comment). */
export function tryParseTimeRange(raw: string | null | undefined): TimeRangeValue | undefined {
  if (raw === null || raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  if (isQuickRangeKey(text)) return quickRange(text);
  const relative = parseRelative(text);
  if (relative) return relative;
  const parts = text.split('_');
  if (parts.length === 2) {
    const [from = '', to = ''] = parts;
    const fromMs = parseInstant(from);
    const toMs = parseInstant(to);
    if (fromMs !== undefined && toMs !== undefined) return absoluteRange(fromMs, toMs);
  }
  return undefined;
}

/**
 * Parse a URL value; an absent or bad value gives `fallback` (default: the last 15 minutes),
 * so a hand-edited link never breaks a page. Bad values are logged (spec doc 3 §8).
 */
export function parseTimeRange(
  raw: string | null | undefined,
  fallback: TimeRangeValue = DEFAULT_TIME_RANGE,
): TimeRangeValue {
  const value = tryParseTimeRange(raw);
  if (value) return value;
  if (raw !== null && raw !== undefined && raw.trim() !== '') {
    console.warn(
      raw.includes('_') ? 'Invalid absolute time range' : 'Invalid relative time range',
      raw,
    );
  }
  return fallback;
}

/** The canonical URL encoding of a value; `tryParseTimeRange(formatTimeRange(v))` equals `v`. */
export function formatTimeRange(value: TimeRangeValue): string {
  switch (value.kind) {
    case 'relative':
      return `${value.direction === 'future' ? 'next-' : ''}${value.amount}${value.unit}`;
    case 'quick':
      return value.key;
    case 'absolute':
      return `${formatCompactInstant(Date.parse(value.from))}_${formatCompactInstant(Date.parse(value.to))}`;
  }
}

/** Whether two values denote the same range (same encoding). */
export function isSameTimeRange(a: TimeRangeValue, b: TimeRangeValue): boolean {
  return formatTimeRange(a) === formatTimeRange(b);
}

/** A `lib/url-state` codec: `param(timeRangeCodec, DEFAULT_TIME_RANGE)`. */
export const timeRangeCodec: Codec<TimeRangeValue> = {
  parse: (raw) => tryParseTimeRange(raw),
  serialize: formatTimeRange,
  equals: isSameTimeRange,
};

// ---------------------------------------------------------------------------------------------
// Resolution

function shift(instant: number, amount: number, unit: TimeUnit, timeZone: string): number {
  if (unit === 'ms' || unit === 's' || unit === 'm' || unit === 'h') {
    return instant + amount * UNIT_MS[unit];
  }
  // Days and longer follow the calendar: "the last 2 days" at 10:00 starts at 10:00 two days
  // ago, even across a daylight-saving change.
  const wall = toWallClock(instant, timeZone);
  const date =
    unit === 'd'
      ? addDays(wall, amount)
      : unit === 'w'
        ? addDays(wall, amount * 7)
        : addMonths(wall, unit === 'M' ? amount : amount * 12);
  return fromWallClock({ ...wall, ...date }, timeZone);
}

function quickBounds(
  key: QuickRangeKey,
  now: number,
  timeZone: string,
  weekStartsOn: number,
): [number, number] {
  const today = plainDateOf(now, timeZone);
  const start = (date: PlainDate) => startOfDate(date, timeZone);
  // [first day, first day after] → [its midnight, the last millisecond before the next one].
  const span = (first: PlainDate, next: PlainDate): [number, number] => [
    start(first),
    start(next) - 1,
  ];
  const week = startOfWeekDate(today, weekStartsOn);
  const month = { year: today.year, month: today.month, day: 1 };
  const year = { year: today.year, month: 1, day: 1 };
  switch (key) {
    case 'today':
      return span(today, addDays(today, 1));
    case 'today-so-far':
      return [start(today), now];
    case 'yesterday':
      return span(addDays(today, -1), today);
    case 'day-before-yesterday':
      return span(addDays(today, -2), addDays(today, -1));
    case 'this-week':
      return span(week, addDays(week, 7));
    case 'this-week-so-far':
      return [start(week), now];
    case 'last-week':
      return span(addDays(week, -7), week);
    case 'this-month':
      return span(month, addMonths(month, 1));
    case 'this-month-so-far':
      return [start(month), now];
    case 'last-month':
      return span(addMonths(month, -1), month);
    case 'this-year':
      return span(year, addMonths(year, 12));
    case 'this-year-so-far':
      return [start(year), now];
    case 'last-year':
      return span(addMonths(year, -12), year);
  }
}

/**
 * Concrete instants of a range at `now` (spec doc 3 §7: mapped ranges resolve locally). Past
 * relative ranges end now, future ones start now; quick ranges follow the calendar of `timeZone`
 * with weeks starting on `weekStartsOn`.
 */
export function resolveTimeRange(
  value: TimeRangeValue,
  options: ResolveOptions = {},
): ResolvedTimeRange {
  const now = options.now === undefined ? Date.now() : new Date(options.now).getTime();
  const timeZone = options.timeZone ?? localTimeZone();
  switch (value.kind) {
    case 'relative': {
      const sign = value.direction === 'past' ? -1 : 1;
      const other = shift(now, sign * value.amount, value.unit, timeZone);
      return value.direction === 'past'
        ? { from: new Date(other), to: new Date(now) }
        : { from: new Date(now), to: new Date(other) };
    }
    case 'quick': {
      const [from, to] = quickBounds(value.key, now, timeZone, options.weekStartsOn ?? 1);
      return { from: new Date(from), to: new Date(to) };
    }
    case 'absolute':
      return { from: new Date(value.from), to: new Date(value.to) };
  }
}

/** The length of a range at `now`, in ms (what the refresh selector's rule compares). */
export function timeRangeDurationMs(value: TimeRangeValue, options: ResolveOptions = {}): number {
  const { from, to } = resolveTimeRange(value, options);
  return to.getTime() - from.getTime();
}

// ---------------------------------------------------------------------------------------------
// Labels

const UNIT_NAMES: Record<TimeUnit, string> = {
  ms: 'millisecond',
  s: 'second',
  m: 'minute',
  h: 'hour',
  d: 'day',
  w: 'week',
  M: 'month',
  y: 'year',
};

/** "Last 15 minutes", "Next 1 hour". */
export function describeRelativeRange(value: RelativeTimeRange): string {
  const unit = UNIT_NAMES[value.unit];
  return `${value.direction === 'past' ? 'Last' : 'Next'} ${value.amount} ${unit}${value.amount === 1 ? '' : 's'}`;
}

/**
 * A human label: "Last 15 minutes", "Yesterday", or for absolute ranges
 * "2024-01-31 09:00 to 2024-01-31 17:30" in `timeZone` (default: the browser's).
 */
export function describeTimeRange(value: TimeRangeValue, options: { timeZone?: string } = {}) {
  switch (value.kind) {
    case 'relative':
      return describeRelativeRange(value);
    case 'quick':
      return QUICK_RANGES.find((range) => range.key === value.key)?.label ?? value.key;
    case 'absolute': {
      const timeZone = options.timeZone ?? localTimeZone();
      return `${formatWallClock(Date.parse(value.from), timeZone)} to ${formatWallClock(Date.parse(value.to), timeZone)}`;
    }
  }
}
