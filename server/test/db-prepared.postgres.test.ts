/**
 * Named prepared statements for reads (server/src/db/postgres.ts readWithPrelude, PostgREST's
 * `db-prepared-statements`): a text is parsed once per connection and bound by name afterwards,
 * and nothing a prepared statement could get wrong leaks into an answer: a changed table, a
 * changed search_path, a failed parse, a result type that changed, the per-connection cap, and
 * the switch to turn it off (for a pooler in transaction mode).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PREPARED_PER_CONNECTION, openPostgres } from '../src/db/postgres';
import type { Db, Statement } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

/** The named statements of the connection that answers, this one left out. */
const PREPARED = `SELECT pg_backend_pid() AS pid,
  (SELECT count(*)::int FROM pg_prepared_statements
    WHERE NOT from_sql AND statement NOT LIKE '%pg_prepared_statements%') AS prepared`;

const noPrelude: Statement[] = [];

describe.skipIf(!postgresAvailable)('prepared statements for reads', () => {
  let server: PostgresServer;
  let admin: Db;
  /** One connection, so what one read prepared is what the next one sees. */
  let single: Db;
  beforeAll(async () => {
    server = await startPostgres();
    admin = await openPostgres(server.connectionString);
    await admin.exec(`CREATE SCHEMA one; CREATE SCHEMA two;
      CREATE TABLE one.things (id int PRIMARY KEY, label text);
      CREATE TABLE two.things (id int PRIMARY KEY, label text);
      INSERT INTO one.things VALUES (1, 'from one');
      INSERT INTO two.things VALUES (1, 'from two');
      CREATE TABLE public.wide (id int PRIMARY KEY, a text);
      INSERT INTO public.wide VALUES (1, 'a');`);
    single = await openPostgres(server.connectionString, { pipeline: true, maxConnections: 1 });
  }, 120_000);
  afterAll(async () => {
    await single?.close();
    await admin?.close();
    await server?.stop();
  });

  /** The pool of `single` has one connection: reuse is observable. */
  async function prepared(db: Db): Promise<{ pid: number; prepared: number }> {
    const result = await db.readWithPrelude!<{ pid: number; prepared: number }>(
      noPrelude,
      PREPARED,
    );
    return result.rows[0]!;
  }

  it('parses a text once per connection and binds it by name afterwards', async () => {
    const db = await openPostgres(server.connectionString);
    try {
      const sql = 'SELECT label FROM one.things WHERE id = $1::int';
      const first = await db.readWithPrelude!<{ label: string }>(noPrelude, sql, [1]);
      expect(first.rows).toEqual([{ label: 'from one' }]);
      // Every connection of the pool that ran it holds it once, however often it ran.
      for (let i = 0; i < 20; i += 1) {
        const again = await db.readWithPrelude!<{ label: string }>(noPrelude, sql, ['1']);
        expect(again.rows).toEqual([{ label: 'from one' }]);
      }
      const named = await db.readWithPrelude!<{ n: number; texts: number }>(
        noPrelude,
        `SELECT count(*)::int AS n, count(DISTINCT statement)::int AS texts
           FROM pg_prepared_statements WHERE NOT from_sql AND statement LIKE '%one.things%'
             AND statement NOT LIKE '%pg_prepared_statements%'`,
      );
      expect(named.rows[0]).toEqual({ n: 1, texts: 1 });
    } finally {
      await db.close();
    }
  });

  it('answers for the current table and search_path, not for the ones it was parsed with', async () => {
    const db = await openPostgres(server.connectionString, { maxConnections: 1 });
    try {
      const unqualified = 'SELECT label FROM things WHERE id = 1';
      const path = (schema: string): Statement[] => [
        { sql: 'SELECT set_config($1, $2, true)', params: ['search_path', schema] },
      ];
      expect((await db.readWithPrelude!(path('one'), unqualified)).rows).toEqual([
        { label: 'from one' },
      ]);
      expect((await db.readWithPrelude!(path('two'), unqualified)).rows).toEqual([
        { label: 'from two' },
      ]);
      // A column renamed and a row changed after the statement was prepared.
      const sql = 'SELECT id, label FROM one.things ORDER BY id';
      await db.readWithPrelude!(noPrelude, sql);
      await admin.exec(`UPDATE one.things SET label = 'changed' WHERE id = 1;
        ALTER TABLE one.things ADD COLUMN extra int DEFAULT 7`);
      expect((await db.readWithPrelude!(noPrelude, sql)).rows).toEqual([
        { id: 1, label: 'changed' },
      ]);
      await admin.exec(`UPDATE one.things SET label = 'from one' WHERE id = 1;
        ALTER TABLE one.things DROP COLUMN extra`);
    } finally {
      await db.close();
    }
  });

  it('runs a statement whose result columns changed since it was prepared', async () => {
    const db = await openPostgres(server.connectionString, { maxConnections: 1 });
    try {
      const sql = 'SELECT * FROM public.wide ORDER BY id';
      expect((await db.readWithPrelude!(noPrelude, sql)).rows).toEqual([{ id: 1, a: 'a' }]);
      await admin.exec(`ALTER TABLE public.wide ADD COLUMN b text DEFAULT 'b'`);
      // PostgreSQL refuses the prepared one (0A000); the read runs unnamed, then parses again.
      expect((await db.readWithPrelude!(noPrelude, sql)).rows).toEqual([{ id: 1, a: 'a', b: 'b' }]);
      expect((await db.readWithPrelude!(noPrelude, sql)).rows).toEqual([{ id: 1, a: 'a', b: 'b' }]);
    } finally {
      await db.close();
    }
  });

  it('recovers from a statement that failed to parse, on the same connection', async () => {
    const sql = 'SELECT label FROM one.nothing_here';
    await expect(single.readWithPrelude!(noPrelude, sql)).rejects.toThrow(/does not exist/);
    await admin.exec(
      `CREATE TABLE one.nothing_here (label text); INSERT INTO one.nothing_here VALUES ('now')`,
    );
    // The name may or may not have been parsed the first time: closed and parsed again.
    expect((await single.readWithPrelude!(noPrelude, sql)).rows).toEqual([{ label: 'now' }]);
    expect((await single.readWithPrelude!(noPrelude, sql)).rows).toEqual([{ label: 'now' }]);
    // A failure at execution (a division by zero) leaves the connection's statements usable.
    const divide = 'SELECT 10 / $1::int AS q';
    await expect(single.readWithPrelude!(noPrelude, divide, [0])).rejects.toThrow(/division/);
    expect((await single.readWithPrelude!(noPrelude, divide, [2])).rows).toEqual([{ q: 5 }]);
  });

  it('stays correct when identical reads are pipelined before the first is answered', async () => {
    const sql = 'SELECT $1::int * 2 AS doubled';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => single.readWithPrelude!(noPrelude, sql, [i])),
    );
    expect(answers.map((answer) => answer.rows[0])).toEqual(
      Array.from({ length: 40 }, (_, i) => ({ doubled: i * 2 })),
    );
  });

  it(`prepares at most ${MAX_PREPARED_PER_CONNECTION} texts per connection, then parses unnamed`, async () => {
    const db = await openPostgres(server.connectionString, { maxConnections: 1 });
    try {
      const before = await prepared(db);
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION + 20; i += 1) {
        const result = await db.readWithPrelude!<{ v: number }>(noPrelude, `SELECT ${i} AS v`);
        expect(result.rows).toEqual([{ v: i }]);
      }
      const after = await prepared(db);
      expect(after.pid).toBe(before.pid);
      // The counting statement itself holds one of the names.
      expect(after.prepared).toBe(MAX_PREPARED_PER_CONNECTION - 1);
    } finally {
      await db.close();
    }
  });

  it('prepares nothing when switched off (a pooler in transaction mode)', async () => {
    const db = await openPostgres(server.connectionString, {
      preparedStatements: false,
      maxConnections: 1,
    });
    try {
      for (let i = 0; i < 3; i += 1) {
        await db.readWithPrelude!(noPrelude, 'SELECT label FROM one.things WHERE id = 1');
      }
      expect((await prepared(db)).prepared).toBe(0);
    } finally {
      await db.close();
    }
  });

  it("the engine's reads use them, and its prelude sends no settings back", async () => {
    const db = await openPostgres(server.connectionString, { pipeline: true, maxConnections: 1 });
    try {
      const engine = await createEngine({ db, schema: 'one' });
      const settings: [string, string][] = [
        ['request.headers', JSON.stringify({ x: 'y'.repeat(2000) })],
      ];
      for (let i = 0; i < 5; i += 1) {
        const answer = await engine.handle(
          {
            method: 'GET',
            path: 'things',
            rawQuery: `id=eq.1&select=label`,
            headers: { accept: 'application/json' },
            body: undefined,
          },
          () => undefined,
          { role: 'postgres', settings },
        );
        expect(answer.status).toBe(200);
        expect(JSON.parse(String(answer.body))).toEqual([{ label: 'from one' }]);
      }
      // The prelude and the read: two named statements, parsed once.
      expect((await prepared(db)).prepared).toBe(2);
    } finally {
      await db.close();
    }
  });
});
