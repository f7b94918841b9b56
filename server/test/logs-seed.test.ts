/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * The seeds' log lines (server/src/seed/logs.ts, docs/logs.md): the demo gives its components log
 * selectors (the `vigil` Deployment also the server's own stream) and a few thousand lines that
 * POST /api/logs finds through them, deterministic for a seed and anchor; the fleet step gives
 * new components selectors and tops the store up to its target. On PGlite.
 */
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { testConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import type { AppEnv } from '../src/http/env';
import { seedDemo } from '../src/seed/demo';
import { DEMO_LOG_LINES, logLinesFor, seedFleetLogs } from '../src/seed/logs';

const ANCHOR = new Date('2024-10-21T12:00:00Z');

let db: Db;
let app: Hono<AppEnv>;

async function seeded(seed = 1): Promise<Db> {
  const opened = await openPglite();
  await migrate(opened);
  await seedDemo(opened, { seed, now: ANCHOR });
  return opened;
}

async function digest(target: Db): Promise<string> {
  const result = await target.query<{ sum: string }>(
    `SELECT md5(string_agg(logged_at::text || external_id || level || message || labels::text, '|'
       ORDER BY id)) AS sum FROM vigil_logs`,
  );
  return result.rows[0]?.sum ?? '';
}

beforeAll(async () => {
  db = await seeded();
  app = createApp({ db, config: testConfig({ auth: 'none' }), onError: () => undefined });
}, 120_000);
afterAll(async () => {
  await db.close();
});

async function search(body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await app.request('/api/logs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('demo log lines', () => {
  it('writes the promised lines over two days, dense towards the anchor', async () => {
    const result = await db.query<{ n: number; recent: number; oldest: string; newest: string }>(
      `SELECT count(*)::integer AS n,
         count(*) FILTER (WHERE logged_at > $1::timestamptz - interval '15 minutes')::integer AS recent,
         min(logged_at)::text AS oldest, max(logged_at)::text AS newest
       FROM vigil_logs`,
      [ANCHOR.toISOString()],
    );
    const row = result.rows[0];
    expect(row?.n).toBe(DEMO_LOG_LINES);
    expect(row?.recent).toBeGreaterThan(DEMO_LOG_LINES / 10);
    expect(new Date(row?.newest ?? '').getTime()).toBeLessThanOrEqual(ANCHOR.getTime());
    expect(new Date(row?.oldest ?? '').getTime()).toBeGreaterThanOrEqual(
      ANCHOR.getTime() - 2 * 86_400_000,
    );
    const levels = await db.query<{ level: string }>(
      `SELECT DISTINCT level FROM vigil_logs ORDER BY level`,
    );
    expect(levels.rows.map((r) => r.level)).toEqual(['debug', 'error', 'info', 'warn']);
  });

  it('gives workloads, nodes, clusters and services selectors', async () => {
    const listed = await db.query<{ type: string; n: number }>(
      `SELECT type, count(*)::integer AS n FROM components_with_logs GROUP BY type ORDER BY type`,
    );
    expect(listed.rows.map((row) => row.type)).toEqual([
      'KubernetesCluster',
      'KubernetesCronJob',
      'KubernetesDaemonSet',
      'KubernetesDeployment',
      'KubernetesNode',
      'KubernetesStatefulSet',
      'Service',
    ]);
    const vigil = await db.query<{ log_selectors: unknown }>(
      `SELECT log_selectors FROM components WHERE external_id LIKE '%/platform/vigil' LIMIT 1`,
    );
    expect(vigil.rows[0]?.log_selectors).toEqual([
      { name: 'app', labels: { container: 'app' } },
      { name: 'istio-proxy', labels: { container: 'istio-proxy' } },
      { name: 'health-check', type: 'vigil', labels: { source: 'health-check' } },
      { name: 'scheduler', type: 'vigil', labels: { source: 'scheduler' } },
    ]);
  });

  it('answers POST /api/logs for every component with selectors', async () => {
    const components = await db.query<{ id: string; name: string }>(
      `SELECT id, name FROM components_with_logs ORDER BY name`,
    );
    let empty = 0;
    for (const component of components.rows) {
      const answer = await search({ id: component.id });
      expect(answer.status).toBe(200);
      if (answer.body.total === 0) empty += 1;
    }
    // A rare stream may be quiet in two days; nearly all have lines.
    expect(empty).toBeLessThan(components.rows.length / 10);
    const vigil = await db.query<{ id: string }>(
      `SELECT id FROM components WHERE external_id LIKE '%/platform/vigil' LIMIT 1`,
    );
    const own = await search({ id: vigil.rows[0]?.id, name: 'health-check' });
    expect(own.body.total).toBeGreaterThan(0);
    expect(own.body.results[0].message).toMatch(/^check "vigil \/api\/health" (passed|failed)/);
  });

  it('is deterministic for a seed and anchor', async () => {
    const again = await seeded();
    const other = await seeded(42);
    try {
      expect(await digest(again)).toBe(await digest(db));
      expect(await digest(other)).not.toBe(await digest(db));
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  }, 120_000);
});

describe('fleet log lines', () => {
  it('gives new components selectors and tops the store up to the target', async () => {
    const fleet = await openPglite();
    try {
      await migrate(fleet);
      await fleet.exec(`
        INSERT INTO topologies (id, name, namespace) VALUES
          ('00000000-0000-4000-8000-000000000100', 'fleet', 'default');
        INSERT INTO components (topology_id, external_id, name, type, status, namespace) VALUES
          ('00000000-0000-4000-8000-000000000100', 'c1/shop/api', 'api', 'KubernetesDeployment', 'healthy', 'shop'),
          ('00000000-0000-4000-8000-000000000100', 'c1/node-1', 'node-1', 'KubernetesNode', 'healthy', 'default'),
          ('00000000-0000-4000-8000-000000000100', 'c1/shop', 'shop', 'KubernetesNamespace', 'healthy', 'shop');
      `);
      const added = await fleet.transaction((tx) =>
        seedFleetLogs(tx, { target: 3_000, now: ANCHOR.getTime(), seed: 1 }),
      );
      expect(added).toBe(3_000);
      const streams = await fleet.query<{ external_id: string; labels: string }>(
        `SELECT DISTINCT external_id, labels::text FROM vigil_logs ORDER BY 1, 2`,
      );
      expect(new Set(streams.rows.map((row) => row.external_id))).toEqual(
        new Set(['c1/shop/api', 'c1/node-1']),
      );
      const selectors = await fleet.query<{ name: string; log_selectors: unknown }>(
        `SELECT name, log_selectors FROM components ORDER BY name`,
      );
      expect(selectors.rows).toEqual([
        {
          name: 'api',
          log_selectors: [
            { name: 'app', labels: { container: 'app' } },
            { name: 'istio-proxy', labels: { container: 'istio-proxy' } },
          ],
        },
        {
          name: 'node-1',
          log_selectors: [
            { name: 'kubelet', labels: { unit: 'kubelet' } },
            { name: 'containerd', labels: { unit: 'containerd' } },
          ],
        },
        { name: 'shop', log_selectors: null },
      ]);
      // Topping up again adds nothing.
      const again = await fleet.transaction((tx) =>
        seedFleetLogs(tx, { target: 3_000, now: ANCHOR.getTime(), seed: 1 }),
      );
      expect(again).toBe(0);
      expect(logLinesFor({ configChanges: 1_000_000 })).toBe(1_000_000);
      expect(logLinesFor({ configChanges: 2_000 })).toBe(2_000);
    } finally {
      await fleet.close();
    }
  }, 60_000);
});
