/**
 * The health summary's stored parts (migration 0014): after every kind of change a check's JSON
 * must equal what a live computation over checks, canaries and the check_status_summary view
 * gives at the same instant. The oracle below is the per-request string builder the summary used
 * before 0014 (it reads the live views only). Runs on PGlite and, when the binaries are
 * installed, on a throw-away PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { statusAboutToLeaveTheHour } from './fixtures/check-statuses';
import { openPostgres } from '../src/db/postgres';
import type { Db, Queryable } from '../src/db/types';
import { readSummaryJson } from '../src/routes/canary';
import { seed } from '../src/seed/index';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const instant = (key: string, value: string): string =>
  `coalesce(',"${key}":"' || to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', '')`;
const text = (key: string, value: string): string =>
  `CASE WHEN ${value} <> '' THEN ',"${key}":' || to_json(${value})::text ELSE '' END`;
const latency = (key: string, value: string): string =>
  `CASE WHEN ${value} > 0 THEN ',"${key}":' || round(${value})::text ELSE '' END`;

/** Every live check's summary object, computed now from the live views (id -> JSON text). */
const LIVE_SQL = `SELECT c.id::text AS id,
    '{"id":"' || c.id || '","canary_id":"' || c.canary_id || '"'
    || ${text('canary_name', 'ca.name')} || ${text('canary_namespace', 'ca.namespace')}
    || ',"name":' || to_json(c.name)::text
    || ',"namespace":' || to_json(coalesce(c.namespace, ''))::text
    || ${text('type', 'c.type')} || ${text('icon', 'c.icon')}
    || ${text('description', 'c.description')} || ${text('owner', 'c.owner')}
    || ${text('severity', 'c.severity')} || ${text('status', 'c.status')}
    || ',"labels":' || (coalesce(ca.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb))::text
    || ',"uptime":{"passed":' || coalesce(st.passed, 0) || ',"failed":' || coalesce(st.failed, 0)
    || ${instant('last_pass', 'st.last_pass')} || ${instant('last_fail', 'st.last_fail')} || '}'
    || ',"latency":{' || substr(${latency('p99', 'st.p99')} || ${latency('p97', 'st.p97')}
      || ${latency('p95', 'st.p95')}
      || ',"rolling1h":' || CASE WHEN st.mean > 0 THEN round(st.mean)::text ELSE '0' END, 2) || '}'
    || ${instant('last_runtime', 'c.last_runtime')}
    || ${instant('last_transition_time', 'c.last_transition_time')}
    || ${instant('created_at', 'c.created_at')} || ${instant('updated_at', 'c.updated_at')}
    || ${instant('deleted_at', 'c.deleted_at')} || ${instant('silenced_at', 'c.silenced_at')}
    || coalesce(',"agent_id":"' || c.agent_id || '"', '')
    || ${text('endpoint', "vigil_redact_text(coalesce(c.spec ->> 'url', c.spec ->> 'endpoint', c.spec ->> 'host'))")}
    || ${instant('next_runtime', 'c.next_runtime')} || '}' AS json
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  LEFT JOIN vigil_check_status_summary st ON st.check_id = c.id
  WHERE c.deleted_at IS NULL
  ORDER BY ca.namespace, ca.name, c.name, c.id`;

