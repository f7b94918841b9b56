/**
 * Migration 0022: the sliding window of per-config change counts behind the grouped summary's
 * changes column, and the trigram indexes of catalog search. The counts must equal a live count
 * after every kind of write (multi-row insert, delete, update of config or time, truncate) and
 * after the window advances; the summary must answer exactly what counting every change answers,
 * whether or not the window has been advanced lately. On PGlite, and on PostgreSQL when its
 * binaries are installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceChangeWindow,
  CHANGE_WINDOW_TOLERANCE_MS,
  readChangeWindow,
  windowServes,
} from '../src/catalog/change-window';
import { catalogSummary, parseSummaryRequest } from '../src/catalog/summary';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const uid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const DAY = 24 * 60 * 60 * 1000;

describe('windowServes', () => {
  const now = Date.parse('2026-11-25T00:00:00Z');
  const window = { start: new Date(now - 30 * DAY), spanMs: 30 * DAY };
  it('answers a window starting within the tolerance of the kept one', () => {
    expect(windowServes(window, 30 * DAY, now)).toBe(true);
    expect(windowServes(window, 30 * DAY + CHANGE_WINDOW_TOLERANCE_MS, now)).toBe(true);
    expect(windowServes(window, 30 * DAY - CHANGE_WINDOW_TOLERANCE_MS, now)).toBe(true);
  });
  it('counts live for other windows and without a kept window', () => {
    expect(windowServes(window, 7 * DAY, now)).toBe(false);
    expect(windowServes(window, 32 * DAY, now)).toBe(false);
    expect(windowServes(undefined, 30 * DAY, now)).toBe(false);
  });
});

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`change window and search indexes on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};
    const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      (await db.query<T>(sql, params)).rows;

    /** The kept counts, and a live count of the changes since the kept window's start. */
    const kept = async () =>
      rows<{ config_id: string; n: number }>(
        'SELECT config_id, n::integer AS n FROM config_change_window_counts ORDER BY config_id',
      );
    const live = async () =>
      rows<{ config_id: string; n: number }>(
        `SELECT cc.config_id, count(*)::integer AS n FROM config_changes cc, config_change_window s
         WHERE cc.created_at >= s.window_start GROUP BY cc.config_id ORDER BY cc.config_id`,
      );
    const expectConsistent = async () => {
      const [a, b] = [await kept(), await live()];
      // Configs whose count went to zero may keep a zero row until the next advance.
      expect(a.filter((row) => row.n !== 0)).toEqual(b);
    };
    /** Insert `n` changes of a config `daysAgo` days old (one statement). */
    const addChanges = (config: number, daysAgo: number, n: number, type = 'Updated') =>
      db.query(
        `INSERT INTO config_changes (config_id, change_type, created_at)
         SELECT $1::uuid, $2, now() - make_interval(secs => $3::double precision)
         FROM generate_series(1, $4::integer)`,
        [uid(config), type, (daysAgo * DAY) / 1000, n],
      );
    /** Rebuild the kept window as if last advanced at `start` (for tests of a lagging window). */
    const rebuildAt = async (startSql: string) => {
      await db.exec(`UPDATE config_change_window SET window_start = ${startSql};
        DELETE FROM config_change_window_counts;
        INSERT INTO config_change_window_counts (config_id, n)
        SELECT cc.config_id, count(*) FROM config_changes cc, config_change_window s
        WHERE cc.created_at >= s.window_start GROUP BY cc.config_id;`);
    };
    /** The summary's changes per type, and the same counted from every change. */
    const summaryChanges = async (since: string) => {
      const request = parseSummaryRequest({ groupBy: ['type'], changes: { since } });
      const summary = await catalogSummary(db, request);
      return Object.fromEntries(summary.map((row) => [row.type as string, row.changes]));
    };
    const referenceChanges = async (sinceDays: number) => {
      const result = await rows<{ type: string; n: number }>(
        `SELECT ci.type, count(cc.id)::integer AS n FROM config_items ci
         LEFT JOIN config_changes cc ON cc.config_id = ci.id
           AND cc.created_at >= now() - make_interval(secs => $1::double precision)
         WHERE ci.deleted_at IS NULL GROUP BY ci.type`,
        [(sinceDays * DAY) / 1000],
      );
      return Object.fromEntries(result.map((row) => [row.type, row.n]));
    };

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      await db.exec(`INSERT INTO config_items (id, config_class, type, name, tags, description) VALUES
        ('${uid(1)}', 'Deployment', 'Kubernetes::Deployment', 'checkout-api', '{"namespace":"shop"}', 'The checkout service'),
        ('${uid(2)}', 'Deployment', 'Kubernetes::Deployment', 'billing-worker', '{"namespace":"finance"}', NULL),
        ('${uid(3)}', 'Pod', 'Kubernetes::Pod', 'checkout-api-7f9c', '{"namespace":"shop"}', NULL),
        ('${uid(4)}', 'Database', 'AWS::RDS::DBInstance', 'orders-db', '{}', 'Primary orders database')`);
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    it('starts with a 30-day window', async () => {
      const window = await readChangeWindow(db);
      expect(window?.spanMs).toBe(30 * DAY);
      // The window starts 30 days before the migration. On PGlite the database comes from the
      // run's migrated template, written when the run began (up to the whole run ago, minutes
      // under load): an hour's tolerance still tells 30 days from any other span.
      const start = window?.start.getTime() ?? 0;
      expect(start).toBeLessThanOrEqual(Date.now() - 30 * DAY);
      expect(Date.now() - 30 * DAY - start).toBeLessThan(60 * 60 * 1000);
    });

    it('follows multi-row inserts, inside and outside the window', async () => {
      await addChanges(1, 1, 5);
      await addChanges(1, 20, 3);
      await addChanges(2, 40, 4); // before the window: not kept
      await addChanges(3, 0.5, 7);
      await db.exec(`INSERT INTO config_changes (config_id, change_type) VALUES
        ('${uid(2)}', 'Created'), ('${uid(2)}', 'Created'), ('${uid(4)}', 'Created')`);
      await expectConsistent();
      expect(await kept()).toEqual([
        { config_id: uid(1), n: 8 },
        { config_id: uid(2), n: 2 },
        { config_id: uid(3), n: 7 },
        { config_id: uid(4), n: 1 },
      ]);
    });

    it('follows deletes and updates of the config or the time', async () => {
      await db.query(
        `DELETE FROM config_changes WHERE id IN (
           SELECT id FROM config_changes WHERE config_id = $1 ORDER BY created_at LIMIT 2)`,
        [uid(3)],
      );
      await expectConsistent();
      // Move two of config 1's recent changes to config 4, one of config 3's out of the window,
      // one old change of config 2 into it; an update touching neither column changes nothing.
      await db.query(
        `UPDATE config_changes SET config_id = $2 WHERE id IN (
           SELECT id FROM config_changes WHERE config_id = $1 ORDER BY created_at DESC LIMIT 2)`,
        [uid(1), uid(4)],
      );
      await db.query(
        `UPDATE config_changes SET created_at = now() - interval '45 days' WHERE id IN (
           SELECT id FROM config_changes WHERE config_id = $1 LIMIT 1)`,
        [uid(3)],
      );
      await db.query(
        `UPDATE config_changes SET created_at = now() - interval '2 days' WHERE id IN (
           SELECT id FROM config_changes WHERE config_id = $1 AND created_at < now() - interval '35 days' LIMIT 1)`,
        [uid(2)],
      );
      await db.query(`UPDATE config_changes SET severity = 'low' WHERE config_id = $1`, [uid(1)]);
      await expectConsistent();
      expect((await kept()).find((row) => row.config_id === uid(4))?.n).toBe(3);
    });

    it('empties on truncate and counts again afterwards', async () => {
      const saved = await rows<{ config_id: string; created_at: Date; change_type: string }>(
        'SELECT config_id, created_at, change_type FROM config_changes',
      );
      await db.exec('TRUNCATE config_changes CASCADE');
      expect(await kept()).toEqual([]);
      for (const change of saved) {
        await db.query(
          'INSERT INTO config_changes (config_id, created_at, change_type) VALUES ($1, $2, $3)',
          [change.config_id, change.created_at, change.change_type],
        );
      }
      await expectConsistent();
    });

    it('advances: subtracts the changes that left the window and drops configs left at zero', async () => {
      // A shorter span makes the window jump 20 days forward at once.
      await db.exec(`UPDATE config_change_window SET span = interval '10 days'`);
      try {
        const before = (await readChangeWindow(db))?.start.getTime() ?? 0;
        const start = await advanceChangeWindow(db);
        expect(start?.getTime()).toBeGreaterThan(before + 19 * DAY);
        await expectConsistent();
        const counts = await kept();
        // Config 1's changes of 20 days ago left; config 2 keeps only the change moved to 2 days.
        expect(counts.every((row) => row.n > 0)).toBe(true);
        expect(counts.find((row) => row.config_id === uid(2))?.n).toBe(3);
        // Advancing again at once moves nothing.
        const again = await advanceChangeWindow(db);
        expect(Math.abs((again?.getTime() ?? 0) - (start?.getTime() ?? 0))).toBeLessThan(60_000);
        await expectConsistent();
      } finally {
        await db.exec(`UPDATE config_change_window SET span = interval '30 days'`);
        await rebuildAt(`now() - interval '30 days'`);
      }
    });

    it('the summary counts exactly what every change counts, with a fresh or lagging window', async () => {
      // Changes just inside and just outside 30 days, so a lag in either direction matters.
      await addChanges(1, 30 - 1 / 24, 2);
      await addChanges(3, 30 + 1 / 24, 3);
      await addChanges(4, 30 - 3 / 24, 1);
      const reference = await referenceChanges(30);
      expect(Object.values(reference).reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
      expect(await summaryChanges('30d')).toEqual(reference);
      // Not advanced for 2 hours: the window starts 2 hours before the asked one.
      await rebuildAt(`now() - interval '30 days 2 hours'`);
      expect(await summaryChanges('30d')).toEqual(reference);
      // A window ahead of the asked one (advanced by another clock): the reader adds the gap.
      await rebuildAt(`now() - interval '30 days' + interval '2 hours'`);
      expect(await summaryChanges('30d')).toEqual(reference);
      // Other windows are counted live.
      expect(await summaryChanges('7d')).toEqual(await referenceChanges(7));
      await rebuildAt(`now() - interval '30 days'`);
    });

    it('catalog search uses the trigram indexes on name, type, description and namespace', async () => {
      const indexes = await rows<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE tablename = 'config_items' AND indexname LIKE '%_trgm_idx'
         ORDER BY indexname`,
      );
      expect(indexes.map((row) => row.indexname)).toEqual([
        'config_items_description_trgm_idx',
        'config_items_name_trgm_idx',
        'config_items_namespace_trgm_idx',
        'config_items_type_trgm_idx',
      ]);
      await db.exec('SET enable_seqscan = off');
      try {
        const plan = (
          await rows<{ 'QUERY PLAN': string }>(
            `EXPLAIN SELECT id FROM configs WHERE name ILIKE '%checkout%' OR type ILIKE '%checkout%'
             OR description ILIKE '%checkout%' OR namespace ILIKE '%checkout%'`,
          )
        )
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        expect(plan).toContain('config_items_name_trgm_idx');
        expect(plan).toContain('config_items_namespace_trgm_idx');
      } finally {
        await db.exec('SET enable_seqscan = on');
      }
      const found = await rows<{ name: string }>(
        `SELECT name FROM configs WHERE name ILIKE '%checkout%' OR type ILIKE '%checkout%'
         OR description ILIKE '%checkout%' OR namespace ILIKE '%checkout%' ORDER BY name`,
      );
      expect(found.map((row) => row.name)).toEqual(['checkout-api', 'checkout-api-7f9c']);
    });
  });
}

suite('PGlite', async () => ({ db: await openMigratedPglite(), stop: async () => {} }));

if (postgresAvailable) {
  suite('PostgreSQL', async () => {
    const server: PostgresServer = await startPostgres();
    return { db: await openPostgres(server.connectionString), stop: () => server.stop() };
  });
}
