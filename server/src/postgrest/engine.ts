/**
 * The PostgREST-compatible engine behind `/api/db/*`: request → parse → plan against the cached
 * schema → one parameterised SQL statement → PostgREST-shaped response (JSON, a single object or CSV).
 */
import type { Db, Queryable } from '../db/types';
import { closestName } from './fuzzy';
import { PgrstError, columnNotFound, errorBody, toPgrstError, unknownColumn } from './errors';
import { applyFilterExtension } from './filter-extension';
import {
  classifyParams,
  planQuery,
  type Plan,
  type PlanNode,
  type PlanOptions,
  type ParsedQuery,
} from './plan';
import {
  RESPONSE_GUCS,
  applyResponseGucs,
  chooseHandler,
  contentLocation,
  handlerAggregateSql,
  handlerBody,
  handlerBodySql,
  handlerContentType,
  isDefaultSelect,
  type CustomMedia,
  type GucRow,
} from './media';
import { capEmbeddedRows } from './row-cap';
import {
  negotiate,
  parseQueryString,
  parseRangeHeader,
  preferenceApplied,
  readPreferences,
  type MediaType,
  type Negotiated,
  type Preferences,
  type RequestPreferences,
} from './query-string';
import {
  loadSchemaCache,
  quoteIdent,
  type Relation,
  type RpcFunction,
  type SchemaCache,
} from './schema-cache';
import {
  SqlParams,
  isGrouped,
  nodeConditions,
  projectionKeys,
  renderExpr,
  renderOrder,
  renderGroupedQuery,
  renderProjection,
} from './sql';
import type {
  Authorize,
  ColumnMasks,
  DbRequest,
  DbResponse,
  HandleOptions,
  RelationAccess,
} from './types';

/** The engine: answers `/db` requests and reloads its schema cache on demand. */
export interface Engine {
  /**
   * Answer one request. Never throws: every failure becomes a PostgREST-shaped response.
   * `options.masks` names the columns the caller sees masked (types.ts ColumnMasks).
   */
  handle(req: DbRequest, authorize: Authorize, options?: HandleOptions): Promise<DbResponse>;
  /** Re-introspect the schema (after migrations). */
  reload(): Promise<void>;
}

/** Options of {@link createEngine}. */
export interface EngineOptions {
  db: Db;
  /** The exposed schema; default `public`. */
  schema?: string;
  /** Row cap for reads (with or without `limit`); default 2000. */
  maxRows?: number;
  /** `statement_timeout` applied per request (`SET LOCAL`) when set. */
  statementTimeoutMs?: number;
  /**
   * PostgREST's `db-tx-end`: how a transaction ends (default `commit`); the `*-allow-override`
   * values let `Prefer: tx=commit|rollback` decide.
   */
  txEnd?: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  /** PostgREST's `db-plan-enabled`: answer `application/vnd.pgrst.plan` (EXPLAIN). Default off. */
  planEnabled?: boolean;
  /** PostgREST's `db-aggregates-enabled`: `count()`, `col.sum()`… in select. Default off. */
  aggregatesEnabled?: boolean;
  /**
   * PostgREST 12's media type handlers (domains named after media types returned by functions
   * and aggregates of the schema) answer `Accept`. Default off (Mission Control mode).
   */
  mediaHandlers?: boolean;
}

/** The preferences of a request in the engine's two forms, and its negotiated media type. */
interface Prefs extends Preferences {
  full: RequestPreferences;
  negotiated: Negotiated;
  /** Roll the transaction back at the end (tx=rollback, or db-tx-end = rollback). */
  rollback: boolean;
  /**
   * PGRST107 when no builtin type is acceptable: thrown unless a media type handler of the
   * target answers (PostgREST negotiates once the target is known).
   */
  mediaError: PgrstError | undefined;
  /** A write's media type handler (its `return=representation` body). */
  custom?: CustomMedia | undefined;
}

/**
 * A read's statement, built from the request alone (its URL, method, Accept, Prefer and Range,
 * the caller's masks and whether a request role is set): what `runRead` sends and how it shapes
 * the answer.
 */
interface ReadStatement {
  offset: number;
  head: boolean;
  keys: readonly string[];
  /** The planner's estimate statement (Prefer: count=planned|estimated). */
  estimate: { sql: string; values: readonly unknown[] };
  /** The read, with the exact count or without. */
  statement: (exact: boolean) => { sql: string; values: readonly unknown[] };
  applied: string | undefined;
  maxAffected: number | undefined;
  location: Readonly<Record<string, string>>;
}

/** A table read planned once and answered again for the same request shape (GET and HEAD). */
interface PlannedRead {
  prefs: Prefs;
  media: MediaType;
  accesses: readonly RelationAccess[];
  statement: ReadStatement;
}

/** How many planned reads an engine keeps (least recently used go first). */
const PLANNED_READS = 512;
/** Request shapes longer than this are planned every time (they are not worth keeping). */
const PLANNED_READ_KEY_MAX = 4096;

/** Thrown inside a transaction to roll it back while keeping the result. */
const preludeTexts: string[] = [];

