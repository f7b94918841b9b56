/**
 * The PostgREST-compatible engine behind `/api/db/*`: request → parse → plan against the cached
 * schema → one parameterised SQL statement → PostgREST-shaped JSON response.
 */
import type { Db, Queryable } from '../db/types';
import { PgrstError, errorBody, toPgrstError, unknownColumn } from './errors';
import { applyFilterExtension } from './filter-extension';
import { classifyParams, planQuery, type Plan, type ParsedQuery } from './plan';
import { parsePrefer, parseQueryString, parseRangeHeader, type Preferences } from './query-string';
import {
  loadSchemaCache,
  quoteIdent,
  type Relation,
  type RpcFunction,
  type SchemaCache,
} from './schema-cache';
import { SqlParams, nodeConditions, renderExpr, renderOrder, renderProjection } from './sql';
import type { Authorize, DbRequest, DbResponse, RelationAccess } from './types';

/** The engine: answers `/db` requests and reloads its schema cache on demand. */
export interface Engine {
  /** Answer one request. Never throws: every failure becomes a PostgREST-shaped response. */
  handle(req: DbRequest, authorize: Authorize): Promise<DbResponse>;
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
const SINGLE_OBJECT = 'application/vnd.pgrst.object+json';

interface ResultRow {
  total: string | number | bigint | null;
  n: string | number | bigint;
  body: string;
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

function accessesFor(
  relation: string,
  method: DbRequest['method'],
  write: boolean,
  plan: Plan,
): RelationAccess[] {
  const accesses: RelationAccess[] = [
    { relation, action: write ? 'write' : 'read', method, root: true },
  ];
  const seen = new Set<string>();
  for (const embedded of plan.embedded) {
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

  async handle(req: DbRequest, authorize: Authorize): Promise<DbResponse> {
    try {
      return await this.dispatch(req, authorize);
    } catch (error: unknown) {
      return errorResponse(toPgrstError(error), req.method);
    }
  }

  private async dispatch(req: DbRequest, authorize: Authorize): Promise<DbResponse> {
    let path: string;
    try {
      path = decodeURIComponent(req.path).replace(/^\/+|\/+$/g, '');
    } catch {
      throw new PgrstError(404, '42P01', 'relation does not exist');
    }
    const params = applyFilterExtension(parseQueryString(req.rawQuery));
    if (path.startsWith('rpc/')) return this.rpc(path.slice(4), params, req, authorize);
    const relation = path.includes('/') ? undefined : this.cache.relations.get(path);
    if (relation === undefined) {
      throw new PgrstError(404, '42P01', `relation "${path.slice(0, 100)}" does not exist`);
    }
    const query = classifyParams(params);
    const plan = planQuery(relation, query);
    const prefs = parsePrefer(req.headers.prefer);
    if (req.method === 'GET' || req.method === 'HEAD') {
      const denied = authorize(accessesFor(relation.name, req.method, false, plan));
      if (denied !== undefined) return denied;
      return this.read(req, `${relation.sqlName} AS t0`, query, plan, prefs, false);
    }
    return this.write(req, relation, query, plan, prefs, authorize);
  }

  private async run(sql: string, values: readonly unknown[], transaction: boolean) {
    const exec = async (target: Queryable) => {
      if (this.timeoutMs !== undefined) {
        // A validated integer from the server's own configuration, not request text.
        await target.query(`SET LOCAL statement_timeout = ${Math.floor(this.timeoutMs)}`);
      }
      const result = await target.query<ResultRow>(sql, values);
      const row = result.rows[0];
      if (row === undefined) throw new Error('the statement returned no row');
      return row;
    };
    if (transaction || this.timeoutMs !== undefined) return this.db.transaction(exec);
    return exec(this.db);
  }

  /** Reads (and RPC results): the page, its total when asked, and Content-Range. */
  private async read(
    req: DbRequest,
    from: string,
    query: ParsedQuery,
    plan: Plan,
    prefs: Preferences,
    transaction: boolean,
    params: SqlParams = new SqlParams(),
  ): Promise<DbResponse> {
    const { offset, limit } = paging(query, req, this.maxRows);
    const root = plan.root;
    const where = nodeConditions(root, params);
    const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
    let page = `SELECT t0.* FROM ${from}${whereSql}${renderOrder('t0', root.order, params)}`;
    page += ` LIMIT ${params.add(limit, 'int8')}`;
    if (offset > 0) page += ` OFFSET ${params.add(offset, 'int8')}`;
    const total = prefs.count ? `(SELECT count(*) FROM ${from}${whereSql})` : 'NULL::int8';
    const head = req.method === 'HEAD';
    // One aggregate over the page: no CTE to materialise; the page's ORDER BY carries through.
    const body = head ? `''::text` : `coalesce(json_agg(s0), '[]'::json)::text`;
    const inner = head
      ? `(${page})`
      : `(SELECT ${renderProjection(root, params)} FROM (${page}) AS t0)`;
    const sql = `SELECT ${total} AS total, count(*) AS n, ${body} AS body FROM ${inner} AS s0`;
    const row = await this.run(sql, params.values, transaction);
    const n = Number(row.n);
    const count = toCount(row.total);
    const range = n > 0 ? `${offset}-${offset + n - 1}/${count ?? '*'}` : `*/${count ?? '*'}`;
    const headers = { 'content-range': range };
    if (count !== undefined && offset > count) {
      return jsonResponse(416, head ? '' : '[]', { 'content-range': `*/${count}` });
    }
    const status = count !== undefined && n < count ? 206 : 200;
    const single = this.singleObject(req, n, row.body);
    if (single !== undefined) return single;
    return jsonResponse(status, head ? '' : row.body, headers);
  }

  /** `Accept: application/vnd.pgrst.object+json`: exactly one row, sent as an object. */
  private singleObject(req: DbRequest, n: number, body: string): DbResponse | undefined {
    if (!(req.headers.accept ?? '').includes(SINGLE_OBJECT)) return undefined;
    if (n !== 1) {
      return jsonResponse(
        406,
        errorBody(
          new PgrstError(
            406,
            'PGRST116',
            'JSON object requested, multiple (or no) rows returned',
            `The result contains ${n} rows`,
          ),
        ),
      );
    }
    // json_agg renders `[<object>]`: strip the brackets rather than re-serialising numbers.
    return jsonResponse(200, req.method === 'HEAD' ? '' : body.slice(1, -1).trim());
  }

  private async write(
    req: DbRequest,
    relation: Relation,
    query: ParsedQuery,
    plan: Plan,
    prefs: Preferences,
    authorize: Authorize,
  ): Promise<DbResponse> {
    const params = new SqlParams();
    let statement: string;
    const rootFilters = plan.root.filters;
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
      const first = rows[0];
      const keys = first === undefined ? [] : Object.keys(first);
      const signature = [...keys].sort().join('\u0000');
      for (const row of rows) {
        if (Object.keys(row).sort().join('\u0000') !== signature) {
          throw new PgrstError(400, 'PGRST102', 'All object keys must match');
        }
      }
      for (const key of keys) {
        if (!relation.columnMap.has(key)) throw unknownColumn(relation.name, key);
      }
      const denied = authorize(accessesFor(relation.name, req.method, true, plan));
      if (denied !== undefined) return denied;
      if (rows.length === 0) {
        statement = `SELECT t0.* FROM ${relation.sqlName} AS t0 WHERE FALSE`;
      } else if (keys.length === 0) {
        if (rows.length > 1) {
          throw new PgrstError(400, 'PGRST102', 'A bulk insert needs at least one column');
        }
        statement = `INSERT INTO ${relation.sqlName} DEFAULT VALUES RETURNING *`;
      } else {
        const columns = keys.map(quoteIdent).join(', ');
        statement =
          `INSERT INTO ${relation.sqlName} (${columns}) SELECT ${columns} FROM ` +
          `json_populate_recordset(NULL::${relation.sqlName}, ${params.add(JSON.stringify(rows), 'json')}) RETURNING *`;
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
      if (req.method === 'PATCH') {
        const body = parseJsonBody(req.body);
        if (!isObject(body)) {
          throw new PgrstError(400, 'PGRST102', 'PATCH takes one JSON object');
        }
        for (const key of Object.keys(body)) {
          if (!relation.columnMap.has(key)) throw unknownColumn(relation.name, key);
        }
        patch = body;
      }
      const denied = authorize(accessesFor(relation.name, req.method, true, plan));
      if (denied !== undefined) return denied;
      const where = rootFilters.map((expr) => renderExpr('t0', expr, params)).join(' AND ');
      if (patch === undefined) {
        statement = `DELETE FROM ${relation.sqlName} AS t0 WHERE ${where} RETURNING t0.*`;
      } else {
        const keys = Object.keys(patch);
        if (keys.length === 0) {
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
    }
    const body = prefs.representation
      ? `coalesce((SELECT json_agg(s0) FROM (SELECT ${renderProjection(plan.root, params)} FROM _page AS t0) AS s0), '[]'::json)::text`
      : `''::text`;
    const sql = `WITH _page AS (${statement}) SELECT NULL::int8 AS total, (SELECT count(*) FROM _page) AS n, ${body} AS body`;
    const row = await this.run(sql, params.values, true);
    const created = req.method === 'POST';
    if (!prefs.representation) return { status: created ? 201 : 204, headers: {}, body: '' };
    const single = this.singleObject(req, Number(row.n), row.body);
    if (single !== undefined)
      return { ...single, status: single.status === 200 && created ? 201 : single.status };
    return jsonResponse(created ? 201 : 200, row.body);
  }

  private async rpc(
    name: string,
    params: ReturnType<typeof applyFilterExtension>,
    req: DbRequest,
    authorize: Authorize,
  ): Promise<DbResponse> {
    const fn = this.cache.functions.get(name);
    if (fn === undefined) throw notFoundFunction(`${this.schema}.${name}`);
    const isGet = req.method === 'GET' || req.method === 'HEAD';
    if (!isGet && req.method !== 'POST') {
      throw new PgrstError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
    }
    const query = classifyParams(params, isGet ? new Set(fn.argMap.keys()) : new Set());
    const values = new Map<string, unknown>();
    if (isGet) {
      for (const [key, value] of query.args) values.set(key, value);
    } else {
      const body = req.body === undefined || req.body.trim() === '' ? {} : parseJsonBody(req.body);
      if (!isObject(body)) throw new PgrstError(400, 'PGRST102', 'RPC takes one JSON object');
      for (const [key, value] of Object.entries(body)) {
        if (!fn.argMap.has(key)) throw notFoundFunction(`${this.schema}.${name}(${key})`);
        values.set(key, value);
      }
    }
    for (const arg of fn.args) {
      if (!arg.hasDefault && !values.has(arg.name)) {
        throw notFoundFunction(`${this.schema}.${name} without the argument ${arg.name}`);
      }
    }
    const prefs = parsePrefer(req.headers.prefer);
    const plan = fn.result === undefined ? undefined : planQuery(fn.result, query);
    const accesses: RelationAccess[] = plan
      ? accessesFor(`rpc/${name}`, req.method, !isGet, plan)
      : [
          {
            relation: `rpc/${name}`,
            action: isGet ? 'read' : 'write',
            method: req.method,
            root: true,
          },
        ];
    const denied = authorize(accesses);
    if (denied !== undefined) return denied;
    // The arguments are rendered into a SqlParams that the read continues with, so the
    // placeholders stay numbered in order.
    const argParams = new SqlParams();
    const call = `${fn.sqlName}(${renderArgs(fn, values, argParams)})`;
    if (plan !== undefined) {
      return this.read(req, `${call} AS t0`, query, plan, prefs, !isGet, argParams);
    }
    let sql: string;
    if (fn.returnType === 'void') {
      sql = `SELECT NULL::int8 AS total, 0 AS n, '' AS body FROM (SELECT ${call}) AS t0`;
    } else if (fn.returnsSet) {
      sql = `SELECT NULL::int8 AS total, count(*) AS n, coalesce(json_agg(t0.v), '[]'::json)::text AS body FROM ${call} AS t0(v)`;
    } else {
      sql = `SELECT NULL::int8 AS total, 1 AS n, to_json(${call})::text AS body`;
    }
    const row = await this.run(sql, argParams.values, !isGet);
    if (fn.returnType === 'void') return { status: 204, headers: {}, body: '' };
    return jsonResponse(200, req.method === 'HEAD' ? '' : row.body);
  }
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
