/**
 * Bulk loads with COPY on PGlite (issue 18). Rows generated in JavaScript are written in
 * PostgreSQL's binary COPY format (no text parsing of uuids, times and numbers on the way in) and
 * loaded with COPY (db/pglite.ts `copyFrom`): as cheap per row as an INSERT … SELECT from a table,
 * where the SQL generators spent several times that on computing their rows. Only PGlite on a
 * data directory offers it; elsewhere {@link copyTarget} is undefined and the seed keeps its
 * INSERTs.
 */
import type { PgliteCopy } from '../db/pglite';
import type { Queryable } from '../db/types';

/** The COPY of PGlite, when `tx` has it. */
export function copyTarget(tx: Queryable): PgliteCopy | undefined {
  const candidate = tx as Partial<PgliteCopy>;
  return typeof candidate.copyFrom === 'function' ? (candidate as PgliteCopy) : undefined;
}

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00];
/** Microseconds from the Unix epoch to PostgreSQL's (2000-01-01). */
const PG_EPOCH_MICROS = 946_684_800_000_000;
const HEX = new Int8Array(128).fill(-1);
const HEX_CODES = new Uint8Array([...'0123456789abcdef'].map((digit) => digit.charCodeAt(0)));
for (let digit = 0; digit < 16; digit++) {
  HEX['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

const CHUNK = 4 << 20;
/**
 * Chunks of finished COPY data, for the next ones: a bulk load writes hundreds of MB, and a new
 * Buffer for each chunk made the garbage collector sweep the seed's large heap again and again.
 */
const pool: Buffer[] = [];

function take(size: number): Buffer {
  return size === CHUNK ? (pool.pop() ?? Buffer.allocUnsafe(CHUNK)) : Buffer.allocUnsafe(size);
}

/** Give the chunks of copied data back to the pool (a few at most are kept). */
function release(chunks: readonly Uint8Array[]): void {
  for (const chunk of chunks) {
    if (chunk.buffer.byteLength === CHUNK && pool.length < 16) {
      pool.push(Buffer.from(chunk.buffer, 0, CHUNK));
    }
  }
}

/**
 * Rows in the binary COPY format, field by field: `row(n)` then n fields. Kept in chunks of a few
 * MB; {@link BinaryCopy.blob} ends the data.
 */
export class BinaryCopy {
  private readonly chunks: Uint8Array[] = [];
  private buffer: Buffer;
  private pos = 0;
  rows = 0;

  constructor(private readonly chunkSize = CHUNK) {
    this.buffer = take(chunkSize);
    this.buffer.set(SIGNATURE, 0);
    this.buffer.writeInt32BE(0, 11); // flags
    this.buffer.writeInt32BE(0, 15); // header extension length
    this.pos = 19;
  }

  private ensure(bytes: number): void {
    if (this.pos + bytes <= this.buffer.length) return;
    this.chunks.push(this.buffer.subarray(0, this.pos));
    this.buffer = take(Math.max(this.chunkSize, bytes));
    this.pos = 0;
  }

  /** Start a row of `fields` fields. */
  row(fields: number): void {
    this.ensure(2);
    this.buffer.writeInt16BE(fields, this.pos);
    this.pos += 2;
    this.rows++;
  }

  null(): void {
    this.ensure(4);
    this.buffer.writeInt32BE(-1, this.pos);
    this.pos += 4;
  }

  /** A uuid in its text form (hex digits with or without dashes). */
  uuid(value: string): void {
    this.ensure(20);
    this.int32At(this.pos, 16);
    writeUuid(value, this.buffer, this.pos + 4);
    this.pos += 20;
  }

  /** A text field: `prefix` and then the first `bytes` bytes of `digest` in hex. */
  digestText(prefix: Uint8Array, digest: Uint8Array, bytes: number): void {
    const length = prefix.length + bytes * 2;
    this.ensure(4 + length);
    this.int32At(this.pos, length);
    const buffer = this.buffer;
    let at = this.pos + 4;
    buffer.set(prefix, at);
    at += prefix.length;
    for (let index = 0; index < bytes; index++) {
      const byte = digest[index]!;
      buffer[at++] = HEX_CODES[byte >> 4]!;
      buffer[at++] = HEX_CODES[byte & 15]!;
    }
    this.pos = at;
  }

  /** A field of these bytes (a value in its binary form: {@link uuidBytes}, {@link utf8}). */
  bytes(value: Uint8Array): void {
    const length = value.length;
    this.ensure(4 + length);
    this.int32At(this.pos, length);
    const at = this.pos + 4;
    if (length > 48) this.buffer.set(value, at);
    else {
      // TypedArray#set costs more than a short loop.
      const buffer = this.buffer;
      for (let index = 0; index < length; index++) buffer[at + index] = value[index]!;
    }
    this.pos = at + length;
  }

  private int32At(at: number, value: number): void {
    const buffer = this.buffer;
    buffer[at] = value >>> 24;
    buffer[at + 1] = value >>> 16;
    buffer[at + 2] = value >>> 8;
    buffer[at + 3] = value;
  }

  text(value: string): void {
    this.ensure(4 + value.length * 3);
    const written = this.buffer.write(value, this.pos + 4, 'utf8');
    this.buffer.writeInt32BE(written, this.pos);
    this.pos += 4 + written;
  }

  /** jsonb from JSON text (the binary jsonb input is a version byte and the text). */
  jsonb(json: string): void {
    this.ensure(5 + json.length * 3);
    const written = this.buffer.write(json, this.pos + 5, 'utf8');
    this.buffer.writeInt32BE(written + 1, this.pos);
    this.buffer[this.pos + 4] = 1;
    this.pos += 5 + written;
  }

  int4(value: number): void {
    this.ensure(8);
    this.int32At(this.pos, 4);
    this.int32At(this.pos + 4, value);
    this.pos += 8;
  }

  /** An int8 within ±2^53. */
  int8(value: number): void {
    this.ensure(12);
    const high = Math.floor(value / 4294967296);
    this.int32At(this.pos, 8);
    this.int32At(this.pos + 4, high);
    this.int32At(this.pos + 8, value - high * 4294967296);
    this.pos += 12;
  }

  int2(value: number): void {
    this.ensure(6);
    this.int32At(this.pos, 2);
    this.buffer[this.pos + 4] = value >>> 8;
    this.buffer[this.pos + 5] = value;
    this.pos += 6;
  }

  float8(value: number): void {
    this.ensure(12);
    this.int32At(this.pos, 8);
    this.buffer.writeDoubleBE(value, this.pos + 4);
    this.pos += 12;
  }

  bool(value: boolean): void {
    this.ensure(5);
    this.int32At(this.pos, 1);
    this.buffer[this.pos + 4] = value ? 1 : 0;
    this.pos += 5;
  }

  /** A timestamp with time zone, in microseconds since the Unix epoch (an integer). */
  timestamptz(micros: number): void {
    this.int8(micros - PG_EPOCH_MICROS);
  }

  /** The data so far, with the trailer: the rows are not to be added to afterwards. */
  finish(): Uint8Array[] {
    this.ensure(2);
    this.buffer.writeInt16BE(-1, this.pos);
    this.pos += 2;
    this.chunks.push(this.buffer.subarray(0, this.pos));
    return this.chunks;
  }
}

function writeUuid(value: string, into: Uint8Array, at: number): void {
  let high = -1;
  let end = at;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 45) continue; // '-'
    const digit = code < 128 ? (HEX[code] ?? -1) : -1;
    if (digit < 0 || end - at >= 16) throw new Error(`copy: bad uuid ${value}`);
    if (high < 0) high = digit;
    else {
      into[end++] = (high << 4) | digit;
      high = -1;
    }
  }
  if (end - at !== 16 || high >= 0) throw new Error(`copy: bad uuid ${value}`);
}

