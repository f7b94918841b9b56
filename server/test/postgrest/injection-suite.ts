/**
 * The SQL-injection corpus (injection-corpus.ts) in every parameter position of a `/db` request:
 * relation, select (column, alias, cast, embed, hint), filter column, operator, values on uuid,
 * integer and text columns, JSON keys, logic trees, `.filter`, order, limit/offset, on_conflict,
 * columns=, RPC name, argument names and values, Prefer, Range, Accept, and JSON body keys and
 * values. Every response is below 500; identifier, operator and typed-value positions are a 4xx;
 * every statement sent passes the structural check; and a checksum of every fixture table is the
 * same before and after.
 *
 * Text value positions are different by design: as in PostgREST, a value is data, so the payload
 * is compared literally (200 with zero rows) or stored literally and read back unchanged. Payloads
 * holding a NUL byte are the exception there: PostgreSQL text cannot contain NUL, so those are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';
import type { DbMethod, DbResponse } from '../../src/postgrest/types';
import { FIXTURE_SQL } from './harness';
import { INJECTION_PAYLOADS } from './injection-corpus';
import { checkStatement, recordingDb, type StatementPolicy } from './statement-guard';

const ID = (suffix: string) => `00000000-0000-0000-0000-${suffix.padStart(12, '0')}`;
const enc = encodeURIComponent;
const hasNul = (payload: string) => payload.includes('\u0000');

type Expect = '4xx' | 'empty-or-4xx' | 'below-500';

interface Position {
  name: string;
  expect: Expect | ((payload: string) => Expect | 'empty');
  request: (payload: string) => {
    method?: DbMethod;
    target: string;
    headers?: Record<string, string>;
    body?: unknown;
  };
}

/** Every position, with what the answer must be. */
const POSITIONS: Position[] = [
  { name: 'relation', expect: '4xx', request: (p) => ({ target: enc(p) }) },
  { name: 'relation path', expect: '4xx', request: (p) => ({ target: `people/${enc(p)}` }) },
  { name: 'select column', expect: '4xx', request: (p) => ({ target: `people?select=${enc(p)}` }) },
  {
    name: 'select column after a valid one',
    expect: '4xx',
    request: (p) => ({ target: `people?select=id,${enc(p)}` }),
  },
  {
    name: 'select cast',
    expect: '4xx',
    request: (p) => ({ target: `people?select=name::${enc(p)}` }),
  },
  {
    name: 'embed name',
    expect: '4xx',
    request: (p) => ({ target: `people?select=id,${enc(p)}(id)` }),
  },
  {
    name: 'embed hint',
    expect: '4xx',
    request: (p) => ({ target: `checks?select=id,canaries!${enc(p)}(id)` }),
  },
  {
    name: 'embedded column',
    expect: '4xx',
    request: (p) => ({ target: `checks?select=id,canaries(${enc(p)})` }),
  },
  // An alias is an output key, not a reference: any text is a quoted identifier (or a 400).
  {
    name: 'select alias',
    expect: 'below-500',
    request: (p) => ({ target: `people?select=${enc(p)}:name&limit=1` }),
  },
  { name: 'filter column', expect: '4xx', request: (p) => ({ target: `people?${enc(p)}=eq.x` }) },
  {
    name: 'embedded filter path',
    expect: '4xx',
    request: (p) => ({ target: `incidents?select=id,hypotheses(id)&hypotheses.${enc(p)}=eq.1` }),
  },
  { name: 'operator', expect: '4xx', request: (p) => ({ target: `people?name=${enc(p)}.x` }) },
  {
    name: 'operator after not',
    expect: '4xx',
    request: (p) => ({ target: `people?name=not.${enc(p)}.x` }),
  },
  {
    name: 'value without operator',
    expect: '4xx',
    request: (p) => ({ target: `people?name=${enc(p)}` }),
  },
  { name: 'uuid value', expect: '4xx', request: (p) => ({ target: `people?id=eq.${enc(p)}` }) },
  {
    name: 'uuid value in a list',
    expect: '4xx',
    request: (p) => ({ target: `people?id=in.(${ID('e1')},${enc(p)})` }),
  },
  {
    name: 'integer value',
    expect: '4xx',
    request: (p) => ({ target: `check_statuses?duration=gte.${enc(p)}` }),
  },
  {
    name: 'boolean value',
    expect: '4xx',
    request: (p) => ({ target: `check_statuses?status=eq.${enc(p)}` }),
  },
  {
    name: 'timestamp value',
    expect: '4xx',
    request: (p) => ({ target: `people?created_at=gt.${enc(p)}` }),
  },
  {
    name: 'enum value',
    expect: '4xx',
    request: (p) => ({ target: `topologies?source=eq.${enc(p)}` }),
  },
  {
    name: 'is value',
    expect: '4xx',
    request: (p) => ({ target: `people?name=is.${enc(p)}` }),
  },
  // Text values are data: matched literally.
  {
    name: 'text value (eq)',
    expect: (p) => (hasNul(p) ? '4xx' : 'empty'),
    request: (p) => ({ target: `people?name=eq.${enc(p)}` }),
  },
  {
    name: 'text value (neq on an empty set)',
    expect: (p) => (hasNul(p) ? '4xx' : 'empty'),
    request: (p) => ({ target: `people?name=eq.nobody&email=neq.${enc(p)}` }),
  },
  {
    name: 'JSON key in a filter',
    expect: (p) => (hasNul(p) ? '4xx' : 'empty-or-4xx'),
    request: (p) => ({ target: `canaries?labels->>${enc(p)}=eq.zz` }),
  },
  {
    name: 'value in a logic tree',
    expect: (p) => (hasNul(p) ? '4xx' : 'empty-or-4xx'),
    request: (p) => ({ target: `people?or=(name.eq.${enc(p)},name.eq.nobody)` }),
  },
  { name: 'logic tree', expect: '4xx', request: (p) => ({ target: `people?or=(${enc(p)})` }) },
  {
    name: 'list .filter',
    expect: (p) => (hasNul(p) ? '4xx' : 'empty-or-4xx'),
    request: (p) => ({ target: `configs?status.filter=${enc(p)}&name=eq.nobody` }),
  },
  {
    name: 'date .filter',
    expect: '4xx',
    request: (p) => ({ target: `job_histories?created_at.filter=${enc(p)}` }),
  },
  { name: 'order', expect: '4xx', request: (p) => ({ target: `people?order=${enc(p)}` }) },
  {
    name: 'order direction',
    expect: '4xx',
    request: (p) => ({ target: `people?order=name.${enc(p)}` }),
  },
  {
    name: 'embedded order',
    expect: '4xx',
    request: (p) => ({ target: `incidents?select=id,hypotheses(id)&hypotheses.order=${enc(p)}` }),
  },
  { name: 'limit', expect: '4xx', request: (p) => ({ target: `people?limit=${enc(p)}` }) },
  { name: 'offset', expect: '4xx', request: (p) => ({ target: `people?offset=${enc(p)}` }) },
  {
    name: 'on_conflict',
    expect: '4xx',
    request: (p) => ({
      method: 'POST',
      target: `properties?on_conflict=${enc(p)}`,
      headers: { prefer: 'resolution=merge-duplicates' },
      body: { name: 'incidents.disable', value: 'pwned' },
    }),
  },
  {
    name: 'columns=',
    expect: '4xx',
    request: (p) => ({
      method: 'POST',
      target: `properties?columns=name,${enc(p)}`,
      body: { name: 'inj', value: 'x' },
    }),
  },
  { name: 'RPC name', expect: '4xx', request: (p) => ({ target: `rpc/${enc(p)}` }) },
  {
    name: 'RPC uuid argument',
    expect: '4xx',
    request: (p) => ({ target: `rpc/related_configs?config_id=${enc(p)}` }),
  },
  {
    name: 'RPC integer argument',
    expect: '4xx',
    request: (p) => ({ target: `rpc/add_numbers?a=${enc(p)}` }),
  },
  {
    name: 'RPC argument name (GET)',
    expect: '4xx',
    request: (p) => ({ target: `rpc/add_numbers?a=1&${enc(p)}=1` }),
  },
  {
    name: 'RPC argument name (POST)',
    expect: '4xx',
    request: (p) => ({ method: 'POST', target: 'rpc/add_numbers', body: { a: 1, [p]: 1 } }),
  },
  {
    name: 'RPC argument value (POST)',
    expect: '4xx',
    request: (p) => ({ method: 'POST', target: 'rpc/add_numbers', body: { a: p } }),
  },
  {
    name: 'PATCH filter column',
    expect: '4xx',
    request: (p) => ({
      method: 'PATCH',
      target: `properties?${enc(p)}=eq.x`,
      body: { value: 'x' },
    }),
  },
  {
    name: 'DELETE uuid filter value',
    expect: '4xx',
    request: (p) => ({ method: 'DELETE', target: `people?id=eq.${enc(p)}` }),
  },
  {
    name: 'DELETE text filter value (nothing matches)',
    expect: (p) => (hasNul(p) ? '4xx' : 'below-500'),
    request: (p) => ({ method: 'DELETE', target: `properties?name=eq.${enc(p)}` }),
  },
  {
    name: 'body key (POST)',
    expect: '4xx',
    request: (p) => ({
      method: 'POST',
      target: 'properties',
      body: { name: 'inj', value: 'x', [p]: 1 },
    }),
  },
  {
    name: 'body key (PATCH)',
    expect: '4xx',
    request: (p) => ({ method: 'PATCH', target: 'properties?name=eq.inj', body: { [p]: 1 } }),
  },
  {
    name: 'uuid body value',
    expect: '4xx',
    request: (p) => ({ method: 'POST', target: 'people', body: { id: p, name: 'inj' } }),
  },
  {
    name: 'enum body value',
    expect: '4xx',
    request: (p) => ({
      method: 'POST',
      target: 'notifications',
      body: { title: 'inj', source: p },
    }),
  },
  {
    name: 'PATCH uuid body value',
    expect: '4xx',
    request: (p) => ({
      method: 'PATCH',
      target: `agents?id=eq.${ID('a1')}`,
      body: { created_by: p },
    }),
  },
  // Headers: unknown preferences and non-item ranges are ignored (PostgREST), so below 500.
  {
    name: 'Prefer',
    expect: 'below-500',
    request: (p) => ({ target: 'people?limit=1', headers: { prefer: p } }),
  },
  {
    name: 'Prefer on a write',
    expect: 'below-500',
    request: (p) => ({
      method: 'PATCH',
      target: 'properties?name=eq.__none__',
      headers: { prefer: p },
      body: { value: 'x' },
    }),
  },
  {
    name: 'Range',
    expect: 'below-500',
    request: (p) => ({ target: 'people', headers: { range: p } }),
  },
  {
    name: 'Range-Unit',
    expect: 'below-500',
    request: (p) => ({ target: 'people', headers: { range: '0-1', 'range-unit': p } }),
  },
  { name: 'Accept', expect: '4xx', request: (p) => ({ target: 'people', headers: { accept: p } }) },
];

