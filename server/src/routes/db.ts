import { hash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { relationPolicy } from '../../../src/rbac/relations';
import type { Caller } from '../auth/accounts';
import {
  ENGINE_HEADERS,
  type Authorize,
  type DbMethod,
  type DbRequest,
  type DbResponse,
  type HandleOptions,
} from '../postgrest/types';
import { masksFor } from '../http/db-masks';
import { plainResponse } from '../http/plain-response';
import type { AppEnv } from '../http/env';
import { callerCan, callerOf, requireCaller } from '../http/rbac';
import type { Secrets } from '../secrets/keyring';
import { isSealedRelation, sealWriteBody } from '../secrets/stored';

/** The part of the PostgREST engine the HTTP layer uses (server/src/postgrest/engine.ts). */
export interface DbEngine {
  handle(req: DbRequest, authorize: Authorize, options?: HandleOptions): Promise<DbResponse>;
}

/** Statuses sent without a body. */
const EMPTY_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

function postgrestError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, string> = {},
): DbResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra },
    body: JSON.stringify({ code, message, details: null, hint: null }),
  };
}

function denied(caller: Caller, resource: string, action: string): DbResponse {
  return {
    status: 403,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'x-rbac-subject': caller.id,
      'x-rbac-object': resource,
      'x-rbac-action': action,
    },
    body: 'unauthorized. Access Denied',
  };
}

/**
 * The RBAC decision for a `/db` request (rbac-and-flags.md §3.4): relations outside the map do not
 * exist (404; an embed of one cannot be resolved, 400); writes to read-only relations or with a
 * method the relation does not take are 405; otherwise the role table decides (403). Every
 * embedded relation needs read too. Agent principals (tokens of `type = agent` people) are refused
 * every relation (see isAgentPrincipal).
 */
export function authorizeFor(caller: Caller): Authorize {
  return (accesses) => {
    for (const access of accesses) {
      const policy = relationPolicy(access.relation);
      if (!policy) {
        return access.root
          ? postgrestError(404, '42P01', `relation "public.${access.relation}" does not exist`)
          : postgrestError(
              400,
              'PGRST200',
              `Could not find a relationship for '${access.relation}' in the schema cache`,
            );
      }
      if (access.action === 'write') {
        const method = access.method;
        if (method !== 'POST' && method !== 'PATCH' && method !== 'DELETE') {
          return postgrestError(405, 'PGRST105', `method ${method} is not a write`);
        }
        if (!policy.writable.includes(method)) {
          return postgrestError(
            405,
            'PGRST105',
            `${method} is not allowed on "${access.relation}"`,
            {
              allow: ['GET', 'HEAD', ...policy.writable].join(', '),
            },
          );
        }
        const resource = policy.writeResource ?? policy.resource;
        if (!callerCan(caller, resource, 'write')) return denied(caller, resource, 'write');
      } else if (!callerCan(caller, policy.resource, 'read')) {
        return denied(caller, policy.resource, 'read');
      }
    }
    return undefined;
  };
}

