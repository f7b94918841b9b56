/**
 * `/api/db` reads carry a weak ETag and answer If-None-Match with 304 (the incident workspace
 * polls every 2 s), over real HTTP through the app with its compression; HEAD and Content-Range
 * keep their PostgREST meaning.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb } from './fixtures/app';

let db: Db;
let server: ServerType;
let base = '';
let token = '';
let incident = '';

function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return fetch(`${base}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...headers },
  });
}

beforeAll(async () => {
  db = await openTestDb();
  const person = await db.query<{ id: string }>(
    `INSERT INTO people (name, email) VALUES ('Etag Admin', 'etag@example.com') RETURNING id`,
  );
  const admin = person.rows[0]?.id ?? '';
  await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'admin')`, [admin]);
  token = await createAccessToken(db, admin, 'etag-test', undefined);
  const created = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, created_by, severity, description, type, status)
     SELECT 'Incident ' || n || ' with a title long enough to compress', $1, 'low',
       repeat('words ', 20), 'availability', 'open'
     FROM generate_series(1, 40) AS n RETURNING id`,
    [admin],
  );
  incident = created.rows[0]?.id ?? '';
  const t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

describe('ETag on /api/db reads', () => {
  it('answers 304 to a matching If-None-Match and 200 with a new tag after a change', async () => {
    const path = `/api/db/incidents?select=id,title&id=eq.${incident}`;
    const first = await get(path);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const body = (await first.json()) as { title: string }[];
    expect(body).toHaveLength(1);

    const again = await get(path, { 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);
    expect(await again.text()).toBe('');
    // A list, and the tag without its weak prefix, match too (weak comparison).
    expect((await get(path, { 'If-None-Match': `W/"other", ${tag}` })).status).toBe(304);
    expect((await get(path, { 'If-None-Match': tag.slice(2) })).status).toBe(304);
    expect((await get(path, { 'If-None-Match': 'W/"other"' })).status).toBe(200);

    const patch = await fetch(`${base}/api/db/incidents?id=eq.${incident}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed while someone watched' }),
    });
    expect(patch.status).toBeLessThan(300);
    const changed = await get(path, { 'If-None-Match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
    expect(((await changed.json()) as { title: string }[])[0]?.title).toBe(
      'Renamed while someone watched',
    );
  });

  it('keeps the tag weak and valid through compression, and Content-Range with counts', async () => {
    const path = '/api/db/incidents?select=id,title,description&order=id';
    const first = await get(path, { 'Accept-Encoding': 'gzip', Prefer: 'count=exact' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    expect(first.headers.get('content-range')).toBe('0-39/40');
    const tag = first.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\//);
    expect((await first.json()) as unknown[]).toHaveLength(40);
    const again = await get(path, {
      'Accept-Encoding': 'gzip',
      Prefer: 'count=exact',
      'If-None-Match': tag,
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-range')).toBe('0-39/40');
    // The count is part of the tag: the same rows with another total are another answer.
    const ranged = await get('/api/db/incidents?select=id&order=id&limit=2', {
      Prefer: 'count=exact',
    });
    const plain = await get('/api/db/incidents?select=id&order=id&limit=2');
    expect(ranged.headers.get('etag')).not.toBe(plain.headers.get('etag'));
  });

  it('leaves HEAD, errors and writes without a tag', async () => {
    const head = await get('/api/db/incidents?select=id', { Prefer: 'count=exact' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-39/40');
    expect(head.headers.get('etag')).toBeNull();
    const missing = await get('/api/db/no_such_relation');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('etag')).toBeNull();
  });
});