/** A uuid's 16 bytes (for a value written many times: {@link BinaryCopy.bytes}). */
export function uuidBytes(value: string): Uint8Array {
  const bytes = new Uint8Array(16);
  writeUuid(value, bytes, 0);
  return bytes;
}

/** A text's UTF-8 bytes (for a value written many times: {@link BinaryCopy.bytes}). */
export function utf8(value: string): Uint8Array {
  return Buffer.from(value, 'utf8');
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** COPY `data` into `table` (`columns`, in the order the rows have them); returns the rows. */
export async function copyBinary(
  target: PgliteCopy,
  table: string,
  columns: readonly string[],
  data: BinaryCopy,
  options: { freeze?: boolean } = {},
): Promise<number> {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`copy: bad name ${name}`);
  }
  const rows = data.rows;
  if (rows === 0) return 0;
  const chunks = data.finish();
  const copied = await target.copyFrom(
    `${table} (${columns.map((column) => `"${column}"`).join(', ')})`,
    chunks,
    `FORMAT binary${options.freeze ? ', FREEZE' : ''}`,
  );
  release(chunks);
  if (copied !== rows) throw new Error(`copy ${table}: ${copied} of ${rows} rows`);
  return copied;
}

/** A column of a table, with what its binary input needs. */
/** The rows of a query that aggregates them into one JSON array (`data`), parsed. */
export async function readJsonRows<Row>(tx: Queryable, sql: string): Promise<Row[]> {
  const result = await tx.query<{ data: string | null }>(sql);
  return JSON.parse(result.rows[0]?.data ?? '[]') as Row[];
}

