import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogSummary, parseSummaryRequest } from '../src/catalog/summary';
import type { TopologyResponse } from '../../src/api/types';
import { KeptReads } from '../src/db/kept-reads';
import { readSummaryChecks, summaryJson } from '../src/routes/canary';
import { SummaryReader } from '../src/routes/summary-cache';
import type { Db } from '../src/db/types';
import { parseTopologyParams, type TopologyParams } from '../src/topology/params';
import { readTopology } from '../src/topology/read';
import { warmUp } from '../src/warmup';
import { openTestDb } from './fixtures/app';

let db: Db;
beforeAll(async () => {
  db = await openTestDb({ seed: true });
});
afterAll(async () => {
  await db.close();
});

describe('start-up warm-up', () => {
  it("reads the topology dashboard and the catalog's default summary, as the console asks", async () => {
    const result = await warmUp(db);
    const params = parseTopologyParams(
      (name) => ({ hidden: 'false', depth: '1', sortOrder: 'desc' })[name],
    ) as TopologyParams;
    const cards = (await readTopology(db, params)).components.length;
    const groups = (
      await catalogSummary(
        db,
        parseSummaryRequest({
          groupBy: ['type'],
          deleted: false,
          changes: { since: '30d' },
          analysis: { since: '30d' },
          cost: '30d',
        }),
      )
    ).length;
    expect(cards).toBeGreaterThan(0);
    expect(groups).toBeGreaterThan(0);
    expect(result.steps).toEqual([
      `topology (${cards} cards)`,
      `catalog summary (${groups} groups)`,
    ]);
    expect(result.ms).toBeGreaterThanOrEqual(0);
  });

  it('leaves an empty database as it was', async () => {
    const empty = await openTestDb();
    try {
      const result = await warmUp(empty);
      expect(result.steps).toEqual(['topology (0 cards)', 'catalog summary (0 groups)']);
    } finally {
      await empty.close();
    }
  });

  it("keeps the dashboard's tree for its first visitor while nothing is written", async () => {
    const kept = new KeptReads<TopologyResponse>(db);
    await warmUp(db, kept);
    const params = parseTopologyParams(
      (name) => ({ hidden: 'false', depth: '1', sortOrder: 'desc' })[name],
    ) as TopologyParams;
    let reads = 0;
    const read = async () => {
      reads += 1;
      return readTopology(db, params);
    };
    const tree = await kept.read(JSON.stringify(params), read);
    expect(reads).toBe(0);
    expect(tree).toEqual(await readTopology(db, params));
  });

  it("keeps /health's summary for its first visitor while nothing is written", async () => {
    let reads = 0;
    const summaries = new SummaryReader(db, {
      checks: (view, expire) => {
        reads += 1;
        return readSummaryChecks(db, undefined, view, expire);
      },
      json: summaryJson,
    });
    const result = await warmUp(db, undefined, summaries);
    expect(result.steps).toContain('health summary');
    const before = reads;
    const first = await summaries.read('list');
    expect(reads).toBe(before);
    const fresh = await readSummaryChecks(db, undefined, 'list');
    expect(first.gzip).toBeDefined();
    expect(JSON.parse(gunzipSync(first.gzip!).toString('utf8')).checks_summary).toEqual(
      JSON.parse(fresh),
    );
  });
});
