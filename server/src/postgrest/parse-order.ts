/** The `order` parameter: `col[.asc|.desc][.nullsfirst|.nullslast]`, comma-separated. */
import type { OrderTerm } from './ast';
import { parseError } from './errors';
import { Cursor, readField } from './parse-field';

function fail(text: string, message: string): never {
  throw parseError(`failed to parse order (${text.slice(0, 200)})`, message);
}

/** Parse one `order` value. */
export function parseOrder(text: string): OrderTerm[] {
  const cursor = new Cursor(text);
  const terms: OrderTerm[] = [];
  if (text.trim() === '') return terms;
  for (;;) {
    cursor.skipSpaces();
    const field = readField(cursor, 'delimited', 'order');
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
        fail(text, `unexpected "${word.slice(0, 40)}"`);
      }
    }
    terms.push({ field, direction, nulls });
    cursor.skipSpaces();
    if (cursor.eat(',')) continue;
    if (cursor.eof) return terms;
    fail(text, `unexpected "${cursor.peek()}" at position ${cursor.pos}`);
  }
}
