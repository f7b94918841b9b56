/** Decoding of the raw query string and the request headers the engine reads. */
import { PgrstError, parseError } from './errors';
import type { QueryParam } from './filter-extension';
import { Cursor, readIdentifier } from './parse-field';

function decode(text: string): string {
  const plus = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch (error: unknown) {
    throw parseError('malformed percent-encoding in the query string', String(error));
  }
}

/**
 * Split `a=1&b=2` into decoded pairs in order. Empty segments and segments without `=` are
 * ignored (§7: PostgREST drops parameters without a value). `+` means a space, as in any form
 * encoding, which is why clients must send `%2B` in timestamps.
 */
export function parseQueryString(rawQuery: string): QueryParam[] {
  const params: QueryParam[] = [];
  const text = rawQuery.startsWith('?') ? rawQuery.slice(1) : rawQuery;
  if (text === '') return params;
  for (const segment of text.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    if (eq < 0) continue;
    params.push([decode(segment.slice(0, eq)), decode(segment.slice(eq + 1))]);
  }
  return params;
}

/** How the response body is requested (`Prefer: return=…`). */
export type ReturnPreference = 'minimal' | 'headers-only' | 'representation';

/** `Prefer: count=…`. */
export type CountPreference = 'exact' | 'planned' | 'estimated';

/** `Prefer: resolution=…` (upserts with POST). */
export type ResolutionPreference = 'merge-duplicates' | 'ignore-duplicates';

/** The `Prefer` preferences the engine honours. */
export interface Preferences {
  /** `return=representation` (the rows in the body). */
  representation: boolean;
  /** The `return=` preference as given (default minimal). */
  return: ReturnPreference;
  /** Whether a total is wanted (any `count=` preference). */
  count: boolean;
  /** The kind of total: exact, planned (the planner's estimate) or estimated (exact when small). */
  countKind: CountPreference | undefined;
  resolution: ResolutionPreference | undefined;
}

/**
 * Parse `Prefer: return=representation, count=exact` (several headers may be comma-joined).
 * Unknown preferences are ignored, as PostgREST does without `handling=strict`.
 */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    representation: false,
    return: 'minimal',
    count: false,
    countKind: undefined,
    resolution: undefined,
  };
  if (header === undefined) return prefs;
  for (const part of header.split(/[,;]/)) {
    const token = part.trim().toLowerCase();
    if (token === 'return=representation') {
      prefs.representation = true;
      prefs.return = 'representation';
    } else if (token === 'return=minimal' || token === 'return=headers-only') {
      prefs.representation = false;
      prefs.return = token === 'return=minimal' ? 'minimal' : 'headers-only';
    } else if (
      token === 'count=exact' ||
      token === 'count=planned' ||
      token === 'count=estimated'
    ) {
      prefs.count = true;
      prefs.countKind = token.slice('count='.length) as CountPreference;
    } else if (
      token === 'resolution=merge-duplicates' ||
      token === 'resolution=ignore-duplicates'
    ) {
      prefs.resolution = token.slice('resolution='.length) as ResolutionPreference;
    }
  }
  return prefs;
}

/** Every preference of a request, as PostgREST 12 reads them (docs: references/api/preferences). */
export interface RequestPreferences {
  resolution: ResolutionPreference | undefined;
  return: ReturnPreference | undefined;
  params: 'single-object' | undefined;
  count: CountPreference | undefined;
  /** Only when the server allows the override (PostgREST's `db-tx-end = *-allow-override`). */
  tx: 'commit' | 'rollback' | undefined;
  missing: 'default' | 'null' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  maxAffected: number | undefined;
  /** `timezone=<name>` when the name is one of pg_timezone_names. */
  timezone: string | undefined;
  /** The preferences PostgREST does not know (reported by `handling=strict`). */
  invalid: string[];
}

const PREFERENCE_VALUES: ReadonlyMap<string, readonly string[]> = new Map([
  ['resolution', ['merge-duplicates', 'ignore-duplicates']],
  ['return', ['representation', 'minimal', 'headers-only']],
  ['params', ['single-object']],
  ['count', ['exact', 'planned', 'estimated']],
  ['tx', ['commit', 'rollback']],
  ['missing', ['default', 'null']],
  ['handling', ['strict', 'lenient']],
]);

/**
 * Read `Prefer` as PostgREST 12 does: comma-separated tokens (several headers arrive comma-joined),
 * the first valid value of each preference wins, unknown tokens are collected in `invalid`
 * (`handling=strict` turns them into 400 PGRST122). `timezone=` counts as invalid unless it
 * names one of pg_timezone_names. `max-affected=<n>` is read whatever the handling; only `handling=strict` applies it.
 */
