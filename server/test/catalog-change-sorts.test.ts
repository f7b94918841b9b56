/**
 * The change search at the large scale (issue 18, /catalog/changes): its total is kept on PGlite
 * while its tables are unchanged (migration 0038) (server/src/catalog/changes-count-cache.ts), a window without an
 * end moved by the changes between two starts; and each sort the page offers reads an index in
 * its order (migration 0036) instead of sorting every change of the window. Totals stay exact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanges, parseChangesRequest } from '../src/catalog/changes';
import { ChangesCountCache } from '../src/catalog/changes-count-cache';
import { migrate } from '../src/db/migrate';
import type { Db, Queryable } from '../src/db/types';
import { openMigratedPglite } from './fixtures/db-templates';

const FIRST_CONFIG = '00000000-0000-4000-8000-350000000001';

/** A Queryable over `db` that records each statement and its parameters. */
function recording(db: Db): { queryable: Queryable; statements: [string, unknown[]][] } {
  const statements: [string, unknown[]][] = [];
  const queryable: Queryable = {
    query: (sql, values = []) => {
      statements.push([sql, [...values]]);
      return db.query(sql, values);
    },
    exec: (sql) => db.exec(sql),
  };
  return { queryable, statements };
}

/** The count of the changes between two window starts (`created_at < $n`, not `<=` of `to`). */
const SHIFT = /cc\.created_at < \$\d/;
const isFullCount = ([sql]: [string, unknown[]]): boolean =>
  sql.includes('count(*)') && !SHIFT.test(sql);
const isShiftCount = ([sql]: [string, unknown[]]): boolean =>
  sql.includes('count(*)') && SHIFT.test(sql);

