/**
 * Mission Control's `.filter` extension (contract/postgrest.md §4), applied to the decoded query
 * parameters before the PostgREST layer sees them, plus the double-wrapped `status`/`health`
 * tolerance of §7.
 */
import { PgrstError } from './errors';

/** A decoded query parameter, in request order. */
export type QueryParam = readonly [name: string, value: string];

/** The 25 columns whose `.filter` value is a datemath expression. */
export const DATE_FILTER_FIELDS: ReadonlySet<string> = new Set([
  'acknowledged',
  'check_time',
  'closed',
  'created_at',
  'deleted_at',
  'end_time',
  'expires_at',
  'first_observed',
  'last_attempt',
  'last_login',
  'last_observed',
  'last_received',
  'last_runtime',
  'last_scraped_time',
  'last_seen',
  'last_transition_time',
  'next_runtime',
  'resolved',
  'scheduled_time',
  'silenced_at',
  'start_time',
  'time',
  'time_end',
  'time_start',
  'updated_at',
]);

const SUFFIX = '.filter';
const DOUBLE_WRAPPED = new Set(['status', 'health']);

const ABSOLUTE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';

function unitOf(ch: string): Unit | undefined {
  if (ch === 'H') return 'h';
  return 'yMwdhms'.includes(ch) && ch !== '' ? (ch as Unit) : undefined;
}

function add(date: Date, amount: number, unit: Unit): void {
  switch (unit) {
    case 'y':
      date.setUTCFullYear(date.getUTCFullYear() + amount);
      break;
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + amount);
      break;
    case 'w':
      date.setUTCDate(date.getUTCDate() + 7 * amount);
      break;
    case 'd':
      date.setUTCDate(date.getUTCDate() + amount);
      break;
    case 'h':
      date.setTime(date.getTime() + amount * 3_600_000);
      break;
    case 'm':
      date.setTime(date.getTime() + amount * 60_000);
      break;
    case 's':
      date.setTime(date.getTime() + amount * 1000);
      break;
  }
}

function roundDown(date: Date, unit: Unit): void {
  switch (unit) {
    case 'y':
      date.setUTCMonth(0, 1);
      date.setUTCHours(0, 0, 0, 0);
      break;
    case 'M':
      date.setUTCDate(1);
      date.setUTCHours(0, 0, 0, 0);
      break;
    case 'w': {
      // ISO weeks start on Monday.
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      date.setUTCDate(date.getUTCDate() - sinceMonday);
      date.setUTCHours(0, 0, 0, 0);
      break;
    }
    case 'd':
      date.setUTCHours(0, 0, 0, 0);
      break;
    case 'h':
      date.setUTCMinutes(0, 0, 0);
      break;
    case 'm':
      date.setUTCSeconds(0, 0);
      break;
    case 's':
      date.setUTCMilliseconds(0);
      break;
  }
}

function parseAnchor(text: string): Date | undefined {
  if (!ABSOLUTE.test(text)) return undefined;
  const dateOnly = text.length === 10;
  const date = new Date(dateOnly ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * Evaluate a datemath expression (`now`, `now-2d`, `now-1d/d`, `2024-10-21T00:00:00Z`,
 * `2024-10-21||+1M`). Returns undefined when the text is not valid datemath.
 */
export function evaluateDatemath(expression: string, now: Date = new Date()): Date | undefined {
  // An unencoded `+` arrives as a space; datemath never contains spaces otherwise.
  const text = expression.trim().replace(/ /g, '+');
  let date: Date | undefined;
  let rest: string;
  if (text.startsWith('now')) {
    date = new Date(now.getTime());
    rest = text.slice(3);
  } else {
    const bar = text.indexOf('||');
    date = parseAnchor(bar < 0 ? text : text.slice(0, bar));
    rest = bar < 0 ? '' : text.slice(bar + 2);
  }
  if (date === undefined) return undefined;
  let pos = 0;
  while (pos < rest.length) {
    const ch = rest.charAt(pos);
    if (ch === '/') {
      const unit = unitOf(rest.charAt(pos + 1));
      if (unit === undefined) return undefined;
      roundDown(date, unit);
      pos += 2;
      continue;
    }
    if (ch !== '+' && ch !== '-') return undefined;
    pos += 1;
    const digits = /^\d*/.exec(rest.slice(pos))?.[0] ?? '';
    pos += digits.length;
    const unit = unitOf(rest.charAt(pos));
    if (unit === undefined || digits.length > 9) return undefined;
    pos += 1;
    const amount = digits === '' ? 1 : Number(digits);
    add(date, ch === '-' ? -amount : amount, unit);
  }
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function rewriteDate(column: string, value: string, now: Date): QueryParam {
  const first = value.charAt(0);
  let op = 'lt';
  let expression = value;
  if (first === '>' || first === '<' || first === '=') {
    op = first === '>' ? 'gt' : first === '<' ? 'lt' : 'eq';
    expression = value.slice(1);
  }
  const date = evaluateDatemath(expression, now);
  if (date === undefined) {
    throw new PgrstError(
      400,
      'PGRST100',
      `invalid datemath value "${value.slice(0, 100)}" for ${column}.filter`,
      'expected e.g. now-2d, >now-1h, <now/d or =2024-10-21T00:00:00Z',
    );
  }
  return [column, `${op}.${date.toISOString()}`];
}

function rewriteList(column: string, value: string): QueryParam[] {
  const include: string[] = [];
  const exclude: string[] = [];
  const likes: string[] = [];
  for (const item of value.split(',')) {
    if (item === '') continue;
    if (item.startsWith('!')) exclude.push(item.slice(1));
    else if (item.startsWith('*') || item.endsWith('*')) likes.push(item);
    else include.push(item);
  }
  const quote = (items: string[]): string => items.map((item) => `"${item}"`).join(',');
  const out: QueryParam[] = [];
  if (include.length > 0) out.push([column, `in.(${quote(include)})`]);
  if (exclude.length > 0) out.push([column, `not.in.(${quote(exclude)})`]);
  for (const like of likes) out.push([column, `like.${like}`]);
  return out;
}

/**
 * Rewrite `<column>.filter` parameters into plain PostgREST filters. Only the first value of a
 * repeated key counts and an empty value removes the parameter; other parameters pass through in
 * their order.
 */
export function applyFilterExtension(
  params: readonly QueryParam[],
  now: Date = new Date(),
): QueryParam[] {
  const out: QueryParam[] = [];
  const seen = new Set<string>();
  for (const param of params) {
    let [name, value] = param;
    if (DOUBLE_WRAPPED.has(name) && value.startsWith(`&${name}${SUFFIX}=`)) {
      // The reference frontend sent `&status.filter=…` as the value of `status` (§7).
      const inner = value.slice(name.length + SUFFIX.length + 2);
      const amp = inner.indexOf('&');
      name = `${name}${SUFFIX}`;
      value = amp < 0 ? inner : inner.slice(0, amp);
    }
    if (!name.endsWith(SUFFIX)) {
      out.push(param);
      continue;
    }
    if (seen.has(name)) continue;
    seen.add(name);
    const column = name.slice(0, -SUFFIX.length);
    if (value === '' || column === '') continue;
    if (DATE_FILTER_FIELDS.has(column)) out.push(rewriteDate(column, value, now));
    else out.push(...rewriteList(column, value));
  }
  return out;
}
