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
    const media = MEDIA_TYPES[range.type];
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
