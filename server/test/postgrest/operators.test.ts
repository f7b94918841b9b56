/**
 * The filter operator grammar of PostgREST 12 (issue 17 §2): `(any)`/`(all)`, full-text search
 * languages, range operators, `is`, `isdistinct`, `not.` on each, inside logic trees, and the
 * PGRST100 errors; plus how the conditions render (every client value a bind parameter).
 */
import { describe, expect, it } from 'vitest';
import type { Field } from '../../src/postgrest/ast';
import { parseFilterValue, parseLogicTree } from '../../src/postgrest/parse-filter';
import type { ResolvedExpr } from '../../src/postgrest/plan';
import type { Column } from '../../src/postgrest/schema-cache';
import { SqlParams, renderExpr } from '../../src/postgrest/sql';

const field: Field = { name: 'a', json: [] };

function fails(text: string): { message: string; details: string | null } {
  try {
    parseFilterValue(field, text);
  } catch (error) {
    expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
    return error as { message: string; details: string | null };
  }
  throw new Error(`${text} parsed`);
}

describe('filter operators', () => {
  it('parses every operator, with not.', () => {
    for (const op of [
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
      'isdistinct',
      'cs',
      'cd',
      'ov',
      'sl',
      'sr',
      'nxr',
      'nxl',
      'adj',
    ]) {
      expect(parseFilterValue(field, `${op}.x`), op).toMatchObject({
        negate: false,
        op,
        value: { kind: 'scalar', value: 'x' },
      });
      expect(parseFilterValue(field, `not.${op}.x`), op).toMatchObject({ negate: true, op });
    }
    for (const op of ['fts', 'plfts', 'phfts', 'wfts']) {
      expect(parseFilterValue(field, `${op}.The Fat.Cats`)).toMatchObject({
        op,
        value: { kind: 'fts', language: undefined, value: 'The Fat.Cats' },
      });
      expect(parseFilterValue(field, `not.${op}(french).amusant`)).toMatchObject({
        negate: true,
        op,
        value: { kind: 'fts', language: 'french', value: 'amusant' },
      });
    }
    expect(parseFilterValue(field, 'sl.(1,10)').value).toEqual({ kind: 'scalar', value: '(1,10)' });
    expect(parseFilterValue(field, 'ov.[2000-01-01,2000-01-02)').value).toEqual({
      kind: 'scalar',
      value: '[2000-01-01,2000-01-02)',
    });
  });

  it('parses (any) and (all) on eq, like, ilike, gt, gte, lt, lte, match, imatch', () => {
    for (const op of ['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']) {
      expect(parseFilterValue(field, `${op}(any).{O*,P*}`)).toMatchObject({
        negate: false,
        op,
        value: { kind: 'quantified', quantifier: 'any', value: '{O*,P*}' },
      });
      expect(parseFilterValue(field, `not.${op}(all).{1,2}`)).toMatchObject({
        negate: true,
        op,
        value: { kind: 'quantified', quantifier: 'all', value: '{1,2}' },
      });
    }
  });

  it('parses is values in any case, and not.is', () => {
    for (const value of ['null', 'not_null', 'true', 'false', 'unknown']) {
      expect(parseFilterValue(field, `is.${value.toUpperCase()}`).value).toEqual({
        kind: 'is',
        value,
      });
      expect(parseFilterValue(field, `not.is.${value}`)).toMatchObject({ negate: true, op: 'is' });
    }
  });

  it('fails as PostgREST 12 does: PGRST100, "failed to parse filter (…)" and a column', () => {
    expect(fails('foo.bar')).toMatchObject({
      message: '"failed to parse filter (foo.bar)" (line 1, column 1)',
      details: 'unexpected "f" expecting "not" or operator (eq, gt, ...)',
    });
    expect(fails('not.foo.bar')).toMatchObject({
      message: '"failed to parse filter (not.foo.bar)" (line 1, column 5)',
      details: 'unexpected "f" expecting operator (eq, gt, ...)',
    });
    expect(fails('is.maybe')).toMatchObject({
      message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
      details: 'unexpected "m" expecting null or trilean value (unknown, true, false)',
    });
    expect(fails('in.a,b').details).toBe('unexpected "a" expecting "("');
    expect(fails('in.(a,b)x').details).toBe('unexpected "x" expecting end of input');
    expect(fails('').details).toBe(
      'unexpected end of input expecting "not" or operator (eq, gt, ...)',
    );
    expect(fails('x'.repeat(300)).message).toBe(
      `"failed to parse filter (${'x'.repeat(200)}…)" (line 1, column 1)`,
    );
    for (const bad of [
      'eq',
      'eq5',
      'EQ.5',
      'neq(any).{a}',
      'in(any).(a)',
      'is(all).{a}',
      'isdistinct(any).{a}',
      'cs(any).{a}',
      'sl(all).{a}',
      'like(some).{a}',
      'like(any)',
      'like(any){a}',
      'fts().x',
      'fts(en glish).x',
      'fts(english;drop).x',
      'fts("english").x',
      'fts(1english).x',
      `fts(${'a'.repeat(64)}).x`,
      'fts(english.x',
      'fts(english)x',
      'eq(english).x',
      'not.not.eq.1',
    ]) {
      expect(fails(bad).message, bad).toMatch(/^"failed to parse filter \(/);
    }
  });

  it('parses modifiers, languages and not. in logic trees', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(name.like(any).{O*,"P,*"},tags.cs.{a,b},doc.not.fts(english).cat,not.age.gt.1,span.sl.(1,10),and(b.is.unknown,c.isdistinct."x,y"))',
    );
    expect(tree.children).toMatchObject([
      { op: 'like', value: { kind: 'quantified', quantifier: 'any', value: '{O*,"P,*"}' } },
      { op: 'cs', value: { kind: 'scalar', value: '{a,b}' } },
      { negate: true, op: 'fts', value: { kind: 'fts', language: 'english', value: 'cat' } },
      { negate: true, op: 'gt', value: { value: '1' } },
      { op: 'sl', value: { value: '(1,10)' } },
      {
        kind: 'logic',
        op: 'and',
        children: [
          { op: 'is', value: { kind: 'is', value: 'unknown' } },
          { op: 'isdistinct', value: { value: 'x,y' } },
        ],
      },
    ]);
    // not. before the column and after it negate once each.
    expect(parseLogicTree('and', false, '(not.a.not.eq.1)').children[0]).toMatchObject({
      negate: false,
    });
  });

  it('logic tree errors count columns in "<op><value>" as PostgREST does', () => {
    const at = (op: 'or' | 'and', negate: boolean, text: string) => {
      try {
        parseLogicTree(op, negate, text);
      } catch (error) {
        expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
        return error as { message: string; details: string };
      }
      throw new Error(`${text} parsed`);
    };
    expect(at('or', false, '(name.zz.a)')).toMatchObject({
      message: '"failed to parse logic tree ((name.zz.a))" (line 1, column 9)',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
    });
    expect(at('or', true, '(a.is.maybe)').message).toBe(
      '"failed to parse logic tree ((a.is.maybe))" (line 1, column 13)',
    );
    expect(at('and', false, '(a.eq.1').details).toBe(
      'unexpected end of input expecting "," or ")"',
    );
    expect(at('and', false, '(a.eq.1))').details).toBe('unexpected ")" expecting end of input');
    expect(at('and', false, '(a.cs.{x,y)').details).toBe('unexpected end of input expecting "}"');
    expect(at('and', false, '(a.like(any).x,(').message).toMatch(/^"failed to parse logic tree/);
    expect(at('and', false, '("a.eq.1)').message).toMatch(/^"failed to parse logic tree/);
    expect(at('and', false, `(${'and('.repeat(40)}a.eq.1${')'.repeat(41)}`).details).toMatch(
      /nested/,
    );
  });
});

describe('operator SQL', () => {
  const column = (name: string, type: string, category: string): Column => ({
    name,
    type,
    category,
    isJson: false,
    notNull: false,
    hasDefault: false,
  });

  function render(col: Column, text: string): { sql: string; values: string[] } {
    const parsed = parseFilterValue({ name: col.name, json: [] }, text);
    const expr: ResolvedExpr = { kind: 'cond', ...parsed, field: { column: col, json: [] } };
    const params = new SqlParams();
    return { sql: renderExpr('t0', expr, params), values: params.values };
  }

  it('binds every value, the language and the array as parameters', () => {
    const tsv = column('doc', 'tsvector', 'U');
    const text = column('body', 'text', 'S');
    const int = column('n', 'integer', 'N');
    const range = column('r', 'int4range', 'R');
    expect(render(tsv, "fts(english).x');drop")).toEqual({
      sql: 't0."doc" @@ to_tsquery($1::text::regconfig, $2::text)',
      values: ['english', "x');drop"],
    });
    expect(render(tsv, 'plfts.a b').sql).toBe('t0."doc" @@ plainto_tsquery($1::text)');
    expect(render(text, 'not.phfts(simple).a b')).toEqual({
      sql: 'NOT (to_tsvector($1::text::regconfig, t0."body") @@ phraseto_tsquery($1::text::regconfig, $2::text))',
      values: ['simple', 'a b'],
    });
    expect(render(text, 'wfts.a').sql).toBe(
      'to_tsvector(t0."body") @@ websearch_to_tsquery($1::text)',
    );
    expect(render(text, 'like(any).{O*,*P}')).toEqual({
      sql: 't0."body" LIKE ANY($1::text::text[])',
      values: ['{O%,%P}'],
    });
    expect(render(int, 'imatch(all).{^1}').sql).toBe('t0."n"::text ~* ALL($1::text::text[])');
    expect(render(int, 'not.gte(all).{1,2}')).toEqual({
      sql: 'NOT (t0."n" >= ALL($1::text::integer[]))',
      values: ['{1,2}'],
    });
    const ops = { sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-', ov: '&&' };
    for (const [op, sql] of Object.entries(ops)) {
      expect(render(range, `${op}.(1,10)`)).toEqual({
        sql: `t0."r" ${sql} $1::text::int4range`,
        values: ['(1,10)'],
      });
    }
    expect(render(int, 'isdistinct.1').sql).toBe('t0."n" IS DISTINCT FROM $1::text::integer');
    expect(render(int, 'not.is.unknown').sql).toBe('NOT (t0."n" IS UNKNOWN)');
  });
});
