/**
 * Planned reads (server/src/postgrest/engine.ts): a GET or HEAD table read is parsed, planned and
 * rendered once per request shape and answered again from that plan. Whatever the statement
 * depends on is part of the shape: the URL, the method, Accept, Prefer, Range, the caller's masks
 * and whether a request role is set. These tests ask the same engine for shapes that differ in
 * exactly one of them and check each answer against a fresh engine's (nothing kept).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';
import type {
  Authorize,
  ColumnMasks,
  DbMethod,
  DbResponse,
  RelationAccess,
} from '../../src/postgrest/types';

const SCHEMA = `
CREATE FUNCTION hide_text(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN NULL ELSE 'hidden' END $$;
CREATE TABLE teams (id integer PRIMARY KEY, name text NOT NULL);
CREATE TABLE people (
  id integer PRIMARY KEY,
  name text NOT NULL,
  email text,
  team_id integer REFERENCES teams (id)
);
INSERT INTO teams VALUES (1, 'red'), (2, 'blue');
INSERT INTO people SELECT i, 'person ' || i, 'p' || i || '@example.com', 1 + i % 2
  FROM generate_series(1, 30) AS i;
`;

const HIDE_EMAIL: ColumnMasks = new Map([['people', new Map([['email', 'hide_text']])]]);

let db: Db;
let engine: Engine;
const allow: Authorize = () => undefined;

beforeAll(async () => {
  db = await openPglite();
  await db.exec(SCHEMA);
  engine = await createEngine({ db });
});
afterAll(async () => db.close());

interface Call {
  method?: DbMethod;
  headers?: Record<string, string>;
  masks?: ColumnMasks;
  authorize?: Authorize;
}

function call(target: Engine, url: string, options: Call = {}): Promise<DbResponse> {
  const q = url.indexOf('?');
  return target.handle(
    {
      method: options.method ?? 'GET',
      path: q < 0 ? url : url.slice(0, q),
      rawQuery: q < 0 ? '' : url.slice(q + 1),
      headers: options.headers ?? {},
      body: undefined,
    },
    options.authorize ?? allow,
    { masks: options.masks },
  );
}

/** The answer of a new engine, which has planned nothing yet. */
async function fresh(url: string, options: Call = {}): Promise<DbResponse> {
  return call(await createEngine({ db }), url, options);
}

describe('planned reads', () => {
  it('answers a repeated shape exactly as the first time', async () => {
    const url = 'people?select=id,name,team:teams(name)&id=lt.6&order=id.desc';
    const first = await call(engine, url);
    const again = await call(engine, url);
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(JSON.parse(again.body ?? '')).toHaveLength(5);
  });

  it('tells apart shapes that differ in one header or the method', async () => {
    const url = 'people?select=id,name&order=id&limit=10';
    const variants: Call[] = [
      {},
      { method: 'HEAD' },
      { headers: { range: '2-4' } },
      { headers: { range: '0-1', 'range-unit': 'items' } },
      { headers: { prefer: 'count=exact' } },
      { headers: { accept: 'text/csv' } },
      { headers: { accept: 'application/vnd.pgrst.object+json' } },
    ];
    // Each shape twice, interleaved with the others: every answer is its own shape's.
    for (let round = 0; round < 2; round += 1) {
      for (const variant of variants) {
        expect(await call(engine, url, variant)).toEqual(await fresh(url, variant));
      }
    }
    const counted = await call(engine, url, { headers: { prefer: 'count=exact' } });
    expect(counted.status).toBe(206);
    expect(counted.headers['content-range']).toBe('0-9/30');
    const ranged = await call(engine, url, { headers: { range: '2-4' } });
    expect(ranged.headers['content-range']).toBe('2-4/*');
    const head = await call(engine, url, { method: 'HEAD' });
    expect(head.body ?? '').toBe('');
  });

  it('keeps masks apart: the same URL read with and without a mask', async () => {
    const url = 'people?select=id,email&id=eq.3';
    for (let round = 0; round < 2; round += 1) {
      expect(JSON.parse((await call(engine, url)).body ?? '')).toEqual([
        { id: 3, email: 'p3@example.com' },
      ]);
      expect(JSON.parse((await call(engine, url, { masks: HIDE_EMAIL })).body ?? '')).toEqual([
        { id: 3, email: 'hidden' },
      ]);
      // Another object with the same masks is a shape of its own, and masked too.
      const copy: ColumnMasks = new Map([['people', new Map([['email', 'hide_text']])]]);
      expect(JSON.parse((await call(engine, url, { masks: copy })).body ?? '')).toEqual([
        { id: 3, email: 'hidden' },
      ]);
    }
  });

  it('asks the caller every time, also for a shape planned before', async () => {
    const url = 'people?select=id,team:teams(name)&id=eq.1';
    const seen: (readonly RelationAccess[])[] = [];
    const record: Authorize = (accesses) => {
      seen.push(accesses);
      return undefined;
    };
    await call(engine, url, { authorize: record });
    const refuse: Authorize = () => ({ status: 403, headers: {}, body: '{"message":"no"}' });
    const refused = await call(engine, url, { authorize: refuse });
    expect(refused.status).toBe(403);
    await call(engine, url, { authorize: record });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]!.map((access) => access.relation)).toEqual(['people', 'teams']);
  });

  it('answers errors every time and keeps nothing of them', async () => {
    for (let round = 0; round < 2; round += 1) {
      const missing = await call(engine, 'people?select=nope');
      expect(missing.status).toBe(400);
      expect(JSON.parse(missing.body ?? '').code).toBe('42703');
    }
    // A planned count asks the planner every time (its statement depends on the estimate).
    const planned = await call(engine, 'people?select=id&limit=2', {
      headers: { prefer: 'count=planned' },
    });
    expect(planned.status).toBe(206);
  });

  it('forgets every plan when the schema cache is reloaded', async () => {
    const local = await createEngine({ db });
    await db.exec(`CREATE TABLE notes (id integer PRIMARY KEY, body text)`);
    await db.exec(`INSERT INTO notes VALUES (1, 'one')`);
    await local.reload();
    expect(JSON.parse((await call(local, 'notes')).body ?? '')).toEqual([{ id: 1, body: 'one' }]);
    await db.exec(`ALTER TABLE notes ADD COLUMN tag text DEFAULT 'x'`);
    await local.reload();
    expect(JSON.parse((await call(local, 'notes')).body ?? '')).toEqual([
      { id: 1, body: 'one', tag: 'x' },
    ]);
  });

  it('answers more shapes than it keeps, each correctly', async () => {
    // Beyond the kept number (512) the oldest go; every answer stays its own.
    for (let id = 1; id <= 600; id += 1) {
      const response = await call(engine, `people?select=id&id=eq.${(id % 30) + 1}&limit=${id}`);
      expect(JSON.parse(response.body ?? '')).toEqual([{ id: (id % 30) + 1 }]);
    }
    const response = await call(engine, 'people?select=id&id=eq.2&limit=1');
    expect(JSON.parse(response.body ?? '')).toEqual([{ id: 2 }]);
  });
});
