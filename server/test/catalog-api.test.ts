/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * POST /api/catalog/summary and POST|GET /api/catalog/changes (api.md §4.1, §4.2) over a small,
 * hand-made catalog on PGlite: grouping, filters, live counts, recursion, paging and every
 * validation error the contract names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDatemath, parseDuration } from '../src/catalog/datemath';
import { parseLabelSelector } from '../src/catalog/label-selector';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
// cluster(1) → namespace(2) → deployment(3) → pod(4); pod(4) → node(5) by relationship;
// an RDS instance (6) and a deleted pod (7) under the namespace.
const ITEMS = [
  [1, 'prod', 'Kubernetes::Cluster', null, 'healthy', { cluster: 'prod' }, { env: 'prod' }],
  [
    2,
    'payments',
    'Kubernetes::Namespace',
    1,
    'healthy',
    { cluster: 'prod', namespace: 'payments' },
    { env: 'prod' },
  ],
  [
    3,
    'api',
    'Kubernetes::Deployment',
    2,
    'warning',
    { cluster: 'prod', namespace: 'payments' },
    { env: 'prod', team: 'pay' },
  ],
  [
    4,
    'api-7d9',
    'Kubernetes::Pod',
    3,
    'unhealthy',
    { cluster: 'prod', namespace: 'payments' },
    { env: 'prod', team: 'pay' },
  ],
  [5, 'node-a', 'Kubernetes::Node', 1, 'healthy', { cluster: 'prod' }, { env: 'prod' }],
  [
    6,
    'orders-db',
    'AWS::RDS::DBInstance',
    null,
    'healthy',
    { account: 'main' },
    { env: 'staging' },
  ],
  [
    7,
    'api-old',
    'Kubernetes::Pod',
    3,
    null,
    { cluster: 'prod', namespace: 'payments' },
    { env: 'prod' },
  ],
] as const;

async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'none' });
  await db.query(
    `WITH person AS (INSERT INTO people (name, email) VALUES ('Ada', 'ada@example.com') RETURNING id)
     INSERT INTO casbin_rule (ptype, v0, v1) SELECT 'g', id::text, 'admin' FROM person`,
  );
  for (const [n, name, type, parent, health, tags, labels] of ITEMS) {
    await db.query(
      `INSERT INTO config_items (id, name, type, config_class, parent_id, health, tags, labels, cost_total_30d, deleted_at)
       VALUES ($1, $2, $3, split_part($3, '::', 2), $4, $5, $6, $7, $8, $9)`,
      [
        id(n),
        name,
        type,
        parent ? id(parent) : null,
        health,
        tags,
        labels,
        n * 10,
        n === 7 ? new Date() : null,
      ],
    );
  }
  await db.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, 'PodNode')`,
    [id(4), id(5)],
  );
  const changes: [number, string, string, number][] = [
    [3, 'diff', 'info', 1],
    [3, 'ScalingReplicaSet', 'medium', 5],
    [4, 'Pulled', 'low', 3],
    [4, 'BackOff', 'high', 2],
    [5, 'diff', 'critical', 30],
    [6, 'diff', 'info', 60 * 24 * 5],
    [7, 'Killing', 'info', 4],
  ];
  for (const [n, type, severity, minutesAgo] of changes) {
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, severity, source, summary, external_created_by, created_at)
       VALUES ($1, $2, $3, 'kubernetes', $5, 'alice@example.com', now() - make_interval(mins => $4))`,
      [id(n), type, severity, minutesAgo, `${type} on ${n}`],
    );
  }
  await db.query(
    `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
       ($1, 'image-pull', 'reliability', 'high', 'open'), ($1, 'root-user', 'security', 'critical', 'open'),
       ($2, 'old', 'security', 'low', 'resolved')`,
    [id(4), id(3)],
  );
});
afterAll(async () => db.close());

