/**
 * Embed tokens in the database: mint, list, revoke and verify (docs/embed-tokens.md).
 *
 * A token reads `vgl_embed_<id>_<secret>`: the id (32 hex digits, the row's uuid) finds the row,
 * the secret (32 random bytes, base64url) proves possession. Only the SHA-256 of the secret is
 * stored, and it is compared in constant time, so neither a database dump nor response timing
 * yields a usable token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { CreatedEmbedToken, EmbedToken, EmbedTokenStatus } from '../../../src/api/types';
import { randomToken, sha256Hex } from '../auth/crypto';
import type { Queryable } from '../db/types';
import { scopeFromStored, scopeToWire, type NormalisedScope } from './scope';

/** Every embed token starts with this; other bearer tokens never do. */
export const EMBED_TOKEN_PREFIX = 'vgl_embed_';

const TOKEN_PATTERN = /^vgl_embed_([0-9a-f]{32})_([A-Za-z0-9_-]{43})$/;

/** Whether a bearer credential is (meant to be) an embed token. */
export function isEmbedToken(token: string): boolean {
  return token.startsWith(EMBED_TOKEN_PREFIX);
}

function uuidFromHex(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Split a token into its row id and secret; undefined when it is not well formed. */
export function parseEmbedToken(token: string): { id: string; secret: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  return { id: uuidFromHex(match[1]), secret: match[2] };
}

/** What a verified token grants. */
export interface EmbedGrant {
  id: string;
  name: string;
  scope: NormalisedScope;
}

export type EmbedVerification =
  | { kind: 'ok'; grant: EmbedGrant }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'revoked' };

// Compared against when the id is unknown, so a miss costs the same as a wrong secret.
const DUMMY_HASH = Buffer.alloc(32);

function sameHash(secret: string, storedHex: string | undefined): boolean {
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  const stored = storedHex === undefined ? undefined : Buffer.from(storedHex, 'hex');
  const expected = stored?.length === 32 ? stored : DUMMY_HASH;
  const equal = timingSafeEqual(actual, expected);
  return equal && expected !== DUMMY_HASH;
}

interface VerifyRow {
  id: string;
  name: string;
  secret_hash: string;
  scope: unknown;
  live: boolean;
  revoked: boolean;
}

/**
 * Check a presented token. A wrong secret is `invalid` whatever the row's state, so only the
 * holder of a token learns that it expired or was revoked.
 */
export async function verifyEmbedToken(db: Queryable, token: string): Promise<EmbedVerification> {
  const parsed = parseEmbedToken(token);
  if (!parsed) return { kind: 'invalid' };
  const result = await db.query<VerifyRow>(
    `SELECT id, name, secret_hash, scope, expires_at > now() AS live, revoked_at IS NOT NULL AS revoked
     FROM vigil_embed_tokens WHERE id = $1`,
    [parsed.id],
  );
  const row = result.rows[0];
  if (!sameHash(parsed.secret, row?.secret_hash) || !row) return { kind: 'invalid' };
  if (row.revoked) return { kind: 'revoked' };
  if (!row.live) return { kind: 'expired' };
  return { kind: 'ok', grant: { id: row.id, name: row.name, scope: scopeFromStored(row.scope) } };
}

/** `last_used_at` is written at most this often per token (widgets poll). */
export const LAST_USED_INTERVAL_MS = 60_000;

/** A throttled writer of `last_used_at`, one per app. */
export function embedTokenUsage(
  db: Queryable,
  intervalMs = LAST_USED_INTERVAL_MS,
): (id: string) => Promise<void> {
  const written = new Map<string, number>();
  return async (id) => {
    const now = Date.now();
    const last = written.get(id);
    if (last !== undefined && now - last < intervalMs) return;
    written.set(id, now);
    if (written.size > 1000) {
      for (const [key, time] of written) if (now - time > intervalMs) written.delete(key);
    }
    await db.query('UPDATE vigil_embed_tokens SET last_used_at = now() WHERE id = $1', [id]);
  };
}

