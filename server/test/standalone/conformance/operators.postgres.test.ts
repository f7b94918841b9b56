/**
 * Every filter operator of PostgREST 12 (issue 17 §2), over HTTP against the standalone server
 * and the fixture's `conf.ops` (fixture/10-operators.sql): each operator, its `(any)`/`(all)`
 * modifiers and full-text search languages, `not.` on each, inside `or`/`and` trees, and the
 * errors of malformed filters. Every case asserts the exact rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailable, startConformance, type Conformance } from './harness';

type Case = readonly [query: string, ids: readonly number[]];

interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

describe.skipIf(!postgresAvailable)('conformance: filter operators', () => {
  let conf: Conformance;
  beforeAll(async () => {
    conf = await startConformance();
  }, 120_000);
  afterAll(async () => {
    await conf?.stop();
  });

  /** The ids `/ops?<query>` answers, in id order. */
  async function ids(query: string): Promise<number[]> {
    const response = await conf.json<{ id: number }[]>(`/ops?select=id&order=id&${query}`);
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.map((row) => row.id);
  }

  async function expectCases(cases: readonly Case[]): Promise<void> {
    for (const [query, expected] of cases) {
      expect(await ids(query), query).toEqual(expected);
    }
  }

  async function error(query: string): Promise<{ status: number; body: ErrorBody }> {
    const response = await conf.json<ErrorBody>(`/ops?${query}`);
    return { status: response.status, body: response.body };
  }

  it('comparisons and not. on each', async () => {
    await expectCases([
      ['age=eq.20', [2]],
      ['age=not.eq.20', [1, 3, 5]],
      ['age=neq.10', [2, 3, 5]],
      ['age=not.neq.10', [1]],
      ['age=gt.20', [3, 5]],
      ['age=not.gt.20', [1, 2]],
      ['age=gte.20', [2, 3, 5]],
      ['age=not.gte.20', [1]],
      ['age=lt.30', [1, 2]],
      ['age=not.lt.30', [3, 5]],
      ['age=lte.30', [1, 2, 3]],
      ['age=not.lte.30', [5]],
      ['age=in.(10,40)', [1, 5]],
      ['age=not.in.(10,40)', [2, 3]],
      ['name=in.("Pan",Oscar)', [1, 5]],
    ]);
  });

  it('like, ilike, match, imatch and not. on each', async () => {
    await expectCases([
      ['name=like.P*', [2, 5]],
      ['name=not.like.P*', [1, 3, 4]],
      ['name=like.*a', [2, 4]],
      ['name=ilike.o*', [1, 4]],
      ['name=not.ilike.o*', [2, 3, 5]],
      ['name=match.^P', [2, 5]],
      ['name=not.match.^P', [1, 3, 4]],
      ['name=match.n$', [3, 5]],
      ['name=imatch.^o', [1, 4]],
      ['name=not.imatch.^o', [2, 3, 5]],
    ]);
  });

  it('(any) and (all) on eq, like, ilike, gt, gte, lt, lte, match, imatch', async () => {
    await expectCases([
      ['name=like(any).{O*,P*}', [1, 2, 5]],
      ['name=not.like(any).{O*,P*}', [3, 4]],
      ['name=like(all).{O*,*r}', [1]],
      ['name=not.like(all).{O*,*r}', [2, 3, 4, 5]],
      ['name=ilike(any).{o*,q*}', [1, 3, 4]],
      ['name=ilike(all).{*a*,*n}', [5]],
      ['name=not.ilike(all).{*a*,*n}', [1, 2, 3, 4]],
      ['name=match(any).{^O,^Q}', [1, 3]],
      ['name=not.match(any).{^O,^Q}', [2, 4, 5]],
      ['name=imatch(all).{^p,a$}', [2]],
      ['name=not.imatch(all).{^p,a$}', [1, 3, 4, 5]],
      ['name=eq(any).{Oscar,Pan}', [1, 5]],
      ['age=eq(any).{10,30}', [1, 3]],
      ['age=not.eq(any).{10,30}', [2, 5]],
      ['age=eq(all).{10,10}', [1]],
      ['age=eq(all).{10,20}', []],
      ['age=gt(any).{25,35}', [3, 5]],
      ['age=gt(all).{15,25}', [3, 5]],
      ['age=not.gt(all).{15,25}', [1, 2]],
      ['age=gte(any).{30,100}', [3, 5]],
      ['age=gte(all).{20,30}', [3, 5]],
      ['age=lt(any).{15,25}', [1, 2]],
      ['age=lt(all).{15,25}', [1]],
      ['age=lte(any).{10,20}', [1, 2]],
      ['age=lte(all).{20,30}', [1, 2]],
      ['age=not.lte(all).{20,30}', [3, 5]],
      // An empty array: ANY is false, ALL is true.
      ['age=eq(any).{}', []],
      ['age=eq(all).{}', [1, 2, 3, 4, 5]],
    ]);
  });

  it('is true/false/unknown/null, not.is, isdistinct', async () => {
    await expectCases([
      ['flag=is.true', [1, 5]],
      ['flag=not.is.true', [2, 3, 4]],
      ['flag=is.false', [2]],
      ['flag=not.is.false', [1, 3, 4, 5]],
      ['flag=is.unknown', [3, 4]],
      ['flag=not.is.unknown', [1, 2, 5]],
      ['flag=is.null', [3, 4]],
      ['flag=not.is.null', [1, 2, 5]],
      ['flag=is.TRUE', [1, 5]],
      ['age=is.null', [4]],
      ['age=not.is.null', [1, 2, 3, 5]],
      ['age=isdistinct.10', [2, 3, 4, 5]],
      ['age=not.isdistinct.10', [1]],
      ['flag=isdistinct.true', [2, 3, 4]],
      ['flag=not.isdistinct.true', [1, 5]],
    ]);
  });

  it('arrays: cs, cd, ov and not. on each', async () => {
    await expectCases([
      ['tags=cs.{b}', [1, 2]],
      ['tags=not.cs.{b}', [3, 4]],
      ['tags=cd.{a,b}', [1, 4]],
      ['tags=not.cd.{a,b}', [2, 3]],
      ['tags=ov.{a,c}', [1, 2, 3]],
      ['tags=not.ov.{a,c}', [4]],
      ['tags=cs.{}', [1, 2, 3, 4]],
    ]);
  });

  it('ranges: ov, cs, cd, sl, sr, nxr, nxl, adj and not. on each', async () => {
    await expectCases([
      ['span=ov.[3,6)', [1, 2]],
      ['span=not.ov.[3,6)', [3, 5]],
      ['span=cs.[2,3]', [1]],
      ['span=not.cs.[2,3]', [2, 3, 5]],
      ['span=cd.[0,12)', [1, 2]],
      ['span=not.cd.[0,12)', [3, 5]],
      ['span=sl.(10,50)', [1, 2]],
      ['span=not.sl.(10,50)', [3, 5]],
      ['span=sr.[1,10)', [3, 5]],
      ['span=not.sr.[1,10)', [1, 2]],
      ['span=nxr.[1,10)', [1, 2]],
      ['span=not.nxr.[1,10)', [3, 5]],
      ['span=nxl.[10,35)', [3, 5]],
      ['span=not.nxl.[10,35)', [1, 2]],
      ['span=adj.[5,10)', [1, 3]],
      ['span=not.adj.[5,10)', [2, 5]],
      ['during=ov.[2000-01-01,2000-01-02)', [1]],
      ['during=ov.[2000-01-01,2000-01-02]', [1, 2]],
      ['during=sl.[2000-01-05,2000-01-06)', [1, 2]],
      ['during=sr.[2000-01-01,2000-01-06)', [5]],
      ['during=adj.[2000-01-03,2000-01-05)', [2, 3]],
      ['during=cs.[2000-01-10T12:00:00Z,2000-01-11)', [5]],
    ]);
  });

  it('full-text search on a tsvector column: fts, plfts, phfts, wfts, languages, not.', async () => {
    await expectCases([
      ['doc=fts.cat', [1, 5]],
      ['doc=fts(english).cats', [1, 5]],
      // The simple configuration does not stem: no vector holds "cats".
      ['doc=fts(simple).cats', []],
      ['doc=fts(english).fat%26rats', [1]],
      ['doc=fts(english).fat%20%26%20!rat', [5]],
      ['doc=not.fts(english).cats', [2, 3]],
      ['doc=fts(french).amusant', [2]],
      ['doc=plfts(english).cat%20fat', [1, 5]],
      ['doc=not.plfts(english).cat%20fat', [2, 3]],
      ['doc=phfts(english).fat%20cats', [1, 5]],
      ['doc=phfts(english).cats%20ate', [1]],
      ['doc=phfts(english).cat%20fat', []],
      ['doc=not.phfts(english).cats%20ate', [2, 3, 5]],
      ['doc=wfts(english).%22fat%20cats%22%20-rats', [5]],
      ['doc=wfts(english).fox%20or%20rats', [1, 3]],
      ['doc=not.wfts(english).fox%20or%20rats', [2, 5]],
      ['doc=plfts.fox', [3]],
      ['doc=phfts.lazy%20dog', [3]],
      ['doc=wfts.fox', [3]],
    ]);
  });

  it('full-text search on a text column goes through to_tsvector(language, column)', async () => {
    await expectCases([
      ['body=fts(english).cats', [1, 5]],
      ['body=not.fts(english).cats', [2, 3]],
      ['body=plfts(french).amusants', [2]],
      ['body=phfts(english).brown%20foxes', [3]],
      ['body=not.wfts(english).fox', [1, 2, 5]],
    ]);
  });

  it('not., modifiers and languages inside or/and trees', async () => {
    await expectCases([
      ['or=(age.lt.15,name.not.like.*a*)', [1, 3]],
      ['or=(age.lt.15,not.name.like.*a*)', [1, 3]],
      ['or=(tags.cs.{c},name.like(any).{O*,o*})', [1, 2, 3, 4]],
      ['or=(doc.fts(english).fox,flag.is.false)', [2, 3]],
      ['or=(doc.not.wfts(english).cat,age.is.null)', [2, 3, 4]],
      ['or=(span.adj."[5,10)",age.is.null)', [1, 3, 4]],
      ['or=(span.sl.(10,50),flag.not.is.true)', [1, 2, 3, 4]],
      ['or=(age.gt(all).{15,35},name.imatch(any).{^q,^o})', [1, 3, 4, 5]],
      ['and=(age.isdistinct.10,flag.not.is.unknown)', [2, 5]],
      ['not.or=(age.gt.15,age.is.null)', [1]],
      ['or=(not.and(age.gte.20,age.lte.30),name.eq(any).{Pan})', [1, 5]],
      [
        'and=(tags.ov.{a,c},or(during.ov."[2000-01-01,2000-01-02]",body.plfts(english).fox))',
        [1, 2, 3],
      ],
    ]);
  });

  it('an unknown operator or modifier is PGRST100 with PostgREST 12 message shape', async () => {
    const unknown = await error('name=foo.bar');
    expect(unknown).toEqual({
      status: 400,
      body: {
        code: 'PGRST100',
        message: '"failed to parse filter (foo.bar)" (line 1, column 1)',
        details: 'unexpected "f" expecting "not" or operator (eq, gt, ...)',
        hint: null,
      },
    });
    const afterNot = await error('name=not.foo.bar');
    expect(afterNot.body).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (not.foo.bar)" (line 1, column 5)',
      details: 'unexpected "f" expecting operator (eq, gt, ...)',
    });
    const isValue = await error('flag=is.maybe');
    expect(isValue.body).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse filter (is.maybe)" (line 1, column 4)',
      details: 'unexpected "m" expecting null or trilean value (unknown, true, false)',
    });
    const inList = await error('age=in.1,2');
    expect(inList.body).toMatchObject({
      message: '"failed to parse filter (in.1,2)" (line 1, column 4)',
      details: 'unexpected "1" expecting "("',
    });
    const tree = await error('or=(name.zz.a)');
    expect(tree.body).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse logic tree ((name.zz.a))" (line 1, column 9)',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
    });
    for (const query of [
      'name=eq',
      'name=like',
      'name=neq(any).{a}',
      'name=in(any).{a}',
      'name=is(all).{a}',
      'name=like(some).{a}',
      'name=like(any)',
      'tags=cs(any).{a}',
      'doc=fts().cat',
      'doc=fts(en glish).cat',
      'doc=fts(english;drop).cat',
      'doc=fts("english").cat',
      'doc=fts(english.cat',
      'span=sl(english).(1,2)',
      'age=isdistinct(any).{1}',
      'or=(name.like(any).{a,b)',
      'or=(doc.fts(x y).cat)',
      'or=(name.not.zz.a)',
    ]) {
      const response = await error(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('PGRST100');
      expect(response.body.message, query).toMatch(/^"failed to parse (filter|logic tree) \(/);
    }
  });

  it('malformed values are PostgreSQL errors with a 400, never a 500', async () => {
    for (const [query, code] of [
      ['doc=fts(klingon).cat', '42704'],
      ['name=like(any).notanarray', '22P02'],
      ['age=eq(any).{1,x}', '22P02'],
      ['span=sl.[1,', '22P02'],
      ['during=ov.yesterday', '22P02'],
      // As in PostgREST, the value is read as the column's type: an element is not a range.
      ['during=cs.2000-01-10T12:00:00Z', '22P02'],
      ['doc=fts(english).fat%20%26', '42601'],
      ['tags=ov.{a', '22P02'],
      ['age=sl.(1,10)', '42804'],
    ] as const) {
      const response = await error(query);
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe(code);
    }
  });
});
