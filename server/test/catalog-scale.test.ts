/**
 * The catalog at scale (issue 11 §7): migration 0020's rewrites answer exactly what the views
 * they replace answered (change_types, config_detail's change badge), the changes list keeps its
 * order, and the large seed's bulk changes (seed/bulk-changes.ts) top config_changes up to the
 * target with the promised mix and leave the table's triggers and indexes as they were. Runs on
 * the demo data (the million rows themselves are measured by bench/queries.ts, not tested here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogChanges, parseChangesRequest } from '../src/catalog/changes';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';
import { insertBulkChanges } from '../src/seed/bulk-changes';
import { DEMO_SEED, seedDemo } from '../src/seed/demo';

let db: Db;

const rows = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await db.query<T>(sql, params)).rows;

beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await seedDemo(db, { seed: DEMO_SEED });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('migration 0020', () => {
  it('change_types lists the distinct change types in order', async () => {
    const view = await rows<{ change_type: string }>('SELECT change_type FROM change_types');
    const distinct = await rows<{ change_type: string }>(
      `SELECT DISTINCT change_type FROM config_changes WHERE change_type IS NOT NULL ORDER BY change_type`,
    );
    expect(view.length).toBeGreaterThan(5);
    expect(view).toEqual(distinct);
  });

  it('config_types lists the distinct types of every item (deleted too) in order', async () => {
    const view = await rows<{ type: string }>('SELECT type FROM config_types');
    const distinct = await rows<{ type: string }>(
      'SELECT DISTINCT type FROM config_items ORDER BY type',
    );
    expect(view.length).toBeGreaterThan(5);
    expect(view).toEqual(distinct);
  });

  it("config_detail's change badge counts the config's and its downstream configs' changes of 2 days", async () => {
    // Configs with changes of their own or below them, and some without.
    const configs = await rows<{ id: string }>(
      `(SELECT config_id AS id FROM config_relationships GROUP BY config_id ORDER BY count(*) DESC LIMIT 5)
       UNION (SELECT config_id FROM config_changes WHERE created_at > now() - interval '2 days' LIMIT 5)
       UNION (SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id LIMIT 5)`,
    );
    let nonZero = 0;
    for (const { id } of configs) {
      const [detail] = await rows<{ changes: number; deleted: boolean }>(
        `SELECT (summary->>'changes')::integer AS changes, deleted_at IS NOT NULL AS deleted
         FROM config_detail WHERE id = $1`,
        [id],
      );
      const [reference] = await rows<{ n: number }>(
        `SELECT count(*)::integer AS n FROM related_changes_recursive($1::uuid, 'downstream') rc
         WHERE rc.created_at > now() - interval '2 days'`,
        [id],
      );
      expect(detail?.changes).toBe(detail?.deleted ? 0 : reference?.n);
      if ((detail?.changes ?? 0) > 0) nonZero += 1;
    }
    expect(nonZero).toBeGreaterThan(0);
  });

  it('config_labels and config_tags follow inserts, label edits, soft deletes and deletes', async () => {
    const distinct = (column: 'labels' | 'tags') =>
      rows<{ key: string; value: string }>(
        `SELECT DISTINCT l.key, l.value FROM config_items ci, jsonb_each_text(ci.${column}) l
         WHERE ci.deleted_at IS NULL AND jsonb_typeof(ci.${column}) = 'object' ORDER BY 1, 2`,
      );
    const view = (name: 'config_labels' | 'config_tags') =>
      rows<{ key: string; value: string }>(`SELECT key, value FROM ${name} ORDER BY 1, 2`);
    const same = async () => {
      expect(await view('config_labels')).toEqual(await distinct('labels'));
      expect(await view('config_tags')).toEqual(await distinct('tags'));
    };
    await same();
    expect((await view('config_labels')).length).toBeGreaterThan(10);
    const a = '00000000-0000-4000-8000-0000000a0001';
    const b = '00000000-0000-4000-8000-0000000a0002';
    await db.query(
      `INSERT INTO config_items (id, config_class, type, name, labels, tags) VALUES
         ($1, 'Pod', 'Kubernetes::Pod', 'scale-a', '{"scale-test":"one","shared":"x"}', '{"cluster":"scale-test"}'),
         ($2, 'Pod', 'Kubernetes::Pod', 'scale-b', '{"scale-test":"two","shared":"x"}', '"not an object"')`,
      [a, b],
    );
    await same();
    await db.query(`UPDATE config_items SET labels = '{"scale-test":"three"}' WHERE id = $1`, [a]);
    await same();
    await db.query(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [b]);
    await same();
    expect(await view('config_labels')).not.toContainEqual({ key: 'scale-test', value: 'two' });
    await db.query(`UPDATE config_items SET deleted_at = NULL WHERE id = $1`, [b]);
    await same();
    await db.query(`DELETE FROM config_items WHERE id = ANY($1::uuid[])`, [[a, b]]);
    await same();
    expect(await view('config_tags')).not.toContainEqual({ key: 'cluster', value: 'scale-test' });
  });

  it('config_statuses lists the distinct statuses in order', async () => {
    const view = await rows<{ status: string }>('SELECT status FROM config_statuses');
    const distinct = await rows<{ status: string }>(
      'SELECT DISTINCT status FROM config_items WHERE status IS NOT NULL ORDER BY status',
    );
    expect(view.length).toBeGreaterThan(2);
    expect(view).toEqual(distinct);
  });

  it('the changes list is newest first with the id breaking ties, page after page', async () => {
    const from = 'now-30d';
    const all: { id: string; created_at: Date }[] = [];
    for (const page of [1, 2, 3]) {
      const response = await catalogChanges(
        db,
        parseChangesRequest({ page, page_size: 50, from, sort_by: '-created_at' }),
      );
      all.push(...((response.changes ?? []) as { id: string; created_at: Date }[]));
    }
    expect(all.length).toBe(150);
    expect(new Set(all.map((change) => change.id)).size).toBe(150);
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      const order = b.created_at.getTime() - a.created_at.getTime() || (b.id < a.id ? -1 : 1);
      expect(order).toBeLessThan(0);
    }
  });
});

describe('bulk config changes of the large seed', () => {
  it('tops config_changes up to the target with the promised mix', async () => {
    const indexes = async () =>
      rows<{ def: string }>(
        `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index
         WHERE indrelid = 'config_changes'::regclass ORDER BY 1`,
      );
    const triggers = async () =>
      rows(
        `SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'config_changes'::regclass ORDER BY tgname`,
      );
    const [indexesBefore, triggersBefore] = [await indexes(), await triggers()];
    const [{ n: before } = { n: 0 }] = await rows<{ n: number }>(
      'SELECT count(*)::integer AS n FROM config_changes',
    );
    const configIds = (await rows<{ id: string }>('SELECT id FROM config_items')).map(
      (row) => row.id,
    );
    const target = before + 5000;
    const now = Date.now();
    // Rebuilding the indexes (what a million-row load does) is exercised here too.
    const added = await db.transaction((tx) =>
      insertBulkChanges(tx, { target, configIds, now, seed: DEMO_SEED, rebuildIndexesAbove: 0 }),
    );
    expect(added).toBe(5000);
    const [mix] = await rows<{
      total: number;
      diffs: number;
      recent: number;
      early: number;
      future: number;
      types: number;
    }>(
      `SELECT count(*)::integer AS total,
         count(*) FILTER (WHERE cc.diff IS NOT NULL AND cc.change_type = 'diff')::integer AS diffs,
         count(*) FILTER (WHERE cc.created_at > $1::timestamptz - interval '2 days')::integer AS recent,
         count(*) FILTER (WHERE cc.created_at < ci.created_at
           OR cc.created_at < $1::timestamptz - interval '30 days')::integer AS early,
         count(*) FILTER (WHERE cc.created_at > $1::timestamptz)::integer AS future,
         count(DISTINCT cc.change_type)::integer AS types
       FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
       WHERE cc.id IN (SELECT md5('vigil-bulk-change-' || $2::text || '-' || i)::uuid
                       FROM generate_series(1, 5000) AS i)`,
      [new Date(now).toISOString(), String(DEMO_SEED)],
    );
    expect(mix?.total).toBe(5000);
    expect(mix?.diffs).toBeGreaterThan(350);
    expect(mix?.diffs).toBeLessThan(650);
    expect(mix?.recent).toBeGreaterThan(300);
    expect(mix?.early).toBe(0);
    expect(mix?.future).toBe(0);
    expect(mix?.types).toBeGreaterThan(20);
    // At the target already: nothing more.
    expect(
      await db.transaction((tx) =>
        insertBulkChanges(tx, { target, configIds, now, seed: DEMO_SEED }),
      ),
    ).toBe(0);
    expect(await indexes()).toEqual(indexesBefore);
    expect(await triggers()).toEqual(triggersBefore);
  });
});
