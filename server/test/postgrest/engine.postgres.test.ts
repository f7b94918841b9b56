import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgres } from '../../src/db/postgres';
import { postgresAvailable, startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { defineEngineSuite } from './engine-suite';

describe.skipIf(!postgresAvailable)('PostgreSQL server', () => {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.stop();
  });
  defineEngineSuite(
    'PostgreSQL',
    async () => {
      if (server === undefined) throw new Error('the server did not start');
      return openPostgres(server.connectionString);
    },
    { timeouts: true },
  );
});
