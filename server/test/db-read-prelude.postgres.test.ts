/**
 * A read behind its prelude as ONE implicit transaction (server/src/db/postgres.ts
 * readWithPrelude): the prelude's settings hold for the statement and end with it (nothing leaks
 * to the next request on the same connection), an error in either part rolls back both, it works
 * on a pipelining pool, and the engine's standalone reads use it (falling back to a real
 * transaction for what needs one).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import type { Db, Statement } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import type { DbRequest, HandleOptions } from '../src/postgrest/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const prelude = (role: string, claims = '{"sub":"a"}'): Statement[] => [
  {
    sql: 'SELECT set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true)',
    params: ['transaction_read_only', 'on', 'role', role, 'request.jwt.claims', claims],
  },
];

const SETTINGS = `SELECT pg_backend_pid() AS pid, current_user AS who,
  nullif(current_setting('request.jwt.claims', true), '') AS claims,
  current_setting('transaction_read_only') AS ro`;

interface Settings {
  pid: number;
  who: string;
  claims: string | null;
  ro: string;
}

describe.skipIf(!postgresAvailable)('one implicit transaction for a read and its prelude', () => {
  let server: PostgresServer;
  let plain: Db;
  let pipelined: Db;
  beforeAll(async () => {
    server = await startPostgres();
    plain = await openPostgres(server.connectionString);
    pipelined = await openPostgres(server.connectionString, { pipeline: true });
    await plain.exec(`CREATE ROLE reader NOLOGIN;
      CREATE TABLE notes (id int PRIMARY KEY, body text);
      INSERT INTO notes VALUES (1, 'one');
      GRANT SELECT ON notes TO reader;
      CREATE TABLE audit (id int PRIMARY KEY);`);
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await pipelined?.close();
    await server?.stop();
  });

  for (const [name, get] of [
    ['plain pool', () => plain],
    ['pipelining pool', () => pipelined],
  ] as const) {
    describe(name, () => {
      it("applies the prelude's settings to the statement and returns only its rows", async () => {
        const db = get();
        const result = await db.readWithPrelude!<Settings & { body: string; n: number }>(
          prelude('reader'),
          `${SETTINGS}, (SELECT body FROM notes WHERE id = $1) AS body, $2::int AS n`,
          [1, 7],
        );
        expect(result.rows).toHaveLength(1);
        expect(result.rows[0]).toMatchObject({
          who: 'reader',
          claims: '{"sub":"a"}',
          ro: 'on',
          body: 'one',
          n: 7,
        });
        expect(result.fields.map((field) => field.name)).toEqual([
          'pid',
          'who',
          'claims',
          'ro',
          'body',
          'n',
        ]);
      });

      it('leaves nothing behind on the connection for the next request', async () => {
        const db = get();
        // Sequential requests reuse the pool's most recently idle connection: the same backend.
        const first = await db.readWithPrelude!<Settings>(prelude('reader'), SETTINGS);
        const next = await db.query<Settings>(SETTINGS);
        const row = first.rows[0]!;
        const after = next.rows[0]!;
        expect(after.pid).toBe(row.pid);
        expect(after).toMatchObject({ who: 'postgres', claims: null, ro: 'off' });
        // The next request may write: the implicit transaction ended at its Sync (no open BEGIN).
        await db.transaction((tx) => tx.query('INSERT INTO audit VALUES (1)'));
        await db.query('DELETE FROM audit');
      });

      it("reports the prelude's own error and the connection stays usable", async () => {
        const db = get();
        await expect(
          db.readWithPrelude!(prelude('nobody'), 'SELECT body FROM notes'),
        ).rejects.toMatchObject({ code: '22023', message: 'role "nobody" does not exist' });
        // Read-only from the prelude: a write in the statement is refused by PostgreSQL.
        await expect(
          db.readWithPrelude!(prelude('postgres'), "UPDATE notes SET body = 'x'"),
        ).rejects.toMatchObject({ code: '25006' });
        const rows = await Promise.all(
          Array.from({ length: 16 }, () => db.query<{ body: string }>('SELECT body FROM notes')),
        );
        expect(rows.map((result) => result.rows[0]?.body)).toEqual(Array(16).fill('one'));
      });

      it("rolls back the prelude's work when the statement fails, and commits both otherwise", async () => {
        const db = get();
        // A prelude that writes proves the two run as ONE transaction: with separate ones the
        // row would stay when the statement fails.
        const writes = (id: number): Statement[] => [
          { sql: 'INSERT INTO audit VALUES ($1)', params: [id] },
        ];
        await expect(
          db.readWithPrelude!(writes(10), 'SELECT 1 / (SELECT count(*) - 1 FROM audit)'),
        ).rejects.toMatchObject({ code: '22012' });
        expect((await db.query('SELECT id FROM audit')).rows).toEqual([]);
        // The statement sees the prelude's row (same transaction) and both are committed.
        const seen = await db.readWithPrelude!<{ n: string }>(
          writes(11),
          'SELECT count(*) AS n FROM audit',
        );
        expect(seen.rows[0]?.n).toBe('1');
        expect((await db.query('SELECT id FROM audit')).rows).toEqual([{ id: 11 }]);
        await db.query('DELETE FROM audit');
      });

      it('keeps concurrent requests apart (each sees its own claims)', async () => {
        const db = get();
        const results = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            i % 3 === 0
              ? db.query<Settings>(SETTINGS).then((result) => ({ i, row: result.rows[0]! }))
              : db.readWithPrelude!<Settings>(prelude('reader', `{"sub":"${i}"}`), SETTINGS).then(
                  (result) => ({ i, row: result.rows[0]! }),
                ),
          ),
        );
        for (const { i, row } of results) {
          if (i % 3 === 0) expect(row).toMatchObject({ who: 'postgres', claims: null, ro: 'off' });
          else expect(row).toMatchObject({ who: 'reader', claims: `{"sub":"${i}"}`, ro: 'on' });
        }
      });
    });
  }

  it("the engine's reads as a role take one implicit transaction; what needs more falls back", async () => {
    await plain.exec(`CREATE SCHEMA IF NOT EXISTS shop;
      CREATE TABLE shop.items (id int PRIMARY KEY, name text NOT NULL);
      INSERT INTO shop.items SELECT i, 'item ' || i FROM generate_series(1, 30) AS i;
      GRANT USAGE ON SCHEMA shop TO reader; GRANT SELECT, INSERT ON shop.items TO reader;`);
    const calls = { read: 0, transaction: 0 };
    const counted: Db = {
      ...pipelined,
      query: (sql, params) => pipelined.query(sql, params),
      exec: (sql) => pipelined.exec(sql),
      readWithPrelude: (prelude, sql, params) => {
        calls.read += 1;
        return pipelined.readWithPrelude!(prelude, sql, params);
      },
      transaction: (fn, options) => {
        calls.transaction += 1;
        return pipelined.transaction(fn, options);
      },
    };
    const engine = await createEngine({ db: counted, schema: 'shop' });
    const options: HandleOptions = {
      role: 'reader',
      settings: [['request.jwt.claims', '{"role":"reader"}']],
    };
    const request = (
      method: DbRequest['method'],
      rawQuery: string,
      headers: Record<string, string> = {},
      body?: string,
    ): DbRequest => ({
      method,
      path: 'items',
      rawQuery,
      headers: { accept: 'application/json', ...headers },
      body,
    });
    const allow = () => undefined;

    const page = await engine.handle(
      request('GET', 'select=id,name&order=id&limit=2'),
      allow,
      options,
    );
    expect(page.status).toBe(200);
    expect(JSON.parse(String(page.body))).toEqual([
      { id: 1, name: 'item 1' },
      { id: 2, name: 'item 2' },
    ]);
    expect(calls).toEqual({ read: 1, transaction: 0 });

    // A permission error inside the implicit transaction is PostgREST's 401/403, as before.
    const denied = await engine.handle(request('GET', 'select=id'), allow, {
      ...options,
      role: 'postgres_no_such_role',
    });
    expect(denied.status).toBeGreaterThanOrEqual(400);
    expect(denied.status).toBeLessThan(500);

    // A planned count needs two statements: one real transaction, and the same answer.
    calls.read = 0;
    calls.transaction = 0;
    const planned = await engine.handle(
      request('GET', 'select=id&order=id&limit=3', { prefer: 'count=planned' }),
      allow,
      options,
    );
    expect(planned.status).toBeLessThan(300);
    expect(JSON.parse(String(planned.body))).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(calls.transaction).toBe(1);

    // Writes keep their real transaction, and Prefer: tx=rollback still rolls back.
    calls.read = 0;
    calls.transaction = 0;
    const rollbackEngine = await createEngine({
      db: counted,
      schema: 'shop',
      txEnd: 'commit-allow-override',
    });
    const posted = await rollbackEngine.handle(
      request(
        'POST',
        '',
        { prefer: 'tx=rollback', 'content-type': 'application/json' },
        JSON.stringify([{ id: 99, name: 'gone' }]),
      ),
      allow,
      options,
    );
    expect(posted.status, String(posted.body)).toBe(201);
    expect(calls).toEqual({ read: 0, transaction: 1 });
    expect((await plain.query('SELECT id FROM shop.items WHERE id = 99')).rows).toEqual([]);
  });
});
