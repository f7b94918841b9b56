import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** A random, URL-safe secret (session ids, CSRF tokens, access tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored as SHA-256 hex so a database dump does not yield usable credentials. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

// OWASP's scrypt baseline (N=2^15, r=8, p=1) costs ~50 ms here; logins are rare enough.
const COST = 32768;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** Hash a password as `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(
    password,
    salt,
    { N: COST, r: BLOCK_SIZE, p: PARALLELISM, maxmem: MAX_MEMORY },
    KEY_LENGTH,
  );
  return [
    'scrypt',
    COST,
    BLOCK_SIZE,
    PARALLELISM,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Check a password against a stored hash in constant time; malformed hashes never match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltText, keyText] = parts;
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY };
  if (![options.N, options.r, options.p].every((value) => Number.isInteger(value) && value > 0)) {
    return false;
  }
  const expected = Buffer.from(keyText ?? '', 'base64url');
  if (expected.length === 0) return false;
  try {
    const actual = await derive(
      password,
      Buffer.from(saltText ?? '', 'base64url'),
      options,
      expected.length,
    );
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

/** Compare two secrets without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(sha256Hex(a), 'hex');
  const right = Buffer.from(sha256Hex(b), 'hex');
  return timingSafeEqual(left, right);
}

/** A dummy hash so unknown identifiers take as long as wrong passwords. */
export const DUMMY_PASSWORD_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
