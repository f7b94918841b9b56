import { beforeAll, describe, expect, it } from 'vitest';
import type { CanarySummaryResponse, CheckGraphResponse } from '../../src/api/types';
import { bucketSeconds, parseDuration } from '../src/routes/canary';
import { buildApp, openTestDb, freshDemoAppPerFile } from './fixtures/app';

const t = freshDemoAppPerFile();

async function summary(): Promise<CanarySummaryResponse> {
  const response = await t.app.request('/api/canary/api/summary');
  expect(response.status).toBe(200);
  return (await response.json()) as CanarySummaryResponse;
}

describe('GET /api/canary/api/summary', () => {
  it('returns the seeded checks in the contract shape', async () => {
    const body = await summary();
    expect(body.runnerName).toBe('local');
    expect(typeof body.duration).toBe('number');
    const checks = body.checks_summary ?? [];
    expect(checks.length).toBeGreaterThanOrEqual(40);
    expect(body).not.toHaveProperty('checks');
    for (const check of checks) {
      expect(check.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(['healthy', 'unhealthy']).toContain(check.status);
      expect(typeof check.uptime.passed).toBe('number');
      expect(typeof check.uptime.failed).toBe('number');
      expect(check.latency.rolling1h).toBeTypeOf('number');
      expect(check.canary_name).toBeTruthy();
      expect(check.agent_id).toMatch(/^[0-9a-f-]{36}$/);
      // Optional fields are omitted rather than null or empty.
      for (const key of [
        'description',
        'icon',
        'owner',
        'severity',
        'deleted_at',
        'silenced_at',
        'endpoint',
      ] as const) {
        if (key in check) expect(check[key]).toBeTruthy();
      }
      expect(check).not.toHaveProperty('deleted_at');
    }
    const unhealthy = checks.filter((check) => check.status === 'unhealthy');
    expect(unhealthy.length).toBeGreaterThan(0);
    expect(checks.some((check) => check.owner === 'payments')).toBe(true);
  });

  it('computes uptime over the last hour (12 runs every 5 minutes) and superset fields', async () => {
    // The seeded runs end at the last 5-minute boundary before the seed and no new ones come: the
    // hour holds 11 to 13 of them depending on where the clock is between boundaries, so the
    // summary is compared with the statuses the database holds for the hour, read just before
    // and just after it (a boundary may pass in between).
    const inHour = async () =>
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM check_statuses s JOIN checks c ON c.id = s.check_id
           WHERE c.name = 'gateway /healthz' AND s.time >= now() - interval '1 hour'`,
        )
      ).rows[0]?.n;
    const before = await inHour();
    const checks = (await summary()).checks_summary ?? [];
    const after = await inHour();
    const gateway = checks.find((check) => check.name === 'gateway /healthz');
    expect(gateway).toBeDefined();
    const runs = (gateway?.uptime.passed ?? 0) + (gateway?.uptime.failed ?? 0);
    expect([before, after]).toContain(runs);
    expect(runs).toBeGreaterThanOrEqual(11);
    expect(runs).toBeLessThanOrEqual(13);
    expect(gateway?.endpoint).toBe('https://pay.example.com/healthz');
    expect(gateway?.labels).toMatchObject({ team: 'payments', app: 'gateway', check_type: 'http' });
    expect(gateway?.latency.p95).toBeGreaterThan(0);
    expect(gateway?.latency.p97).toBeGreaterThan(0);
    expect(gateway?.next_runtime).toBeDefined();
    expect(Date.parse(gateway?.last_runtime ?? '')).toBeGreaterThan(Date.now() - 10 * 60_000);
    const webhook = checks.find((check) => check.name === 'stripe webhook relay');
    expect(webhook?.status).toBe('unhealthy');
    expect(webhook?.uptime.last_fail).toBeDefined();
    expect(Date.parse(webhook?.last_transition_time ?? '')).toBeLessThan(Date.now());
  });

  it('falls back to the single latest status for a check without runs in the last hour', async () => {
    const checks = (await summary()).checks_summary ?? [];
    const stale = checks.find((check) => check.name === 'tempo /ready');
    expect((stale?.uptime.passed ?? 0) + (stale?.uptime.failed ?? 0)).toBe(1);
    expect(Date.parse(stale?.last_runtime ?? '')).toBeLessThan(Date.now() - 60 * 60_000);
  });

  it('omits checks_summary when there are no checks and hides deleted checks', async () => {
    const empty = await openTestDb();
    try {
      const app = buildApp(empty, { auth: 'none' }).app;
      // No people yet: auth none has no user, so the summary asks for a login.
      expect((await app.request('/api/canary/api/summary')).status).toBe(401);
      await empty.exec(
        `INSERT INTO people (name, email) VALUES ('Solo', 'solo@x'); INSERT INTO casbin_rule (ptype, v0, v1) SELECT 'g', id::text, 'admin' FROM people WHERE email = 'solo@x'`,
      );
      const body = (await (
        await app.request('/api/canary/api/summary')
      ).json()) as CanarySummaryResponse;
      expect(body).not.toHaveProperty('checks_summary');
      await empty.exec(`INSERT INTO canaries (id, name, namespace, spec) VALUES ('11111111-1111-1111-1111-111111111111', 'c', 'default', '{}');
        INSERT INTO checks (canary_id, type, name, deleted_at) VALUES ('11111111-1111-1111-1111-111111111111', 'http', 'gone', now());
        INSERT INTO checks (canary_id, type, name) VALUES ('11111111-1111-1111-1111-111111111111', 'http', 'kept');`);
      const after = (await (
        await app.request('/api/canary/api/summary')
      ).json()) as CanarySummaryResponse;
      expect(after.checks_summary?.map((check) => check.name)).toEqual(['kept']);
      expect(after.checks_summary?.[0]?.uptime).toEqual({ passed: 0, failed: 0 });
      expect(after.checks_summary?.[0]?.latency).toEqual({ rolling1h: 0 });
    } finally {
      await empty.close();
    }
  });
});

describe('GET /api/canary/api/graph', () => {
  const graphCheck = '33333333-3333-3333-3333-333333333333';

  beforeAll(async () => {
    // A check with a known history: one status per minute for the last 30 minutes, the minute
    // 10 minutes ago failed; and two statuses 3 hours ago.
    await t.db
      .exec(`INSERT INTO canaries (id, name, namespace, spec) VALUES ('44444444-4444-4444-4444-444444444444', 'graph', 'test', '{}');
      INSERT INTO checks (id, canary_id, type, name) VALUES ('${graphCheck}', '44444444-4444-4444-4444-444444444444', 'http', 'graph check');`);
    await t.db.query(
      `INSERT INTO check_statuses (check_id, time, duration, status)
       SELECT $1::uuid, date_trunc('minute', now()) - g * interval '1 minute', 100 + g, g <> 10
       FROM generate_series(1, 30) g
       UNION ALL SELECT $1::uuid, date_trunc('hour', now()) - interval '3 hours', 500, true
       UNION ALL SELECT $1::uuid, date_trunc('hour', now()) - interval '3 hours' + interval '1 minute', 700, false`,
      [graphCheck],
    );
  });

  async function graph(
    query: string,
  ): Promise<{ status: number; body: CheckGraphResponse & { error?: string } }> {
    const response = await t.app.request(`/api/canary/api/graph?${query}`);
    return {
      status: response.status,
      body: (await response.json()) as CheckGraphResponse & { error?: string },
    };
  }

  it('buckets per minute for 1h with status omitted on failure and passed/failed counts', async () => {
    const { status, body } = await graph(`check=${graphCheck}&start=1h&count=300`);
    expect(status).toBe(200);
    const points = body.status ?? [];
    expect(points).toHaveLength(30);
    expect(points.map((point) => point.time)).toEqual(
      [...points.map((point) => point.time)].sort(),
    );
    const failed = points.filter((point) => point.status !== true);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ failed: 1, duration: 110 });
    expect(failed[0]).not.toHaveProperty('status');
    expect(failed[0]).not.toHaveProperty('passed');
    expect(points[0]).toMatchObject({ status: true, passed: 1 });
    expect(body.uptime).toEqual({ passed: 29, failed: 1 });
    expect(body.latency.p95).toBeGreaterThan(120);
    expect(body.latency.p99).toBeGreaterThanOrEqual(body.latency.p95 ?? 0);
  });

  it('uses 15-minute buckets up to a day and averages within a bucket', async () => {
    const { body } = await graph(`check=${graphCheck}&start=6h`);
    const points = body.status ?? [];
    for (const point of points) expect(new Date(point.time).getUTCMinutes() % 15).toBe(0);
    const old = points[0];
    expect(old).toMatchObject({ duration: 600, passed: 1, failed: 1 });
    expect(old).not.toHaveProperty('status');
    expect(body.uptime).toEqual({ passed: 30, failed: 2 });
  });

  it('accepts since/until aliases and RFC 3339 bounds, with an empty range giving null', async () => {
    const end = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    const { status, body } = await graph(`check=${graphCheck}&since=2h30m&until=${end}`);
    expect(status).toBe(200);
    expect(body.status).toBeNull();
    expect(body.uptime).toEqual({ passed: 0, failed: 0 });
  });

  it('answers 400 for bad input and 404 for an unknown check', async () => {
    expect((await graph(`check=${graphCheck}&start=yesterday`)).body.error).toBe(
      'start is invalid: yesterday',
    );
    expect((await graph(`check=${graphCheck}&start=1h&end=2h`)).body.error).toBe(
      'end time must be after start time',
    );
    expect((await graph('check=nope')).status).toBe(400);
    expect((await graph('check=00000000-0000-0000-0000-00000000beef')).status).toBe(404);
  });

  it('bucket sizes follow the contract', () => {
    const hour = 3_600_000;
    expect(bucketSeconds(2 * hour)).toBe(60);
    expect(bucketSeconds(3 * hour)).toBe(900);
    expect(bucketSeconds(24 * hour)).toBe(900);
    expect(bucketSeconds(7 * 24 * hour)).toBe(3600);
    expect(bucketSeconds(8 * 24 * hour)).toBe(14_400);
    expect(parseDuration('1h30m')).toBe(90 * 60_000);
    expect(parseDuration('2w')).toBe(14 * 86_400_000);
    expect(parseDuration('1x')).toBeUndefined();
  });
});

describe('about', () => {
  it('GET /api/about and /api/canary/about return Timestamp and Version', async () => {
    for (const path of ['/api/about', '/api/canary/about']) {
      const body = (await (await t.app.request(path)).json()) as {
        Timestamp: string;
        Version: string;
      };
      expect(body.Version).toMatch(/^\d+\.\d+\.\d+/);
      expect(Date.parse(body.Timestamp)).toBeGreaterThan(0);
    }
    expect(await (await t.app.request('/api/health')).text()).toBe('OK');
  });
});
