/**
 * An upsert whose body names one row twice is the client's mistake (found by engine-property's
 * random cases: PostgreSQL's 21000 "ON CONFLICT DO UPDATE command cannot affect row a second
 * time" was answered 500): 400 with PostgreSQL's code, and nothing written.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';

let db: Db;
let engine: Engine;

beforeAll(async () => {
  db = await openPglite();
  await db.exec(`CREATE TABLE props (name text PRIMARY KEY, value text)`);
  engine = await createEngine({ db });
});
afterAll(async () => db.close());

const upsert = (rows: unknown) =>
  engine.handle(
    {
      method: 'POST',
      path: 'props',
      rawQuery: 'select=*',
      headers: { prefer: 'resolution=merge-duplicates', 'content-type': 'application/json' },
      body: JSON.stringify(rows),
    },
    () => undefined,
  );

it('refuses an upsert body that names one row twice with 400, writing nothing', async () => {
  const twice = await upsert([
    { name: 'a', value: "'" },
    { name: 'a', value: '' },
  ]);
  expect(twice.status).toBe(400);
  expect((JSON.parse(twice.body) as { code: string }).code).toBe('21000');
  expect((await db.query('SELECT * FROM props')).rows).toHaveLength(0);
  const once = await upsert([{ name: 'a', value: 'once' }]);
  expect(once.status).toBe(201);
});
