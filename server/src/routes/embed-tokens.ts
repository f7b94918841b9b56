/**
 * `/api/embed-tokens`: admins mint, list and revoke scoped, read-only embed tokens for the widgets
 * (docs/embed-tokens.md). The token is in the creation response only; the database keeps the hash
 * of its secret. Embed tokens themselves never reach these routes (the embed gate refuses them).
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../db/types';
import { SCOPE_ID_KEYS, parseScope, type NormalisedScope, type ScopeIdKey } from '../embed/scope';
import {
  createEmbedToken,
  getEmbedToken,
  listEmbedTokens,
  revokeEmbedToken,
} from '../embed/tokens';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requireAnyRole } from '../http/rbac';
import { isUuid } from '../http/validate';
import { parseDuration } from './canary';

const MAX_NAME_LENGTH = 255;
const MAX_BODY_LENGTH = 64 * 1024;
/** The shortest and the longest lifetime of a token. */
export const MIN_EMBED_TOKEN_TTL_MS = 60_000;
export const MAX_EMBED_TOKEN_TTL_MS = 366 * 24 * 60 * 60 * 1000;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

export interface CreateEmbedTokenRequest {
  name: string;
  scope: NormalisedScope;
  expiresAt: Date;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function expiry(body: Record<string, unknown>, now: number): Date | string {
  const hasIn = body.expires_in !== undefined && body.expires_in !== null;
  const hasAt = body.expires_at !== undefined && body.expires_at !== null;
  if (hasIn === hasAt) {
    return 'give exactly one of expires_in (a duration such as 7d) and expires_at (RFC 3339)';
  }
  let at: number;
  if (hasIn) {
    if (typeof body.expires_in !== 'string') return 'expires_in must be a duration such as 7d';
    const ms = parseDuration(body.expires_in);
    if (ms === undefined) {
      return `expires_in is not a duration: ${JSON.stringify(body.expires_in.slice(0, 40))} (use 1h, 7d, 30d…)`;
    }
    at = now + ms;
  } else {
    const text = body.expires_at;
    if (typeof text !== 'string' || !RFC3339.test(text) || Number.isNaN(Date.parse(text))) {
      return 'expires_at must be an RFC 3339 instant such as 2030-01-31T12:00:00Z';
    }
    at = Date.parse(text);
  }
  if (at < now + MIN_EMBED_TOKEN_TTL_MS) return 'the expiry must be at least a minute from now';
  if (at > now + MAX_EMBED_TOKEN_TTL_MS) return 'the expiry must be at most 366 days from now';
  return new Date(at);
}

/** Validate the body of `POST /embed-tokens`; a string is the 400 message. */
export function parseCreateEmbedToken(
  text: string,
  now: number = Date.now(),
): CreateEmbedTokenRequest | string {
  if (text.length > MAX_BODY_LENGTH) return 'request body too large';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'invalid request body: not JSON';
  }
  if (!isRecord(body)) return 'invalid request body: expected a JSON object';
  for (const key of Object.keys(body)) {
    if (!['name', 'scope', 'expires_in', 'expires_at'].includes(key)) {
      return `${key.slice(0, 60)} is not a field of an embed token (name, scope, expires_in, expires_at)`;
    }
  }
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') return 'name is required';
  if (name.trim().length > MAX_NAME_LENGTH) {
    return `name must be at most ${MAX_NAME_LENGTH} characters`;
  }
  if (body.scope === undefined || body.scope === null) return 'scope is required';
  const scope = parseScope(body.scope);
  if (typeof scope === 'string') return scope;
  const expiresAt = expiry(body, now);
  if (typeof expiresAt === 'string') return expiresAt;
  return { name: name.trim(), scope, expiresAt };
}

/** Where each scope list's ids must exist (live rows only). */
const EXISTS: Record<ScopeIdKey, { table: string; noun: string }> = {
  checks: { table: 'checks', noun: 'check' },
  canaries: { table: 'canaries', noun: 'canary' },
  components: { table: 'components', noun: 'component' },
  configs: { table: 'config_items', noun: 'config item' },
  incident_components: { table: 'components', noun: 'component' },
  incident_configs: { table: 'config_items', noun: 'config item' },
};

/** The first scope id that names no live row, as a 422 message; undefined when all exist. */
async function missingResource(db: Db, scope: NormalisedScope): Promise<string | undefined> {
  for (const key of SCOPE_ID_KEYS) {
    const ids = scope[key];
    if (ids.length === 0) continue;
    const { table, noun } = EXISTS[key];
    // `table` comes from the fixed map above, never from the request.
    const result = await db.query<{ id: string }>(
      `SELECT x AS id FROM json_array_elements_text($1::json) AS x
       WHERE NOT EXISTS (SELECT 1 FROM ${table} t WHERE t.id = x::uuid AND t.deleted_at IS NULL)
       LIMIT 1`,
      [JSON.stringify(ids)],
    );
    const missing = result.rows[0]?.id;
    if (missing !== undefined) return `scope.${key}: there is no ${noun} with id ${missing}`;
  }
  return undefined;
}

function isJson(c: Context<AppEnv>): boolean {
  return (c.req.header('content-type') ?? '').toLowerCase().includes('application/json');
}

export function embedTokenRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const canRead = requireAnyRole(['admin'], 'embed_tokens', 'read');
  const canWrite = requireAnyRole(['admin'], 'embed_tokens', 'write');

  app.get('/', canRead, async (c) => c.json(await listEmbedTokens(db)));

  app.post('/', canWrite, async (c) => {
    // JSON only: a cross-origin form post cannot reach this without a CORS preflight.
    if (!isJson(c)) return jsonError(c, 415, 'Content-Type must be application/json');
    const input = parseCreateEmbedToken(await c.req.text());
    if (typeof input === 'string') return jsonError(c, 400, input);
    const missing = await missingResource(db, input.scope);
    if (missing) return jsonError(c, 422, missing);
    const created = await createEmbedToken(db, {
      name: input.name,
      scope: input.scope,
      expiresAt: input.expiresAt,
      createdBy: callerOf(c).id,
    });
    return c.json(created, 201, { 'Cache-Control': 'no-store' });
  });

  app.get('/:id', canRead, async (c) => {
    const id = c.req.param('id');
    const token = isUuid(id) ? await getEmbedToken(db, id) : undefined;
    if (!token) return jsonError(c, 404, `embed token ${id.slice(0, 60)} was not found`);
    return c.json(token);
  });

  app.delete('/:id', canWrite, async (c) => {
    const id = c.req.param('id');
    const token = isUuid(id) ? await revokeEmbedToken(db, id, callerOf(c).id) : undefined;
    if (!token) return jsonError(c, 404, `embed token ${id.slice(0, 60)} was not found`);
    return c.json(token);
  });

  app.all('/', (c) => jsonError(c, 405, `${c.req.method} is not allowed on /embed-tokens`));
  app.all('/:id', (c) => jsonError(c, 405, `${c.req.method} is not allowed on an embed token`));

  return app;
}
