/**
 * The runner's job_history rows (docs/settings-admin.md): a health-check run writes a row for its
 * canary with start, end, duration and status, a failure carries its error, passing runs are
 * throttled per check, and the rows read back through `/api/db/job_histories` with the console's
 * filters (status.filter=!SUCCESS, resource scope, duration, time range, names).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { CheckRunThrottle, pruneJobHistory } from '../src/runner/job-history';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
let http: Server;
let token = '';
let canaryId = '';
const ids: Record<string, string> = {};

beforeAll(async () => {
  http = createServer((request, response) => {
    if (request.url === '/down') response.statusCode = 500;
    response.end('pong');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  const person = await db.query<{ id: string }>(
    `INSERT INTO people (name, email, type) VALUES ('ops', 'ops@jobs.test', 'user') RETURNING id`,
  );
  await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'editor')`, [
    person.rows[0]?.id,
  ]);
  token = await createAccessToken(db, person.rows[0]?.id ?? '', 'test', undefined);
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec) VALUES ('api', 'prod', '{"interval":60}') RETURNING id`,
  );
  canaryId = canary.rows[0]?.id ?? '';
  for (const [name, path] of [
    ['up', '/up'],
    ['down', '/down'],
  ] as const) {
    const row = await db.query<{ id: string }>(
      `INSERT INTO checks (canary_id, type, name, namespace, spec) VALUES ($1, 'http', $2, 'prod', $3::jsonb) RETURNING id`,
      [canaryId, name, JSON.stringify({ url: `${base}${path}`, responseCodes: [200] })],
    );
    ids[name] = row.rows[0]?.id ?? '';
  }
});
afterAll(async () => {
  await db.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

const get = (path: string) =>
  Promise.resolve(
    t.app.request(path, {
      headers: { Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
    }),
  );
const runNow = (id: string) =>
  Promise.resolve(
    t.app.request(`/api/canary/run/check/${id}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    }),
  );

interface JobRow {
  name: string;
  status: string;
  resource_type: string;
  resource_id: string;
  resource_name: string;
  duration_millis: number;
  time_start: string;
  time_end: string;
  details: { errors?: string[]; check_name?: string } | null;
}

describe('job history of health-check runs', () => {
  it('writes a FAILED row with the error and a SUCCESS row, readable with the console filters', async () => {
    expect((await runNow(ids.down ?? '')).status).toBe(200);
    expect((await runNow(ids.up ?? '')).status).toBe(200);

    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const failed = await get(
      `/api/db/job_histories?select=*&limit=150&offset=0&status.filter=!SUCCESS&order=created_at.desc&and=(created_at.gt.${from},created_at.lt.${to})`,
    );
    expect(failed.status).toBe(200);
    expect(failed.headers.get('content-range')).toMatch(/\/1$/);
    const [row] = (await failed.json()) as JobRow[];
    expect(row).toMatchObject({
      name: 'HealthCheck',
      status: 'FAILED',
      resource_type: 'canary',
      resource_id: canaryId,
      resource_name: 'api',
    });
    expect(row?.details?.errors?.[0]).toMatch(/^down: /);
    expect(new Date(row?.time_end ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(row?.time_start ?? 0).getTime(),
    );

    const scoped = (await (
      await get(`/api/db/job_histories?select=*&resource_id=eq.${canaryId}&status.filter=SUCCESS`)
    ).json()) as JobRow[];
    expect(scoped.map((job) => [job.status, job.details?.check_name])).toEqual([['SUCCESS', 'up']]);

    const names = (await (await get('/api/db/job_history_names?order=name.asc')).json()) as {
      name: string;
    }[];
    expect(names.map((item) => item.name)).toContain('HealthCheck');
  });

  it('throttles passing runs but writes every failure and the first pass after one', () => {
    const throttle = new CheckRunThrottle(60_000);
    expect(throttle.shouldRecord('a', true, 0)).toBe(true);
    expect(throttle.shouldRecord('a', true, 1000)).toBe(false);
    expect(throttle.shouldRecord('a', false, 2000)).toBe(true);
    expect(throttle.shouldRecord('a', false, 3000)).toBe(true);
    expect(throttle.shouldRecord('a', true, 4000)).toBe(true);
    expect(throttle.shouldRecord('a', true, 5000)).toBe(false);
    expect(throttle.shouldRecord('a', true, 64_001)).toBe(true);
  });

  it('prunes rows older than the retention', async () => {
    await db.query(
      `INSERT INTO job_history (name, status, created_at) VALUES ('Old', 'SUCCESS', now() - interval '40 days')`,
    );
    expect(await pruneJobHistory(db, new Date(Date.now() - 30 * 86_400_000))).toBe(1);
    const left = await db.query(`SELECT 1 FROM job_history WHERE name = 'Old'`);
    expect(left.rows).toHaveLength(0);
  });
});
