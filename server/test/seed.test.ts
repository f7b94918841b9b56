/**
 * The generated demo: deterministic for a seed and anchor, the promised volumes, consistent
 * references and believable values. The large dataset is not loaded here (see README for its
 * timings); its scenario shares these generators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { parseArgs } from '../src/seed/args';
import { DEMO_SEED, seedDemo } from '../src/seed/demo';
import { postgresAvailable, startPostgres } from './helpers/postgres-server';

const ANCHOR = new Date('2024-10-21T12:00:00Z');
const TABLES = [
  'checks',
  'check_statuses',
  'config_items',
  'config_changes',
  'config_analysis',
  'config_relationships',
  'components',
  'incidents',
  'hypotheses',
  'evidences',
  'comments',
  'responders',
  'playbook_runs',
  'playbook_run_actions',
  'notification_send_history',
  'job_history',
];

async function seeded(seed: number): Promise<Db> {
  const db = await openPglite();
  await migrate(db);
  await seedDemo(db, { seed, now: ANCHOR });
  return db;
}

/** One md5 per table over every row (columns a trigger stamps with now() left out). */
async function checksums(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of TABLES) {
    const row = await db.query<{ sum: string }>(
      `SELECT md5(coalesce(string_agg(j, '|' ORDER BY j), '')) AS sum
       FROM (SELECT (to_jsonb(t) - 'updated_at')::text AS j FROM ${table} t) x`,
    );
    result[table] = row.rows[0]?.sum ?? '';
  }
  return result;
}

async function scalar(db: Db, sql: string): Promise<number> {
  const result = await db.query<Record<string, unknown>>(sql);
  const row = result.rows[0];
  return Number(row ? Object.values(row)[0] : NaN);
}

let a: Db;
let b: Db;
let other: Db;

beforeAll(async () => {
  a = await seeded(DEMO_SEED);
  b = await seeded(DEMO_SEED);
  other = await seeded(42);
}, 300_000);
afterAll(async () => {
  await Promise.all([a, b, other].map((db) => db?.close()));
});

describe('demo seed determinism', () => {
  it('the same seed and anchor give identical rows', async () => {
    expect(await checksums(a)).toEqual(await checksums(b));
  });

  it('a different seed gives a different world but the same canaries and logins', async () => {
    const [x, y] = [await checksums(a), await checksums(other)];
    expect(y.config_items).not.toBe(x.config_items);
    expect(y.incidents).not.toBe(x.incidents);
    expect(y.checks).toBe(x.checks);
    expect(y.check_statuses).toBe(x.check_statuses);
  });
});

