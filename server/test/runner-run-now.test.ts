/**
 * `POST /api/canary/run/check/{id}` (api.md §3.3) through the app: it runs the check against a
 * real local server, stores the result and answers it; RBAC, 404s and the cases it does not probe.
 * The app's scheduler is off here (testConfig), as in every server test: run-now works without it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
let http: Server;
let base = '';
let hits = 0;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  http = createServer((request, response) => {
    hits += 1;
    if (request.url === '/down') response.statusCode = 500;
    response.end('pong');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' });
  for (const role of ['admin', 'editor', 'commander', 'responder', 'viewer']) {
    const person = await db.query<{ id: string }>(
      `INSERT INTO people (name, email, type) VALUES ($1, $2, 'user') RETURNING id`,
      [role, `${role}@run-now.test`],
    );
    const id = person.rows[0]?.id ?? '';
    await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [id, role]);
    tokens[role] = await createAccessToken(db, id, 'test', undefined);
  }
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec) VALUES ('api', 'prod', $1::jsonb) RETURNING id`,
    [JSON.stringify({ interval: 60 })],
  );
  const canaryId = canary.rows[0]?.id ?? '';
  const add = async (name: string, type: string, spec: Record<string, unknown>): Promise<void> => {
    const row = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, namespace, spec) VALUES ($1, $2, $3, 'prod', $4::jsonb) RETURNING id`,
      [canaryId, type, name, JSON.stringify(spec)],
    );
    ids[name] = row.rows[0]?.id ?? '';
  };
  await add('up', 'http', { url: `${base}/up`, responseCodes: [200], responseContent: 'pong' });
  await add('down', 'http', { url: `${base}/down`, responseCodes: [200] });
  await add('records', 'dns', { query: 'example.com' });
  const synthetic = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, annotations) VALUES ('demo', 'prod', '{}', '{"vigil.dev/synthetic":"true"}') RETURNING id`,
  );
  const row = await db.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'fictional', $2::jsonb) RETURNING id`,
    [synthetic.rows[0]?.id, JSON.stringify({ url: `${base}/fictional` })],
  );
  ids.fictional = row.rows[0]?.id ?? '';
});
afterAll(async () => {
  await db.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

function run(id: string, role?: string): Promise<Response> {
  return Promise.resolve(
    t.app.request(`/api/canary/run/check/${id}`, {
      method: 'POST',
      headers: role ? { Authorization: `Bearer ${tokens[role] ?? ''}` } : {},
    }),
  );
}

async function statusCount(id: string): Promise<number> {
  const result = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1',
    [id],
  );
  return result.rows[0]?.n ?? 0;
}

describe('POST /api/canary/run/check/{id}', () => {
  it('runs the check, stores the result and answers it', async () => {
    const before = hits;
    const response = await run(ids.up ?? '', 'responder');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'up',
      namespace: 'prod',
      pass: true,
      invalid: false,
      message: 'HTTP 200 OK',
      detail: { code: 200, url: `${base}/up` },
    });
    expect(body).not.toHaveProperty('error');
    expect(typeof body.duration).toBe('number');
    expect(hits).toBe(before + 1);
    const state = await db.query<{ status: string; last_runtime: Date; next_runtime: Date | null }>(
      'SELECT status, last_runtime, next_runtime FROM checks WHERE id = $1',
      [ids.up],
    );
    expect(state.rows[0]?.status).toBe('healthy');
    expect(state.rows[0]?.last_runtime.toISOString()).toBe(body.start);
    // Without the scheduler, run-now leaves next_runtime as it was.
    expect(state.rows[0]?.next_runtime).toBeNull();
    expect(await statusCount(ids.up ?? '')).toBe(1);
  });

  it('answers a failed run with its error, and every run-now role may run', async () => {
    for (const role of ['admin', 'editor', 'commander', 'responder']) {
      const response = await run(ids.down ?? '', role);
      expect(response.status, role).toBe(200);
      expect(await response.json()).toMatchObject({
        pass: false,
        invalid: false,
        error: 'expected status 200, got 500',
      });
    }
    expect(await statusCount(ids.down ?? '')).toBe(4);
    const summary = await t.app.request('/api/canary/api/summary', {
      headers: { Authorization: `Bearer ${tokens.viewer ?? ''}` },
    });
    const checks = (
      (await summary.json()) as {
        checks_summary: { name: string; status: string; uptime: { failed: number } }[];
      }
    ).checks_summary;
    expect(checks.find((check) => check.name === 'down')).toMatchObject({
      status: 'unhealthy',
      uptime: { failed: 4 },
    });
  });

  it('records an unsupported type as a failed, invalid result', async () => {
    const response = await run(ids.records ?? '', 'editor');
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ pass: false, invalid: true, detail: { runner: 'unsupported' } });
    expect(body.error).toMatch(/^check type "dns" is not supported by this runner/);
    expect(await statusCount(ids.records ?? '')).toBe(1);
  });

  it('does not probe a synthetic demo check and says why', async () => {
    const before = hits;
    const response = await run(ids.fictional ?? '', 'admin');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^not run: "demo" is synthetic/,
    );
    expect(hits).toBe(before);
    expect(await statusCount(ids.fictional ?? '')).toBe(0);
  });

  it('refuses viewers (403), anonymous callers (401) and unknown checks (404)', async () => {
    const before = await statusCount(ids.up ?? '');
    const viewer = await run(ids.up ?? '', 'viewer');
    expect(viewer.status).toBe(403);
    expect(viewer.headers.get('x-rbac-object')).toBe('canaries');
    expect(await viewer.text()).toBe('unauthorized. Access Denied');
    expect((await run(ids.up ?? '')).status).toBe(401);
    expect(await statusCount(ids.up ?? '')).toBe(before);

    const unknown = await run('00000000-0000-0000-0000-00000000abcd', 'admin');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: 'check (00000000-0000-0000-0000-00000000abcd) was not found',
    });
    const bad = await run('not-a-uuid', 'admin');
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ error: 'check (not-a-uuid) was not found' });

    await db.query(`UPDATE checks SET deleted_at = now() WHERE id = $1`, [ids.down]);
    expect((await run(ids.down ?? '', 'admin')).status).toBe(404);
  });
});
