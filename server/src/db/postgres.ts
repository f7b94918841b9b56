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
  describe(config: { type: 'P' | 'S'; name: string }): void;
  close(config: { type: 'P' | 'S'; name: string }): void;
}

/**
 * The named statements one connection has prepared, by text. A name is `ready` once the
 * statement that parsed it has been answered without error; `pending` while that answer is on its
 * way (a pipelined query meanwhile parses its own unnamed copy rather than depend on it);
 * `uncertain` after an error in the query that parsed it (the Parse may or may not have taken), so
 * its next use closes the name first (closing an unknown name is not an error) and parses again.
 */
interface PreparedRegistry {
  readonly byText: Map<string, { name: string; state: 'pending' | 'ready' | 'uncertain' }>;
  next: number;
}

/** Named statements per connection at most; past it, statements are parsed unnamed each time. */
export const MAX_PREPARED_PER_CONNECTION = 256;

const registries = new WeakMap<object, PreparedRegistry>();

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
 *
 * With `prepared`, each text is parsed once per connection as a named statement and bound by
 * name afterwards (PostgREST's `db-prepared-statements`): parse analysis and planning are skipped
 * on the next requests of the same shape. PostgreSQL itself re-analyses a named statement when the
 * objects it uses change or `search_path` differs, and re-plans under row-level security for
 * another role.
 */
class PreludeQuery extends pg.Query {
  private preludeLeft: number;
  /** Names this query parses, settled by its answer. */
  private readonly parsing: { name: string; state: 'pending' | 'ready' | 'uncertain' }[] = [];
  private failed = false;

  constructor(
    private readonly prelude: readonly Statement[],
    text: string,
    values: readonly unknown[],
    private readonly prepared: boolean,
  ) {
    // Extended protocol always (Parse/Bind/Execute), also for a statement without parameters.
    const config = { text, values: [...values], queryMode: 'extended' };
    super(config as pg.QueryConfig);
    this.preludeLeft = prelude.length;
  }

  /** The statement name to bind `text` with ('' for unnamed), parsing it first when needed. */
  private parse(connection: WireConnection, text: string): string {
    const registry = this.prepared ? registryOf(connection) : undefined;
    let entry = registry?.byText.get(text);
    if (registry !== undefined && entry === undefined) {
      if (registry.byText.size < MAX_PREPARED_PER_CONNECTION) {
        entry = { name: `vigil_s${registry.next}`, state: 'uncertain' };
        registry.next += 1;
        registry.byText.set(text, entry);
        // A fresh name: nothing to close.
        connection.parse({ text, name: entry.name, types: [] });
        entry.state = 'pending';
        this.parsing.push(entry);
        return entry.name;
      }
    }
    if (entry?.state === 'ready') return entry.name;
    if (entry?.state === 'uncertain') {
      connection.close({ type: 'S', name: entry.name });
      connection.parse({ text, name: entry.name, types: [] });
      entry.state = 'pending';
      this.parsing.push(entry);
      return entry.name;
    }
    connection.parse({ text, types: [] });
    return '';
  }

  /** Called by pg's Query.submit, with the socket corked: everything leaves in one write. */
  prepare(connection: WireConnection): void {
    for (const statement of this.prelude) {
      const name = this.parse(connection, statement.sql);
      connection.bind({
        statement: name,
        values: (statement.params ?? []).map(preludeValue),
        valueMapper: (value) => value,
      });
      connection.execute({ rows: 0 });
    }
    const name = this.parse(connection, (this as unknown as { text: string }).text);
    // pg's own Bind/Describe/Execute/Sync (its value mapping included), bound to that name; its
    // Parse is the one just sent.
    const named: WireConnection = Object.create(connection as object) as WireConnection;
    named.parse = () => undefined;
    named.bind = (config) => connection.bind({ ...config, statement: name });
    (pg.Query.prototype as unknown as { prepare(c: WireConnection): void }).prepare.call(
      this,
      named,
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

  handleError(error: unknown, connection: unknown): void {
    this.failed = true;
    for (const entry of this.parsing) entry.state = 'uncertain';
    (
      pg.Query.prototype as unknown as { handleError(e: unknown, c: unknown): void }
    ).handleError.call(this, error, connection);
  }

  handleReadyForQuery(connection: unknown): void {
    if (
      !this.failed &&
      !(this as unknown as { _canceledDueToError: unknown })._canceledDueToError
    ) {
      for (const entry of this.parsing) entry.state = 'ready';
    }
    (
      pg.Query.prototype as unknown as { handleReadyForQuery(c: unknown): void }
    ).handleReadyForQuery.call(this, connection);
  }
}

/** PostgreSQL's refusal to run a prepared statement whose result type changed (0A000). */
function isChangedResultType(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '0A000' &&
    /cached plan must not change result type/.test(error.message)
  );
}

function registryOf(connection: WireConnection): PreparedRegistry {
  let registry = registries.get(connection);
  if (registry === undefined) {
    registry = { byText: new Map(), next: 0 };
    registries.set(connection, registry);
  }
  return registry;
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
  /**
   * Reads through {@link Db.readWithPrelude} parse each statement text once per connection as a
   * named prepared statement (at most MAX_PREPARED_PER_CONNECTION of them) instead of on every
   * request. On by default, as PostgREST's `db-prepared-statements`; off behind a pooler in
   * transaction mode (PgBouncer), where a connection's named statements do not follow the session.
   */
  preparedStatements?: boolean;
  /** Connections in the pool (8 unless told). */
  maxConnections?: number;
  /** The listening connection's heartbeat in ms (server/src/db/listen.ts; tests shorten it). */
  listenHeartbeatMs?: number;
}

/** Connect to a real PostgreSQL (15+) through a small pool. */
export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 8,
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
      const prepared = options.preparedStatements !== false;
      const run = (named: boolean) =>
        pool.query(
          new PreludeQuery(prelude, sql, params, named) as unknown as pg.QueryConfig,
        ) as unknown as Promise<pg.QueryResult>;
      let result: pg.QueryResult;
      try {
        result = await run(prepared);
      } catch (error: unknown) {
        // A named statement whose result columns changed since it was parsed (a `SELECT *` over
        // an altered table): PostgreSQL refuses to run it. Its name is parsed again on the next
        // use (the query failed: uncertain); this request runs unnamed, once.
        if (!prepared || !isChangedResultType(error)) throw error;
        result = await run(false);
      }
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
      listener ??= new Listener(
        { connectionString },
        options.listenHeartbeatMs === undefined ? {} : { heartbeatMs: options.listenHeartbeatMs },
      );
      return listener.listen(channel, handlers);
    },
    async close() {
      await listener?.close();
      await pool.end();
    },
  };
}
