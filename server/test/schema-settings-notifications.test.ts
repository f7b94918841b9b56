/**
 * Behaviour of migration 0011 (health leftovers, agents & people, settings, notifications,
 * playbooks): the views compute what schema.md §1, §2, §6–§8 say, and the triggers enqueue events
 * and cascade soft deletes. Runs on PGlite and, when the binaries are installed, on a throw-away
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openMigratedPglite } from './fixtures/db-templates';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

type Row = Record<string, unknown>;

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

function suite(label: string, open: () => Promise<{ db: Db; stop(): Promise<void> }>): void {
  describe(`0011 settings, notifications, playbooks on ${label}`, () => {
    let db: Db;
    let stop: () => Promise<void> = async () => {};
    let system: string;

    beforeAll(async () => {
      const opened = await open();
      db = opened.db;
      stop = opened.stop;
      await migrate(db);
      system = (await one<{ id: string }>(`SELECT id FROM people WHERE name = 'System'`)).id;
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await stop();
    });

    async function rows<T = Row>(sql: string, params: unknown[] = []): Promise<T[]> {
      return (await db.query<T>(sql, params)).rows;
    }
    async function one<T = Row>(sql: string, params: unknown[] = []): Promise<T> {
      const result = await rows<T>(sql, params);
      expect(result).toHaveLength(1);
      return result[0] as T;
    }
    async function id(sql: string, params: unknown[] = []): Promise<string> {
      return (await one<{ id: string }>(sql, params)).id;
    }
    async function canaryWithCheck(
      name: string,
      agentId = LOCAL_AGENT,
    ): Promise<{ canary: string; check: string }> {
      const canary = await id(
        `INSERT INTO canaries (name, namespace, spec, agent_id) VALUES ($1, 'default', '{}', $2)
         RETURNING id`,
        [name, agentId],
      );
      const check = await id(
        `INSERT INTO checks (canary_id, type, name, status, agent_id, spec)
         VALUES ($1, 'http', $2, 'healthy', $3, '{"url": "https://example.test"}') RETURNING id`,
        [canary, `${name}-check`, agentId],
      );
      return { canary, check };
    }
    async function component(name: string, agentId = LOCAL_AGENT): Promise<string> {
      return id(
        `INSERT INTO components (name, external_id, status, agent_id, icon)
         VALUES ($1, $1, 'healthy', $2, 'server') RETURNING id`,
        [name, agentId],
      );
    }
    async function configItem(name: string, agentId = LOCAL_AGENT): Promise<string> {
      return id(
        `INSERT INTO config_items (name, type, config_class, agent_id)
         VALUES ($1, 'Kubernetes::Pod', 'Pod', $2) RETURNING id`,
        [name, agentId],
      );
    }

    describe('health', () => {
      it('a status change enqueues check.failed / check.passed and stamps last_transition_time', async () => {
        const { check } = await canaryWithCheck('events');
        await db.query(
          `UPDATE checks SET status = 'unhealthy', last_runtime = '2024-10-01T00:00:00Z' WHERE id = $1`,
          [check],
        );
        const failed = await rows<{ properties: { id: string; last_runtime: string } }>(
          `SELECT properties FROM event_queue WHERE name = 'check.failed' AND properties ->> 'id' = $1`,
          [check],
        );
        expect(failed).toHaveLength(1);
        expect(failed[0]?.properties.id).toBe(check);
        const transitioned = await one<{ t: unknown }>(
          `SELECT last_transition_time AS t FROM checks WHERE id = $1`,
          [check],
        );
        expect(transitioned.t).not.toBeNull();

        // No status change, no event.
        await db.query(`UPDATE checks SET description = 'x' WHERE id = $1`, [check]);
        await db.query(
          `UPDATE checks SET status = 'healthy', last_runtime = '2024-10-01T00:01:00Z' WHERE id = $1`,
          [check],
        );
        const names = await rows<{ name: string }>(
          `SELECT name FROM event_queue WHERE properties ->> 'id' = $1 ORDER BY created_at, name`,
          [check],
        );
        expect(names.map((row) => row.name).sort()).toEqual(['check.failed', 'check.passed']);
      });

      it('soft-deleting a canary or a check soft-deletes their component links', async () => {
        const a = await canaryWithCheck('cascade-a');
        const b = await canaryWithCheck('cascade-b');
        const comp = await component('cascade-component');
        for (const pair of [a, b]) {
          await db.query(
            `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
             VALUES ($1, $2, $3)`,
            [comp, pair.check, pair.canary],
          );
        }
        await db.query(`UPDATE canaries SET deleted_at = now() WHERE id = $1`, [a.canary]);
        await db.query(`UPDATE checks SET deleted_at = now() WHERE id = $1`, [b.check]);
        const links = await rows<{ check_id: string; deleted: boolean }>(
          `SELECT check_id, deleted_at IS NOT NULL AS deleted FROM check_component_relationships
           WHERE component_id = $1`,
          [comp],
        );
        expect(links.every((link) => link.deleted)).toBe(true);
        const checkA = await one<{ deleted: boolean }>(
          `SELECT deleted_at IS NOT NULL AS deleted FROM checks WHERE id = $1`,
          [a.check],
        );
        expect(checkA.deleted).toBe(true);
        expect(
          await rows(`SELECT * FROM checks_by_component WHERE component_id = $1`, [comp]),
        ).toEqual([]);
      });

      it('checks by component and config, their summaries and check_summary_for_*', async () => {
        const healthy = await canaryWithCheck('linked-1');
        const failing = await canaryWithCheck('linked-2');
        await db.query(`UPDATE checks SET status = 'unhealthy' WHERE id = $1`, [failing.check]);
        const comp = await component('linked-component');
        const config = await configItem('linked-config');
        for (const pair of [healthy, failing]) {
          await db.query(
            `INSERT INTO check_component_relationships (component_id, check_id, canary_id)
             VALUES ($1, $2, $3)`,
            [comp, pair.check, pair.canary],
          );
          await db.query(
            `INSERT INTO check_config_relationships (config_id, check_id, canary_id)
             VALUES ($1, $2, $3)`,
            [config, pair.check, pair.canary],
          );
        }
        const byComponent = await rows<{ id: string; status: string }>(
          `SELECT id, status FROM checks_by_component WHERE component_id = $1 ORDER BY status`,
          [comp],
        );
        expect(byComponent).toEqual([
          { id: healthy.check, status: 'healthy' },
          { id: failing.check, status: 'unhealthy' },
        ]);
        const byConfig = await rows(`SELECT * FROM checks_by_config WHERE config_id = $1`, [
          config,
        ]);
        expect(byConfig).toHaveLength(2);
        expect(
          (
            await one<{ checks: unknown }>(
              `SELECT checks FROM check_summary_by_component WHERE component_id = $1`,
              [comp],
            )
          ).checks,
        ).toEqual({ healthy: 1, unhealthy: 1 });
        expect(
          (
            await one<{ checks: unknown }>(
              `SELECT checks FROM check_summary_by_config WHERE config_id = $1`,
              [config],
            )
          ).checks,
        ).toEqual({ healthy: 1, unhealthy: 1 });

        const forConfig = await rows<{ config_id: string; id: string; canary_name: string }>(
          `SELECT config_id, id, canary_name FROM check_summary_for_config WHERE config_id = $1
           ORDER BY canary_name`,
          [config],
        );
        expect(forConfig).toEqual([
          { config_id: config, id: healthy.check, canary_name: 'linked-1' },
          { config_id: config, id: failing.check, canary_name: 'linked-2' },
        ]);
        const forComponent = await rows<{ id: string; endpoint: string }>(
          `SELECT id, endpoint FROM check_summary_for_component($1) ORDER BY name`,
          [comp],
        );
        expect(forComponent.map((row) => row.id)).toEqual([healthy.check, failing.check]);
        expect(forComponent[0]?.endpoint).toBe('https://example.test');

        // An unlinked (soft-deleted) link drops out of the link views.
        await db.query(
          `UPDATE check_config_relationships SET deleted_at = now() WHERE check_id = $1`,
          [failing.check],
        );
        expect(
          await rows(`SELECT id FROM check_summary_for_config WHERE config_id = $1`, [config]),
        ).toHaveLength(1);
      });

      it('status summaries: last hour, aged fallback, 5-minute buckets, artifacts and sizes', async () => {
        const recent = await canaryWithCheck('summary-recent');
        const aged = await canaryWithCheck('summary-aged');
        for (const [offset, duration, status] of [
          [1, 100, true],
          [2, 200, true],
          [3, 300, false],
          [4, 400, true],
        ] as const) {
          await db.query(
            `INSERT INTO check_statuses (check_id, time, duration, status, message)
             VALUES ($1, now() - make_interval(mins => $2), $3, $4, 'm')`,
            [recent.check, offset, duration, status],
          );
        }
        await db.query(
          `INSERT INTO check_statuses (check_id, time, duration, status)
           VALUES ($1, now() - interval '3 hours', 50, true), ($1, now() - interval '2 hours', 70, false)`,
          [aged.check],
        );
        const hour = await one<Row>(
          `SELECT passed::int, failed::int, p50, p99, round(mean)::int AS mean
           FROM check_status_summary_hour WHERE check_id = $1`,
          [recent.check],
        );
        expect(hour).toEqual({ passed: 3, failed: 1, p50: 200, p99: 400, mean: 250 });
        expect(
          await rows(`SELECT 1 FROM check_status_summary_aged WHERE check_id = $1`, [recent.check]),
        ).toEqual([]);
        const agedRow = await one<Row>(
          `SELECT passed, failed, p99, mean, last_pass IS NULL AS no_pass
           FROM check_status_summary_aged WHERE check_id = $1`,
          [aged.check],
        );
        expect(agedRow).toEqual({ passed: 0, failed: 1, p99: 70, mean: 70, no_pass: true });
        const summary = await one<{ uptime: Row; latency: Row }>(
          `SELECT uptime, latency FROM check_summary WHERE id = $1`,
          [recent.check],
        );
        expect(summary.uptime).toMatchObject({ passed: 3, failed: 1 });
        expect(summary.latency).toMatchObject({ p99: 400, p97: 400, p50: 200 });
        const all = await one<Row>(
          `SELECT passed::int, failed::int FROM check_status_summary WHERE check_id = $1`,
          [aged.check],
        );
        expect(all).toEqual({ passed: 0, failed: 1 });

        const buckets = await rows<{ total: number; passed: number; failed: number; dur: number }>(
          `SELECT total_checks::int AS total, passed::int, failed::int, total_duration::int AS dur
           FROM check_statuses_5m WHERE check_id = $1`,
          [recent.check],
        );
        const totals = buckets.reduce(
          (sum, b) => ({
            total: sum.total + b.total,
            passed: sum.passed + b.passed,
            failed: sum.failed + b.failed,
            dur: sum.dur + b.dur,
          }),
          { total: 0, passed: 0, failed: 0, dur: 0 },
        );
        expect(totals).toEqual({ total: 4, passed: 3, failed: 1, dur: 1000 });
        // Statuses older than a day are outside the window; 3h/2h ones are inside.
        expect(
          await rows(`SELECT 1 FROM check_statuses_5m WHERE check_id = $1`, [aged.check]),
        ).toHaveLength(2);

        // The oldest status gets an artifact (time compared in SQL: drivers round to ms).
        await db.query(
          `INSERT INTO artifacts (check_id, check_time, path, filename, size, checksum)
           SELECT $1, min(time), '/a/screenshot.png', 'screenshot.png', 42, 'abc'
           FROM check_statuses WHERE check_id = $1`,
          [recent.check],
        );
        const withArtifacts = await rows<{ artifacts: { name: string; size: number }[] }>(
          `SELECT artifacts FROM checks_status_artifacts WHERE check_id = $1 ORDER BY time DESC`,
          [recent.check],
        );
        expect(withArtifacts).toHaveLength(4);
        expect(withArtifacts.map((row) => row.artifacts.length)).toEqual([0, 0, 0, 1]);
        expect(withArtifacts[3]?.artifacts[0]).toMatchObject({ name: 'screenshot.png', size: 42 });

        const size = await one<Row>(
          `SELECT canary_id, count::int, size > 0 AS has_size, avg_size > 0 AS has_avg
           FROM check_size_summary WHERE id = $1`,
          [recent.check],
        );
        expect(size).toEqual({ canary_id: recent.canary, count: 4, has_size: true, has_avg: true });
      });
    });

    describe('agents and people', () => {
      it('agents_summary counts owned rows (soft-deleted included) and is NULL when none', async () => {
        const agent = await id(`INSERT INTO agents (name) VALUES ('counted') RETURNING id`);
        await configItem('counted-1', agent);
        const deleted = await configItem('counted-2', agent);
        await db.query(`UPDATE config_items SET deleted_at = now() WHERE id = $1`, [deleted]);
        await db.query(
          `INSERT INTO config_scrapers (name, spec, source, agent_id) VALUES ('s', '{}', 'UI', $1)`,
          [agent],
        );
        const playbook = await id(
          `INSERT INTO playbooks (name, spec, source) VALUES ('counted-pb', '{}', 'UI') RETURNING id`,
        );
        await db.query(`INSERT INTO playbook_runs (playbook_id, agent_id) VALUES ($1, $2)`, [
          playbook,
          agent,
        ]);
        const row = await one<Row>(
          `SELECT config_count::int, config_scrapper_count::int, checks_count::int,
             playbook_runs_count::int
           FROM agents_summary WHERE id = $1`,
          [agent],
        );
        expect(row).toEqual({
          config_count: 2,
          config_scrapper_count: 1,
          checks_count: null,
          playbook_runs_count: 1,
        });
        expect(
          await rows(`SELECT 1 FROM agents_summary WHERE id = $1`, [LOCAL_AGENT]),
        ).toHaveLength(1);
      });

      it('soft-deleting an agent with cleanup soft-deletes its resources (delete_agent_resources)', async () => {
        const agent = await id(`INSERT INTO agents (name) VALUES ('doomed') RETURNING id`);
        const { canary, check } = await canaryWithCheck('doomed-canary', agent);
        const comp = await component('doomed-component', agent);
        const config = await configItem('doomed-config', agent);
        const topology = await id(
          `INSERT INTO topologies (name, namespace, agent_id) VALUES ('doomed-topology', 'default', $1)
           RETURNING id`,
          [agent],
        );
        const scraper = await id(
          `INSERT INTO config_scrapers (name, spec, source, agent_id) VALUES ('doomed', '{}', 'UI', $1)
           RETURNING id`,
          [agent],
        );
        const backend = await id(
          `INSERT INTO logging_backends (name, spec, agent_id) VALUES ('doomed', '{}', $1) RETURNING id`,
          [agent],
        );
        const keep = await configItem('local-config');

        await db.query(`UPDATE agents SET deleted_at = now(), cleanup = true WHERE id = $1`, [
          agent,
        ]);
        const states = await rows<{ t: string; deleted: boolean }>(
          `SELECT 'canary' AS t, deleted_at IS NOT NULL AS deleted FROM canaries WHERE id = $1
           UNION ALL SELECT 'check', deleted_at IS NOT NULL FROM checks WHERE id = $2
           UNION ALL SELECT 'component', deleted_at IS NOT NULL FROM components WHERE id = $3
           UNION ALL SELECT 'config', deleted_at IS NOT NULL FROM config_items WHERE id = $4
           UNION ALL SELECT 'topology', deleted_at IS NOT NULL FROM topologies WHERE id = $5
           UNION ALL SELECT 'scraper', deleted_at IS NOT NULL FROM config_scrapers WHERE id = $6
           UNION ALL SELECT 'backend', deleted_at IS NOT NULL FROM logging_backends WHERE id = $7
           UNION ALL SELECT 'local', deleted_at IS NOT NULL FROM config_items WHERE id = $8`,
          [canary, check, comp, config, topology, scraper, backend, keep],
        );
        expect(Object.fromEntries(states.map((s) => [s.t, s.deleted]))).toEqual({
          canary: true,
          check: true,
          component: true,
          config: true,
          topology: true,
          scraper: true,
          backend: true,
          local: false,
        });

        // The local agent is never cleaned up; without cleanup nothing is touched either.
        await db.query(`SELECT delete_agent_resources($1, now())`, [LOCAL_AGENT]);
        expect(
          (
            await one<{ d: unknown }>(`SELECT deleted_at AS d FROM config_items WHERE id = $1`, [
              keep,
            ])
          ).d,
        ).toBeNull();
        const quiet = await id(`INSERT INTO agents (name) VALUES ('quiet') RETURNING id`);
        const quietConfig = await configItem('quiet-config', quiet);
        await db.query(`UPDATE agents SET deleted_at = now() WHERE id = $1`, [quiet]);
        expect(
          (
            await one<{ d: unknown }>(`SELECT deleted_at AS d FROM config_items WHERE id = $1`, [
              quietConfig,
            ])
          ).d,
        ).toBeNull();
      });

      it('teams_with_status joins the latest team job; a soft-deleted team drops out and loses its components', async () => {
        const team = await id(
          `INSERT INTO teams (name, created_by) VALUES ('ops', $1) RETURNING id`,
          [system],
        );
        await db.query(
          `INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at)
           VALUES ('TeamSync', 'team', $1, 'FAILED', '2024-10-01T00:00:00Z', '2024-10-01T00:00:00Z'),
                  ('TeamSync', 'team', $1, 'SUCCESS', '2024-10-02T00:00:00Z', '2024-10-02T00:00:00Z')`,
          [team],
        );
        const row = await one<Row>(
          `SELECT name, job_name, job_status, job_resource_type,
             job_last_failed = '2024-10-01T00:00:00Z'::timestamptz AS failed_match
           FROM teams_with_status WHERE id = $1`,
          [team],
        );
        expect(row).toEqual({
          name: 'ops',
          job_name: 'TeamSync',
          job_status: 'SUCCESS',
          job_resource_type: 'team',
          failed_match: true,
        });
        const comp = await component('team-owned');
        await db.query(`INSERT INTO team_components (team_id, component_id) VALUES ($1, $2)`, [
          team,
          comp,
        ]);
        await db.query(`UPDATE teams SET deleted_at = now() WHERE id = $1`, [team]);
        expect(await rows(`SELECT 1 FROM teams_with_status WHERE id = $1`, [team])).toEqual([]);
        expect(await rows(`SELECT 1 FROM team_components WHERE team_id = $1`, [team])).toEqual([]);
      });

      it('push_queue_summary counts rows not yet pushed per table', async () => {
        const before = await one<{ count: number }>(
          `SELECT count::int FROM push_queue_summary WHERE "table" = 'canaries'`,
        );
        const { canary } = await canaryWithCheck('push');
        const after = await one<{ count: number }>(
          `SELECT count::int FROM push_queue_summary WHERE "table" = 'canaries'`,
        );
        expect(after.count).toBe(before.count + 1);
        await db.query(`UPDATE canaries SET is_pushed = true WHERE id = $1`, [canary]);
        const pushed = await one<{ count: number }>(
          `SELECT count::int FROM push_queue_summary WHERE "table" = 'canaries'`,
        );
        expect(pushed.count).toBe(before.count);
        expect(await rows(`SELECT 1 FROM push_queue_summary`)).toHaveLength(16);
      });
    });

    describe('settings', () => {
      it('mask_sensitive masks secrets but not references or empty values', async () => {
        const result = await one<Row>(
          `SELECT mask_sensitive('hunter2') AS plain, mask_sensitive('secret://ns/name/key') AS secret,
             mask_sensitive('configmap://a/b') AS cm, mask_sensitive('helm://x') AS helm,
             mask_sensitive('serviceaccount://sa') AS sa, mask_sensitive('') AS empty,
             mask_sensitive(NULL) AS nothing`,
        );
        expect(result).toEqual({
          plain: '***',
          secret: 'secret://ns/name/key',
          cm: 'configmap://a/b',
          helm: 'helm://x',
          sa: 'serviceaccount://sa',
          empty: '',
          nothing: null,
        });
      });

      it('connection_details masks, connections_list has no secrets, *** keeps stored values', async () => {
        const conn = await id(
          `INSERT INTO connections (name, type, url, username, password, certificate)
           VALUES ('alerts', 'slack', 'slack://token@channel', 'bot', 'p4ss', 'secret://ns/cert/key')
           RETURNING id`,
        );
        await db.query(
          `INSERT INTO connections (name, type, url, password, deleted_at)
           VALUES ('gone', 'postgres', 'postgres://db', 'x', now())`,
        );
        const details = await one<Row>(
          `SELECT category, username, password, certificate, namespace, insecure_tls
           FROM connection_details WHERE id = $1`,
          [conn],
        );
        expect(details).toEqual({
          category: 'notification',
          username: '***',
          password: '***',
          certificate: 'secret://ns/cert/key',
          namespace: 'default',
          insecure_tls: true,
        });
        expect(await rows(`SELECT 1 FROM connection_details WHERE name = 'gone'`)).toEqual([]);
        const listed = await one<Row>(`SELECT * FROM connections_list WHERE id = $1`, [conn]);
        expect(Object.keys(listed)).not.toContain('password');
        expect(listed.category).toBe('notification');

        await db.query(
          `UPDATE connections SET username = '***', password = 'new', certificate = '***' WHERE id = $1`,
          [conn],
        );
        const stored = await one<Row>(
          `SELECT username, password, certificate FROM connections WHERE id = $1`,
          [conn],
        );
        expect(stored).toEqual({
          username: 'bot',
          password: 'new',
          certificate: 'secret://ns/cert/key',
        });
      });

      it('job_histories names the resource and the agent; job_history_names is distinct', async () => {
        const { canary } = await canaryWithCheck('job-target');
        const scraper = await id(
          `INSERT INTO config_scrapers (name, spec, source) VALUES ('kube-scraper', '{}', 'UI')
           RETURNING id`,
        );
        const comp = await component('job-component');
        const topology = await id(
          `INSERT INTO topologies (name, namespace) VALUES ('job-topology', 'default') RETURNING id`,
        );
        await db.query(
          `INSERT INTO job_history (name, resource_type, resource_id, status) VALUES
             ('CanaryRun', 'canary', $1, 'SUCCESS'),
             ('CanaryRun', 'canary', $1, 'FAILED'),
             ('ScraperRun', 'config_scraper', $2, 'SUCCESS'),
             ('ComponentRun', 'components', $3, 'SUCCESS'),
             ('TopologyRun', 'topology', $4, 'WARNING'),
             ('Cleanup', 'other', 'not-a-uuid', 'SUCCESS'),
             ('Orphan', 'canary', '00000000-0000-0000-0000-0000000000ff', 'SUCCESS')`,
          [canary, scraper, comp, topology],
        );
        const named = await rows<{ name: string; resource_name: string; agent: Row }>(
          `SELECT DISTINCT ON (name) name, resource_name, agent FROM job_histories
           WHERE name IN ('CanaryRun', 'ScraperRun', 'ComponentRun', 'TopologyRun', 'Cleanup', 'Orphan')
           ORDER BY name`,
        );
        expect(named.map((row) => [row.name, row.resource_name])).toEqual([
          ['CanaryRun', 'job-target'],
          ['Cleanup', 'not-a-uuid'],
          ['ComponentRun', 'job-component'],
          ['Orphan', '00000000-0000-0000-0000-0000000000ff'],
          ['ScraperRun', 'kube-scraper'],
          ['TopologyRun', 'job-topology'],
        ]);
        expect(named[0]?.agent).toEqual({ id: LOCAL_AGENT, name: 'local' });
        const names = await rows<{ name: string }>(
          `SELECT name FROM job_history_names ORDER BY name`,
        );
        const list = names.map((row) => row.name);
        expect(list.filter((name) => name === 'CanaryRun')).toHaveLength(1);
        expect(list).toEqual(expect.arrayContaining(['Cleanup', 'ScraperRun', 'TopologyRun']));
      });

      it('event_queue_summary and failed_events aggregate per event name', async () => {
        await db.query(
          `INSERT INTO event_queue (name, properties, error, attempts, created_at, last_attempt) VALUES
             ('test.summary', '{"n": 1}', NULL, 0, now() - interval '3 hours', NULL),
             ('test.summary', '{"n": 2}', 'timeout', 2, now() - interval '2 hours', now() - interval '30 minutes'),
             ('test.summary', '{"n": 3}', 'timeout', 3, now() - interval '1 hour', now() - interval '10 minutes'),
             ('test.summary', '{"n": 4}', 'refused', 1, now() - interval '50 minutes', now() - interval '20 minutes')`,
        );
        const summary = await one<Row>(
          `SELECT pending::int, failed::int, average_attempts::text AS avg,
             first_failure = (SELECT min(created_at) FROM event_queue
               WHERE name = 'test.summary' AND error IS NOT NULL) AS first_ok,
             last_failure = (SELECT max(last_attempt) FROM event_queue
               WHERE name = 'test.summary') AS last_ok,
             most_common_error
           FROM event_queue_summary WHERE name = 'test.summary'`,
        );
        expect(summary).toEqual({
          pending: 4,
          failed: 3,
          avg: '1.50',
          first_ok: true,
          last_ok: true,
          most_common_error: 'timeout',
        });
        const failed = await one<Row>(
          `SELECT unique_errors::int, total_failed_events::int, average_attempts::text AS avg,
             most_common_error
           FROM failed_events WHERE name = 'test.summary'`,
        );
        expect(failed).toEqual({
          unique_errors: 2,
          total_failed_events: 3,
          avg: '2.00',
          most_common_error: 'timeout',
        });
      });

      it('integrations_with_status unions scrapers, topologies and logging backends', async () => {
        const creator = await id(
          `INSERT INTO people (name, email, avatar, title) VALUES ('Ada', 'ada@example.test', 'a.png', 'SRE')
           RETURNING id`,
        );
        const scraper = await id(
          `INSERT INTO config_scrapers (name, description, spec, source, created_by)
           VALUES ('int-scraper', 'Kubernetes', '{}', 'UI', $1) RETURNING id`,
          [creator],
        );
        await db.query(
          `INSERT INTO config_scrapers (name, spec, source, deleted_at)
           VALUES ('int-scraper-deleted', '{}', 'UI', now())`,
        );
        const topology = await id(
          `INSERT INTO topologies (name, namespace, created_by) VALUES ('int-topology', 'default', $1)
           RETURNING id`,
          [creator],
        );
        const backend = await id(
          `INSERT INTO logging_backends (name, spec, source, deleted_at)
           VALUES ('int-logs', '{}', 'UI', now()) RETURNING id`,
        );
        await db.query(
          `INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at)
           VALUES ('Scrape', 'config_scraper', $1, 'FAILED', '2024-10-01T00:00:00Z', now() - interval '1 day'),
                  ('Scrape', 'config_scraper', $1, 'SUCCESS', '2024-10-02T00:00:00Z', now())`,
          [scraper],
        );
        const all = await rows<Row>(
          `SELECT id, name, integration_type, job_status, job_error_count, job_name,
             job_last_failed IS NOT NULL AS has_failed, agent, creator_name, creator_email
           FROM integrations_with_status WHERE name LIKE 'int-%' ORDER BY name`,
        );
        expect(all).toEqual([
          {
            id: backend,
            name: 'int-logs',
            integration_type: 'logging_backends',
            job_status: '',
            job_error_count: 0,
            job_name: '',
            has_failed: false,
            agent: null,
            creator_name: null,
            creator_email: null,
          },
          {
            id: scraper,
            name: 'int-scraper',
            integration_type: 'scrapers',
            job_status: 'SUCCESS',
            job_error_count: null,
            job_name: 'Scrape',
            has_failed: true,
            agent: { id: LOCAL_AGENT, name: 'local' },
            creator_name: 'Ada',
            creator_email: 'ada@example.test',
          },
          {
            id: topology,
            name: 'int-topology',
            integration_type: 'topologies',
            job_status: null,
            job_error_count: null,
            job_name: null,
            has_failed: false,
            agent: { id: LOCAL_AGENT, name: 'local' },
            creator_name: 'Ada',
            creator_email: 'ada@example.test',
          },
        ]);
      });
    });

    describe('notifications', () => {
      it('notifications_summary counts pending events and the send history', async () => {
        const rule = await id(
          `INSERT INTO notifications (name, events, title) VALUES ('on-fail', '{check.failed}', 'T')
           RETURNING id`,
        );
        const other = await id(
          `INSERT INTO notifications (name, events) VALUES ('quiet', '{check.passed}') RETURNING id`,
        );
        await db.query(
          `INSERT INTO notifications (name, events, deleted_at) VALUES ('gone', '{check.passed}', now())`,
        );
        await db.query(
          `INSERT INTO event_queue (name, properties, attempts) VALUES
             ('notification.send', jsonb_build_object('notification_id', $1::text, 'n', 1), 0),
             ('notification.send', jsonb_build_object('notification_id', $1::text, 'n', 2), 3),
             ('notification.send', jsonb_build_object('notification_id', $1::text, 'n', 3), 4),
             ('check.failed', jsonb_build_object('notification_id', $1::text), 0)`,
          [rule],
        );
        const resource = '00000000-0000-0000-0000-0000000000aa';
        await db.query(
          `INSERT INTO notification_send_history
             (notification_id, source_event, resource_id, status, error, duration_millis) VALUES
             ($1, 'check.failed', $2, 'sent', NULL, 10),
             ($1, 'check.failed', $2, 'silenced', NULL, NULL),
             ($1, 'check.failed', $2, 'error', 'bad webhook', 100),
             ($1, 'check.failed', $2, 'error', 'bad webhook', 300),
             ($1, 'check.failed', $2, 'error', 'timeout', 500)`,
          [rule, resource],
        );
        const row = await one<Row>(
          `SELECT namespace, title, pending::int, failed::int, sent::int,
             avg_duration_ms::int AS avg, most_common_error
           FROM notifications_summary WHERE id = $1`,
          [rule],
        );
        expect(row).toEqual({
          namespace: '',
          title: 'T',
          pending: 2,
          failed: 3,
          sent: 2,
          avg: 300,
          most_common_error: 'bad webhook',
        });
        const quiet = await one<Row>(
          `SELECT pending::int, failed::int, sent::int, avg_duration_ms, most_common_error
           FROM notifications_summary WHERE id = $1`,
          [other],
        );
        expect(quiet).toEqual({
          pending: 0,
          failed: 0,
          sent: 0,
          avg_duration_ms: null,
          most_common_error: null,
        });
        expect(await rows(`SELECT 1 FROM notifications_summary WHERE name = 'gone'`)).toEqual([]);
      });

      it('a change of filter, custom_services or team_id clears the rule error', async () => {
        const rule = await id(
          `INSERT INTO notifications (name, events, error) VALUES ('broken', '{check.failed}', 'boom')
           RETURNING id`,
        );
        await db.query(`UPDATE notifications SET title = 'x' WHERE id = $1`, [rule]);
        expect(
          (await one<Row>(`SELECT error FROM notifications WHERE id = $1`, [rule])).error,
        ).toBe('boom');
        await db.query(`UPDATE notifications SET filter = 'check.status == "x"' WHERE id = $1`, [
          rule,
        ]);
        expect(
          (await one<Row>(`SELECT error FROM notifications WHERE id = $1`, [rule])).error,
        ).toBeNull();
      });

      it('insert_unsent_notification_to_history inserts, bumps within the window, rejects other statuses', async () => {
        const rule = await id(
          `INSERT INTO notifications (name, events) VALUES ('unsent', '{check.failed}') RETURNING id`,
        );
        const resource = '00000000-0000-0000-0000-0000000000bb';
        const call = `SELECT insert_unsent_notification_to_history($1, 'check.failed', $2, $3, $4::interval)`;
        await db.query(call, [rule, resource, 'silenced', '1 hour']);
        await db.query(call, [rule, resource, 'silenced', '1 hour']);
        await db.query(call, [rule, resource, 'repeat-interval', '1 hour']);
        const history = await rows<{ status: string; count: number }>(
          `SELECT status, count FROM notification_send_history WHERE notification_id = $1
           ORDER BY status`,
          [rule],
        );
        expect(history).toEqual([
          { status: 'repeat-interval', count: 1 },
          { status: 'silenced', count: 2 },
        ]);
        // Outside the window: a new row.
        await db.query(
          `UPDATE notification_send_history SET created_at = now() - interval '2 hours'
           WHERE notification_id = $1`,
          [rule],
        );
        await db.query(call, [rule, resource, 'silenced', '1 hour']);
        expect(
          await rows(
            `SELECT 1 FROM notification_send_history WHERE notification_id = $1 AND status = 'silenced'`,
            [rule],
          ),
        ).toHaveLength(2);
        await expect(db.query(call, [rule, resource, 'sent', '1 hour'])).rejects.toThrow(/status/);
      });

      it('notification_send_history_summary adds resource type and details, drops other events', async () => {
        const rule = await id(
          `INSERT INTO notifications (name, events) VALUES ('history', '{check.failed}') RETURNING id`,
        );
        const { canary, check } = await canaryWithCheck('history');
        const comp = await component('history-component');
        const config = await configItem('history-config');
        const missing = '00000000-0000-0000-0000-0000000000cc';
        await db.query(
          `INSERT INTO notification_send_history (notification_id, source_event, resource_id, status)
           VALUES ($1, 'check.failed', $2, 'sent'), ($1, 'canary.failed', $3, 'sent'),
                  ($1, 'component.unhealthy', $4, 'sent'), ($1, 'config.updated', $5, 'sent'),
                  ($1, 'config.deleted', $6, 'sent'), ($1, 'incident.created', $6, 'sent')`,
          [rule, check, canary, comp, config, missing],
        );
        const summary = await rows<{ source_event: string; resource_type: string; resource: Row }>(
          `SELECT source_event, resource_type, resource FROM notification_send_history_summary
           WHERE notification_id = $1 ORDER BY source_event`,
          [rule],
        );
        expect(summary).toEqual([
          {
            source_event: 'canary.failed',
            resource_type: 'canary',
            resource: { id: canary, name: 'history' },
          },
          {
            source_event: 'check.failed',
            resource_type: 'check',
            resource: {
              id: check,
              name: 'history-check',
              type: 'http',
              status: 'healthy',
              icon: null,
            },
          },
          {
            source_event: 'component.unhealthy',
            resource_type: 'component',
            resource: { id: comp, name: 'history-component', icon: 'server' },
          },
          { source_event: 'config.deleted', resource_type: 'config', resource: null },
          {
            source_event: 'config.updated',
            resource_type: 'config',
            resource: {
              id: config,
              name: 'history-config',
              type: 'Kubernetes::Pod',
              config_class: 'Pod',
            },
          },
        ]);
      });
    });

    describe('playbooks', () => {
      it('playbook_names reads description, category and icon from the spec', async () => {
        await db.query(
          `INSERT INTO playbooks (name, title, icon, category, description, spec, source) VALUES
             ('restart', 'Restart pod', 'column-icon', 'column-cat', 'column-desc',
              '{"icon": "k8s", "category": "Kubernetes", "description": "Restarts a pod"}', 'UI'),
             ('retired', 'Retired', NULL, '', NULL, '{}', 'UI')`,
        );
        await db.query(`UPDATE playbooks SET deleted_at = now() WHERE name = 'retired'`);
        const row = await one<Row>(
          `SELECT title, description, category, icon FROM playbook_names WHERE name = 'restart'`,
        );
        expect(row).toEqual({
          title: 'Restart pod',
          description: 'Restarts a pod',
          category: 'Kubernetes',
          icon: 'k8s',
        });
        expect(await rows(`SELECT 1 FROM playbook_names WHERE name = 'retired'`)).toEqual([]);
      });

      it('playbooks_for_agent groups playbooks by the agents of spec.runsOn', async () => {
        const person = await id(`INSERT INTO people (name) VALUES ('agent-edge') RETURNING id`);
        const agent = await id(
          `INSERT INTO agents (name, person_id) VALUES ('edge', $1) RETURNING id`,
          [person],
        );
        const first = await id(
          `INSERT INTO playbooks (name, spec, source) VALUES ('edge-1', '{"runsOn": ["edge", "nowhere"]}', 'UI')
           RETURNING id`,
        );
        const second = await id(
          `INSERT INTO playbooks (name, spec, source) VALUES ('edge-2', '{"runsOn": ["edge"]}', 'UI')
           RETURNING id`,
        );
        const row = await one<{
          agent_name: string;
          person_id: string;
          agent_id: string;
          playbook_ids: string[];
        }>(`SELECT * FROM playbooks_for_agent WHERE agent_name = 'edge'`);
        expect(row.person_id).toBe(person);
        expect(row.agent_id).toBe(agent);
        expect([...row.playbook_ids].sort()).toEqual([first, second].sort());
        expect(
          await rows(`SELECT 1 FROM playbooks_for_agent WHERE agent_name = 'nowhere'`),
        ).toEqual([]);
      });

      it('approvals and approval-spec changes enqueue playbook events', async () => {
        const playbook = await id(
          `INSERT INTO playbooks (name, spec, source) VALUES ('approved', '{}', 'UI') RETURNING id`,
        );
        const run = await id(`INSERT INTO playbook_runs (playbook_id) VALUES ($1) RETURNING id`, [
          playbook,
        ]);
        const approval = await id(
          `INSERT INTO playbook_approvals (run_id, person_id) VALUES ($1, $2) RETURNING id`,
          [run, system],
        );
        expect(
          await rows(
            `SELECT 1 FROM event_queue WHERE name = 'playbook.approval.inserted'
             AND properties ->> 'id' = $1 AND properties ->> 'run_id' = $2`,
            [approval, run],
          ),
        ).toHaveLength(1);
        await db.query(`UPDATE playbooks SET title = 'no approval change' WHERE id = $1`, [
          playbook,
        ]);
        expect(
          await rows(
            `SELECT 1 FROM event_queue WHERE name = 'playbook.spec.approval.updated'
             AND properties ->> 'id' = $1`,
            [playbook],
          ),
        ).toEqual([]);
        await db.query(
          `UPDATE playbooks SET spec = '{"approval": {"approvers": {"people": ["a@b"]}}}' WHERE id = $1`,
          [playbook],
        );
        expect(
          await rows(
            `SELECT 1 FROM event_queue WHERE name = 'playbook.spec.approval.updated'
             AND properties ->> 'id' = $1`,
            [playbook],
          ),
        ).toHaveLength(1);
      });
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
