import { existsSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { readSummary } from '../src/routes/canary';
import { seedDemo } from '../src/seed/demo';
import { postgresAvailable, startPostgres } from './helpers/postgres-server';
import { openPglite } from '../src/db/pglite';
import type { Db } from '../src/db/types';

interface Relation {
  kind: string;
  columns: Record<string, string>;
  fk_constraints?: Record<string, { column: string; references: string }>;
}
// The machine-readable contract sits beside the repository in this workspace; without it the
// column comparisons are skipped (the migrations still run).
const CONTRACT = new URL('./contract/schema.json', import.meta.url);
const haveContract = existsSync(CONTRACT);
const relations: Record<string, Relation> = haveContract
  ? (JSON.parse(readFileSync(CONTRACT, 'utf8')) as { relations: Record<string, Relation> })
      .relations
  : {};

const TABLES = [
  'agents',
  'people',
  'casbin_rule',
  'teams',
  'team_members',
  'access_tokens',
  'canaries',
  'checks',
  'check_statuses',
  'check_statuses_1d',
  'check_statuses_1h',
  'properties',
  'job_history',
];
const VIEWS = [
  'people_roles',
  'agents_summary',
  'canaries_with_status',
  'check_names',
  'canary_names',
  'check_labels',
];

async function columnsOf(db: Db, relation: string): Promise<{ name: string; type: string }[]> {
  const result = await db.query<{ name: string; type: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
     FROM pg_attribute a WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [relation],
  );
  return result.rows;
}

describe('migrations on PGlite', () => {
  let db: Db;
  afterAll(async () => db.close());

  it('apply once, then re-run as a no-op', async () => {
    db = await openPglite();
    const first = await migrate(db);
    expect(first.applied.length).toBeGreaterThan(4);
    expect(first.skipped).toEqual([]);
    const second = await migrate(db);
    expect(second.applied).toEqual([]);
    expect(second.skipped).toEqual(first.applied);
  });

  it.skipIf(!haveContract).each(TABLES)(
    'table %s has the contract columns, order and types',
    async (table) => {
      const expected = Object.entries(relations[table]?.columns ?? {}).map(([name, type]) => ({
        name,
        type,
      }));
      expect(expected.length).toBeGreaterThan(0);
      expect(await columnsOf(db, table)).toEqual(expected);
    },
  );

  it.skipIf(!haveContract).each(VIEWS)(
    'view %s has the contract columns in order',
    async (view) => {
      const expected = Object.keys(relations[view]?.columns ?? {});
      expect((await columnsOf(db, view)).map((column) => column.name)).toEqual(expected);
    },
  );

  it.skipIf(!haveContract)(
    'check_summary starts with the contract columns and appends the Vigil extensions',
    async () => {
      const names = (await columnsOf(db, 'check_summary')).map((column) => column.name);
      const contract = Object.keys(relations.check_summary?.columns ?? {});
      expect(names.slice(0, contract.length)).toEqual(contract);
      expect(names.slice(contract.length)).toEqual(['agent_id', 'next_runtime', 'endpoint']);
    },
  );

  it.skipIf(!haveContract)(
    'reproduces every foreign-key constraint name of the created tables',
    async () => {
      const result = await db.query<{ table: string; name: string }>(
        `SELECT conrelid::regclass::text AS table, conname AS name FROM pg_constraint WHERE contype = 'f'`,
      );
      const actual = new Set(result.rows.map((row) => `${row.table}.${row.name}`));
      for (const table of TABLES) {
        for (const name of Object.keys(relations[table]?.fk_constraints ?? {})) {
          expect(actual, `${table}.${name}`).toContain(`${table}.${name}`);
        }
      }
    },
  );

  it('seeds the System person and the local agent; generate_ulid sorts by time', async () => {
    const agents = await db.query<{ name: string }>(
      `SELECT name FROM agents WHERE id = '00000000-0000-0000-0000-000000000000'`,
    );
    expect(agents.rows).toEqual([{ name: 'local' }]);
    const people = await db.query(`SELECT 1 FROM people WHERE name = 'System'`);
    expect(people.rows).toHaveLength(1);
    const ids = await db.query<{ a: string; b: string; ulid: string }>(
      `SELECT a, b, uuid_to_ulid(a) AS ulid FROM (SELECT generate_ulid() AS a) x, LATERAL (SELECT pg_sleep(0.002), generate_ulid() AS b) y`,
    );
    const row = ids.rows[0];
    expect(row && row.a < row.b).toBe(true);
    expect(row?.ulid).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
  });

  it('stamps last_transition_time when a check changes status', async () => {
    await db.exec(`INSERT INTO canaries (id, name, namespace, spec) VALUES ('11111111-1111-1111-1111-111111111111', 'c', 'default', '{}');
      INSERT INTO checks (id, canary_id, type, name, status) VALUES ('22222222-2222-2222-2222-222222222222', '11111111-1111-1111-1111-111111111111', 'http', 'x', 'healthy');`);
    await db.exec(
      `UPDATE checks SET status = 'unhealthy' WHERE id = '22222222-2222-2222-2222-222222222222'`,
    );
    const result = await db.query<{ last_transition_time: Date | null }>(
      `SELECT last_transition_time FROM checks WHERE id = '22222222-2222-2222-2222-222222222222'`,
    );
    expect(result.rows[0]?.last_transition_time).toBeInstanceOf(Date);
  });

  it('has the migrations directory next to the server sources', () => {
    expect(existsSync(MIGRATIONS_DIR)).toBe(true);
  });
});

describe.skipIf(!postgresAvailable)('migrations, seed and summary on PostgreSQL', () => {
  it('apply once, re-run as a no-op, and serve the seeded summary, on a database that publishes all its tables', async () => {
    const server = await startPostgres();
    const db = await openPostgres(server.connectionString);
    try {
      // A shared database with logical replication: UPDATE and DELETE need a replica identity.
      await db.exec('CREATE PUBLICATION everything FOR ALL TABLES');
      const first = await migrate(db);
      expect(first.applied.length).toBeGreaterThan(4);
      expect((await migrate(db)).applied).toEqual([]);
      await seedDemo(db);
      const summary = await readSummary(db);
      expect(summary.checks_summary?.length).toBeGreaterThanOrEqual(40);
      const roles = await db.query<{ roles: string[] }>(
        `SELECT roles FROM people_roles WHERE email = 'admin@vigil.local'`,
      );
      expect(roles.rows[0]?.roles).toEqual(['admin']);
      const withoutIdentity = await db.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relreplident = 'd'
           AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisprimary)`,
      );
      expect(withoutIdentity.rows).toEqual([]);
      // Deletes on a relationship table (no primary key) pass the publication.
      await db.exec(`DELETE FROM config_relationships WHERE relation = 'no-such-relation'`);
    } finally {
      await db.close();
      await server.stop();
    }
  });
});
