/**
 * Secrets at rest (docs/security.md): AES-256-GCM with node:crypto. A value is stored as
 * `enc:v1:<key id>:<base64url of iv (12 bytes) | tag (16 bytes) | ciphertext>`; the key id (the
 * first 8 hex digits of the key's SHA-256) says which key decrypts it, so a change of key can be
 * rolled forward by the start-up step (server/src/secrets/stored.ts).
 *
 * The key: VIGIL_SECRET_KEY (config.ts), else one generated once and kept in the table
 * vigil_secret_key, so that several instances on one PostgreSQL share it.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import { ENCRYPTED_PREFIX } from './redact';

export { ENCRYPTED_PREFIX } from './redact';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretKey {
  /** 8 hex digits of the key's SHA-256: names the key in each value. */
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** The key new values are encrypted with. */
  primary: SecretKey;
  /** Every key that decrypts (the primary first). */
  keys: readonly SecretKey[];
  /** `env`: VIGIL_SECRET_KEY; `database`: the key kept in vigil_secret_key. */
  source: 'env' | 'database';
  /** True when this call generated the database key. */
  generated: boolean;
}

/** A value that cannot be decrypted: no key of the ring has its id, or it was altered. */
export class SecretDecryptError extends Error {
  override readonly name = 'SecretDecryptError';
}

/**
 * A 32-byte key from its text: 64 hex digits, or base64 (standard or URL-safe, padding optional).
 * Undefined when the text is neither (the caller reports it without echoing the value).
 */
export function parseSecretKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) {
    const key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === KEY_BYTES ? key : undefined;
  }
  return undefined;
}

export function secretKey(key: Buffer): SecretKey {
  if (key.length !== KEY_BYTES) throw new Error(`a secret key has ${KEY_BYTES} bytes`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** A ring of one key (tests, tools). */
export function keyringOf(key: Buffer, source: Keyring['source'] = 'env'): Keyring {
  const primary = secretKey(key);
  return { primary, keys: [primary], source, generated: false };
}

/** Whether a stored value is encrypted (any key, this format). */
export function isEncrypted(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(ENCRYPTED_PREFIX);
}

/** The id of the key a stored value was encrypted with, or undefined for a plain value. */
export function keyIdOf(value: string): string | undefined {
  if (!isEncrypted(value)) return undefined;
  const rest = value.slice(ENCRYPTED_PREFIX.length);
  const colon = rest.indexOf(':');
  return colon > 0 ? rest.slice(0, colon) : undefined;
}

/** Encrypt a value with the ring's primary key. */
export function encryptSecret(ring: Keyring, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ring.primary.key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const packed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  return `${ENCRYPTED_PREFIX}${ring.primary.id}:${packed}`;
}

/**
 * The plain value of a stored one: encrypted values are decrypted (SecretDecryptError when no key
 * fits or the value was altered); plain values (not yet encrypted) are returned as they are.
 */
export function decryptSecret(ring: Keyring, stored: string): string {
  if (!isEncrypted(stored)) return stored;
  const id = keyIdOf(stored);
  const key = ring.keys.find((candidate) => candidate.id === id);
  if (!key) throw new SecretDecryptError(`no key ${id ?? '(none)'} to decrypt a stored secret`);
  const packed = Buffer.from(
    stored.slice(ENCRYPTED_PREFIX.length + (id?.length ?? 0) + 1),
    'base64url',
  );
  if (packed.length < IV_BYTES + TAG_BYTES)
    throw new SecretDecryptError('a stored secret is cut short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, packed.subarray(0, IV_BYTES));
    decipher.setAuthTag(packed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(packed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    throw new SecretDecryptError('a stored secret does not decrypt (altered, or another key)');
  }
}

async function storedKey(db: Queryable): Promise<Buffer | undefined> {
  const result = await db.query<{ key: string }>('SELECT key FROM vigil_secret_key WHERE id');
  const text = result.rows[0]?.key;
  const key = text === undefined ? undefined : Buffer.from(text, 'base64');
  return key?.length === KEY_BYTES ? key : undefined;
}

/**
 * The keyring of a database: `configured` (VIGIL_SECRET_KEY) as the primary key, with the stored
 * key (if any) kept for decrypting values written before; without a configured key, the stored
 * key, generated and stored on first use (concurrent instances agree: the first insert wins).
 */
export async function openKeyring(db: Queryable, configured?: Buffer): Promise<Keyring> {
  const stored = await storedKey(db);
  if (configured) {
    const primary = secretKey(configured);
    const keys = [primary];
    if (stored && !stored.equals(configured)) keys.push(secretKey(stored));
    return { primary, keys, source: 'env', generated: false };
  }
  if (stored) return { ...keyringOf(stored, 'database') };
  const inserted = await db.query(
    `INSERT INTO vigil_secret_key (id, key) VALUES (true, $1) ON CONFLICT (id) DO NOTHING`,
    [randomBytes(KEY_BYTES).toString('base64')],
  );
  const key = await storedKey(db);
  if (!key) throw new Error('vigil_secret_key holds no usable key');
  return { ...keyringOf(key, 'database'), generated: inserted.affectedRows > 0 };
}

/** The keyring, opened once on first use. */
export interface Secrets {
  keyring(): Promise<Keyring>;
}

/** Secrets over `db` whose keyring is opened lazily (and again after a failure). */
export function lazySecrets(db: Queryable, configured?: Buffer): Secrets {
  let opening: Promise<Keyring> | undefined;
  return {
    keyring() {
      opening ??= openKeyring(db, configured).catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
      return opening;
    },
  };
}

/** Secrets over an already opened keyring. */
export function fixedSecrets(ring: Keyring): Secrets {
  return { keyring: async () => ring };
}
