/** The data API as the server wires it: row cap from the config, statement timeout on PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { openDataApi } from '../src/data-api';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import { postgresAvailable, startPostgres } from './helpers/postgres-server';

describe.skipIf(!postgresAvailable)('data API on PostgreSQL', () => {
  it('caps rows at maxRows and cancels statements beyond the timeout', async () => {
    const server = await startPostgres();
    const db = await openPostgres(server.connectionString);
    const limited = await openPostgres(server.connectionString, { statementTimeoutMs: 150 });
    try {
      await migrate(db);
      await db.query(
        `INSERT INTO people (name, email) SELECT 'p' || g, 'p' || g || '@example.com' FROM generate_series(1, 12) g`,
      );
      const api = await openDataApi(db, {
        databaseUrl: server.connectionString,
        maxRows: 5,
        statementTimeoutMs: 150,
      });
      try {
        const response = await api.engine.handle(
          {
            method: 'GET',
            path: 'people',
            rawQuery: 'select=id,name&order=name.asc',
            headers: {},
            body: undefined,
          },
          () => undefined,
        );
        expect(response.status).toBeLessThan(300);
        expect((JSON.parse(response.body) as unknown[]).length).toBe(5);
      } finally {
        await api.close();
      }
      await expect(limited.query('SELECT pg_sleep(1)')).rejects.toMatchObject({ code: '57014' });
      // The loader pool has no timeout.
      await expect(db.query('SELECT pg_sleep(0.3)')).resolves.toBeDefined();
    } finally {
      await limited.close();
      await db.close();
      await server.stop();
    }
  });
});
