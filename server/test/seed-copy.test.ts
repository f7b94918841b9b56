/**
 * The large seed's COPY paths (issue 18): on PGlite with a data directory the bulk rows are
 * generated in JavaScript and loaded with binary COPY (seed/copy.ts), the check state and daily
 * roll-ups come from what the history's COPY gathered (history.ts). They must write exactly what
 * the SQL paths write in memory: the demo and a small fleet, seeded both ways, compared table by
 * table (columns stamped with now() left out).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { copyTarget } from '../src/seed/copy';
import { seedDemo } from '../src/seed/demo';
import { seedFleet } from '../src/seed/large';

const ANCHOR = new Date('2024-10-21T12:00:00Z');
const SIZES = {
  configItems: 1500,
  checks: 300,
  incidents: 100,
  playbookRuns: 60,
  notificationHistory: 400,
  configChanges: 20_000,
};
const TABLES = [
  'checks',
  'check_statuses',
  'check_statuses_1d',
  'check_statuses_1h',
  'config_items',
  'config_changes',
  'config_change_window_counts',
  'config_key_value_counts',
  'config_analysis',
  'config_relationships',
  'components',
  'incidents',
  'incident_histories',
  'hypotheses',
  'evidences',
  'responders',
  'playbook_runs',
  'notification_send_history',
  'job_history',
  'vigil_logs',
  'vigil_check_summary_parts',
];
/** Columns a trigger or default stamps with now() or a random value. */
const VOLATILE = ['updated_at', 'id'];
const VOLATILE_TABLES: Record<string, string[]> = {
  incident_histories: VOLATILE,
  checks: ['updated_at'],
  // The tail has the check's updated_at.
  vigil_check_summary_parts: ['tail'],
};

async function seeded(db: Db): Promise<Db> {
  await migrate(db);
  await seedDemo(db, { seed: 7, now: ANCHOR });
  await seedFleet(db, { seed: 7, now: ANCHOR, sizes: SIZES });
  return db;
}

async function checksums(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const drop = (VOLATILE_TABLES[table] ?? ['updated_at']).map((column) => ` - '${column}'`);
    const row = await db.query<{ sum: string; n: string }>(
      `SELECT md5(coalesce(string_agg(j, '|' ORDER BY j), '')) AS sum, count(*)::text AS n
       FROM (SELECT (to_jsonb(t)${drop.join('')})::text AS j FROM ${table} t) x`,
    );
    result[table] = `${row.rows[0]?.n} ${row.rows[0]?.sum}`;
  }
  return result;
}

let dir: string;
let memory: Db;
let disk: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-seed-copy-'));
  memory = await seeded(await openPglite());
  disk = await seeded(await openPglite(join(dir, 'db'), { bulkLoad: true }));
}, 300_000);
afterAll(async () => {
  await Promise.all([memory, disk].map((db) => db?.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the large seed through COPY', () => {
  it('is used on a data directory only', () => {
    expect(copyTarget(memory)).toBeUndefined();
    expect(copyTarget(disk)).toBeDefined();
  });

  it('writes the same rows as the SQL paths', async () => {
    const expected = await checksums(memory);
    expect(Number(expected.check_statuses?.split(' ')[0])).toBeGreaterThan(50_000);
    expect(Number(expected.vigil_logs?.split(' ')[0])).toBeGreaterThan(10_000);
    expect(await checksums(disk)).toEqual(expected);
  });
});
