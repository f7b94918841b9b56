/**
 * Migrations 0034 and 0035: the settings lists' `_with_status` views read each resource's latest
 * job through a lateral LIMIT 1 instead of a window over all of job_history, config_analysis_items
 * left-joins config_items (its count reads config_analysis alone), and the insights' sort by type
 * and the playbook runs' time window read indexes. The rows stay those of the earlier definitions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import type { Db } from '../src/db/types';
import { openMigratedPglite } from './fixtures/db-templates';

const uid = (n: number): string =>
  `00000000-0000-4000-8000-340000${n.toString(16).padStart(6, '0')}`;

const CANARY = uid(1);
const CANARY_NO_JOB = uid(2);
const TOPOLOGY = uid(3);
const TOPOLOGY_OTHER_LAST = uid(4);
const SCRAPER = uid(5);
const CONFIG = uid(6);
const PERSON = uid(7);
const TEAM = uid(8);
const TEAM_OTHER_LAST = uid(9);

/** The views that joined job_history_latest_status, with the job type their join required. */
const VIEWS = [
  { view: 'canaries_with_status', type: undefined },
  { view: 'config_scrapers_with_status', type: undefined },
  { view: 'topologies_with_status', type: 'topology' },
  // Migration 0035.
  { view: 'teams_with_status', type: 'team' },
] as const;

