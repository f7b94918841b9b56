/**
 * The database seam of the reference server: the same interface over embedded PGlite and a real
 * PostgreSQL (pg). Everything above it (migrations, the PostgREST engine, routes, jobs) runs the
 * same SQL on both.
 */

export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T> {
  rows: T[];
  fields: QueryField[];
  /** Rows inserted, updated or deleted by the statement (0 for SELECT on some drivers). */
  affectedRows: number;
}

export interface Queryable {
  /** One statement with `$1…$n` bind parameters. Values are never interpolated into SQL. */
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations, seed scripts). */
  exec(sql: string): Promise<void>;
}

/** One statement and its bind parameters. */
export interface Statement {
  sql: string;
  params?: readonly unknown[];
}

export interface TransactionOptions {
  /**
   * Statements run first in the transaction (settings, a role). On PostgreSQL with a pipelining
   * pool they are written with BEGIN and `fn`'s first statement in one round trip; an error of
   * theirs is the one the transaction fails with.
   */
  prelude?: readonly Statement[];
  /**
   * The transaction only reads (READ ONLY): its result does not wait for COMMIT, which is sent
   * behind it; the connection goes back to the pool once the COMMIT is answered.
   */
  readOnly?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Run `fn` in a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * One statement behind its prelude as ONE implicit transaction and one round trip, without
   * BEGIN or COMMIT (PostgreSQL's extended protocol: everything before a Sync). The prelude's
   * local settings (`set_config(…, true)`) hold for the statement and end with it; an error in
   * either rolls back both. For single-statement reads; absent where the driver cannot (PGlite):
   * callers then use {@link transaction}.
   */
  readWithPrelude?<T = Record<string, unknown>>(
    prelude: readonly Statement[],
    sql: string,
    params?: readonly unknown[],
  ): Promise<QueryResult<T>>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own (one per Db, shared by its
   * listeners), reconnected when lost. `notify` gets every notification's payload; `state` is told
   * `true` once the connection listens (again) and `false` as soon as it is lost, so a cache that
   * relies on the notifications can stop trusting itself until it listens again.
   */
  listen?(channel: string, handlers: ListenHandlers): Listening;
  close(): Promise<void>;
}

export interface Listening {
  /**
   * Resolves once every notification committed before the call has been handed to `notify`
   * (a `SELECT 1` sent after the call is answered on the listening connection: PostgreSQL sends
   * pending notifications before it says it is ready again). `false` when the connection is not
   * listening or is lost meanwhile. Concurrent calls share one round trip.
   */
  sync(): Promise<boolean>;
  /** Stop listening. */
  stop(): void;
}

export interface ListenHandlers {
  notify(payload: string): void;
  state(listening: boolean): void;
}