describe('change search totals and sorts (migration 0036)', () => {
  let db: Db;
  const now = new Date();
  const request = (body: Record<string, unknown>, at: Date = now) =>
    parseChangesRequest({ page_size: 5, ...body }, at);
  const liveTotal = async (from: Date): Promise<number> =>
    Number(
      (
        await db.query<{ n: string }>(
          'SELECT count(*) AS n FROM config_changes WHERE created_at >= $1',
          [from.toISOString()],
        )
      ).rows[0]?.n,
    );

  beforeAll(async () => {
    db = await openMigratedPglite();
    await migrate(db);
    await db.query(
      `INSERT INTO config_items (id, name, config_class, type)
       SELECT ('00000000-0000-4000-8000-35' || lpad(to_hex(n), 10, '0'))::uuid,
         'change-sorts-' || lpad(n::text, 3, '0'), 'Node', 'Kubernetes::Node'
       FROM generate_series(1, 40) n`,
    );
    // One change a minute over the last 3 days, and one in the future.
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, severity, source, summary, count, created_at)
       SELECT ('00000000-0000-4000-8000-35' || lpad(to_hex(1 + (n + 40) % 40), 10, '0'))::uuid,
         'type-' || (n % 7), 'info', 'source-' || (n % 3), 'summary ' || n, 1 + n % 4,
         $1::timestamptz - n * interval '1 minute'
       FROM generate_series(-1, 4320) n`,
      [now.toISOString()],
    );
    await db.exec('ANALYZE config_changes; ANALYZE config_items');
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('counts a filter once while the data is unchanged, again after a write', async () => {
    const counts = new ChangesCountCache(db);
    const { queryable, statements } = recording(db);
    const first = await catalogChanges(queryable, request({ sort_by: '-created_at' }), counts);
    expect(first.total).toBe(await liveTotal(new Date(now.getTime() - 2 * 86_400_000)));
    expect(statements.filter(isFullCount)).toHaveLength(1);

    // A sort change: same filter, same window, same data: the kept count.
    const sorted = await catalogChanges(queryable, request({ sort_by: 'name' }), counts);
    expect(sorted.total).toBe(first.total);
    expect(statements.filter(isFullCount)).toHaveLength(1);

    // Another filter is counted on its own.
    const typed = await catalogChanges(queryable, request({ type: 'type-1' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(2);
    expect(typed.total).toBeLessThan(first.total ?? 0);

    // Writes to other tables (a job's history, a check's status, a session) keep the count
    // (migration 0038: the version of the change search's tables alone).
    await db.query(
      `INSERT INTO job_history (name, resource_type, resource_id, status) VALUES ('x', 'canary', 'x', 'SUCCESS')`,
    );
    const unrelated = await catalogChanges(queryable, request({ sort_by: 'source' }), counts);
    expect(unrelated.total).toBe(first.total);
    expect(statements.filter(isFullCount)).toHaveLength(2);

    // A change written, then deleted: the filter is counted again each time.
    await db.query(
      `INSERT INTO config_changes (config_id, change_type, created_at) VALUES ($1, 'type-1', now())`,
      [FIRST_CONFIG],
    );
    const written = await catalogChanges(queryable, request({ sort_by: '-count' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(3);
    expect(written.total).toBe((first.total ?? 0) + 1);
    await db.query(`DELETE FROM config_changes WHERE summary IS NULL AND change_type = 'type-1'`);
    const deleted = await catalogChanges(queryable, request({ sort_by: '-count' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(4);
    expect(deleted.total).toBe(first.total);

    // A config (the totals' deleted_at filter) or a relationship (a config's related changes)
    // written: counted again.
    await db.query(`UPDATE config_items SET updated_at = now() WHERE id = $1`, [FIRST_CONFIG]);
    await catalogChanges(queryable, request({ sort_by: 'name' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(5);
    await db.query(
      `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $1, 'self')`,
      [FIRST_CONFIG],
    );
    await catalogChanges(queryable, request({ sort_by: 'name' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(6);
    await db.query(`DELETE FROM config_relationships WHERE relation = 'self'`);
  });

  it('moves a kept count to a later or earlier window start by the changes between them', async () => {
    const counts = new ChangesCountCache(db);
    const { queryable, statements } = recording(db);
    const first = await catalogChanges(queryable, request({ from: 'now-2d' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(1);
    for (const minutes of [7, 3, 12.5]) {
      const at = new Date(now.getTime() + minutes * 60_000);
      const later = await catalogChanges(queryable, request({ from: 'now-2d' }, at), counts);
      expect(later.total).toBe(await liveTotal(new Date(at.getTime() - 2 * 86_400_000)));
    }
    expect(first.total).toBeGreaterThan(0);
    expect(statements.filter(isFullCount)).toHaveLength(1);
    expect(statements.filter(isShiftCount)).toHaveLength(3);

    // Further than the shift allowed: counted whole. A window with an end: only its own values.
    const far = new Date(now.getTime() + 3 * 3_600_000);
    const farther = await catalogChanges(queryable, request({ from: 'now-2d' }, far), counts);
    expect(farther.total).toBe(await liveTotal(new Date(far.getTime() - 2 * 86_400_000)));
    expect(statements.filter(isFullCount)).toHaveLength(2);
    const bounded = { from: 'now-2d', to: 'now' };
    await catalogChanges(queryable, request(bounded), counts);
    await catalogChanges(queryable, request(bounded, new Date(now.getTime() + 1000)), counts);
    expect(statements.filter(isFullCount)).toHaveLength(4);
    await catalogChanges(queryable, request({ ...bounded, sort_by: 'name' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(4);
  });

  it('keeps nothing on PostgreSQL', async () => {
    const counts = new ChangesCountCache({ kind: 'postgres' });
    const { queryable, statements } = recording(db);
    await catalogChanges(queryable, request({}), counts);
    await catalogChanges(queryable, request({ sort_by: 'name' }), counts);
    expect(statements.filter(isFullCount)).toHaveLength(2);
    expect(statements.some(([sql]) => sql.includes('pg_current_wal_insert_lsn'))).toBe(false);
    expect(counts.size).toBe(0);
  });

  it.each([
    'name',
    '-name',
    'change_type',
    '-change_type',
    'source',
    '-source',
    'count',
    '-count',
    '-created_at',
  ])('the page sorted by %s reads an index in its order', async (sort) => {
    const { queryable, statements } = recording(db);
    await catalogChanges(queryable, request({ sort_by: sort }));
    const [sql, values] = statements[0] ?? ['', []];
    expect(sql).toContain('ORDER BY');
    // With sorting discouraged, a plan still sorts the window only when no index gives the order
    // (by name, the configs' index gives the name; the ids of one name are sorted after).
    await db.exec('SET enable_sort = off');
    try {
      const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, values)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      expect(plan).not.toMatch(/(^|->)\s*Sort\s+\(cost/m);
      if (sort.endsWith('name')) expect(plan).toMatch(/Presorted Key: ci\.name/);
      else expect(plan).not.toMatch(/Incremental Sort/);
    } finally {
      await db.exec('RESET enable_sort');
    }
  });

  it('keeps the rows and the order of a sort without an index', async () => {
    for (const sort of ['-change_type', 'source', '-count', '-name']) {
      const body = { sort_by: sort, page_size: 50, page: 3 };
      const fast = await catalogChanges(db, request(body));
      await db.exec('SET enable_indexscan = off; SET enable_bitmapscan = off');
      try {
        expect(await catalogChanges(db, request(body))).toEqual(fast);
      } finally {
        await db.exec('RESET enable_indexscan; RESET enable_bitmapscan');
      }
    }
  });
});
