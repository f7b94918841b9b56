/**
 * Per-request costs of the API (issue 18): who the caller is comes from a short-lived cache
 * (server/src/auth/caller-cache.ts) that every write to the tables it is made of empties — a role
 * change, a sign-out, a deleted person or token take effect on the very next request — and small
 * bodies are sent uncompressed (server/src/http/compress.ts).
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { createAccessToken } from '../src/auth/access-tokens';
import { CallerCache } from '../src/auth/caller-cache';
import type { DbEngine } from '../src/routes/db';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import { buildApp, openTestDb, requester, signInDemoAccounts, type TestApp } from './fixtures/app';
import { statementsDuring } from './fixtures/statements';

/** An engine that answers a body of `size` bytes (to see what compression does with it). */
const sizedEngine: DbEngine = {
  async handle(req, authorize) {
    const denied = authorize([{ relation: 'canaries', action: 'read', method: 'GET', root: true }]);
    if (denied) return denied;
    const size = Number(new URLSearchParams(req.rawQuery).get('size') ?? '10');
    const body = JSON.stringify([{ name: 'x'.repeat(Math.max(0, size - 13)) }]);
    return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
  },
};

let db: Db;
let basic: TestApp;
let none: TestApp;
let sessions: Map<string, string>;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  basic = buildApp(db, { auth: 'basic' }, sizedEngine);
  none = buildApp(db, { auth: 'none' }, sizedEngine);
  sessions = await signInDemoAccounts(basic.app);
}, 120_000);
afterAll(async () => db?.close());

const roleOf = async (app: TestApp, init: RequestInit = {}) => {
  const response = await app.app.request('/api/auth/whoami', init);
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { payload: { roles: string[] } }).payload.roles.join(',');
};

describe('the caller cache', () => {
  it('answers a repeated request without reading the session and roles again', async () => {
    const as = requester(basic.app, sessions);
    expect((await as('viewer', '/api/db/canaries')).status).toBe(200);
    const statements = await statementsDuring(db, async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await as('viewer', '/api/db/canaries')).status).toBe(200);
    });
    expect(statements).toEqual([]);
  });

  it('sees a role change made with SQL on the next request', async () => {
    const cookie = sessions.get('viewer')!;
    const headers = { cookie };
    expect(await roleOf(basic, { headers })).toBe('viewer');
    const viewer = DEMO_ACCOUNTS.find((account) => account.role === 'viewer')!;
    const person = await db.query<{ id: string }>(
      'SELECT identity_id AS id FROM vigil_accounts WHERE username = $1',
      [viewer.username],
    );
    const id = person.rows[0]!.id;
    await db.query(`UPDATE casbin_rule SET v1 = 'editor' WHERE ptype = 'g' AND v0 = $1`, [id]);
    try {
      expect(await roleOf(basic, { headers })).toBe('editor');
    } finally {
      await db.query(`UPDATE casbin_rule SET v1 = 'viewer' WHERE ptype = 'g' AND v0 = $1`, [id]);
    }
    expect(await roleOf(basic, { headers })).toBe('viewer');
  });

  it('refuses a session the moment it is deleted, and an access token the moment it is revoked', async () => {
    const session = await basic.app.request('/api/auth/whoami', {
      headers: { cookie: sessions.get('responder')! },
    });
    expect(session.status).toBe(200);
    const responder = DEMO_ACCOUNTS.find((account) => account.role === 'responder')!;
    const person = await db.query<{ id: string }>(
      'SELECT identity_id AS id FROM vigil_accounts WHERE username = $1',
      [responder.username],
    );
    const id = person.rows[0]!.id;
    const token = await createAccessToken(db, id, 'perf-cache', undefined);
    const bearer = { authorization: `Bearer ${token}` };
    expect(await roleOf(basic, { headers: bearer })).toBe('responder');
    expect(await roleOf(basic, { headers: bearer })).toBe('responder');
    await db.query('DELETE FROM access_tokens WHERE person_id = $1 AND name = $2', [
      id,
      'perf-cache',
    ]);
    expect(await roleOf(basic, { headers: bearer })).toBe(401);

    await db.query('DELETE FROM vigil_sessions WHERE identity_id = $1', [id]);
    expect(await roleOf(basic, { headers: { cookie: sessions.get('responder')! } })).toBe(401);
  });

  it('VIGIL_AUTH=none: the configured caller is cached and follows a change of roles', async () => {
    const before = await roleOf(none);
    expect(before).toBe('admin');
    const statements = await statementsDuring(db, () => roleOf(none));
    expect(statements).toEqual([]);
    const admin = await db.query<{ id: string }>(
      `SELECT v0 AS id FROM casbin_rule WHERE ptype = 'g' AND v1 = 'admin' ORDER BY v0`,
    );
    // The first admin by creation is the caller; taking admin from everyone changes who it is.
    const ids = admin.rows.map((row) => row.id);
    await db.query(`UPDATE casbin_rule SET v1 = 'viewer' WHERE ptype = 'g' AND v1 = 'admin'`);
    try {
      expect(await roleOf(none)).not.toBe('admin');
    } finally {
      await db.query(
        `UPDATE casbin_rule SET v1 = 'admin' WHERE ptype = 'g' AND v0 = ANY($1::text[]) AND v1 = 'viewer'`,
        [ids],
      );
    }
    expect(await roleOf(none)).toBe('admin');
  });

  it('keeps nothing past its time to live or an entry past its own expiry', async () => {
    const cache = new CallerCache({ ttlMs: 40 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { value: loads, keep: true };
    };
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.get('k', load)).toBe(2);
    expect(
      await cache.get('short', async () => ({ value: 'a', keep: true, until: Date.now() - 1 })),
    ).toBe('a');
    expect(cache.size).toBe(1);
    // A lookup under way when the cache is emptied does not store what it found.
    const slow = cache.get('late', async () => {
      cache.invalidate();
      return { value: 'stale', keep: true };
    });
    expect(await slow).toBe('stale');
    expect(cache.size).toBe(0);
  });
});

describe('compression of API bodies', () => {
  const get = (size: number) =>
    requester(basic.app, sessions)('viewer', `/api/db/canaries?size=${size}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });

  it('sends a body under 1 KB as it is, with its length', async () => {
    const response = await get(300);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toHaveLength(1);
  });

  it('gzips a larger body, with a weak ETag', async () => {
    const response = await get(20_000);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toMatch(/^W\//);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(2_000);
    const body = JSON.parse(gunzipSync(bytes).toString('utf8')) as { name: string }[];
    expect(body[0]?.name).toHaveLength(20_000 - 13);
    // Without Accept-Encoding: as it is.
    const plain = await requester(basic.app, sessions)('viewer', '/api/db/canaries?size=20000');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBe(20_000);
  });
});
