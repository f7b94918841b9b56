/**
 * The health-check runner writes the server's own log stream (docs/logs.md): a line per check run
 * (passed, failed, could not run), the scheduler's start, schedule changes and stop, the canary
 * sync, and the retention job that deletes lines older than the retention. Against a real local
 * HTTP server, on PGlite.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { writeLogs } from '../src/logs/store';
import { HealthRunner } from '../src/runner/runner';
import { openTestDb } from './fixtures/app';

let db: Db;
let http: Server;
let base = '';

beforeAll(async () => {
  http = createServer((request, response) => {
    if (request.url === '/down') response.statusCode = 503;
    response.end('pong');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

interface Line {
  level: string;
  message: string;
  labels: Record<string, string>;
  external_id: string;
}

async function lines(): Promise<Line[]> {
  const result = await db.query<Line>(
    `SELECT external_id, level, message, labels FROM vigil_logs ORDER BY logged_at, id`,
  );
  return result.rows;
}

describe('runner log lines', () => {
  it('writes check runs, scheduler and job events, and prunes old lines', async () => {
    await writeLogs(db, [
      { time: new Date(Date.now() - 40 * 86_400_000), externalId: 'vigil', message: 'old' },
    ]);
    await db.query(
      `INSERT INTO canaries (name, namespace, spec, source) VALUES ('web', 'test', $1::jsonb, 'UI')`,
      [
        JSON.stringify({
          schedule: '@every 1h',
          http: [
            { name: 'up', url: `${base}/up`, responseCodes: [200] },
            { name: 'down', url: `${base}/down`, responseCodes: [200] },
          ],
          dns: [{ name: 'records', query: 'example.com' }],
        }),
      ],
    );
    const runner = new HealthRunner(db, {
      minPeriodMs: 0,
      refreshMs: 60_000,
      timeoutMs: 5000,
      log: () => undefined,
      logRetentionMs: 30 * 86_400_000,
    });
    await runner.start();
    // The checks due now run at once: wait for their three lines.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const runs = (await lines()).filter((line) => line.labels.source === 'health-check');
      if (runs.length >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await runner.stop();

    const all = await lines();
    expect(all.every((line) => line.external_id === 'vigil')).toBe(true);
    expect(all.some((line) => line.message === 'old')).toBe(false);
    const messages = all.map((line) => line.message);
    expect(messages).toContain('canary sync: 3 checks created, 0 updated, 0 deleted');
    expect(messages).toContain('log retention: deleted 1 lines older than the retention');
    expect(messages).toContain('check "up" of canary "web" scheduled: @every 1h');
    expect(messages).toContain('scheduler started: 2 checks scheduled');
    expect(messages.at(-1)).toBe('scheduler stopped');

    const runs = all.filter((line) => line.labels.source === 'health-check');
    const byCheck = new Map(runs.map((line) => [line.labels.check, line]));
    expect(byCheck.get('up')).toMatchObject({
      level: 'info',
      labels: { canary: 'web', type: 'http', status: 'healthy' },
    });
    expect(byCheck.get('up')?.message).toMatch(/^check "up" passed in [\d.]+ms$/);
    expect(byCheck.get('down')).toMatchObject({ level: 'warn', labels: { status: 'unhealthy' } });
    expect(byCheck.get('down')?.message).toMatch(/^check "down" failed after [\d.]+ms: .*503/);
    expect(byCheck.get('records')).toMatchObject({ level: 'error' });
    expect(byCheck.get('records')?.message).toContain('check "records" could not run:');
    const sync = all.find((line) => line.message.startsWith('canary sync'));
    expect(sync?.labels).toEqual({ source: 'scheduler', job: 'canary-sync' });
  }, 30_000);
});
