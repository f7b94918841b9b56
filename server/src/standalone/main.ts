/**
 * Entry of the standalone data API mode: `npm run start:postgrest` (docs/postgrest-mode.md).
 * Serves an existing PostgreSQL database the way PostgREST does, without writing to it: no
 * migrations, no seed, no runner. A bad configuration or an unreachable database stops start-up
 * with one line on stderr.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { VERSION } from '../version';
import { createStandaloneApp } from './app';
import { StandaloneConfigError, loadStandaloneConfig, type StandaloneConfig } from './config';

/** A running standalone server. */
export interface RunningStandalone {
  port: number;
  reload(): Promise<void>;
  close(): Promise<void>;
}

async function checkSchemas(db: Db, schemas: readonly string[]): Promise<void> {
  const result = await db.query<{ nspname: string }>(
    'SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname = ANY($1::text[])',
    [schemas],
  );
  const found = new Set(result.rows.map((row) => row.nspname));
  const missing = schemas.filter((schema) => !found.has(schema));
  if (missing.length > 0) {
    throw new StandaloneConfigError(
      `VIGIL_PGRST_DB_SCHEMAS: no schema ${missing.map((name) => `"${name}"`).join(', ')} in the database`,
    );
  }
}

/** Start the standalone server on `config` (port 0 picks a free one). */
export async function startStandalone(config: StandaloneConfig): Promise<RunningStandalone> {
  let db: Db;
  try {
    // The statement timeout, when set, is applied per request by the engine (SET LOCAL).
    // Pipelined: a request's BEGIN, settings and first statement go out in one round trip.
    // Prepared: reads parse each statement once per connection (db-prepared-statements).
    db = await openPostgres(config.databaseUrl, {
      pipeline: true,
      preparedStatements: config.preparedStatements,
    });
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    throw new StandaloneConfigError(
      `DATABASE_URL: cannot connect: ${message.split('\n')[0] ?? ''}`,
    );
  }
  try {
    await checkSchemas(db, config.schemas);
    const standalone = await createStandaloneApp(db, config);
    const server: ServerType = await new Promise((resolve) => {
      const started = serve(
        { fetch: standalone.app.fetch, port: config.port, hostname: config.host },
        () => resolve(started),
      );
    });
    const address = server.address() as AddressInfo;
    return {
      port: address.port,
      reload: () => standalone.reload(),
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
        });
        await db.close();
      },
    };
  } catch (error: unknown) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<void> {
  let running: RunningStandalone;
  try {
    const config = loadStandaloneConfig();
    running = await startStandalone(config);
    process.stdout.write(
      `vigil ${VERSION} data API (PostgREST mode) on http://${config.host}:${running.port} ` +
        `serving ${config.schemas.join(', ')}\n`,
    );
  } catch (error: unknown) {
    const message =
      error instanceof StandaloneConfigError
        ? error.message
        : `start-up failed: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`vigil: ${message.split('\n')[0] ?? ''}\n`);
    process.exit(1);
  }
  // PostgREST reloads its schema cache on SIGUSR1.
  process.on('SIGUSR1', () => {
    running.reload().then(
      () => process.stdout.write('schema cache reloaded\n'),
      (error: unknown) => process.stderr.write(`schema cache reload failed: ${String(error)}\n`),
    );
  });
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

const entry = process.argv[1] ?? '';
if (/standalone[\\/]main\.[cm]?[jt]s$/.test(entry)) void main();
