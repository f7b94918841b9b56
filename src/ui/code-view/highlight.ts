/**
 * A small syntax highlighter for the two formats configs come in, JSON and YAML: each line is cut
 * into tokens (key, string, number, boolean, null, comment, punctuation, plain). It colours; it
 * does not validate. Lines are tokenised independently except for YAML block scalars (`|`, `>`),
 * whose more-indented lines are strings. Pure functions.
 */
import type { CodeLanguage } from './folding';

export type TokenKind =
  'key' | 'string' | 'number' | 'boolean' | 'null' | 'comment' | 'punctuation' | 'plain';

export interface Token {
  kind: TokenKind;
  text: string;
}

/** Lines longer than this are shown uncoloured (minified JSON would be slow to cut up). */
export const MAX_HIGHLIGHT_LINE = 20_000;

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

function push(tokens: Token[], kind: TokenKind, text: string) {
  if (text === '') return;
  const last = tokens[tokens.length - 1];
  if (last && last.kind === kind) last.text += text;
  else tokens.push({ kind, text });
}

/** One line of (pretty-printed or not) JSON. */
export function tokenizeJsonLine(line: string): Token[] {
  if (line.length > MAX_HIGHLIGHT_LINE) return [{ kind: 'plain', text: line }];
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const char = line[i]!;
    if (char === '"') {
      let end = i + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      const text = line.slice(i, Math.min(end + 1, line.length));
      let after = i + text.length;
      while (line[after] === ' ' || line[after] === '\t') after++;
      push(tokens, line[after] === ':' ? 'key' : 'string', text);
      i += text.length;
      continue;
    }
    if ('{}[],:'.includes(char)) {
      push(tokens, 'punctuation', char);
      i++;
      continue;
    }
    const rest = line.slice(i);
    const number = JSON_NUMBER.exec(rest);
    if (number && (char === '-' || (char >= '0' && char <= '9'))) {
      push(tokens, 'number', number[0]);
      i += number[0].length;
      continue;
    }
    const word = /^(true|false|null)\b/.exec(rest);
    if (word) {
      push(tokens, word[1] === 'null' ? 'null' : 'boolean', word[1]!);
      i += word[1]!.length;
      continue;
    }
    push(tokens, 'plain', char);
    i++;
  }
  return tokens;
}

const YAML_NULL = /^(null|Null|NULL|~)$/;
const YAML_BOOLEAN = /^(true|True|TRUE|false|False|FALSE)$/;
const YAML_NUMBER =
  /^[-+]?(?:\d[\d_]*(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|\.inf|\.Inf|\.INF|\.nan|\.NaN|\.NAN)$/;

/** A plain (unquoted) YAML scalar: its kind by the YAML 1.2 core schema. */
function scalarKind(text: string): TokenKind {
  if (YAML_NULL.test(text)) return 'null';
  if (YAML_BOOLEAN.test(text)) return 'boolean';
  if (YAML_NUMBER.test(text)) return 'number';
  return 'string';
}

/** Where a `#` comment starts in a value (a `#` preceded by a space, outside quotes), or -1. */
function commentStart(text: string): number {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === '\\' && quote === '"') i++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") {
      if (i === 0 || /[\s[{,:]/.test(text[i - 1]!)) quote = char;
    } else if (char === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      return i;
    }
  }
  return -1;
}

