/**
 * Transactions with a prelude on a pipelining PostgreSQL pool (server/src/db/postgres.ts): the
 * prelude's settings hold for the transaction's statements and end with it, the prelude's own
 * error is the one reported (not the aborted transaction's), and the connection stays usable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

describe.skipIf(!postgresAvailable)(
  'transactions with a prelude (pipelined PostgreSQL pool)',
  () => {
    let server: PostgresServer;
    let db: Db;
    beforeAll(async () => {
      server = await startPostgres();
      db = await openPostgres(server.connectionString, { pipeline: true });
      await db.exec(`CREATE ROLE reader NOLOGIN; CREATE TABLE notes (id int PRIMARY KEY, body text);
      INSERT INTO notes VALUES (1, 'one'); GRANT SELECT ON notes TO reader;`);
    }, 120_000);
    afterAll(async () => {
      await db?.close();
      await server?.stop();
    });

    const prelude = (role: string) => [
      {
        sql: 'SELECT set_config($1, $2, true), set_config($3, $4, true), set_config($5, $6, true)',
        params: ['transaction_read_only', 'on', 'role', role, 'request.jwt.claims', '{"sub":"a"}'],
      },
    ];

    it('applies the prelude to the statements of the transaction, and only to them', async () => {
      const row = await db.transaction(
        async (tx) =>
          (
            await tx.query<{ who: string; claims: string; ro: string; body: string }>(
              `SELECT current_user AS who, current_setting('request.jwt.claims', true) AS claims,
               current_setting('transaction_read_only') AS ro, (SELECT body FROM notes) AS body`,
            )
          ).rows[0],
        { prelude: prelude('reader') },
      );
      expect(row).toEqual({ who: 'reader', claims: '{"sub":"a"}', ro: 'on', body: 'one' });
      const after = await db.query<{ who: string; claims: string | null }>(
        `SELECT current_user AS who, nullif(current_setting('request.jwt.claims', true), '') AS claims`,
      );
      expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
    });

    it("reports the prelude's own error, rolls back, and leaves the connection usable", async () => {
      await expect(
        db.transaction((tx) => tx.query('SELECT body FROM notes'), { prelude: prelude('nobody') }),
      ).rejects.toMatchObject({ code: '22023', message: 'role "nobody" does not exist' });
      // Read-only from the prelude: a write in the transaction is refused by PostgreSQL.
      await expect(
        db.transaction((tx) => tx.query("UPDATE notes SET body = 'x'"), {
          prelude: prelude('reader'),
        }),
      ).rejects.toMatchObject({ code: '25006' });
      const rows = await Promise.all(
        Array.from({ length: 16 }, () => db.query<{ body: string }>('SELECT body FROM notes')),
      );
      expect(rows.map((result) => result.rows[0]?.body)).toEqual(Array(16).fill('one'));
    });

    it('answers a read-only transaction before its COMMIT, and every connection comes back clean', async () => {
      const read = () =>
        db.transaction(
          async (tx) =>
            (
              await tx.query<{ who: string }>(
                'SELECT current_user AS who, (SELECT body FROM notes)',
              )
            ).rows[0]?.who,
          { prelude: prelude('reader'), readOnly: true },
        );
      // More transactions than the pool has connections (8): each is handed back after its COMMIT.
      const whos = await Promise.all(Array.from({ length: 40 }, read));
      expect(whos).toEqual(Array(40).fill('reader'));
      for (let i = 0; i < 20; i += 1) expect(await read()).toBe('reader');
      const after = await Promise.all(
        Array.from({ length: 16 }, () =>
          db.query<{ who: string; ro: string }>(
            "SELECT current_user AS who, current_setting('transaction_read_only') AS ro",
          ),
        ),
      );
      expect(after.map((result) => result.rows[0])).toEqual(
        Array(16).fill({ who: 'postgres', ro: 'off' }),
      );
      // A write after the read-only ones runs in a fresh transaction of its own.
      await db.transaction((tx) => tx.query("UPDATE notes SET body = 'two' WHERE id = 1"));
      expect((await db.query<{ body: string }>('SELECT body FROM notes')).rows[0]?.body).toBe(
        'two',
      );
    });
  },
);
