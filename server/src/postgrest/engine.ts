/**
 * The PostgREST-compatible engine behind `/api/db/*`: request → parse → plan against the cached
 * schema → one parameterised SQL statement → PostgREST-shaped response (JSON, a single object or CSV).
 */
import type { Db, Queryable } from '../db/types';
import { PgrstError, errorBody, toPgrstError, unknownColumn } from './errors';
import { applyFilterExtension } from './filter-extension';
import { classifyParams, planQuery, type Plan, type PlanNode, type ParsedQuery } from './plan';
import { capEmbeddedRows } from './row-cap';
import {
  negotiateMediaType,
  parsePrefer,
  parseQueryString,
  parseRangeHeader,
  type MediaType,
  type Preferences,
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
  csvHeader,
  csvRowSql,
  nodeConditions,
  projectionKeys,
  renderExpr,
  renderOrder,
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
}

const JSON_TYPE = 'application/json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

interface ResultRow {
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
  return jsonResponse(error.status, method === 'HEAD' ? '' : errorBody(error));
}

function notFoundFunction(name: string): PgrstError {
  return new PgrstError(
    404,
    'PGRST202',
    `Could not find the function ${name} in the schema cache`,
    null,
    null,
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
  } catch (error: unknown) {
    throw new PgrstError(400, 'PGRST102', 'Empty or invalid json', String(error));
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toCount(value: string | number | bigint | null): number | undefined {
  return value === null ? undefined : Number(value);
}

/** Check `columns=`/`on_conflict=` names against the relation (42703 for an unknown one). */
function checkColumns(relation: Relation, names: readonly string[]): string[] {
  for (const name of names) {
    if (!relation.columnMap.has(name)) throw unknownColumn(relation.name, name);
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
    const lines = n > 0 ? `${csvHeader(keys)}\n${row.body}` : csvHeader(keys);
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
function bodySql(media: MediaType, keys: readonly string[]): string {
  return media === 'csv'
    ? `coalesce(string_agg(${csvRowSql('s0', keys)}, chr(10)), '')`
    : `coalesce(json_agg(s0), '[]'::json)::text`;
}

class EngineImpl implements Engine {
  private cache: SchemaCache;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    private readonly maxRows: number,
    private readonly timeoutMs: number | undefined,
    cache: SchemaCache,
  ) {
    this.cache = cache;
  }

  async reload(): Promise<void> {
    this.cache = await loadSchemaCache(this.db, this.schema);
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
    const media = negotiateMediaType(req.headers.accept);
    const params = applyFilterExtension(parseQueryString(req.rawQuery));
    if (path.startsWith('rpc/')) {
      return this.rpc(path.slice(4), params, req, media, authorize, ctx);
    }
    const relation = path.includes('/') ? undefined : this.cache.relations.get(path);
    if (relation === undefined) {
      throw new PgrstError(404, '42P01', `relation "${path.slice(0, 100)}" does not exist`);
    }
    const query = classifyParams(params);
    const plan = planQuery(relation, query);
    capEmbeddedRows(plan.root, this.maxRows);
    this.applyMasks(plan, masks);
    const prefs = parsePrefer(req.headers.prefer);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const denied = authorize(accessesFor(relation.name, req.method, false, plan));
      if (denied !== undefined) return denied;
      // Standalone mode (a per-request role) reads in a READ ONLY transaction, as PostgREST does.
      const mode = { transaction: false, readOnly: ctx.role !== undefined };
      const from = plan.root.from ?? `${relation.sqlName} AS t0`;
      return this.read(req, from, query, plan, prefs, media, mode, ctx);
    }
    return this.write(req, relation, query, plan, prefs, media, authorize, ctx);
  }

  /**
   * Run `work` on the database: in a transaction when asked (writes, RPC) or when a statement
   * timeout applies (`SET LOCAL` needs one). Whatever `work` throws rolls the transaction back.
   */
  private async execute<T>(
    mode: RunMode,
    ctx: HandleOptions,
    work: (target: Queryable) => Promise<T>,
  ): Promise<T> {
    const role = ctx.role;
    const settings = ctx.settings ?? [];
    if (
      !mode.transaction &&
      !mode.readOnly &&
      this.timeoutMs === undefined &&
      role === undefined &&
      settings.length === 0
    ) {
      return work(this.db);
    }
    return this.db.transaction(async (tx) => {
      if (mode.readOnly) await tx.query('SET TRANSACTION READ ONLY');
      if (this.timeoutMs !== undefined) {
        // A validated integer from the server's own configuration, not request text.
        await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(this.timeoutMs))}`);
      }
      // The role is quoted as an identifier; a role that does not exist is PostgreSQL's error.
      if (role !== undefined) await tx.query(`SET LOCAL ROLE ${quoteIdent(role)}`);
      if (settings.length > 0) {
        const calls = settings.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
        await tx.query(
          `SELECT ${calls.join(', ')}`,
          settings.flatMap(([name, value]) => [name, value]),
        );
      }
      return work(tx);
    });
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
    prefs: Preferences,
    media: MediaType,
    mode: RunMode,
    ctx: HandleOptions,
    params: SqlParams = new SqlParams(),
  ): Promise<DbResponse> {
    const { offset, limit } = paging(query, req, this.maxRows);
    const root = plan.root;
    const where = nodeConditions(root, params);
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    // The placeholders of FROM and WHERE come first: the estimate statement binds only those.
    const whereValues = params.values.length;
    let page = `SELECT t0.* FROM ${from}${whereSql}${renderOrder('t0', root.order, params)}`;
    page += ` LIMIT ${params.add(limit, 'int8')}`;
    if (offset > 0) page += ` OFFSET ${params.add(offset, 'int8')}`;
    const head = req.method === 'HEAD';
    const keys = projectionKeys(root);
    // One aggregate over the page: no CTE to materialise; the page's ORDER BY carries through.
    const body = head ? `''::text` : bodySql(media, keys);
    const inner = head
      ? `(${page})`
      : `(SELECT ${renderProjection(root, params)} FROM (${page}) AS t0)`;
    const exactCount = `(SELECT count(*) FROM ${from}${whereSql})`;
    const { row, planned } = await this.execute(mode, ctx, async (target) => {
      let estimate: number | undefined;
      if (prefs.countKind === 'planned' || prefs.countKind === 'estimated') {
        const explained = await target.query<Record<string, unknown>>(
          `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${from}${whereSql}`,
          params.values.slice(0, whereValues),
        );
        estimate = plannedRows(explained.rows);
      }
      // `estimated`: the exact count while it is small (up to the row cap), else the estimate.
      const exact =
        prefs.countKind === 'exact' ||
        (prefs.countKind !== undefined && (estimate === undefined || estimate <= this.maxRows));
      const total = exact ? exactCount : 'NULL::int8';
      const sql = `SELECT ${total} AS total, count(*) AS n, ${body} AS body FROM ${inner} AS s0`;
      const result = await EngineImpl.one(target, sql, params.values);
      const counted = toCount(result.total);
      const overflow = counted !== undefined && offset > counted;
      // Shaped inside the transaction: a 406 (single object) rolls back a volatile RPC.
      if (!overflow) shapeBody(media, result, keys, head);
      return { row: result, planned: exact ? undefined : estimate };
    });
    const n = Number(row.n);
    const count = toCount(row.total) ?? planned;
    if (count !== undefined && offset > count && row.total !== null) {
      return jsonResponse(416, head ? '' : '[]', { 'content-range': `*/${count}` });
    }
    const range = n > 0 ? `${offset}-${offset + n - 1}/${count ?? '*'}` : `*/${count ?? '*'}`;
    const status = count !== undefined && n < count ? 206 : 200;
    const shaped = shapeBody(media, row, keys, head);
    return {
      status: media === 'object' ? 200 : status,
      headers: { 'content-type': shaped.contentType, 'content-range': range },
      body: shaped.body,
    };
  }

  private async write(
    req: DbRequest,
    relation: Relation,
    query: ParsedQuery,
    plan: Plan,
    prefs: Preferences,
    media: MediaType,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const masks = ctx.masks;
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
    const columns = query.columns === undefined ? undefined : checkColumns(relation, query.columns);
    const applied: string[] = [];
    if (req.method === 'POST') {
      const body = parseJsonBody(req.body);
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
          if (!relation.columnMap.has(key)) throw unknownColumn(relation.name, key);
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
        const targetSql = target.map(quoteIdent).join(', ');
        const updates = keys.filter((key) => !target.includes(key));
        conflict =
          prefs.resolution === 'ignore-duplicates' || updates.length === 0
            ? ` ON CONFLICT (${targetSql}) DO NOTHING`
            : ` ON CONFLICT (${targetSql}) DO UPDATE SET ${updates
                .map((key) => `${quoteIdent(key)} = EXCLUDED.${quoteIdent(key)}`)
                .join(', ')}`;
        applied.push(`resolution=${prefs.resolution}`);
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
      } else {
        const list = keys.map(quoteIdent).join(', ');
        statement =
          `INSERT INTO ${relation.sqlName} AS t0 (${list}) SELECT ${list} FROM ` +
          `json_populate_recordset(NULL::${relation.sqlName}, ${params.add(JSON.stringify(rows), 'json')})${conflict} RETURNING t0.*`;
      }
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
        const body = parseJsonBody(req.body);
        if (!isObject(body)) {
          throw new PgrstError(400, 'PGRST102', 'PATCH takes one JSON object');
        }
        if (columns === undefined) {
          keys = Object.keys(body);
          for (const key of keys) {
            if (!relation.columnMap.has(key)) throw unknownColumn(relation.name, key);
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
    const created = req.method === 'POST';
    const keys = projectionKeys(plan.root);
    const location =
      created && prefs.return === 'headers-only' && relation.primaryKey.length > 0
        ? relation.primaryKey
        : undefined;
    let body = `''::text`;
    if (prefs.representation) {
      // The returned rows are read like any other: masked columns stay masked.
      const page = this.maskedSource(relation, '_page', 't0', masks);
      body = `(SELECT ${bodySql(media, keys)} FROM (SELECT ${renderProjection(plan.root, params)} FROM ${page}) AS s0)`;
    } else if (location !== undefined) {
      const pk = location.map((column) => `t0.${quoteIdent(column)}`).join(', ');
      body = `coalesce((SELECT json_agg(json_build_array(${pk})) FROM _page AS t0), '[]'::json)::text`;
    }
    const sql = `WITH _page AS (${statement}) SELECT NULL::int8 AS total, (SELECT count(*) FROM _page) AS n, ${body} AS body`;
    const row = await this.execute({ transaction: true, readOnly: false }, ctx, async (target) => {
      const result = await EngineImpl.one(target, sql, params.values);
      // Checked before the commit: a 406 for a single object rolls the write back.
      if (prefs.representation) shapeBody(media, result, keys, false);
      return result;
    });
    const n = Number(row.n);
    const total = prefs.count ? String(n) : '*';
    const headers: Record<string, string> = {
      'content-range': n > 0 ? `0-${n - 1}/${total}` : `*/${total}`,
    };
    if (applied.length > 0) headers['preference-applied'] = applied.join(', ');
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
    if (!prefs.representation) {
      return { status: created ? 201 : 204, headers, body: '' };
    }
    const shaped = shapeBody(media, row, keys, false);
    return {
      status: created ? 201 : 200,
      headers: { ...headers, 'content-type': shaped.contentType },
      body: shaped.body,
    };
  }

  private async rpc(
    name: string,
    params: ReturnType<typeof applyFilterExtension>,
    req: DbRequest,
    media: MediaType,
    authorize: Authorize,
    ctx: HandleOptions,
  ): Promise<DbResponse> {
    const masks = ctx.masks;
    const fn = this.cache.functions.get(name);
    if (fn === undefined) throw notFoundFunction(`${this.schema}.${name}`);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (!isGet && req.method !== 'POST') {
      throw new PgrstError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
    }
    // Only named arguments can be passed by name; an unnamed one can only take its default.
    const named = new Set([...fn.argMap.keys()].filter((arg) => arg !== ''));
    const query = classifyParams(params, isGet ? named : new Set());
    const values = new Map<string, unknown>();
    if (isGet) {
      for (const [key, value] of query.args) values.set(key, value);
    } else {
      const body = req.body === undefined || req.body.trim() === '' ? {} : parseJsonBody(req.body);
      if (!isObject(body)) throw new PgrstError(400, 'PGRST102', 'RPC takes one JSON object');
      for (const [key, value] of Object.entries(body)) {
        if (!named.has(key)) throw notFoundFunction(`${this.schema}.${name}(${key.slice(0, 100)})`);
        values.set(key, value);
      }
    }
    for (const arg of fn.args) {
      if (!arg.hasDefault && !values.has(arg.name)) {
        throw notFoundFunction(
          `${this.schema}.${name} without the argument ${arg.name === '' ? '(unnamed)' : arg.name}`,
        );
      }
    }
    const prefs = parsePrefer(req.headers.prefer);
    const plan = fn.result === undefined ? undefined : planQuery(fn.result, query);
    if (plan !== undefined) capEmbeddedRows(plan.root, this.maxRows);
    if (plan === undefined) rejectScalarQuery(fn, query);
    else this.applyMasks(plan, masks);
    // A function that cannot write (immutable or stable) is a read whatever the method; a
    // volatile one called with POST is a write. GET always runs read-only, as in PostgREST.
    const writes = !isGet && fn.volatility === 'v';
    const denied = authorize(accessesFor(`rpc/${name}`, req.method, writes, plan));
    if (denied !== undefined) return denied;
    const mode: RunMode = { transaction: true, readOnly: !writes };
    // The arguments are rendered into a SqlParams that the read continues with, so the
    // placeholders stay numbered in order.
    const argParams = new SqlParams();
    const call = `${fn.sqlName}(${renderArgs(fn, values, argParams)})`;
    if (plan !== undefined) {
      const from = this.maskedSource(plan.root.relation, call, 't0', masks);
      return this.read(req, from, query, plan, prefs, media, mode, ctx, argParams);
    }
    const head = req.method === 'HEAD';
    const keys = [fn.name];
    let sql: string;
    if (fn.returnType === 'void') {
      sql = `SELECT NULL::int8 AS total, 0 AS n, '' AS body FROM (SELECT ${call}) AS t0`;
    } else if (fn.returnsSet) {
      const { offset, limit } = paging(query, req, this.maxRows);
      let page = `SELECT t0.v AS ${quoteIdent(fn.name)} FROM ${call} AS t0(v) LIMIT ${argParams.add(limit, 'int8')}`;
      if (offset > 0) page += ` OFFSET ${argParams.add(offset, 'int8')}`;
      const body =
        media === 'csv'
          ? bodySql(media, keys)
          : `coalesce(json_agg(s0.${quoteIdent(fn.name)}), '[]'::json)::text`;
      sql = `SELECT NULL::int8 AS total, count(*) AS n, ${body} AS body FROM (${page}) AS s0`;
    } else {
      const body =
        media === 'csv' ? csvRowSql('s0', keys) : `to_json(s0.${quoteIdent(fn.name)})::text`;
      sql = `SELECT NULL::int8 AS total, 1 AS n, ${body} AS body FROM (SELECT ${call} AS ${quoteIdent(fn.name)}) AS s0`;
    }
    const row = await this.execute(mode, ctx, async (target) => {
      const result = await EngineImpl.one(target, sql, argParams.values);
      if (fn.returnType !== 'void') shapeBody(media, result, keys, head, fn.returnsSet);
      return result;
    });
    if (fn.returnType === 'void') return { status: 204, headers: {}, body: '' };
    const shaped = shapeBody(media, row, keys, head, fn.returnsSet);
    return { status: 200, headers: { 'content-type': shaped.contentType }, body: shaped.body };
  }
}

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
    parts.push(`${quoteIdent(arg.name)} => ${sql}`);
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
  );
}
