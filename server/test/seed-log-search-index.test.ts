/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * The log search's trigram index built after start-up (server/src/seed/log-search-index.ts,
 * issue 18): a large log load leaves vigil_logs_message_trgm_idx out, the server builds it once
 * it is ready, and POST /api/logs answers the same before the index exists and after. On PGlite,
 * over the demo's lines plus 20,000 generated ones, loaded the way a large load is (indexes
 * dropped and rebuilt).
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
import {
  buildLogSearchIndex,
  LOG_SEARCH_INDEX,
  logSearchIndexMissing,
} from '../src/seed/log-search-index';
import { generateLogLines } from '../src/seed/logs';

let db: Db;
let app: Hono<AppEnv>;
const NOW = Date.now();

async function search(body: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const response = await app.request('/api/logs', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function indexNames(): Promise<string[]> {
  const result = await db.query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'vigil_logs' ORDER BY 1`,
  );
  return result.rows.map((row) => row.name);
}

/** Searches over the busiest streams: rare and common terms, a case change, a literal `%`. */
let requests: Record<string, unknown>[] = [];

async function answers(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const request of requests) {
    const answer = await search(request);
    expect(answer.status).toBe(200);
    out.push(answer.body);
  }
  return out;
}

let before: unknown[] = [];

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await seedDemo(db, { seed: 3, now: new Date(NOW) });
  app = createApp({ db, config: testConfig({ auth: 'none' }), onError: () => undefined });
  const busiest = await db.query<{ id: string; name: string }>(
    `SELECT c.id, s->>'name' AS name
     FROM components c CROSS JOIN LATERAL jsonb_array_elements(c.log_selectors) s
     WHERE c.deleted_at IS NULL AND jsonb_typeof(c.log_selectors) = 'array'
       AND s->>'name' IN ('app', 'kubelet', 'access')
     ORDER BY (SELECT count(*) FROM vigil_logs l WHERE l.external_id = c.external_id) DESC, c.id, 2
     LIMIT 4`,
  );
  expect(busiest.rows.length).toBeGreaterThan(1);
  requests = busiest.rows.flatMap((row) =>
    ['deadline', 'TIMEOUT', 'GET /api', '503', 'connection refused', '%', 'no-such-term'].map(
      (query) => ({ id: row.id, name: row.name, query, limit: 50 }),
    ),
  );
}, 180_000);
afterAll(async () => {
  await db.close();
});

describe('the log search index after start-up', () => {
  it('is there after the demo (a small load keeps it)', async () => {
    expect(await indexNames()).toContain(LOG_SEARCH_INDEX);
    expect(await logSearchIndexMissing(db)).toBe(false);
    expect((await buildLogSearchIndex(db)).result).toBe('present');
  });

  it('is left out by a large log load, which still loads every line', async () => {
    const count = async (): Promise<number> =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM vigil_logs`)).rows[0]?.n,
      );
    const start = await count();
    const added = await db.transaction((tx) =>
      generateLogLines(tx, {
        lines: 20_000,
        rebuildIndexesAbove: 10_000,
        vigilStream: true,
        spanMinutes: 2 * 1440,
        now: NOW,
        seed: 3,
        deferSearchIndex: true,
      }),
    );
    expect(added).toBe(20_000);
    expect(await count()).toBe(start + 20_000);
    const names = await indexNames();
    expect(names).not.toContain(LOG_SEARCH_INDEX);
    // The other indexes were rebuilt.
    expect(names).toEqual(
      expect.arrayContaining(['vigil_logs_stream_time_idx', 'vigil_logs_time_brin_idx']),
    );
    expect(await logSearchIndexMissing(db)).toBe(true);
  }, 180_000);

  it('answers searches correctly without the index (the same as a plain ILIKE scan)', async () => {
    before = await answers();
    const found = before.filter((body: any) => body.total > 0).length;
    expect(found).toBeGreaterThan(requests.length / 3);
    // Each answer's lines contain the term (case-insensitively), as a full scan finds them.
    for (const [index, request] of requests.entries()) {
      const body = before[index] as any;
      const term = String(request.query).toLowerCase();
      for (const line of body.results) expect(String(line.message).toLowerCase()).toContain(term);
      const component = await db.query<{ external_id: string }>(
        `SELECT external_id FROM components WHERE id = $1`,
        [request.id],
      );
      const scan = await db.query<{ n: number }>(
        `SELECT count(*)::integer AS n FROM vigil_logs
         WHERE external_id = $1 AND strpos(lower(message), $2) > 0`,
        [component.rows[0]?.external_id, term],
      );
      // `total` counts the selector's lines (labels narrow the stream): never more than the scan.
      expect(body.total).toBeLessThanOrEqual(scan.rows[0]?.n ?? 0);
    }
  });

  it('is built once, after which searches answer exactly the same and can use it', async () => {
    const built = await buildLogSearchIndex(db);
    expect(built.result).toBe('built');
    expect(await indexNames()).toContain(LOG_SEARCH_INDEX);
    expect(await logSearchIndexMissing(db)).toBe(false);
    expect((await buildLogSearchIndex(db)).result).toBe('present');
    expect(await answers()).toEqual(before);
    const plan = await db.transaction(async (tx) => {
      await tx.exec(`SET LOCAL enable_seqscan = off`);
      const result = await tx.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM vigil_logs WHERE message ILIKE '%deadline exceeded%'`,
      );
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(LOG_SEARCH_INDEX);
  }, 180_000);
});
