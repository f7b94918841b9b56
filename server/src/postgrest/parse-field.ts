/**
 * A small cursor and the field grammar shared by select, filter, logic-tree and order parsing:
 * a column name (bare or double-quoted) followed by an optional JSON path of `->`/`->>` steps.
 */
import type { Field, JsonStep } from './ast';
import { parseError } from './errors';

/** A read position over one parameter value. */
export class Cursor {
  pos = 0;

  constructor(readonly text: string) {}

  get eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  eat(token: string): boolean {
    if (!this.startsWith(token)) return false;
    this.pos += token.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t' || this.peek() === '\n') this.pos += 1;
  }

  rest(): string {
    return this.text.slice(this.pos);
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_$]/u;

/** True when `ch` may appear in a bare identifier. */
export function isIdentChar(ch: string): boolean {
  return ch !== '' && IDENT_CHAR.test(ch);
}

/** Read a double-quoted string (the cursor is on the opening quote); `\"` and `\\` escape. */
export function readQuoted(cursor: Cursor, what: string): string {
  cursor.pos += 1;
  let out = '';
  for (;;) {
    if (cursor.eof) throw parseError(`unterminated quoted ${what}`, cursor.text);
    const ch = cursor.peek();
    if (ch === '\\') {
      const next = cursor.peek(1);
      if (next === '') throw parseError(`unterminated quoted ${what}`, cursor.text);
      out += next;
      cursor.pos += 2;
      continue;
    }
    cursor.pos += 1;
    if (ch === '"') return out;
    out += ch;
  }
}

/**
 * Read an identifier: double-quoted, or a run of letters, digits, `_`, `$`, and `-` when the dash
 * does not start a JSON arrow. Returns undefined when nothing identifier-like is at the cursor.
 */
export function readIdentifier(cursor: Cursor, what: string): string | undefined {
  if (cursor.peek() === '"') return readQuoted(cursor, what);
  const start = cursor.pos;
  for (;;) {
    const ch = cursor.peek();
    if (isIdentChar(ch)) {
      cursor.pos += 1;
    } else if (ch === '-' && cursor.peek(1) !== '>' && isIdentChar(cursor.peek(1))) {
      cursor.pos += 1;
    } else {
      break;
    }
  }
  return cursor.pos > start ? cursor.text.slice(start, cursor.pos) : undefined;
}

/** How a bare (unquoted) JSON key ends in a given context. */
export type KeyMode =
  /** select: letters, digits, `_`, `$`, space and `-` not followed by `>` (PostgREST's rule). */
  | 'strict'
  /** logic trees and order: anything up to `.`, `,`, `(`, `)`, `:` or the next arrow. */
  | 'delimited'
  /** a filter parameter name: anything up to the next arrow or the end (§7 tolerance). */
  | 'to-end';

function readBareKey(cursor: Cursor, mode: KeyMode): string {
  const start = cursor.pos;
  while (!cursor.eof) {
    const ch = cursor.peek();
    if (ch === '-' && cursor.peek(1) === '>') break;
    if (mode === 'strict' && !(isIdentChar(ch) || ch === ' ' || ch === '-')) break;
    if (mode === 'delimited' && '.,():'.includes(ch)) break;
    cursor.pos += 1;
  }
  const key = cursor.text.slice(start, cursor.pos);
  return mode === 'strict' ? key.trimEnd() : key;
}

/** Parse the JSON path after a column name (possibly empty). */
export function readJsonPath(cursor: Cursor, mode: KeyMode): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let op: JsonStep['op'];
    if (cursor.eat('->>')) op = '->>';
    else if (cursor.eat('->')) op = '->';
    else return steps;
    const key = cursor.peek() === '"' ? readQuoted(cursor, 'JSON key') : readBareKey(cursor, mode);
    if (key === '') throw parseError('empty JSON key', cursor.text);
    steps.push({ op, key });
  }
}

/** Parse `column[->path]` at the cursor. */
export function readField(cursor: Cursor, mode: KeyMode, what: string): Field {
  const name = readIdentifier(cursor, what);
  if (name === undefined) {
    throw parseError(`expected a column name in ${what}`, `near "${cursor.rest().slice(0, 40)}"`);
  }
  return { name, json: readJsonPath(cursor, mode) };
}

/** The output key PostgREST gives a field: its last JSON key, else the column name. */
export function fieldKey(field: Field): string {
  const last = field.json[field.json.length - 1];
  return last === undefined ? field.name : last.key;
}
