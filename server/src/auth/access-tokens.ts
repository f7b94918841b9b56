import type { Queryable } from '../db/types';
import { randomToken, sha256Hex } from './crypto';

/**
 * Create an access token for a person. Only the SHA-256 of the token is stored in
 * `access_tokens.value`; the plain token is returned once. A token of the same name is replaced.
 */
export async function createAccessToken(
  db: Queryable,
  personId: string,
  name: string,
  ttlMs: number | undefined,
): Promise<string> {
  const token = `vgl_${randomToken(24)}`;
  await db.query(
    `INSERT INTO access_tokens (name, person_id, value, created_at, expires_at)
     VALUES ($1, $2, $3, now(), CASE WHEN $4::bigint IS NULL THEN NULL ELSE now() + ($4::bigint * interval '1 millisecond') END)
     ON CONFLICT (person_id, name) DO UPDATE SET value = excluded.value, created_at = excluded.created_at, expires_at = excluded.expires_at`,
    [name, personId, sha256Hex(token), ttlMs ?? null],
  );
  return token;
}

/** A stored token: its id, its person, and whether it has not expired. */
export interface AccessTokenMatch {
  id: string;
  personId: string;
  live: boolean;
  /** When the token expires (ms since the epoch); undefined for a token without expiry. */
  expiresAt?: number | undefined;
}

/** The stored token a secret matches, or undefined when unknown. */
export async function lookupAccessToken(
  db: Queryable,
  token: string,
): Promise<AccessTokenMatch | undefined> {
  const result = await db.query<{
    id: string;
    person_id: string;
    live: boolean;
    expires_at: Date | string | null;
  }>(
    `SELECT id::text, person_id, (expires_at IS NULL OR expires_at > now()) AS live, expires_at FROM access_tokens WHERE value = $1`,
    [sha256Hex(token)],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const expiresAt = row.expires_at === null ? undefined : new Date(row.expires_at).getTime();
  return { id: row.id, personId: row.person_id, live: row.live, expiresAt };
}

/** The person a token belongs to, `'expired'`, or undefined when unknown. */
export async function findAccessToken(
  db: Queryable,
  token: string,
): Promise<string | 'expired' | undefined> {
  const found = await lookupAccessToken(db, token);
  if (!found) return undefined;
  return found.live ? found.personId : 'expired';
}

/** `last_used_at` of an access token is written at most this often. */
export const TOKEN_USAGE_INTERVAL_MS = 60_000;

/**
 * A throttled writer of when each access token was last used (vigil_access_token_usage, migration
 * 0017), one per app: a busy script costs one write a minute, not one per request.
 */
export function accessTokenUsage(
  db: Queryable,
  intervalMs = TOKEN_USAGE_INTERVAL_MS,
): (tokenId: string) => Promise<void> {
  const written = new Map<string, number>();
  return async (tokenId) => {
    const now = Date.now();
    const last = written.get(tokenId);
    if (last !== undefined && now - last < intervalMs) return;
    written.set(tokenId, now);
    if (written.size > 1000) {
      for (const [id, time] of written) if (now - time > intervalMs) written.delete(id);
    }
    // The token may have been revoked meanwhile: insert only while it exists.
    await db.query(
      `INSERT INTO vigil_access_token_usage (token_id, last_used_at)
       SELECT id, now() FROM access_tokens WHERE id = $1
       ON CONFLICT (token_id) DO UPDATE SET last_used_at = excluded.last_used_at`,
      [tokenId],
    );
  };
}
