/**
 * Property (fuzz) test of the engine: over 100,000 generated requests — random and hostile query
 * strings, Prefer/Accept/Range headers, JSON bodies, every method, relations and RPC — against
 * the fixture on PGlite. For every request:
 * - the status is never a 5xx (503/504 would be deliberate timeouts; none occur here);
 * - every error body is PostgREST JSON with exactly `code`, `message`, `details`, `hint`;
 * - every statement the engine sent passes the structural check of statement-guard.ts (only
 *   introspected relations and functions, request text only as bind parameters or quoted
 *   identifiers, one statement).
 * Most cases fail in the parsers (cheap); a large share reaches the database (counted).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';
import type { DbMethod, DbRequest } from '../../src/postgrest/types';
import { FIXTURE_SQL } from './harness';
import { INJECTION_PAYLOADS } from './injection-corpus';
import { checkStatement, recordingDb, type StatementPolicy } from './statement-guard';

const ID = (suffix: string) => `00000000-0000-0000-0000-${suffix.padStart(12, '0')}`;
const KNOWN_IDS = ['0', 'e1', 'e2', 'd1', '101', '401', '501', 'c1', 'f1', 'a1'].map(ID);

const OPS = [
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
  'in',
  'is',
  'isdistinct',
  'cs',
  'cd',
  'ov',
  'not.eq',
  'not.in',
  'not.like',
  'not.is',
  'zz',
  '',
  'fts',
];
const VALUES = [
  '1',
  '0',
  '-1',
  'true',
  'false',
  't',
  'f',
  'null',
  'not_null',
  'unknown',
  'now()',
  '(a,b)',
  '("a,b",c)',
  '()',
  '{a}',
  '{}',
  '{"a":1}',
  '[1,2]',
  '2024-10-21T00:00:00Z',
  '2024-10-21',
  '',
  '*',
  '*a*',
  '%',
  '%zz',
  '\\',
  '"',
  '99999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '\u00e9\u4e2d\ud83d\ude00',
  'homepage',
  'web-deploy',
  'Alice',
  ...KNOWN_IDS,
];
const CHARS = '(),.!:"\'*;&=%\\->< ?+/{}[]#abc01_$\u0000\u2019'.split('');
const PREFER = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'tx=rollback',
  'handling=strict',
  'missing=default',
  'count=',
  'return',
  ';',
  ',,',
  'count=exact; return=representation',
];
const ACCEPT = [
  'application/json',
  'text/csv',
  'application/vnd.pgrst.object+json',
  '*/*',
  'text/*',
  'application/xml',
  'text/html,*/*;q=0.8',
  'text/csv;q=0',
  'application/json;q=abc',
  ';;,',
  'application/vnd.pgrst.object',
  'application/vnd.pgrst.plan+json',
  '',
];
const RANGES = [
  '0-9',
  '5-',
  '10-2',
  '0-0',
  'items=0-4',
  'bytes=0-1',
  '-5',
  'a-b',
  '999999999999999-',
  '',
];

interface Stats {
  cases: number;
  reached: number;
  statements: number;
  byStatus: Map<number, number>;
}

interface ColumnInfo {
  name: string;
  type: string;
}