describe('settings lists and insights (migrations 0034, 0035)', () => {
  let db: Db;
  const plan = async (sql: string): Promise<string> =>
    (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  beforeAll(async () => {
    db = await openMigratedPglite();
    await migrate(db);
    await db.query(
      `INSERT INTO canaries (id, name, namespace, spec) VALUES
         ($1, 'sorts-canary', 'default', '{}'), ($2, 'sorts-canary-idle', 'default', '{}')`,
      [CANARY, CANARY_NO_JOB],
    );
    await db.query(
      `INSERT INTO topologies (id, name, namespace) VALUES
         ($1, 'sorts-topology', 'default'), ($2, 'sorts-topology-other', 'default')`,
      [TOPOLOGY, TOPOLOGY_OTHER_LAST],
    );
    await db.query(
      `INSERT INTO config_scrapers (id, name, spec, source) VALUES ($1, 'sorts-scraper', '{}', 'UI')`,
      [SCRAPER],
    );
    await db.query(`INSERT INTO people (id, name) VALUES ($1, 'sorts-person')`, [PERSON]);
    await db.query(
      `INSERT INTO teams (id, name, created_by) VALUES
         ($1, 'sorts-team', $3), ($2, 'sorts-team-other', $3)`,
      [TEAM, TEAM_OTHER_LAST, PERSON],
    );
    // Each resource's newest job is the second; the second topology's and the second team's
    // newest job is of another type (their rows in topologies_with_status and teams_with_status
    // then have no job, as before).
    await db.query(
      `INSERT INTO job_history (name, resource_type, resource_id, status, time_start, created_at)
       SELECT j.name, j.type, r.id, j.status, now() - j.age, now() - j.age
       FROM (VALUES ($1::text, 'canary'), ($2, 'topology'), ($3, 'topology'), ($4, 'config_scraper'),
           ($5, 'team'), ($6, 'team'))
         AS r(id, kind)
       CROSS JOIN LATERAL (VALUES
         ('Old', r.kind, 'FAILED', interval '2 hours'),
         ('New', CASE WHEN r.id IN ($3, $6) THEN 'other' ELSE r.kind END, 'SUCCESS', interval '1 hour')
       ) AS j(name, type, status, age)`,
      [CANARY, TOPOLOGY, TOPOLOGY_OTHER_LAST, SCRAPER, TEAM, TEAM_OTHER_LAST],
    );
    await db.query(
      `INSERT INTO config_items (id, name, config_class, type) VALUES ($1, 'sorts-config', 'Node', 'Kubernetes::Node')`,
      [CONFIG],
    );
    await db.query(
      `INSERT INTO config_analysis (config_id, analyzer, analysis_type, severity) VALUES
         ($1, 'a', 'security', 'high'), ($1, 'b', 'cost', 'low')`,
      [CONFIG],
    );
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it.each(VIEWS)(
    '$view carries the job of job_history_latest_status, as before',
    async ({ view, type }) => {
      const joined = type === undefined ? '' : ` AND j.resource_type = '${type}'`;
      const differing = await db.query(
        `SELECT v.id FROM ${view} v
         LEFT JOIN job_history_latest_status j ON j.resource_id = v.id::text${joined}
         WHERE (v.job_name, v.job_status, v.job_created_at, v.job_resource_type, v.job_details::text)
           IS DISTINCT FROM (j.name, j.status, j.created_at, j.resource_type, j.details::text)`,
      );
      expect(differing.rows).toEqual([]);
    },
  );

  it('the fixtures show the newest job, and none where the newest is of another type', async () => {
    const rows = async (sql: string) => (await db.query<Record<string, unknown>>(sql)).rows;
    expect(
      await rows(
        `SELECT name, job_name, job_status FROM canaries_with_status WHERE name LIKE 'sorts-%' ORDER BY name`,
      ),
    ).toEqual([
      { name: 'sorts-canary', job_name: 'New', job_status: 'SUCCESS' },
      { name: 'sorts-canary-idle', job_name: null, job_status: null },
    ]);
    expect(
      await rows(
        `SELECT name, job_name FROM topologies_with_status WHERE name LIKE 'sorts-%' ORDER BY name`,
      ),
    ).toEqual([
      { name: 'sorts-topology', job_name: 'New' },
      { name: 'sorts-topology-other', job_name: null },
    ]);
    expect(
      await rows(
        `SELECT name, job_name, job_last_failed IS NOT NULL AS failed FROM teams_with_status
         WHERE name LIKE 'sorts-%' ORDER BY name`,
      ),
    ).toEqual([
      { name: 'sorts-team', job_name: 'New', failed: true },
      { name: 'sorts-team-other', job_name: null, failed: true },
    ]);
    expect(
      await rows(
        `SELECT name, integration_type, job_name FROM integrations_with_status
         WHERE name LIKE 'sorts-%' ORDER BY name`,
      ),
    ).toEqual([
      { name: 'sorts-scraper', integration_type: 'scrapers', job_name: 'New' },
      { name: 'sorts-topology', integration_type: 'topologies', job_name: 'New' },
      { name: 'sorts-topology-other', integration_type: 'topologies', job_name: 'New' },
    ]);
  });

  it.each([...VIEWS.map(({ view }) => view), 'integrations_with_status'])(
    '%s reads no window over job_history, for a page or for its count',
    async (view) => {
      expect(await plan(`SELECT * FROM ${view} ORDER BY name LIMIT 100`)).not.toContain(
        'WindowAgg',
      );
      expect(await plan(`SELECT count(*) FROM ${view}`)).not.toContain('WindowAgg');
    },
  );

  it('config_analysis_items keeps the rows of the inner join; its count reads no config_items', async () => {
    const inner = await db.query(
      `SELECT ca.id, ci.type AS config_type, ci.config_class FROM config_analysis ca
       JOIN config_items ci ON ci.id = ca.config_id ORDER BY ca.id`,
    );
    const view = await db.query(
      `SELECT id, config_type, config_class FROM config_analysis_items ORDER BY id`,
    );
    expect(view.rows).toEqual(inner.rows);
    expect(view.rows.length).toBeGreaterThanOrEqual(2);
    expect(await plan('SELECT count(*) FROM config_analysis_items')).not.toContain('config_items');
  });

  it('the insights by type and the playbook runs in a window read their indexes', async () => {
    await db.exec('SET enable_seqscan = off');
    try {
      expect(
        await plan('SELECT * FROM config_analysis_items ORDER BY analysis_type LIMIT 50'),
      ).toContain('config_analysis_analysis_type_idx');
      expect(
        await plan(
          `SELECT count(*) FROM playbook_runs
           WHERE (start_time >= now() - interval '7 days' AND start_time <= now())
              OR (created_at >= now() - interval '7 days' AND created_at <= now())`,
        ),
      ).toContain('playbook_runs_start_time_idx');
    } finally {
      await db.exec('SET enable_seqscan = on');
    }
  });
});
