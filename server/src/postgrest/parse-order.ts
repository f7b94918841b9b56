/**
 * The `order` parameter: `col[->path][.asc|.desc][.nullsfirst|.nullslast]`, comma-separated, and
 * PostgREST 12's related order `rel(col)[.desc…]` (a to-one embed's column; plan.ts checks it).
 * Errors take PostgREST's shape: `"failed to parse order (<value>)" (line 1, column <n>)`.
 */
import type { OrderTerm } from './ast';
import { PgrstError } from './errors';
import { Cursor, readField, readIdentifier } from './parse-field';

const MAX_SHOWN = 200;
const MODIFIERS = '"asc", "desc", "nullsfirst" or "nullslast"';

function fail(cursor: Cursor, expecting: string, pos = cursor.pos): never {
  const ch = cursor.text.charAt(pos);
  const unexpected = ch === '' ? 'end of input' : JSON.stringify(ch);
  const text = cursor.text;
  const shown = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
  throw new PgrstError(
    400,
    'PGRST100',
    `"failed to parse order (${shown})" (line 1, column ${pos + 1})`,
    `unexpected ${unexpected} expecting ${expecting}`,
  );
}

/** Parse one `order` value. */
export function parseOrder(text: string): OrderTerm[] {
  const cursor = new Cursor(text);
  const terms: OrderTerm[] = [];
  if (text.trim() === '') return terms;
  for (;;) {
    cursor.skipSpaces();
    if (readIdentifier(new Cursor(cursor.rest()), 'order') === undefined) {
      fail(cursor, 'field name (* or [a..z0..9_$])');
    }
    let field = readField(cursor, 'delimited', 'order');
    let relation: string | undefined;
    if (field.json.length === 0 && cursor.peek() === '(') {
      // `rel(col)`: ordering by a column of the embedded (to-one) relation `rel`.
      relation = field.name;
      cursor.pos += 1;
      if (readIdentifier(new Cursor(cursor.rest()), 'order') === undefined) {
        fail(cursor, 'field name (* or [a..z0..9_$])');
      }
      field = readField(cursor, 'delimited', 'order');
      if (!cursor.eat(')')) fail(cursor, '")"');
    }
    let direction: OrderTerm['direction'];
    let nulls: OrderTerm['nulls'];
    while (cursor.eat('.')) {
      const start = cursor.pos;
      while (!cursor.eof && /[a-z]/.test(cursor.peek())) cursor.pos += 1;
      const word = cursor.text.slice(start, cursor.pos);
      if ((word === 'asc' || word === 'desc') && direction === undefined && nulls === undefined) {
        direction = word;
      } else if ((word === 'nullsfirst' || word === 'nullslast') && nulls === undefined) {
        nulls = word === 'nullsfirst' ? 'first' : 'last';
      } else {
        fail(
          cursor,
          nulls !== undefined
            ? '"," or end of input'
            : direction !== undefined
              ? '"nullsfirst" or "nullslast"'
              : MODIFIERS,
          start,
        );
      }
    }
    terms.push(
      relation === undefined ? { field, direction, nulls } : { field, relation, direction, nulls },
    );
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eof) return terms;
    fail(
      cursor,
      relation === undefined && field.json.length === 0 ? `"(", ".", "->" or ","` : '"." or ","',
    );
  }
}
