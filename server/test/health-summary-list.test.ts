/**
 * The health summary's list form (`GET /canary/api/summary?view=list`, docs/health-dashboard.md):
 * the contract's objects without the fields the /health list never shows, cut from the same stored
 * parts; the contract's form stays the default and unchanged.
 */
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CanarySummaryResponse, CheckSummary } from '../../src/api/types';
import { listCheckJson, summaryView } from '../src/routes/canary';
import { buildApp, freshDemoAppPerFile, openTestDb } from './fixtures/app';

const t = freshDemoAppPerFile();

const CANARY = '22222222-2222-4222-8222-222222222222';

beforeAll(async () => {
  // Labels and texts that look like the keys the list form drops must come through untouched.
  await t.db.exec(`
    INSERT INTO canaries (id, name, namespace, labels, spec) VALUES ('${CANARY}', 'tricky', 'edge',
      '{"canary_id": "11111111-1111-4111-8111-111111111111", "rolling1h": "7"}', '{}');
    INSERT INTO checks (canary_id, type, name, description, labels, spec) VALUES ('${CANARY}', 'http',
      'looks like keys', ',"created_at":"2020-01-01T00:00:00.000Z","last_pass":"x"',
      '{"created_at": "2020-01-01T00:00:00.000Z", "next_runtime": ",\\"p99\\":1,\\"p97\\":2,"}',
      '{"url": "https://edge.example.com/,\\"updated_at\\":\\"now\\""}');
    INSERT INTO check_statuses (check_id, time, status, duration)
    SELECT c.id, now() - (k * interval '5 minutes'), k % 2 = 0, 10 * (k + 1)
    FROM checks c CROSS JOIN generate_series(0, 5) AS k WHERE c.canary_id = '${CANARY}';`);
});

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await t.app.request(path, { headers });
  expect(response.status).toBe(200);
  return response;
}

async function read(path: string): Promise<CanarySummaryResponse> {
  return (await (await get(path)).json()) as CanarySummaryResponse;
}

/** What the list form keeps of a contract-form check. */
function expectedListRow(check: CheckSummary): Record<string, unknown> {
  const {
    canary_id: _canaryId,
    created_at: _created,
    updated_at: _updated,
    deleted_at: _deleted,
    silenced_at: _silenced,
    next_runtime: _next,
    uptime,
    latency,
    ...rest
  } = check;
  const shown =
    latency.p95 !== undefined
      ? { p95: latency.p95 }
      : {
          ...(latency.p99 !== undefined ? { p99: latency.p99 } : {}),
          ...(latency.p97 !== undefined ? { p97: latency.p97 } : {}),
        };
  return { ...rest, uptime: { passed: uptime.passed, failed: uptime.failed }, latency: shown };
}

