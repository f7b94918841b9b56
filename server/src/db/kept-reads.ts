/**
 * Answers kept while the database has not changed (issue 18, the screens at the `large` scale).
 * On PGlite an answer is kept per key together with the WAL insert position read before it was
 * computed, and used again while that position has not moved: every committed write of any table
 * moves it (its commit record at least), whichever statement, trigger or function made it, and so
 * does a write still under way. A write that lands while an answer is being computed has moved
 * the position past the one it is kept with, so that answer is never used again. Only for
 * answers that depend on nothing but the stored data and the key (no `now()`, no caller). On
 * PostgreSQL (other instances, concurrent commits) nothing is kept. The health summary has its own
 * reader (server/src/routes/summary-cache.ts): its statuses also change with time.
 */
import type { Db } from './types';

interface Kept<T> {
  lsn: string;
  value: Promise<T>;
}

/** The WAL insert position of `db`, or undefined when it cannot be read. */
export async function walInsertPosition(db: Db): Promise<string | undefined> {
  const result = await db.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  return result.rows[0]?.lsn;
}

export class KeptReads<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private keeping: boolean;

  /** `limit`: how many keys are kept at most (the least recently used goes first). */
  constructor(
    private readonly db: Db,
    private readonly limit = 16,
  ) {
    this.keeping = db.kind === 'pglite';
  }

  /** The answer for `key`: the kept one while the database is unchanged, else `read()`'s. */
  async read(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.keeping) return read();
    let lsn: string | undefined;
    try {
      lsn = await walInsertPosition(this.db);
    } catch {
      // No position to go by: every answer is read from now on.
      this.keeping = false;
      this.kept.clear();
    }
    if (lsn === undefined) return read();
    const entry = this.kept.get(key);
    if (entry?.lsn === lsn) {
      this.kept.delete(key);
      this.kept.set(key, entry);
      try {
        return await entry.value;
      } catch {
        // The read that made it failed: read again below.
      }
    }
    const fresh: Kept<T> = { lsn, value: read() };
    this.kept.delete(key);
    this.kept.set(key, fresh);
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value as string);
    fresh.value.catch(() => {
      if (this.kept.get(key) === fresh) this.kept.delete(key);
    });
    return fresh.value;
  }
}
