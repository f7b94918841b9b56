/**
 * The gate for embed tokens (docs/embed-tokens.md), mounted on `/api/*` after `authenticate`.
 * A request with `Authorization: Bearer vgl_embed_…` (or Basic `token:vgl_embed_…`) is decided
 * here, deny by default:
 *
 * - unknown or malformed token → 401 `Authorization Error`; expired → 401 `embed token has
 *   expired`; revoked → 401 `embed token has been revoked`;
 * - `GET /canary/api/summary` → the summary of the scope's checks only;
 * - `GET /canary/api/graph?check=<id>` → the graph, when the check is in scope;
 * - `GET /canary/api/topology?id=<id>` → the component, when it is in scope, with only the
 *   children that are in scope too;
 * - `GET /db/<relation>` → the relations of db-policy.ts, rows limited to the scope;
 * - anything else, and every method but GET/HEAD → 403 with the X-Rbac-* headers.
 *
 * Other requests pass through untouched.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Caller } from '../auth/accounts';
import { tokenFromAuthorization } from '../auth/authenticate';
import type { Db } from '../db/types';
import { ALL_MASKS } from '../http/db-masks';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { isUuid } from '../http/validate';
import type { DbResponse } from '../postgrest/types';
import type { DbEngine } from '../routes/db';
import { topologyResponse } from '../routes/topology';
import { resolveScopedCheckIds } from './check-scope';
import {
  EMBED_ROOTS,
  checkAccesses,
  checkEmbedQuery,
  expandHiddenStar,
  HIDDEN_COLUMNS,
  parseDbQuery,
  requestedIds,
  withScopeFilter,
  type RootPolicy,
} from './db-policy';
import { grantsChecks } from './scope';
import { readScopedSummaryJson } from './summary';
import { embedTokenUsage, isEmbedToken, verifyEmbedToken, type EmbedGrant } from './tokens';

/**
 * A `/db` read without an id filter on a label- or canary-scoped token lists the scope's checks in
 * the query; past this many it must filter by id instead.
 */
export const MAX_INJECTED_IDS = 1000;

const UNAUTHORIZED: Record<'invalid' | 'expired' | 'revoked', string> = {
  invalid: 'Authorization Error',
  expired: 'embed token has expired',
  revoked: 'embed token has been revoked',
};

export interface EmbedGateOptions {
  db: Db;
  /** The PostgREST engine; without one `/db` reads answer 503 as for everyone. */
  engine?: DbEngine | undefined;
}

/**
 * A header-safe description of what was refused: it echoes request text (paths, relation and
 * column names), which may hold control characters that a header value cannot carry.
 */
export function headerSafe(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);
}

function subject(grant: EmbedGrant): string {
  return `embed-token:${grant.id}`;
}

/** The Mission Control denial (api.md §0.3) for an embed token. */
function refuse(c: Context<AppEnv>, grant: EmbedGrant, object: string, action: string): Response {
  c.header('X-Rbac-Subject', subject(grant));
  c.header('X-Rbac-Object', headerSafe(object));
  c.header('X-Rbac-Action', action);
  return c.text('unauthorized. Access Denied', 403);
}

function refusedDb(grant: EmbedGrant, object: string): DbResponse {
  return {
    status: 403,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-rbac-subject': subject(grant),
      'x-rbac-object': headerSafe(object),
      'x-rbac-action': 'read',
    },
    body: 'unauthorized. Access Denied',
  };
}

/**
 * The caller the graph route sees after the gate has checked the scope: a read-only principal
 * named after the token. It is set only for that one allow-listed request.
 */
function embedCaller(grant: EmbedGrant): Caller {
  return {
    id: grant.id,
    name: grant.name,
    email: undefined,
    avatar: undefined,
    type: 'embed',
    externalId: undefined,
    properties: undefined,
    roles: ['viewer'],
    via: 'token',
  };
}

/** The ids of a scope list other than checks (ids are stored lower-cased). */
function listedIds(grant: EmbedGrant, policy: RootPolicy): string[] {
  const scope = grant.scope;
  switch (policy.source) {
    case 'components':
      return scope.components;
    case 'configs':
      return scope.configs;
    case 'incident_components':
      return scope.incident_components;
    case 'incident_configs':
      return scope.incident_configs;
    case 'checks':
      return [];
  }
}

type Allowed = { ids: string[] } | { refusal: string } | { error: string };

/** The ids the request may read on its root: the scope, narrowed to the ids it names. */
async function allowedIds(
  db: Db,
  grant: EmbedGrant,
  policy: RootPolicy,
  relation: string,
  requested: string[] | undefined,
): Promise<Allowed> {
  if (policy.source === 'checks') {
    if (!grantsChecks(grant.scope)) return { refusal: relation };
    if (requested !== undefined) {
      const found = await resolveScopedCheckIds(db, grant.scope, requested, requested.length);
      // Naming a check outside the scope is refused, not answered with fewer rows.
      if (found.length < requested.length) return { refusal: `${relation}:${policy.column}` };
      return { ids: requested };
    }
    const all = await resolveScopedCheckIds(db, grant.scope, undefined, MAX_INJECTED_IDS + 1);
    if (all.length > MAX_INJECTED_IDS) {
      return {
        error: `this embed token's scope matches more than ${MAX_INJECTED_IDS} checks: filter by ${policy.column}=eq.<id>`,
      };
    }
    return { ids: all };
  }
  const listed = listedIds(grant, policy);
  if (listed.length === 0) return { refusal: relation };
  if (requested === undefined) return { ids: listed };
  if (!requested.every((id) => listed.includes(id))) {
    return { refusal: `${relation}:${policy.column}` };
  }
  return { ids: requested };
}

