/**
 * Property test: thousands of random and hostile query strings, methods and bodies. The engine
 * must always answer (never throw) and never with a 5xx: every one of these is a client mistake
 * or a valid request.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { DbMethod } from '../../src/postgrest/types';
import { createHarness, type Harness } from './harness';

const RELATIONS = [
  'checks',
  'configs',
  'incidents',
  'people',
  'config_relationships',
  'rpc/related_configs',
  'rpc/add_numbers',
  'nope',
  'check_statuses',
];
const COLUMNS = [
  'id',
  'name',
  'labels',
  'status',
  'created_at',
  'tags',
  'config_id',
  'a',
  'duration',
  'nope',
  'source',
];
const EMBEDS = [
  'canaries!checks_canary_id_fkey',
  'agents',
  'created_by',
  'configs',
  'hypotheses!inner',
  'evidences',
  'responders',
  'people',
  'x!y',
];
const OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
  'not.eq',
  'not.in',
  'cs',
  'cd',
  'ov',
  'match',
  'zz',
  '',
];
const VALUES = [
  '1',
  '0',
  'true',
  'null',
  'now()',
  '(a,b)',
  '("a,b",c)',
  '{a}',
  "x';drop table people;--",
  '2024-10-21T00:00:00Z',
  '',
  '*',
  '%',
  '%zz',
  'not_null',
  '-1',
  '99999999999999999999',
  '{"a":1}',
  '\\',
  '"',
];
const CHARS = '(),.!:"\'*;&=%\\->< ?+/{}[]#abc01_';

const fragment = fc.oneof(
  fc.constantFrom(...COLUMNS),
  fc.constantFrom(...EMBEDS),
  fc.constantFrom(...OPS),
  fc.constantFrom(...VALUES),
  fc.constantFrom(
    'select=',
    'order=',
    'or=(',
    'and=(',
    'limit=',
    'offset=',
    '.filter=',
    '->>',
    '->',
    '::',
    '(',
    ')',
    ',',
    '.',
    '&',
    '=',
  ),
  fc.string({ unit: fc.constantFrom(...CHARS.split('')), maxLength: 6 }),
);

const structured = fc
  .tuple(
    fc.constantFrom(...COLUMNS),
    fc.constantFrom(...OPS),
    fc.constantFrom(...VALUES),
    fc.constantFrom(...COLUMNS),
    fc.constantFrom(...EMBEDS),
  )
  .map(([column, op, value, other, embed]) =>
    [
      `select=${column},${embed}(${other},${column})`,
      `${column}=${op}.${encodeURIComponent(value)}`,
      `or=(${other}.${op}.${value},and(${column}.eq.${value}))`,
      `order=${other}.desc.nullslast`,
      `${embed.split('!')[0] ?? ''}.${column}=${op}.${value}`,
      `${column}.filter=${encodeURIComponent(value)}`,
    ].join('&'),
  );

const query = fc.oneof(
  fc.array(fragment, { maxLength: 12 }).map((parts) => parts.join('')),
  structured,
  fc.string({ maxLength: 40 }),
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.json(),
  fc
    .dictionary(fc.constantFrom(...COLUMNS), fc.jsonValue(), { maxKeys: 3 })
    .map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 20 }),
);

describe('engine property: hostile input never produces a 5xx', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(await openPglite());
  });
  afterAll(async () => {
    await h.db.close();
  });

  it('random GET/HEAD query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...RELATIONS),
        query,
        fc.constantFrom<DbMethod>('GET', 'HEAD'),
        fc.constantFrom(undefined, 'count=exact', 'return=representation, count=exact'),
        async (relation, raw, method, prefer) => {
          const response = await h.engine.handle(
            {
              method,
              path: relation,
              rawQuery: raw,
              headers: prefer ? { prefer } : {},
              body: undefined,
            },
            () => undefined,
          );
          expect(response.status, `${method} ${relation}?${raw} → ${response.body}`).toBeLessThan(
            500,
          );
        },
      ),
      { numRuns: 2500 },
    );
  });

  it('random writes (rolled back by their own failure or harmless)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('properties', 'notifications', 'people', 'nope', 'rpc/add_numbers'),
        query,
        fc.constantFrom<DbMethod>('POST', 'PATCH', 'DELETE'),
        body,
        async (relation, raw, method, text) => {
          // Writes touch only rows the filters select; constrain them to a key no seed row has.
          const guarded = `${raw}&name=eq.__property_test__`;
          const response = await h.engine.handle(
            {
              method,
              path: relation,
              rawQuery: guarded,
              headers: { prefer: 'return=representation' },
              body: text,
            },
            () => undefined,
          );
          expect(
            response.status,
            `${method} ${relation}?${guarded} ${text ?? ''} → ${response.body}`,
          ).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
    // The seed rows survive whatever the random writes did.
    expect(await h.rows('people?select=id&email=like.*example.com')).toHaveLength(2);
  });
});