/** One batch of a {@link copyInBatches} load: its rows `from`..`to` (1-based) and its number. */
export interface CopyBatch {
  from: number;
  to: number;
  batch: number;
}

/**
 * Rows `done + 1`..`total` of a generated table, `batchSize` at a time: each batch's rows built by
 * `build` and copied (binary COPY); `progress` hears how far it got and how long the batch took.
 * Returns the number of rows there are then (`total`).
 */
export async function copyInBatches(
  target: PgliteCopy,
  table: string,
  columns: readonly string[],
  load: {
    done: number;
    total: number;
    batchSize: number;
    freeze: boolean;
    build: (batch: CopyBatch) => BinaryCopy;
    progress?: (done: number, ms: number) => void;
  },
): Promise<number> {
  let done = load.done;
  for (let batch = 0; done < load.total; batch += 1) {
    const rows = Math.min(load.batchSize, load.total - done);
    const started = performance.now();
    const data = load.build({ from: done + 1, to: done + rows, batch });
    await copyBinary(target, table, columns, data, { freeze: load.freeze });
    done += rows;
    load.progress?.(done, Math.round(performance.now() - started));
  }
  return done;
}

export interface CopyColumn {
  name: string;
  /** The type's OID, or the base type's for a domain. */
  type: number;
  /** The element type's OID (arrays). */
  element: number;
  /** An enum (its values go as their labels). */
  isEnum: boolean;
}

