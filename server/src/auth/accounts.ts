import type { Queryable } from '../db/types';
import { hashPassword } from './crypto';

/** A person as the server's auth layer sees it. */
export interface Caller {
  id: string;
  name: string;
  email: string | undefined;
  avatar: string | undefined;
  type: string | undefined;
  externalId: string | undefined;
  properties: Record<string, unknown> | undefined;
  /** Role names from casbin_rule (raw; effectiveRoles() maps none to viewer). */
  roles: string[];
  /** How the caller authenticated. */
  via: 'session' | 'token' | 'none';
  /** The session (cookie) id hash, when via session. */
  sessionId?: string;
}

export interface NewAccount {
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  password: string;
  /** A precomputed hash of `password` (seeds hash in parallel before their transaction). */
  passwordHash?: string;
  roles: readonly string[];
  /** Optional fixed id (deterministic seeds). */
  id?: string;
}

/** Create an identity (its people row follows through the sync trigger), login and roles. */
export async function createAccount(tx: Queryable, account: NewAccount): Promise<string> {
  const traits = {
    email: account.email,
    name: { first: account.firstName, last: account.lastName },
  };
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO identities (id, traits, state) VALUES (coalesce($1::uuid, generate_ulid()), $2::jsonb, 'active')
     RETURNING id`,
    [account.id ?? null, JSON.stringify(traits)],
  );
  const id = inserted.rows[0]?.id;
  if (!id) throw new Error('identity insert returned no row');
  await tx.query(`UPDATE people SET type = 'user' WHERE id = $1`, [id]);
  await tx.query(
    'INSERT INTO vigil_accounts (identity_id, username, password_hash) VALUES ($1, $2, $3)',
    [id, account.username, account.passwordHash ?? (await hashPassword(account.password))],
  );
  for (const role of account.roles) {
    await tx.query(
      `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2) ON CONFLICT DO NOTHING`,
      [id, role],
    );
  }
  return id;
}

interface PersonRow {
  id: string;
  name: string;
  email: string | null;
  avatar: string | null;
  type: string | null;
  external_id: string | null;
  properties: Record<string, unknown> | null;
  roles: string[] | null;
}

/** Load a non-deleted person with their role names; undefined when absent or deleted. */
export async function loadCaller(
  db: Queryable,
  personId: string,
  via: Caller['via'],
  sessionId?: string,
): Promise<Caller | undefined> {
  const result = await db.query<PersonRow>(
    `SELECT p.id, p.name, p.email, p.avatar, p.type, p.external_id, p.properties,
       (SELECT array_agg(r.v1::text ORDER BY r.v1) FROM casbin_rule r WHERE r.ptype = 'g' AND r.v0 = p.id::text) AS roles
     FROM people p WHERE p.id = $1 AND p.deleted_at IS NULL`,
    [personId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? undefined,
    avatar: row.avatar ?? undefined,
    type: row.type ?? undefined,
    externalId: row.external_id ?? undefined,
    properties: row.properties ?? undefined,
    roles: row.roles ?? [],
    via,
    ...(sessionId ? { sessionId } : {}),
  };
}

/** The user every request acts as in `VIGIL_AUTH=none`: the first admin, else the first user. */
export async function defaultCallerId(db: Queryable): Promise<string | undefined> {
  const result = await db.query<{ id: string }>(
    `SELECT p.id FROM people p
     WHERE p.deleted_at IS NULL AND coalesce(p.type, '') NOT IN ('system', 'agent')
     ORDER BY EXISTS (SELECT 1 FROM casbin_rule r WHERE r.ptype = 'g' AND r.v0 = p.id::text AND r.v1 = 'admin') DESC,
       p.created_at, p.id
     LIMIT 1`,
  );
  return result.rows[0]?.id;
}

/**
 * `VIGIL_AUTH=none` treats every caller as one person (api.md §2). On a database that has none
 * (`VIGIL_SEED=none`), create that person, an admin without a password, so the API has a caller.
 */
export async function ensureDefaultCaller(db: Queryable): Promise<string> {
  const existing = await defaultCallerId(db);
  if (existing) return existing;
  const traits = { email: 'admin@localhost', name: { first: 'Vigil', last: 'Admin' } };
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO identities (id, traits, state) VALUES (generate_ulid(), $1::jsonb, 'active') RETURNING id`,
    [JSON.stringify(traits)],
  );
  const id = inserted.rows[0]?.id;
  if (!id) throw new Error('identity insert returned no row');
  await db.query(`UPDATE people SET type = 'user' WHERE id = $1`, [id]);
  await db.query(
    `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'admin') ON CONFLICT DO NOTHING`,
    [id],
  );
  return id;
}
