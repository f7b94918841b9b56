/**
 * A statement logger over the Db seam and a checker of the SQL text the engine sends. The check
 * is structural: outside quoted identifiers, placeholders and a fixed set of constant literals,
 * every word must be a keyword, function or type name from an allow-list; every schema-qualified
 * name must be an introspected relation or function; every FROM/JOIN/INTO/UPDATE target must be
 * such a name, a subquery or a set-returning built-in; and there is exactly one statement (no `;`,
 * no comments). Request text can therefore only reach the SQL as a bind parameter or inside a
 * quoted identifier (an output key), never as SQL syntax or as a relation it was not allowed.
 */
import type { Db, Queryable } from '../../src/db/types';
import { CAST_TYPES } from '../../src/postgrest/parse-select';

/** Wrap `db` so that every statement (outside and inside transactions) is appended to `log`. */
export function recordingDb(db: Db, log: string[]): Db {
  const wrap = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      log.push(sql);
      return target.query(sql, params);
    },
    exec: (sql) => {
      log.push(sql);
      return target.exec(sql);
    },
  });
  return {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

const KEYWORDS = `select from where and or not as limit offset order by asc desc nulls first last is null
true false in exists like ilike distinct case when then else end with insert into update set
delete returning default values on conflict do nothing excluded explain format json transaction
read only local statement_timeout unknown variadic`;

const FUNCTIONS = `coalesce json_agg count row_to_json to_json json_typeof string_agg concat_ws strpos
replace chr json_populate_recordset json_populate_record json_array_elements_text array_agg
json_build_array json_strip_nulls substring length`;

/** Set-returning built-ins the engine selects from. */
const FROM_FUNCTIONS = new Set([
  'json_populate_recordset',
  'json_populate_record',
  'json_array_elements_text',
]);

/** Aliases the engine generates. */
const ALIAS = /^(?:[ts]\d+|_page|_b|_r|_x|x|v|total|n|inserted|xmax|body)$/;

/** The only string constants the engine writes into SQL text. */
const LITERALS = new Set(['[]', '', '{}', 'null', 'string', '"', '""', ',']);

export interface StatementPolicy {
  /** Introspected relation and function names of the exposed schema. */
  names: ReadonlySet<string>;
  /** The exposed schema. */
  schema: string;
  /** Extra allowed words (type names of the schema's columns and arguments). */
  typeWords: ReadonlySet<string>;
}

type Token =
  | { kind: 'word'; value: string }
  | { kind: 'ident'; value: string }
  | { kind: 'str'; value: string }
  | { kind: 'param' | 'number' | 'punct'; value: string };

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql.charAt(i);
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '"' || c === "'") {
      let value = '';
      i += 1;
      for (;;) {
        if (i >= n) throw new Error(`unterminated ${c} in ${sql}`);
        const d = sql.charAt(i);
        if (d === c) {
          if (sql.charAt(i + 1) === c) {
            value += c;
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        value += d;
        i += 1;
      }
      tokens.push({ kind: c === '"' ? 'ident' : 'str', value });
    } else if (c === '$' && /\d/.test(sql.charAt(i + 1))) {
      const m = /^\$\d+/.exec(sql.slice(i))?.[0] ?? '$';
      tokens.push({ kind: 'param', value: m });
      i += m.length;
    } else if (/\d/.test(c)) {
      const m = /^\d+/.exec(sql.slice(i))?.[0] ?? c;
      tokens.push({ kind: 'number', value: m });
      i += m.length;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i))?.[0] ?? c;
      tokens.push({ kind: 'word', value: m.toLowerCase() });
      i += m.length;
    } else {
      if (c === ';') throw new Error(`a second statement: ${sql}`);
      if ((c === '-' && sql.charAt(i + 1) === '-') || (c === '/' && sql.charAt(i + 1) === '*')) {
        throw new Error(`a comment: ${sql}`);
      }
      tokens.push({ kind: 'punct', value: c });
      i += 1;
    }
  }
  return tokens;
}

const ALLOWED_WORDS = new Set([
  ...KEYWORDS.split(/\s+/),
  ...FUNCTIONS.split(/\s+/),
  ...[...CAST_TYPES].flatMap((type) => type.split(' ')),
]);

/** Throw when `sql` is not a statement the engine may send under `policy`. */
export function checkStatement(sql: string, policy: StatementPolicy): void {
  const tokens = tokenize(sql);
  const fail = (why: string): never => {
    throw new Error(`${why} in: ${sql.slice(0, 2000)}`);
  };
  tokens.forEach((token, index) => {
    const next = tokens[index + 1];
    const prev = tokens[index - 1];
    if (token.kind === 'word') {
      if (
        !ALLOWED_WORDS.has(token.value) &&
        !policy.typeWords.has(token.value) &&
        !ALIAS.test(token.value)
      ) {
        fail(`unexpected word "${token.value}"`);
      }
      const distinctFrom = prev?.kind === 'word' && prev.value === 'distinct';
      if (['from', 'join', 'into', 'update'].includes(token.value) && !distinctFrom) {
        const target = next;
        const ok =
          target !== undefined &&
          ((target.kind === 'punct' && target.value === '(') ||
            (target.kind === 'ident' && target.value === policy.schema) ||
            (target.kind === 'word' &&
              (FROM_FUNCTIONS.has(target.value) || target.value === '_page')) ||
            // `DELETE FROM`, `INSERT INTO`, `ON CONFLICT … DO UPDATE SET`, `count(*) FROM`.
            (token.value === 'update' && target.kind === 'word' && target.value === 'set'));
        if (!ok) fail(`"${token.value}" is not followed by an allowed relation`);
      }
    } else if (token.kind === 'str') {
      if (!LITERALS.has(token.value)) fail(`unexpected literal '${token.value}'`);
    } else if (token.kind === 'ident') {
      const dotted = next?.kind === 'punct' && next.value === '.';
      if (dotted) {
        // Only the schema qualifies names; what it qualifies must be introspected.
        if (token.value !== policy.schema) fail(`"${token.value}" used as a qualifier`);
        const name = tokens[index + 2];
        if (name?.kind !== 'ident' || !policy.names.has(name.value)) {
          fail(`a relation or function outside the schema cache: ${JSON.stringify(name)}`);
        }
      }
      const isQualified = prev?.kind === 'punct' && prev.value === '.';
      const call = next?.kind === 'punct' && next.value === '(';
      if (call && !(isQualified && tokens[index - 2]?.value === policy.schema)) {
        fail(`an unqualified call of "${token.value}"`);
      }
    }
  });
}
