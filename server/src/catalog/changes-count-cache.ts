/**
 * The change search's exact `total` (server/src/catalog/changes.ts), kept on PGlite while the
 * database has not changed (issue 18: a sort change on /catalog/changes counted the same filter
 * again, about half of the request at the large scale).
 *
 * - A count is kept with the version of the change search's tables read before it: every
 *   statement that writes config_changes, config_items or config_relationships advances the
 *   sequence `vigil_catalog_changes_version` (migration 0038), so an unchanged version means
 *   unchanged totals, whatever else is written meanwhile (the runner's statuses, job history,
 *   sessions). PGlite's data directory is this process's alone and runs one statement at a time;
 *   a write between the version's read and the count leaves a kept count under an older version,
 *   which the next read no longer matches.
 * - A window without an end (`from` only, the page's default "last 2 days") starts later on each
 *   request: the kept count of the same filter is then moved by the changes between the two
 *   starts, an exact count of a short range of the created_at index, instead of the whole window.
 * - At most {@link MAX_KEPT} filters are kept, the least recently used dropped first.
 * - On PostgreSQL (other instances, concurrent commits) nothing is kept: each request counts.
 */
import type { Db, Queryable } from '../db/types';

/** How many filters' counts are kept. */
export const MAX_KEPT = 32;
/** A kept count is moved to a new window start at most this far from its own (else recounted). */
export const MAX_SHIFT_MS = 15 * 60_000;

/** One count of the change search: its SQL and parameters, and the window's start. */
export interface ChangesCount {
  /** The FROM list: `config_changes cc`, joined to `config_items ci` when a filter needs it. */
  tables: string;
  /** The predicates (ANDed), one of them `cc.created_at >= $<fromIndex + 1>::timestamptz`. */
  where: string;
  /** The parameters of `where`; `values[fromIndex]` is the window's start (ISO text). */
  values: readonly unknown[];
  fromIndex: number;
  /** True when the window has no end: its start alone may move between two requests. */
  sliding: boolean;
}

/** The version of the change search's tables: the sequence's last value and whether it was used. */
const VERSION_SQL =
  "SELECT last_value || ':' || is_called AS version FROM vigil_catalog_changes_version";

interface Kept {
  version: string;
  fromMs: number;
  from: string;
  total: number;
}

/** Counts the change search's total, keeping counts where that is safe (module comment). */
export class ChangesCountCache {
  private readonly kept = new Map<string, Kept>();
  private keeping: boolean;

  constructor(db: Pick<Db, 'kind'>) {
    this.keeping = db.kind === 'pglite';
  }

  async count(db: Queryable, count: ChangesCount): Promise<number> {
    const sql = `SELECT count(*) AS total FROM ${count.tables} WHERE ${count.where}`;
    if (!this.keeping) return countNow(db, sql, count.values);
    let version: string | undefined;
    try {
      const result = await db.query<{ version: string }>(VERSION_SQL);
      version = result.rows[0]?.version;
    } catch {
      // No version to go by (a database without migration 0038): counted every time from now on.
      this.keeping = false;
      this.kept.clear();
    }
    if (!version) return countNow(db, sql, count.values);
    const from = String(count.values[count.fromIndex]);
    const fromMs = Date.parse(from);
    const key = keyOf(count);
    const kept = this.kept.get(key);
    let total: number | undefined;
    if (kept?.version === version) {
      if (kept.from === from) total = kept.total;
      else if (count.sliding && Math.abs(fromMs - kept.fromMs) <= MAX_SHIFT_MS) {
        // The changes between the two starts: left the window (later start) or joined it.
        const [low, high] = fromMs > kept.fromMs ? [kept.from, from] : [from, kept.from];
        const values = [...count.values];
        values[count.fromIndex] = low;
        const between = await countNow(
          db,
          `SELECT count(*) AS total FROM ${count.tables}
            WHERE (${count.where}) AND cc.created_at < $${values.length + 1}::timestamptz`,
          [...values, high],
        );
        total = fromMs > kept.fromMs ? kept.total - between : kept.total + between;
      }
    }
    total ??= await countNow(db, sql, count.values);
    this.kept.delete(key);
    this.kept.set(key, { version, fromMs, from, total });
    while (this.kept.size > MAX_KEPT) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
    return total;
  }

  /** How many filters are kept (tests). */
  get size(): number {
    return this.kept.size;
  }
}

function keyOf(count: ChangesCount): string {
  const values = count.sliding
    ? count.values.map((value, index) => (index === count.fromIndex ? null : value))
    : count.values;
  return JSON.stringify([count.tables, count.where, count.sliding, values]);
}

async function countNow(db: Queryable, sql: string, values: readonly unknown[]): Promise<number> {
  const result = await db.query<{ total: string | number }>(sql, values);
  return Number(result.rows[0]?.total ?? 0);
}