/** The columns of `table` by name (types resolved through domains). */
export async function copyColumns(tx: Queryable, table: string): Promise<Map<string, CopyColumn>> {
  const result = await tx.query<{ name: string; type: number; element: number; enum: boolean }>(
    `SELECT a.attname AS name,
       (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END)::integer AS type,
       (SELECT e.typelem FROM pg_type e
        WHERE e.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END)::integer AS element,
       t.typtype = 'e' AS enum
     FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
    [table],
  );
  return new Map(
    result.rows.map((row) => [
      row.name,
      { name: row.name, type: row.type, element: row.element, isEnum: row.enum },
    ]),
  );
}

/** A value the binary writer does not take as json_populate_recordset would (the caller falls back). */
export class Unsupported extends Error {}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|\+00:00)$/;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

const TEXT = 25;
const OID = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  text: TEXT,
  json: 114,
  float8: 701,
  varchar: 1043,
  timestamptz: 1184,
  numeric: 1700,
  uuid: 2950,
  jsonb: 3802,
};

/** The text json_populate_recordset gives a text column for this JSON value. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function micros(value: unknown): number {
  if (value instanceof Date) return value.getTime() * 1000;
  if (typeof value !== 'string' || !ISO_UTC.test(value)) throw new Unsupported();
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Unsupported();
  return ms * 1000;
}

function integer(value: unknown, bits: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Unsupported();
  if (bits < 64 && Math.abs(value) >= 2 ** (bits - 1) && value !== -(2 ** (bits - 1))) {
    throw new Unsupported();
  }
  return value;
}

/** numeric's binary form of a JS number (its shortest decimal, as JSON has it). */
function numericBytes(value: unknown): Uint8Array {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported();
  const match = DECIMAL.exec(String(value));
  if (!match) throw new Unsupported();
  const negative = match[1] === '-';
  const whole = (match[2] ?? '0').replace(/^0+/, '');
  const fraction = match[3] ?? '';
  const dscale = fraction.length;
  // Base-10000 digits: the whole part padded on the left, the fraction on the right.
  const wholeDigits =
    whole.length === 0 ? '' : whole.padStart(Math.ceil(whole.length / 4) * 4, '0');
  const fractionDigits = fraction.padEnd(Math.ceil(fraction.length / 4) * 4, '0');
  const groups: number[] = [];
  for (let at = 0; at < wholeDigits.length; at += 4)
    groups.push(Number(wholeDigits.slice(at, at + 4)));
  const wholeGroups = groups.length;
  for (let at = 0; at < fractionDigits.length; at += 4) {
    groups.push(Number(fractionDigits.slice(at, at + 4)));
  }
  let weight = wholeGroups - 1;
  let first = 0;
  while (first < groups.length && groups[first] === 0) {
    first++;
    weight--;
  }
  let last = groups.length;
  while (last > first && groups[last - 1] === 0) last--;
  const digits = groups.slice(first, last);
  const bytes = Buffer.alloc(8 + digits.length * 2);
  bytes.writeInt16BE(digits.length, 0);
  bytes.writeInt16BE(digits.length === 0 ? 0 : weight, 2);
  bytes.writeUInt16BE(negative && digits.length > 0 ? 0x4000 : 0, 4);
  bytes.writeInt16BE(dscale, 6);
  digits.forEach((digit, index) => bytes.writeInt16BE(digit, 8 + index * 2));
  return bytes;
}

function arrayBytes(value: unknown, element: number): Uint8Array {
  if (!Array.isArray(value)) throw new Unsupported();
  if (element !== TEXT && element !== OID.varchar && element !== OID.int2 && element !== OID.int4) {
    throw new Unsupported();
  }
  const parts: Buffer[] = [];
  let nulls = 0;
  for (const item of value) {
    if (item === null || item === undefined) {
      nulls = 1;
      parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
      continue;
    }
    if (Array.isArray(item)) throw new Unsupported();
    let body: Buffer;
    if (element === OID.int2 || element === OID.int4) {
      const size = element === OID.int2 ? 2 : 4;
      body = Buffer.alloc(size);
      if (size === 2) body.writeInt16BE(integer(item, 16));
      else body.writeInt32BE(integer(item, 32));
    } else {
      body = Buffer.from(asText(item), 'utf8');
    }
    const length = Buffer.alloc(4);
    length.writeInt32BE(body.length);
    parts.push(length, body);
  }
  const header = Buffer.alloc(value.length === 0 ? 12 : 20);
  header.writeInt32BE(value.length === 0 ? 0 : 1, 0);
  header.writeInt32BE(nulls, 4);
  header.writeInt32BE(element, 8);
  if (value.length > 0) {
    header.writeInt32BE(value.length, 12);
    header.writeInt32BE(1, 16);
  }
  return Buffer.concat([header, ...parts]);
}

/**
 * Write `value` for `column` as json_populate_recordset (insert.ts) would read it from the row's
 * JSON: null and undefined are NULL, json and jsonb get the value's JSON, text gets strings as
 * they are and other values as their JSON. What it does not know exactly throws {@link Unsupported}.
 */
export function writeValue(data: BinaryCopy, column: CopyColumn, value: unknown): void {
  if (value === null || value === undefined) {
    data.null();
    return;
  }
  if (column.isEnum) {
    if (typeof value !== 'string') throw new Unsupported();
    data.text(value);
    return;
  }
  switch (column.type) {
    case OID.text:
    case OID.varchar:
      data.text(asText(value));
      return;
    case OID.uuid:
      if (typeof value !== 'string') throw new Unsupported();
      try {
        data.uuid(value);
      } catch {
        throw new Unsupported();
      }
      return;
    case OID.timestamptz:
      data.timestamptz(micros(value));
      return;
    case OID.jsonb:
    case OID.json: {
      if (typeof value === 'number' && !Number.isFinite(value)) {
        data.null();
        return;
      }
      const json = JSON.stringify(value);
      if (json === undefined) data.null();
      else if (column.type === OID.jsonb) data.jsonb(json);
      else data.text(json);
      return;
    }
    case OID.bool:
      if (typeof value !== 'boolean') throw new Unsupported();
      data.bool(value);
      return;
    case OID.int2:
      data.int2(integer(value, 16));
      return;
    case OID.int4:
      data.int4(integer(value, 32));
      return;
    case OID.int8:
      data.int8(integer(value, 64));
      return;
    case OID.float8:
      if (typeof value !== 'number' || !Number.isFinite(value)) throw new Unsupported();
      data.float8(value);
      return;
    case OID.numeric:
      data.bytes(numericBytes(value));
      return;
    default:
      if (column.element !== 0) {
        data.bytes(arrayBytes(value, column.element));
        return;
      }
      throw new Unsupported();
  }
}

/**
 * The rows of insertRows (insert.ts) through COPY, with the same result: batches of `batch` rows
 * each over the union of its rows' keys (a key missing from a row is NULL, a column no row of the
 * batch has gets its default), `onConflict` applied as in the INSERT (the rows go through a
 * temporary table then). Returns undefined, having written nothing, when a value is not one
 * {@link writeValue} takes.
 */
export async function copyRows(
  tx: Queryable,
  target: PgliteCopy,
  table: string,
  rows: readonly Record<string, unknown>[],
  options: { batch: number; onConflict?: string },
): Promise<number | undefined> {
  const types = await copyColumns(tx, table);
  const groups: { columns: CopyColumn[]; data: BinaryCopy }[] = [];
  try {
    for (let start = 0; start < rows.length; start += options.batch) {
      const slice = rows.slice(start, start + options.batch);
      const names = [...new Set(slice.flatMap((row) => Object.keys(row)))];
      const columns = names.map((name) => {
        const column = types.get(name);
        if (!column) throw new Error(`column "${name}" of relation "${table}" does not exist`);
        return column;
      });
      let group = groups[groups.length - 1];
      if (!group || group.columns.map((column) => column.name).join() !== names.join()) {
        group = { columns, data: new BinaryCopy() };
        groups.push(group);
      }
      for (const row of slice) {
        group.data.row(columns.length);
        for (const column of columns) writeValue(group.data, column, row[column.name]);
      }
    }
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  let inserted = 0;
  for (const { columns, data } of groups) {
    const names = columns.map((column) => column.name);
    if (!options.onConflict) {
      inserted += await copyBinary(target, table, names, data);
      continue;
    }
    const list = names.map((name) => `"${name}"`).join(', ');
    await tx.exec(`DROP TABLE IF EXISTS seed_copy_rows;
      CREATE TEMP TABLE seed_copy_rows ON COMMIT DROP AS SELECT ${list} FROM ${table} WITH NO DATA`);
    await copyBinary(target, 'seed_copy_rows', names, data);
    const result = await tx.query(
      `INSERT INTO ${table} (${list}) SELECT ${list} FROM seed_copy_rows ${options.onConflict}`,
    );
    await tx.exec(`DROP TABLE seed_copy_rows`);
    inserted += result.affectedRows;
  }
  return inserted;
}