const uid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`health summary parts on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      await seed(db, 'demo');
    }, 180_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    /** The endpoint's array and the live oracle, read in one transaction (one now()). */
    async function both(): Promise<{ stored: string[]; live: string[] }> {
      return db.transaction(async (tx: Queryable) => {
        const body = JSON.parse(await readSummaryJson({ ...db, query: tx.query.bind(tx) })) as {
          checks_summary?: unknown[];
        };
        const live = await tx.query<{ json: string }>(LIVE_SQL);
        return {
          stored: (body.checks_summary ?? []).map((check) => JSON.stringify(check)),
          live: live.rows.map((row) => JSON.stringify(JSON.parse(row.json))),
        };
      });
    }

    async function expectLive(): Promise<string[]> {
      const { stored, live } = await both();
      expect(stored.length).toBe(live.length);
      expect(stored).toEqual(live);
      return stored;
    }

    const checkNamed = async (name: string): Promise<string> =>
      (await db.query<{ id: string }>('SELECT id::text FROM checks WHERE name = $1', [name]))
        .rows[0]!.id;

    it('matches the live computation on the seeded data', async () => {
      expect((await expectLive()).length).toBeGreaterThanOrEqual(40);
    });

    it('follows new, changed and deleted statuses', async () => {
      const id = await checkNamed('gateway /healthz');
      await db.query(
        `INSERT INTO check_statuses (check_id, time, status, duration)
         VALUES ($1, now() - interval '10 seconds', false, 4321),
                ($1, now() - interval '5 seconds', true, 7)`,
        [id],
      );
      const after = (await expectLive()).find((json) => json.includes(id))!;
      expect(after).toContain('"p99":4321');
      await db.query(
        `UPDATE check_statuses SET duration = 99999 WHERE check_id = $1 AND duration = 4321`,
        [id],
      );
      expect((await expectLive()).find((json) => json.includes(id))).toContain('"p99":99999');
      // Without statuses in the last hour the check falls back to its latest one.
      await db.query(
        `DELETE FROM check_statuses WHERE check_id = $1 AND time >= now() - interval '1 hour'`,
        [id],
      );
      const fallback = JSON.parse((await expectLive()).find((json) => json.includes(id))!) as {
        uptime: { passed: number; failed: number };
      };
      expect(fallback.uptime.passed + fallback.uptime.failed).toBe(1);
      // No statuses at all.
      await db.query('DELETE FROM check_statuses WHERE check_id = $1', [id]);
      const none = (await expectLive()).find((json) => json.includes(id))!;
      expect(none).toContain('"uptime":{"passed":0,"failed":0}');
    });

    it('follows changes of checks and canaries, new and deleted checks', async () => {
      const canary = (
        await db.query<{ canary_id: string }>(
          'SELECT canary_id::text FROM checks WHERE name = $1',
          ['loki /ready'],
        )
      ).rows[0]!.canary_id;
      await db.query(
        `UPDATE canaries SET labels = coalesce(labels, '{}') || '{"tier":"gold","app":"changed"}',
           name = name || '-renamed' WHERE id = $1`,
        [canary],
      );
      const renamed = await expectLive();
      expect(renamed.filter((json) => json.includes('"tier":"gold"')).length).toBeGreaterThan(1);
      await db.query(
        `UPDATE checks SET description = 'now "quoted" \\ and ünïcode', status = 'unhealthy',
           last_runtime = now(), owner = NULL WHERE name = 'loki /ready'`,
      );
      expect((await expectLive()).join()).toContain('now \\"quoted\\" \\\\ and ünïcode');
      await db.query(
        `INSERT INTO checks (id, canary_id, type, name, status, labels, spec)
         VALUES ($1, $2, 'http', 'brand new', 'healthy', '{"x":"1"}', '{"url":"https://n.example"}')`,
        [uid(1), canary],
      );
      await db.query(
        `INSERT INTO check_statuses (check_id, time, status, duration) VALUES ($1, now(), true, 12)`,
        [uid(1)],
      );
      expect((await expectLive()).find((json) => json.includes(uid(1)))).toContain('"p95":12');
      await db.query(`UPDATE checks SET deleted_at = now() WHERE id = $1`, [uid(1)]);
      expect((await expectLive()).some((json) => json.includes(uid(1)))).toBe(false);
      await db.query('DELETE FROM check_statuses WHERE check_id = $1', [uid(1)]);
      await db.query('DELETE FROM checks WHERE id = $1', [uid(1)]);
      const parts = await db.query('SELECT 1 FROM vigil_check_summary_parts WHERE check_id = $1', [
        uid(1),
      ]);
      expect(parts.rows).toHaveLength(0);
      await expectLive();
    });

    it('rewrites a check whose oldest status of the hour has left the hour', async () => {
      const id = await checkNamed('prometheus /-/ready');
      await statusAboutToLeaveTheHour(db, id);
      const inside = JSON.parse((await expectLive()).find((json) => json.includes(id))!) as {
        uptime: { passed: number; failed: number };
      };
      expect(inside.uptime).toMatchObject({ passed: 1, failed: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const aged = JSON.parse((await expectLive()).find((json) => json.includes(id))!) as {
        uptime: { passed: number; failed: number };
        latency: { p99?: number };
      };
      expect(aged.uptime).toMatchObject({ passed: 1, failed: 0 });
      expect(aged.latency.p99).toBe(50);
    });

    it('follows a truncate of check_statuses', async () => {
      await db.exec('TRUNCATE check_statuses');
      const empty = await expectLive();
      expect(empty.every((json) => json.includes('"uptime":{"passed":0,"failed":0}'))).toBe(true);
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