/** The prelude statement setting `count` settings, its text built once per count. */
function preludeSql(count: number): string {
  let text = preludeTexts[count];
  if (text === undefined) {
    const calls = Array.from(
      { length: count },
      (_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`,
    );
    text = `SELECT num_nulls(${calls.join(', ')})`;
    preludeTexts[count] = text;
  }
  return text;
}

/** A one-statement read asked for a second statement: it runs again in a transaction. */
class NeedsTransaction extends Error {}

class RollbackSignal<T> {
  constructor(readonly result: T) {}
}

const MEDIA_NAMES: Readonly<Record<string, string>> = {
  json: 'application/json',
  object: 'application/vnd.pgrst.object+json',
  csv: 'text/csv',
  geojson: 'application/geo+json',
};

/** The Content-Type of a plan: `application/vnd.pgrst.plan+json; for="…"; options=…; charset`. */
function planContentType(negotiated: Negotiated): string {
  const plan = negotiated.plan;
  if (plan === undefined) return JSON_TYPE;
  const options = plan.options.length > 0 ? `; options=${plan.options.join('|')}` : '';
  return `application/vnd.pgrst.plan+${plan.format}; for="${MEDIA_NAMES[plan.for] ?? 'application/json'}"${options}; charset=utf-8`;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';
const GEOJSON_TYPE = 'application/geo+json; charset=utf-8';

interface ResultRow extends GucRow {
  total: string | number | bigint | null;
  n: string | number | bigint;
  body: string;
}

/** How a statement runs: in a transaction (writes), read-only (GET RPC), or plainly. */
interface RunMode {
  transaction: boolean;
  readOnly: boolean;
}

function jsonResponse(status: number, body: string, headers: Record<string, string> = {}) {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

function errorResponse(error: PgrstError, method: string): DbResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(error.responseHeaders)) {
    // Header names a function asks for, lower-cased; never the response's own framing.
    const lower = name.toLowerCase();
    if (/^[a-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(lower) && !/[\r\n]/.test(value)) {
      if (lower !== 'content-length' && lower !== 'transfer-encoding') headers[lower] = value;
    }
  }
  return jsonResponse(error.status, method === 'HEAD' ? '' : errorBody(error), headers);
}

function maxAffectedError(n: number): PgrstError {
  return new PgrstError(
    400,
    'PGRST124',
    'Query result exceeds max-affected preference constraint',
    `The query affects ${n} rows`,
  );
}

function singleObjectError(n: number): PgrstError {
  return new PgrstError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${n} rows`,
  );
}

function accessesFor(
  relation: string,
  method: DbRequest['method'],
  write: boolean,
  plan: Plan | undefined,
): RelationAccess[] {
  const accesses: RelationAccess[] = [
    { relation, action: write ? 'write' : 'read', method, root: true },
  ];
  const seen = new Set<string>();
  for (const embedded of plan?.embedded ?? []) {
    if (seen.has(embedded.name)) continue;
    seen.add(embedded.name);
    accesses.push({ relation: embedded.name, action: 'read', method, root: false });
  }
  return accesses;
}

function parseJsonBody(body: string | undefined): unknown {
  if (body === undefined || body.trim() === '') {
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
  }
}

/** The media type of the request body (`Content-Type` without parameters; JSON when absent). */
function requestMime(req: DbRequest): string {
  const mime = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return mime === '' ? 'application/json' : mime.slice(0, 100);
}

/** RFC 4180 records: quoted fields with doubled quotes, LF or CRLF line ends. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text.charAt(i + 1) === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (c === '"') quoted = false;
      else field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text.charAt(i + 1) === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += c;
    i += 1;
  }
  if (quoted) throw new PgrstError(400, 'PGRST102', 'parse error (unterminated quoted field)');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/**
 * A table write's body by its Content-Type, as PostgREST reads it: JSON; CSV with a header line
 * (every value text, `NULL` a null); a form (one object of text values); anything else is 400
 * PGRST102 `Content-Type not acceptable`.
 */
function parseWriteBody(req: DbRequest): unknown {
  const mime = requestMime(req);
  if (mime === 'application/json') return parseJsonBody(req.body);
  if (mime === 'application/x-www-form-urlencoded') {
    return Object.fromEntries(parseQueryString(req.body ?? ''));
  }
  if (mime === 'text/csv') {
    const [header, ...lines] = parseCsv(req.body ?? '');
    if (header === undefined) return [];
    return lines.map((line) => {
      if (line.length !== header.length) {
        throw new PgrstError(400, 'PGRST102', 'All lines must have same number of fields');
      }
      return Object.fromEntries(
        header.map((name, index) => {
          const value = line[index] ?? '';
          return [name, value === 'NULL' ? null : value];
        }),
      );
    });
  }
  throw new PgrstError(400, 'PGRST102', `Content-Type not acceptable: ${mime}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toCount(value: string | number | bigint | null): number | undefined {
  return value === null ? undefined : Number(value);
}

/**
 * Check `columns=` (PGRST204 for an unknown one, as PostgREST) or `on_conflict=` (PostgreSQL's
 * 42703) names against the relation.
 */
function checkColumns(relation: Relation, names: readonly string[], write = false): string[] {
  for (const name of names) {
    if (!relation.columnMap.has(name)) {
      throw write ? columnNotFound(relation.name, name) : unknownColumn(relation.name, name);
    }
  }
  return [...new Set(names)];
}

/** The planner's row estimate from `EXPLAIN (FORMAT JSON)` output, in either driver's shape. */
function plannedRows(rows: readonly Record<string, unknown>[]): number | undefined {
  const cell = rows[0] === undefined ? undefined : Object.values(rows[0])[0];
  let plan: unknown = cell;
  if (typeof cell === 'string') {
    try {
      plan = JSON.parse(cell) as unknown;
    } catch {
      return undefined;
    }
  }
  const first = Array.isArray(plan) ? (plan[0] as unknown) : undefined;
  const top = isObject(first) ? first.Plan : undefined;
  const estimate = isObject(top) ? top['Plan Rows'] : undefined;
  return typeof estimate === 'number' && Number.isFinite(estimate)
    ? Math.max(0, Math.round(estimate))
    : undefined;
}

/** Combine `limit`/`offset` with a `Range` header (their intersection) and the row cap. */
function paging(
  query: ParsedQuery,
  req: DbRequest,
  maxRows: number,
): { offset: number; limit: number } {
  let offset = query.offset ?? 0;
  let end = query.limit === undefined ? Infinity : offset + query.limit;
  const range = parseRangeHeader(req.headers.range, req.headers['range-unit']);
  if (range !== undefined) {
    offset = Math.max(offset, range.offset);
    end = Math.min(end, range.limit === undefined ? Infinity : range.offset + range.limit);
  }
  const limit = end === Infinity ? maxRows : Math.max(0, Math.min(end - offset, maxRows));
  return { offset, limit };
}

/** The body of a successful response in the negotiated format (throws 406 for object misses). */
function shapeBody(
  media: MediaType,
  row: ResultRow,
  keys: readonly string[],
  head: boolean,
  array = true,
): { body: string; contentType: string } {
  const n = Number(row.n);
  if (media === 'csv') {
    // PostgREST: the first row's keys (none without rows), a line break, the rows.
    const lines = `${n > 0 ? keys.join(',') : ''}\n${row.body}`;
    return { body: head ? '' : lines, contentType: CSV_TYPE };
  }
  if (media === 'object' && array) {
    if (n !== 1) throw singleObjectError(n);
    // json_agg renders `[<object>]`: strip the brackets rather than re-serialising numbers.
    return { body: head ? '' : row.body.trim().slice(1, -1).trim(), contentType: JSON_TYPE };
  }
  return { body: head ? '' : row.body, contentType: JSON_TYPE };
}

/** The SQL for the body column over the rows of `source` (an aggregate over s0). */
function bodySql(media: MediaType, keys: readonly string[], negotiated?: Negotiated): string {
  const kind = negotiated?.kind === 'plan' ? negotiated.plan?.for : negotiated?.kind;
  if (kind === 'geojson') {
    // PostGIS's ST_AsGeoJSON, as PostgREST writes it; without PostGIS this is PostgreSQL's 42883.
    return `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(s0)::json), '[]'))::text`;
  }
  if (media === 'csv') return CSV_ROWS;
  if (negotiated?.nullsStripped === true) {
    return `coalesce(json_strip_nulls(json_agg(s0)), '[]'::json)::text`;
  }
  return `coalesce(json_agg(s0), '[]'::json)::text`;
}

/**
 * CSV rows as PostgREST writes them: each row's record text without its parentheses (PostgreSQL
 * quotes a value holding a comma, quote, parenthesis, backslash or space, doubling quotes), one
 * row a line.
 */
const CSV_ROWS = `coalesce(string_agg(substring(s0::text, 2, length(s0::text) - 2), chr(10)), '')`;

/** The engine's body format for a negotiated type (a plan's is the type it explains). */
function mediaOf(negotiated: Negotiated): MediaType {
  const kind = negotiated.kind === 'plan' ? (negotiated.plan?.for ?? 'json') : negotiated.kind;
  return kind === 'object' ? 'object' : kind === 'csv' ? 'csv' : 'json';
}

class EngineImpl implements Engine {
  private cache: SchemaCache;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    private readonly maxRows: number,
    private readonly timeoutMs: number | undefined,
    cache: SchemaCache,
    private readonly txEnd: NonNullable<EngineOptions['txEnd']> = 'commit',
    private readonly planEnabled = false,
    private readonly aggregatesEnabled = false,
    private readonly handlersEnabled = false,
  ) {
    this.cache = cache;
  }

  async reload(): Promise<void> {
    this.cache = await loadSchemaCache(this.db, this.schema);
    this.plannedReads.clear();
  }

  /**
   * Table reads planned before, by request shape: URL parsing, planning and SQL rendering are
   * most of the engine's own time on a small read, and clients repeat the same few shapes. Only
   * reads whose statement depends on nothing but the key (no planned or estimated count, no
   * EXPLAIN, no media type handler) are kept; the schema cache's reload empties it.
   */
  private readonly plannedReads = new Map<string, PlannedRead>();
  private readonly maskIds = new WeakMap<ColumnMasks, number>();
  private nextMaskId = 1;

  /** The key of a GET or HEAD table read's shape, or undefined when it is not kept. */
  private plannedReadKey(req: DbRequest, path: string, ctx: HandleOptions): string | undefined {
    const { accept, prefer, range } = req.headers;
    const unit = req.headers['range-unit'];
    let masks = 0;
    if (ctx.masks !== undefined) {
      masks = this.maskIds.get(ctx.masks) ?? 0;
      if (masks === 0) {
        masks = this.nextMaskId++;
        this.maskIds.set(ctx.masks, masks);
      }
    }
    // JSON of the parts: no text in one part can pass for another part's.
    const key = JSON.stringify([
      req.method,
      path,
      req.rawQuery,
      accept,
      prefer,
      range,
      unit,
      masks,
      ctx.role !== undefined,
    ]);
    return key.length > PLANNED_READ_KEY_MAX ? undefined : key;
  }

  async handle(
    req: DbRequest,
    authorize: Authorize,
    options: HandleOptions = {},
  ): Promise<DbResponse> {
    try {
      return await this.dispatch(req, authorize, options);
    } catch (error: unknown) {
      const failure = toPgrstError(error);
      // PostgREST's rule: insufficient privilege is 401 for the anonymous role, 403 otherwise.
      if (failure.code === '42501' && options.anonymous === true) {
        const { code, message, details, hint } = failure;
        return errorResponse(new PgrstError(401, code, message, details, hint), req.method);
      }
      return errorResponse(failure, req.method);
    }
  }

  /**
   * `source AS alias`, or, when the relation has masked columns, a subquery that selects every
   * column of the relation with the masked ones through their functions. The functions must be
   * one-argument functions of the exposed schema; anything else is a configuration error (500),
   * never an unmasked read.
   */
  private maskedSource(
    relation: Relation,
    source: string,
    alias: string,
    masks: ColumnMasks | undefined,
  ): string {
    const masked = relation.oid === 0 ? undefined : masks?.get(relation.name);
    if (masked === undefined || masked.size === 0) return `${source} AS ${alias}`;
    for (const name of masked.keys()) {
      if (!relation.columnMap.has(name)) {
        throw new Error(`masked column ${relation.name}.${name} does not exist`);
      }
    }
    const columns = relation.columns.map((column) => {
      const ident = quoteIdent(column.name);
      const name = masked.get(column.name);
      if (name === undefined) return `_m.${ident}`;
      const fn = this.cache.functions.get(name);
      if (fn === undefined || fn.args.length !== 1) {
        throw new Error(`mask ${name} is not a one-argument function of the schema`);
      }
      return `${fn.sqlName}(_m.${ident})::${column.type} AS ${ident}`;
    });
    return `(SELECT ${columns.join(', ')} FROM ${source} AS _m) AS ${alias}`;
  }

  /** Give every node of the plan whose relation has masks its masking FROM item. */
  private applyMasks(plan: Plan, masks: ColumnMasks | undefined): void {
    if (masks === undefined || masks.size === 0) return;
    const visit = (node: PlanNode): void => {
      const plain = `${node.relation.sqlName} AS ${node.alias}`;
      const from = this.maskedSource(node.relation, node.relation.sqlName, node.alias, masks);
      if (from !== plain) node.from = from;
      for (const projection of node.projections) {
        if (projection.kind === 'embed') visit(projection.node);
      }
    };
    visit(plan.root);
  }

  private async dispatch(
    req: DbRequest,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const masks = ctx.masks;
    let path: string;
    try {
      path = decodeURIComponent(req.path).replace(/^\/+|\/+$/g, '');
    } catch {
      throw new PgrstError(404, '42P01', 'relation does not exist');
    }
    const readKey =
      (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('rpc/')
        ? this.plannedReadKey(req, path, ctx)
        : undefined;
    const planned = readKey === undefined ? undefined : this.plannedReads.get(readKey);
    if (planned !== undefined) {
      // Most recently used last: the first key is the one to drop.
      this.plannedReads.delete(readKey!);
      this.plannedReads.set(readKey!, planned);
      const denied = authorize(planned.accesses);
      if (denied !== undefined) return denied;
      const { prefs } = planned;
      if (prefs.full.timezone !== undefined) {
        ctx = { ...ctx, settings: [...(ctx.settings ?? []), ['timezone', prefs.full.timezone]] };
      }
      const mode = { transaction: false, readOnly: ctx.role !== undefined };
      return this.runRead(planned.statement, prefs, planned.media, mode, ctx, false, undefined);
    }
    const prefs = await this.preferences(req);
    if (prefs.full.timezone !== undefined) {
      // Prefer: timezone=…: the transaction's TimeZone (a name from pg_timezone_names).
      ctx = { ...ctx, settings: [...(ctx.settings ?? []), ['timezone', prefs.full.timezone]] };
    }
    const media = mediaOf(prefs.negotiated);
    const params = applyFilterExtension(parseQueryString(req.rawQuery));
    if (path.startsWith('rpc/')) {
      return this.rpc(path.slice(4), params, req, media, prefs, authorize, ctx);
    }
    const relation = path.includes('/') ? undefined : this.cache.relations.get(path);
    if (relation === undefined) {
      throw new PgrstError(
        404,
        '42P01',
        `relation "${this.schema}.${path.slice(0, 100)}" does not exist`,
      );
    }
    const query = classifyParams(params);
    const plan = planQuery(relation, query, this.planOptions());
    capEmbeddedRows(plan.root, this.maxRows);
    this.applyMasks(plan, masks);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const custom = this.handlerFor(req, prefs, { relation }, query);
      const accesses = accessesFor(relation.name, req.method, false, plan);
      const denied = authorize(accesses);
      if (denied !== undefined) return denied;
      // Standalone mode (a per-request role) reads in a READ ONLY transaction, as PostgREST does.
      const mode = { transaction: false, readOnly: ctx.role !== undefined };
      const from = plan.root.from ?? `${relation.sqlName} AS t0`;
      if (
        readKey !== undefined &&
        custom === undefined &&
        prefs.negotiated.kind !== 'plan' &&
        (prefs.countKind === undefined || prefs.countKind === 'exact')
      ) {
        const statement = this.readStatement(req, from, query, plan, prefs, media, ctx);
        if (this.plannedReads.size >= PLANNED_READS) {
          const oldest = this.plannedReads.keys().next();
          if (oldest.done !== true) this.plannedReads.delete(oldest.value);
        }
        this.plannedReads.set(readKey, { prefs, media, accesses, statement });
        return this.runRead(statement, prefs, media, mode, ctx, false, undefined);
      }
      return this.read(req, from, query, plan, prefs, media, mode, ctx, undefined, false, custom);
    }
    // Writes negotiate too; a handler shapes the representation.
    prefs.custom = this.handlerFor(req, prefs, { relation }, query);
    if (req.method === 'PUT')
      return this.put(req, relation, query, plan, prefs, media, authorize, ctx);
    return this.write(req, relation, query, plan, prefs, media, authorize, ctx);
  }

  /**
   * The media type handler answering a read of `target` (PostgREST 12's handlers), or undefined
   * for a builtin type; 406 PGRST107 when neither is acceptable. Only in standalone mode (a
   * request role): Mission Control's `/api/db` keeps its builtin types.
   */
  private handlerFor(
    req: DbRequest,
    prefs: Prefs,
    target: { relation: Relation } | { fn: RpcFunction },
    query: ParsedQuery,
  ): CustomMedia | undefined {
    const custom =
      this.handlersEnabled && prefs.negotiated.kind !== 'plan'
        ? chooseHandler(
            req.headers.accept,
            this.cache.mediaAggregates,
            target,
            isDefaultSelect(query.select),
          )
        : undefined;
    if (custom === undefined && prefs.mediaError !== undefined) throw prefs.mediaError;
    return custom;
  }

  /** The planner's options: aggregates, and the relations with relationships (PGRST200's hint). */
  private planOptions(): PlanOptions {
    const cache = this.cache;
    return {
      aggregates: this.aggregatesEnabled,
      relatedNames: () =>
        [...cache.relations.values()]
          .filter((relation) => relation.relationships.length > 0)
          .map((relation) => relation.name),
    };
  }

  /** The request's preferences (400 PGRST122 with handling=strict) and media type (406). */
  private async preferences(req: DbRequest): Promise<Prefs> {
    let negotiated: Negotiated;
    let mediaError: PgrstError | undefined;
    try {
      negotiated = negotiate(req.headers.accept);
    } catch (error: unknown) {
      if (!(error instanceof PgrstError) || error.code !== 'PGRST107') throw error;
      negotiated = { kind: 'json', nullsStripped: false };
      mediaError = error;
    }
    if (negotiated.kind === 'plan' && !this.planEnabled) {
      throw new PgrstError(
        406,
        'PGRST107',
        `None of these media types are available: ${(req.headers.accept ?? '').split(';')[0]?.trim().slice(0, 200) ?? ''}`,
      );
    }
    const override = this.txEnd.endsWith('allow-override');
    const prefer = req.headers.prefer;
    const timezones =
      prefer !== undefined && prefer.includes('timezone=') ? await this.timezoneNames() : undefined;
    const full = readPreferences(prefer, override, timezones);
    const rollback =
      full.tx === undefined ? this.txEnd.startsWith('rollback') : full.tx === 'rollback';
    return {
      full,
      negotiated,
      mediaError,
      rollback,
      representation: full.return === 'representation',
      return: full.return ?? 'minimal',
      count: full.count !== undefined,
      countKind: full.count,
      resolution: full.resolution,
    };
  }

  private timezones: Promise<ReadonlySet<string>> | undefined;

  /** pg_timezone_names, read once (PostgREST reads them with its schema cache). */
  private timezoneNames(): Promise<ReadonlySet<string>> {
    this.timezones ??= this.db
      .query<{ name: string }>('SELECT name FROM pg_timezone_names')
      .then((result) => new Set(result.rows.map((row) => row.name)))
      .catch((error: unknown) => {
        this.timezones = undefined;
        throw error;
      });
    return this.timezones;
  }

  /**
   * Run `work` on the database: in a transaction when asked (writes, RPC) or when a statement
   * timeout applies (`SET LOCAL` needs one). Whatever `work` throws rolls the transaction back.
   */
  private async execute<T>(
    mode: RunMode,
    ctx: HandleOptions,
    work: (target: Queryable) => Promise<T>,
    rollback = false,
  ): Promise<T> {
    if (rollback) {
      // Prefer: tx=rollback: run everything, keep the result, roll the transaction back.
      try {
        await this.execute({ ...mode, transaction: true }, ctx, async (target) => {
          throw new RollbackSignal(await work(target));
        });
      } catch (error: unknown) {
        if (error instanceof RollbackSignal) return error.result as T;
        throw error;
      }
      throw new Error('the rolled-back transaction returned nothing');
    }
    const role = ctx.role;
    const settings = ctx.settings ?? [];
    const readWithPrelude = this.db.readWithPrelude?.bind(this.db);
    if (
      !mode.transaction &&
      !mode.readOnly &&
      this.timeoutMs === undefined &&
      role === undefined &&
      settings.length === 0 &&
      readWithPrelude === undefined
    ) {
      return work(this.db);
    }
    // One prelude statement sets everything with bound values (PostgREST's set_config calls):
    // read-only mode, the timeout (the server's own integer), the role (a role that does not
    // exist is PostgreSQL's error `role "x" does not exist`) and the request's settings. On a
    // pipelining pool it leaves with BEGIN and the request's statement in one round trip.
    const configs: (readonly [string, string])[] = [];
    if (mode.readOnly) configs.push(['transaction_read_only', 'on']);
    if (this.timeoutMs !== undefined) {
      configs.push(['statement_timeout', String(Math.max(1, Math.floor(this.timeoutMs)))]);
    }
    if (role !== undefined) configs.push(['role', role]);
    configs.push(...settings);
    const prelude =
      configs.length === 0
        ? []
        : [
            {
              // num_nulls evaluates every argument and answers one small integer: the values set
              // (the request's headers among them) do not travel back.
              sql: preludeSql(configs.length),
              params: configs.flatMap(([name, value]) => [name, value]),
            },
          ];
    if (!mode.transaction && readWithPrelude !== undefined) {
      // A read of one statement: prelude and statement as one implicit transaction in one round
      // trip (no BEGIN/COMMIT). A read that needs a second statement (a planned count's EXPLAIN)
      // gives up before sending it and runs again in a real transaction: reads only, so the
      // statement already run changed nothing.
      let sent = false;
      const single: Queryable = {
        query: <R>(sql: string, params: readonly unknown[] = []) => {
          if (sent) return Promise.reject(new NeedsTransaction());
          sent = true;
          return readWithPrelude<R>(prelude, sql, params);
        },
        exec: () => Promise.reject(new NeedsTransaction()),
      };
      try {
        return await work(single);
      } catch (error: unknown) {
        if (!(error instanceof NeedsTransaction)) throw error;
      }
    }
    return this.db.transaction((tx) => work(tx), { prelude, readOnly: mode.readOnly });
  }

  private static async one(target: Queryable, sql: string, values: readonly unknown[]) {
    const result = await target.query<ResultRow>(sql, values);
    const row = result.rows[0];
    if (row === undefined) throw new Error('the statement returned no row');
    return row;
  }

  /** Reads (and RPC results): the page, its total when asked, and Content-Range. */
  private async read(
    req: DbRequest,
    from: string,
    query: ParsedQuery,
    plan: Plan,
    prefs: Prefs,
    media: MediaType,
    mode: RunMode,
    ctx: HandleOptions,
    params: SqlParams = new SqlParams(),
    rpc = false,
    custom?: CustomMedia,
  ): Promise<DbResponse> {
    const statement = this.readStatement(
      req,
      from,
      query,
      plan,
      prefs,
      media,
      ctx,
      params,
      rpc,
      custom,
    );
    if (prefs.negotiated.kind === 'plan') {
      const { sql, values } = statement.statement(false);
      return this.explain(sql, values, prefs.negotiated, mode, ctx);
    }
    return this.runRead(statement, prefs, media, mode, ctx, rpc, custom);
  }

  /**
   * A read's statement: the page, its rows as one body, and its total when asked (rendered only
   * then: its placeholders must all appear in the statement). Depends on the request alone.
   */
  private readStatement(
    req: DbRequest,
    from: string,
    query: ParsedQuery,
    plan: Plan,
    prefs: Prefs,
    media: MediaType,
    ctx: HandleOptions,
    params: SqlParams = new SqlParams(),
    rpc = false,
    custom?: CustomMedia,
  ): ReadStatement {
    const { offset, limit } = paging(query, req, this.maxRows);
    const root = plan.root;
    const where = nodeConditions(root, params);
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    // The placeholders of FROM and WHERE come first: the estimate statement binds only those.
    const whereValues = params.values.length;
    // Aggregates (sql.ts renderGroupedQuery): the page is the groups, not the rows.
    const grouped = isGrouped(root);
    let page = '';
    if (!grouped) {
      page = `SELECT t0.* FROM ${from}${whereSql}${renderOrder('t0', root.order, params)}`;
      page += ` LIMIT ${params.add(limit, 'int8')}`;
      if (offset > 0) page += ` OFFSET ${params.add(offset, 'int8')}`;
    }
    const head = req.method === 'HEAD';
    const keys = projectionKeys(root);
    const negotiated = prefs.negotiated;
    const explain = negotiated.kind === 'plan';
    // One aggregate over the page: no CTE to materialise; the page's ORDER BY carries through.
    const body =
      head && !explain
        ? `''::text`
        : custom?.aggregate !== undefined
          ? handlerBodySql(custom, handlerAggregateSql(custom.aggregate))
          : bodySql(media, keys, negotiated);
    // Standalone mode: what the statement set in response.headers / response.status.
    const gucs = ctx.role !== undefined ? RESPONSE_GUCS : '';
    const inner = grouped
      ? `(${renderGroupedQuery(root, from, where, params, limit, offset)})`
      : `(SELECT ${renderProjection(root, params)} FROM (${page}) AS t0)`;
    const bodyValues = params.values.length;
    const applied = preferenceApplied(
      prefs.full,
      rpc
        ? ['params', 'count', 'tx', 'handling', 'timezone', 'maxAffected']
        : ['count', 'tx', 'handling', 'timezone'],
    );
    const maxAffected = prefs.full.handling === 'strict' ? prefs.full.maxAffected : undefined;
    const estimate = {
      sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}${whereSql}`,
      values: params.values.slice(0, whereValues),
    };
    if (explain) {
      const sql = `SELECT count(*) AS n, ${body} AS body FROM ${inner} AS s0`;
      const values = params.values.slice(0, bodyValues);
      return {
        offset,
        head,
        keys,
        estimate,
        statement: () => ({ sql, values }),
        applied,
        maxAffected,
        location: {},
      };
    }
    const variants: ({ sql: string; values: readonly unknown[] } | undefined)[] = [];
    const statement = (exact: boolean) => {
      const index = exact ? 1 : 0;
      let variant = variants[index];
      if (variant === undefined) {
        // The exact count's placeholders come after the body's; without it, the body's only.
        const total = !exact
          ? 'NULL::int8'
          : grouped
            ? `(SELECT count(*) FROM (${renderGroupedQuery(root, from, where, params)}) AS _g)`
            : `(SELECT count(*) FROM ${from}${whereSql})`;
        const sql = `SELECT ${total} AS total, count(*) AS n, ${body} AS body${gucs} FROM ${inner} AS s0`;
        variant = { sql, values: exact ? [...params.values] : params.values.slice(0, bodyValues) };
        variants[index] = variant;
      }
      return variant;
    };
    // PostgREST 12 names a table or view read's canonical URL (not an RPC's); standalone mode.
    const location: Record<string, string> =
      rpc || ctx.role === undefined
        ? {}
        : { 'content-location': contentLocation(root.relation.name, req.rawQuery) };
    return { offset, head, keys, estimate, statement, applied, maxAffected, location };
  }

  /** Run a read's statement and answer it: its page, Content-Range, 206 or 416. */
  private async runRead(
    read: ReadStatement,
    prefs: Prefs,
    media: MediaType,
    mode: RunMode,
    ctx: HandleOptions,
    rpc: boolean,
    custom: CustomMedia | undefined,
  ): Promise<DbResponse> {
    const { offset, head, keys, applied, maxAffected, location } = read;
    const negotiated = prefs.negotiated;
    const { row, planned } = await this.execute(
      mode,
      ctx,
      async (target) => {
        let estimate: number | undefined;
        if (prefs.countKind === 'planned' || prefs.countKind === 'estimated') {
          const explained = await target.query<Record<string, unknown>>(
            read.estimate.sql,
            read.estimate.values,
          );
          estimate = plannedRows(explained.rows);
        }
        // `estimated`: the exact count while it is small (up to the row cap), else the estimate.
        const exact =
          prefs.countKind === 'exact' ||
          (prefs.countKind !== undefined && (estimate === undefined || estimate <= this.maxRows));
        const { sql, values } = read.statement(exact);
        const result = await EngineImpl.one(target, sql, values);
        const counted = toCount(result.total);
        const overflow = counted !== undefined && offset > counted;
        if (rpc && maxAffected !== undefined && Number(result.n) > maxAffected) {
          throw maxAffectedError(Number(result.n));
        }
        // Shaped inside the transaction: a 406 (single object) rolls back a volatile RPC.
        if (!overflow && custom === undefined) shapeBody(media, result, keys, head);
        return { row: result, planned: exact ? undefined : estimate };
      },
      prefs.rollback && mode.transaction,
    );
    const n = Number(row.n);
    const count = toCount(row.total) ?? planned;
    const extra: Record<string, string> = {};
    if (applied !== undefined) extra['preference-applied'] = applied;
    if (count !== undefined && offset > count && row.total !== null) {
      const failure = new PgrstError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${count} rows.`,
      );
      return jsonResponse(416, head ? '' : errorBody(failure), {
        'content-range': `*/${count}`,
        ...location,
        ...extra,
      });
    }
    const range = n > 0 ? `${offset}-${offset + n - 1}/${count ?? '*'}` : `*/${count ?? '*'}`;
    const status = count !== undefined && n < count ? 206 : 200;
    if (custom !== undefined) {
      const out = handlerBody(custom, row.body, head);
      const final = applyResponseGucs(
        status,
        {
          'content-range': range,
          ...location,
          'content-type': handlerContentType(custom),
          ...extra,
        },
        row,
      );
      return { ...final, ...out };
    }
    const shaped = shapeBody(media, row, keys, head);
    const contentType = negotiated.kind === 'geojson' ? GEOJSON_TYPE : shaped.contentType;
    return {
      ...applyResponseGucs(
        media === 'object' ? 200 : status,
        { 'content-range': range, ...location, 'content-type': contentType, ...extra },
        row,
      ),
      body: shaped.body,
    };
  }

  /**
   * `Accept: application/vnd.pgrst.plan`: PostgreSQL's EXPLAIN of the statement with the asked
   * options (`analyze` runs it, in a transaction that is always rolled back).
   */
  private async explain(
    sql: string,
    values: readonly unknown[],
    negotiated: Negotiated,
    mode: RunMode,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const plan = negotiated.plan ?? { format: 'json', for: 'json', options: [] };
    const options = [`FORMAT ${plan.format === 'text' ? 'TEXT' : 'JSON'}`];
    for (const option of plan.options) options.push(option.toUpperCase());
    const rows = await this.execute(
      { ...mode, transaction: true },
      ctx,
      async (target) => {
        const result = await target.query<Record<string, unknown>>(
          `EXPLAIN (${options.join(', ')}) ${sql}`,
          values,
        );
        return result.rows;
      },
      true,
    );
    const cells = rows.map((row) => Object.values(row)[0]);
    const body =
      plan.format === 'text'
        ? cells.map((cell) => String(cell)).join('\n')
        : typeof cells[0] === 'string'
          ? cells[0]
          : JSON.stringify(cells[0]);
    return { status: 200, headers: { 'content-type': planContentType(negotiated) }, body };
  }

  private async write(
    req: DbRequest,
    relation: Relation,
    query: ParsedQuery,
    plan: Plan,
    prefs: Prefs,
    media: MediaType,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const params = new SqlParams();
    let statement: string;
    const rootFilters = plan.root.filters;
    const can =
      req.method === 'POST'
        ? relation.writable.insert && (prefs.resolution === undefined || relation.writable.update)
        : req.method === 'PATCH'
          ? relation.writable.update
          : relation.writable.delete;
    if (!can) {
      throw new PgrstError(
        405,
        'PGRST105',
        `${req.method} is not possible on "${relation.name}": PostgreSQL cannot write through it`,
      );
    }
    const columns =
      query.columns === undefined ? undefined : checkColumns(relation, query.columns, true);
    const missingDefault = prefs.full.missing === 'default';
    let inserted: string | undefined;
    if (req.method === 'POST') {
      const body = parseWriteBody(req);
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every(isObject)) {
        throw new PgrstError(
          400,
          'PGRST102',
          'The body must be a JSON object or an array of objects',
        );
      }
      let keys: string[];
      if (columns !== undefined) {
        // `columns=` names the keys to insert; other body keys are ignored, missing ones are NULL.
        keys = columns;
      } else {
        const first = rows[0];
        keys = first === undefined ? [] : Object.keys(first);
        const signature = [...keys].sort().join('\u0000');
        for (const row of rows) {
          if (Object.keys(row).sort().join('\u0000') !== signature) {
            throw new PgrstError(400, 'PGRST102', 'All object keys must match');
          }
        }
        for (const key of keys) {
          if (!relation.columnMap.has(key)) throw columnNotFound(relation.name, key);
        }
      }
      let conflict = '';
      if (prefs.resolution !== undefined) {
        const target = checkColumns(relation, query.onConflict ?? relation.primaryKey);
        if (target.length === 0) {
          throw new PgrstError(
            400,
            'PGRST100',
            `"${relation.name}" has no primary key: an upsert needs on_conflict`,
          );
        }
        // Rows the upsert inserted rather than updated: 201 when any, else 200 (merge).
        if (relation.kind === 'table') inserted = `(t0.xmax = 0)`;
        const targetSql = target.map(quoteIdent).join(', ');
        const updates = keys.filter((key) => !target.includes(key));
        conflict =
          prefs.resolution === 'ignore-duplicates' || updates.length === 0
            ? ` ON CONFLICT (${targetSql}) DO NOTHING`
            : ` ON CONFLICT (${targetSql}) DO UPDATE SET ${updates
                .map((key) => `${quoteIdent(key)} = EXCLUDED.${quoteIdent(key)}`)
                .join(', ')}`;
      }
      const accesses = accessesFor(relation.name, req.method, true, plan);
      if (prefs.resolution === 'merge-duplicates') {
        // Merging updates existing rows: the relation must take PATCH too.
        accesses.splice(1, 0, {
          relation: relation.name,
          action: 'write',
          method: 'PATCH',
          root: true,
        });
      }
      const denied = authorize(accesses);
      if (denied !== undefined) return denied;
      if (rows.length === 0) {
        statement = `SELECT t0.* FROM ${relation.sqlName} AS t0 WHERE FALSE`;
      } else if (keys.length === 0) {
        if (rows.length > 1) {
          throw new PgrstError(400, 'PGRST102', 'A bulk insert needs at least one column');
        }
        statement = `INSERT INTO ${relation.sqlName} DEFAULT VALUES${conflict} RETURNING *`;
      } else if (missingDefault) {
        // Prefer: missing=default: a key a row lacks takes the column's DEFAULT.
        const list = keys.map(quoteIdent).join(', ');
        const tuples = rows.map((row) => {
          const record = `json_populate_record(NULL::${relation.sqlName}, ${params.add(JSON.stringify(row), 'json')})`;
          const cells = keys.map((key) =>
            Object.hasOwn(row, key) ? `(${record}).${quoteIdent(key)}` : 'DEFAULT',
          );
          return `(${cells.join(', ')})`;
        });
        statement = `INSERT INTO ${relation.sqlName} AS t0 (${list}) VALUES ${tuples.join(', ')}${conflict} RETURNING t0.*`;
      } else {
        const list = keys.map(quoteIdent).join(', ');
        statement =
          `INSERT INTO ${relation.sqlName} AS t0 (${list}) SELECT ${list} FROM ` +
          `json_populate_recordset(NULL::${relation.sqlName}, ${params.add(JSON.stringify(rows), 'json')})${conflict} RETURNING t0.*`;
      }
      if (inserted !== undefined) statement += `, ${inserted} AS "pgrst:inserted"`;
    } else {
      if (rootFilters.length === 0) {
        throw new PgrstError(
          400,
          '21000',
          `${req.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
          null,
          'Add a filter, e.g. id=eq.<value>',
        );
      }
      let patch: Record<string, unknown> | undefined;
      let keys: string[] = [];
      if (req.method === 'PATCH') {
        const body = parseWriteBody(req);
        if (!isObject(body)) {
          throw new PgrstError(400, 'PGRST102', 'PATCH takes one JSON object');
        }
        if (columns === undefined) {
          keys = Object.keys(body);
          for (const key of keys) {
            if (!relation.columnMap.has(key)) throw columnNotFound(relation.name, key);
          }
        } else {
          keys = columns;
        }
        patch = body;
      }
      const denied = authorize(accessesFor(relation.name, req.method, true, plan));
      if (denied !== undefined) return denied;
      const where = rootFilters.map((expr) => renderExpr('t0', expr, params)).join(' AND ');
      if (patch === undefined) {
        statement = `DELETE FROM ${relation.sqlName} AS t0 WHERE ${where} RETURNING t0.*`;
      } else if (keys.length === 0) {
        // Nothing to set: no row changes. The filters stay in the text because their bind
        // parameters are already numbered.
        statement = `SELECT t0.* FROM ${relation.sqlName} AS t0 WHERE FALSE AND ${where}`;
      } else {
        const sets = keys.map((key) => `${quoteIdent(key)} = _b.${quoteIdent(key)}`).join(', ');
        statement =
          `UPDATE ${relation.sqlName} AS t0 SET ${sets} FROM json_populate_record(NULL::${relation.sqlName}, ` +
          `${params.add(JSON.stringify(patch), 'json')}) AS _b WHERE ${where} RETURNING t0.*`;
      }
    }
    return this.finishWrite(req, relation, plan, prefs, media, ctx, statement, params, inserted);
  }

  /** Run a write statement and answer as PostgREST does for its method. */
  private async finishWrite(
    req: DbRequest,
    relation: Relation,
    plan: Plan,
    prefs: Prefs,
    media: MediaType,
    ctx: HandleOptions,
    statement: string,
    params: SqlParams,
    inserted: string | undefined,
    precheck?: { sql: string; values: readonly string[] },
  ): Promise<DbResponse> {
    const masks = ctx.masks;
    const created = req.method === 'POST';
    const keys = projectionKeys(plan.root);
    const location =
      created && prefs.return === 'headers-only' && relation.primaryKey.length > 0
        ? relation.primaryKey
        : undefined;
    let body = `''::text`;
    const custom = prefs.representation ? prefs.custom : undefined;
    if (prefs.representation || prefs.negotiated.kind === 'plan') {
      // The returned rows are read like any other: masked columns stay masked.
      const page = this.maskedSource(relation, '_page', 't0', masks);
      const value =
        custom?.aggregate !== undefined
          ? handlerBodySql(custom, handlerAggregateSql(custom.aggregate))
          : bodySql(media, keys, prefs.negotiated);
      body = `(SELECT ${value} FROM (SELECT ${renderProjection(plan.root, params)} FROM ${page}) AS s0)`;
    } else if (location !== undefined) {
      const pk = location.map((column) => `t0.${quoteIdent(column)}`).join(', ');
      body = `coalesce((SELECT json_agg(json_build_array(${pk})) FROM _page AS t0), '[]'::json)::text`;
    }
    const insertedSql =
      inserted === undefined ? 'NULL::int8' : `(SELECT count(*) FROM _page WHERE "pgrst:inserted")`;
    const gucs = ctx.role !== undefined ? RESPONSE_GUCS : '';
    const sql = `WITH _page AS (${statement}) SELECT NULL::int8 AS total, (SELECT count(*) FROM _page) AS n, ${insertedSql} AS inserted, ${body} AS body${gucs}`;
    const mode: RunMode = { transaction: true, readOnly: false };
    if (prefs.negotiated.kind === 'plan') {
      return this.explain(sql, params.values, prefs.negotiated, mode, ctx);
    }
    const maxAffected =
      prefs.full.handling === 'strict' && (req.method === 'PATCH' || req.method === 'DELETE')
        ? prefs.full.maxAffected
        : undefined;
    const row = await this.execute(
      mode,
      ctx,
      async (target) => {
        if (precheck !== undefined) {
          // PUT: the payload's key values must be the URL's (compared as the column's type).
          const matched = await target.query<{ ok: boolean }>(precheck.sql, precheck.values);
          if (matched.rows[0]?.ok !== true) {
            throw new PgrstError(
              400,
              'PGRST115',
              'Payload values do not match URL in primary key column(s)',
            );
          }
        }
        const result = await EngineImpl.one(target, sql, params.values);
        if (maxAffected !== undefined && Number(result.n) > maxAffected) {
          throw maxAffectedError(Number(result.n));
        }
        // Checked before the commit: a 406 for a single object rolls the write back.
        if (prefs.representation && custom === undefined) shapeBody(media, result, keys, false);
        return result as ResultRow & { inserted: string | number | null };
      },
      prefs.rollback,
    );
    const n = Number(row.n);
    const total = prefs.count ? String(n) : '*';
    // PostgREST: POST and DELETE answer `*/<total>`, PATCH `0-<n-1>/<total>`.
    const headers: Record<string, string> = {};
    if (req.method !== 'PUT') {
      headers['content-range'] =
        req.method === 'PATCH' && n > 0 ? `0-${n - 1}/${total}` : `*/${total}`;
    }
    const applied = preferenceApplied(
      prefs.full,
      req.method === 'POST'
        ? ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone']
        : req.method === 'PATCH'
          ? ['return', 'count', 'tx', 'missing', 'handling', 'timezone', 'maxAffected']
          : req.method === 'PUT'
            ? ['return', 'count', 'tx', 'handling', 'timezone']
            : ['return', 'count', 'tx', 'handling', 'timezone', 'maxAffected'],
    );
    if (applied !== undefined) headers['preference-applied'] = applied;
    if (location !== undefined && n === 1) {
      const values = JSON.parse(row.body) as unknown[][];
      const first = values[0] ?? [];
      headers.location = `/${relation.name}?${location
        .map((column, index) => {
          const value = first[index];
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          return `${encodeURIComponent(column)}=eq.${encodeURIComponent(text)}`;
        })
        .join('&')}`;
    }
    const insertedRows = row.inserted === null ? undefined : Number(row.inserted);
    let status: number;
    if (req.method === 'PUT') status = insertedRows !== undefined && insertedRows > 0 ? 201 : 200;
    else if (created) {
      status =
        insertedRows !== undefined && insertedRows <= 0 && prefs.resolution === 'merge-duplicates'
          ? 200
          : 201;
    } else status = 200;
    if (!prefs.representation) {
      return { ...applyResponseGucs(created ? status : 204, headers, row), body: '' };
    }
    if (custom !== undefined) {
      const contentType = handlerContentType(custom);
      return {
        ...applyResponseGucs(status, { ...headers, 'content-type': contentType }, row),
        ...handlerBody(custom, row.body, false),
      };
    }
    const shaped = shapeBody(media, row, keys, false);
    return {
      ...applyResponseGucs(status, { ...headers, 'content-type': shaped.contentType }, row),
      body: shaped.body,
    };
  }

  /** PUT: a single-row upsert by the whole primary key, given as `eq` filters (PostgREST). */
  private async put(
    req: DbRequest,
    relation: Relation,
    query: ParsedQuery,
    plan: Plan,
    prefs: Prefs,
    media: MediaType,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    if (query.limit !== undefined || query.offset !== undefined) {
      throw new PgrstError(
        400,
        'PGRST114',
        'limit/offset querystring parameters are not allowed for PUT',
      );
    }
    const pk = relation.primaryKey;
    const urlValues = new Map<string, string>();
    let exact = pk.length > 0 && plan.root.filters.length === pk.length;
    for (const filter of plan.root.filters) {
      if (
        filter.kind !== 'cond' ||
        filter.negate ||
        filter.op !== 'eq' ||
        filter.field.json.length > 0 ||
        filter.value.kind !== 'scalar' ||
        !pk.includes(filter.field.column.name) ||
        urlValues.has(filter.field.column.name)
      ) {
        exact = false;
        break;
      }
      urlValues.set(filter.field.column.name, filter.value.value);
    }
    if (!exact || urlValues.size !== pk.length) {
      throw new PgrstError(
        405,
        'PGRST105',
        "Filters must include all and only primary key columns with 'eq' operators",
      );
    }
    const body = parseWriteBody(req);
    const rows = Array.isArray(body) ? body : [body];
    const row = rows[0];
    if (rows.length !== 1 || !isObject(row)) {
      throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
    }
    const keys =
      query.columns === undefined ? Object.keys(row) : checkColumns(relation, query.columns, true);
    for (const key of keys) {
      if (!relation.columnMap.has(key)) throw columnNotFound(relation.name, key);
    }
    const denied = authorize(accessesFor(relation.name, req.method, true, plan));
    if (denied !== undefined) return denied;
    // The payload's key values must be the URL's (compared as the column's type).
    const check = new SqlParams();
    const record = `json_populate_record(NULL::${relation.sqlName}, ${check.add(JSON.stringify(row), 'json')})`;
    const same = pk
      .map((column) => {
        const type = relation.columnMap.get(column)?.type ?? 'text';
        return `(_r).${quoteIdent(column)} IS NOT DISTINCT FROM ${check.add(urlValues.get(column) ?? '', type)}`;
      })
      .join(' AND ');
    const params = new SqlParams();
    const list = keys.map(quoteIdent).join(', ');
    const target = pk.map(quoteIdent).join(', ');
    const sets = keys.map((key) => `${quoteIdent(key)} = EXCLUDED.${quoteIdent(key)}`).join(', ');
    const conflict =
      sets === ''
        ? ` ON CONFLICT (${target}) DO NOTHING`
        : ` ON CONFLICT (${target}) DO UPDATE SET ${sets}`;
    const statement =
      `INSERT INTO ${relation.sqlName} AS t0 (${list}) SELECT ${list} FROM ` +
      `json_populate_record(NULL::${relation.sqlName}, ${params.add(JSON.stringify(row), 'json')})${conflict} ` +
      `RETURNING t0.*, (t0.xmax = 0) AS "pgrst:inserted"`;
    return this.finishWrite(req, relation, plan, prefs, media, ctx, statement, params, 'x', {
      sql: `SELECT (${same}) AS ok FROM (SELECT ${record} AS _r) AS _x`,
      values: check.values,
    });
  }

  /**
   * Pick the overload of `name` that the request's argument names call, as PostgREST 12 does:
   * the required parameters all given, the rest optional ones; else the function with one
   * unnamed parameter matching the body's type; PGRST202 (404) for none, PGRST203 (300) for many.
   */
  private findFunction(
    name: string,
    keys: ReadonlySet<string>,
    singleObject: boolean,
    post: boolean,
    contentType: string,
  ): { fn: RpcFunction; raw: boolean } {
    const candidates = this.cache.overloads.get(name) ?? [];
    const matching: RpcFunction[] = [];
    const fallback: RpcFunction[] = [];
    const rawTypes: ReadonlyMap<string, readonly string[]> = new Map([
      ['application/json', ['json', 'jsonb']],
      ['text/plain', ['text']],
      ['text/xml', ['xml']],
      ['application/octet-stream', ['bytea']],
    ]);
    const rawBody =
      post && ['text/plain', 'text/xml', 'application/octet-stream'].includes(contentType);
    for (const fn of candidates) {
      const params = fn.args;
      let matches: boolean;
      if (singleObject) {
        matches = params.length === 1 && (params[0]?.isJson ?? false);
      } else if (params.length === 0) {
        matches = keys.size === 0 && !rawBody;
      } else {
        const required = params.filter((arg) => !arg.hasDefault).map((arg) => arg.name);
        const optional = new Set(params.filter((arg) => arg.hasDefault).map((arg) => arg.name));
        const rest = [...keys].filter((key) => !optional.has(key));
        matches = rest.length === required.length && required.every((arg) => rest.includes(arg));
      }
      const only = params.length === 1 ? params[0] : undefined;
      if (matches) matching.push(fn);
      else if (
        post &&
        only !== undefined &&
        (rawTypes.get(contentType) ?? []).includes(only.type)
      ) {
        fallback.push(fn);
      }
    }
    const chosen = matching.length > 0 ? matching : fallback;
    // The body is the argument itself with params=single-object or through the fallback.
    const raw = singleObject || matching.length === 0;
    if (chosen.length === 1 && chosen[0] !== undefined) return { fn: chosen[0], raw };
    if (chosen.length > 1) {
      const list = chosen
        .map(
          (fn) =>
            `${this.schema}.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(', ')})`,
        )
        .join(', ');
      throw new PgrstError(
        300,
        'PGRST203',
        `Could not choose the best candidate function between: ${list}`,
        null,
        'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      );
    }
    const func = `${this.schema}.${name.slice(0, 100)}`;
    const sorted = [...keys].sort().map((key) => key.slice(0, 100));
    const list = sorted.join(', ');
    const onlySingle = singleObject || rawBody;
    const withParams =
      sorted.length === 0
        ? ' without parameters'
        : ` with parameter${sorted.length > 1 ? 's' : ''} ${list}`;
    const searched = singleObject
      ? ' with a single json/jsonb parameter'
      : post && contentType === 'text/plain'
        ? ' with a single unnamed text parameter'
        : post && contentType === 'text/xml'
          ? ' with a single unnamed xml parameter'
          : post && contentType === 'application/octet-stream'
            ? ' with a single unnamed bytea parameter'
            : post && contentType === 'application/json'
              ? `${withParams} or with a single unnamed json/jsonb parameter`
              : withParams;
    let hint: string | null = null;
    if (!onlySingle) {
      if (candidates.length === 0) {
        const other =
          name.length > 100 ? undefined : closestName(name, [...this.cache.overloads.keys()]);
        if (other !== undefined)
          hint = `Perhaps you meant to call the function ${this.schema}.${other}`;
      } else {
        const asText = (names: readonly string[]) => `(${[...names].sort().join(', ')})`;
        const given = asText(sorted);
        const other =
          given.length > 1000
            ? undefined
            : closestName(
                given,
                candidates.map((fn) => asText(fn.args.map((arg) => arg.name))),
              );
        if (other !== undefined) {
          hint = `Perhaps you meant to call the function ${this.schema}.${name}${other}`;
        }
      }
    }
    throw new PgrstError(
      404,
      'PGRST202',
      `Could not find the function ${func}${onlySingle ? '' : sorted.length === 0 ? ' without parameters' : `(${list})`} in the schema cache`,
      `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
      hint,
    );
  }

  private async rpc(
    name: string,
    params: ReturnType<typeof applyFilterExtension>,
    req: DbRequest,
    media: MediaType,
    prefs: Prefs,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const masks = ctx.masks;
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (!isGet && req.method !== 'POST') {
      throw new PgrstError(405, 'PGRST101', `Cannot use the ${req.method} method on RPC`);
    }
    const contentType = (req.headers['content-type'] ?? 'application/json')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const singleObject = prefs.full.params === 'single-object';
    // GET: the arguments are the parameters that are not reserved and carry no operator.
    const argValues = new Map<string, string[]>();
    let body: unknown = undefined;
    let keys: Set<string>;
    if (isGet) {
      for (const [key, value] of params) {
        if (RESERVED.has(key) || /\.(order|limit|offset|or|and)$/.test(key)) continue;
        if (OPERATOR_VALUE.test(value)) continue;
        argValues.set(key, [...(argValues.get(key) ?? []), value]);
      }
      keys = new Set(argValues.keys());
    } else if (contentType === 'application/json' || contentType === undefined) {
      body = req.body === undefined || req.body.trim() === '' ? {} : parseJsonBody(req.body);
      const classified = classifyParams(params);
      keys = new Set(classified.columns ?? (isObject(body) ? Object.keys(body) : []));
    } else if (contentType === 'application/x-www-form-urlencoded') {
      const form = parseQueryString(req.body ?? '');
      for (const [key, value] of form) argValues.set(key, [...(argValues.get(key) ?? []), value]);
      keys = new Set(argValues.keys());
    } else if (contentType === 'text/csv') {
      const rows = parseWriteBody(req);
      body = Array.isArray(rows) ? rows[0] : rows;
      keys = new Set(isObject(body) ? Object.keys(body) : []);
    } else if (
      contentType === 'text/plain' ||
      contentType === 'text/xml' ||
      contentType === 'application/octet-stream'
    ) {
      keys = new Set();
    } else {
      throw new PgrstError(400, 'PGRST102', `Content-Type not acceptable: ${requestMime(req)}`);
    }
    const { fn, raw: rawCall } = this.findFunction(
      name,
      keys,
      singleObject,
      !isGet,
      contentType ?? 'application/json',
    );
    const query = classifyParams(params, isGet ? new Set(argValues.keys()) : new Set());
    const values = new Map<string, unknown>();
    let raw: string | undefined;
    if (rawCall) {
      // One unnamed json/jsonb (or text, xml, bytea) parameter: the whole body is the argument.
      raw =
        contentType === 'application/json'
          ? JSON.stringify(body ?? {})
          : contentType === 'application/octet-stream' && req.bodyBytes !== undefined
            ? // The bytes as they came, in bytea's hex input form.
              `\\x${Buffer.from(req.bodyBytes).toString('hex')}`
            : (req.body ?? '');
    } else if (isGet || contentType === 'application/x-www-form-urlencoded') {
      for (const [key, list] of argValues) {
        const arg = fn.argMap.get(key);
        if (arg === undefined) continue;
        values.set(
          key,
          (arg.isArray || arg.variadic === true) && (list.length > 1 || arg.variadic === true)
            ? list
            : list[0],
        );
      }
    } else if (isObject(body)) {
      for (const [key, value] of Object.entries(body)) {
        if (fn.argMap.has(key) && key !== '') values.set(key, value);
      }
    }
    const plan =
      fn.result === undefined ? undefined : planQuery(fn.result, query, this.planOptions());
    if (plan !== undefined) capEmbeddedRows(plan.root, this.maxRows);
    if (plan === undefined) rejectScalarQuery(fn, query);
    else this.applyMasks(plan, masks);
    const custom = this.handlerFor(
      req,
      prefs,
      plan === undefined ? { fn } : { relation: plan.root.relation },
      query,
    );
    // A function that cannot write (immutable or stable) is a read whatever the method; a
    // volatile one called with POST is a write. GET always runs read-only, as in PostgREST.
    const writes = !isGet && fn.volatility === 'v';
    const denied = authorize(accessesFor(`rpc/${name}`, req.method, writes, plan));
    if (denied !== undefined) return denied;
    const mode: RunMode = { transaction: true, readOnly: !writes };
    // The arguments are rendered into a SqlParams that the read continues with, so the
    // placeholders stay numbered in order.
    const argParams = new SqlParams();
    const only = fn.args[0];
    const call =
      raw !== undefined && only !== undefined
        ? `${fn.sqlName}(${argParams.add(raw, only.type)})`
        : `${fn.sqlName}(${renderArgs(fn, values, argParams)})`;
    if (plan !== undefined) {
      const from = this.maskedSource(plan.root.relation, call, 't0', masks);
      return this.read(req, from, query, plan, prefs, media, mode, ctx, argParams, true, custom);
    }
    const head = req.method === 'HEAD';
    const keysOut = [fn.name];
    const applied = preferenceApplied(prefs.full, [
      'params',
      'count',
      'tx',
      'handling',
      'timezone',
      'maxAffected',
    ]);
    const extra: Record<string, string> = {};
    if (applied !== undefined) extra['preference-applied'] = applied;
    let sql: string;
    let paged = { offset: 0, limit: 1 };
    const gucs = ctx.role !== undefined ? RESPONSE_GUCS : '';
    if (custom !== undefined) {
      // A handler function: its result is the body, as it is.
      const value = head ? `''` : handlerBodySql(custom, `s0.${quoteIdent(fn.name)}`);
      sql = `SELECT NULL::int8 AS total, 1 AS n, ${value} AS body${gucs} FROM (SELECT ${call} AS ${quoteIdent(fn.name)}) AS s0`;
    } else if (fn.returnType === 'void') {
      sql = `SELECT NULL::int8 AS total, 1 AS n, '' AS body${gucs} FROM (SELECT ${call}) AS t0`;
    } else if (fn.returnsSet) {
      paged = paging(query, req, this.maxRows);
      let page = `SELECT t0.v AS ${quoteIdent(fn.name)} FROM ${call} AS t0(v) LIMIT ${argParams.add(paged.limit, 'int8')}`;
      if (paged.offset > 0) page += ` OFFSET ${argParams.add(paged.offset, 'int8')}`;
      const agg = prefs.negotiated.nullsStripped
        ? `coalesce(json_strip_nulls(json_agg(s0.${quoteIdent(fn.name)})), '[]'::json)::text`
        : `coalesce(json_agg(s0.${quoteIdent(fn.name)}), '[]'::json)::text`;
      const bodyOut = media === 'csv' ? bodySql(media, keysOut) : agg;
      const total = prefs.count ? `(SELECT count(*) FROM ${call} AS t0(v))` : 'NULL::int8';
      sql = `SELECT ${total} AS total, count(*) AS n, ${bodyOut} AS body${gucs} FROM (${page}) AS s0`;
    } else {
      const bodyOut =
        media === 'csv'
          ? `substring(s0::text, 2, length(s0::text) - 2)`
          : `to_json(s0.${quoteIdent(fn.name)})::text`;
      const total = prefs.count ? '1::int8' : 'NULL::int8';
      sql = `SELECT ${total} AS total, 1 AS n, ${bodyOut} AS body${gucs} FROM (SELECT ${call} AS ${quoteIdent(fn.name)}) AS s0`;
    }
    if (prefs.negotiated.kind === 'plan') {
      return this.explain(sql, argParams.values, prefs.negotiated, mode, ctx);
    }
    const maxAffected = prefs.full.handling === 'strict' ? prefs.full.maxAffected : undefined;
    const row = await this.execute(
      mode,
      ctx,
      async (target) => {
        const result = await EngineImpl.one(target, sql, argParams.values);
        if (maxAffected !== undefined && Number(result.n) > maxAffected) {
          throw maxAffectedError(Number(result.n));
        }
        if (fn.returnType !== 'void' && custom === undefined) {
          shapeBody(media, result, keysOut, head, fn.returnsSet);
        }
        return result;
      },
      prefs.rollback,
    );
    const n = Number(row.n);
    const count = toCount(row.total);
    const range =
      n > 0 ? `${paged.offset}-${paged.offset + n - 1}/${count ?? '*'}` : `*/${count ?? '*'}`;
    if (custom !== undefined) {
      const headers = {
        'content-range': range,
        'content-type': handlerContentType(custom),
        ...extra,
      };
      return { ...applyResponseGucs(200, headers, row), ...handlerBody(custom, row.body, head) };
    }
    if (fn.returnType === 'void') {
      return {
        ...applyResponseGucs(204, { 'content-range': range, ...extra }, row),
        body: '',
      };
    }
    const shaped = shapeBody(media, row, keysOut, head, fn.returnsSet);
    const status = count !== undefined && n < count && media !== 'object' ? 206 : 200;
    return {
      ...applyResponseGucs(
        status,
        { 'content-type': shaped.contentType, 'content-range': range, ...extra },
        row,
      ),
      body: shaped.body,
    };
  }
}

/** Query parameters that are never RPC arguments. */
const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'and',
  'or',
  'not.and',
  'not.or',
  'columns',
  'on_conflict',
]);

/** A filter value: an operator (optionally negated, quantified or with a language) and a dot. */
const OPERATOR_VALUE =
  /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|in|is|isdistinct|fts|plfts|phfts|wfts|cs|cd|ov|sl|sr|nxr|nxl|adj)(\((any|all|[a-z_]{1,63})\))?\./;

/** A scalar function's result has no columns: filters, order and column selects are 42703. */
function rejectScalarQuery(fn: RpcFunction, query: ParsedQuery): void {
  const first = query.filters[0];
  if (first !== undefined) {
    const field = first.kind === 'cond' ? first.field.name : first.op;
    throw unknownColumn(fn.name, field);
  }
  const order = query.order?.[0];
  if (order !== undefined) throw unknownColumn(fn.name, order.field.name);
  for (const item of query.select) {
    if (item.kind === 'column') throw unknownColumn(fn.name, item.field.name);
    if (item.kind === 'embed') throw unknownColumn(fn.name, item.name);
  }
  const [path] = query.embedParams.values();
  if (path !== undefined) throw unknownColumn(fn.name, path.path.join('.'));
}

function renderArgs(fn: RpcFunction, values: ReadonlyMap<string, unknown>, params: SqlParams) {
  const parts: string[] = [];
  for (const arg of fn.args) {
    if (!values.has(arg.name)) continue;
    const value = values.get(arg.name);
    let sql: string;
    if (value === null || value === undefined) sql = `NULL::${arg.type}`;
    else if (typeof value === 'string') sql = params.add(value, arg.type);
    else if (typeof value === 'number' || typeof value === 'boolean') {
      sql = params.add(String(value), arg.type);
    } else if (arg.isArray && Array.isArray(value) && !arg.isJson) {
      sql = `(SELECT coalesce(array_agg(x), '{}') FROM json_array_elements_text(${params.add(JSON.stringify(value), 'json')}) AS x)::${arg.type}`;
    } else sql = params.add(JSON.stringify(value), arg.type);
    parts.push(`${arg.variadic === true ? 'VARIADIC ' : ''}${quoteIdent(arg.name)} => ${sql}`);
  }
  return parts.join(', ');
}

/** Create the engine over `db`, introspecting the schema once. */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const schema = options.schema ?? 'public';
  const cache = await loadSchemaCache(options.db, schema);
  return new EngineImpl(
    options.db,
    schema,
    options.maxRows ?? 2000,
    options.statementTimeoutMs,
    cache,
    options.txEnd ?? 'commit',
    options.planEnabled ?? false,
    options.aggregatesEnabled ?? false,
    options.mediaHandlers ?? false,
  );
}
