/**
 * When a canary's checks run: canary-checker's spec has `schedule` (a cron expression, a
 * descriptor such as `@hourly`, or `@every <Go duration>`) and the older `interval` (seconds);
 * `schedule` wins when both are set. Cron expressions are the standard five fields, evaluated in
 * UTC.
 */

/** A parsed schedule: a fixed period, or cron fields. */
export type Schedule =
  { kind: 'every'; ms: number; text: string } | { kind: 'cron'; fields: CronFields; text: string };

export interface CronFields {
  minutes: ReadonlySet<number>;
  hours: ReadonlySet<number>;
  days: ReadonlySet<number>;
  months: ReadonlySet<number>;
  weekdays: ReadonlySet<number>;
  /** Whether day-of-month / day-of-week were restricted (cron's OR rule when both are). */
  daysRestricted: boolean;
  weekdaysRestricted: boolean;
}

/** Canaries without `schedule` or `interval` run every minute. */
export const DEFAULT_PERIOD_MS = 60_000;

const GO_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration (`1h30m`, `45s`, `500ms`) in ms; undefined when it is not one. */
export function parseGoDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|μs|ms|s|m|h)/gy)) {
    total += Number(match[1]) * (GO_UNITS[match[2] ?? ''] ?? Number.NaN);
    consumed += match[0].length;
  }
  return consumed > 0 && consumed === trimmed.length && Number.isFinite(total) ? total : undefined;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** A schedule error: the message says what is wrong, for the check's status row. */
export class ScheduleError extends Error {
  override readonly name = 'ScheduleError';
}

function cronValue(text: string, names: string[] | undefined, offset: number): number {
  const lower = text.toLowerCase();
  const named = names?.indexOf(lower) ?? -1;
  if (named >= 0) return named + offset;
  if (!/^\d{1,2}$/.test(text)) throw new ScheduleError(`"${text}" is not a number`);
  return Number(text);
}

function cronField(
  text: string,
  label: string,
  min: number,
  max: number,
  names?: string[],
  nameOffset = 0,
): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (
      !Number.isInteger(step) ||
      step < 1 ||
      (stepText !== undefined && !/^\d+$/.test(stepText))
    ) {
      throw new ScheduleError(`bad step in the ${label} field: "${part}"`);
    }
    let from: number;
    let to: number;
    if (range === '*' || range === '?') {
      from = min;
      to = max;
    } else if (range.includes('-')) {
      const [a = '', b = ''] = range.split('-');
      from = cronValue(a, names, nameOffset);
      to = cronValue(b, names, nameOffset);
    } else {
      from = cronValue(range, names, nameOffset);
      to = stepText === undefined ? from : max;
    }
    if (from < min || to > max || from > to) {
      throw new ScheduleError(`the ${label} field "${part}" is outside ${min}-${max}`);
    }
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Parse five cron fields (minute hour day-of-month month day-of-week). */
export function parseCron(text: string): CronFields {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 5) {
    throw new ScheduleError(
      `expected 5 cron fields (minute hour day month weekday), got ${fields.length}`,
    );
  }
  const [minute = '', hour = '', day = '', month = '', weekday = ''] = fields;
  const weekdays = cronField(weekday, 'day-of-week', 0, 7, DAY_NAMES);
  // 7 is Sunday too.
  if (weekdays.delete(7)) weekdays.add(0);
  return {
    minutes: cronField(minute, 'minute', 0, 59),
    hours: cronField(hour, 'hour', 0, 23),
    days: cronField(day, 'day-of-month', 1, 31),
    months: cronField(month, 'month', 1, 12, MONTH_NAMES, 1),
    weekdays,
    daysRestricted: !/^[*?]$/.test(day),
    weekdaysRestricted: !/^[*?]$/.test(weekday),
  };
}

/** Parse a `schedule` text. */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim();
  if (trimmed.startsWith('@every')) {
    const ms = parseGoDuration(trimmed.slice('@every'.length));
    if (ms === undefined || ms <= 0) {
      throw new ScheduleError(`"${trimmed}": @every needs a positive duration such as 30s or 5m`);
    }
    return { kind: 'every', ms, text: trimmed };
  }
  const expression = DESCRIPTORS[trimmed.toLowerCase()] ?? trimmed;
  if (expression.startsWith('@')) throw new ScheduleError(`unknown schedule "${trimmed}"`);
  const fields = parseCron(expression);
  if (nextCronTime(fields, new Date()) === undefined) {
    throw new ScheduleError(`"${trimmed}" never fires`);
  }
  return { kind: 'cron', fields, text: trimmed };
}

/**
 * The schedule of a canary spec: `schedule`, else `interval` seconds, else every minute. Throws
 * {@link ScheduleError} for a value that cannot be used.
 */
export function scheduleOfCanary(spec: unknown): Schedule {
  const record = spec !== null && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  const schedule = record.schedule;
  if (typeof schedule === 'string' && schedule.trim() !== '') return parseSchedule(schedule);
  if (schedule !== undefined && schedule !== null && schedule !== '') {
    throw new ScheduleError('schedule must be a string such as "@every 30s" or "*/5 * * * *"');
  }
  const interval = record.interval;
  if (interval !== undefined && interval !== null && interval !== '' && interval !== 0) {
    const seconds = typeof interval === 'string' ? Number(interval) : interval;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
      throw new ScheduleError(
        `interval must be a positive number of seconds (got ${JSON.stringify(interval)})`,
      );
    }
    return { kind: 'every', ms: seconds * 1000, text: `@every ${seconds}s` };
  }
  return { kind: 'every', ms: DEFAULT_PERIOD_MS, text: '@every 1m' };
}

function dayMatches(fields: CronFields, date: Date): boolean {
  const dom = fields.days.has(date.getUTCDate());
  const dow = fields.weekdays.has(date.getUTCDay());
  if (fields.daysRestricted && fields.weekdaysRestricted) return dom || dow;
  return dom && dow;
}

/** The first minute strictly after `after` that the fields match (within five years). */
export function nextCronTime(fields: CronFields, after: Date): Date | undefined {
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = after.getTime() + 5 * 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!fields.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(fields, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!fields.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!fields.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t;
    }
  }
  return undefined;
}

/**
 * When the run after one that started at `start` is due, no earlier than `minPeriodMs` after it.
 * A fixed period counts from the start of the previous run (so a slow check does not drift).
 */
export function nextRunTime(schedule: Schedule, start: Date, minPeriodMs = 0): Date {
  if (schedule.kind === 'every') {
    return new Date(start.getTime() + Math.max(schedule.ms, minPeriodMs));
  }
  const floor = new Date(start.getTime() + minPeriodMs);
  const next = nextCronTime(schedule.fields, start) ?? new Date(start.getTime() + 366 * 86_400_000);
  return next < floor ? floor : next;
}
