/**
 * CORS for VIGIL_CORS_ORIGINS (server/src/embed/cors.ts): configured origins get preflights that
 * allow the Authorization header and credentialed answers with their exact origin; every other
 * origin, and every origin when nothing is configured, gets no Access-Control-* header at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { parseScope } from '../src/embed/scope';
import { createEmbedToken } from '../src/embed/tokens';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

const WIKI = 'https://wiki.example.com';
const PORTAL = 'http://portal.example.com:8443';

let db: Db;
let withCors: TestApp;
let without: TestApp;
let token = '';
let checkId = '';

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  const engine = await createEngine({ db });
  withCors = buildApp(db, { auth: 'basic', corsOrigins: [WIKI, PORTAL] }, engine);
  without = buildApp(db, { auth: 'basic' }, engine);
  const check = await db.query<{ id: string }>(
    'SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY id LIMIT 1',
  );
  checkId = check.rows[0]?.id ?? '';
  const scope = parseScope({ checks: [checkId] });
  if (typeof scope === 'string') throw new Error(scope);
  const created = await createEmbedToken(db, {
    name: 'cors',
    scope,
    expiresAt: new Date(Date.now() + 3_600_000),
    createdBy: undefined,
  });
  token = created.token;
});
afterAll(async () => db.close());

function corsHeaders(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name.toLowerCase().startsWith('access-control-')) found[name.toLowerCase()] = value;
  });
  return found;
}

function preflight(app: TestApp, origin: string | undefined, path = '/api/canary/api/summary') {
  return Promise.resolve(
    app.app.request(path, {
      method: 'OPTIONS',
      headers: {
        ...(origin === undefined ? {} : { Origin: origin }),
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization, accept',
      },
    }),
  );
}

describe('preflight', () => {
  it('a configured origin may send Authorization, with credentials, for a while', async () => {
    for (const origin of [WIKI, PORTAL]) {
      const response = await preflight(withCors, origin);
      expect(response.status).toBe(204);
      const headers = corsHeaders(response);
      expect(headers['access-control-allow-origin']).toBe(origin);
      expect(headers['access-control-allow-credentials']).toBe('true');
      const allowed = (headers['access-control-allow-headers'] ?? '').toLowerCase().split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'accept', 'content-type']));
      expect(headers['access-control-allow-methods']).toContain('GET');
      expect(headers['access-control-max-age']).toBe('600');
      expect(response.headers.get('vary')).toContain('Origin');
      // Never a wildcard next to credentials.
      expect(headers['access-control-allow-origin']).not.toBe('*');
    }
  });

  it('for the admin API and /db too (any /api path)', async () => {
    for (const path of ['/api/embed-tokens', '/api/db/check_statuses']) {
      const response = await preflight(withCors, WIKI, path);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(WIKI);
    }
  });

  it('other origins, look-alikes and no origin get no CORS header at all', async () => {
    for (const origin of [
      'https://evil.example.com',
      'http://wiki.example.com',
      'https://wiki.example.com:443',
      'https://wiki.example.com/',
      'https://WIKI.example.com.evil.test',
      'https://sub.wiki.example.com',
      'null',
      '',
      undefined,
    ]) {
      const response = await preflight(withCors, origin);
      expect(corsHeaders(response), String(origin)).toEqual({});
      expect(response.status).not.toBe(204);
      expect(response.status).toBeLessThan(500);
    }
  });

  it('without VIGIL_CORS_ORIGINS nothing is answered for any origin', async () => {
    const response = await preflight(without, WIKI);
    expect(corsHeaders(response)).toEqual({});
    expect(response.status).not.toBe(204);
  });
});

describe('actual requests', () => {
  it('a widget on a configured origin reads with its embed token and sees the totals', async () => {
    const response = await withCors.app.request(
      `/api/db/check_statuses?check_id=eq.${checkId}&select=check_id&limit=1`,
      {
        headers: { Origin: WIKI, Authorization: `Bearer ${token}`, Prefer: 'count=exact' },
      },
    );
    expect(response.status).toBe(206);
    const headers = corsHeaders(response);
    expect(headers['access-control-allow-origin']).toBe(WIKI);
    expect(headers['access-control-allow-credentials']).toBe('true');
    expect(headers['access-control-expose-headers']).toContain('Content-Range');
    expect(response.headers.get('content-range')).toMatch(/^0-0\/\d+$/);
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('errors carry the CORS headers too, so the widget can show them', async () => {
    const denied = await withCors.app.request('/api/auth/whoami', {
      headers: { Origin: WIKI, Authorization: `Bearer ${token}` },
    });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBe(WIKI);
    expect(denied.headers.get('access-control-expose-headers')).toContain('X-Rbac-Object');
    const unknown = await withCors.app.request('/api/canary/api/summary', {
      headers: { Origin: WIKI, Authorization: 'Bearer vgl_embed_nope' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('access-control-allow-origin')).toBe(WIKI);
  });

  it('another origin gets the answer without CORS headers (the browser withholds it)', async () => {
    const response = await withCors.app.request('/api/canary/api/summary', {
      headers: { Origin: 'https://evil.example.com', Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(corsHeaders(response)).toEqual({});
    expect(response.headers.get('vary')).toContain('Origin');
    const sameOrigin = await withCors.app.request('/api/health');
    expect(corsHeaders(sameOrigin)).toEqual({});
  });

  it('paths outside /api never get CORS headers', async () => {
    const response = await withCors.app.request('/config.json', { headers: { Origin: WIKI } });
    expect(corsHeaders(response)).toEqual({});
  });
});
