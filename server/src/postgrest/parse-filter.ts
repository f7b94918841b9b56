/**
 * Filters: `<op>.<value>` parameter values (with `not.`, `(any)`/`(all)` and a full-text search
 * language), `or=(...)`/`and=(...)` logic trees, and filter parameter names
 * (`embed.path.column->json->>path`).
 *
 * Syntax errors have PostgREST 12's shape: 400 PGRST100, the message
 * `"failed to parse filter (<value>)" (line 1, column <n>)` (or `logic tree`, where PostgREST
 * parses `<or|and|not.or|not.and><value>` and counts columns in that text), and the details
 * `unexpected "<c>" expecting <what>`.
 */
import type {
  Condition,
  Expr,
  Field,
  FilterValue,
  IsValue,
  LogicTree,
  Operator,
  Quantifier,
} from './ast';
import { PgrstError, parseError } from './errors';
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
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);

/** The operators that take the `(any)`/`(all)` modifier (PostgREST 12). */
const QUANTIFIABLE: ReadonlySet<string> = new Set<Operator>([
  'eq',
  'like',
  'ilike',
  'gt',
  'gte',
  'lt',
  'lte',
  'match',
  'imatch',
]);

/** The full-text search operators, which take an optional `(language)`. */
const FTS_OPERATORS: ReadonlySet<string> = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);

const IS_VALUES: ReadonlySet<string> = new Set<IsValue>([
  'null',
  'not_null',
  'true',
  'false',
  'unknown',
]);

/** A text search configuration name: a plain identifier, bound as a regconfig parameter. */
const LANGUAGE = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Trees deeper than this are not something a client needs; refusing them bounds the work. */
const MAX_TREE_DEPTH = 32;

/** Longest value echoed back in an error message. */
const MAX_SHOWN = 200;

const OPERATOR_EXPECTED = 'operator (eq, gt, ...)';

function isOperator(text: string): text is Operator {
  return OPERATORS.has(text);
}

/** Where a parse runs, for PostgREST-shaped error messages. */
class Syntax {
  constructor(
    readonly what: 'filter' | 'logic tree',
    /** The client's value, shown in the message. */
    readonly shown: string,
    /** Characters PostgREST parses before the cursor's text (the `or`/`not.and` prefix). */
    readonly offset: number,
  ) {}

  message(pos: number): string {
    const shown = this.shown.length > MAX_SHOWN ? `${this.shown.slice(0, MAX_SHOWN)}…` : this.shown;
    return `"failed to parse ${this.what} (${shown})" (line 1, column ${this.offset + pos + 1})`;
  }

  /** Fail at `pos` (default: the cursor) expecting `expecting`. */
  fail(cursor: Cursor, expecting: string, pos = cursor.pos): never {
    const ch = cursor.text.charAt(pos);
    const unexpected = ch === '' ? 'end of input' : JSON.stringify(ch);
    throw new PgrstError(
      400,
      'PGRST100',
      this.message(pos),
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }

  /**
   * Run `parse`, giving the shared field parser's errors (bad column name, unterminated quote)
   * this parse's message shape.
   */
  run<T>(cursor: Cursor, parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (
        error instanceof PgrstError &&
        error.code === 'PGRST100' &&
        !error.message.startsWith('"failed to parse')
      ) {
        throw new PgrstError(400, 'PGRST100', this.message(cursor.pos), error.message);
      }
      throw error;
    }
  }
}

interface OperatorToken {
  negate: boolean;
  op: Operator;
  quantifier: Quantifier | undefined;
  language: string | undefined;
}

/**
 * Read `[not.]<op>[(any)|(all)|(<language>)].` and return the operator; the cursor ends on the
 * value. Anything malformed fails at the operator, as in PostgREST.
 */
function readOperator(cursor: Cursor, syntax: Syntax): OperatorToken {
  const negate = cursor.eat('not.');
  const start = cursor.pos;
  const fail = (): never =>
    syntax.fail(cursor, negate ? OPERATOR_EXPECTED : `"not" or ${OPERATOR_EXPECTED}`, start);
  while (!cursor.eof && /[a-z]/.test(cursor.peek())) cursor.pos += 1;
  const op = cursor.text.slice(start, cursor.pos);
  if (!isOperator(op)) return fail();
  let quantifier: Quantifier | undefined;
  let language: string | undefined;
  if (cursor.peek() === '(') {
    if (QUANTIFIABLE.has(op) && cursor.eat('(any)')) quantifier = 'any';
    else if (QUANTIFIABLE.has(op) && cursor.eat('(all)')) quantifier = 'all';
    else if (FTS_OPERATORS.has(op)) {
      const close = cursor.text.indexOf(')', cursor.pos);
      const name = close < 0 ? '' : cursor.text.slice(cursor.pos + 1, close);
      if (!LANGUAGE.test(name)) return fail();
      language = name;
      cursor.pos = close + 1;
    } else return fail();
  }
  if (!cursor.eat('.')) return fail();
  return { negate, op, quantifier, language };
}