describe('demo seed contents', () => {
  it('has the promised volumes', async () => {
    expect(await scalar(a, 'SELECT count(*) FROM checks')).toBeGreaterThanOrEqual(40);
    // Seven days of 5-minute history for every running check.
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.name = 'gateway /healthz'`,
      ),
    ).toBe(7 * 24 * 12);
    expect(await scalar(a, 'SELECT count(*) FROM config_items')).toBeGreaterThan(500);
    expect(
      await scalar(
        a,
        'SELECT count(DISTINCT tags ->> $$cluster$$) FROM config_items WHERE type LIKE $$Kubernetes::%$$',
      ),
    ).toBe(3);
    expect(await scalar(a, 'SELECT count(*) FROM components')).toBeGreaterThan(100);
    expect(await scalar(a, 'SELECT count(*) FROM incidents')).toBeGreaterThanOrEqual(20);
    for (const table of [
      'config_changes',
      'config_analysis',
      'playbook_runs',
      'notification_send_history',
      'notification_silences',
      'connections',
      'event_queue',
      'job_history',
      'team_components',
      'check_config_relationships',
    ]) {
      expect(await scalar(a, `SELECT count(*) FROM ${table}`), table).toBeGreaterThan(0);
    }
    const types = await a.query<{ type: string }>(
      'SELECT DISTINCT type FROM config_items ORDER BY type',
    );
    expect(types.rows.map((row) => row.type)).toEqual(
      expect.arrayContaining([
        'Kubernetes::Cluster',
        'Kubernetes::Namespace',
        'Kubernetes::Deployment',
        'Kubernetes::Pod',
        'Kubernetes::Node',
        'Kubernetes::Service',
        'AWS::EC2::Instance',
        'AWS::RDS::DBInstance',
        'AWS::S3::Bucket',
      ]),
    );
  });

  it('keeps references consistent', async () => {
    // Config paths and component paths name existing ancestors; the parent is the last one.
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM config_items c WHERE c.parent_id IS NOT NULL AND c.path NOT LIKE '%' || c.parent_id::text`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM components c WHERE c.parent_id IS NOT NULL AND c.path NOT LIKE '%' || c.parent_id::text`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM config_items c WHERE c.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM config_relationships r WHERE r.config_id = c.parent_id AND r.related_id = c.id AND r.relation = 'hard')`,
      ),
    ).toBe(0);
    // Every incident has a commander, a root hypothesis, a responder and history.
    expect(await scalar(a, 'SELECT count(*) FROM incidents WHERE commander_id IS NULL')).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM incidents i WHERE NOT EXISTS (SELECT 1 FROM hypotheses h WHERE h.incident_id = i.id AND h.type = 'root')`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM incidents i WHERE NOT EXISTS (SELECT 1 FROM responders r WHERE r.incident_id = i.id)`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM incidents i WHERE NOT EXISTS (SELECT 1 FROM incident_histories h WHERE h.incident_id = i.id AND h.type = 'incident.created')`,
      ),
    ).toBe(0);
    // History rows carry their subject's time, not the load time.
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM incident_histories h JOIN incidents i ON i.id = h.incident_id WHERE h.created_at < i.created_at - interval '1 minute'`,
      ),
    ).toBe(0);
    // A factor's parent is a root, a solution's parent is a factor.
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM hypotheses c JOIN hypotheses p ON p.id = c.parent_id WHERE (c.type, p.type) NOT IN (('factor', 'root'), ('solution', 'factor'))`,
      ),
    ).toBe(0);
    // Playbook runs point at exactly one subject; finished runs have finished steps.
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM playbook_runs WHERE num_nonnulls(check_id, config_id, component_id) <> 1`,
      ),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM playbook_run_actions x JOIN playbook_runs r ON r.id = x.playbook_run_id WHERE r.status = 'completed' AND x.status <> 'completed'`,
      ),
    ).toBe(0);
    // Send history points at notifications of the seed.
    expect(
      await scalar(a, `SELECT count(*) FROM notification_send_history WHERE resource_id IS NULL`),
    ).toBe(0);
  });

  it('derives the check columns from the history', async () => {
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM checks c
         JOIN LATERAL (SELECT s.status, s.time FROM check_statuses s WHERE s.check_id = c.id ORDER BY s.time DESC LIMIT 1) l ON true
         WHERE c.last_runtime <> l.time OR c.status <> CASE WHEN l.status THEN 'healthy' ELSE 'unhealthy' END`,
      ),
    ).toBe(0);
    expect(
      await scalar(a, `SELECT count(*) FROM checks WHERE last_transition_time > last_runtime`),
    ).toBe(0);
  });

  it('has believable values', async () => {
    const failing = await scalar(
      a,
      'SELECT avg(CASE WHEN status THEN 0 ELSE 1 END) FROM check_statuses',
    );
    expect(failing).toBeGreaterThan(0.003);
    expect(failing).toBeLessThan(0.05);
    const p50 = async (type: string): Promise<number> =>
      scalar(
        a,
        `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY s.duration) FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.type = '${type}' AND s.status`,
      );
    expect(await p50('http')).toBeGreaterThan(await p50('tcp'));
    expect(await p50('http')).toBeGreaterThan(await p50('dns'));
    // A failure episode of a check lines up with an incident about it.
    expect(
      await scalar(a, `SELECT count(*) FROM checks WHERE status = 'unhealthy'`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM evidences e JOIN checks c ON c.id = e.check_id WHERE c.name = 'kafka-2:9092'`,
      ),
    ).toBeGreaterThan(0);
    const statuses = await a.query<{ status: string }>(
      'SELECT DISTINCT status FROM incidents ORDER BY status',
    );
    expect(statuses.rows.map((row) => row.status)).toEqual([
      'closed',
      'investigating',
      'mitigated',
      'new',
      'open',
      'resolved',
    ]);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM incidents WHERE status IN ('resolved', 'closed') AND resolved IS NULL`,
      ),
    ).toBe(0);
    // Most pods run; costs add up over longer windows.
    const running = await scalar(
      a,
      `SELECT avg(CASE WHEN health = 'healthy' THEN 1 ELSE 0 END) FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL`,
    );
    expect(running).toBeGreaterThan(0.8);
    expect(running).toBeLessThan(1);
    expect(
      await scalar(a, 'SELECT count(*) FROM config_items WHERE cost_total_7d < cost_total_1d'),
    ).toBe(0);
    expect(
      await scalar(
        a,
        `SELECT count(*) FROM config_items WHERE type LIKE 'Kubernetes::%' AND (tags ->> 'cluster') IS NULL`,
      ),
    ).toBe(0);
    const severities = await a.query<{ severity: string }>(
      'SELECT DISTINCT severity FROM config_analysis ORDER BY 1',
    );
    expect(severities.rows.length).toBeGreaterThanOrEqual(4);
    // Component properties are arrays of named properties.
    expect(
      await scalar(a, `SELECT count(*) FROM components WHERE jsonb_typeof(properties) <> 'array'`),
    ).toBe(0);
    expect(
      await scalar(a, `SELECT count(*) FROM components WHERE properties @> '[{"headline": true}]'`),
    ).toBeGreaterThan(10);
  });
});