/** Define the corpus suite on one database; `open` returns a fresh, empty database. */
export function defineInjectionSuite(label: string, open: () => Promise<Db>): void {
  describe(`SQL-injection corpus in every parameter position on ${label}`, () => {
    let raw: Db;
    let engine: Engine;
    const log: string[] = [];
    let policy: StatementPolicy;
    let tables: string[] = [];

    async function checksum(): Promise<Record<string, string>> {
      const sums: Record<string, string> = {};
      for (const table of tables) {
        // Table names come from the catalog of the fixture, not from a request.
        const result = await raw.query<{ sum: string }>(
          `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${table}" t`,
        );
        sums[table] = result.rows[0]?.sum ?? '';
      }
      return sums;
    }

    beforeAll(async () => {
      raw = await open();
      await raw.exec(FIXTURE_SQL);
      engine = await createEngine({ db: recordingDb(raw, log), statementTimeoutMs: 10_000 });
      const rels = await raw.query<{ name: string; kind: string }>(
        `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v')
         UNION ALL SELECT p.proname, 'f' FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public'`,
      );
      tables = rels.rows
        .filter((row) => row.kind === 'r')
        .map((row) => row.name)
        .sort();
      const types = await raw.query<{ type: string }>(
        `SELECT DISTINCT format_type(t.oid, NULL) AS type FROM pg_type t`,
      );
      policy = {
        schema: 'public',
        names: new Set(rels.rows.map((row) => row.name)),
        typeWords: new Set(
          types.rows.flatMap((row) => row.type.toLowerCase().split(/[^a-z0-9_]+/)),
        ),
      };
    });

    afterAll(async () => {
      await raw.close();
    });

    async function call(position: Position, payload: string): Promise<DbResponse> {
      const { method = 'GET', target, headers = {}, body } = position.request(payload);
      const q = target.indexOf('?');
      log.length = 0;
      const response = await engine.handle(
        {
          method,
          path: q < 0 ? target : target.slice(0, q),
          rawQuery: q < 0 ? '' : target.slice(q + 1),
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        () => undefined,
      );
      for (const sql of log) checkStatement(sql, policy);
      return response;
    }

    it(`${INJECTION_PAYLOADS.length} payloads × ${POSITIONS.length} positions: no 5xx, 4xx where required, nothing changed`, async () => {
      const before = await checksum();
      const failures: string[] = [];
      let requests = 0;
      for (const position of POSITIONS) {
        for (const payload of INJECTION_PAYLOADS) {
          const response = await call(position, payload);
          requests += 1;
          const expected =
            typeof position.expect === 'function' ? position.expect(payload) : position.expect;
          const status = response.status;
          const is4xx = status >= 400 && status < 500;
          let ok = status < 500;
          if (expected === '4xx') ok = is4xx;
          else if (expected === 'empty') ok = status === 200 && response.body === '[]';
          else if (expected === 'empty-or-4xx') {
            ok = (status === 200 && response.body === '[]') || is4xx;
          }
          if (!ok) {
            failures.push(
              `${position.name} ${JSON.stringify(payload)} → ${status} ${response.body.slice(0, 200)} (expected ${expected})`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect(requests).toBe(POSITIONS.length * INJECTION_PAYLOADS.length);
      expect(await checksum()).toEqual(before);
    });

    it('text body values are stored literally and read back unchanged, then removed', async () => {
      const before = await checksum();
      for (const payload of INJECTION_PAYLOADS) {
        const created = await call(
          {
            name: 'text body value',
            expect: 'below-500',
            request: (p) => ({
              method: 'POST',
              target: 'properties?select=name,value',
              headers: { prefer: 'return=representation' },
              body: { name: `inj:${p}`, value: p },
            }),
          },
          payload,
        );
        if (hasNul(payload)) {
          expect(created.status, JSON.stringify(payload)).toBe(400);
          continue;
        }
        expect(created.status, JSON.stringify(payload)).toBe(201);
        expect(JSON.parse(created.body)).toEqual([{ name: `inj:${payload}`, value: payload }]);
        const read = await call(
          {
            name: 'read back',
            expect: 'below-500',
            request: (p) => ({ target: `properties?select=value&name=eq.${enc(`inj:${p}`)}` }),
          },
          payload,
        );
        expect(JSON.parse(read.body)).toEqual([{ value: payload }]);
        const removed = await call(
          {
            name: 'remove',
            expect: 'below-500',
            request: (p) => ({
              method: 'DELETE',
              target: `properties?name=eq.${enc(`inj:${p}`)}&value=eq.${enc(p)}`,
              headers: { prefer: 'return=representation' },
            }),
          },
          payload,
        );
        expect(JSON.parse(removed.body), JSON.stringify(payload)).toHaveLength(1);
      }
      expect(await checksum()).toEqual(before);
    });
  });
}