/** Split the items of `(a,"b,c",d)`; the cursor is on `(`. Returns after the closing `)`. */
function readList(cursor: Cursor, syntax: Syntax): string[] {
  if (!cursor.eat('(')) syntax.fail(cursor, '"("');
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
    syntax.fail(cursor, '"," or ")"');
  }
}

/** The value of a non-`in` operator; `at` is where it starts (for the error column). */
function makeValue(
  token: OperatorToken,
  raw: string,
  cursor: Cursor,
  at: number,
  syntax: Syntax,
): FilterValue {
  if (token.op === 'is') {
    const value = raw.toLowerCase();
    if (!IS_VALUES.has(value)) {
      syntax.fail(cursor, 'null or trilean value (unknown, true, false)', at);
    }
    return { kind: 'is', value: value as IsValue };
  }
  if (token.quantifier !== undefined) {
    return { kind: 'quantified', quantifier: token.quantifier, value: raw };
  }
  if (FTS_OPERATORS.has(token.op)) return { kind: 'fts', language: token.language, value: raw };
  return { kind: 'scalar', value: raw };
}

/**
 * Parse the value of a plain filter parameter: `eq.5`, `not.in.(a,b)`, `is.null`,
 * `like(any).{a*,b*}`, `not.fts(english).cat`.
 */
export function parseFilterValue(
  field: Field,
  text: string,
): Pick<Condition, 'negate' | 'op' | 'value'> & { field: Field } {
  const cursor = new Cursor(text);
  const syntax = new Syntax('filter', text, 0);
  return syntax.run(cursor, () => {
    const token = readOperator(cursor, syntax);
    const { negate, op } = token;
    if (op === 'in') {
      const values = readList(cursor, syntax);
      if (!cursor.eof) syntax.fail(cursor, 'end of input');
      return { field, negate, op, value: { kind: 'list', values } };
    }
    const at = cursor.pos;
    return { field, negate, op, value: makeValue(token, cursor.rest(), cursor, at, syntax) };
  });
}

/**
 * A scalar value inside a logic tree: quoted, or up to `,`/`)` with balanced parentheses; a value
 * starting with `{` (an array literal such as `cs.{a,b}` or `like(any).{a*,b*}`) runs to its
 * closing `}` first.
 */
function readTreeValue(cursor: Cursor, syntax: Syntax): string {
  if (cursor.peek() === '"') return readQuoted(cursor, 'value');
  const start = cursor.pos;
  if (cursor.peek() === '{') {
    let braces = 0;
    do {
      const ch = cursor.peek();
      if (ch === '{') braces += 1;
      else if (ch === '}') braces -= 1;
      cursor.pos += 1;
    } while (braces > 0 && !cursor.eof);
    if (braces > 0) syntax.fail(cursor, '"}"');
  }
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

function readTreeItem(cursor: Cursor, syntax: Syntax, depth: number): Expr {
  cursor.skipSpaces();
  const negate = cursor.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (cursor.startsWith(`${op}(`)) {
      cursor.pos += op.length;
      return readTree(cursor, syntax, op, negate, depth + 1);
    }
  }
  const field = readField(cursor, 'delimited', 'logic tree');
  if (!cursor.eat('.')) syntax.fail(cursor, '"." after the column');
  const token = readOperator(cursor, syntax);
  const condNegate = negate !== token.negate;
  if (token.op === 'in') {
    return {
      kind: 'cond',
      field,
      negate: condNegate,
      op: 'in',
      value: { kind: 'list', values: readList(cursor, syntax) },
    };
  }
  const at = cursor.pos;
  const raw = readTreeValue(cursor, syntax);
  return {
    kind: 'cond',
    field,
    negate: condNegate,
    op: token.op,
    value: makeValue(token, raw, cursor, at, syntax),
  };
}

function readTree(
  cursor: Cursor,
  syntax: Syntax,
  op: 'and' | 'or',
  negate: boolean,
  depth: number,
): LogicTree {
  if (depth > MAX_TREE_DEPTH) syntax.fail(cursor, `at most ${MAX_TREE_DEPTH} nested trees`);
  if (!cursor.eat('(')) syntax.fail(cursor, '"("');
  const children: Expr[] = [];
  for (;;) {
    children.push(readTreeItem(cursor, syntax, depth));
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eat(')')) return { kind: 'logic', op, negate, children };
    syntax.fail(cursor, '"," or ")"');
  }
}

/** Parse the value of an `or=`/`and=` (or `not.or=`/`not.and=`) parameter. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string): LogicTree {
  const cursor = new Cursor(text);
  const syntax = new Syntax('logic tree', text, (negate ? 'not.' : '').length + op.length);
  return syntax.run(cursor, () => {
    const tree = readTree(cursor, syntax, op, negate, 1);
    if (!cursor.eof) syntax.fail(cursor, 'end of input');
    return tree;
  });
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
