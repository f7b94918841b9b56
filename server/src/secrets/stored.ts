/**
 * Which stored values are secrets, sealing them (encrypting before they reach SQL: /db writes, the
 * seed) and the start-up step that encrypts values stored plain by older versions. Reads never
 * decrypt for the data API: it masks them (server/src/http/db-masks.ts). Server code that needs a
 * secret (a runner using a connection) reads it with {@link readConnection}.
 *
 * Secrets:
 * - connections: `username`, `password`, `certificate`; `url` when it is a notification service's
 *   (webhook URLs carry their token) or carries credentials; in `properties`, the strings under
 *   secret-looking keys and URLs with credentials;
 * - notifications: the same in `properties` and `custom_services`, where a service's `url`
 *   (a shoutrrr URL with its token) is a secret too.
 * References (`secret://…`, `configmap://…`, anything under `valueFrom`) are not secrets.
 */
import type { Queryable } from '../db/types';
import {
  SecretDecryptError,
  decryptSecret,
  encryptSecret,
  isEncrypted,
  keyIdOf,
  type Keyring,
} from './keyring';
import { MASK, isReference, isSecretName, redactText } from './redact';

/** The relations whose writes are sealed, and the resource their writes need. */
export const SEALED_RELATIONS = ['connections', 'notifications'] as const;
export type SealedRelation = (typeof SEALED_RELATIONS)[number];

export function isSealedRelation(name: string): name is SealedRelation {
  return (SEALED_RELATIONS as readonly string[]).includes(name);
}

/**
 * Notification services by connection type or URL scheme: vigil_connection_category of migration
 * 0011 (`notification`), the same lists.
 */
const NOTIFICATION_TYPES = new Set([
  'discord',
  'email',
  'smtp',
  'google_chat',
  'googlechat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip_chat',
  'zulip',
  'generic_webhook',
]);
const NOTIFICATION_SCHEMES = new Set([
  'discord',
  'smtp',
  'googlechat',
  'ifttt',
  'mattermost',
  'matrix',
  'ntfy',
  'opsgenie',
  'pushbullet',
  'pushover',
  'rocketchat',
  'slack',
  'teams',
  'telegram',
  'zulip',
  'generic',
  'generic+http',
  'generic+https',
]);

/** vigil_connection_category(type, url) = 'notification'. */
export function isNotificationConnection(type: unknown, url: unknown): boolean {
  if (typeof type === 'string' && NOTIFICATION_TYPES.has(type.toLowerCase())) return true;
  if (typeof url !== 'string') return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url)?.[1];
  return scheme !== undefined && NOTIFICATION_SCHEMES.has(scheme.toLowerCase());
}

/** What a sealing pass did. */
export interface SealCounts {
  /** Plain values encrypted. */
  sealed: number;
  /** Values under another key, encrypted again with the primary key. */
  rekeyed: number;
  /** Values under a key the ring does not have (left as they are). */
  unreadable: number;
}

const zero = (): SealCounts => ({ sealed: 0, rekeyed: 0, unreadable: 0 });

/** A plain string that should be stored encrypted: not empty, not the mask, not a reference. */
function sealable(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && value !== MASK && !isReference(value);
}

class Sealer {
  readonly counts = zero();

  /**
   * @param trustCiphertext whether values already in the `enc:v1:` form are ciphertexts this
   * server wrote (stored rows), or text from a client, encrypted like any other.
   */
  constructor(
    private readonly ring: Keyring,
    private readonly trustCiphertext: boolean,
  ) {}

  /** A secret string: encrypted, or re-encrypted under the primary key. */
  secret(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    if (this.trustCiphertext && isEncrypted(value)) return this.rekey(value);
    if (!sealable(value)) return value;
    this.counts.sealed += 1;
    return encryptSecret(this.ring, value);
  }

  private rekey(value: string): string {
    if (keyIdOf(value) === this.ring.primary.id) return value;
    try {
      const plain = decryptSecret(this.ring, value);
      this.counts.rekeyed += 1;
      return encryptSecret(this.ring, plain);
    } catch (error: unknown) {
      if (!(error instanceof SecretDecryptError)) throw error;
      this.counts.unreadable += 1;
      return value;
    }
  }

