/** Unit tests of the pure parsing pieces: select, filters, order, `.filter` and view lineage. */
import { describe, expect, it } from 'vitest';
import { applyFilterExtension, evaluateDatemath } from '../../src/postgrest/filter-extension';
import {
  parseFilterName,
  parseFilterValue,
  parseLogicTree,
} from '../../src/postgrest/parse-filter';
import { parseOrder } from '../../src/postgrest/parse-order';
import { parseSelect } from '../../src/postgrest/parse-select';
import {
  negotiateMediaType,
  parseColumnList,
  parsePrefer,
  parseQueryString,
  parseRangeHeader,
} from '../../src/postgrest/query-string';
import { parseViewLineage } from '../../src/postgrest/view-lineage';

describe('parseSelect', () => {
  it('parses columns, aliases, casts, JSON paths and embeds with hints', () => {
    expect(
      parseSelect('id, n:name::text,labels->>"a.b",x:cfg!fk_name!inner(*, created_by(id))'),
    ).toEqual([
      { kind: 'column', field: { name: 'id', json: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'name', json: [] }, alias: 'n', cast: 'text' },
      {
        kind: 'column',
        field: { name: 'labels', json: [{ op: '->>', key: 'a.b' }] },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'embed',
        name: 'cfg',
        alias: 'x',
        hint: 'fk_name',
        inner: true,
        select: [
          { kind: 'star' },
          {
            kind: 'embed',
            name: 'created_by',
            alias: undefined,
            hint: undefined,
            inner: false,
            select: [
              {
                kind: 'column',
                field: { name: 'id', json: [] },
                alias: undefined,
                cast: undefined,
              },
            ],
          },
        ],
      },
    ]);
  });

  it.each(['a,(', 'a)', 'a(b', 'x::drop table', 'a!(b)', '!x', 'a,,b', 'a:'])(
    'rejects %s',
    (text) => {
      expect(() => parseSelect(text)).toThrow();
    },
  );
});

describe('filters', () => {
  it('parses operator values', () => {
    const field = { name: 'a', json: [] };
    expect(parseFilterValue(field, 'not.in.("x,y)",z)')).toMatchObject({
      negate: true,
      op: 'in',
      value: { kind: 'list', values: ['x,y)', 'z'] },
    });
    expect(parseFilterValue(field, 'is.NULL').value).toEqual({ kind: 'is', value: 'null' });
    expect(parseFilterValue(field, 'eq.a.b.c').value).toEqual({ kind: 'scalar', value: 'a.b.c' });
    expect(() => parseFilterValue(field, 'nope.x')).toThrow();
    expect(() => parseFilterValue(field, 'eq')).toThrow();
  });

  it('parses nested logic trees with quoted keys and values', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(and(labels->>"k.x".eq.v,b.gt.now()),not.c.in.(1,2),d.eq."a,b")',
    );
    expect(tree.children).toHaveLength(3);
    expect(tree.children[0]).toMatchObject({
      kind: 'logic',
      op: 'and',
      children: [
        { field: { name: 'labels', json: [{ op: '->>', key: 'k.x' }] }, value: { value: 'v' } },
        { op: 'gt', value: { value: 'now()' } },
      ],
    });
    expect(tree.children[1]).toMatchObject({ negate: true, op: 'in' });
    expect(tree.children[2]).toMatchObject({ value: { value: 'a,b' } });
    expect(() => parseLogicTree('or', false, '(a.eq.1')).toThrow();
    expect(() => parseLogicTree('or', false, '(a.eq.1))')).toThrow();
  });

  it('splits filter names into embed path and field', () => {
    expect(parseFilterName('hypotheses.evidences.component_id')).toEqual({
      path: ['hypotheses', 'evidences'],
      field: { name: 'component_id', json: [] },
    });
    expect(parseFilterName('labels->>app.kubernetes.io/name')).toEqual({
      path: [],
      field: { name: 'labels', json: [{ op: '->>', key: 'app.kubernetes.io/name' }] },
    });
    expect(parseFilterName('labels->a->>"b.c"').field.json).toEqual([
      { op: '->', key: 'a' },
      { op: '->>', key: 'b.c' },
    ]);
  });
});

