import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import { buildApp, login, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  for (const account of DEMO_ACCOUNTS)
    cookies.set(account.role, await login(t.app, account.username, account.password));
});
afterAll(async () => db.close());

function as(role: string, path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(
    t.app.request(path, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.headers as Record<string, string>),
        Cookie: cookies.get(role) ?? '',
      },
    }),
  );
}

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
