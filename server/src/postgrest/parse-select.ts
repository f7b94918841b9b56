/**
 * The `select` parameter: columns, `*`, aliases, casts, JSON paths, aggregates (`col.sum()`,
 * `count()`), embedded relations with hints (`name!fk_name!inner(...)`), empty embeds (`rel()`) and
 * spread embeds (`...rel(...)`), nested to any depth.
 */
import type { AggregateFunction, EmbedItem, SelectItem } from './ast';
import { parseError } from './errors';
import { Cursor, readIdentifier, readJsonPath } from './parse-field';

/**
 * Cast targets: PostgreSQL's built-in scalar types, optionally as arrays. A closed list keeps
 * request text from naming arbitrary types (and so from reaching user-defined cast functions).
 */
export const CAST_TYPES: ReadonlySet<string> = new Set([
  'text',
  'varchar',
  'char',
  'character',
  'character varying',
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'smallint',
  'bigint',
  'numeric',
  'decimal',
  'real',
  'float4',
  'float8',
  'double precision',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'uuid',
  'date',
  'time',
  'timetz',
  'time with time zone',
  'time without time zone',
  'timestamp',
  'timestamptz',
  'timestamp with time zone',
  'timestamp without time zone',
  'interval',
  'inet',
  'cidr',
  'macaddr',
  'bit',
  'varbit',
  'bit varying',
]);

/** Nesting limit: deeper selects are certainly not a console request and would only cost. */
const MAX_DEPTH = 16;

function fail(cursor: Cursor, message: string): never {
  throw parseError(
    `failed to parse select parameter (${cursor.text.slice(0, 200)})`,
    `${message} at position ${cursor.pos}`,
  );
}

function readCast(cursor: Cursor): string {
  const start = cursor.pos;
  while (!cursor.eof && /[A-Za-z0-9_ []/.test(cursor.peek())) {
    if (cursor.peek() === '[') {
      if (!cursor.eat('[]')) fail(cursor, 'bad cast type');
      break;
    }
    cursor.pos += 1;
  }
  const type = cursor.text.slice(start, cursor.pos).trim();
  const array = type.endsWith('[]');
  const base = type.replace(/\[\]$/, '').trim().replace(/ +/g, ' ').toLowerCase();
  if (type.length > 64 || !CAST_TYPES.has(base)) fail(cursor, 'bad cast type');
  // Normalised: the SQL text holds only a name from the list above.
  return array ? `${base}[]` : base;
}

const AGGREGATES: ReadonlySet<string> = new Set(['count', 'sum', 'avg', 'min', 'max']);

/** `.fn()` after a field (the cursor is on the dot), or undefined when no aggregate follows. */
function readAggregate(cursor: Cursor): AggregateFunction | undefined {
  if (cursor.peek() !== '.') return undefined;
  const start = cursor.pos;
  cursor.pos += 1;
  const name = readIdentifier(cursor, 'aggregate');
  if (name === undefined || !cursor.eat('()')) {
    cursor.pos = start;
    fail(cursor, 'expected an aggregate function such as ".sum()"');
  }
  if (!AGGREGATES.has(name)) {
    cursor.pos = start;
    fail(cursor, `unknown aggregate function "${name.slice(0, 40)}"`);
  }
  return name as AggregateFunction;
}

function readEmbedList(cursor: Cursor, depth: number): SelectItem[] {
  if (depth >= MAX_DEPTH) fail(cursor, 'embedding nested too deeply');
  cursor.pos += 1;
  const select = readList(cursor, depth + 1, ')');
  if (!cursor.eat(')')) fail(cursor, 'expected ")"');
  return select;
}

function readItem(cursor: Cursor, depth: number): SelectItem {
  cursor.skipSpaces();
  if (cursor.eat('*')) return { kind: 'star' };
  const spread = cursor.eat('...');
  let name = readIdentifier(cursor, 'select');
  if (name === undefined) fail(cursor, 'expected a column or relation name');
  let alias: string | undefined;
  if (!spread && cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos += 1;
    alias = name;
    cursor.skipSpaces();
    if (cursor.startsWith('...')) fail(cursor, 'a spread embed cannot be renamed');
    name = readIdentifier(cursor, 'select');
    if (name === undefined) fail(cursor, 'expected a column or relation name after the alias');
  }
  let hint: string | undefined;
  let inner = false;
  let hasHints = false;
  while (cursor.eat('!')) {
    hasHints = true;
    const value = readIdentifier(cursor, 'embed hint');
    if (value === undefined) fail(cursor, 'expected a hint after "!"');
    if (value === 'inner') inner = true;
    else if (value === 'left') inner = false;
    else if (hint === undefined) hint = value;
    else fail(cursor, 'more than one relationship hint');
  }
  cursor.skipSpaces();
  // `count()` is the aggregate, not an empty embed of a relation named count.
  if (!spread && !hasHints && name === 'count' && cursor.startsWith('()')) {
    cursor.pos += 2;
    let cast: string | undefined;
    if (cursor.eat('::')) cast = readCast(cursor);
    return { kind: 'aggregate', fn: 'count', field: undefined, inputCast: undefined, alias, cast };
  }
  if (cursor.peek() === '(') {
    const select = readEmbedList(cursor, depth);
    const embed: EmbedItem = { kind: 'embed', name, alias, hint, inner, select };
    if (spread) embed.spread = true;
    return embed;
  }
  if (spread) fail(cursor, 'a spread embed needs "(...)"');
  if (hasHints) fail(cursor, 'a hint needs an embedded resource "(...)"');
  const json = readJsonPath(cursor, 'strict');
  let cast: string | undefined;
  if (cursor.eat('::')) cast = readCast(cursor);
  const fn = readAggregate(cursor);
  if (fn !== undefined) {
    const inputCast = cast;
    cast = cursor.eat('::') ? readCast(cursor) : undefined;
    return { kind: 'aggregate', fn, field: { name, json }, inputCast, alias, cast };
  }
  return { kind: 'column', field: { name, json }, alias, cast };
}

function readList(cursor: Cursor, depth: number, close: string | undefined): SelectItem[] {
  const items: SelectItem[] = [];
  cursor.skipSpaces();
  if (close !== undefined && cursor.peek() === close) return items;
  for (;;) {
    items.push(readItem(cursor, depth));
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eof || (close !== undefined && cursor.peek() === close)) return items;
    fail(cursor, `unexpected "${cursor.peek()}"`);
  }
}

/** Parse one `select` value. An empty value means `*`. */
export function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [{ kind: 'star' }];
  const cursor = new Cursor(text);
  const items = readList(cursor, 0, undefined);
  if (!cursor.eof) fail(cursor, `unexpected "${cursor.peek()}"`);
  return items;
}
