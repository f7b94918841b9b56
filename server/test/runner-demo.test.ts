/**
 * A fresh start with the demo, as main.ts does it: the app listens on a free port, the runner
 * learns that port and starts. The self-check canary turns healthy with live results while the
 * demo's synthetic canaries (fictional hosts, generated history) are left exactly as seeded.
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, runnerOptions } from '../src/app';
import { testConfig } from '../src/config';
import type { Db } from '../src/db/types';
import { readSummary } from '../src/routes/canary';
import { HealthRunner } from '../src/runner/runner';
import { markDemoCanariesSynthetic, seed } from '../src/seed/index';
import { SELF_CHECK_CANARY_NAME, SELF_CHECKS } from '../src/seed/self-check';
import { openTestDb } from './fixtures/app';

let db: Db;
let server: ServerType;
let runner: HealthRunner;
let port = 0;

beforeAll(async () => {
  db = await openTestDb();
  expect(await seed(db, 'demo')).toBe('seeded');
  const config = testConfig({ auth: 'basic', seed: 'demo', runner: true });
  runner = new HealthRunner(db, { ...runnerOptions(config), log: () => undefined });
  const app = createApp({ db, config, runner, onError: () => undefined });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      port = info.port;
      resolve();
    });
  });
}, 120_000);
afterAll(async () => {
  await runner.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
});

async function syntheticState(): Promise<string> {
  const result = await db.query<{ state: string }>(
    `SELECT md5(string_agg(c.id || coalesce(c.status, '') || coalesce(c.last_runtime::text, '') || s.n, ',' ORDER BY c.id)) AS state
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     CROSS JOIN LATERAL (SELECT count(*)::text AS n FROM check_statuses x WHERE x.check_id = c.id) s
     WHERE ca.annotations ->> 'vigil.dev/synthetic' = 'true'`,
  );
  return result.rows[0]?.state ?? '';
}

describe('the demo on a fresh start', () => {
  it('marks the demo canaries synthetic and adds a live self-check canary', async () => {
    const canaries = await db.query<{ name: string; synthetic: string | null }>(
      `SELECT name, annotations ->> 'vigil.dev/synthetic' AS synthetic FROM canaries ORDER BY name`,
    );
    expect(canaries.rows.filter((row) => row.synthetic === 'true').length).toBe(
      canaries.rows.length - 1,
    );
    expect(canaries.rows.find((row) => row.name === SELF_CHECK_CANARY_NAME)?.synthetic).toBe(
      'false',
    );
    const self = await db.query<{ name: string; status: string | null }>(
      `SELECT c.name, c.status FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.name = $1 ORDER BY c.name`,
      [SELF_CHECK_CANARY_NAME],
    );
    expect(self.rows.map((row) => row.name)).toEqual(
      SELF_CHECKS.map((check) => check.spec.name).sort(),
    );
    // Not run yet: no made-up status.
    expect(self.rows.every((row) => row.status === null)).toBe(true);
  });

  it('runs the self checks against the listening server and leaves the synthetic ones alone', async () => {
    const before = await syntheticState();
    runner.setSelfUrl(`http://127.0.0.1:${port}`);
    await runner.start();
    const deadline = Date.now() + 20_000;
    let states: { name: string; status: string | null; error: string | null }[] = [];
    while (Date.now() < deadline) {
      const result = await db.query<{ name: string; status: string | null; error: string | null }>(
        `SELECT c.name, c.status,
           (SELECT s.error FROM check_statuses s WHERE s.check_id = c.id ORDER BY s.time DESC LIMIT 1) AS error
         FROM checks c JOIN canaries ca ON ca.id = c.canary_id WHERE ca.name = $1 ORDER BY c.name`,
        [SELF_CHECK_CANARY_NAME],
      );
      states = result.rows;
      if (states.every((row) => row.status !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(states).toEqual(
      SELF_CHECKS.map((check) => ({ name: check.spec.name, status: 'healthy', error: null })).sort(
        (a, b) => (a.name < b.name ? -1 : 1),
      ),
    );
    expect(await syntheticState()).toBe(before);

    const summary = await readSummary(db);
    const live = summary.checks_summary?.filter(
      (item) => item.canary_name === SELF_CHECK_CANARY_NAME,
    );
    expect(live?.map((item) => item.endpoint).sort()).toEqual(
      [
        `127.0.0.1:${port}`,
        `http://127.0.0.1:${port}/api/about`,
        `http://127.0.0.1:${port}/api/health`,
        `http://127.0.0.1:${port}/config.json`,
      ].sort(),
    );
    for (const item of live ?? []) {
      expect(item.status).toBe('healthy');
      expect(item.next_runtime).toBeDefined();
    }
  });

  it('marks the demo canaries of a database seeded before the runner existed', async () => {
    // Unmarked demo canaries would be probed: the scheduler must not be running now.
    await runner.stop();
    await db.query(
      `UPDATE canaries SET annotations = annotations - 'vigil.dev/synthetic' WHERE name <> $1`,
      [SELF_CHECK_CANARY_NAME],
    );
    expect(await markDemoCanariesSynthetic(db)).toBe(7);
    expect(await markDemoCanariesSynthetic(db)).toBe(0);
    expect(await seed(db, 'demo')).toBe('skipped');
  });
});
