/**
 * Calendar arithmetic in an IANA time zone over `Intl` (no dayjs: ESLint keeps dayjs in
 * src/lib/time.ts, and its timezone plugin is not loaded there). The picker resolves quick
 * ranges ("Today so far", "Last week") and typed dates in one zone — the browser's by default,
 * or an explicit one (a widget attribute, a test) — so the same value resolves the same way
 * whatever the process's own zone is.
 *
 * Instants are epoch milliseconds. A `WallClock` is what a clock on the wall of that zone reads.
 */

/** A plain calendar date (no time, no zone); `month` is 1–12. */
export interface PlainDate {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock reading in some zone; fields may overflow (day 0, month 13) before normalising. */
export interface WallClock extends PlainDate {
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

// Building an Intl.DateTimeFormat is costly; one per zone (and locale) is kept.
const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const zoneNameFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The browser's (or process's) time zone, e.g. `Europe/Berlin`. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Whether `timeZone` is an IANA zone name this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** What the wall clock in `timeZone` reads at `instant`. */
export function toWallClock(instant: number, timeZone: string): WallClock {
  const fields: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instant))) {
    fields[part.type] = part.value;
  }
  const rawYear = Number(fields.year);
  return {
    // Years before 1 CE are "BC"; they only matter for nonsense input, but keep them monotonic.
    year: fields.era === 'BC' || fields.era === 'B' ? 1 - rawYear : rawYear,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour) % 24,
    minute: Number(fields.minute),
    second: Number(fields.second),
    millisecond: ((instant % 1000) + 1000) % 1000,
  };
}

/** The wall clock read as if it were UTC; overflowing fields roll over. */
function wallAsUtc(wall: WallClock): number {
  // Not Date.UTC: it maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

function utcMidnight(year: number, month: number, day: number): number {
  return wallAsUtc({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 });
}

/** The zone's offset from UTC at `instant`, in ms (e.g. +3 600 000 for CET). */
export function zoneOffset(instant: number, timeZone: string): number {
  return wallAsUtc(toWallClock(instant, timeZone)) - instant;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the wall clock in `timeZone` reads `wall`. Overflowing fields roll over
 * (day 32 is the 1st of the next month). In a daylight-saving gap (02:30 on a spring-forward
 * night) the clock is moved forward by the gap, as clocks do; in an overlap (the repeated hour
 * in autumn) the earlier instant is taken.
 */
export function fromWallClock(wall: WallClock, timeZone: string): number {
  const asUtc = wallAsUtc(wall);
  const before = zoneOffset(asUtc - DAY_MS, timeZone);
  const after = zoneOffset(asUtc + DAY_MS, timeZone);
  const candidates = [asUtc - before, asUtc - after].filter(
    (instant) => wallAsUtc(toWallClock(instant, timeZone)) === asUtc,
  );
  if (candidates.length > 0) return Math.min(...candidates);
  // A gap: no instant reads `wall`; the offset before the gap moves it forward past the gap.
  return asUtc - before;
}

/** Midnight at the start of the calendar day `date` in `timeZone`. */
export function startOfDate(date: PlainDate, timeZone: string): number {
  return fromWallClock({ ...date, hour: 0, minute: 0, second: 0, millisecond: 0 }, timeZone);
}

/** The calendar date `days` after `date` (negative for before). */
export function addDays(date: PlainDate, days: number): PlainDate {
  return plainDateOfUtc(utcMidnight(date.year, date.month, date.day + days));
}

/** The calendar date `months` after `date`, clamped to the month's last day (Jan 31 + 1 = Feb 28). */
export function addMonths(date: PlainDate, months: number): PlainDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMidnight(year, month + 1, 0)).getUTCDate();
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: PlainDate): number {
  return new Date(utcMidnight(date.year, date.month, date.day)).getUTCDay();
}

/** The first day of the week containing `date`; weeks start on `weekStartsOn` (0 Sun, 1 Mon). */
export function startOfWeekDate(date: PlainDate, weekStartsOn: number): PlainDate {
  return addDays(date, -((dayOfWeek(date) - weekStartsOn + 7) % 7));
}

export function comparePlainDates(a: PlainDate, b: PlainDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function plainDateOf(instant: number, timeZone: string): PlainDate {
  const { year, month, day } = toWallClock(instant, timeZone);
  return { year, month, day };
}

function plainDateOfUtc(utc: number): PlainDate {
  const date = new Date(utc);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** `YYYY-MM-DD`. */
export function formatPlainDate(date: PlainDate): string {
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/**
 * `YYYY-MM-DD HH:mm` in `timeZone` (the picker's input format); seconds are added only when the
 * instant has them, so a typed value reads back as typed.
 */
export function formatWallClock(instant: number, timeZone: string): string {
  const wall = toWallClock(instant, timeZone);
  const seconds =
    wall.second !== 0 || wall.millisecond !== 0
      ? `:${pad(wall.second)}${wall.millisecond !== 0 ? `.${pad(wall.millisecond, 3)}` : ''}`
      : '';
  return `${formatPlainDate(wall)} ${pad(wall.hour)}:${pad(wall.minute)}${seconds}`;
}

const TYPED_DATE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/**
 * Parse a typed `YYYY-MM-DD[ HH:mm[:ss[.SSS]]]` (a `T` may replace the space) as a wall-clock
 * time in `timeZone`; undefined for anything else or an impossible date (2024-02-30, 24:00).
 */
export function parseWallClock(text: string, timeZone: string): number | undefined {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = match;
  const wall: WallClock = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
    millisecond: Number(ms.padEnd(3, '0')),
  };
  if (wall.month < 1 || wall.month > 12) return undefined;
  if (wall.day < 1 || wall.day > daysInMonth(wall.year, wall.month)) return undefined;
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return undefined;
  return fromWallClock(wall, timeZone);
}

/**
 * A short name of the zone at `instant` for display next to times: `CET`/`CEST` where the
 * locale has one, otherwise `GMT+1`.
 */
export function timeZoneAbbreviation(instant: number, timeZone: string, locale?: string): string {
  const key = `${locale ?? ''}|${timeZone}`;
  let formatter = zoneNameFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneNameFormatters.set(key, formatter);
  }
  const part = formatter.formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
