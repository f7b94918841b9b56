import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import type { DbEngine } from '../src/routes/db';
import type { DbRequest, RelationAccess } from '../src/postgrest/types';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import {
  buildApp,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

/**
 * A stand-in for the PostgREST engine: it reports the root relation (and an embed named in the
 * `embed` query parameter) to the authorize callback, as the engine does after parsing.
 */
const requests: DbRequest[] = [];
const fakeEngine: DbEngine = {
  async handle(req, authorize) {
    requests.push(req);
    const write = req.method !== 'GET' && req.method !== 'HEAD';
    const accesses: RelationAccess[] = [
      { relation: req.path, action: write ? 'write' : 'read', method: req.method, root: true },
    ];
    const embed = new URLSearchParams(req.rawQuery).get('embed');
    if (embed) accesses.push({ relation: embed, action: 'read', method: req.method, root: false });
    const denied = authorize(accesses);
    if (denied) return denied;
    return { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' };
  },
};

let db: Db;
let t: TestApp;
let as: Requester;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, fakeEngine);
  as = requester(t.app, await signInDemoAccounts(t.app));
});
afterAll(async () => db.close());

describe('RBAC on /api/db', () => {
  it('401 plain text without a session', async () => {
    const response = await t.app.request('/api/db/canaries');
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Not logged in');
  });

  it('viewer reads canaries but gets 403 with X-Rbac-* headers on writes', async () => {
    expect((await as('viewer', '/api/db/canaries?select=id')).status).toBe(200);
    const response = await as('viewer', '/api/db/canaries', {
      method: 'POST',
      body: '{"name":"x"}',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('unauthorized. Access Denied');
    expect(response.headers.get('x-rbac-object')).toBe('canaries');
    expect(response.headers.get('x-rbac-action')).toBe('write');
    expect(response.headers.get('x-rbac-subject')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('editor reads connections-class relations but cannot write connections or people', async () => {
    expect((await as('editor', '/api/db/connections')).status).toBe(200);
    const connections = await as('editor', '/api/db/connections', { method: 'POST', body: '{}' });
    expect(connections.status).toBe(403);
    expect(connections.headers.get('x-rbac-object')).toBe('connections');
    const people = await as('editor', '/api/db/people?id=eq.x', { method: 'PATCH', body: '{}' });
    expect(people.status).toBe(403);
    expect(people.headers.get('x-rbac-object')).toBe('identities');
    expect((await as('editor', '/api/db/teams', { method: 'POST', body: '{}' })).status).toBe(200);
  });

  it('viewer cannot read rbac relations; admin can', async () => {
    expect((await as('viewer', '/api/db/access_tokens')).status).toBe(403);
    expect((await as('admin', '/api/db/access_tokens')).status).toBe(200);
  });

  it('an embedded relation needs read too', async () => {
    const response = await as('responder', '/api/db/incidents?embed=identities');
    expect(response.status).toBe(403);
    expect(response.headers.get('x-rbac-object')).toBe('identities');
  });

  it('unexposed relations are 404 (root) and unresolvable embeds 400, for every role', async () => {
    for (const relation of ['vigil_accounts', 'vigil_sessions', 'schema_migrations', 'nope']) {
      const response = await as('admin', `/api/db/${relation}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('42P01');
    }
    expect((await as('admin', '/api/db/people?embed=vigil_accounts')).status).toBe(400);
  });

  it('writes to views or with methods a relation does not take are 405', async () => {
    expect(
      (await as('admin', '/api/db/check_summary', { method: 'POST', body: '{}' })).status,
    ).toBe(405);
    expect((await as('admin', '/api/db/agents', { method: 'POST', body: '{}' })).status).toBe(405);
    expect(
      (await as('admin', '/api/db/agents?id=eq.x', { method: 'PATCH', body: '{}' })).status,
    ).toBe(200);
    expect((await as('admin', '/api/db/canaries', { method: 'PUT', body: '{}' })).status).toBe(405);
  });

  it('passes method, path, raw query, lower-cased headers and body to the engine', async () => {
    requests.length = 0;
    await as('admin', '/api/db/teams?select=id,name&name=eq.A%20B', {
      method: 'POST',
      headers: { Prefer: 'return=representation', 'Content-Type': 'application/json' },
      body: '{"name":"A B"}',
    });
    const request = requests[0];
    expect(request).toMatchObject({
      method: 'POST',
      path: 'teams',
      rawQuery: 'select=id,name&name=eq.A%20B',
      body: '{"name":"A B"}',
    });
    expect(request?.headers.prefer).toBe('return=representation');
  });
});

describe('RBAC on other routes', () => {
  it('run check: responder allowed, viewer 403, unknown id 404', async () => {
    const check = await db.query<{ id: string }>('SELECT id FROM checks LIMIT 1');
    const id = check.rows[0]?.id ?? '';
    expect((await as('responder', `/api/canary/run/check/${id}`, { method: 'POST' })).status).toBe(
      200,
    );
    const viewer = await as('viewer', `/api/canary/run/check/${id}`, { method: 'POST' });
    expect(viewer.status).toBe(403);
    expect(viewer.headers.get('x-rbac-object')).toBe('canaries');
    const unknown = await as(
      'admin',
      '/api/canary/run/check/00000000-0000-0000-0000-00000000abcd',
      { method: 'POST' },
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'check (00000000-0000-0000-0000-00000000abcd) was not found',
    });
  });

  it('summary needs a session; every role may read it', async () => {
    expect((await t.app.request('/api/canary/api/summary')).status).toBe(401);
    for (const account of DEMO_ACCOUNTS)
      expect((await as(account.role, '/api/canary/api/summary')).status).toBe(200);
  });

  it('properties, whoami and kubeconfig need a signed-in user', async () => {
    for (const path of ['/api/properties', '/api/auth/whoami', '/api/kubeconfig']) {
      expect((await t.app.request(path)).status).toBe(401);
      expect((await as('viewer', path)).status).toBe(200);
    }
  });

  it('kubeconfig is a YAML attachment with a fresh token', async () => {
    const response = await as('viewer', '/api/kubeconfig');
    expect(response.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename=vigil-kubeconfig.yaml',
    );
    const text = await response.text();
    expect(text).toContain('server: "http://localhost/kubeproxy"');
    const token = /password: "([^"]+)"/.exec(text)?.[1] ?? '';
    expect(
      (await t.app.request('/api/auth/whoami', { headers: { Authorization: `Bearer ${token}` } }))
        .status,
    ).toBe(200);
  });

  it('unknown /api paths are 404 JSON', async () => {
    const response = await as('admin', '/api/nope/deeper');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'not found' });
  });
});

describe('VIGIL_AUTH=none', () => {
  it('every caller is the first admin', async () => {
    const open = buildApp(db, { auth: 'none' }, fakeEngine);
    const whoami = await open.app.request('/api/auth/whoami');
    expect(whoami.status).toBe(200);
    const body = (await whoami.json()) as { payload: { user: { email: string }; roles: string[] } };
    expect(body.payload.user.email).toBe('admin@vigil.local');
    expect(body.payload.roles).toEqual(['admin']);
    expect((await open.app.request('/api/db/access_tokens')).status).toBe(200);
    // The Kratos session check answers as after a sign-in (docs/compatibility.md).
    const session = await open.app.request('/api/kratos/sessions/whoami');
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({
      active: true,
      identity: { id: expect.any(String) },
    });
  });
});