describe('seed CLI arguments', () => {
  it('parses scale and seed and rejects the rest in one line', () => {
    expect(parseArgs([])).toEqual({ scale: 'demo', seed: DEMO_SEED });
    expect(parseArgs(['--scale', 'large', '--seed=7'])).toEqual({ scale: 'large', seed: 7 });
    expect(() => parseArgs(['--scale', 'huge'])).toThrow(
      '--scale must be demo or large (got "huge")',
    );
    expect(() => parseArgs(['--seed', '-1'])).toThrow('--seed must be an integer');
    expect(() => parseArgs(['--fast'])).toThrow('unknown argument "--fast"');
    expect(() => parseArgs(['--scale'])).toThrow('--scale needs a value');
  });
});

describe.skipIf(!postgresAvailable)('demo seed on PostgreSQL', () => {
  it('gives the same world as on PGlite', async () => {
    const server = await startPostgres();
    const db = await openPostgres(server.connectionString);
    try {
      await migrate(db);
      await seedDemo(db, { seed: DEMO_SEED, now: ANCHOR });
      for (const table of ['config_items', 'components', 'incidents', 'checks']) {
        expect(await scalar(db, `SELECT count(*) FROM ${table}`), table).toBe(
          await scalar(a, `SELECT count(*) FROM ${table}`),
        );
      }
      const ids = async (target: Db): Promise<string> =>
        (
          await target.query<{ s: string }>(
            `SELECT md5(string_agg(id::text || name, ',' ORDER BY id)) AS s FROM config_items`,
          )
        ).rows[0]?.s ?? '';
      expect(await ids(db)).toBe(await ids(a));
      const statuses = async (target: Db): Promise<string> =>
        (
          await target.query<{ s: string }>(
            `SELECT md5(string_agg(check_id::text || duration || status, ',' ORDER BY check_id, time)) AS s FROM check_statuses`,
          )
        ).rows[0]?.s ?? '';
      expect(await statuses(db)).toBe(await statuses(a));
    } finally {
      await db.close();
      await server.stop();
    }
  }, 120_000);
});
