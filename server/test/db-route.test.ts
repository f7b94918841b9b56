import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import {
  buildApp,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

let db: Db;
let t: TestApp;
let as: Requester;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  as = requester(t.app, await signInDemoAccounts(t.app));
});
afterAll(async () => db.close());

describe('/api/db through the PostgREST engine', () => {
  it('people_roles?id=in.(...) returns id, name, email and roles', async () => {
    const people = await db.query<{ id: string; email: string }>(
      `SELECT id, email FROM people WHERE email LIKE '%@vigil.local' ORDER BY email`,
    );
    const ids = people.rows.map((row) => row.id).join(',');
    const response = await as('viewer', `/api/db/people_roles?id=in.(${ids})&order=email.asc`);
    expect(response.status).toBe(200);
    const rows = (await response.json()) as {
      id: string;
      name: string;
      email: string;
      roles: string[];
    }[];
    expect(rows.map((row) => [row.email, row.roles])).toEqual([
      ['admin@vigil.local', ['admin']],
      ['commander@vigil.local', ['commander']],
      ['editor@vigil.local', ['editor']],
      ['responder@vigil.local', ['responder']],
      ['viewer@vigil.local', ['viewer']],
    ]);
    expect(Object.keys(rows[0] ?? {})).toEqual(['id', 'name', 'email', 'roles']);
  });

  it('viewer reads checks with an embedded canary; writes are 403', async () => {
    const read = await as(
      'viewer',
      '/api/db/checks?select=id,name,canaries!checks_canary_id_fkey(name)&limit=2',
    );
    expect(read.status).toBe(200);
    const rows = (await read.json()) as { canaries: { name: string } }[];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.canaries.name).toBeTruthy();
    const write = await as('viewer', '/api/db/properties', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"x","value":"y"}',
    });
    expect(write.status).toBe(403);
    expect(write.headers.get('x-rbac-object')).toBe('feature_flags');
  });

  it('admin writes a property that GET /api/properties then lists', async () => {
    const write = await as('admin', '/api/db/properties', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: '{"name":"topology.disable","value":"true"}',
    });
    expect(write.status).toBe(201);
    const list = (await (await as('viewer', '/api/properties')).json()) as {
      name: string;
      source: string;
    }[];
    expect(list).toContainEqual(
      expect.objectContaining({ name: 'topology.disable', source: 'db' }),
    );
  });

  it('server-side relations are not exposed, even to admins', async () => {
    for (const relation of [
      'vigil_accounts',
      'vigil_sessions',
      'vigil_flows',
      'schema_migrations',
    ]) {
      expect((await as('admin', `/api/db/${relation}`)).status, relation).toBe(404);
    }
    const tokens = await as('viewer', '/api/db/access_tokens');
    expect(tokens.status).toBe(403);
  });

  it('a bad JSON body is a 4xx, never a 500', async () => {
    const response = await as('admin', '/api/db/teams', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{oops',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe('/api/db: PostgREST features through the route', () => {
  it('CSV, HEAD, single object and 406 reach the client with their content types', async () => {
    const csv = await as('viewer', '/api/db/people?select=name,email&order=email.asc&limit=2', {
      headers: { Accept: 'text/csv' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((await csv.text()).split('\n')[0]).toBe('name,email');
    const head = await as('viewer', '/api/db/people?limit=1', {
      method: 'HEAD',
      headers: { Prefer: 'count=exact' },
    });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    expect(await head.text()).toBe('');
    const none = await as('viewer', '/api/db/people?limit=1', {
      headers: { Accept: 'application/xml' },
    });
    expect(none.status).toBe(406);
    expect(await none.json()).toMatchObject({ code: 'PGRST107' });
    const many = await as('viewer', '/api/db/people', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(many.status).toBe(406);
  });

  it('an upsert needs write and a relation that takes PATCH as well as POST', async () => {
    const init = {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Prefer: 'return=representation, resolution=merge-duplicates',
      },
      body: '{"name":"upsert.route","value":"1"}',
    };
    expect((await as('viewer', '/api/db/properties', init)).status).toBe(403);
    const first = await as('editor', '/api/db/properties', init);
    expect(first.status).toBe(201);
    const again = await as('editor', '/api/db/properties', {
      ...init,
      body: '{"name":"upsert.route","value":"2"}',
    });
    expect(again.status).toBe(200); // PostgREST 12: an upsert that only updated is 200
    expect(await again.json()).toMatchObject([{ name: 'upsert.route', value: '2' }]);
    expect(again.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, return=representation',
    );
    // agents takes PATCH only: an insert (upsert or not) is refused.
    const agents = await as('admin', '/api/db/agents', { ...init, body: '{"name":"x"}' });
    expect(agents.status).toBe(405);
    await as('editor', '/api/db/properties?name=eq.upsert.route', { method: 'DELETE' });
  });

  it('RPC over GET and POST: a stable function is a read for both methods', async () => {
    const config = await db.query<{ id: string }>('SELECT id FROM config_items LIMIT 1');
    const id = config.rows[0]?.id ?? '00000000-0000-0000-0000-000000000000';
    const get = await as(
      'viewer',
      `/api/db/rpc/related_configs_recursive?config_id=${id}&max_depth=2`,
    );
    expect(get.status).toBe(200);
    const post = await as('viewer', '/api/db/rpc/related_configs_recursive', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ config_id: id, max_depth: 2 }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toEqual(await get.json());
    // A function outside the relation map does not exist for /db.
    expect((await as('admin', '/api/db/rpc/delete_person')).status).toBe(404);
  });

  it('unauthenticated requests are 401 plain text', async () => {
    const response = await t.app.request('/api/db/people');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

describe('/api/db with access tokens', () => {
  async function person(name: string, type: string, roles: string[]): Promise<string> {
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO people (name, email, type) VALUES ($1, $2, $3) RETURNING id`,
      [name, `${name}@local`, type],
    );
    const id = inserted.rows[0]?.id ?? '';
    for (const role of roles) {
      await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [id, role]);
    }
    return id;
  }

  function withToken(token: string, path: string, init: RequestInit = {}, basic = true) {
    const authorization = basic
      ? `Basic ${Buffer.from(`token:${token}`).toString('base64')}`
      : `Bearer ${token}`;
    return Promise.resolve(
      t.app.request(path, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: authorization },
      }),
    );
  }

  it("an agent's token touches no /db relation, read or write (403 with X-Rbac-*)", async () => {
    const agent = await person('agent-route-test', 'agent', ['agent']);
    const token = await createAccessToken(db, agent, 'default', undefined);
    for (const basic of [true, false]) {
      const read = await withToken(token, '/api/db/checks?limit=1', {}, basic);
      expect(read.status).toBe(403);
      expect(read.headers.get('x-rbac-subject')).toBe(agent);
      expect(read.headers.get('x-rbac-object')).toBe('canaries');
      expect(read.headers.get('x-rbac-action')).toBe('read');
    }
    for (const relation of ['people', 'agents', 'configs', 'properties', 'access_tokens']) {
      expect((await withToken(token, `/api/db/${relation}`)).status, relation).toBe(403);
    }
    const write = await withToken(token, `/api/db/agents?id=eq.${agent}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"properties":{}}',
    });
    expect(write.status).toBe(403);
    // Unknown relations stay 404 (the map is checked first).
    expect((await withToken(token, '/api/db/vigil_accounts')).status).toBe(404);
    // An agent-type person with a user role is still an agent principal.
    const promoted = await person('agent-route-admin', 'agent', ['agent', 'admin']);
    const promotedToken = await createAccessToken(db, promoted, 'default', undefined);
    expect((await withToken(promotedToken, '/api/db/checks?limit=1')).status).toBe(403);
  });

  it("a user's token has that user's permissions", async () => {
    const viewer = await person('token-viewer', 'user', ['viewer']);
    const token = await createAccessToken(db, viewer, 'script', undefined);
    expect((await withToken(token, '/api/db/checks?limit=1')).status).toBe(200);
    expect((await withToken(token, '/api/db/connections')).status).toBe(403);
    const write = await withToken(token, '/api/db/properties', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"x","value":"y"}',
    });
    expect(write.status).toBe(403);
    expect((await withToken('vgl_not-a-token', '/api/db/checks')).status).toBe(401);
  });
});

describe('/db limits from the configuration', () => {
  it('VIGIL_MAX_ROWS (default 2000) and VIGIL_STATEMENT_TIMEOUT_MS (30 s on PostgreSQL, off on PGlite)', () => {
    expect(loadConfig({})).toMatchObject({ maxRows: 2000, statementTimeoutMs: undefined });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@y/z' }).statementTimeoutMs).toBe(30_000);
    expect(loadConfig({ VIGIL_MAX_ROWS: '50', VIGIL_STATEMENT_TIMEOUT_MS: '1500' })).toMatchObject({
      maxRows: 50,
      statementTimeoutMs: 1500,
    });
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@y/z', VIGIL_STATEMENT_TIMEOUT_MS: '0' })
        .statementTimeoutMs,
    ).toBeUndefined();
    for (const [key, value] of [
      ['VIGIL_MAX_ROWS', '0'],
      ['VIGIL_MAX_ROWS', 'many'],
      ['VIGIL_MAX_ROWS', '-5'],
      ['VIGIL_STATEMENT_TIMEOUT_MS', '1.5'],
      ['VIGIL_STATEMENT_TIMEOUT_MS', '99999999999'],
    ] as const) {
      expect(() => loadConfig({ [key]: value }), `${key}=${value}`).toThrow(ConfigError);
    }
  });
});
