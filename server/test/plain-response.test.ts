/**
 * `/api/db` answers built as plain header records (server/src/http/plain-response.ts) send, over
 * real HTTP through the Node adapter, the same statuses, headers and bodies as the middlewares'
 * usual path on a Fetch Response: security headers, Vary, ETag/304, Content-Length, compression,
 * HEAD, errors and refusals.
 */
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { plainResponses } from '../src/http/plain-response';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb } from './fixtures/app';

let db: Db;
let server: ServerType;
let port = 0;
let admin = '';
let viewer = '';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with node:http (raw headers and bytes, no decoding), `date` left out. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The same request on the plain path and on the usual one. */
async function bothPaths(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<[Answer, Answer]> {
  plainResponses.enabled = true;
  const plain = await send(method, path, headers, body);
  plainResponses.enabled = false;
  try {
    return [plain, await send(method, path, headers, body)];
  } finally {
    plainResponses.enabled = true;
  }
}

beforeAll(async () => {
  db = await openTestDb();
  const people = await db.query<{ id: string; email: string }>(
    `INSERT INTO people (name, email) VALUES ('Plain Admin', 'plain-admin@example.com'),
       ('Plain Viewer', 'plain-viewer@example.com') RETURNING id, email`,
  );
  const [adminId, viewerId] = people.rows.map((row) => row.id);
  await db.query(
    `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'admin'), ('g', $2, 'viewer')`,
    [adminId, viewerId],
  );
  admin = await createAccessToken(db, adminId ?? '', 'plain-admin', undefined);
  viewer = await createAccessToken(db, viewerId ?? '', 'plain-viewer', undefined);
  await db.query(
    `INSERT INTO incidents (title, created_by, severity, description, type, status)
     SELECT 'Incident ' || n || ' with a title long enough to compress', $1, 'low',
       repeat('words ', 20), 'availability', 'open'
     FROM generate_series(1, 40) AS n`,
    [adminId],
  );
  const t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

describe('/api/db plain responses', () => {
  it('send what the usual path sends', async () => {
    const as = (token: string, extra: Record<string, string> = {}) => ({
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...extra,
    });
    const small = '/api/db/incidents?select=id&order=id&limit=1';
    const large = '/api/db/incidents?select=id,title,description&order=id';
    const first = await send('GET', small, as(admin));
    const tag = String(first.headers.etag);
    const cases: [string, string, Record<string, string>, string?][] = [
      ['GET', small, as(admin)],
      ['GET', small, as(admin, { 'accept-encoding': 'gzip' })],
      ['GET', small, as(admin, { 'if-none-match': tag })],
      ['GET', large, as(admin)],
      ['GET', large, as(admin, { 'accept-encoding': 'gzip', prefer: 'count=exact' })],
      ['GET', large, as(admin, { 'accept-encoding': 'deflate', range: '0-4' })],
      ['HEAD', large, as(admin, { prefer: 'count=exact' })],
      ['GET', '/api/db/incidents?id=eq.not-a-uuid', as(admin)],
      ['GET', '/api/db/no_such_relation', as(admin)],
      ['GET', '/api/db/incidents?select=nope', as(admin)],
      ['DELETE', '/api/db/incidents?id=eq.00000000-0000-0000-0000-000000000000', as(viewer)],
      ['DELETE', '/api/db/incidents?id=eq.00000000-0000-0000-0000-000000000000', as(admin)],
      [
        'PATCH',
        '/api/db/incidents?id=eq.00000000-0000-0000-0000-000000000000',
        as(admin, { 'content-type': 'application/json', prefer: 'return=representation' }),
        '{"title":"nothing"}',
      ],
    ];
    for (const [method, path, headers, body] of cases) {
      const [plain, usual] = await bothPaths(method, path, headers, body);
      const label = `${method} ${path} ${JSON.stringify(headers)}`;
      expect(plain.status, label).toBe(usual.status);
      expect(plain.headers, label).toEqual(usual.headers);
      expect(plain.body.equals(usual.body), label).toBe(true);
    }
  });

  it('carry the security headers, Vary, the tag and the length', async () => {
    const answer = await send('GET', '/api/db/incidents?select=id&order=id&limit=1', {
      authorization: `Bearer ${admin}`,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      vary: 'Accept-Encoding',
      'cache-control': 'private, no-cache',
      'content-length': String(answer.body.length),
    });
    expect(answer.headers.etag).toMatch(/^W\/"[\w-]+"$/);
  });
});
