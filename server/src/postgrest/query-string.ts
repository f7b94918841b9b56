/** Decoding of the raw query string and the request headers the engine reads. */
import { parseError } from './errors';
import type { QueryParam } from './filter-extension';

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

/** The `Prefer` preferences the engine honours. */
export interface Preferences {
  representation: boolean;
  count: boolean;
}

/** Parse `Prefer: return=representation, count=exact` (several headers may be comma-joined). */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = { representation: false, count: false };
  if (header === undefined) return prefs;
  for (const part of header.split(/[,;]/)) {
    const token = part.trim().toLowerCase();
    if (token === 'return=representation') prefs.representation = true;
    else if (token === 'return=minimal' || token === 'return=headers-only') {
      prefs.representation = false;
    } else if (
      token === 'count=exact' ||
      token === 'count=planned' ||
      token === 'count=estimated'
    ) {
      // Planned and estimated counts are answered exactly: the tables are small enough and a
      // correct total is never worse than an estimate.
      prefs.count = true;
    }
  }
  return prefs;
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
    throw parseError('invalid range: the last item is before the first', range);
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
