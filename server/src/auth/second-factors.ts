/**
 * Second factors of an identity (docs/identity.md "Sessions and assurance"): a TOTP secret
 * (encrypted at rest with the server's secret key), recovery codes (lookup secrets, SHA-256 only,
 * single use) and WebAuthn credentials. An identity that has any of them needs an aal2 session.
 */
import { verify as verifyOtp } from 'otplib';
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/types';
import { decryptSecret, encryptSecret, type Secrets } from '../secrets/keyring';
import { sha256Hex } from './crypto';

export const TOTP_ISSUER = 'Vigil';
/** Recovery codes generated at once, and their length (lower-case letters and digits). */
export const LOOKUP_CODE_COUNT = 12;
export const LOOKUP_CODE_LENGTH = 8;
const LOOKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface SecondFactors {
  totp: boolean;
  /** Unused confirmed recovery codes. */
  lookupRemaining: number;
  /** Confirmed recovery codes, used or not. */
  lookupTotal: number;
  webauthn: { id: string; display_name: string; transports: string[] }[];
}

export async function secondFactors(db: Queryable, identityId: string): Promise<SecondFactors> {
  const [totp, lookup, keys] = await Promise.all([
    db.query('SELECT 1 FROM vigil_totp WHERE identity_id = $1', [identityId]),
    db.query<{ remaining: string | number; total: string | number }>(
      `SELECT count(*) FILTER (WHERE used_at IS NULL) AS remaining, count(*) AS total
       FROM vigil_lookup_codes WHERE identity_id = $1`,
      [identityId],
    ),
    db.query<{ id: string; display_name: string; transports: string[] }>(
      `SELECT id, display_name, transports FROM vigil_webauthn_credentials
       WHERE identity_id = $1 ORDER BY created_at, id`,
      [identityId],
    ),
  ]);
  return {
    totp: totp.rows.length > 0,
    lookupRemaining: Number(lookup.rows[0]?.remaining ?? 0),
    lookupTotal: Number(lookup.rows[0]?.total ?? 0),
    webauthn: keys.rows,
  };
}

/**
 * Whether the identity needs aal2: it has TOTP, a WebAuthn key, or an unused recovery code (an
 * identity whose only factor was recovery codes and who used them all is back to aal1, as with
 * Kratos, so that it is not locked out).
 */
export function needsAal2(factors: SecondFactors): boolean {
  return factors.totp || factors.webauthn.length > 0 || factors.lookupRemaining > 0;
}

/**
 * {@link needsAal2} as an SQL condition on the identity id in `identityColumn` (a column of the
 * outer query, never user input): every request of an aal1 session asks it, inside the session
 * lookup (auth/sessions.ts `findSession`), so it costs no query of its own.
 */
export function needsAal2Sql(identityColumn: string): string {
  return `(EXISTS (SELECT 1 FROM vigil_totp WHERE identity_id = ${identityColumn})
    OR EXISTS (SELECT 1 FROM vigil_webauthn_credentials WHERE identity_id = ${identityColumn})
    OR EXISTS (SELECT 1 FROM vigil_lookup_codes
      WHERE identity_id = ${identityColumn} AND used_at IS NULL))`;
}

// ---- TOTP ----

/** The time step a code matched (±1 step of 30 s), or undefined. */
export async function totpStep(secret: string, code: string): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const result = await verifyOtp({ secret, token: code, epochTolerance: 30 });
    if (!result.valid) return undefined;
    return Math.floor(Date.now() / 1000 / 30) + result.delta;
  } catch {
    return undefined;
  }
}

export async function saveTotp(
  db: Queryable,
  secrets: Secrets,
  identityId: string,
  secret: string,
  step: number,
): Promise<void> {
  const stored = encryptSecret(await secrets.keyring(), secret);
  await db.query(
    `INSERT INTO vigil_totp (identity_id, secret, last_step) VALUES ($1, $2, $3)
     ON CONFLICT (identity_id) DO UPDATE SET secret = excluded.secret, last_step = excluded.last_step, created_at = now()`,
    [identityId, stored, step],
  );
}

/**
 * Check a TOTP code of the identity; a code's time step is accepted once (a replayed code, or an
 * older one, fails).
 */
export async function checkTotp(
  db: Queryable,
  secrets: Secrets,
  identityId: string,
  code: string,
): Promise<boolean> {
  const row = await db.query<{ secret: string; last_step: string | number }>(
    'SELECT secret, last_step FROM vigil_totp WHERE identity_id = $1',
    [identityId],
  );
  const found = row.rows[0];
  if (!found) return false;
  let secret: string;
  try {
    secret = decryptSecret(await secrets.keyring(), found.secret);
  } catch {
    return false;
  }
  const step = await totpStep(secret, code);
  if (step === undefined) return false;
  const used = await db.query(
    'UPDATE vigil_totp SET last_step = $2 WHERE identity_id = $1 AND last_step < $2 RETURNING 1',
    [identityId, step],
  );
  return used.rows.length > 0;
}

export async function removeTotp(db: Queryable, identityId: string): Promise<void> {
  await db.query('DELETE FROM vigil_totp WHERE identity_id = $1', [identityId]);
}

// ---- Recovery (lookup) codes ----

export function newLookupCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < LOOKUP_CODE_COUNT) {
    let code = '';
    for (let i = 0; i < LOOKUP_CODE_LENGTH; i++)
      code += LOOKUP_ALPHABET[randomInt(LOOKUP_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}

export function lookupHash(identityId: string, code: string): string {
  return sha256Hex(`${identityId}:${code.trim().toLowerCase()}`);
}

/** Replace the identity's recovery codes by the confirmed `hashes`. */
export async function saveLookupCodes(
  db: Queryable,
  identityId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.query('DELETE FROM vigil_lookup_codes WHERE identity_id = $1', [identityId]);
  for (const hash of hashes) {
    await db.query('INSERT INTO vigil_lookup_codes (identity_id, code_hash) VALUES ($1, $2)', [
      identityId,
      hash,
    ]);
  }
}

export async function removeLookupCodes(db: Queryable, identityId: string): Promise<void> {
  await db.query('DELETE FROM vigil_lookup_codes WHERE identity_id = $1', [identityId]);
}

/** Use a recovery code: `ok`, `used` (already used) or `invalid`. */
export async function spendLookupCode(
  db: Queryable,
  identityId: string,
  code: string,
): Promise<'ok' | 'used' | 'invalid'> {
  if (code.trim().length === 0 || code.length > 64) return 'invalid';
  const hash = lookupHash(identityId, code);
  const used = await db.query(
    `UPDATE vigil_lookup_codes SET used_at = now()
     WHERE identity_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [identityId, hash],
  );
  if (used.rows.length > 0) return 'ok';
  const known = await db.query(
    'SELECT 1 FROM vigil_lookup_codes WHERE identity_id = $1 AND code_hash = $2',
    [identityId, hash],
  );
  return known.rows.length > 0 ? 'used' : 'invalid';
}

// ---- WebAuthn ----

export interface StoredCredential {
  id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
  display_name: string;
}

export async function webauthnCredentials(
  db: Queryable,
  identityId: string,
): Promise<StoredCredential[]> {
  const result = await db.query<StoredCredential>(
    `SELECT id, public_key, counter, transports, display_name FROM vigil_webauthn_credentials
     WHERE identity_id = $1 ORDER BY created_at, id`,
    [identityId],
  );
  return result.rows;
}