function toRequest(c: Context<AppEnv>, method: DbMethod, body: string | undefined): DbRequest {
  const url = c.req.url;
  const question = url.indexOf('?');
  // Only the headers the engine reads, each looked up by name: listing them all would make the
  // Node adapter build a full Fetch Headers of every request.
  const headers: Record<string, string> = {};
  for (const name of ENGINE_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return {
    method,
    path: c.req.path.replace(/^\/api\/db\/?/, ''),
    rawQuery: question >= 0 ? url.slice(question + 1) : '',
    headers,
    body,
  };
}

/**
 * A write body for a relation that holds secrets at rest, with the secrets encrypted before they
 * reach SQL (server/src/secrets/stored.ts). Only for callers who may write the relation (others
 * are refused by the engine anyway, and no key is needed for them).
 */
async function sealedBody(
  caller: Caller,
  secrets: Secrets,
  path: string,
  body: string,
): Promise<string> {
  let relation: string;
  try {
    relation = decodeURIComponent(path).replace(/^\/+|\/+$/g, '');
  } catch {
    return body;
  }
  if (!isSealedRelation(relation)) return body;
  const policy = relationPolicy(relation);
  if (!policy || !callerCan(caller, policy.writeResource ?? policy.resource, 'write')) return body;
  return sealWriteBody(await secrets.keyring(), relation, body);
}

/**
 * A weak validator of a read (docs/incident-server.md): a hash of what the client sees — the
 * body, its type and Content-Range — so polling the same read (the incident workspace asks every
 * 2 s) is answered 304 without a body while nothing changed. Weak, because the compression
 * middleware re-encodes the body (and would weaken a strong one anyway).
 */
function etagOf(response: DbResponse): string {
  // One call over the parts joined (the same bytes, so the same tag, as hashing them in turn).
  const text = `${response.status}\u0000${response.headers['content-type'] ?? ''}\u0000${
    response.headers['content-range'] ?? ''
  }\u0000${response.body}`;
  return `W/"${hash('sha1', text, 'base64url')}"`;
}

/** If-None-Match (a list, `*`, weak or strong tags) against our weak tag: weak comparison. */
function ifNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header || header.length > 8192) return false;
  const opaque = tag.replace(/^W\//, '');
  return header.split(',').some((part) => {
    const candidate = part.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

/** A 304 keeps the headers a 200 would send that describe the representation (RFC 9110 §15.4.5). */
function notModifiedHeaders(response: DbResponse, tag: string): Record<string, string> {
  const headers: Record<string, string> = { etag: tag, 'cache-control': 'private, no-cache' };
  for (const name of ['content-range', 'content-location', 'vary', 'preference-applied']) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * `/api/db/*` → the PostgREST-compatible engine, behind a session and the relation map. Reads are
 * masked for the caller (server/src/http/db-masks.ts); writes of secrets are encrypted first.
 */
export function dbRoutes(engine: DbEngine, secrets: Secrets): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.all('/*', requireCaller(), async (c) => {
    const method = c.req.method.toUpperCase();
    if (!METHODS.has(method)) {
      return c.json(
        {
          code: 'PGRST105',
          message: `method ${method} is not supported`,
          details: null,
          hint: null,
        },
        405,
        {
          Allow: 'GET, HEAD, POST, PATCH, DELETE',
        },
      );
    }
    const caller = callerOf(c);
    const text = method === 'GET' || method === 'HEAD' ? undefined : await c.req.text();
    const request = toRequest(c, method as DbMethod, text === '' ? undefined : text);
    if (request.body !== undefined && (method === 'POST' || method === 'PATCH')) {
      request.body = await sealedBody(caller, secrets, request.path, request.body);
    }
    const response = await engine.handle(request, authorizeFor(caller), {
      masks: masksFor(caller),
    });
    // One plain header record (server/src/http/plain-response.ts): the security headers and the
    // compression middleware's decisions are applied to it before the response is made.
    // Copied name by name onto an empty literal (not spread): the record's hidden classes are then
    // the same from one response to the next, rather than made anew as headers are added.
    const headers: Record<string, string> = {};
    for (const name in response.headers) headers[name] = response.headers[name]!;
    if (method === 'GET' && (response.status === 200 || response.status === 206)) {
      const tag = etagOf(response);
      if (ifNoneMatch(c.req.header('if-none-match'), tag)) {
        return plainResponse(c, null, 304, notModifiedHeaders(response, tag));
      }
      headers.etag = tag;
      headers['cache-control'] = 'private, no-cache';
    }
    const empty = method === 'HEAD' || EMPTY_STATUSES.has(response.status);
    // With its length, a small body passes the compression middleware without being read again.
    if (!empty) headers['content-length'] = String(Buffer.byteLength(response.body));
    return plainResponse(c, empty ? null : response.body, response.status, headers);
  });
  return app;
}
