/**
 * Behaviour of the catalog migration (0008-catalog.sql, schema.md §3): the live configs view,
 * config_detail's badge counts, the relationship walks, the summaries and the catalog triggers
 * (name default, parent mirror, change de-duplication, updated_at rule, event_queue rows).
 * Runs on PGlite and, when the binaries are installed, on a throw-away PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

type Row = Record<string, unknown>;

/** A fixed uuid per test block and index, so tests sharing one database never collide. */
const uid = (block: number, n: number): string =>
  `00000000-0000-4000-8000-${block.toString(16).padStart(6, '0')}${n.toString(16).padStart(6, '0')}`;

/** pg returns bigint/numeric as strings, PGlite bigint as numbers: compare as numbers. */
const num = (value: unknown): number => Number(value);

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`catalog schema on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    const rows = async <T = Row>(sql: string, params: unknown[] = []): Promise<T[]> =>
      (await db.query<T>(sql, params)).rows;

    async function config(
      id: string,
      fields: Partial<Record<string, unknown>> & { type?: string } = {},
    ): Promise<void> {
      const values = { config_class: 'Node', type: 'Kubernetes::Node', name: `c-${id}`, ...fields };
      const columns = Object.keys(values);
      await db.query(
        `INSERT INTO config_items (id, ${columns.join(', ')})
         VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})`,
        [id, ...Object.values(values)],
      );
    }

    async function relate(from: string, to: string, relation = 'soft'): Promise<void> {
      await db.query(
        'INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, $3)',
        [from, to, relation],
      );
    }

    async function events(id: string): Promise<string[]> {
      const result = await rows<{ name: string }>(
        `SELECT name FROM event_queue WHERE properties ->> 'id' = $1 ORDER BY name`,
        [id],
      );
      return result.map((row) => row.name);
    }

    it('configs lists a new item immediately with changes 0 and analysis {}', async () => {
      const id = uid(1, 1);
      await config(id, { tags: { namespace: 'payments' }, labels: { app: 'api' } });
      const [row] = await rows('SELECT * FROM configs WHERE id = $1', [id]);
      expect(row).toBeDefined();
      expect(row?.name).toBe(`c-${id}`);
      expect(row?.namespace).toBe('payments');
      expect(num(row?.changes)).toBe(0);
      expect(row?.analysis).toEqual({});
      expect(row?.agent_id).toBe('00000000-0000-0000-0000-000000000000');
    });

    it('configs counts changes of the last 7 days and open analyses by type', async () => {
      const id = uid(2, 1);
      await config(id);
      await db.query(
        `INSERT INTO config_changes (config_id, change_type, created_at) VALUES
           ($1, 'diff', now()), ($1, 'Pulled', now() - interval '1 day'),
           ($1, 'diff', now() - interval '10 days')`,
        [id],
      );
      await db.query(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
           ($1, 'trivy', 'security', 'high', 'open'), ($1, 'trivy', 'security', 'low', 'open'),
           ($1, 'aws', 'cost', 'medium', 'open'), ($1, 'aws', 'cost', 'medium', 'resolved')`,
        [id],
      );
      const [row] = await rows('SELECT changes, analysis FROM configs WHERE id = $1', [id]);
      expect(num(row?.changes)).toBe(2);
      expect(row?.analysis).toEqual({ security: 2, cost: 1 });

      const [byConfig] = await rows('SELECT analysis FROM analysis_by_config WHERE id = $1', [id]);
      expect(byConfig?.analysis).toEqual({
        security: { high: 1, low: 1 },
        cost: { medium: 1 },
      });
    });

    it('config_detail carries the config body, badge counts and linked components', async () => {
      const [parent, child, other] = [uid(3, 1), uid(3, 2), uid(3, 3)];
      await config(parent, { config: { spec: { replicas: 2 } } });
      await config(child, { parent_id: parent });
      await config(other);
      await relate(other, parent);
      await db.query(
        `INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'diff'), ($2, 'diff')`,
        [parent, child],
      );
      await db.query(
        `INSERT INTO config_changes (config_id, change_type, created_at)
         VALUES ($1, 'diff', now() - interval '3 days')`,
        [parent],
      );
      await db.query(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, last_observed)
         VALUES ($1, 'a', 'security', now()), ($1, 'b', 'security', now() - interval '5 days')`,
        [parent],
      );
      const component = uid(3, 10);
      await db.query(
        `INSERT INTO components (id, external_id, name, status) VALUES ($1, 'ext', 'web', 'healthy')`,
        [component],
      );
      await db.query(
        `INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2)`,
        [component, parent],
      );

      const [row] = await rows<{ config: unknown; summary: Row; components: Row[] | null }>(
        'SELECT config, summary, components FROM config_detail WHERE id = $1',
        [parent],
      );
      expect(row?.config).toEqual({ spec: { replicas: 2 } });
      // The parent_id mirror (parent -> child) and the soft link from `other`.
      expect(row?.summary).toEqual({
        relationships: 2,
        analysis: 1,
        changes: 2, // its own recent change and its child's (downstream); not the 3-day-old one
        playbook_runs: 0,
        checks: 0,
      });
      expect(row?.components?.map((c) => c.id)).toEqual([component]);

      const [lonely] = await rows<{ components: unknown }>(
        'SELECT components FROM config_detail WHERE id = $1',
        [other],
      );
      expect(lonely?.components).toBeNull();
    });

    it('fills an empty or NULL name from the id and still rejects an empty type', async () => {
      const [a, b] = [uid(4, 1), uid(4, 2)];
      await config(a, { name: '' });
      await config(b, { name: null });
      const named = await rows<{ id: string; name: string }>(
        'SELECT id, name FROM config_items WHERE id IN ($1, $2) ORDER BY id',
        [a, b],
      );
      expect(named.map((row) => row.name)).toEqual([a.slice(-12), b.slice(-12)]);
      await expect(config(uid(4, 3), { type: '' })).rejects.toThrow(
        /config_item_name_type_not_empty/,
      );
    });

    it('mirrors parent_id as a hard relationship and moves it with the parent', async () => {
      const [p1, p2, child] = [uid(5, 1), uid(5, 2), uid(5, 3)];
      await config(p1);
      await config(p2);
      await config(child, { parent_id: p1 });
      const edges = () =>
        rows<{ config_id: string; relation: string }>(
          'SELECT config_id, relation FROM config_relationships WHERE related_id = $1',
          [child],
        );
      expect(await edges()).toEqual([{ config_id: p1, relation: 'hard' }]);
      await db.query('UPDATE config_items SET parent_id = $1 WHERE id = $2', [p2, child]);
      expect(await edges()).toEqual([{ config_id: p2, relation: 'hard' }]);
    });

    describe('relationship walks', () => {
      // A -hard-> B -soft-> C -soft-> E(deleted) ; D -soft-> A ; C -soft-> A (a cycle)
      const [A, B, C, D, E] = [1, 2, 3, 4, 5].map((n) => uid(6, n)) as [
        string,
        string,
        string,
        string,
        string,
      ];
      const walk = async (sql: string, params: unknown[]): Promise<string[]> =>
        (await rows<{ id: string }>(sql, params)).map((row) => row.id);

      beforeAll(async () => {
        await config(A, { name: 'a' });
        await config(B, { name: 'b', parent_id: A });
        await config(C, { name: 'c' });
        await config(D, { name: 'd' });
        await config(E, { name: 'e', deleted_at: new Date().toISOString() });
        await relate(B, C);
        await relate(C, E);
        await relate(D, A);
        await relate(C, A);
      });

      it('walks outgoing edges by depth, cycle-safe, ordered by depth', async () => {
        const sql = `SELECT id FROM related_configs_recursive($1, 'outgoing', false, $2)`;
        expect(await walk(sql, [A, 1])).toEqual([A, B]);
        expect(await walk(sql, [A, 2])).toEqual([A, B, C]);
        expect(await walk(sql, [A, 10])).toEqual([A, B, C]);
        expect(
          await walk(`SELECT id FROM related_configs_recursive($1, 'outgoing', true, 10)`, [A]),
        ).toEqual([A, B, C, E]);
      });

      it('walks incoming edges and both directions', async () => {
        expect(
          await walk(`SELECT id FROM related_configs_recursive($1, 'incoming', false, 1)`, [A]),
        ).toEqual([A, C, D]);
        const all = await walk(`SELECT id FROM related_configs_recursive($1, 'all', false, 1)`, [
          A,
        ]);
        expect(all[0]).toBe(A);
        expect(all.slice(1).sort()).toEqual([B, C, D].sort());
      });

      it('limits edges to hard relations when asked', async () => {
        expect(
          await walk(
            `SELECT id FROM related_configs_recursive($1, 'outgoing', false, 10, 'both', 'hard')`,
            [A],
          ),
        ).toEqual([A, B]);
        expect(
          await walk(
            `SELECT id FROM related_configs_recursive($1, 'incoming', false, 10, 'hard', 'both')`,
            [A],
          ),
        ).toEqual([A]);
      });

      it('lists related_ids among the walked edges and carries configs columns', async () => {
        const result = await rows<{ id: string; related_ids: string[]; changes: unknown }>(
          `SELECT id, related_ids, changes, analysis FROM related_configs_recursive($1)`,
          [A],
        );
        const byId = new Map(result.map((row) => [row.id, row]));
        expect(byId.get(A)?.related_ids).toEqual([B]);
        expect(byId.get(B)?.related_ids).toEqual([C]);
        expect(num(byId.get(C)?.changes)).toBe(0);
      });

      it('rejects an unknown type_filter', async () => {
        await expect(
          db.query(`SELECT * FROM related_configs_recursive($1, 'sideways')`, [A]),
        ).rejects.toThrow(/type_filter/);
      });

      it('returns the edge list and reached ids with min depth', async () => {
        const edges = await rows<{ id: string; related_id: string; depth: number }>(
          `SELECT id, related_id, relation_type, direction, depth
           FROM config_relationships_recursive($1, 'outgoing', 3) ORDER BY depth, related_id`,
          [A],
        );
        expect(edges.map((e) => [e.id, e.related_id, e.depth])).toEqual([
          [A, B, 1],
          [B, C, 2],
          [C, A, 3],
          [C, E, 3],
        ]);
        const ids = await rows<{ id: string; direction: string; depth: number }>(
          `SELECT * FROM related_config_ids_recursive($1, 'all') ORDER BY depth, id`,
          [A],
        );
        const byKey = new Map(ids.map((row) => [`${row.id}/${row.direction}`, row.depth]));
        expect(byKey.get(`${B}/outgoing`)).toBe(1);
        expect(byKey.get(`${C}/outgoing`)).toBe(2);
        expect(byKey.get(`${D}/incoming`)).toBe(1);
        expect(byKey.get(`${C}/incoming`)).toBe(1);
        expect(byKey.has(`${A}/outgoing`)).toBe(false);
      });

      it('related_changes_recursive follows downstream, upstream and none', async () => {
        await db.query(
          `INSERT INTO config_changes (config_id, change_type, summary) VALUES
             ($1, 'diff', 'a'), ($2, 'diff', 'b'), ($3, 'diff', 'd')`,
          [A, B, D],
        );
        const summaries = async (filter: string, depth = 1): Promise<string[]> =>
          (
            await rows<{ summary: string }>(
              `SELECT summary FROM related_changes_recursive($1, $2, false, $3) ORDER BY summary`,
              [A, filter, depth],
            )
          ).map((row) => row.summary);
        expect(await summaries('downstream')).toEqual(['a', 'b']);
        expect(await summaries('upstream')).toEqual(['a', 'd']);
        expect(await summaries('all')).toEqual(['a', 'b', 'd']);
        expect(await summaries('none')).toEqual(['a']);
        // Deeper upstream: D -> A and C -> A, and B -> C (so B is upstream of A too).
        expect(await summaries('upstream', 5)).toEqual(['a', 'b', 'd']);
        const [row] = await rows(`SELECT name, type FROM related_changes_recursive($1, 'none')`, [
          A,
        ]);
        expect(row).toEqual({ name: 'a', type: 'Kubernetes::Node' });
      });

      it('related_configs is a working depth-1 wrapper', async () => {
        const result = await rows<{ id: string; changes: unknown }>(
          `SELECT id, changes FROM related_configs($1)`,
          [A],
        );
        expect(result[0]?.id).toBe(A);
        expect(result.map((row) => row.id).sort()).toEqual([A, B, C, D].sort());
      });

      it('lookup_config_relations and lookup_config_children', async () => {
        const related = await rows<{ id: string }>(
          'SELECT id FROM lookup_config_relations($1) ORDER BY id',
          [A],
        );
        expect(related.map((row) => row.id)).toEqual([B, C, D].sort());
        const children = await rows('SELECT * FROM lookup_config_children($1, 3)', [A]);
        expect(children).toEqual([{ child_id: B, parent_id: A, level: 1 }]);
      });
    });

    it('ancestors from path: config_path, get_recursive_path, always in related_configs_recursive', async () => {
      const [root, mid, leaf] = [uid(7, 1), uid(7, 2), uid(7, 3)];
      await config(root);
      await config(mid, { parent_id: root, path: root });
      await config(leaf, { parent_id: mid, path: `${root}.${mid}` });
      const [path] = await rows<{ path: string }>('SELECT config_path($1) AS path', [leaf]);
      expect(path?.path).toBe(`${root}.${mid}`);
      const ancestors = await rows('SELECT * FROM get_recursive_path($1) ORDER BY depth', [leaf]);
      expect(ancestors).toEqual([
        { id: mid, related_id: leaf, relation_type: 'parent', direction: 'incoming', depth: 1 },
        { id: root, related_id: mid, relation_type: 'parent', direction: 'incoming', depth: 2 },
      ]);
      const ids = (
        await rows<{ id: string }>(
          `SELECT id FROM related_configs_recursive($1, 'outgoing', false, 5, 'both', 'hard')`,
          [leaf],
        )
      ).map((row) => row.id);
      expect(ids).toEqual([leaf, mid, root]);
    });

    it('config_changes: a repeated external_change_id bumps count and inserts nothing', async () => {
      const id = uid(8, 1);
      await config(id);
      const insert = () =>
        db.query(
          `INSERT INTO config_changes (config_id, external_change_id, change_type)
           VALUES ($1, 'ext-1', 'diff') RETURNING id`,
          [id],
        );
      expect((await insert()).rows).toHaveLength(1);
      expect((await insert()).rows).toHaveLength(0);
      await insert();
      const changes = await rows<{ count: number }>(
        'SELECT count FROM config_changes WHERE config_id = $1',
        [id],
      );
      expect(changes).toEqual([{ count: 3 }]);

      // An update that would collide with another row bumps that row instead.
      await db.query(
        `INSERT INTO config_changes (config_id, external_change_id, change_type)
         VALUES ($1, 'ext-2', 'diff')`,
        [id],
      );
      await db.query(
        `UPDATE config_changes SET external_change_id = 'ext-1'
         WHERE config_id = $1 AND external_change_id = 'ext-2'`,
        [id],
      );
      const after = await rows<{ external_change_id: string; count: number }>(
        `SELECT external_change_id, count FROM config_changes WHERE config_id = $1
         ORDER BY external_change_id`,
        [id],
      );
      expect(after).toEqual([
        { external_change_id: 'ext-1', count: 4 },
        { external_change_id: 'ext-2', count: 1 },
      ]);
      // Changes without an external id are never merged.
      await db.query(`INSERT INTO config_changes (config_id) VALUES ($1), ($1)`, [id]);
      const [total] = await rows<{ n: unknown }>(
        'SELECT count(*) AS n FROM config_changes WHERE config_id = $1',
        [id],
      );
      expect(num(total?.n)).toBe(4);
    });

    it('enqueues config events: created, health, deleted, updated and changed', async () => {
      const id = uid(9, 1);
      await config(id, { health: 'healthy' });
      expect(await events(id)).toEqual(['config.created']);
      await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [id]);
      await db.query(`UPDATE config_items SET health = 'unhealthy', status = 'x' WHERE id = $1`, [
        id,
      ]);
      await db.query(
        `INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'diff'), ($1, 'Pulled')`,
        [id],
      );
      await db.query(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [id]);
      expect(await events(id)).toEqual([
        'config.changed',
        'config.created',
        'config.deleted',
        'config.unhealthy',
        'config.updated',
      ]);
      // Upsert on (name, properties): a repeated transition re-arms the same row.
      await db.query(`UPDATE event_queue SET attempts = 3 WHERE name = 'config.unhealthy'`);
      await db.query(`UPDATE config_items SET health = 'healthy' WHERE id = $1`, [id]);
      await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [id]);
      const queued = await rows<{ attempts: number }>(
        `SELECT attempts FROM event_queue WHERE name = 'config.unhealthy' AND properties ->> 'id' = $1`,
        [id],
      );
      expect(queued).toEqual([{ attempts: 0 }]);
    });

    it('updated_at moves only when the config body changes', async () => {
      const id = uid(10, 1);
      await config(id, { config: { a: 1 } });
      const stamp = async (): Promise<string> =>
        new Date(
          (
            await rows<{ t: string }>('SELECT updated_at AS t FROM config_items WHERE id = $1', [
              id,
            ])
          )[0]?.t as string,
        ).toISOString();
      await db.query(`UPDATE config_items SET updated_at = '2020-01-01T00:00:00Z' WHERE id = $1`, [
        id,
      ]);
      expect(await stamp()).toBe('2020-01-01T00:00:00.000Z');
      await db.query(
        `UPDATE config_items SET labels = '{"x":"y"}', status = 'Running' WHERE id = $1`,
        [id],
      );
      expect(await stamp()).toBe('2020-01-01T00:00:00.000Z');
      await db.query(`UPDATE config_items SET config = '{"a":2}' WHERE id = $1`, [id]);
      expect(await stamp()).not.toBe('2020-01-01T00:00:00.000Z');
    });

    it('summaries and filter lists group correctly', async () => {
      const [x1, x2, x3, y1] = [uid(11, 1), uid(11, 2), uid(11, 3), uid(11, 4)];
      await config(x1, {
        type: 'Test::X',
        config_class: 'TestClass',
        status: 'Running',
        labels: { tier: 'gold' },
        tags: { cluster: 'east' },
        cost_total_1d: 1.5,
      });
      await config(x2, { type: 'Test::X', config_class: 'TestClass', cost_total_1d: 2 });
      await config(x3, {
        type: 'Test::X',
        config_class: 'TestClass',
        labels: { tier: 'deleted-only' },
        deleted_at: new Date().toISOString(),
      });
      await config(y1, {
        type: 'AWS::Test::Y',
        config_class: 'TestClass',
        labels: { region: 'eu-west-1' },
      });
      await db.query(
        `INSERT INTO config_changes (config_id, change_type) VALUES ($1, 'Scaled'), ($2, 'Scaled'), ($3, 'Scaled')`,
        [x1, x2, x3],
      );
      await db.query(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity) VALUES
           ($1, 'cat-test-analyzer', 'reliability', 'high'), ($2, 'cat-test-analyzer', 'reliability', 'low'),
           ($3, 'cat-test-analyzer', 'reliability', 'high')`,
        [x1, x2, x3],
      );

      const [summary] = await rows(`SELECT * FROM config_summary WHERE type = 'Test::X'`);
      expect(num(summary?.total_configs)).toBe(2);
      expect(num(summary?.changes)).toBe(2);
      expect(summary?.analysis).toEqual({ reliability: 2 });
      expect(summary?.severity).toEqual({ high: 1, low: 1 });
      expect(num(summary?.cost_total_1d)).toBe(3.5);

      const [byClass] = await rows(
        `SELECT * FROM config_class_summary WHERE config_class = 'TestClass'`,
      );
      expect(num(byClass?.total_configs)).toBe(4); // deleted configs included
      expect(num(byClass?.changes)).toBe(3);
      expect(byClass?.analysis).toEqual({ reliability: 3 });

      const [byType] = await rows(
        `SELECT change_count FROM config_changes_by_types WHERE type = 'Test::X'`,
      );
      expect(num(byType?.change_count)).toBe(3);
      const severities = await rows<{ severity: string; analysis_count: unknown }>(
        `SELECT severity, analysis_count FROM config_analysis_by_severity WHERE type = 'Test::X' ORDER BY severity`,
      );
      expect(severities.map((r) => [r.severity, num(r.analysis_count)])).toEqual([
        ['high', 2],
        ['low', 1],
      ]);

      const types = (await rows<{ type: string }>('SELECT type FROM config_types')).map(
        (r) => r.type,
      );
      expect(types).toContain('Test::X');
      expect(types).toEqual([...types].sort());
      expect(await rows(`SELECT * FROM config_statuses WHERE status = 'Running'`)).toEqual([
        { status: 'Running' },
      ]);
      expect(await rows(`SELECT * FROM config_labels WHERE key = 'tier' ORDER BY value`)).toEqual([
        { key: 'tier', value: 'gold' },
      ]);
      expect(await rows(`SELECT * FROM config_tags WHERE key = 'cluster'`)).toEqual([
        { key: 'cluster', value: 'east' },
      ]);
      expect(await rows(`SELECT * FROM change_types WHERE change_type = 'Scaled'`)).toEqual([
        { change_type: 'Scaled' },
      ]);
      expect(
        await rows(`SELECT * FROM config_analysis_analyzers WHERE analyzer = 'cat-test-analyzer'`),
      ).toEqual([{ analyzer: 'cat-test-analyzer' }]);
      expect(
        await rows(`SELECT * FROM analysis_types WHERE analysis_type = 'reliability'`),
      ).toEqual([{ analysis_type: 'reliability' }]);

      const aws = await rows(
        `SELECT id, region, changes, analysis FROM config_items_aws WHERE id = $1`,
        [y1],
      );
      expect(aws).toHaveLength(1);
      expect(aws[0]?.region).toBe('eu-west-1');
      expect(await rows(`SELECT id FROM config_items_aws WHERE id = $1`, [x1])).toEqual([]);

      const items = await rows(
        `SELECT config_type, config_class FROM config_analysis_items WHERE config_id = $1`,
        [x1],
      );
      expect(items).toEqual([{ config_type: 'Test::X', config_class: 'TestClass' }]);
      const catalog = await rows(
        `SELECT name, type, change_type FROM catalog_changes WHERE config_id = $1`,
        [x1],
      );
      expect(catalog).toEqual([{ name: `c-${x1}`, type: 'Test::X', change_type: 'Scaled' }]);
    });

    it('analysis_by_component and changes_by_component follow component links', async () => {
      const [live, gone] = [uid(12, 1), uid(12, 2)];
      const component = uid(12, 10);
      await config(live, { name: 'live' });
      await config(gone, { name: 'gone', deleted_at: new Date().toISOString() });
      await db.query(
        `INSERT INTO components (id, external_id, name, status) VALUES ($1, 'ext-12', 'api', 'healthy')`,
        [component],
      );
      await db.query(
        `INSERT INTO config_component_relationships (component_id, config_id) VALUES ($1, $2), ($1, $3)`,
        [component, live, gone],
      );
      await db.query(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity, status) VALUES
           ($1, 'x', 'security', 'low', 'open'), ($1, 'x', 'security', 'critical', 'open'),
           ($1, 'x', 'security', 'high', 'resolved'), ($2, 'x', 'security', 'critical', 'open')`,
        [live, gone],
      );
      await db.query(
        `INSERT INTO config_changes (config_id, change_type, created_at) VALUES
           ($1, 'old', now() - interval '1 hour'), ($1, 'new', now()),
           ($2, 'gone', now() - interval '30 minutes')`,
        [live, gone],
      );
      const analyses = await rows<{ severity: string; config_id: string }>(
        'SELECT severity, config_id FROM analysis_by_component WHERE component_id = $1',
        [component],
      );
      expect(analyses).toEqual([
        { severity: 'critical', config_id: live },
        { severity: 'low', config_id: live },
      ]);
      const changes = await rows(
        'SELECT change_type, change_id = id AS same, config_deleted_at IS NOT NULL AS deleted FROM changes_by_component WHERE component_id = $1',
        [component],
      );
      expect(changes).toEqual([
        { change_type: 'new', same: true, deleted: false },
        { change_type: 'gone', same: true, deleted: true },
        { change_type: 'old', same: true, deleted: false },
      ]);
    });

    it('config_scrapers_with_status joins the latest job and the agent', async () => {
      const scraper = uid(13, 1);
      await db.query(
        `INSERT INTO config_scrapers (id, name, spec, source) VALUES ($1, 'kube', '{}', 'UI')`,
        [scraper],
      );
      await db.query(
        `INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at) VALUES
           ('Scrape', 'config_scraper', $1, 'FAILED', now() - interval '2 hours', now() - interval '2 hours'),
           ('Scrape', 'config_scraper', $1, 'SUCCESS', now() - interval '1 hour', now() - interval '1 hour')`,
        [scraper],
      );
      const [row] = await rows(
        `SELECT job_status, job_last_failed IS NOT NULL AS failed, agent FROM config_scrapers_with_status WHERE id = $1`,
        [scraper],
      );
      expect(row).toEqual({
        job_status: 'SUCCESS',
        failed: true,
        agent: { id: '00000000-0000-0000-0000-000000000000', name: 'local' },
      });
    });

    it('the materialized summaries count after a refresh; configs does not wait for it', async () => {
      const id = uid(14, 1);
      await config(id);
      await db.query(
        `INSERT INTO config_changes (config_id, created_at) VALUES ($1, now() - interval '5 days')`,
        [id],
      );
      await db.query(
        `INSERT INTO config_analysis (config_id, analyzer, analysis_type) VALUES ($1, 'x', 'cost')`,
        [id],
      );
      expect(await rows('SELECT 1 FROM config_item_summary_7d WHERE config_id = $1', [id])).toEqual(
        [],
      );
      expect(await rows('SELECT id FROM configs WHERE id = $1', [id])).toEqual([{ id }]);
      for (const view of [
        'config_item_summary_3d',
        'config_item_summary_7d',
        'config_item_summary_30d',
      ]) {
        await db.exec(`REFRESH MATERIALIZED VIEW ${view}`);
      }
      const counts = await Promise.all(
        ['3d', '7d', '30d'].map(async (window) => {
          const [row] = await rows(
            `SELECT config_changes_count AS n, config_analysis_type_counts AS a FROM config_item_summary_${window} WHERE config_id = $1`,
            [id],
          );
          return [num(row?.n), row?.a];
        }),
      );
      expect(counts).toEqual([
        [0, { cost: 1 }],
        [1, { cost: 1 }],
        [1, { cost: 1 }],
      ]);
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
