import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { defaultCallerId, loadCaller } from './accounts';
import { accessTokenUsage, lookupAccessToken } from './access-tokens';
import { isEmbedToken } from '../embed/tokens';
import { agentHeartbeat } from './agent-heartbeat';
import type { CallerCache } from './caller-cache';
import type { Caller } from './accounts';
import { createOidcVerifier, looksLikeJwt, OIDC_FAILURE, personForIdentity } from './oidc';
import { SESSION_COOKIE, findSession } from './sessions';

/** The credential an Authorization header carries: a bearer token or Basic `token:<token>`. */
export function tokenFromAuthorization(header: string | undefined): string | undefined | null {
  if (!header) return undefined;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value || null;
  if (scheme?.toLowerCase() === 'basic') {
    let decoded: string;
    try {
      decoded = Buffer.from(value, 'base64').toString('utf8');
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(0, colon) !== 'token') return null;
    return decoded.slice(colon + 1) || null;
  }
  return null;
}

/**
 * Resolve the caller of a request (never rejects it: routes decide what they need). Order: an
 * Authorization header (agents, scripts; api.md §2), the session cookie, then the configured user
 * in `VIGIL_AUTH=none`. An embed token (`vgl_embed_…`) resolves no caller here: the embed gate
 * handles those requests. An agent's token also marks the agent as seen (`agents.last_seen`).
 */
export function authenticate(
  db: Db,
  config: ServerConfig,
  cache?: CallerCache,
): MiddlewareHandler<AppEnv> {
  const heartbeat = agentHeartbeat(db);
  const usage = accessTokenUsage(db);
  // VIGIL_AUTH=oidc: a JWT bearer is the provider's token (docs/hosted-oidc.md); cookies count for
  // nothing in that mode, and agent access tokens keep working.
  const oidc = config.auth === 'oidc' && config.oidc ? createOidcVerifier(config.oidc) : undefined;
  return async (c, next) => {
    c.set('caller', undefined);
    c.set('authFailure', 'Not logged in');
    c.set('aal2Required', false);
    const token = tokenFromAuthorization(c.req.header('authorization'));
    if (token === null) {
      c.set('authFailure', 'Authorization Error');
    } else if (token !== undefined && isEmbedToken(token)) {
      // Scoped embed tokens are never a person's credential: the embed gate (server/src/embed)
      // verifies them and decides the request; without the gate they authenticate nothing.
      c.set('authFailure', 'Authorization Error');
    } else if (token !== undefined && oidc && looksLikeJwt(token)) {
      const verdict = await oidc.verify(token);
      if (!verdict.ok) c.set('authFailure', verdict.reason);
      else {
        const personId = await personForIdentity(db, verdict.identity);
        const caller = personId ? await loadCaller(db, personId, 'token') : undefined;
        if (caller) c.set('caller', caller);
        else c.set('authFailure', OIDC_FAILURE.invalid);
      }
    } else if (token !== undefined) {
      const lookup = async () => {
        const found = await lookupAccessToken(db, token);
        const caller =
          found?.live === true ? await loadCaller(db, found.personId, 'token') : undefined;
        return { found, caller };
      };
      const { found, caller } = cache
        ? await cache.get(`token:${token}`, async () => {
            const value = await lookup();
            return { value, keep: value.caller !== undefined, until: value.found?.expiresAt };
          })
        : await lookup();
      if (found === undefined) c.set('authFailure', 'Authorization Error');
      else if (!found.live) c.set('authFailure', 'access token has expired');
      else {
        if (caller) {
          c.set('caller', caller);
          await usage(found.id);
          if (caller.type === 'agent') await heartbeat(caller.id);
        } else c.set('authFailure', 'Authorization Error');
      }
    } else if (config.auth === 'none') {
      const lookup = async () => {
        const id = await defaultCallerId(db);
        return id ? await loadCaller(db, id, 'none') : undefined;
      };
      const caller = cache
        ? await cache.get<Caller | undefined>('none', async () => {
            const value = await lookup();
            return { value, keep: value !== undefined };
          })
        : await lookup();
      c.set('caller', caller);
    } else if (config.auth !== 'oidc') {
      const cookie = getCookie(c, SESSION_COOKIE);
      if (cookie) {
        const lookup = async () => {
          const session = await findSession(db, cookie);
          const caller =
            session !== undefined && session !== 'expired' && !session.needs_aal2
              ? await loadCaller(db, session.identity_id, 'session', session.id)
              : undefined;
          return { session, caller };
        };
        const { session, caller } = cache
          ? await cache.get(`session:${cookie}`, async () => {
              const value = await lookup();
              const expires =
                value.session !== undefined && value.session !== 'expired'
                  ? new Date(value.session.expires_at).getTime()
                  : undefined;
              return { value, keep: value.caller !== undefined, until: expires };
            })
          : await lookup();
        if (session === 'expired') c.set('authFailure', 'Session Expired');
        else if (session?.needs_aal2) {
          // A second factor is needed first (docs/identity.md "Sessions and assurance").
          c.set('aal2Required', true);
          c.set('authFailure', 'Second factor required');
        } else if (caller) c.set('caller', caller);
      }
    }
    await next();
  };
}
