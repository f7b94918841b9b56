/**
 * Filters: `<op>.<value>` parameter values (with `not.`), `or=(...)`/`and=(...)` logic trees, and
 * filter parameter names (`embed.path.column->json->>path`).
 */
import type { Condition, Expr, Field, FilterValue, IsValue, LogicTree, Operator } from './ast';
import { parseError } from './errors';
import { Cursor, readField, readJsonPath, readQuoted } from './parse-field';

const OPERATORS: ReadonlySet<string> = new Set<Operator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
]);

const IS_VALUES: ReadonlySet<string> = new Set<IsValue>([
  'null',
  'not_null',
  'true',
  'false',
  'unknown',
]);

/** Trees deeper than this are not something a client needs; refusing them bounds the work. */
const MAX_TREE_DEPTH = 32;

function isOperator(text: string): text is Operator {
  return OPERATORS.has(text);
}

/** Split the items of `(a,"b,c",d)`; the cursor is on `(`. Returns after the closing `)`. */
function readList(cursor: Cursor): string[] {
  if (!cursor.eat('(')) throw parseError('"in" expects a list in parentheses', cursor.text);
  const items: string[] = [];
  cursor.skipSpaces();
  if (cursor.eat(')')) return items;
  for (;;) {
    cursor.skipSpaces();
    if (cursor.peek() === '"') {
      items.push(readQuoted(cursor, 'list item'));
      cursor.skipSpaces();
    } else {
      const start = cursor.pos;
      while (!cursor.eof && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos += 1;
      items.push(cursor.text.slice(start, cursor.pos).trim());
    }
    if (cursor.eat(',')) continue;
    if (cursor.eat(')')) return items;
    throw parseError('unterminated list', cursor.text);
  }
}

function makeValue(op: Operator, raw: string, source: string): FilterValue {
  if (op === 'is') {
    const value = raw.toLowerCase();
    if (!IS_VALUES.has(value)) {
      throw parseError(`"is" accepts null, not_null, true, false or unknown`, source);
    }
    return { kind: 'is', value: value as IsValue };
  }
  return { kind: 'scalar', value: raw };
}

/** Read `[not.]<op>.` and return the operator; the cursor ends on the value. */
function readOperator(cursor: Cursor): { negate: boolean; op: Operator } {
  const negate = cursor.eat('not.');
  const start = cursor.pos;
  while (!cursor.eof && /[a-z_]/.test(cursor.peek())) cursor.pos += 1;
  const op = cursor.text.slice(start, cursor.pos);
  if (!isOperator(op)) {
    throw parseError(`unknown or missing operator "${op.slice(0, 40)}"`, cursor.text.slice(0, 200));
  }
  if (!cursor.eat('.')) throw parseError(`operator "${op}" needs a value`, cursor.text);
  return { negate, op };
}

/** Parse the value of a plain filter parameter: `eq.5`, `not.in.(a,b)`, `is.null`. */
export function parseFilterValue(
  field: Field,
  text: string,
): Pick<Condition, 'negate' | 'op' | 'value'> & { field: Field } {
  const cursor = new Cursor(text);
  const { negate, op } = readOperator(cursor);
  if (op === 'in') {
    const values = readList(cursor);
    if (!cursor.eof) throw parseError('unexpected text after the "in" list', text);
    return { field, negate, op, value: { kind: 'list', values } };
  }
  return { field, negate, op, value: makeValue(op, cursor.rest(), text) };
}

/** A scalar value inside a logic tree: quoted, or up to `,`/`)` with balanced parentheses. */
function readTreeValue(cursor: Cursor): string {
  if (cursor.peek() === '"') return readQuoted(cursor, 'value');
  const start = cursor.pos;
  let depth = 0;
  while (!cursor.eof) {
    const ch = cursor.peek();
    if (ch === '(') depth += 1;
    else if (ch === ')') {
      if (depth === 0) break;
      depth -= 1;
    } else if (ch === ',' && depth === 0) break;
    cursor.pos += 1;
  }
  return cursor.text.slice(start, cursor.pos);
}

function readTreeItem(cursor: Cursor, depth: number): Expr {
  cursor.skipSpaces();
  const negate = cursor.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cursor.startsWith(`${op}(`)) {
      cursor.pos += op.length;
      return readTree(cursor, op, negate, depth + 1);
    }
  }
  const field = readField(cursor, 'delimited', 'logic tree');
  if (!cursor.eat('.'))
    throw parseError('expected "." after the column in a logic tree', cursor.text);
  const operator = readOperator(cursor);
  const condNegate = negate !== operator.negate;
  if (operator.op === 'in') {
    return {
      kind: 'cond',
      field,
      negate: condNegate,
      op: 'in',
      value: { kind: 'list', values: readList(cursor) },
    };
  }
  const raw = readTreeValue(cursor);
  return {
    kind: 'cond',
    field,
    negate: condNegate,
    op: operator.op,
    value: makeValue(operator.op, raw, cursor.text),
  };
}

function readTree(cursor: Cursor, op: 'and' | 'or', negate: boolean, depth: number): LogicTree {
  if (depth > MAX_TREE_DEPTH) throw parseError('logic tree nested too deeply', cursor.text);
  if (!cursor.eat('(')) throw parseError(`"${op}" expects a list in parentheses`, cursor.text);
  const children: Expr[] = [];
  for (;;) {
    children.push(readTreeItem(cursor, depth));
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eat(')')) return { kind: 'logic', op, negate, children };
    throw parseError('unbalanced parentheses in a logic tree', cursor.text.slice(0, 200));
  }
}

/** Parse the value of an `or=`/`and=` parameter. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const cursor = new Cursor(text);
  const tree = readTree(cursor, op, negate, 1);
  if (!cursor.eof) throw parseError('unexpected text after a logic tree', text.slice(0, 200));
  return tree;
}

/**
 * Split a filter parameter name into the embed path and the field. The part before the first
 * JSON arrow is dot-separated; an unquoted JSON key after an arrow runs to the next arrow or the
 * end of the name, so reference-frontend label keys such as `app.kubernetes.io/name` work (§7).
 */
export function parseFilterName(name: string): { path: string[]; field: Field } {
  const arrow = name.indexOf('->');
  const head = arrow < 0 ? name : name.slice(0, arrow);
  const segments = head.split('.');
  if (segments.some((segment) => segment === '')) {
    throw parseError(`bad filter name "${name.slice(0, 100)}"`);
  }
  const column = segments.pop() ?? '';
  const unquoted = /^".*"$/.test(column) ? column.slice(1, -1) : column;
  const cursor = new Cursor(arrow < 0 ? '' : name.slice(arrow));
  const json = readJsonPath(cursor, 'to-end');
  if (!cursor.eof) throw parseError(`bad JSON path in "${name.slice(0, 100)}"`);
  return { path: segments, field: { name: unquoted, json } };
}
