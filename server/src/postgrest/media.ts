/**
 * PostgREST 12's media type handlers (docs: references/api/media_type_handlers), the
 * `response.headers`/`response.status` settings a request may set, and the canonical query
 * string of `Content-Location`.
 *
 * A handler is a domain named after a media type (`create domain "text/html" as text`; `"*\/*"`
 * takes any type) used as the return type of a function (the function's result is the body) or of
 * an aggregate over a relation's row type or `anyelement` (the aggregate over the rows read is
 * the body). Which one answers follows the request's `Accept`, range by range in order of
 * quality: PostgREST's own vendor types (`application/vnd.pgrst.*`) are never overridden; the
 * target's `*\/*` handler, then its handler for the range (both only when `select` is the default
 * `*`); an `anyelement` aggregate for the range; the builtin types (JSON, CSV, GeoJSON).
 */
import { PgrstError } from './errors';
import { acceptRanges, decodeMedia } from './query-string';
import {
  mediaAggregateKey,
  type MediaAggregate,
  type Relation,
  type RpcFunction,
} from './schema-cache';

/** The handler chosen for a response. */
export interface CustomMedia {
  /** The media type it produces (`*\/*` for the any handler). */
  mediaType: string;
  /** The domain's base type: `bytea` bodies are binary. */
  base: string;
  /** The aggregate over the rows read; undefined for a handler function (its result is the body). */
  aggregate: MediaAggregate | undefined;
}

/** The builtin types PostgREST 12 sends with `; charset=utf-8` (others, custom ones, without). */
const CHARSET_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/geo+json',
  'application/openapi+json',
  'application/x-www-form-urlencoded',
  'text/csv',
  'text/plain',
  'text/xml',
]);

/** The Content-Type of a handler's response (the any handler's is `application/octet-stream`). */
export function handlerContentType(media: CustomMedia): string {
  if (media.mediaType === '*/*') return 'application/octet-stream';
  return CHARSET_TYPES.has(media.mediaType) ? `${media.mediaType}; charset=utf-8` : media.mediaType;
}

/**
 * The handler answering `accept` for a relation read (its rows: a table, a view, or a function's
 * SETOF result) or a scalar function, or undefined when a builtin type answers first (or none
 * does: the caller's PGRST107). `defaultSelect`: `select` is absent or `*`.
 */
export function chooseHandler(
  accept: string | undefined,
  aggregates: ReadonlyMap<string, MediaAggregate>,
  target: { relation: Relation } | { fn: RpcFunction },
  defaultSelect: boolean,
): CustomMedia | undefined {
  const { ranges } = acceptRanges(accept);
  const fromAggregate = (aggregate: MediaAggregate | undefined): CustomMedia | undefined =>
    aggregate === undefined
      ? undefined
      : { mediaType: aggregate.mediaType, base: aggregate.base, aggregate };
  for (const range of ranges) {
    if (range.type.startsWith('application/vnd.pgrst.')) return undefined;
    if ('fn' in target) {
      const { fn } = target;
      if (
        defaultSelect &&
        !fn.returnsSet &&
        fn.mediaType !== undefined &&
        fn.mediaBase !== undefined &&
        (fn.mediaType === '*/*' || fn.mediaType === range.type)
      ) {
        return { mediaType: fn.mediaType, base: fn.mediaBase, aggregate: undefined };
      }
    } else {
      const oid = target.relation.oid;
      const own =
        defaultSelect && oid !== 0
          ? (fromAggregate(aggregates.get(mediaAggregateKey(oid, '*/*'))) ??
            fromAggregate(aggregates.get(mediaAggregateKey(oid, range.type))))
          : undefined;
      const chosen = own ?? fromAggregate(aggregates.get(mediaAggregateKey(0, range.type)));
      if (chosen !== undefined) return chosen;
    }
    if (decodeMedia(range.type, range.params) !== undefined) return undefined;
  }
  return undefined;
}

/** A handler's value as the body column: hex for `bytea` (decoded to bytes), else text. */
export function handlerBodySql(media: CustomMedia, value: string): string {
  return media.base === 'bytea'
    ? `coalesce(encode((${value})::bytea, 'hex'), '')`
    : `coalesce((${value})::text, '')`;
}

/** The aggregate over the rows of `s0` (a relation's handler takes them as its row type). */
export function handlerAggregateSql(aggregate: MediaAggregate): string {
  const relation = aggregate.relation;
  return relation === undefined
    ? `${aggregate.sqlName}(s0)`
    : `${aggregate.sqlName}(s0::${relation.sqlName})`;
}

/** The response body of a handler from the body column. */
export function handlerBody(
  media: CustomMedia,
  body: string,
  head: boolean,
): { body: string; bytes?: Uint8Array } {
  if (head) return { body: '' };
  if (media.base === 'bytea') return { body: '', bytes: Buffer.from(body, 'hex') };
  return { body };
}

/**
 * The columns reading `response.headers` and `response.status` (PostgREST's GUCs a function or a
 * handler may set with `set_config(…, true)`), after the body so they see what it set.
 */