/** A value after `key:` or `- `: quoted string, flow collection, block indicator or scalar. */
function tokenizeYamlValue(tokens: Token[], value: string) {
  const hash = commentStart(value);
  const body = hash >= 0 ? value.slice(0, hash) : value;
  const comment = hash >= 0 ? value.slice(hash) : '';
  const trimmedEnd = body.replace(/\s+$/, '');
  const trailing = body.slice(trimmedEnd.length);
  const leading = /^\s*/.exec(trimmedEnd)![0];
  const core = trimmedEnd.slice(leading.length);
  push(tokens, 'plain', leading);
  if (core === '') {
    // nothing
  } else if (core.startsWith('"') || core.startsWith("'")) {
    push(tokens, 'string', core);
  } else if (/^[|>][-+0-9]*$/.test(core)) {
    push(tokens, 'punctuation', core);
  } else if (core.startsWith('{') || core.startsWith('[')) {
    // A flow collection reads like JSON closely enough for colouring.
    for (const token of tokenizeJsonLine(core)) {
      push(tokens, token.kind === 'plain' ? 'string' : token.kind, token.text);
    }
  } else if (/^[&*!]\S*/.test(core)) {
    // Anchor, alias or tag, then maybe a value.
    const mark = /^[&*!]\S*/.exec(core)![0];
    push(tokens, 'punctuation', mark);
    if (core.length > mark.length) tokenizeYamlValue(tokens, core.slice(mark.length));
  } else {
    push(tokens, scalarKind(core), core);
  }
  push(tokens, 'plain', trailing);
  push(tokens, 'comment', comment);
}

/** `key:` at the start of a YAML line (plain or quoted key), or undefined. */
const YAML_KEY =
  /^((?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},:&*!|>%@`-][^#]*?|-[^\s#][^#]*?))(\s*:)(?=\s|$)/;

/** Tokenise one YAML line outside a block scalar. */
export function tokenizeYamlLine(line: string): Token[] {
  if (line.length > MAX_HIGHLIGHT_LINE) return [{ kind: 'plain', text: line }];
  const tokens: Token[] = [];
  let rest = line;
  const indent = /^\s*/.exec(rest)![0];
  push(tokens, 'plain', indent);
  rest = rest.slice(indent.length);
  if (rest.startsWith('#')) {
    push(tokens, 'comment', rest);
    return tokens;
  }
  if (/^(---|\.\.\.)(\s|$)/.test(rest)) {
    push(tokens, 'punctuation', rest.slice(0, 3));
    tokenizeYamlValue(tokens, rest.slice(3));
    return tokens;
  }
  // List markers (`- `, possibly nested: `- - a`).
  for (let marker = /^-(\s+|$)/.exec(rest); marker; marker = /^-(\s+|$)/.exec(rest)) {
    push(tokens, 'punctuation', '-');
    push(tokens, 'plain', marker[1]!);
    rest = rest.slice(marker[0].length);
  }
  const key = YAML_KEY.exec(rest);
  if (key) {
    push(tokens, 'key', key[1]!);
    push(tokens, 'punctuation', key[2]!);
    rest = rest.slice(key[0].length);
  }
  tokenizeYamlValue(tokens, rest);
  return tokens;
}

function indentWidth(line: string): number {
  return /^\s*/.exec(line)![0].length;
}

/** Tokenise a whole YAML text, line by line, with block scalar bodies as strings. */
export function tokenizeYaml(lines: readonly string[]): Token[][] {
  const result: Token[][] = [];
  let blockIndent: number | undefined;
  for (const line of lines) {
    if (blockIndent !== undefined) {
      if (line.trim() === '' || indentWidth(line) > blockIndent) {
        result.push(line === '' ? [] : [{ kind: 'string', text: line }]);
        continue;
      }
      blockIndent = undefined;
    }
    const tokens = tokenizeYamlLine(line);
    result.push(tokens);
    // `key: |` or `- >-` opens a block scalar: deeper lines are its text.
    const significant = tokens.filter((t) => t.kind !== 'plain' && t.kind !== 'comment');
    const last = significant[significant.length - 1];
    if (last && last.kind === 'punctuation' && /^[|>][-+0-9]*$/.test(last.text)) {
      blockIndent = indentWidth(line);
    }
  }
  return result;
}

export function tokenizeLines(lines: readonly string[], language: CodeLanguage): Token[][] {
  return language === 'json' ? lines.map(tokenizeJsonLine) : tokenizeYaml(lines);
}
