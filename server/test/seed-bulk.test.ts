/**
 * The large seed's bulk steps (issue 18), checked on the demo's data on PGlite: the checks' state
 * and daily roll-ups from one pass over the statuses (insertStateAndDailyRollups) equal what the
 * demo's per-step functions (updateCheckState, insertRollups) wrote; a bulk load of config changes
 * that drops the primary key and the unique key for the load puts them back, and the ids stay
 * unique.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { insertBulkChanges } from '../src/seed/bulk-changes';
import { dropForeignKeys, rebuildIndexes } from '../src/seed/bulk-load';
import { seedDemo } from '../src/seed/demo';
import { insertStateAndDailyRollups } from '../src/seed/history';

const ANCHOR = new Date('2024-10-21T12:00:00Z');
let db: Db;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await seedDemo(db, { seed: 7, now: ANCHOR });
}, 180_000);
afterAll(async () => {
  await db.close();
});

async function stateAndRollups(): Promise<unknown> {
  const checks = await db.query(
    `SELECT id, status, last_runtime, next_runtime, last_transition_time FROM checks ORDER BY id`,
  );
  const daily = await db.query(`SELECT * FROM check_statuses_1d ORDER BY check_id, created_at`);
  return { checks: checks.rows, daily: daily.rows };
}

describe('bulk steps of the large seed', () => {
  it('derives the same check state and daily roll-ups in one pass', async () => {
    const expected = await stateAndRollups();
    const ids = (
      await db.query<{ id: string }>(`SELECT DISTINCT check_id AS id FROM check_statuses`)
    ).rows.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(10);
    await db.transaction(async (tx) => {
      await tx.query(`DELETE FROM check_statuses_1d`);
      await tx.query(
        `UPDATE checks SET status = NULL, last_runtime = NULL, next_runtime = NULL,
           last_transition_time = NULL`,
      );
      await insertStateAndDailyRollups(tx, 300, ids);
    });
    expect(await stateAndRollups()).toEqual(expected);
  });

  it('loads config changes without the keys and puts them back', async () => {
    const keys = async (): Promise<string[]> =>
      (
        await db.query<{ name: string }>(
          `SELECT conname AS name FROM pg_constraint
           WHERE conrelid = 'config_changes'::regclass AND contype IN ('p', 'u') ORDER BY 1`,
        )
      ).rows.map((row) => row.name);
    const before = await keys();
    expect(before.length).toBeGreaterThanOrEqual(1);
    const count = async (): Promise<number> =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM config_changes`)).rows[0]
          ?.n,
      );
    const start = await count();
    const configIds = (
      await db.query<{ id: string }>(`SELECT id FROM config_items WHERE deleted_at IS NULL`)
    ).rows.map((row) => row.id);
    const added = await db.transaction(async (tx) => {
      // As the large seed does first: nothing references config_changes during the load.
      const references = await dropForeignKeys(tx, 'evidences');
      const inserted = await insertBulkChanges(tx, {
        target: start + 20_000,
        configIds,
        now: ANCHOR.getTime(),
        seed: 7,
        rebuildIndexesAbove: 10_000,
      });
      await rebuildIndexes(tx, references);
      return inserted;
    });
    expect(added).toBe(20_000);
    expect(await count()).toBe(start + 20_000);
    expect(await keys()).toEqual(before);
    const duplicates = await db.query(
      `SELECT id FROM config_changes GROUP BY id HAVING count(*) > 1 LIMIT 1`,
    );
    expect(duplicates.rows).toEqual([]);
  }, 180_000);
});
