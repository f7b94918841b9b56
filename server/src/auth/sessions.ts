import type { Queryable } from '../db/types';
import { randomToken, sha256Hex } from './crypto';
import { needsAal2Sql } from './second-factors';

/** Name of the HttpOnly session cookie set by the login flow. */
export const SESSION_COOKIE = 'vigil_session';

export interface NewSession {
  /** The cookie value (only its hash is stored). */
  token: string;
  /** The one-time logout token of this session (api.md §13 logout flow). */
  logoutToken: string;
  id: string;
  expiresAt: Date;
  authenticatedAt: Date;
}

/** One way a session was authenticated (Kratos `authentication_methods[]`). */
export interface SessionMethod {
  method: string;
  aal: 'aal1' | 'aal2';
  completed_at: string;
}

export interface SessionRow {
  id: string;
  identity_id: string;
  authenticated_at: Date;
  expires_at: Date;
  issued_at: Date;
  /** The assurance level reached: `aal1` after a password (or a recovery code), `aal2` after a second factor. */
  aal: 'aal1' | 'aal2';
  methods: SessionMethod[];
}

/** A session as the cookie finds it (`findSession`), with what its requests need to know. */
export interface FoundSession extends SessionRow {
  /**
   * Whether the session must reach aal2 before anything but the identity flows: it is aal1 and
   * its identity has a second factor (docs/identity.md "Sessions and assurance"). Read from the
   * factor tables in the same query as the session, never cached: a factor added through any
   * server instance counts from the next request on.
   */
  needs_aal2: boolean;
}

export async function createSession(
  db: Queryable,
  identityId: string,
  ttlMs: number,
  method = 'password',
): Promise<NewSession> {
  const token = randomToken();
  const logoutToken = randomToken();
  const id = sha256Hex(token);
  const methods: SessionMethod[] = [
    { method, aal: 'aal1', completed_at: new Date().toISOString() },
  ];
  const result = await db.query<{ expires_at: Date; authenticated_at: Date }>(
    `INSERT INTO vigil_sessions (id, identity_id, logout_token_hash, expires_at, aal, methods)
     VALUES ($1, $2, $3, now() + ($4::bigint * interval '1 millisecond'), 'aal1', $5::jsonb)
     RETURNING expires_at, authenticated_at`,
    [id, identityId, sha256Hex(logoutToken), ttlMs, JSON.stringify(methods)],
  );
  await db.query('UPDATE people SET last_login = now() WHERE id = $1', [identityId]);
  const row = result.rows[0];
  if (!row) throw new Error('session insert returned no row');
  return {
    token,
    logoutToken,
    id,
    expiresAt: new Date(row.expires_at),
    authenticatedAt: new Date(row.authenticated_at),
  };
}

/** Find the session of a cookie value: the row, `'expired'`, or undefined when unknown. */
export async function findSession(
  db: Queryable,
  token: string,
): Promise<FoundSession | 'expired' | undefined> {
  const result = await db.query<FoundSession & { live: boolean }>(
    `SELECT s.id, s.identity_id, s.authenticated_at, s.expires_at, s.created_at AS issued_at,
       s.aal, s.methods, s.expires_at > now() AS live,
       s.aal <> 'aal2' AND ${needsAal2Sql('s.identity_id')} AS needs_aal2
     FROM vigil_sessions s WHERE s.id = $1`,
    [sha256Hex(token)],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  if (!row.live) {
    await db.query('DELETE FROM vigil_sessions WHERE id = $1', [row.id]);
    return 'expired';
  }
  return row;
}

/**
 * Record a completed method on a live session: a second factor raises it to aal2, a password
 * (a refresh login) keeps its level; either renews `authenticated_at`.
 */
export async function completeMethod(
  db: Queryable,
  sessionId: string,
  method: string,
  aal: 'aal1' | 'aal2',
): Promise<void> {
  const entry: SessionMethod = { method, aal, completed_at: new Date().toISOString() };
  await db.query(
    `UPDATE vigil_sessions SET authenticated_at = now(),
       aal = CASE WHEN $2 = 'aal2' THEN 'aal2' ELSE aal END,
       methods = methods || $3::jsonb
     WHERE id = $1`,
    [sessionId, aal, JSON.stringify([entry])],
  );
}

/** A new logout token for a live session (each logout/browser call issues a fresh one). */
export async function rotateLogoutToken(db: Queryable, sessionId: string): Promise<string> {
  const logoutToken = randomToken();
  await db.query('UPDATE vigil_sessions SET logout_token_hash = $2 WHERE id = $1', [
    sessionId,
    sha256Hex(logoutToken),
  ]);
  return logoutToken;
}

/**
 * End the session a logout token belongs to: the identity that signed out, or undefined when the
 * token is unknown.
 */
export async function deleteSessionByLogoutToken(
  db: Queryable,
  logoutToken: string,
): Promise<string | undefined> {
  const result = await db.query<{ identity_id: string }>(
    'DELETE FROM vigil_sessions WHERE logout_token_hash = $1 RETURNING identity_id::text',
    [sha256Hex(logoutToken)],
  );
  return result.rows[0]?.identity_id;
}

/**
 * End every session of `identityId` but `keepSessionId` (a password changed or an account
 * recovered: whoever else held a session, held it with the old credentials). Returns how many.
 */
export async function endOtherSessions(
  db: Queryable,
  identityId: string,
  keepSessionId: string,
): Promise<number> {
  const result = await db.query('DELETE FROM vigil_sessions WHERE identity_id = $1 AND id <> $2', [
    identityId,
    keepSessionId,
  ]);
  return result.affectedRows;
}

/** Housekeeping: drop expired sessions and flows. */
export async function purgeExpired(db: Queryable): Promise<void> {
  await db.query('DELETE FROM vigil_sessions WHERE expires_at < now()');
  await db.query(`DELETE FROM vigil_flows WHERE expires_at < now() - interval '1 hour'`);
}
