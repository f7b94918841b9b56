import pg from 'pg';
import { Listener } from './listen';
import type { Db, QueryResult, Queryable, Statement } from './types';

/** The wire connection a pg query writes its messages to (pg-protocol's serializer). */
interface WireConnection {
  parse(config: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: {
    portal?: string;
    statement?: string;
    values?: unknown[];
    binary?: boolean;
    valueMapper?: (value: unknown) => unknown;
  }): void;
  execute(config: { portal?: string; rows?: number }): void;
}

/** A prelude value as text: set_config's arguments are text; null stays NULL. */
function preludeValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * A statement behind its prelude in ONE implicit transaction: Parse/Bind/Execute of each prelude
 * statement, then the statement's own Parse/Bind/Describe/Execute, then a single Sync. The
 * extended protocol runs everything before a Sync as one transaction when no BEGIN is open: the
 * prelude's `set_config(…, true)` settings (role, claims, read-only) hold for the statement and
 * end at the Sync, and an error in either rolls both back. One round trip, no BEGIN or COMMIT.
 * The prelude's own rows and command tags are not part of the result.
 */
class PreludeQuery extends pg.Query {
  private preludeLeft: number;

  constructor(
    private readonly prelude: readonly Statement[],
    text: string,
    values: readonly unknown[],
  ) {
    // Extended protocol always (Parse/Bind/Execute), also for a statement without parameters.
    const config = { text, values: [...values], queryMode: 'extended' };
    super(config as pg.QueryConfig);
    this.preludeLeft = prelude.length;
  }

  /** Called by pg's Query.submit, with the socket corked: everything leaves in one write. */
  prepare(connection: WireConnection): void {
    for (const statement of this.prelude) {
      connection.parse({ text: statement.sql, types: [] });
      connection.bind({
        values: (statement.params ?? []).map(preludeValue),
        valueMapper: (value) => value,
      });
      connection.execute({ rows: 0 });
    }
    (pg.Query.prototype as unknown as { prepare(c: WireConnection): void }).prepare.call(
      this,
      connection,
    );
  }

  handleDataRow(message: unknown): void {
    if (this.preludeLeft > 0) return;
    (pg.Query.prototype as unknown as { handleDataRow(m: unknown): void }).handleDataRow.call(
      this,
      message,
    );
  }

  handleCommandComplete(message: unknown, connection: unknown): void {
    if (this.preludeLeft > 0) {
      this.preludeLeft -= 1;
      return;
    }
    (
      pg.Query.prototype as unknown as { handleCommandComplete(m: unknown, c: unknown): void }
    ).handleCommandComplete.call(this, message, connection);
  }
}

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
  // LISTEN needs a connection of its own: made on the first listen() (server/src/db/listen.ts).
  let listener: Listener | undefined;
  return {
    kind: 'postgres',
    ...base,
    async readWithPrelude<T>(
      prelude: readonly Statement[],
      sql: string,
      params: readonly unknown[] = [],
    ): Promise<QueryResult<T>> {
      // pool.query hands the connection back once the Sync is answered (an idle connection:
      // never inside a BEGIN, so the Sync ends the implicit transaction and its settings).
      const result = (await pool.query(
        new PreludeQuery(prelude, sql, params) as unknown as pg.QueryConfig,
      )) as unknown as pg.QueryResult;
      return {
        rows: result.rows as T[],
        fields: result.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
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
    listen(channel, handlers) {
      listener ??= new Listener({ connectionString });
      return listener.listen(channel, handlers);
    },
    async close() {
      await listener?.close();
      await pool.end();
    },
  };
}