export function readPreferences(
  header: string | undefined,
  allowTxOverride = false,
  timezones: ReadonlySet<string> = new Set(),
): RequestPreferences {
  const prefs: RequestPreferences = {
    resolution: undefined,
    return: undefined,
    params: undefined,
    count: undefined,
    tx: undefined,
    missing: undefined,
    handling: undefined,
    maxAffected: undefined,
    timezone: undefined,
    invalid: [],
  };
  if (header === undefined) return prefs;
  const record = prefs as unknown as Record<string, unknown>;
  for (const part of header.slice(0, 4096).split(',')) {
    const token = part.trim();
    if (token === '') continue;
    const eq = token.indexOf('=');
    const name = eq < 0 ? token : token.slice(0, eq);
    const value = eq < 0 ? '' : token.slice(eq + 1);
    if (name === 'timezone' && timezones.has(value)) {
      prefs.timezone ??= value;
      continue;
    }
    if (name === 'max-affected') {
      if (prefs.maxAffected === undefined && /^-?\d{1,18}$/.test(value)) {
        prefs.maxAffected = Number(value);
      }
      continue;
    }
    const allowed = PREFERENCE_VALUES.get(name);
    if (allowed === undefined || !allowed.includes(value)) {
      prefs.invalid.push(token);
      continue;
    }
    if (name === 'tx' && !allowTxOverride) continue;
    if (record[name] === undefined) record[name] = value;
  }
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) {
    throw new PgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ').slice(0, 1000)}`,
    );
  }
  return prefs;
}

/**
 * The `Preference-Applied` value: the given preferences among `which`, in PostgREST's order
 * (resolution, missing, return, params, count, tx, handling, max-affected with strict handling).
 */
export function preferenceApplied(
  prefs: RequestPreferences,
  which: readonly (keyof RequestPreferences)[],
): string | undefined {
  const order: (keyof RequestPreferences)[] = [
    'resolution',
    'missing',
    'return',
    'params',
    'count',
    'tx',
    'handling',
    'timezone',
    'maxAffected',
  ];
  const values: string[] = [];
  for (const name of order) {
    if (!which.includes(name)) continue;
    const value = prefs[name];
    if (value === undefined) continue;
    if (name === 'maxAffected') {
      if (prefs.handling === 'strict') values.push(`max-affected=${String(value)}`);
    } else values.push(`${name}=${String(value)}`);
  }
  return values.length > 0 ? values.join(', ') : undefined;
}

/** A negotiated response format with its parameters. */
export interface Negotiated {
  kind: 'json' | 'object' | 'csv' | 'geojson' | 'plan';
  /** `nulls=stripped` on vnd.pgrst.array+json / vnd.pgrst.object+json. */
  nullsStripped: boolean;
  /** For a plan: its format, the media type it explains and its EXPLAIN options. */
  plan?: { format: 'json' | 'text'; for: 'json' | 'object' | 'csv' | 'geojson'; options: string[] };
}

const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

function mediaParams(params: readonly string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const key = param.slice(0, eq).trim().toLowerCase();
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!map.has(key)) map.set(key, value);
  }
  return map;
}

/** A builtin media type of PostgREST 12 by its name and parameters, or undefined. */
export function decodeMedia(name: string, params: Map<string, string>): Negotiated | undefined {
  const stripped = params.get('nulls') === 'stripped';
  switch (name) {
    case '*/*':
    case 'application/*':
    case 'application/json':
      return { kind: 'json', nullsStripped: false };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return { kind: 'json', nullsStripped: stripped };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', nullsStripped: stripped };
    case 'text/csv':
    case 'text/*':
      return { kind: 'csv', nullsStripped: false };
    case 'application/geo+json':
      return { kind: 'geojson', nullsStripped: false };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+json':
    case 'application/vnd.pgrst.plan+text': {
      const target = decodeMedia(
        (params.get('for') ?? 'application/json').toLowerCase(),
        new Map(),
      );
      if (target === undefined || target.kind === 'plan') return undefined;
      const options = (params.get('options') ?? '')
        .split('|')
        .map((option) => option.trim().toLowerCase())
        .filter((option) => PLAN_OPTIONS.has(option));
      return {
        kind: 'plan',
        nullsStripped: false,
        plan: {
          format: name.endsWith('+text') ? 'text' : 'json',
          for: target.kind,
          options: [...new Set(options)],
        },
      };
    }
    default:
      return undefined;
  }
}

/** One media range of an `Accept` header: its lower-cased name, parameters and name as written. */
export interface AcceptRange {
  type: string;
  params: Map<string, string>;
  written: string;
}

/**
 * The acceptable media ranges of `Accept` by quality (ties in header order; `q=0` dropped), and
 * every name as written (for PGRST107's message). No header is `*\/*`.
 */