describe('POST /api/catalog/summary', () => {
  it('groups by type with live counts, health, changes, analysis and cost', async () => {
    const { status, body } = await post('/api/catalog/summary', {
      groupBy: ['type'],
      changes: { since: '7d' },
      cost: '30d',
    });
    expect(status).toBe(200);
    const byType = Object.fromEntries(body.map((row: any) => [row.type, row]));
    expect(Object.keys(byType)).toEqual([
      'AWS::RDS::DBInstance',
      'Kubernetes::Cluster',
      'Kubernetes::Deployment',
      'Kubernetes::Namespace',
      'Kubernetes::Node',
      'Kubernetes::Pod',
    ]);
    expect(byType['Kubernetes::Pod']).toMatchObject({
      count: 1,
      health: { unhealthy: 1 },
      changes: 2,
      analysis: { reliability: 1, security: 1 },
      cost_30d: 40,
    });
    expect(byType['Kubernetes::Deployment'].analysis).toEqual({});
    expect(byType['AWS::RDS::DBInstance'].changes).toBe(1);
  });

  it('counts a new item at once and includes deleted ones on request', async () => {
    const before = await post('/api/catalog/summary', { deleted: true });
    const pods = before.body.find((row: any) => row.type === 'Kubernetes::Pod');
    expect(pods.count).toBe(2);
    expect(pods).not.toHaveProperty('changes');
  });

  it('groups by a tag key and applies label filters with includes and excludes', async () => {
    const { body } = await post('/api/catalog/summary', {
      groupBy: ['namespace'],
      filter: { env: 'prod', team: '!pay' },
    });
    expect(body).toEqual([
      expect.objectContaining({ namespace: 'payments', count: 1 }),
      expect.objectContaining({ namespace: null, count: 2 }),
    ]);
  });

  it('filters health and status lists', async () => {
    const { body } = await post('/api/catalog/summary', { health: 'healthy,warning' });
    const total = body.reduce((sum: number, row: any) => sum + row.count, 0);
    expect(total).toBe(5);
    const excluded = await post('/api/catalog/summary', { health: '!healthy' });
    expect(excluded.body.reduce((sum: number, row: any) => sum + row.count, 0)).toBe(2);
  });

  it('rejects bad input with the contract texts', async () => {
    expect(await post('/api/catalog/summary', { cost: '2d' })).toEqual({
      status: 400,
      body: { error: 'cost range is not allowed. allowed (1d, 7d, 30d)' },
    });
    expect((await post('/api/catalog/summary', { changes: { since: 'yesterday' } })).body).toEqual({
      error: 'changes since is invalid',
    });
    expect((await post('/api/catalog/summary', { groupBy: 'type' })).status).toBe(400);
    expect((await post('/api/catalog/summary', '{not json')).status).toBe(400);
    expect(
      (await post('/api/catalog/summary', { groupBy: ["x'); DROP TABLE config_items;--"] })).status,
    ).toBe(200);
    const still = await db.query('SELECT count(*)::int AS n FROM config_items');
    expect(still.rows[0]).toEqual({ n: 7 });
  });
});

