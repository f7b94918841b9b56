/**
 * Bulk-load helpers of the large seed (issue 18: seeding `large` on PGlite). A table loads several
 * times faster without its secondary indexes, and an index built once over the loaded rows is far
 * cheaper than the same index grown row by row (a trigram GIN index most of all): the loaders drop
 * the indexes of the tables they fill and rebuild them from their own definitions (whatever the
 * migrations made them) at the end of the load, in the same transaction.
 */
import type { Queryable } from '../db/types';

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Session settings for the load (transaction-local): room for sorts, hashes and index builds. */
export async function bulkSettings(tx: Queryable): Promise<void> {
  await tx.exec(`SET LOCAL work_mem = '128MB'; SET LOCAL maintenance_work_mem = '512MB';`);
}

/**
 * Drop the indexes of `table` that only speed up reads and return the statements that rebuild
 * them. Plain indexes always; unique constraints and the primary key only when asked and when no
 * foreign key depends on them (a unique index an ON CONFLICT relies on must stay during the load,
 * so they stay by default).
 */
export async function dropIndexes(
  tx: Queryable,
  table: string,
  options: { unique?: boolean; primaryKey?: boolean } = {},
): Promise<string[]> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  const indexes = await tx.query<{
    name: string;
    def: string;
    contype: string | null;
    constraint: string | null;
    unique: boolean;
  }>(
    `SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def, c.contype::text AS contype,
       CASE WHEN c.oid IS NOT NULL THEN quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid) END AS constraint,
       i.indisunique AS unique
     FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
     LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid AND c.conrelid = i.indrelid
       AND c.contype IN ('p', 'u', 'x')
     WHERE i.indrelid = $1::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = i.indexrelid)
     ORDER BY ic.relname`,
    [table],
  );
  const rebuild: string[] = [];
  for (const index of indexes.rows) {
    if (index.contype === 'x') continue;
    if (index.contype === 'p' && !options.primaryKey) continue;
    if ((index.contype === 'u' || (index.unique && !index.contype)) && !options.unique) continue;
    if (index.contype && index.constraint) {
      await tx.exec(`ALTER TABLE ${table} DROP CONSTRAINT ${index.name}`);
      rebuild.push(`ALTER TABLE ${table} ADD CONSTRAINT ${index.constraint}`);
    } else {
      await tx.exec(`DROP INDEX ${index.name}`);
      rebuild.push(index.def);
    }
  }
  return rebuild;
}

/**
 * Run the statements `dropIndexes` returned. With `log`, each statement that took at least
 * `slowMs` (default 250 ms) is reported with its time (the seed's profile).
 */
export async function rebuildIndexes(
  tx: Queryable,
  statements: readonly string[],
  options: { log?: (line: string) => void; slowMs?: number } = {},
): Promise<void> {
  for (const statement of statements) {
    const started = performance.now();
    await tx.exec(statement);
    const ms = performance.now() - started;
    if (options.log && ms >= (options.slowMs ?? 250)) {
      options.log(`    ${Math.round(ms)} ms: ${statement.replace(/\s+/g, ' ').slice(0, 140)}`);
    }
  }
}

/** Disable (or enable again) the named triggers of a table for a load. */
export async function setTriggers(
  tx: Queryable,
  table: string,
  triggers: readonly string[],
  enabled: boolean,
): Promise<void> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  for (const trigger of triggers) {
    if (!IDENTIFIER.test(trigger)) throw new Error(`bad trigger name ${trigger}`);
    await tx.exec(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
  }
}

/** Whether `table` has an enabled trigger of that name. */
export async function hasTrigger(tx: Queryable, table: string, trigger: string): Promise<boolean> {
  const result = await tx.query(
    `SELECT 1 FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = $2 AND tgenabled <> 'D'`,
    [table, trigger],
  );
  return result.rows.length > 0;
}

/**
 * Drop the foreign keys of `table` and return the statements that add them back. A foreign key
 * checks each inserted row on its own (a lookup in the referenced table per row); added back
 * after the load it checks every row in one join.
 */
