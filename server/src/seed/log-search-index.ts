/**
 * The log search's trigram index (vigil_logs_message_trgm_idx, migration 0023), built after the
 * server is ready when a bulk load left it out (issue 18). Building the GIN index over the
 * `large` scale's 1,000,000 lines is the most expensive step of that seed (about a minute of CPU
 * on PGlite), so the fleet's log load (seed/logs.ts) drops it and does not rebuild it: the server
 * builds it in the background after start-up (main.ts), `npm run seed` at its end.
 *
 * Meanwhile log search stays correct: `query` is `message ILIKE '%…%'` (logs/store.ts) whatever
 * the indexes; without the trigram index a search reads its stream's lines through the stream
 * index instead (slower for a rare term in a large stream, same answer). The index is missing
 * only where pg_trgm is installed and the index is not there, so the check is stateless: a server
 * that stops before the build ends builds it at its next start.
 *
 * On PostgreSQL the build is CONCURRENTLY (reads and writes go on; an invalid index a failed
 * build left behind is dropped first). PGlite runs one statement at a time: while it builds,
 * other requests wait (about 40 s of CPU at `large`), once, after the warm-up.
 */
import type { Db, Queryable } from '../db/types';

export const LOG_SEARCH_INDEX = 'vigil_logs_message_trgm_idx';
const DEFINITION = `vigil_logs USING gin (message gin_trgm_ops)`;

/** Whether pg_trgm is installed, and whether the trigram index is valid (null: not there). */
async function logSearchIndexState(
  db: Queryable,
): Promise<{ trgm: boolean; valid: boolean | null }> {
  const result = await db.query<{ trgm: boolean; valid: boolean | null }>(
    `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS trgm,
       (SELECT i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace) AS valid`,
    [LOG_SEARCH_INDEX],
  );
  const row = result.rows[0];
  return { trgm: Boolean(row?.trgm), valid: row?.valid ?? null };
}

/** Whether pg_trgm is installed and the trigram index of vigil_logs is missing (or invalid). */
export async function logSearchIndexMissing(db: Queryable): Promise<boolean> {
  const { trgm, valid } = await logSearchIndexState(db);
  return trgm && valid !== true;
}

/**
 * Drop the trigram index for a bulk load; returns whether it was there (and is now deferred to
 * {@link buildLogSearchIndex}).
 */
export async function dropLogSearchIndex(tx: Queryable): Promise<boolean> {
  const present = await tx.query(
    `SELECT 1 FROM pg_class WHERE relname = $1 AND relnamespace = current_schema()::regnamespace`,
    [LOG_SEARCH_INDEX],
  );
  if (present.rows.length === 0) return false;
  await tx.exec(`DROP INDEX ${LOG_SEARCH_INDEX}`);
  return true;
}

/**
 * Build the trigram index if it is missing; returns what was done and how long the build took.
 * 'unavailable' where pg_trgm is not installed (search stays unindexed, as the migration says).
 */
export async function buildLogSearchIndex(
  db: Db,
): Promise<{ result: 'built' | 'present' | 'unavailable'; ms: number }> {
  const started = performance.now();
  const row = await logSearchIndexState(db);
  if (!row.trgm) return { result: 'unavailable', ms: 0 };
  if (row.valid === true) return { result: 'present', ms: 0 };
  if (db.kind === 'postgres') {
    // Not in a transaction: CONCURRENTLY needs its own. A failed concurrent build leaves an
    // invalid index under the name: drop it first.
    if (row.valid === false) await db.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${LOG_SEARCH_INDEX}`);
    await db.exec(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${LOG_SEARCH_INDEX} ON ${DEFINITION}`);
  } else {
    await db.transaction(async (tx) => {
      // Room for the GIN build's sort (transaction-local; the server's default is 16 MB).
      await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
      if (row.valid === false) await tx.exec(`DROP INDEX IF EXISTS ${LOG_SEARCH_INDEX}`);
      await tx.exec(`CREATE INDEX IF NOT EXISTS ${LOG_SEARCH_INDEX} ON ${DEFINITION}`);
    });
  }
  return { result: 'built', ms: performance.now() - started };
}
