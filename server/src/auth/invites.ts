/**
 * Invitations (api.md §8.2, docs/settings-admin.md): the identity of an invited user, created
 * active with an unusable password, and one single-use token that lets the invitee set a password.
 * Tokens are random (32 bytes), expire after {@link INVITE_TTL_MS}, are stored as SHA-256 only, and
 * a new invitation of the same identity replaces the old token.
 */
import type { Db, Queryable } from '../db/types';
import { hashPassword, randomToken, sha256Hex } from './crypto';

/** How long an invitation link works. */
export const INVITE_TTL_MS = 7 * 24 * 3_600_000;
/** A password hash that never verifies (an invited account until its password is set). */
export const UNSET_PASSWORD_HASH = '!invited';
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

export interface InviteInput {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export class InviteConflict extends Error {}

/** Create the invited identity and its token; returns the identity id and the token (once). */
export async function createInvite(
  db: Db,
  input: InviteInput,
  invitedBy: string | undefined,
): Promise<{ id: string; token: string }> {
  const token = randomToken();
  const id = await db.transaction(async (tx) => {
    const taken = await tx.query(
      `SELECT 1 FROM identities WHERE lower(traits ->> 'email') = lower($1)
       UNION ALL SELECT 1 FROM vigil_accounts WHERE lower(username) = lower($1) LIMIT 1`,
      [input.email],
    );
    if (taken.rows.length > 0) throw new InviteConflict('User already exists');
    const traits = { email: input.email, name: { first: input.firstName, last: input.lastName } };
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO identities (id, traits, state) VALUES (generate_ulid(), $1::jsonb, 'active') RETURNING id`,
      [JSON.stringify(traits)],
    );
    const identityId = inserted.rows[0]?.id;
    if (!identityId) throw new Error('identity insert returned no row');
    await tx.query(`UPDATE people SET type = 'user', deleted_at = NULL WHERE id = $1`, [
      identityId,
    ]);
    await tx.query(
      'INSERT INTO vigil_accounts (identity_id, username, password_hash) VALUES ($1, $2, $3)',
      [identityId, input.email, UNSET_PASSWORD_HASH],
    );
    if (input.role) {
      await tx.query(
        `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2) ON CONFLICT DO NOTHING`,
        [identityId, input.role],
      );
    }
    await storeToken(tx, identityId, token, invitedBy);
    return identityId;
  });
  return { id, token };
}

async function storeToken(
  tx: Queryable,
  identityId: string,
  token: string,
  invitedBy: string | undefined,
): Promise<void> {
  await tx.query('DELETE FROM vigil_invites WHERE identity_id = $1', [identityId]);
  await tx.query(
    `INSERT INTO vigil_invites (token_hash, identity_id, created_by, expires_at)
     VALUES ($1, $2, $3, now() + ($4::bigint * interval '1 millisecond'))`,
    [sha256Hex(token), identityId, invitedBy ?? null, INVITE_TTL_MS],
  );
}

export interface InviteInfo {
  identityId: string;
  email: string;
  firstName: string;
  lastName: string;
}

type Lookup = { ok: true; invite: InviteInfo } | { ok: false; reason: 'unknown' | 'expired' };

/** The invitation a token opens: unknown, used or expired tokens open none. */
export async function findInvite(db: Queryable, token: string): Promise<Lookup> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return { ok: false, reason: 'unknown' };
  const result = await db.query<{
    identity_id: string;
    traits: { email?: string; name?: { first?: string; last?: string } } | null;
    live: boolean;
    used: boolean;
  }>(
    `SELECT v.identity_id, i.traits, v.expires_at > now() AS live, v.used_at IS NOT NULL AS used
     FROM vigil_invites v JOIN identities i ON i.id = v.identity_id
     WHERE v.token_hash = $1`,
    [sha256Hex(token)],
  );
  const row = result.rows[0];
  if (!row || row.used) return { ok: false, reason: 'unknown' };
  if (!row.live) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    invite: {
      identityId: row.identity_id,
      email: row.traits?.email ?? '',
      firstName: row.traits?.name?.first ?? '',
      lastName: row.traits?.name?.last ?? '',
    },
  };
}

/**
 * Set the invitee's password and use the token up, atomically: of two concurrent submissions only
 * one succeeds. Returns the lookup failure when the token no longer opens an invitation.
 */
export async function acceptInvite(db: Db, token: string, password: string): Promise<Lookup> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await tx.query<{ identity_id: string }>(
      `UPDATE vigil_invites SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING identity_id`,
      [sha256Hex(token)],
    );
    const identityId = used.rows[0]?.identity_id;
    if (!identityId) return findInvite(tx, token);
    await tx.query(
      'UPDATE vigil_accounts SET password_hash = $2, updated_at = now() WHERE identity_id = $1',
      [identityId, hash],
    );
    const found = await tx.query<{ traits: InviteInfoTraits | null }>(
      'SELECT traits FROM identities WHERE id = $1',
      [identityId],
    );
    const traits = found.rows[0]?.traits;
    return {
      ok: true,
      invite: {
        identityId,
        email: traits?.email ?? '',
        firstName: traits?.name?.first ?? '',
        lastName: traits?.name?.last ?? '',
      },
    };
  });
}

interface InviteInfoTraits {
  email?: string;
  name?: { first?: string; last?: string };
}
