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

/** The person a token belongs to, `'expired'`, or undefined when unknown. */
export async function findAccessToken(
  db: Queryable,
  token: string,
): Promise<string | 'expired' | undefined> {
  const result = await db.query<{ person_id: string; live: boolean }>(
    `SELECT person_id, (expires_at IS NULL OR expires_at > now()) AS live FROM access_tokens WHERE value = $1`,
    [sha256Hex(token)],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return row.live ? row.person_id : 'expired';
}