describe('parseOrder', () => {
  it('parses keys, directions, nulls and JSON paths', () => {
    expect(parseOrder('type,name.desc.nullslast,labels->>a.asc')).toEqual([
      { field: { name: 'type', json: [] }, direction: undefined, nulls: undefined },
      { field: { name: 'name', json: [] }, direction: 'desc', nulls: 'last' },
      {
        field: { name: 'labels', json: [{ op: '->>', key: 'a' }] },
        direction: 'asc',
        nulls: undefined,
      },
    ]);
    expect(() => parseOrder('name.up')).toThrow();
    expect(() => parseOrder('name;drop')).toThrow();
  });
});

describe('query string and headers', () => {
  it('ignores empty segments and parameters without "="; decodes + as space', () => {
    expect(parseQueryString('&a=1&&b&c=x+y%2Bz&')).toEqual([
      ['a', '1'],
      ['c', 'x y+z'],
    ]);
  });

  it('parses Prefer and Range', () => {
    expect(parsePrefer('return=representation, count=exact')).toEqual({
      representation: true,
      return: 'representation',
      count: true,
      countKind: 'exact',
      resolution: undefined,
    });
    expect(parsePrefer('count=planned; return=headers-only,resolution=merge-duplicates')).toEqual({
      representation: false,
      return: 'headers-only',
      count: true,
      countKind: 'planned',
      resolution: 'merge-duplicates',
    });
    expect(
      parsePrefer('count=estimated, resolution=ignore-duplicates, tx=commit, x'),
    ).toMatchObject({ countKind: 'estimated', resolution: 'ignore-duplicates', return: 'minimal' });
    expect(parsePrefer('resolution=drop-everything').resolution).toBeUndefined();
    expect(parseRangeHeader('0-9', 'items')).toEqual({ offset: 0, limit: 10 });
    expect(parseRangeHeader('5-', undefined)).toEqual({ offset: 5, limit: undefined });
    expect(parseRangeHeader('items=2-3', undefined)).toEqual({ offset: 2, limit: 2 });
    expect(parseRangeHeader('bytes', undefined)).toBeUndefined();
    expect(parseRangeHeader('0-9', 'bytes')).toBeUndefined();
    expect(() => parseRangeHeader('9-0', undefined)).toThrow(
      expect.objectContaining({ status: 416, code: 'PGRST103' }),
    );
  });

  it('negotiates the response media type', () => {
    expect(negotiateMediaType(undefined)).toBe('json');
    expect(negotiateMediaType('')).toBe('json');
    expect(negotiateMediaType('application/json')).toBe('json');
    expect(negotiateMediaType('*/*')).toBe('json');
    expect(negotiateMediaType('text/csv')).toBe('csv');
    expect(negotiateMediaType('application/vnd.pgrst.object+json')).toBe('object');
    expect(negotiateMediaType('application/vnd.pgrst.object+json;nulls=stripped')).toBe('object');
    expect(negotiateMediaType('application/json;q=0.2, text/csv;q=0.9')).toBe('csv');
    expect(negotiateMediaType('text/csv;q=0, application/json')).toBe('json');
    expect(negotiateMediaType('text/html, */*;q=0.1')).toBe('json');
    for (const accept of ['text/html', 'application/xml', 'text/csv;q=0', 'image/*']) {
      expect(() => negotiateMediaType(accept), accept).toThrow(
        expect.objectContaining({ status: 406, code: 'PGRST107' }),
      );
    }
  });

  it('parses columns= and on_conflict= lists', () => {
    expect(parseColumnList('columns', 'a, b,"c,d"')).toEqual(['a', 'b', 'c,d']);
    for (const bad of ['', 'a,', ',a', 'a;drop', 'a b', 'a)', "a'"]) {
      expect(() => parseColumnList('columns', bad), bad).toThrow(
        expect.objectContaining({ status: 400, code: 'PGRST100' }),
      );
    }
  });

  it('casts: built-in types only, normalised', () => {
    expect(parseSelect('a::TEXT,b::double   precision,c::int4[]')).toMatchObject([
      { cast: 'text' },
      { cast: 'double precision' },
      { cast: 'int4[]' },
    ]);
    for (const bad of ['a::regclass', 'a::source', 'a::pg_catalog.text', 'a::text[][]', 'a::']) {
      expect(() => parseSelect(bad), bad).toThrow();
    }
  });
});