export function acceptRanges(accept: string | undefined): {
  ranges: AcceptRange[];
  names: string[];
} {
  if (accept === undefined || accept.trim() === '') {
    return { ranges: [{ type: '*/*', params: new Map(), written: '*/*' }], names: ['*/*'] };
  }
  const ranges: (AcceptRange & { q: number; index: number })[] = [];
  const names: string[] = [];
  accept
    .slice(0, 4096)
    .split(',')
    .forEach((part, index) => {
      const [type = '', ...rest] = part.split(';');
      const params = mediaParams(rest);
      const qText = params.get('q');
      const q = qText === undefined ? 1 : /^[0-9.]{1,6}$/.test(qText) ? Number(qText) : NaN;
      const name = type.trim().toLowerCase();
      if (name !== '') names.push(type.trim());
      if (name !== '' && Number.isFinite(q) && q > 0) {
        ranges.push({ type: name, params, written: type.trim(), q, index });
      }
    });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return { ranges, names };
}

/** PGRST107 for the names of an `Accept` header. */
export function notAcceptable(names: readonly string[]): PgrstError {
  return new PgrstError(
    406,
    'PGRST107',
    `None of these media types are available: ${names.join(', ').slice(0, 500)}`,
  );
}

/**
 * Content negotiation over `Accept` with PostgREST 12's media types: the acceptable range with the
 * highest quality (ties in header order). No header means JSON; nothing acceptable is 406 PGRST107.
 */
export function negotiate(accept: string | undefined): Negotiated {
  if (accept === undefined || accept.trim() === '') return { kind: 'json', nullsStripped: false };
  const { ranges, names } = acceptRanges(accept);
  for (const range of ranges) {
    const media = decodeMedia(range.type, range.params);
    if (media !== undefined) return media;
  }
  throw notAcceptable(names);
}

/** The response formats the engine produces. */
export type MediaType = 'json' | 'object' | 'csv';

const MEDIA_TYPES: Readonly<Record<string, MediaType>> = {
  '*/*': 'json',
  'application/*': 'json',
  'application/json': 'json',
  'application/vnd.pgrst.array+json': 'json',
  'application/vnd.pgrst.object+json': 'object',
  'application/vnd.pgrst.object': 'object',
  'text/csv': 'csv',
  'text/*': 'csv',
};

/**
 * Content negotiation over `Accept`: the acceptable media range with the highest quality that
 * the engine can produce (ties in header order). No header means JSON; nothing acceptable is a
 * 406 (PGRST107).
 */
export function negotiateMediaType(accept: string | undefined): MediaType {
  if (accept === undefined || accept.trim() === '') return 'json';
  const ranges: { type: string; q: number; index: number }[] = [];
  accept.split(',').forEach((part, index) => {
    const [type = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]{1,6})\s*$/i.exec(param);
      if (match !== null) q = Number(match[1]);
    }
    const name = type.trim().toLowerCase();
    if (name !== '' && Number.isFinite(q) && q > 0) ranges.push({ type: name, q, index });
  });
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const media = Object.hasOwn(MEDIA_TYPES, range.type) ? MEDIA_TYPES[range.type] : undefined;
    if (media !== undefined) return media;
  }
  throw new PgrstError(
    406,
    'PGRST107',
    `None of these media types are available: ${accept.slice(0, 200)}`,
  );
}

/**
 * Parse a `columns` or `on_conflict` value: comma-separated column names, bare or double-quoted.
 * The names are checked against the relation by the caller.
 */
export function parseColumnList(name: string, value: string): string[] {
  const cursor = new Cursor(value);
  const columns: string[] = [];
  for (;;) {
    cursor.skipSpaces();
    const column = readIdentifier(cursor, name);
    if (column === undefined) {
      throw parseError(`"${name}" must be a comma-separated list of columns`, value.slice(0, 200));
    }
    columns.push(column);
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eof) return columns;
    throw parseError(`"${name}" must be a comma-separated list of columns`, value.slice(0, 200));
  }
}

/** An inclusive row range from the `Range` header (`0-9`, `10-`). */
export interface RowRange {
  offset: number;
  limit: number | undefined;
}

/** Parse a `Range: first-last` header; anything that is not an items range is ignored. */
export function parseRangeHeader(
  range: string | undefined,
  unit: string | undefined,
): RowRange | undefined {
  if (range === undefined) return undefined;
  if (unit !== undefined && unit.trim().toLowerCase() !== 'items') return undefined;
  const match = /^\s*(?:items=)?(\d{1,15})-(\d{0,15})\s*$/.exec(range);
  if (match === null) return undefined;
  const first = Number(match[1]);
  if (match[2] === undefined || match[2] === '') return { offset: first, limit: undefined };
  const last = Number(match[2]);
  if (last < first) {
    throw new PgrstError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `the last item (${last}) is before the first (${first})`,
    );
  }
  return { offset: first, limit: last - first + 1 };
}

/** Parse a `limit`/`offset` value: a non-negative integer. */
export function parseCount(name: string, value: string): number {
  if (!/^\d{1,15}$/.test(value.trim())) {
    throw parseError(`"${name}" must be a non-negative integer`, value.slice(0, 100));
  }
  return Number(value.trim());
}
