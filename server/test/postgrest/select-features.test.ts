/** The select and order grammar of PostgREST 12: aggregates, spread and empty embeds (parse-select.ts), related order (parse-order.ts). */
import { describe, expect, it } from 'vitest';
import { PgrstError } from '../../src/postgrest/errors';
import { parseOrder } from '../../src/postgrest/parse-order';
import { parseSelect } from '../../src/postgrest/parse-select';

function parseFailure(text: string): PgrstError {
  try {
    parseSelect(text);
  } catch (error) {
    if (error instanceof PgrstError) return error;
    throw error;
  }
  throw new Error(`"${text}" parsed`);
}

describe('parseSelect: aggregates', () => {
  it('parses col.fn(), count(), aliases and input/output casts', () => {
    expect(parseSelect('amount.sum(),total:amount.avg()::int,count(),n:count()::text')).toEqual([
      {
        kind: 'aggregate',
        fn: 'sum',
        field: { name: 'amount', json: [] },
        inputCast: undefined,
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'aggregate',
        fn: 'avg',
        field: { name: 'amount', json: [] },
        inputCast: undefined,
        alias: 'total',
        cast: 'int',
      },
      {
        kind: 'aggregate',
        fn: 'count',
        field: undefined,
        inputCast: undefined,
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'aggregate',
        fn: 'count',
        field: undefined,
        inputCast: undefined,
        alias: 'n',
        cast: 'text',
      },
    ]);
    expect(parseSelect('details->tax::numeric.max(),placed')).toEqual([
      {
        kind: 'aggregate',
        fn: 'max',
        field: { name: 'details', json: [{ op: '->', key: 'tax' }] },
        inputCast: 'numeric',
        alias: undefined,
        cast: undefined,
      },
      { kind: 'column', field: { name: 'placed', json: [] }, alias: undefined, cast: undefined },
    ]);
  });

  it('rejects unknown aggregate functions and a bare dot', () => {
    expect(parseFailure('amount.median()').code).toBe('PGRST100');
    expect(parseFailure('amount.sum').code).toBe('PGRST100');
    expect(parseFailure('amount.').code).toBe('PGRST100');
  });
});

describe('parseSelect: embeds', () => {
  it('parses empty embeds and spread embeds with hints', () => {
    expect(parseSelect('title,actors(),...directors!fk!inner(name)')).toEqual([
      { kind: 'column', field: { name: 'title', json: [] }, alias: undefined, cast: undefined },
      {
        kind: 'embed',
        name: 'actors',
        alias: undefined,
        hint: undefined,
        inner: false,
        select: [],
      },
      {
        kind: 'embed',
        name: 'directors',
        alias: undefined,
        hint: 'fk',
        inner: true,
        spread: true,
        select: [
          { kind: 'column', field: { name: 'name', json: [] }, alias: undefined, cast: undefined },
        ],
      },
    ]);
  });

  it('parses a spread inside an embed, with aggregates in it', () => {
    const [item] = parseSelect('roles(character,...actors(born.min()))');
    expect(item).toMatchObject({
      kind: 'embed',
      name: 'roles',
      select: [
        { kind: 'column' },
        { kind: 'embed', spread: true, select: [{ kind: 'aggregate', fn: 'min' }] },
      ],
    });
  });

  it('rejects a spread without a list, a renamed spread, and a spread column', () => {
    expect(parseFailure('...directors').code).toBe('PGRST100');
    expect(parseFailure('d:...directors(name)').code).toBe('PGRST100');
  });
});

describe('parseOrder: related order (PostgREST 12)', () => {
  const orderFailure = (text: string): PgrstError => {
    try {
      parseOrder(text);
    } catch (error) {
      if (error instanceof PgrstError) return error;
      throw error;
    }
    throw new Error(`"${text}" parsed`);
  };

  it('parses rel(col) with a JSON path, direction and nulls, next to plain terms', () => {
    expect(parseOrder('director(name).desc.nullslast,id,"my rel"(data->>k)')).toEqual([
      {
        field: { name: 'name', json: [] },
        relation: 'director',
        direction: 'desc',
        nulls: 'last',
      },
      { field: { name: 'id', json: [] }, direction: undefined, nulls: undefined },
      {
        field: { name: 'data', json: [{ op: '->>', key: 'k' }] },
        relation: 'my rel',
        direction: undefined,
        nulls: undefined,
      },
    ]);
  });

  it("answers PostgREST's PGRST100 shape for aggregates and broken terms", () => {
    const aggregate = orderFailure('amount.sum()');
    expect(aggregate.status).toBe(400);
    expect(aggregate.code).toBe('PGRST100');
    expect(aggregate.message).toBe('"failed to parse order (amount.sum())" (line 1, column 8)');
    expect(aggregate.details).toBe(
      'unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"',
    );
    for (const text of ['rel(name', 'rel()', 'rel(a)(b)', 'rel(a.desc)', 'a->b(c)', '.desc']) {
      expect(orderFailure(text).code, text).toBe('PGRST100');
    }
  });
});
