/**
 * The caller cache (server/src/auth/caller-cache.ts) on a PostgreSQL that two instances share:
 * two apps, each on its own pool of one real PostgreSQL (as two server processes would be). A
 * role change or a sign-out made through instance A reaches instance B's very next request
 * (migration 0031's triggers notify `vigil_caller_cache`, B listens and empties its cache), and
 * while B's listening connection is lost its cache is off (every request reads the database) until
 * it listens again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { DEMO_ACCOUNTS, seedDemo } from '../src/seed/demo';
import { buildApp, login, requester, type TestApp } from './fixtures/app';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';
import { statementsDuring } from './fixtures/statements';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function rolesOf(app: TestApp, cookie: string): Promise<string | number> {
  const response = await app.app.request('/api/auth/whoami', { headers: { cookie } });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { payload: { roles: string[] } }).payload.roles
    .slice()
    .sort()
    .join(',');
}

/** Until a repeated whoami on `app` is answered from its cache (its listener is up). */
async function untilCached(app: TestApp, cookie: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await rolesOf(app, cookie);
    if ((await statementsDuring(app.db, () => rolesOf(app, cookie))).length === 0) return;
    await sleep(20);
  }
  throw new Error('the caller cache did not come on');
}

describe.skipIf(!postgresAvailable)('the caller cache across two instances on PostgreSQL', () => {
  let server: PostgresServer;
  let dbA: Db;
  let dbB: Db;
  let admin: Db;
  let a: TestApp;
  let b: TestApp;
  const states: boolean[] = [];

  beforeAll(async () => {
    server = await startPostgres();
    admin = await openPostgres(server.connectionString);
    await migrate(admin);
    await seedDemo(admin);
    dbA = await openPostgres(server.connectionString);
    dbB = await openPostgres(server.connectionString);
    // What B's cache is told about its listening connection (passed on as it is).
    const listen = dbB.listen!.bind(dbB);
    dbB.listen = (channel, handlers) =>
      listen(channel, {
        notify: handlers.notify,
        state: (listening) => {
          states.push(listening);
          handlers.state(listening);
        },
      });
    a = buildApp(dbA, { auth: 'basic' });
    b = buildApp(dbB, { auth: 'basic' });
  }, 120_000);

  afterAll(async () => {
    await dbA?.close();
    await dbB?.close();
    await admin?.close();
    await server?.stop();
  });

  const account = (role: string) => DEMO_ACCOUNTS.find((entry) => entry.role === role)!;

  it('sees a role given on instance A on instance B’s very next request', async () => {
    const adminCookie = await login(a.app, account('admin').username, account('admin').password);
    const viewer = account('viewer');
    const cookie = await login(a.app, viewer.username, viewer.password);
    await untilCached(b, cookie);
    expect(await rolesOf(b, cookie)).toBe('viewer');
    const person = await admin.query<{ id: string }>(
      'SELECT identity_id AS id FROM vigil_accounts WHERE username = $1',
      [viewer.username],
    );
    const id = person.rows[0]!.id;
    try {
      const given = await requester(a.app, new Map([['admin', adminCookie]]))(
        'admin',
        `/api/rbac/${id}/update_role`,
        { method: 'POST', body: JSON.stringify({ roles: ['editor'] }) },
      );
      expect(given.status, await given.clone().text()).toBe(200);
      expect(await rolesOf(b, cookie)).toBe('editor,viewer');
    } finally {
      await admin.query(`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = 'editor'`, [
        id,
      ]);
    }
    // A change made with SQL by another process (no instance's own write) as well.
    await untilCached(b, cookie);
    expect(await rolesOf(b, cookie)).toBe('viewer');
    await admin.query(`UPDATE people SET deleted_at = now() WHERE id = $1`, [id]);
    try {
      expect(await rolesOf(b, cookie)).toBe(401);
    } finally {
      await admin.query(`UPDATE people SET deleted_at = NULL WHERE id = $1`, [id]);
    }
  });

  it('refuses on instance B a session signed out on instance A, on the very next request', async () => {
    const responder = account('responder');
    const cookie = await login(a.app, responder.username, responder.password);
    await untilCached(b, cookie);
    expect(await rolesOf(b, cookie)).toBe('responder');
    const flow = await a.app.request('/api/kratos/self-service/logout/browser', {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(flow.status).toBe(200);
    const { logout_token: token } = (await flow.json()) as { logout_token: string };
    const ended = await a.app.request(`/api/kratos/self-service/logout?token=${token}`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(ended.status).toBe(204);
    expect(await rolesOf(b, cookie)).toBe(401);
    expect(await rolesOf(a, cookie)).toBe(401);
  });

  it('is off while its listening connection is lost, and on again once it listens', async () => {
    const editor = account('editor');
    const cookie = await login(a.app, editor.username, editor.password);
    await untilCached(b, cookie);
    const before = states.length;
    // Ends every instance's listening connection (server/src/db/listen.ts names them).
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'vigil-listen'`,
    );
    const deadline = Date.now() + 10_000;
    while (!states.slice(before).includes(false) && Date.now() < deadline) await sleep(5);
    expect(states.slice(before)).toContain(false);
    if (states.at(-1) === false) {
      // Off: the same request reads the session again.
      expect((await statementsDuring(dbB, () => rolesOf(b, cookie))).length).toBeGreaterThan(0);
    }
    // A role given while B may not be listening is seen all the same.
    const person = await admin.query<{ id: string }>(
      'SELECT identity_id AS id FROM vigil_accounts WHERE username = $1',
      [editor.username],
    );
    const id = person.rows[0]!.id;
    await admin.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'responder')`, [
      id,
    ]);
    try {
      expect(await rolesOf(b, cookie)).toBe('editor,responder');
      // It listens again (a new connection) and caches again.
      await untilCached(b, cookie);
      expect(states.at(-1)).toBe(true);
      expect(await rolesOf(b, cookie)).toBe('editor,responder');
    } finally {
      await admin.query(
        `DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1 AND v1 = 'responder'`,
        [id],
      );
    }
    expect(await rolesOf(b, cookie)).toBe('editor');
  });
});