interface TokenRow {
  id: string;
  name: string;
  scope: unknown;
  status: EmbedTokenStatus;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  creator_id: string | null;
  creator_name: string | null;
  creator_avatar: string | null;
}

const SELECT_TOKENS = `SELECT t.id, t.name, t.scope, t.created_at, t.expires_at, t.revoked_at, t.last_used_at,
    CASE WHEN t.revoked_at IS NOT NULL THEN 'revoked' WHEN t.expires_at <= now() THEN 'expired' ELSE 'active' END AS status,
    p.id AS creator_id, p.name AS creator_name, p.avatar AS creator_avatar
  FROM vigil_embed_tokens t LEFT JOIN people p ON p.id = t.created_by`;

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

function toWire(row: TokenRow): EmbedToken {
  return {
    id: row.id,
    name: row.name,
    scope: scopeToWire(scopeFromStored(row.scope)),
    status: row.status,
    created_at: iso(row.created_at),
    created_by:
      row.creator_id === null
        ? null
        : { id: row.creator_id, name: row.creator_name ?? '', avatar: row.creator_avatar },
    expires_at: iso(row.expires_at),
    revoked_at: isoOrNull(row.revoked_at),
    last_used_at: isoOrNull(row.last_used_at),
  };
}

/** The list is capped: tokens are minted by hand, a few per embed page. */
export const MAX_LISTED_TOKENS = 1000;

/** Every token, newest first, without secrets. */
export async function listEmbedTokens(db: Queryable): Promise<EmbedToken[]> {
  const result = await db.query<TokenRow>(
    `${SELECT_TOKENS} ORDER BY t.created_at DESC, t.id DESC LIMIT $1`,
    [MAX_LISTED_TOKENS],
  );
  return result.rows.map(toWire);
}

/** One token without its secret, or undefined. */
export async function getEmbedToken(db: Queryable, id: string): Promise<EmbedToken | undefined> {
  const result = await db.query<TokenRow>(`${SELECT_TOKENS} WHERE t.id = $1`, [id]);
  const row = result.rows[0];
  return row ? toWire(row) : undefined;
}

export interface NewEmbedToken {
  name: string;
  scope: NormalisedScope;
  expiresAt: Date;
  createdBy: string | undefined;
}

/** Mint a token: the row stores the secret's hash; the token is returned this once. */
export async function createEmbedToken(
  db: Queryable,
  input: NewEmbedToken,
): Promise<CreatedEmbedToken> {
  const secret = randomToken(32);
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO vigil_embed_tokens (name, secret_hash, scope, created_by, expires_at)
     VALUES ($1, $2, $3::jsonb, (SELECT id FROM people WHERE id = $4::uuid), $5)
     RETURNING id`,
    [
      input.name,
      sha256Hex(secret),
      JSON.stringify(input.scope),
      input.createdBy ?? null,
      input.expiresAt.toISOString(),
    ],
  );
  const id = inserted.rows[0]?.id;
  if (!id) throw new Error('embed token insert returned no row');
  const token = `${EMBED_TOKEN_PREFIX}${id.replace(/-/g, '').toLowerCase()}_${secret}`;
  const stored = await getEmbedToken(db, id);
  if (!stored) throw new Error('embed token vanished after insert');
  return { ...stored, token };
}

/**
 * Revoke a token (idempotent: the first revocation's time and author are kept).
 * @returns the token after revocation, or undefined when there is no such token.
 */
export async function revokeEmbedToken(
  db: Queryable,
  id: string,
  revokedBy: string | undefined,
): Promise<EmbedToken | undefined> {
  const result = await db.query<{ id: string }>(
    `UPDATE vigil_embed_tokens
     SET revoked_at = coalesce(revoked_at, now()),
       revoked_by = CASE WHEN revoked_at IS NULL THEN (SELECT id FROM people WHERE id = $2::uuid) ELSE revoked_by END
     WHERE id = $1
     RETURNING id`,
    [id, revokedBy ?? null],
  );
  if (result.rows.length === 0) return undefined;
  return getEmbedToken(db, id);
}
