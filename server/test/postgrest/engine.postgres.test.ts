import { afterAll, beforeAll, describe } from 'vitest';
import { openPostgres } from '../../src/db/postgres';
import { postgresAvailable, startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { defineEngineSuite } from './engine-suite';
import { defineInjectionSuite } from './injection-suite';

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
  // The corpus suite loads the fixture again: into a database of its own.
  defineInjectionSuite('PostgreSQL', async () => {
    if (server === undefined) throw new Error('the server did not start');
    const admin = await openPostgres(server.connectionString);
    await admin.exec('CREATE DATABASE injection');
    await admin.close();
    return openPostgres(server.connectionString.replace(/\/postgres$/, '/injection'));
  });
});
