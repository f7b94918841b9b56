/**
 * The engine's per-request column masks (server/src/postgrest/types.ts ColumnMasks): a masked
 * column is read through its function wherever the request reads the relation — the root, an
 * embed, an `!inner` test, RPC results, a write's returned rows — so projection, filters, order,
 * counts and CSV see only the masked value, and a filter cannot be used to test the hidden one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/db/pglite';
import type { Db } from '../../src/db/types';
import { createEngine, type Engine } from '../../src/postgrest/engine';
import type { Authorize, ColumnMasks, DbMethod, DbResponse } from '../../src/postgrest/types';

const SCHEMA = `
CREATE FUNCTION hide_text(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN NULL ELSE 'hidden' END $$;
CREATE FUNCTION hide_doc(doc jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN doc IS NULL THEN NULL ELSE jsonb_build_object('url', 'hidden') END $$;
CREATE FUNCTION two_args(a text, b text) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT a $$;
CREATE TABLE vaults (
  id integer PRIMARY KEY,
  name text NOT NULL,
  secret text,
  doc jsonb
);
CREATE TABLE keys (
  id integer PRIMARY KEY,
  vault_id integer NOT NULL REFERENCES vaults (id),
  token text
);
CREATE FUNCTION vaults_named(prefix text) RETURNS SETOF vaults LANGUAGE sql STABLE AS $$
  SELECT * FROM vaults WHERE name LIKE prefix || '%' $$;
INSERT INTO vaults VALUES
  (1, 'alpha', 's3cr3t-a', '{"url": "http://user:pass@a/"}'),
  (2, 'beta', 's3cr3t-b', '{"url": "http://user:pass@b/"}');
INSERT INTO keys VALUES (10, 1, 'tok-1'), (11, 2, 'tok-2');
`;

const MASKS: ColumnMasks = new Map([
  [
    'vaults',
    new Map([
      ['secret', 'hide_text'],
      ['doc', 'hide_doc'],
    ]),
  ],
  ['keys', new Map([['token', 'hide_text']])],
]);

let db: Db;
let engine: Engine;
const allow: Authorize = () => undefined;

beforeAll(async () => {
  db = await openPglite();
  await db.exec(SCHEMA);
  engine = await createEngine({ db });
});
afterAll(async () => db.close());

function call(
  method: DbMethod,
  target: string,
  options: { masks?: ColumnMasks; headers?: Record<string, string>; body?: unknown } = {},
): Promise<DbResponse> {
  const q = target.indexOf('?');
  return engine.handle(
    {
      method,
      path: q < 0 ? target : target.slice(0, q),
      rawQuery: q < 0 ? '' : target.slice(q + 1),
      headers: options.headers ?? {},
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    },
    allow,
    { masks: options.masks ?? MASKS },
  );
}

async function rows(target: string, masks: ColumnMasks = MASKS): Promise<unknown[]> {
  const response = await call('GET', target, { masks });
  expect(response.status, response.body).toBeLessThan(300);
  return JSON.parse(response.body) as unknown[];
}

describe('column masks', () => {
  it('without masks the values are read as stored (control)', async () => {
    expect(await rows('vaults?id=eq.1&select=secret,doc', new Map())).toEqual([
      { secret: 's3cr3t-a', doc: { url: 'http://user:pass@a/' } },
    ]);
  });

  it('masks the root: star, named columns and JSON paths', async () => {
    expect(await rows('vaults?order=id')).toEqual([
      { id: 1, name: 'alpha', secret: 'hidden', doc: { url: 'hidden' } },
      { id: 2, name: 'beta', secret: 'hidden', doc: { url: 'hidden' } },
    ]);
    expect(await rows('vaults?id=eq.1&select=url:doc->>url,secret::text')).toEqual([
      { url: 'hidden', secret: 'hidden' },
    ]);
  });

  it('filters, or-trees and counts see only the masked value (no oracle)', async () => {
    expect(await rows('vaults?secret=eq.s3cr3t-a')).toEqual([]);
    expect(await rows('vaults?secret=like.s3cr3t*')).toEqual([]);
    expect(await rows('vaults?doc->>url=like.*pass*')).toEqual([]);
    expect(await rows('vaults?or=(secret.eq.s3cr3t-a,doc->>url.ilike.*pass*)')).toEqual([]);
    expect(await rows('vaults?doc=cs.{"url":"http://user:pass@a/"}')).toEqual([]);
    expect(await rows('vaults?secret=eq.hidden&select=id&order=id')).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    const counted = await call('HEAD', 'vaults?secret=like.s3cr*', {
      headers: { prefer: 'count=exact' },
    });
    expect(counted.headers['content-range']).toBe('*/0');
  });

  it('orders by the masked value', async () => {
    // Both rows mask to the same value: the order falls through to the next term.
    expect(await rows('vaults?select=id&order=secret.desc,id.desc')).toEqual([
      { id: 2 },
      { id: 1 },
    ]);
  });

  it('masks embedded relations, their filters and !inner tests', async () => {
    expect(await rows('vaults?id=eq.1&select=id,keys(token)')).toEqual([
      { id: 1, keys: [{ token: 'hidden' }] },
    ]);
    expect(await rows('keys?id=eq.10&select=id,vaults(secret,doc)')).toEqual([
      { id: 10, vaults: { secret: 'hidden', doc: { url: 'hidden' } } },
    ]);
    expect(await rows('vaults?select=id,keys!inner(id)&keys.token=eq.tok-1')).toEqual([]);
    expect(await rows('vaults?select=id,keys(id)&keys.token=eq.tok-1&id=eq.1')).toEqual([
      { id: 1, keys: [] },
    ]);
    expect(await rows('keys?select=id,vaults!inner(id)&vaults.secret=like.s3*')).toEqual([]);
  });

  it('masks CSV', async () => {
    const response = await call('GET', 'vaults?id=eq.1&select=name,secret,doc', {
      headers: { accept: 'text/csv' },
    });
    expect(response.status).toBe(200);
    expect(response.body).not.toContain('s3cr3t');
    expect(response.body).not.toContain('pass');
    expect(response.body).toContain('hidden');
  });

  it('masks the rows of an RPC returning a masked relation', async () => {
    expect(await rows('rpc/vaults_named?prefix=al&select=name,secret')).toEqual([
      { name: 'alpha', secret: 'hidden' },
    ]);
    expect(await rows('rpc/vaults_named?prefix=al&secret=eq.s3cr3t-a')).toEqual([]);
  });

  it('masks the representation a write returns, and stores what was sent', async () => {
    const created = await call('POST', 'vaults?select=id,secret', {
      headers: { prefer: 'return=representation' },
      body: { id: 3, name: 'gamma', secret: 'plain-3' },
    });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body)).toEqual([{ id: 3, secret: 'hidden' }]);
    const stored = await db.query<{ secret: string }>('SELECT secret FROM vaults WHERE id = 3');
    expect(stored.rows[0]?.secret).toBe('plain-3');
    const patched = await call('PATCH', 'vaults?id=eq.3&select=secret,keys(token)', {
      headers: { prefer: 'return=representation' },
      body: { secret: 'plain-4' },
    });
    expect(JSON.parse(patched.body)).toEqual([{ secret: 'hidden', keys: [] }]);
  });

  it('fails closed (500, no rows) on a mask that is not a one-argument schema function', async () => {
    for (const fn of ['no_such_function', 'two_args']) {
      const response = await call('GET', 'vaults', {
        masks: new Map([['vaults', new Map([['secret', fn]])]]),
      });
      expect(response.status, fn).toBe(500);
      expect(response.body).not.toContain('s3cr3t');
    }
    const unknownColumn = await call('GET', 'vaults', {
      masks: new Map([['vaults', new Map([['nope', 'hide_text']])]]),
    });
    expect(unknownColumn.status).toBe(500);
  });
});
