/**
 * Time helpers. Everything else formats dates through these functions so that the display rules
 * live in one place.
 *
 * Plain `Date` arithmetic, no date library: these few functions are on every console page, and
 * dayjs with its two plugins weighed 4.5 KB gzip of each page's first load (issue 18, decision
 * 0014). The rules are dayjs's (its parsing of strings without a zone, its relative-time
 * thresholds and English phrases, its `YYYY-MM-DD HH:mm:ssZ` format), and time.parity.test.ts
 * checks the two agree over a wide range of inputs.
 */

export type DateInput = string | number | Date;

// `2024-10-21`, `2024-10-21 10:00`, `20241021T100000.123`: a local time (no zone given).
const LOCAL_DATE_TIME =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/** The instant of an input: a string without a zone is local time, anything else as `Date` reads it. */
function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'string' && !/Z$/i.test(value)) {
    const parts = LOCAL_DATE_TIME.exec(value);
    if (parts) {
      const [, year, month, day, hours, minutes, seconds, fraction] = parts;
      return new Date(
        Number(year),
        Number(month ?? 1) - 1 || 0,
        Number(day || 1),
        Number(hours ?? 0),
        Number(minutes ?? 0),
        Number(seconds ?? 0),
        Number((fraction ?? '0').slice(0, 3)),
      );
    }
  }
  return new Date(value);
}

/** The input as a valid `Date`, or undefined when missing or invalid. */
function validDate(value: DateInput | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether the input parses as a valid date. */
export function isValidDate(value: DateInput | null | undefined): value is DateInput {
  return validDate(value) !== undefined;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The local offset from UTC as `+02:00` (whole quarter hours, as the zone database gives). */
function offsetText(date: Date): string {
  const east = -Math.round(date.getTimezoneOffset() / 15) * 15;
  const minutes = Math.abs(east);
  return `${east >= 0 ? '+' : '-'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The spec's timestamp format for tooltips: `YYYY-MM-DD HH:mm:ssZ` (local time with offset). */
export function formatTimestamp(value: DateInput | null | undefined): string {
  const date = validDate(value);
  if (!date) return '-';
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    offsetText(date)
  );
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `date` moved by whole calendar months in local time, the day kept within the target month. */
function addMonths(date: Date, months: number): Date {
  const moved = new Date(date.getTime());
  moved.setDate(1);
  moved.setMonth(moved.getMonth() + months);
  const lastDay = new Date(moved.getFullYear(), moved.getMonth() + 1, 0).getDate();
  moved.setDate(Math.min(date.getDate(), lastDay));
  return moved;
}

/**
 * Calendar months from `to` to `from` (positive when `from` is later), with the fraction of the
 * month in which they fall apart: whole months between the two days of the month, then the rest
 * as a share of the month it falls in.
 */
function monthsBetween(from: Date, to: Date): number {
  if (from.getDate() < to.getDate()) return -monthsBetween(to, from);
  const whole = (to.getFullYear() - from.getFullYear()) * 12 + (to.getMonth() - from.getMonth());
  const anchor = addMonths(from, whole);
  const before = to.getTime() - anchor.getTime() < 0;
  const next = addMonths(from, whole + (before ? -1 : 1));
  const span = before ? anchor.getTime() - next.getTime() : next.getTime() - anchor.getTime();
  return -(whole + (to.getTime() - anchor.getTime()) / span) || 0;
}

/** The phrases of a distance, smallest first: a unit's count decides until its limit. */
const STEPS: readonly {
  unit: 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year' | null;
  limit: number;
  text: string;
}[] = [
  { unit: 'second', limit: 44, text: 'a few seconds' },
  { unit: null, limit: 89, text: 'a minute' },
  { unit: 'minute', limit: 44, text: '%d minutes' },
  { unit: null, limit: 89, text: 'an hour' },
  { unit: 'hour', limit: 21, text: '%d hours' },
  { unit: null, limit: 35, text: 'a day' },
  { unit: 'day', limit: 25, text: '%d days' },
  { unit: null, limit: 45, text: 'a month' },
  { unit: 'month', limit: 10, text: '%d months' },
  { unit: null, limit: 17, text: 'a year' },
  { unit: 'year', limit: Infinity, text: '%d years' },
];

/** How far `date` is from `base` in a unit (negative when earlier), with fractions. */
function distance(date: Date, base: Date, unit: NonNullable<(typeof STEPS)[number]['unit']>) {
  const ms = date.getTime() - base.getTime();
  switch (unit) {
    case 'second':
      return ms / SECOND;
    case 'minute':
      return ms / MINUTE;
    case 'hour':
      return ms / HOUR;
    case 'day': {
      // Calendar days: a change of the local offset in between does not count.
      const shift = (date.getTimezoneOffset() - base.getTimezoneOffset()) * MINUTE;
      return (ms - shift) / DAY;
    }
    case 'month':
      return monthsBetween(date, base);
    case 'year':
      return monthsBetween(date, base) / 12;
  }
}

/** "a few seconds ago", "3 minutes ago", "in 2 hours"; `-` when missing or invalid. */
export function formatRelative(value: DateInput | null | undefined, now: DateInput = Date.now()) {
  const date = validDate(value);
  const base = validDate(now);
  if (!date || !base) return '-';
  let amount = 0;
  for (let index = 0; index < STEPS.length; index += 1) {
    const step = STEPS[index]!;
    if (step.unit) amount = distance(date, base, step.unit);
    const count = Math.round(Math.abs(amount));
    if (count <= step.limit) {
      // "1 minutes" reads as "a minute": a count of one takes the phrase before it.
      const text = count <= 1 && index > 0 ? STEPS[index - 1]!.text : step.text;
      const phrase = text.replace('%d', String(count));
      return amount > 0 ? `in ${phrase}` : `${phrase} ago`;
    }
  }
  return '-';
}

/** Milliseconds elapsed since `value` (negative when in the future); undefined when invalid. */
export function millisSince(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
): number | undefined {
  const date = validDate(value);
  if (!date) return undefined;
  const elapsed = toDate(now).getTime() - date.getTime();
  // NaN when `now` is invalid, as before.
  return elapsed < 0 ? Math.ceil(elapsed) || 0 : Math.floor(elapsed);
}

/** A compact age: `45s`, `12m`, `3h`, `5d`, `2mo`, `1y` (used by age badges). */
export function formatAge(value: DateInput | null | undefined, now: DateInput = Date.now()) {
  const ms = millisSince(value, now);
  if (ms === undefined) return '-';
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months}mo`;
  return `${Math.floor(days / 365)}y`;
}

/** A compact relative time for tight spaces: `4m ago`, `in 30s`; `-` when missing or invalid. */
export function formatCompactRelative(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
): string {
  const ms = millisSince(value, now);
  if (ms === undefined) return '-';
  return ms < 0 ? `in ${formatAge(now, value as DateInput)}` : `${formatAge(value, now)} ago`;
}
