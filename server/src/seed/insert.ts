/**
 * Bulk inserts for the seed: rows travel as one JSON parameter per batch and are expanded by
 * json_populate_recordset, so a batch of thousands of rows is a single statement on PGlite and
 * PostgreSQL alike. Columns are the union of the batch's keys; a missing key is NULL (so give
 * every row the NOT NULL columns you set at all).
 *
 * On PGlite with a data directory, larger inserts go through binary COPY instead with the same
 * result (copy.ts copyRows): parsing the JSON and converting every field cost several times the
 * insert itself (issue 18: the large seed's 100,000 config items).
 */
import type { Queryable } from '../db/types';
import { copyRows, copyTarget } from './copy';

/** From this many rows, insertRows uses COPY where it can. */
const COPY_FROM_ROWS = 200;

export type Row = Record<string, unknown>;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export async function insertRows(
  tx: Queryable,
  table: string,
  rows: readonly Row[],
  options: { batch?: number; onConflict?: string } = {},
): Promise<number> {
  if (!IDENTIFIER.test(table)) throw new Error(`bad table name ${table}`);
  const size = options.batch ?? 4000;
  const target = rows.length >= COPY_FROM_ROWS ? copyTarget(tx) : undefined;
  if (target) {
    const copied = await copyRows(tx, target, table, rows, {
      batch: size,
      onConflict: options.onConflict,
    });
    if (copied !== undefined) return copied;
  }
  let inserted = 0;
  for (let start = 0; start < rows.length; start += size) {
    const slice = rows.slice(start, start + size);
    const columns = [...new Set(slice.flatMap((row) => Object.keys(row)))];
    for (const column of columns) {
      if (!IDENTIFIER.test(column)) throw new Error(`bad column name ${table}.${column}`);
    }
    const list = columns.map((column) => `"${column}"`).join(', ');
    const result = await tx.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)
       ${options.onConflict ?? ''}`,
      [JSON.stringify(slice)],
    );
    inserted += result.affectedRows;
  }
  return inserted;
}