export const RESPONSE_GUCS = `, current_setting('response.headers', true) AS "pgrst:headers", current_setting('response.status', true) AS "pgrst:status"`;

/** The result row's GUC columns. */
export interface GucRow {
  'pgrst:headers'?: string | null;
  'pgrst:status'?: string | null;
}

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;

/**
 * Apply `response.status` and `response.headers` to a response: the status replaces PostgREST's,
 * the headers replace those of the same name and add the others (500 PGRST111/PGRST112 when they
 * are not what PostgREST accepts).
 */
export function applyResponseGucs(
  status: number,
  headers: Record<string, string>,
  row: GucRow,
): { status: number; headers: Record<string, string> } {
  const statusText = row['pgrst:status'];
  let outStatus = status;
  if (statusText !== undefined && statusText !== null && statusText !== '') {
    const value = /^\s*\d{3}\s*$/.test(statusText) ? Number(statusText) : NaN;
    if (!(value >= 100 && value <= 599)) {
      throw new PgrstError(500, 'PGRST112', 'response.status guc must be a valid status code');
    }
    outStatus = value;
  }
  const headersText = row['pgrst:headers'];
  if (headersText === undefined || headersText === null || headersText === '') {
    return { status: outStatus, headers };
  }
  const invalid = () =>
    new PgrstError(
      500,
      'PGRST111',
      'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(headersText) as unknown;
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed)) throw invalid();
  const out: Record<string, string> = { ...headers };
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid();
    const entries = Object.entries(item as Record<string, unknown>);
    const [entry] = entries;
    if (entries.length !== 1 || entry === undefined || typeof entry[1] !== 'string') {
      throw invalid();
    }
    const [name, value] = entry;
    const lower = name.toLowerCase();
    // A header value HTTP can carry: tab, visible ASCII and Latin-1, no line breaks.
    if (!HEADER_NAME.test(name) || !/^[\t\x20-\x7e\x80-\xff]{0,8192}$/.test(value)) {
      throw invalid();
    }
    if (lower === 'content-length' || lower === 'transfer-encoding') continue;
    out[lower] = value;
  }
  return { status: outStatus, headers: out };
}

/** Percent-encoding as PostgREST's canonical query string writes it (unreserved characters kept). */
function encodeCanonical(text: string): string {
  if (UNRESERVED.test(text)) return text;
  try {
    // encodeURIComponent keeps `!'()*` besides the unreserved characters: encoded here too.
    return encodeURIComponent(text).replace(
      /[!'()*]/g,
      (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    // A lone surrogate: its UTF-8 replacement character, byte by byte.
    let out = '';
    for (const byte of Buffer.from(text, 'utf8')) {
      const char = String.fromCharCode(byte);
      out += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
    return out;
  }
}

const UNRESERVED = /^[A-Za-z0-9\-_.~]*$/;

function decodeComponent(text: string): string {
  if (!/[%+]/.test(text)) return text;
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * PostgREST 12's `Content-Location` of a read: `/<relation>` and, when there are parameters,
 * `?` and the query string's parameters sorted by name (stable), values of one name joined by
 * commas, percent-encoded again.
 */
export function contentLocation(relation: string, rawQuery: string): string {
  const key = `${relation}\u0000${rawQuery}`;
  const known = contentLocations.get(key);
  if (known !== undefined) return known;
  const location = buildContentLocation(relation, rawQuery);
  // Clients repeat their reads: the last few hundred are kept, forgotten all at once when full.
  if (contentLocations.size >= 512) contentLocations.clear();
  contentLocations.set(key, location);
  return location;
}

const contentLocations = new Map<string, string>();

function buildContentLocation(relation: string, rawQuery: string): string {
  const pairs: [string, string][] = [];
  for (const segment of rawQuery.replace(/^\?/, '').split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    pairs.push(
      eq < 0
        ? [decodeComponent(segment), '']
        : [decodeComponent(segment.slice(0, eq)), decodeComponent(segment.slice(eq + 1))],
    );
  }
  const path = `/${encodeURI(relation).replace(/[?#]/g, (c) => encodeCanonical(c))}`;
  if (pairs.length === 0) return path;
  const sorted = pairs
    .map((pair, index) => ({ pair, index }))
    .sort((a, b) => (a.pair[0] < b.pair[0] ? -1 : a.pair[0] > b.pair[0] ? 1 : a.index - b.index))
    .map((entry) => entry.pair);
  const parts: string[] = [];
  const byName = new Map<string, number>();
  for (const [name, value] of sorted) {
    const at = byName.get(name);
    if (at === undefined) {
      byName.set(name, parts.length);
      parts.push(`${encodeCanonical(name)}=${encodeCanonical(value)}`);
    } else {
      parts[at] += `,${encodeCanonical(value)}`;
    }
  }
  return `${path}?${parts.join('&')}`;
}

/** Whether `select` is PostgREST's default (absent or `*`). */
export function isDefaultSelect(select: readonly { kind: string }[]): boolean {
  return select.length === 0 || (select.length === 1 && select[0]?.kind === 'star');
}
