/**
 * Writes to chosen tables, as this process sends them: a listener is told about every statement
 * that may write one of the tables (INSERT, UPDATE, DELETE, TRUNCATE or MERGE naming it, and any
 * `exec` script), once when it is sent and again when it (or its transaction) has ended. Used to
 * invalidate in-process caches of what those tables hold (server/src/auth/caller-cache.ts).
 *
 * The Db object is instrumented in place, once, so every holder of it (routes, jobs, the engine,
 * tests) is seen. It sees only this process's statements: a cache that other processes' writes
 * must reach needs more (or a database only this process opens, as PGlite's data directory).
 */
import type { Db, Queryable, QueryResult, TransactionOptions } from './types';

type Listener = () => void;

interface Watch {
  listeners: Set<{ tables: RegExp; listener: Listener }>;
}

const watches = new WeakMap<Db, Watch>();

const WRITE = /\b(?:insert|update|delete|truncate|merge)\b/i;

/** The regular expression that finds any of `tables` as a word (quoted or not). */
function tablePattern(tables: readonly string[]): RegExp {
  const names = tables.map((table) => table.replace(/[^a-z0-9_]/gi, '')).join('|');
  return new RegExp(`\\b(?:${names})\\b`, 'i');
}

function notify(watch: Watch, sql: string | undefined): boolean {
  let told = false;
  for (const entry of watch.listeners) {
    if (sql === undefined || (entry.tables.test(sql) && WRITE.test(sql))) {
      entry.listener();
      told = true;
    }
  }
  return told;
}

/** Calls `listener` around every statement of this process that may write one of `tables`. */
export function onTableWrites(db: Db, tables: readonly string[], listener: Listener): () => void {
  let watch = watches.get(db);
  if (watch === undefined) {
    watch = { listeners: new Set() };
    watches.set(db, watch);
    instrument(db, watch);
  }
  const entry = { tables: tablePattern(tables), listener };
  watch.listeners.add(entry);
  return () => watch.listeners.delete(entry);
}

function instrument(db: Db, watch: Watch): void {
  // Statements of a transaction: told when sent, and once more when the transaction has ended
  // (committed or rolled back), so a read racing the commit cannot keep what it saw before.
  const watched = (target: Queryable, touched: { value: boolean } | undefined): Queryable => ({
    query<T>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> {
      if (watch.listeners.size === 0 || !notify(watch, sql)) return target.query<T>(sql, params);
      if (touched) touched.value = true;
      return target.query<T>(sql, params).finally(() => notify(watch, sql));
    },
    exec(sql: string): Promise<void> {
      if (watch.listeners.size === 0) return target.exec(sql);
      notify(watch, undefined);
      if (touched) touched.value = true;
      return target.exec(sql).finally(() => notify(watch, undefined));
    },
  });
  const plain = { query: db.query.bind(db), exec: db.exec.bind(db) };
  const transaction = db.transaction.bind(db);
  const self = watched(plain, undefined);
  db.query = self.query;
  db.exec = self.exec;
  db.transaction = <T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) => {
    const touched = { value: false };
    for (const statement of options?.prelude ?? []) {
      if (watch.listeners.size > 0 && notify(watch, statement.sql)) touched.value = true;
    }
    return transaction((tx) => fn(watched(tx, touched)), options).finally(() => {
      if (touched.value) notify(watch, undefined);
    });
  };
  const readWithPrelude = db.readWithPrelude?.bind(db);
  if (readWithPrelude) {
    db.readWithPrelude = <T>(
      prelude: Parameters<typeof readWithPrelude>[0],
      sql: string,
      params?: readonly unknown[],
    ) => {
      const writes =
        watch.listeners.size > 0 &&
        [...prelude.map((statement) => statement.sql), sql].some((text) => notify(watch, text));
      const result = readWithPrelude<T>(prelude, sql, params);
      return writes ? result.finally(() => notify(watch, undefined)) : result;
    };
  }
}
