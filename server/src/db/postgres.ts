import pg from 'pg';
import type { Db, QueryResult, Queryable } from './types';

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, [...params]);
      return {
        rows: result.rows as T[],
        fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
    async exec(sql: string): Promise<void> {
      await target.query(sql);
    },
  };
}

export interface PostgresOptions {
  /**
   * `statement_timeout` of every pooled connection, in ms. Setting it on the connection (rather
   * than `SET LOCAL` per request) keeps a read a single round trip.
   */
  statementTimeoutMs?: number;
  /**
   * Pipeline each connection's statements (pg's pipeline mode): statements issued before the
   * previous one is answered go out at once, so a transaction's BEGIN, its prelude and its first
   * statement cost one round trip. No cursors or row-limited portals on such a pool.
   */
  pipeline?: boolean;
}

/** Connect to a real PostgreSQL (15+) through a small pool. */
export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 8,
    // Session settings for an interactive API: JIT compilation costs 100–300 ms on the catalog
    // and health aggregates at the large scale (more than the queries themselves), and the health
    // summary's sort of 10,000 wide rows spills to disk at the default 4 MB work_mem.
    options: '-c jit=off -c work_mem=16MB',
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    ...(options.pipeline ? { pipeline: true } : {}),
  });
  // Fail at start-up, with the driver's message, when the server cannot be reached.
  const client = await pool.connect();
  client.release();
  const base = wrap(pool);
  return {
    kind: 'postgres',
    ...base,
    async transaction(fn, options = {}) {
      const tx = await pool.connect();
      let detached = false;
      try {
        // BEGIN and the prelude are not awaited one by one: on a pipelining pool they leave with
        // fn's first statement. Their own error is reported rather than the aborted
        // transaction's error that fn's statements then get.
        const opening = Promise.all([
          tx.query('BEGIN'),
          ...(options.prelude ?? []).map((statement) =>
            tx.query(statement.sql, [...(statement.params ?? [])]),
          ),
        ]);
        opening.catch(() => undefined);
        let result;
        try {
          result = await fn(wrap(tx));
        } catch (error: unknown) {
          await opening;
          throw error;
        }
        await opening;
        if (options.readOnly) {
          // Nothing to commit: answer now, and hand the connection back once COMMIT is done.
          detached = true;
          tx.query('COMMIT').then(
            () => tx.release(),
            (error: unknown) => tx.release(error instanceof Error ? error : true),
          );
          return result;
        }
        await tx.query('COMMIT');
        return result;
      } catch (error: unknown) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        if (!detached) tx.release();
      }
    },
    close: () => pool.end(),
  };
}
