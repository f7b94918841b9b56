import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

/** Where the ordered `NNNN-name.sql` files live. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

export interface MigrationResult {
  applied: string[];
  skipped: string[];
}

const FILE_PATTERN = /^(\d{4})-[a-z0-9-]+\.sql$/;
// Serialises concurrent start-ups against one PostgreSQL (a constant, arbitrary lock key).
const LOCK_KEY = 7_411_203;

/**
 * Apply every migration not yet recorded in `schema_migrations`, in file-name order, each in its
 * own transaction (a failing file leaves the database as it was before that file). Re-running is
 * a no-op.
 */
export async function migrate(db: Db, dir: string = MIGRATIONS_DIR): Promise<MigrationResult> {
  // Under the same lock as the files: two instances starting at once would otherwise race to
  // create the table (CREATE TABLE IF NOT EXISTS is not safe against a concurrent creator).
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamp with time zone NOT NULL DEFAULT now()
    )`);
  });
  const files = (await readdir(dir)).filter((file) => FILE_PATTERN.test(file)).sort();
  const result: MigrationResult = { applied: [], skipped: [] };
  for (const file of files) {
    const version = file.slice(0, 4);
    const sql = await readFile(`${dir}/${file}`, 'utf8');
    const applied = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.rows.length > 0) return false;
      try {
        await tx.exec(sql);
      } catch (error: unknown) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${file} failed: ${reason}`, { cause: error });
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        version,
        file,
      ]);
      return true;
    });
    (applied ? result.applied : result.skipped).push(file);
  }
  return result;
}