export async function dropForeignKeys(tx: Queryable, table: string): Promise<string[]> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  const keys = await tx.query<{ name: string; def: string }>(
    `SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype = 'f' ORDER BY conname`,
    [table],
  );
  const rebuild: string[] = [];
  for (const key of keys.rows) {
    await tx.exec(`ALTER TABLE ${table} DROP CONSTRAINT ${key.name}`);
    rebuild.push(`ALTER TABLE ${table} ADD CONSTRAINT ${key.name} ${key.def}`);
  }
  return rebuild;
}

/**
 * Drop the named triggers of `table` for a load and return the statements that create them again
 * as they were (enabled or not). A BEFORE ROW trigger, even a disabled one, makes COPY insert row
 * by row instead of in batches (and COPY FREEZE then leaves the visibility map unset).
 */
export async function dropTriggers(
  tx: Queryable,
  table: string,
  names: readonly string[],
): Promise<string[]> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  const triggers = await tx.query<{ name: string; def: string; enabled: string }>(
    `SELECT quote_ident(tgname) AS name, pg_get_triggerdef(oid) AS def, tgenabled::text AS enabled
     FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname = ANY($2::text[]) AND NOT tgisinternal
     ORDER BY tgname`,
    [table, [...names]],
  );
  const rebuild: string[] = [];
  for (const trigger of triggers.rows) {
    await tx.exec(`DROP TRIGGER ${trigger.name} ON ${table}`);
    rebuild.push(trigger.def);
    const state = TRIGGER_STATES[trigger.enabled];
    if (state) rebuild.push(`ALTER TABLE ${table} ${state} TRIGGER ${trigger.name}`);
  }
  return rebuild;
}

/** ALTER TABLE … TRIGGER for a tgenabled other than 'O' (a new trigger's state). */
const TRIGGER_STATES: Record<string, string> = {
  D: 'DISABLE',
  R: 'ENABLE REPLICA',
  A: 'ENABLE ALWAYS',
};

/**
 * Give `table` new, empty storage in this transaction, its rows written back (TRUNCATE, then the
 * rows kept aside): a load into storage its own transaction created may be COPY … FREEZE (rows
 * written frozen, the visibility map set, so no VACUUM pass over them), and under
 * `wal_level=minimal` (db/pglite.ts, the seed's settings) writes no WAL. The table's triggers do
 * not see the move. Returns false, changing nothing, when a foreign key references the table or
 * it has generated columns.
 */
export async function freshStorage(tx: Queryable, table: string): Promise<boolean> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  const blocked = await tx.query(
    `SELECT 1 FROM pg_constraint WHERE confrelid = $1::regclass AND contype = 'f'
     UNION ALL
     SELECT 1 FROM pg_attribute WHERE attrelid = $1::regclass AND attgenerated <> '' AND NOT attisdropped
     LIMIT 1`,
    [table],
  );
  if (blocked.rows.length > 0) return false;
  const triggers = await tx.query<{ name: string; enabled: string }>(
    `SELECT quote_ident(tgname) AS name, tgenabled::text AS enabled FROM pg_trigger
     WHERE tgrelid = $1::regclass AND NOT tgisinternal AND tgenabled <> 'D'`,
    [table],
  );
  await tx.exec(`DROP TABLE IF EXISTS seed_fresh_storage;
    CREATE TEMP TABLE seed_fresh_storage ON COMMIT DROP AS SELECT * FROM ${table};
    ALTER TABLE ${table} DISABLE TRIGGER USER;
    TRUNCATE ${table};
    INSERT INTO ${table} OVERRIDING SYSTEM VALUE SELECT * FROM seed_fresh_storage;
    DROP TABLE seed_fresh_storage;`);
  for (const trigger of triggers.rows) {
    const state =
      trigger.enabled === 'R'
        ? 'ENABLE REPLICA'
        : trigger.enabled === 'A'
          ? 'ENABLE ALWAYS'
          : 'ENABLE';
    await tx.exec(`ALTER TABLE ${table} ${state} TRIGGER ${trigger.name}`);
  }
  return true;
}