  /** A string that is a secret only when it carries credentials (a URL with user-info…). */
  maybe(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    if (this.trustCiphertext && isEncrypted(value)) return this.rekey(value);
    return redactText(value) !== value ? this.secret(value) : value;
  }

  /**
   * A JSON document: strings under secret-looking keys (and `extra` keys) sealed, other strings
   * sealed when they carry credentials; `valueFrom` subtrees are references and stay.
   */
  json(value: unknown, extra: ReadonlySet<string> = new Set(), secret = false): unknown {
    if (typeof value === 'string') return secret ? this.secret(value) : this.maybe(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item, extra, secret));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const pair = !secret && typeof record.name === 'string' && isSecretName(record.name);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) {
      const next =
        key === 'valueFrom'
          ? item
          : this.json(
              item,
              extra,
              secret || isSecretName(key) || extra.has(key) || (pair && key === 'value'),
            );
      Object.defineProperty(out, key, {
        value: next,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
}

const SERVICE_SECRETS: ReadonlySet<string> = new Set(['url']);

/**
 * Seal the secret fields present in one row of a sealed relation (a /db write body or a seed row).
 * Keys that are absent stay absent. A `url` written without the connection's `type` is sealed
 * (the row's type is not known before the write). Returns the row, changed or not.
 */
function sealRow(
  relation: SealedRelation,
  row: Record<string, unknown>,
  sealer: Sealer,
): Record<string, unknown> {
  const out = { ...row };
  const has = (key: string): boolean => Object.hasOwn(row, key);
  if (relation === 'connections') {
    for (const key of ['username', 'password', 'certificate']) {
      if (has(key)) out[key] = sealer.secret(row[key]);
    }
    if (has('url')) {
      const url = row.url;
      const secret = !has('type') || isNotificationConnection(row.type, url);
      out.url = secret ? sealer.secret(url) : sealer.maybe(url);
    }
    if (has('properties')) out.properties = sealer.json(row.properties);
  } else {
    if (has('properties')) out.properties = sealer.json(row.properties);
    if (has('custom_services')) {
      out.custom_services = sealer.json(row.custom_services, SERVICE_SECRETS);
    }
  }
  return out;
}

/**
 * Seal rows about to be written (a /db write, the seed): any `enc:v1:` text in them is treated as
 * plain text, never as a ciphertext of this server.
 */
export function sealRows(
  ring: Keyring,
  relation: SealedRelation,
  rows: readonly Record<string, unknown>[],
): Record<string, unknown>[] {
  const sealer = new Sealer(ring, false);
  return rows.map((row) => sealRow(relation, row, sealer));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A /db write body (POST: an object or an array of objects; PATCH: an object) with the secrets
 * encrypted. A body that is not such JSON is returned unchanged: the engine answers its 400.
 */
export function sealWriteBody(ring: Keyring, relation: SealedRelation, body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    return body;
  }
  if (Array.isArray(parsed)) {
    if (!parsed.every(isRecord)) return body;
    return JSON.stringify(sealRows(ring, relation, parsed));
  }
  if (!isRecord(parsed)) return body;
  return JSON.stringify(sealRows(ring, relation, [parsed])[0]);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

interface ConnectionRow {
  id: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: unknown;
  updated_at: string;
  notification: boolean;
}

interface NotificationRow {
  id: string;
  properties: unknown;
  custom_services: unknown;
  error: string | null;
  updated_at: string;
}

/**
 * The start-up step (and the end of a seed): every secret stored plain is encrypted, and every
 * value under another key of the ring is encrypted again with the primary key. Idempotent. The
 * rows keep their updated_at and a notification its error (the triggers would reset them: this is
 * not an edit).
 */
export async function sealStoredSecrets(db: Queryable, ring: Keyring): Promise<SealCounts> {
  const sealer = new Sealer(ring, true);
  const connections = await db.query<ConnectionRow>(
    `SELECT id::text, type, url, username, password, certificate, properties,
       updated_at::text AS updated_at,
       coalesce(vigil_connection_category(type, url) = 'notification', false) AS notification
     FROM connections ORDER BY id`,
  );
  for (const row of connections.rows) {
    const next = {
      url: row.notification ? sealer.secret(row.url) : sealer.maybe(row.url),
      username: sealer.secret(row.username),
      password: sealer.secret(row.password),
      certificate: sealer.secret(row.certificate),
      properties: sealer.json(row.properties),
    };
    if (
      next.url === row.url &&
      next.username === row.username &&
      next.password === row.password &&
      next.certificate === row.certificate &&
      same(next.properties, row.properties)
    ) {
      continue;
    }
    await db.query(
      `UPDATE connections SET url = $2, username = $3, password = $4, certificate = $5,
         properties = $6::jsonb WHERE id = $1`,
      [
        row.id,
        next.url,
        next.username,
        next.password,
        next.certificate,
        next.properties === null || next.properties === undefined
          ? null
          : JSON.stringify(next.properties),
      ],
    );
    await db.query(`UPDATE connections SET updated_at = $2::timestamptz WHERE id = $1`, [
      row.id,
      row.updated_at,
    ]);
  }
  const notifications = await db.query<NotificationRow>(
    `SELECT id::text, properties, custom_services, error, updated_at::text AS updated_at
     FROM notifications ORDER BY id`,
  );
  for (const row of notifications.rows) {
    const properties = sealer.json(row.properties);
    const services = sealer.json(row.custom_services, SERVICE_SECRETS);
    if (same(properties, row.properties) && same(services, row.custom_services)) continue;
    await db.query(
      `UPDATE notifications SET properties = $2::jsonb, custom_services = $3::jsonb WHERE id = $1`,
      [
        row.id,
        properties === null || properties === undefined ? null : JSON.stringify(properties),
        services === null || services === undefined ? null : JSON.stringify(services),
      ],
    );
    await db.query(
      `UPDATE notifications SET error = $2, updated_at = $3::timestamptz WHERE id = $1`,
      [row.id, row.error, row.updated_at],
    );
  }
  return sealer.counts;
}

/** A connection with its secrets decrypted, for server code that uses it. */
export interface Connection {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: unknown;
  insecureTls: boolean | null;
}

function reveal(ring: Keyring, value: unknown): unknown {
  if (typeof value === 'string') return decryptSecret(ring, value);
  if (Array.isArray(value)) return value.map((item) => reveal(ring, item));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: reveal(ring, item),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A JSON document with every encrypted string decrypted. */
export function revealJson<T>(ring: Keyring, value: T): T {
  return reveal(ring, value) as T;
}

/**
 * A live connection by id or by `namespace/name` (`connection://namespace/name` too), its secrets
 * decrypted; undefined when there is none. Throws SecretDecryptError when a secret cannot be read.
 */
export async function readConnection(
  db: Queryable,
  ring: Keyring,
  ref: string,
): Promise<Connection | undefined> {
  const path = ref.replace(/^connection:\/\//, '');
  const slash = path.indexOf('/');
  const [namespace, name] =
    slash >= 0 ? [path.slice(0, slash), path.slice(slash + 1)] : [null, path];
  const result = await db.query<{
    id: string;
    name: string;
    namespace: string;
    type: string;
    url: string | null;
    username: string | null;
    password: string | null;
    certificate: string | null;
    properties: unknown;
    insecure_tls: boolean | null;
  }>(
    `SELECT id::text, name, namespace, type, url, username, password, certificate, properties,
       insecure_tls
     FROM connections
     WHERE deleted_at IS NULL
       AND (($1::text IS NULL AND id::text = $2) OR (namespace = coalesce($1, 'default') AND name = $2))
     ORDER BY ($1::text IS NULL AND id::text = $2) DESC
     LIMIT 1`,
    [namespace, name],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const open = (value: string | null): string | null =>
    value === null ? null : decryptSecret(ring, value);
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    url: open(row.url),
    username: open(row.username),
    password: open(row.password),
    certificate: open(row.certificate),
    properties: revealJson(ring, row.properties),
    insecureTls: row.insecure_tls,
  };
}