describe('GET /api/canary/api/summary?view=list', () => {
  it('returns every check of the contract form, in the same order, without the dropped fields', async () => {
    const full = await read('/api/canary/api/summary');
    const list = await read('/api/canary/api/summary?view=list');
    expect(list.runnerName).toBe('local');
    expect(typeof list.duration).toBe('number');
    const fullChecks = full.checks_summary ?? [];
    const listChecks = list.checks_summary ?? [];
    expect(fullChecks.length).toBeGreaterThanOrEqual(40);
    expect(listChecks.map((check) => check.id)).toEqual(fullChecks.map((check) => check.id));
    expect(listChecks).toEqual(fullChecks.map(expectedListRow));
    // What the list shows is all there.
    const gateway = listChecks.find((check) => check.name === 'gateway /healthz');
    expect(gateway).toMatchObject({
      endpoint: 'https://pay.example.com/healthz',
      labels: { team: 'payments', app: 'gateway', check_type: 'http' },
    });
    expect(gateway?.latency.p95).toBeGreaterThan(0);
    expect(gateway?.last_runtime).toBeDefined();
    expect(gateway?.agent_id).toMatch(/^[0-9a-f-]{36}$/);
    for (const check of listChecks) {
      for (const key of ['canary_id', 'created_at', 'updated_at', 'next_runtime'])
        expect(check).not.toHaveProperty(key);
      expect(check.uptime).not.toHaveProperty('last_pass');
      expect(check.uptime).not.toHaveProperty('last_fail');
      expect(check.latency).not.toHaveProperty('rolling1h');
    }
  });

  it('leaves labels, descriptions and endpoints that look like dropped keys untouched', async () => {
    const full = (await read('/api/canary/api/summary')).checks_summary ?? [];
    const list = (await read('/api/canary/api/summary?view=list')).checks_summary ?? [];
    const before = full.find((check) => check.name === 'looks like keys');
    const after = list.find((check) => check.name === 'looks like keys');
    expect(after?.labels).toEqual({
      canary_id: '11111111-1111-4111-8111-111111111111',
      rolling1h: '7',
      created_at: '2020-01-01T00:00:00.000Z',
      next_runtime: ',"p99":1,"p97":2,',
    });
    expect(after?.description).toBe(',"created_at":"2020-01-01T00:00:00.000Z","last_pass":"x"');
    expect(after?.endpoint).toBe(before?.endpoint);
    expect(after?.endpoint).toContain('updated_at');
    expect(after?.uptime).toEqual({ passed: 3, failed: 3 });
    expect(after?.latency).toEqual({ p95: before?.latency.p95 });
  });

  it('is smaller and is sent gzip-compressed when the client accepts it', async () => {
    const plain = await (await get('/api/canary/api/summary')).text();
    const listed = await get('/api/canary/api/summary?view=list', { 'accept-encoding': 'gzip' });
    expect(listed.headers.get('content-encoding')).toBe('gzip');
    expect(listed.headers.get('vary')).toMatch(/accept-encoding/i);
    const text = gunzipSync(Buffer.from(await listed.arrayBuffer())).toString('utf8');
    const body = JSON.parse(text) as CanarySummaryResponse;
    expect(body.checks_summary?.length).toBeGreaterThanOrEqual(40);
    expect(text.length).toBeLessThan(plain.length * 0.75);
  });

  it('keeps the contract form for no view, another view or a POST', async () => {
    const strip = (body: CanarySummaryResponse) => ({ ...body, duration: 0 });
    const full = strip(await read('/api/canary/api/summary'));
    expect(full.checks_summary?.every((check) => typeof check.canary_id === 'string')).toBe(true);
    expect(full.checks_summary?.every((check) => 'rolling1h' in check.latency)).toBe(true);
    expect(strip(await read('/api/canary/api/summary?view=full'))).toEqual(full);
    expect(strip(await read('/api/canary/api/summary?view=LIST'))).toEqual(full);
    const posted = await t.app.request('/api/canary/api/summary?view=list', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(posted.status).toBe(200);
    expect(strip((await posted.json()) as CanarySummaryResponse)).toEqual(full);
    expect(summaryView('list')).toBe('list');
    expect(summaryView(undefined)).toBe('full');
  });

  it('omits checks_summary when there are no checks', async () => {
    const empty = await openTestDb();
    try {
      await empty.exec(
        `INSERT INTO people (name, email) VALUES ('Solo', 'solo@x'); INSERT INTO casbin_rule (ptype, v0, v1) SELECT 'g', id::text, 'admin' FROM people WHERE email = 'solo@x'`,
      );
      const app = buildApp(empty, { auth: 'none' }).app;
      const body = (await (
        await app.request('/api/canary/api/summary?view=list')
      ).json()) as CanarySummaryResponse;
      expect(body).not.toHaveProperty('checks_summary');
      expect(body.runnerName).toBe('local');
    } finally {
      await empty.close();
    }
  });
});

describe('listCheckJson', () => {
  const head = `{"id":"${'a'.repeat(8)}-aaaa-4aaa-8aaa-${'a'.repeat(12)}","canary_id":"${'b'.repeat(8)}-bbbb-4bbb-8bbb-${'b'.repeat(12)}","name":"n","labels":{}`;
  it('keeps p99 and p97 when there is no p95, and an empty latency without runs', () => {
    expect(
      JSON.parse(
        listCheckJson(
          head,
          ',"uptime":{"passed":1,"failed":0},"latency":{"p99":5,"p97":4,"rolling1h":3}',
          '}',
        ),
      ),
    ).toMatchObject({ latency: { p99: 5, p97: 4 }, uptime: { passed: 1, failed: 0 } });
    const bare = JSON.parse(
      listCheckJson(head, ',"uptime":{"passed":0,"failed":0},"latency":{"rolling1h":0}', '}'),
    ) as Record<string, unknown>;
    expect(bare).toEqual({
      id: `${'a'.repeat(8)}-aaaa-4aaa-8aaa-${'a'.repeat(12)}`,
      name: 'n',
      labels: {},
      uptime: { passed: 0, failed: 0 },
      latency: {},
    });
  });
});
