/**
 * Secrets at rest (docs/security.md "Secrets at rest"): connection credentials, webhook URLs and
 * secret JSON fields are stored encrypted (AES-256-GCM, `enc:v1:…`) — by the demo seed, by /db
 * writes and by the start-up step for values stored plain — and come back masked through /db for
 * every role; a PATCH that sends `***` back keeps the secret; server code decrypts with the
 * keyring; VIGIL_SECRET_KEY is validated and takes over from the database's key.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import {
  decryptSecret,
  encryptSecret,
  keyringOf,
  openKeyring,
  parseSecretKey,
  SecretDecryptError,
  type Keyring,
} from '../src/secrets/keyring';
import { openSecrets } from '../src/secrets/startup';
import { readConnection, sealStoredSecrets } from '../src/secrets/stored';
import {
  buildApp,
  okJson,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

let db: Db;
let t: TestApp;
let ring: Keyring;
let as: Requester;
const JSON_HEADERS = { 'Content-Type': 'application/json' };
const ENCRYPTED = /^enc:v1:[0-9a-f]{8}:[A-Za-z0-9_-]+$/;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  ring = await openKeyring(db);
  as = requester(t.app, await signInDemoAccounts(t.app));
}, 120_000);
afterAll(async () => db.close());

interface RawConnection {
  name: string;
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, unknown> | null;
  updated_at: string;
}

async function raw(name: string): Promise<RawConnection> {
  const result = await db.query<RawConnection>(
    `SELECT name, url, username, password, certificate, properties, updated_at::text
     FROM connections WHERE name = $1`,
    [name],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no connection ${name}`);
  return row;
}

describe('the keyring', () => {
  it('encrypts with AES-256-GCM under a random IV and refuses altered values', () => {
    const key = keyringOf(randomBytes(32));
    const one = encryptSecret(key, 'hunter2');
    const two = encryptSecret(key, 'hunter2');
    expect(one).toMatch(ENCRYPTED);
    expect(one).not.toBe(two);
    expect(decryptSecret(key, one)).toBe('hunter2');
    expect(decryptSecret(key, 'plain')).toBe('plain');
    const flipped = one.slice(0, -2) + (one.endsWith('A') ? 'B' : 'A') + one.slice(-1);
    expect(() => decryptSecret(key, flipped)).toThrow(SecretDecryptError);
    expect(() => decryptSecret(keyringOf(randomBytes(32)), one)).toThrow(SecretDecryptError);
  });

  it('VIGIL_SECRET_KEY: 64 hex digits or base64 of 32 bytes; anything else is a one-line error', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ VIGIL_SECRET_KEY: bytes.toString('hex') }).secretKey?.equals(bytes)).toBe(
      true,
    );
    expect(
      loadConfig({ VIGIL_SECRET_KEY: bytes.toString('base64') }).secretKey?.equals(bytes),
    ).toBe(true);
    expect(parseSecretKey(bytes.toString('base64url'))?.equals(bytes)).toBe(true);
    expect(loadConfig({}).secretKey).toBeUndefined();
    for (const bad of [
      'short',
      'ab'.repeat(31),
      randomBytes(16).toString('base64'),
      'z'.repeat(64),
    ]) {
      let error: unknown;
      try {
        loadConfig({ VIGIL_SECRET_KEY: bad });
      } catch (caught) {
        error = caught;
      }
      expect(error, bad).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain('VIGIL_SECRET_KEY');
      expect(message).not.toContain('\n');
      expect(message).not.toContain(bad);
    }
  });

  it('without VIGIL_SECRET_KEY the key is generated once and kept in the database', async () => {
    const again = await openKeyring(db);
    expect(again.source).toBe('database');
    expect(again.generated).toBe(false);
    expect(again.primary.id).toBe(ring.primary.id);
    const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM vigil_secret_key');
    expect(rows.rows[0]?.n).toBe(1);
  });
});

describe('the demo seed stores connection secrets encrypted', () => {
  it('passwords, usernames and webhook URLs (read the raw table)', async () => {
    const ledger = await raw('ledger-postgres');
    expect(ledger.password).toMatch(ENCRYPTED);
    expect(ledger.username).toMatch(ENCRYPTED);
    expect(decryptSecret(ring, ledger.username!)).toBe('vigil_ro');
    expect(decryptSecret(ring, ledger.password!)).toMatch(/^secret-[0-9a-f]{12}$/);
    expect(ledger.url).toBe('postgres://ledger-primary.payments.svc:5432/ledger');
    const slack = await raw('slack-incidents');
    expect(slack.url).toMatch(ENCRYPTED);
    expect(decryptSecret(ring, slack.url!)).toBe('https://hooks.slack.com/services/T000/B000/XXXX');
    expect(slack.password).toMatch(ENCRYPTED);
    const prometheus = await raw('prometheus');
    expect(prometheus.url).toBe('http://prometheus.monitoring.svc:9090');
    expect(prometheus.password).toBeNull();
    const plain = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM connections
       WHERE password NOT LIKE 'enc:v1:%' OR username NOT LIKE 'enc:v1:%' OR certificate NOT LIKE 'enc:v1:%'`,
    );
    expect(plain.rows[0]?.n).toBe(0);
  });

  it('the categories of encrypted webhook connections stay (by type)', async () => {
    const rows = await okJson<{ name: string; category: string | null }[]>(
      as(
        'admin',
        '/api/db/connections_list?name=in.(slack-incidents,pagerduty,prometheus)&select=name,category&order=name',
      ),
    );
    expect(rows).toEqual([
      { name: 'pagerduty', category: 'notification' },
      { name: 'prometheus', category: null },
      { name: 'slack-incidents', category: 'notification' },
    ]);
  });

  it('server code reads a connection decrypted', async () => {
    const connection = await readConnection(db, ring, 'connection://default/slack-incidents');
    expect(connection?.url).toBe('https://hooks.slack.com/services/T000/B000/XXXX');
    expect(connection?.password).toMatch(/^secret-/);
    expect(await readConnection(db, ring, 'default/nothing-here')).toBeUndefined();
  });
});

describe('/db never returns a secret', () => {
  it('connections and connection_details are masked for every role that may read them', async () => {
    for (const role of ['admin', 'editor']) {
      const rows = await okJson<Record<string, unknown>[]>(
        as(
          role,
          '/api/db/connections?name=in.(ledger-postgres,slack-incidents,prometheus)&order=name',
        ),
      );
      expect(rows.map((row) => [row.name, row.username, row.password, row.url])).toEqual([
        ['ledger-postgres', '***', '***', 'postgres://ledger-primary.payments.svc:5432/ledger'],
        ['prometheus', null, null, 'http://prometheus.monitoring.svc:9090'],
        ['slack-incidents', null, '***', '***'],
      ]);
      expect(JSON.stringify(rows)).not.toContain('enc:v1:');
      const details = await as(role, '/api/db/connection_details?select=*');
      const text = await details.text();
      expect(details.status).toBe(200);
      expect(text).not.toContain('enc:v1:');
      expect(text).not.toContain('secret-');
    }
    for (const role of ['commander', 'responder', 'viewer']) {
      expect((await as(role, '/api/db/connections')).status, role).toBe(403);
    }
  });

  it('filters on secrets see only the mask', async () => {
    for (const probe of [
      'password=like.enc*',
      'password=like.secret*',
      'url=like.*hooks.slack*',
      'username=eq.vigil_ro',
    ]) {
      expect(await okJson(as('admin', `/api/db/connections?${probe}&select=name`)), probe).toEqual(
        [],
      );
    }
  });

  it('CSV is masked too', async () => {
    const response = await as('admin', '/api/db/connections?select=name,username,password,url', {
      headers: { Accept: 'text/csv' },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).not.toContain('enc:v1:');
    expect(text).not.toContain('secret-');
    expect(text).not.toContain('hooks.slack.com');
  });
});

describe('writes through /db encrypt before SQL', () => {
  let id = '';

  it('POST stores ciphertext and returns the masks', async () => {
    const response = await as(
      'admin',
      '/api/db/connections?select=id,username,password,url,properties',
      {
        method: 'POST',
        headers: { ...JSON_HEADERS, Prefer: 'return=representation' },
        body: JSON.stringify({
          name: 'team-webhook',
          type: 'slack',
          url: 'https://hooks.slack.com/services/T1/B1/secret-path',
          username: 'bot',
          password: 'hunter2',
          properties: {
            channel: '#ops',
            token: 'xoxb-abc',
            ref: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
          },
        }),
      },
    );
    const body = await okJson<Record<string, unknown>[]>(response);
    id = String(body[0]?.id);
    expect(body[0]).toMatchObject({
      username: '***',
      password: '***',
      url: '***',
      properties: {
        channel: '#ops',
        token: '***',
        ref: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
      },
    });
    const stored = await raw('team-webhook');
    for (const value of [stored.username, stored.password, stored.url, stored.properties?.token]) {
      expect(value).toMatch(ENCRYPTED);
    }
    expect(stored.properties?.channel).toBe('#ops');
    const read = await readConnection(db, ring, id);
    expect(read).toMatchObject({
      username: 'bot',
      password: 'hunter2',
      url: 'https://hooks.slack.com/services/T1/B1/secret-path',
      properties: { channel: '#ops', token: 'xoxb-abc' },
    });
  });

  it('a PATCH that sends *** back keeps the secrets; a new value replaces one', async () => {
    const read = await okJson<Record<string, unknown>[]>(
      as('admin', `/api/db/connections?id=eq.${id}&select=username,password,url,properties`),
    );
    // The console sends back what it read, with one field changed.
    const patch = await as('admin', `/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        ...read[0],
        properties: { ...(read[0]?.properties as object), channel: '#alerts' },
      }),
    });
    expect(patch.status).toBe(204);
    let opened = await readConnection(db, ring, id);
    expect(opened).toMatchObject({
      username: 'bot',
      password: 'hunter2',
      url: 'https://hooks.slack.com/services/T1/B1/secret-path',
      properties: { channel: '#alerts', token: 'xoxb-abc' },
    });
    const replace = await as('admin', `/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({ password: 'correct horse' }),
    });
    expect(replace.status).toBe(204);
    opened = await readConnection(db, ring, id);
    expect(opened?.password).toBe('correct horse');
    expect((await raw('team-webhook')).password).toMatch(ENCRYPTED);
  });

  it('a client cannot plant a ciphertext: enc:v1:… text is encrypted like any other', async () => {
    const forged = encryptSecret(ring, 'planted');
    const response = await as('admin', `/api/db/connections?id=eq.${id}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({ password: forged }),
    });
    expect(response.status).toBe(204);
    expect((await readConnection(db, ring, id))?.password).toBe(forged);
  });

  it('notifications: secret properties and service URLs are encrypted and masked', async () => {
    const rule = await db.query<{ id: string }>(
      `SELECT id::text FROM notifications WHERE name = 'check-failures'`,
    );
    const ruleId = rule.rows[0]!.id;
    const services = [
      {
        name: 'slack',
        url: 'slack://xoxb-123@alerts',
        connection: 'connection://default/slack-incidents',
      },
    ];
    const patch = await as('admin', `/api/db/notifications?id=eq.${ruleId}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        custom_services: services,
        properties: { webhook: 'https://hooks.example/x', colour: 'red' },
      }),
    });
    expect(patch.status).toBe(204);
    const stored = await db.query<{
      custom_services: { url: string; connection: string }[];
      properties: Record<string, string>;
    }>('SELECT custom_services, properties FROM notifications WHERE id = $1', [ruleId]);
    expect(stored.rows[0]?.custom_services[0]?.url).toMatch(ENCRYPTED);
    expect(stored.rows[0]?.custom_services[0]?.connection).toBe(
      'connection://default/slack-incidents',
    );
    expect(stored.rows[0]?.properties.webhook).toMatch(ENCRYPTED);
    expect(stored.rows[0]?.properties.colour).toBe('red');
    for (const relation of ['notifications', 'notifications_summary']) {
      const read = await as('admin', `/api/db/${relation}?id=eq.${ruleId}&select=custom_services`);
      const text = await read.text();
      expect(read.status, relation).toBe(200);
      expect(text).not.toContain('xoxb');
      expect(text).not.toContain('enc:v1:');
      const rows = JSON.parse(text) as { custom_services: { url: string }[] }[];
      expect(rows[0]?.custom_services[0]?.url).toBe('***');
    }
    // Sent back masked: the service URL stays.
    const back = await as('admin', `/api/db/notifications?id=eq.${ruleId}`, {
      method: 'PATCH',
      headers: JSON_HEADERS,
      body: JSON.stringify({ custom_services: [{ ...services[0], url: '***' }] }),
    });
    expect(back.status).toBe(204);
    const kept = await db.query<{ url: string }>(
      `SELECT custom_services -> 0 ->> 'url' AS url FROM notifications WHERE id = $1`,
      [ruleId],
    );
    expect(decryptSecret(ring, kept.rows[0]!.url)).toBe('slack://xoxb-123@alerts');
  });
});

describe('the start-up step', () => {
  it('encrypts values stored plain, keeps updated_at, and is idempotent', async () => {
    await db.query(
      `INSERT INTO connections (name, type, url, username, password, certificate, properties, updated_at)
       VALUES ('legacy', 'postgres', 'postgres://app:pw@db/app', 'app', 'pw', '-----BEGIN CERT-----',
               '{"apiKey": "k-123", "region": "eu"}', '2024-01-02T03:04:05Z')`,
    );
    const before = await raw('legacy');
    expect(before.password).toBe('pw');
    const lines: string[] = [];
    await openSecrets(db, undefined, (line) => lines.push(line));
    const after = await raw('legacy');
    for (const value of [
      after.url,
      after.username,
      after.password,
      after.certificate,
      after.properties?.apiKey,
    ]) {
      expect(value).toMatch(ENCRYPTED);
    }
    expect(after.properties?.region).toBe('eu');
    expect(after.updated_at).toBe(before.updated_at);
    expect(lines.some((line) => line.includes('VIGIL_SECRET_KEY'))).toBe(true);
    expect(lines.some((line) => /encrypted \d+ secret/.test(line))).toBe(true);
    expect(decryptSecret(ring, after.url!)).toBe('postgres://app:pw@db/app');
    // Second run: nothing left to do.
    expect(await sealStoredSecrets(db, ring)).toEqual({ sealed: 0, rekeyed: 0, unreadable: 0 });
  });

  it('with VIGIL_SECRET_KEY, values under the database key are encrypted again with it', async () => {
    const key = randomBytes(32);
    const lines: string[] = [];
    const secrets = await openSecrets(db, key, (line) => lines.push(line));
    const envRing = await secrets.keyring();
    expect(envRing.source).toBe('env');
    expect(lines.some((line) => /again with the current key/.test(line))).toBe(true);
    const ledger = await raw('ledger-postgres');
    expect(ledger.password?.startsWith(`enc:v1:${envRing.primary.id}:`)).toBe(true);
    expect(decryptSecret(keyringOf(key), ledger.username!)).toBe('vigil_ro');
    expect(await sealStoredSecrets(db, envRing)).toEqual({ sealed: 0, rekeyed: 0, unreadable: 0 });
    // A server without the key cannot read them, and says so instead of failing.
    expect((await sealStoredSecrets(db, ring)).unreadable).toBeGreaterThan(0);
    // Back to the database key for the rest of the suite.
    await sealStoredSecrets(db, {
      ...envRing,
      primary: ring.primary,
      keys: [ring.primary, envRing.primary],
    });
  });
});