/** The nil uuid never names a row: it stands for "no rows" in an `in.(…)` list. */
const NO_ROWS = '00000000-0000-0000-0000-000000000000';

/** The columns of a relation in schema order (cached: the schema changes only at start-up). */
type ColumnLoader = (relation: string) => Promise<string[]>;

function columnLoader(db: Db): ColumnLoader {
  const cache = new Map<string, string[]>();
  return async (relation) => {
    const known = cache.get(relation);
    if (known) return known;
    const result = await db.query<{ name: string }>(
      `SELECT a.attname AS name FROM pg_attribute a
       WHERE a.attrelid = to_regclass('public.' || quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY a.attnum`,
      [relation],
    );
    const columns = result.rows.map((row) => row.name);
    if (columns.length > 0) cache.set(relation, columns);
    return columns;
  };
}

async function scopedDb(
  c: Context<AppEnv>,
  db: Db,
  engine: DbEngine | undefined,
  grant: EmbedGrant,
  columnsOf: ColumnLoader,
): Promise<Response> {
  let relation: string;
  try {
    relation = decodeURIComponent(c.req.path.replace(/^\/api\/db\/?/, '')).replace(/\/+$/, '');
  } catch {
    return refuse(c, grant, 'db', 'read');
  }
  const policy = Object.hasOwn(EMBED_ROOTS, relation) ? EMBED_ROOTS[relation] : undefined;
  if (!policy) return refuse(c, grant, `db:${relation}`, 'read');
  if (!engine) return jsonError(c, 503, 'the data API is not available');

  const url = c.req.url;
  const question = url.indexOf('?');
  let rawQuery = question >= 0 ? url.slice(question + 1) : '';
  if (Object.hasOwn(HIDDEN_COLUMNS, relation)) {
    rawQuery = expandHiddenStar(rawQuery, relation, await columnsOf(relation));
  }
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const method = c.req.method === 'HEAD' ? 'HEAD' : 'GET';
  const deny = () => refusedDb(grant, relation);
  const query = parseDbQuery(rawQuery);
  if (!query) {
    // Not parseable: the engine answers its 400 (and refuses any relation if it did parse).
    const answer = await engine.handle(
      { method, path: relation, rawQuery, headers, body: undefined },
      deny,
      { masks: ALL_MASKS },
    );
    return toResponse(answer, method);
  }
  const refusal = checkEmbedQuery(relation, query);
  if (refusal) return refuse(c, grant, refusal.object, 'read');
  const allowed = await allowedIds(db, grant, policy, relation, requestedIds(query, policy.column));
  if ('refusal' in allowed) return refuse(c, grant, allowed.refusal, 'read');
  if ('error' in allowed) return jsonError(c, 400, allowed.error);
  const ids = allowed.ids.length > 0 ? allowed.ids : [NO_ROWS];
  const answer = await engine.handle(
    {
      method,
      path: relation,
      rawQuery: withScopeFilter(rawQuery, policy.column, ids),
      headers,
      body: undefined,
    },
    (accesses) => {
      const denied = checkAccesses(relation, accesses);
      return denied ? refusedDb(grant, denied.object) : undefined;
    },
    // An embed token may write nothing: every mask applies (docs/security.md).
    { masks: ALL_MASKS },
  );
  return toResponse(answer, method);
}

function toResponse(answer: DbResponse, method: string): Response {
  const empty = method === 'HEAD' || [204, 205, 304].includes(answer.status);
  return new Response(empty ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}

/** The gate middleware; see the module comment. */
export function embedGate({ db, engine }: EmbedGateOptions): MiddlewareHandler<AppEnv> {
  const usage = embedTokenUsage(db);
  const columnsOf = columnLoader(db);
  return async (c, next) => {
    const token = tokenFromAuthorization(c.req.header('authorization'));
    if (typeof token !== 'string' || !isEmbedToken(token)) return next();
    const verified = await verifyEmbedToken(db, token);
    if (verified.kind !== 'ok') return c.text(UNAUTHORIZED[verified.kind], 401);
    const grant = verified.grant;
    await usage(grant.id);

    const method = c.req.method;
    const path = c.req.path;
    if (method !== 'GET' && method !== 'HEAD') return refuse(c, grant, path, 'write');

    if (path === '/api/canary/api/summary') {
      if (!grantsChecks(grant.scope)) return refuse(c, grant, 'canaries:summary', 'read');
      return c.body(await readScopedSummaryJson(db, grant.scope), 200, {
        'content-type': 'application/json; charset=UTF-8',
      });
    }

    if (path === '/api/canary/api/graph') {
      const check = (c.req.query('check') ?? '').trim();
      if (!isUuid(check)) return jsonError(c, 400, 'check is invalid: expected a check id');
      const inScope =
        grantsChecks(grant.scope) &&
        (await resolveScopedCheckIds(db, grant.scope, [check.toLowerCase()], 1)).length === 1;
      if (!inScope) return refuse(c, grant, `checks:${check}`, 'read');
      // The graph route checks its parameters and reads only this check's statuses.
      c.set('caller', embedCaller(grant));
      return next();
    }

    if (path === '/api/canary/api/topology') {
      // One card per request: the whole tree (no id) is never readable with an embed token.
      const id = (c.req.query('id') ?? '').trim();
      if (id === '') return refuse(c, grant, 'topologies', 'read');
      if (!isUuid(id)) return jsonError(c, 400, 'id is invalid: expected a component id (uuid)');
      if (!grant.scope.components.includes(id.toLowerCase())) {
        return refuse(c, grant, `components:${id}`, 'read');
      }
      return topologyResponse(c, db, new Set(grant.scope.components));
    }

    if (path.startsWith('/api/db/')) return scopedDb(c, db, engine, grant, columnsOf);

    return refuse(c, grant, path, 'read');
  };
}