describe('the .filter extension', () => {
  const now = new Date('2024-10-21T12:34:56.789Z');

  it('evaluates datemath', () => {
    expect(evaluateDatemath('now', now)?.toISOString()).toBe('2024-10-21T12:34:56.789Z');
    expect(evaluateDatemath('now-2d', now)?.toISOString()).toBe('2024-10-19T12:34:56.789Z');
    expect(evaluateDatemath('now-1h', now)?.toISOString()).toBe('2024-10-21T11:34:56.789Z');
    expect(evaluateDatemath('now/d', now)?.toISOString()).toBe('2024-10-21T00:00:00.000Z');
    expect(evaluateDatemath('now-1M/M', now)?.toISOString()).toBe('2024-09-01T00:00:00.000Z');
    expect(evaluateDatemath('now/w', now)?.toISOString()).toBe('2024-10-21T00:00:00.000Z');
    expect(evaluateDatemath('2024-10-21T00:00:00Z', now)?.toISOString()).toBe(
      '2024-10-21T00:00:00.000Z',
    );
    expect(evaluateDatemath('2024-10-21||+1d', now)?.toISOString()).toBe(
      '2024-10-22T00:00:00.000Z',
    );
    for (const bad of ['yesterday', 'now-2x', 'now-', 'now/q', '2024-13-45', 'now-1d garbage']) {
      expect(evaluateDatemath(bad, now), bad).toBeUndefined();
    }
  });

  it('rewrites lists and dates as Mission Control does', () => {
    expect(
      applyFilterExtension(
        [
          ['status.filter', 'healthy,warning,!unknown,prod*'],
          ['status.filter', 'ignored'],
          ['health.filter', ''],
          ['created_at.filter', '>now-2d'],
          ['updated_at.filter', 'now-1h'],
          ['time.filter', '=2024-10-21T00:00:00Z'],
          ['name', 'eq.x'],
        ],
        now,
      ),
    ).toEqual([
      ['status', 'in.("healthy","warning")'],
      ['status', 'not.in.("unknown")'],
      ['status', 'like.prod*'],
      ['created_at', 'gt.2024-10-19T12:34:56.789Z'],
      ['updated_at', 'lt.2024-10-21T11:34:56.789Z'],
      ['time', 'eq.2024-10-21T00:00:00.000Z'],
      ['name', 'eq.x'],
    ]);
    expect(() => applyFilterExtension([['created_at.filter', 'soon']], now)).toThrow(/created_at/);
    expect(applyFilterExtension([['health', '&health.filter=ok,!bad']], now)).toEqual([
      ['health', 'in.("ok")'],
      ['health', 'not.in.("bad")'],
    ]);
  });
});

describe('parseViewLineage', () => {
  it('reads the top-level target list only', () => {
    const action =
      '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :subquery {QUERY :targetList ({TARGETENTRY :expr {VAR} :resno 1 :resname inner :resorigtbl 7 :resorigcol 7 :resjunk false})}}) ' +
      ':targetList ({TARGETENTRY :expr {VAR :varno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16384 :resorigcol 1 :resjunk false} ' +
      '{TARGETENTRY :expr {FUNCEXPR :args ({VAR})} :resno 2 :resname my\\ col :resorigtbl 0 :resorigcol 0 :resjunk false}) :override 0})';
    expect(parseViewLineage(action)).toEqual([
      { name: 'id', originRelation: 16384, originColumn: 1 },
      { name: 'my col', originRelation: 0, originColumn: 0 },
    ]);
  });
});
