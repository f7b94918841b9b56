/**
 * `/api/embed-tokens` (docs/embed-tokens.md): admins mint, list and revoke scoped embed tokens;
 * only the hash of a token's secret is stored; unknown, expired and revoked tokens get 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedEmbedToken, EmbedToken } from '../../src/api/types';
import type { Db } from '../src/db/types';
import { parseEmbedToken } from '../src/embed/tokens';
import { createEngine } from '../src/postgrest/engine';
import { parseCreateEmbedToken } from '../src/routes/embed-tokens';
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
let cookies = new Map<string, string>();
let as: Requester;
let checkId = '';
let otherCheckId = '';

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  cookies = await signInDemoAccounts(t.app, ['admin', 'editor', 'viewer']);
  as = requester(t.app, cookies);
  const checks = await db.query<{ id: string }>(
    'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY id LIMIT 2',
  );
  checkId = checks.rows[0]?.id ?? '';
  otherCheckId = checks.rows[1]?.id ?? '';
});
afterAll(async () => db.close());

const JSON_TYPE = { 'Content-Type': 'application/json' };

function create(body: unknown, role: string | null = 'admin'): Promise<Response> {
  return as(role, '/api/embed-tokens', {
    method: 'POST',
    headers: JSON_TYPE,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function mint(body: Record<string, unknown> = {}): Promise<CreatedEmbedToken> {
  const response = await create({
    name: 'wiki',
    scope: { checks: [checkId] },
    expires_in: '1h',
    ...body,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as CreatedEmbedToken;
}

function withToken(token: string, path = '/api/canary/api/summary', init: RequestInit = {}) {
  return Promise.resolve(
    t.app.request(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
    }),
  );
}

describe('admin API: who may use it', () => {
  it('401 without a session, 403 for editors and viewers, on every method', async () => {
    expect((await as(null, '/api/embed-tokens')).status).toBe(401);
    expect((await create({ name: 'x' }, null)).status).toBe(401);
    for (const role of ['editor', 'viewer']) {
      const list = await as(role, '/api/embed-tokens');
      expect(list.status).toBe(403);
      expect(await list.text()).toBe('unauthorized. Access Denied');
      expect(list.headers.get('x-rbac-object')).toBe('embed_tokens');
      const posted = await create(
        { name: 'x', scope: { checks: [checkId] }, expires_in: '1h' },
        role,
      );
      expect(posted.status).toBe(403);
      expect(posted.headers.get('x-rbac-action')).toBe('write');
      const revoked = await as(role, `/api/embed-tokens/${checkId}`, { method: 'DELETE' });
      expect(revoked.status).toBe(403);
    }
    // Nothing was created by the refused calls.
    const rows = await db.query('SELECT 1 FROM vigil_embed_tokens WHERE name = $1', ['x']);
    expect(rows.rows).toHaveLength(0);
  });

  it('an embed token cannot mint, list or revoke embed tokens', async () => {
    const created = await mint();
    expect((await withToken(created.token, '/api/embed-tokens')).status).toBe(403);
    const posted = await withToken(created.token, '/api/embed-tokens', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ name: 'y', scope: { checks: [checkId] }, expires_in: '1h' }),
    });
    expect(posted.status).toBe(403);
    const revoked = await withToken(created.token, `/api/embed-tokens/${created.id}`, {
      method: 'DELETE',
    });
    expect(revoked.status).toBe(403);
    expect((await withToken(created.token)).status).toBe(200);
  });
});

describe('admin API: create', () => {
  it('returns the token once, stores only the hash of its secret, and normalises the scope', async () => {
    const upper = checkId.toUpperCase();
    const before = Date.now();
    const response = await create({
      name: '  Payments wiki  ',
      scope: { checks: [upper, checkId], check_labels: { team: 'payments' } },
      expires_in: '7d',
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as CreatedEmbedToken;
    expect(body.token).toMatch(/^vgl_embed_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/);
    expect(body).toMatchObject({
      name: 'Payments wiki',
      status: 'active',
      scope: { checks: [checkId], check_labels: { team: 'payments' } },
      revoked_at: null,
      last_used_at: null,
      created_by: { name: 'Ada Admin' },
    });
    const ttl = Date.parse(body.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(7 * 86_400_000 + 5000);
    expect(parseEmbedToken(body.token)?.id).toBe(body.id);

    const stored = await db.query<Record<string, unknown>>(
      'SELECT * FROM vigil_embed_tokens WHERE id = $1',
      [body.id],
    );
    const row = JSON.stringify(stored.rows[0]);
    const secret = parseEmbedToken(body.token)?.secret ?? '';
    expect(row).not.toContain(secret);
    expect(row).not.toContain(body.token);
    expect(stored.rows[0]?.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    // Listing and reading never show the token again.
    const list = (await (await as('admin', '/api/embed-tokens')).json()) as EmbedToken[];
    const listed = list.find((token) => token.id === body.id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(Object.keys(listed ?? {})).not.toContain('token');
    const one = await as('admin', `/api/embed-tokens/${body.id}`);
    expect(one.status).toBe(200);
    expect(JSON.stringify(await one.json())).not.toContain(secret);
  });

  it('accepts an absolute expiry', async () => {
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const created = await mint({ expires_in: undefined, expires_at: at });
    expect(created.expires_at).toBe(at);
  });

  // `CHECK` stands for a real check id (known only once the database is seeded).
  const valid = { checks: ['CHECK'] };
  it.each([
    ['not JSON', '{name:', 'invalid request body: not JSON'],
    ['an array', '[]', 'invalid request body: expected a JSON object'],
    ['no name', { scope: valid, expires_in: '1h' }, 'name is required'],
    ['a blank name', { name: '  ', scope: valid, expires_in: '1h' }, 'name is required'],
    ['a long name', { name: 'n'.repeat(256), scope: valid, expires_in: '1h' }, 'at most 255'],
    [
      'an unknown field',
      { name: 'w', scope: valid, expires_in: '1h', role: 'admin' },
      'role is not a field',
    ],
    ['no scope', { name: 'w', expires_in: '1h' }, 'scope is required'],
    ['a scope list', { name: 'w', scope: [], expires_in: '1h' }, 'scope must be an object'],
    ['an empty scope', { name: 'w', scope: {}, expires_in: '1h' }, 'at least one resource'],
    [
      'an unknown scope key',
      { name: 'w', scope: { people: ['x'] }, expires_in: '1h' },
      'scope.people is not a scope key',
    ],
    [
      'a non-uuid id',
      { name: 'w', scope: { checks: ["1' OR 1=1"] }, expires_in: '1h' },
      'scope.checks must contain ids',
    ],
    [
      'ids not in a list',
      { name: 'w', scope: { components: 'abc' }, expires_in: '1h' },
      'scope.components must be an array',
    ],
    [
      'an empty label selector',
      { name: 'w', scope: { check_labels: {} }, expires_in: '1h' },
      'at least one label',
    ],
    [
      'a non-string label',
      { name: 'w', scope: { check_labels: { team: 1 } }, expires_in: '1h' },
      'check_labels.team must be a string',
    ],
    ['no expiry', { name: 'w', scope: valid }, 'exactly one of expires_in'],
    ['a bad duration', { name: 'w', scope: valid, expires_in: 'soon' }, 'expires_in is not'],
    ['a zero duration', { name: 'w', scope: valid, expires_in: '0' }, 'at least a minute'],
    ['more than a year', { name: 'w', scope: valid, expires_in: '400d' }, 'at most 366 days'],
    ['a bad instant', { name: 'w', scope: valid, expires_at: '31/01/2030' }, 'expires_at must be'],
    [
      'an instant in the past',
      { name: 'w', scope: valid, expires_at: '2001-01-01T00:00:00Z' },
      'at least a minute',
    ],
  ])('400 for %s', async (_case, body, message) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const response = await create(text.replaceAll('"CHECK"', JSON.stringify(checkId)));
    expect(response.status).toBe(400);
    const error = ((await response.json()) as { error: string }).error;
    expect(error).toContain(message);
  });

  it('400 for both expiries, 415 for a form post, 422 for an unknown resource', async () => {
    const both = await create({
      name: 'w',
      scope: { checks: [checkId] },
      expires_in: '1h',
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(both.status).toBe(400);
    const form = await as('admin', '/api/embed-tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=w',
    });
    expect(form.status).toBe(415);
    const missing = '0190a0a0-0000-7000-8000-000000000001';
    const unknown = await create({
      name: 'w',
      scope: { checks: [checkId], components: [missing] },
      expires_in: '1h',
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      error: `scope.components: there is no component with id ${missing}`,
    });
  });

  it('parseCreateEmbedToken keeps to the limits', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    const ok = parseCreateEmbedToken(
      JSON.stringify({ name: 'w', scope: { canaries: [checkId] }, expires_in: '366d' }),
      now,
    );
    expect(typeof ok).toBe('object');
    const ids = Array.from({ length: 101 }, () => checkId);
    expect(
      parseCreateEmbedToken(
        JSON.stringify({ name: 'w', scope: { checks: ids }, expires_in: '1h' }),
        now,
      ),
    ).toContain('at most 100 ids');
    // A label key that is also an Object.prototype name stays a plain key.
    const proto = parseCreateEmbedToken(
      '{"name":"w","scope":{"check_labels":{"__proto__":"x"}},"expires_in":"1h"}',
      now,
    );
    expect(typeof proto === 'object' && JSON.stringify(proto.scope.check_labels)).toBe(
      '{"__proto__":"x"}',
    );
  });
});

describe('admin API: list and revoke', () => {
  it('lists newest first with each status, revokes idempotently, 404 for unknown ids', async () => {
    const first = await mint({ name: 'first' });
    const second = await mint({ name: 'second' });
    const list = (await (await as('admin', '/api/embed-tokens')).json()) as EmbedToken[];
    const order = list.map((token) => token.id);
    expect(order.indexOf(second.id)).toBeLessThan(order.indexOf(first.id));

    const revoked = await as('admin', `/api/embed-tokens/${first.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const body = (await revoked.json()) as EmbedToken;
    expect(body.status).toBe('revoked');
    expect(body.revoked_at).not.toBeNull();
    const again = (await (
      await as('admin', `/api/embed-tokens/${first.id}`, { method: 'DELETE' })
    ).json()) as EmbedToken;
    expect(again.revoked_at).toBe(body.revoked_at);

    expect((await as('admin', '/api/embed-tokens/not-a-uuid', { method: 'DELETE' })).status).toBe(
      404,
    );
    expect(
      (await as('admin', `/api/embed-tokens/${otherCheckId}`, { method: 'DELETE' })).status,
    ).toBe(404);
    expect((await as('admin', '/api/embed-tokens/not-a-uuid')).status).toBe(404);
    expect((await as('admin', '/api/embed-tokens', { method: 'PUT' })).status).toBe(405);
  });
});

describe('embed token authentication', () => {
  it('401 Authorization Error for malformed, unknown and wrong-secret tokens', async () => {
    const created = await mint();
    const parts = parseEmbedToken(created.token);
    const wrongSecret = `${created.token.slice(0, -4)}AAAA`;
    const unknownId = created.token.replace(/^vgl_embed_[0-9a-f]{8}/, 'vgl_embed_00000000');
    for (const token of ['vgl_embed_', 'vgl_embed_xyz', wrongSecret, unknownId]) {
      const response = await withToken(token);
      expect(response.status).toBe(401);
      expect(await response.text()).toBe('Authorization Error');
    }
    expect(parts?.secret).toHaveLength(43);
    // The real one works, as a bearer token and as Basic `token:<token>` (api.md §2).
    expect((await withToken(created.token)).status).toBe(200);
    const basic = await t.app.request('/api/canary/api/summary', {
      headers: {
        Authorization: `Basic ${Buffer.from(`token:${created.token}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(200);
  });

  it('401 for a revoked token, immediately', async () => {
    const created = await mint();
    expect((await withToken(created.token)).status).toBe(200);
    await as('admin', `/api/embed-tokens/${created.id}`, { method: 'DELETE' });
    const response = await withToken(created.token);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('embed token has been revoked');
    const db401 = await withToken(created.token, `/api/db/check_statuses?check_id=eq.${checkId}`);
    expect(db401.status).toBe(401);
  });

  it('401 for an expired token, and the list shows it as expired', async () => {
    const created = await mint();
    await db.query(
      `UPDATE vigil_embed_tokens SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 second' WHERE id = $1`,
      [created.id],
    );
    const response = await withToken(created.token);
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('embed token has expired');
    const one = (await (await as('admin', `/api/embed-tokens/${created.id}`)).json()) as EmbedToken;
    expect(one.status).toBe('expired');
  });

  it('a wrong secret never reveals that a token is revoked', async () => {
    const created = await mint();
    await as('admin', `/api/embed-tokens/${created.id}`, { method: 'DELETE' });
    const response = await withToken(`${created.token.slice(0, -4)}AAAA`);
    expect(await response.text()).toBe('Authorization Error');
  });

  it('records when a token was last used', async () => {
    const created = await mint();
    expect(created.last_used_at).toBeNull();
    await withToken(created.token);
    const one = (await (await as('admin', `/api/embed-tokens/${created.id}`)).json()) as EmbedToken;
    expect(one.last_used_at).not.toBeNull();
  });

  it('an embed token is not an access token: a session cookie next to it does not widen it', async () => {
    const created = await mint();
    const response = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: `Bearer ${created.token}`, Cookie: cookies.get('admin') ?? '' },
    });
    expect(response.status).toBe(403);
  });
});
