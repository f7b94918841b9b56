/**
 * The data API's engine as the server runs it: the row cap, and on PostgreSQL a separate pool
 * whose connections carry the statement timeout (so a read stays one round trip, and migrations
 * and seeding are not limited by it). PGlite cannot cancel a statement, so there the engine runs
 * without a timeout (config.ts leaves it unset).
 */
import type { ServerConfig } from './config';
import { openPostgres } from './db/postgres';
import type { Db } from './db/types';
import { createEngine } from './postgrest/engine';
import type { DbEngine } from './routes/db';

export interface DataApi {
  engine: DbEngine;
  close(): Promise<void>;
}

export async function openDataApi(
  db: Db,
  config: Pick<ServerConfig, 'databaseUrl' | 'maxRows' | 'statementTimeoutMs'> &
    Partial<Pick<ServerConfig, 'preparedStatements'>>,
): Promise<DataApi> {
  const timeout = config.statementTimeoutMs;
  const own =
    config.databaseUrl && timeout
      ? await openPostgres(config.databaseUrl, {
          statementTimeoutMs: timeout,
          preparedStatements: config.preparedStatements !== false,
        })
      : undefined;
  const engine = await createEngine({
    db: own ?? db,
    maxRows: config.maxRows,
    ...(own === undefined && timeout ? { statementTimeoutMs: timeout } : {}),
  });
  return { engine, close: async () => own?.close() };
}