describe('POST /api/catalog/changes', () => {
  it('defaults to the last 2 days, newest first, with a page summary and total', async () => {
    const { status, body } = await post('/api/catalog/changes', {});
    expect(status).toBe(200);
    expect(body.total).toBe(6);
    expect(body.changes.map((change: any) => change.change_type)).toEqual([
      'diff',
      'BackOff',
      'Pulled',
      'Killing',
      'ScalingReplicaSet',
      'diff',
    ]);
    expect(body.summary).toEqual({
      diff: 2,
      ScalingReplicaSet: 1,
      BackOff: 1,
      Pulled: 1,
      Killing: 1,
    });
    expect(body.changes[0]).toMatchObject({
      name: 'api',
      type: 'Kubernetes::Deployment',
      tags: { cluster: 'prod' },
    });
  });

  it('pages and sorts', async () => {
    const { body } = await post('/api/catalog/changes', {
      page: 2,
      page_size: 4,
      sort_by: '-created_at',
    });
    expect(body.total).toBe(6);
    expect(body.changes.map((change: any) => change.change_type)).toEqual([
      'ScalingReplicaSet',
      'diff',
    ]);
    expect(body.summary).toEqual({ ScalingReplicaSet: 1, diff: 1 });
    expect(await post('/api/catalog/changes', { page: 9 })).toEqual({
      status: 200,
      body: { total: 6 },
    });
  });

  it('walks related configs downstream, upstream, all and none', async () => {
    const types = async (recursive: string, extra = {}): Promise<string[]> =>
      ((await post('/api/catalog/changes', { id: id(3), recursive, ...extra })).body.changes ?? [])
        .map((change: any) => `${change.name}:${change.change_type}`)
        .sort();
    expect(await types('none')).toEqual(['api:ScalingReplicaSet', 'api:diff']);
    expect(await types('downstream')).toEqual([
      'api-7d9:BackOff',
      'api-7d9:Pulled',
      'api:ScalingReplicaSet',
      'api:diff',
      'node-a:diff',
    ]);
    expect(await types('downstream', { include_deleted_configs: true })).toContain(
      'api-old:Killing',
    );
    expect(await types('upstream')).toEqual(['api:ScalingReplicaSet', 'api:diff']);
    expect(await types('downstream', { depth: 1 })).not.toContain('node-a:diff');
    const all = await post('/api/catalog/changes', { id: id(4), recursive: 'all' });
    expect(all.body.total).toBe(5);
  });

  it('filters by severity and above, type lists, tags selector and created_by', async () => {
    const high = await post('/api/catalog/changes', { severity: 'high' });
    expect(high.body.changes.map((change: any) => change.severity).sort()).toEqual([
      'critical',
      'high',
    ]);
    const notInfo = await post('/api/catalog/changes', { severity: '!info' });
    expect(notInfo.body.total).toBe(4);
    const typed = await post('/api/catalog/changes', {
      config_type: 'Kubernetes::Pod,Kubernetes::Node',
      type: '!Killing',
    });
    expect(typed.body.total).toBe(3);
    const prefix = await post('/api/catalog/changes', { config_type: 'Kubernetes::P*' });
    expect(prefix.body.total).toBe(3);
    const tagged = await post('/api/catalog/changes', {
      tags: 'cluster=prod,namespace in (payments)',
    });
    expect(tagged.body.total).toBe(5);
    const by = await post('/api/catalog/changes', {
      created_by: 'alice@example.com',
      from: 'now-7d',
    });
    expect(by.body.total).toBe(7);
    const get = await t.app.request('/api/catalog/changes?type=diff&from=now-7d');
    expect(((await get.json()) as { total: number }).total).toBe(3);
  });

  it('answers {} when nothing matches', async () => {
    expect(await post('/api/catalog/changes', { type: 'NoSuchType' })).toEqual({
      status: 200,
      body: {},
    });
  });

  it.each([
    [
      { recursive: 'sideways' },
      "bad request: 'recursive' must be one of upstream, downstream, none, all",
    ],
    [{ from: 'last tuesday' }, "invalid 'from' param"],
    [{ from: 'now', to: 'now-1d' }, "'from' must be before 'to'"],
    [{ agent_id: 'nope' }, 'agent_id(nope) must either be a valid uuid or `local`'],
  ])('rejects %j', async (body, error) => {
    expect(await post('/api/catalog/changes', body)).toEqual({ status: 400, body: { error } });
  });

  it('rejects bad sort, tags, paging and bodies with a 400', async () => {
    for (const body of [
      { sort_by: 'id; DROP TABLE config_changes' },
      { tags: 'a in (b' },
      { page: 0 },
      { page_size: 'ten' },
      { include_deleted_configs: 'maybe' },
      '[1,2',
    ]) {
      const { status, body: answer } = await post('/api/catalog/changes', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.error).toBe('string');
    }
    expect((await post('/api/catalog/changes', { sort_by: 'created_at; x' })).body.error).toMatch(
      /^invalid 'sort_by' param/,
    );
    expect((await post('/api/catalog/changes', { tags: '=x' })).body.error).toMatch(
      /^failed to parse label selector/,
    );
  });
});

describe('datemath, durations and label selectors', () => {
  const now = new Date('2026-11-21T10:30:00Z');
  it('parses datemath', () => {
    expect(parseDatemath('now', now)?.toISOString()).toBe('2026-11-21T10:30:00.000Z');
    expect(parseDatemath('now-2d', now)?.toISOString()).toBe('2026-11-19T10:30:00.000Z');
    expect(parseDatemath('now+1h', now)?.toISOString()).toBe('2026-11-21T11:30:00.000Z');
    expect(parseDatemath('now/d', now)?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(parseDatemath('now-1M/M', now)?.toISOString()).toBe('2026-10-01T00:00:00.000Z');
    expect(parseDatemath('2026-01-02T03:04:05Z', now)?.toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
    expect(parseDatemath('now-2x', now)).toBeUndefined();
    expect(parseDatemath('tomorrow', now)).toBeUndefined();
  });
  it('parses durations', () => {
    expect(parseDuration('15m')).toBe(900_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1w')).toBe(604_800_000);
    expect(parseDuration('3 days')).toBeUndefined();
  });
  it('parses label selectors', () => {
    expect(parseLabelSelector('a=b, c!=d, e in (f,g), h notin (i), j, !k')).toEqual([
      { key: 'a', op: 'eq', value: 'b' },
      { key: 'c', op: 'neq', value: 'd' },
      { key: 'e', op: 'in', values: ['f', 'g'] },
      { key: 'h', op: 'notin', values: ['i'] },
      { key: 'j', op: 'exists' },
      { key: 'k', op: 'absent' },
    ]);
    expect(() => parseLabelSelector("a='; DROP")).toThrow();
  });
});