describe('engine property: hostile input never produces a 5xx or foreign SQL', () => {
  let raw: Db;
  let engine: Engine;
  const log: string[] = [];
  const stats: Stats = { cases: 0, reached: 0, statements: 0, byStatus: new Map() };
  let policy: StatementPolicy;
  const columns = new Map<string, ColumnInfo[]>();
  const embeds = new Map<string, string[]>();
  let relations: string[] = [];
  let functions: { name: string; args: ColumnInfo[] }[] = [];
  const started = performance.now();

  beforeAll(async () => {
    raw = await openPglite();
    await raw.exec(FIXTURE_SQL);
    const db = recordingDb(raw, log);
    engine = await createEngine({ db, maxRows: 50, statementTimeoutMs: 10_000 });
    const cols = await raw.query<{ relname: string; attname: string; type: string }>(
      `SELECT c.relname, a.attname, format_type(a.atttypid, NULL) AS type FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v') AND a.attnum > 0 AND NOT a.attisdropped
       ORDER BY c.relname, a.attnum`,
    );
    for (const row of cols.rows) {
      const list = columns.get(row.relname) ?? [];
      list.push({ name: row.attname, type: row.type });
      columns.set(row.relname, list);
    }
    relations = [...columns.keys()];
    const fns = await raw.query<{ name: string; args: string | null; types: string }>(
      `SELECT p.proname AS name, array_to_string(p.proargnames, ',') AS args,
         (SELECT string_agg(format_type(t, NULL), ',') FROM unnest(p.proargtypes) AS t) AS types
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
    );
    functions = fns.rows.map((row) => {
      const names = (row.args ?? '').split(',').filter(Boolean);
      const types = (row.types ?? '').split(',');
      return { name: row.name, args: names.map((name, i) => ({ name, type: types[i] ?? 'text' })) };
    });
    const typeWords = new Set<string>();
    const types = await raw.query<{ type: string }>(
      `SELECT DISTINCT format_type(t.oid, NULL) AS type FROM pg_type t`,
    );
    for (const row of types.rows) {
      for (const word of row.type.toLowerCase().split(/[^a-z0-9_]+/)) if (word) typeWords.add(word);
    }
    policy = {
      schema: 'public',
      names: new Set([...relations, ...functions.map((fn) => fn.name)]),
      typeWords,
    };
    // Embeds that resolve, found by asking the engine itself (keeps most generated selects valid).
    for (const parent of relations) {
      const found: string[] = [];
      for (const child of [...relations, ...(columns.get(parent) ?? []).map((c) => c.name)]) {
        const response = await engine.handle(
          {
            method: 'GET',
            path: parent,
            rawQuery: `select=x:${child}(*)&limit=0`,
            headers: {},
            body: undefined,
          },
          () => undefined,
        );
        if (response.status === 200) found.push(child);
      }
      embeds.set(parent, found);
    }
    log.length = 0;
  });

  afterAll(async () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const statuses = [...stats.byStatus].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`);
    console.log(
      `engine fuzz: ${stats.cases} cases in ${seconds} s; ${stats.reached} reached the database ` +
        `(${stats.statements} statements checked); statuses ${statuses.join(' ')}`,
    );
    await raw.close();
  });

  /** Send one request and check the three properties. */
  async function send(req: DbRequest): Promise<void> {
    log.length = 0;
    const response = await engine.handle(req, () => undefined);
    stats.cases += 1;
    stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
    const where = () =>
      `${req.method} ${req.path}?${req.rawQuery} ${JSON.stringify(req.headers)} ${req.body ?? ''} → ${response.status} ${response.body.slice(0, 500)}`;
    if (log.length > 0) stats.reached += 1;
    for (const sql of log) {
      stats.statements += 1;
      try {
        checkStatement(sql, policy);
      } catch (error) {
        throw new Error(`${String(error)}\n  request: ${where()}`);
      }
    }
    if (response.status >= 500 && response.status !== 503 && response.status !== 504) {
      throw new Error(`5xx: ${where()}`);
    }
    // The one non-JSON-error 4xx the contract fixes: an offset beyond the total is 416 `[]`.
    const emptyPage = response.status === 416 && response.body === '[]';
    if (
      !emptyPage &&
      response.status >= 400 &&
      response.body !== '' &&
      response.headers['content-type']?.startsWith('application/json')
    ) {
      const body = JSON.parse(response.body) as Record<string, unknown>;
      const keys = Object.keys(body).sort().join(',');
      if (
        keys !== 'code,details,hint,message' ||
        typeof body.code !== 'string' ||
        typeof body.message !== 'string'
      ) {
        throw new Error(`not a PostgREST error body: ${where()}`);
      }
    } else if (!emptyPage && response.status >= 400 && response.body !== '') {
      throw new Error(`an error that is not JSON: ${where()}`);
    } else if (
      response.status < 300 &&
      response.body !== '' &&
      response.headers['content-type']?.startsWith('application/json')
    ) {
      JSON.parse(response.body);
    }
  }

  const hostile = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...VALUES) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTION_PAYLOADS) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...CHARS), maxLength: 8 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
  const encoded = fc
    .tuple(hostile, fc.nat(9))
    .map(([value, mode]) => (mode < 7 ? encodeURIComponent(value) : value.replace(/[&#]/g, '')));

  const headers = fc.record(
    {
      prefer: fc.oneof(
        fc.constantFrom(...PREFER),
        fc.array(fc.constantFrom(...PREFER), { maxLength: 3 }).map((list) => list.join(', ')),
        hostile,
      ),
      accept: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom('application/json', '*/*', 'text/csv') },
        { weight: 2, arbitrary: fc.constantFrom(...ACCEPT) },
        { weight: 1, arbitrary: hostile },
      ),
      range: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...RANGES) },
        { weight: 1, arbitrary: hostile },
      ),
      'range-unit': fc.constantFrom('items', 'bytes', 'x'),
    },
    { requiredKeys: [] },
  );

  const soupFragment = fc.oneof(
    fc.constantFrom(
      'select=',
      'order=',
      'or=(',
      'and=(',
      'not.or=(',
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
      '!inner',
      'columns=',
      'on_conflict=',
      '*',
      'id',
      'name',
      'labels',
      'status',
      'created_at',
      'config_id',
      'agents',
      'created_by',
      'hypotheses',
      'evidences',
      '.eq.',
      '.in.',
      'eq.',
      'in.(',
      'is.null',
      '%',
      '%2',
      '%zz',
      '+',
    ),
    fc.constantFrom(...OPS),
    encoded,
  );
  const soup = fc.oneof(
    {
      weight: 5,
      arbitrary: fc.array(soupFragment, { maxLength: 14 }).map((parts) => parts.join('')),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  );
  const anyPath = () =>
    fc.oneof(
      {
        weight: 8,
        arbitrary: fc.constantFrom(...relations, ...functions.map((fn) => `rpc/${fn.name}`)),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom('nope', 'rpc/nope', 'pg_class', 'people/x', '%zz', 'rpc/', ''),
      },
      { weight: 1, arbitrary: hostile },
    );
  const method = fc.constantFrom<DbMethod>('GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE');
  const jsonBody = fc.oneof(
    fc.constant(undefined),
    fc.json({ maxDepth: 2 }),
    fc.string({ maxLength: 20 }),
    fc.constantFrom('{', '[]', '[{}]', 'null', '{"a":', '[1]', '""'),
  );

  /** A value plausible for a column type (or hostile), URL-encoded. */
  function valueFor(type: string) {
    const typed =
      type === 'uuid'
        ? fc.oneof(fc.constantFrom(...KNOWN_IDS), fc.uuid())
        : /int|numeric|double|real/.test(type)
          ? fc.integer({ min: -1000, max: 100_000 }).map(String)
          : type === 'boolean'
            ? fc.constantFrom('true', 'false', '1', '0', 't', 'f')
            : type.startsWith('timestamp')
              ? fc
                  .date({
                    min: new Date('2020-01-01'),
                    max: new Date('2030-01-01'),
                    noInvalidDate: true,
                  })
                  .map((d) => d.toISOString())
              : type === 'jsonb' || type === 'json'
                ? fc.constantFrom('{"tier":"backend"}', '{}', '[]', '"x"', '1')
                : type.endsWith('[]')
                  ? fc.constantFrom('{prod}', '{}', '{a,b}')
                  : fc.string({ maxLength: 10 });
    return fc
      .oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: hostile })
      .map(encodeURIComponent);
  }

  /** A mostly valid query against `relation`: select with embeds, filters, trees, order, paging. */
  function structuredQuery(relation: string) {
    const cols = columns.get(relation) ?? [{ name: 'id', type: 'uuid' }];
    const names = cols.map((c) => c.name);
    const children = embeds.get(relation) ?? [];
    const column = fc.constantFrom(...cols);
    const filter = column.chain((col) =>
      fc
        .tuple(fc.constantFrom(...OPS.slice(0, 18)), valueFor(col.type), fc.nat(9))
        .map(([op, value, mode]) => {
          if (op === 'in' || op === 'not.in') return `${col.name}=${op}.(${value},${value})`;
          if (op === 'is' || op === 'not.is')
            return `${col.name}=${op}.${mode < 5 ? 'null' : 'true'}`;
          if (mode === 0 && /json/.test(col.type)) return `${col.name}->>tier=${op}.${value}`;
          return `${col.name}=${op}.${value}`;
        }),
    );
    const tree = fc
      .tuple(
        fc.constantFrom('or', 'and', 'not.or'),
        fc.array(column, { minLength: 1, maxLength: 3 }),
        valueFor('text'),
      )
      .map(([op, cs, value]) => `${op}=(${cs.map((c) => `${c.name}.eq.${value}`).join(',')})`);
    const select = fc
      .tuple(
        fc.subarray(names, { maxLength: Math.min(4, names.length) }),
        fc.subarray(children, { maxLength: Math.min(2, children.length) }),
        fc.boolean(),
      )
      .map(([picked, embedded, star]) =>
        [
          star || picked.length === 0 ? '*' : picked.join(','),
          ...embedded.map((e, i) => `e${i}:${e}(*)`),
        ].join(','),
      );
    const order = fc
      .tuple(column, fc.constantFrom('', '.asc', '.desc', '.desc.nullslast', '.nullsfirst'))
      .map(([c, dir]) => `order=${c.name}${dir}`);
    const paging = fc
      .tuple(fc.nat(60), fc.nat(40))
      .map(([limit, offset]) => `limit=${limit}&offset=${offset}`);
    return fc
      .tuple(
        select,
        fc.array(filter, { maxLength: 3 }),
        fc.option(tree, { nil: undefined }),
        fc.option(order, { nil: undefined }),
        fc.option(paging, { nil: undefined }),
      )
      .map(([s, filters, t, o, p]) =>
        [`select=${encodeURIComponent(s)}`, ...filters, t, o, p].filter(Boolean).join('&'),
      );
  }

  const guardedWrite = () =>
    fc
      .constantFrom('properties', 'notifications', 'people', 'team_members', 'incidents', 'configs')
      .chain((relation) => {
        const cols = columns.get(relation) ?? [];
        const body = fc
          .array(
            fc.dictionary(
              fc.oneof(
                { weight: 6, arbitrary: fc.constantFrom(...cols.map((c) => c.name)) },
                { weight: 1, arbitrary: hostile },
              ),
              fc.oneof(
                fc.jsonValue({ maxDepth: 1 }),
                hostile,
                fc.constantFrom('now()', null, ...KNOWN_IDS),
              ),
              { maxKeys: 4 },
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((rows) => JSON.stringify(rows.length === 1 ? rows[0] : rows));
        return fc.tuple(
          fc.constant(relation),
          fc.constantFrom<DbMethod>('POST', 'PATCH', 'DELETE'),
          body,
          structuredQuery(relation),
          fc.constantFrom(undefined, 'name', 'id', 'email', 'name,value', 'nope', "x'"),
          fc.constantFrom(undefined, 'name,value', 'title', 'nope', 'name"'),
        );
      });

  it('the statement check itself rejects foreign SQL', () => {
    const ok =
      'SELECT t0.* FROM "public"."people" AS t0 WHERE t0."name" = $1::text LIMIT $2::text::int8';
    expect(() => checkStatement(ok, policy)).not.toThrow();
    for (const bad of [
      `${ok}; DROP TABLE people`,
      `${ok} -- comment`,
      'SELECT * FROM pg_shadow',
      'SELECT * FROM "pg_catalog"."pg_class"',
      'SELECT * FROM "public"."nope"',
      'SELECT t0.* FROM "people" AS t0',
      'SELECT \'x\' || t0.name FROM "public"."people" AS t0',
      'SELECT pg_sleep(1)',
      'SELECT "pg_sleep"(1)',
      'SELECT 1 UNION SELECT 2',
      'DROP TABLE "public"."people"',
    ]) {
      expect(() => checkStatement(bad, policy), bad).toThrow();
    }
  });

  it('parse-level soup: random query strings, paths, methods, headers and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        anyPath(),
        soup,
        method,
        headers,
        jsonBody,
        async (path, rawQuery, m, hdrs, body) => {
          // Writes are confined to rows no fixture row matches.
          const query = m === 'PATCH' || m === 'DELETE' ? `${rawQuery}&name=eq.__fuzz__` : rawQuery;
          await send({
            method: m,
            path,
            rawQuery: query,
            headers: hdrs,
            body: m === 'GET' || m === 'HEAD' ? undefined : body,
          });
        },
      ),
      { numRuns: 45_000 },
    );
  }, 600_000);

  it('structured reads that reach the database, with hostile values and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...relations).chain((r) => fc.tuple(fc.constant(r), structuredQuery(r))),
        fc.constantFrom<DbMethod>('GET', 'GET', 'GET', 'HEAD'),
        headers,
        async ([relation, rawQuery], m, hdrs) => {
          await send({ method: m, path: relation, rawQuery, headers: hdrs, body: undefined });
        },
      ),
      { numRuns: 32_000 },
    );
  }, 600_000);

  it('RPC over GET and POST with typed, hostile and unknown arguments', async () => {
    const call = fc.constantFrom(...functions.filter((fn) => fn.name !== 'pause')).chain((fn) =>
      fc.tuple(
        fc.constant(fn),
        fc.array(
          fc.oneof(
            {
              weight: 5,
              arbitrary: fc
                .constantFrom(...fn.args, { name: 'extra', type: 'text' })
                .chain((a) => valueFor(a.type).map((v): [string, string] => [a.name, v])),
            },
            {
              weight: 1,
              arbitrary: fc
                .tuple(hostile.map(encodeURIComponent), encoded)
                .map(([k, v]): [string, string] => [k, v]),
            },
          ),
          { maxLength: 3 },
        ),
        fc.constantFrom(
          '',
          '&select=*',
          '&select=name&order=name.desc',
          '&limit=1',
          '&name=eq.db',
          '&status.filter=!Running',
          '&x=eq.1',
        ),
        fc.boolean(),
      ),
    );
    await fc.assert(
      fc.asyncProperty(call, headers, async ([fn, args, rest, post], hdrs) => {
        if (post) {
          const body = JSON.stringify(
            Object.fromEntries(args.map(([k, v]) => [decodeSafe(k), decodeSafe(v)])),
          );
          await send({
            method: 'POST',
            path: `rpc/${fn.name}`,
            rawQuery: rest.slice(1),
            headers: hdrs,
            body,
          });
        } else {
          const query = [...args.map(([k, v]) => `${k}=${v}`), rest.slice(1)]
            .filter(Boolean)
            .join('&');
          await send({
            method: 'GET',
            path: `rpc/${fn.name}`,
            rawQuery: query,
            headers: hdrs,
            body: undefined,
          });
        }
      }),
      { numRuns: 8_000 },
    );
  }, 600_000);

  it('writes: hostile bodies, columns=, on_conflict and Prefer, confined by a filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        guardedWrite(),
        headers,
        async ([relation, m, body, query, onConflict, cols], hdrs) => {
          const extra = [
            onConflict === undefined ? '' : `on_conflict=${encodeURIComponent(onConflict)}`,
            cols === undefined ? '' : `columns=${encodeURIComponent(cols)}`,
          ].filter(Boolean);
          // PATCH and DELETE touch only rows whose id no fixture row has.
          const guard = m === 'POST' ? [] : [`id=eq.${ID('fff')}`];
          const rawQuery = [query, ...extra, ...guard].join('&');
          await send({
            method: m,
            path: relation,
            rawQuery,
            headers: hdrs,
            body: m === 'DELETE' ? undefined : body,
          });
        },
      ),
      { numRuns: 15_000 },
    );
    // The fixture's people survive whatever the random writes did.
    const people = await raw.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM people WHERE email LIKE '%@example.com'`,
    );
    expect(people.rows[0]?.n).toBe(2);
  }, 600_000);

  it('ran at least 100,000 cases', () => {
    expect(stats.cases).toBeGreaterThanOrEqual(100_000);
    // A meaningful share reached the database.
    expect(stats.reached).toBeGreaterThan(stats.cases / 5);
  });
});

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
