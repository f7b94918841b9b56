/**
 * Regression tests of the request guards (server/src/http/request-guards.ts) and the sign-in
 * abuse limits: CSRF by Origin / Sec-Fetch-Site for cookie (and no-auth) callers, JSON bodies
 * only, DNS-rebinding hosts, the body limit, invalid UTF-8 / NUL / deep JSON, login CSRF tokens
 * that are never adopted from the client, and rate limits per account and per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import { RATE_RULES } from '../src/auth/rate-limit';
import type { Db } from '../src/db/types';
import { MAX_JSON_DEPTH, scanJson } from '../src/http/request-guards';
import { createEngine } from '../src/postgrest/engine';
import { buildApp, cookiesOf, login, openTestDb, startLogin, type TestApp } from './fixtures/app';

let db: Db;
let t: TestApp;
let admin: string;

const ORIGIN = 'http://localhost';
const JSON_TYPE = { 'Content-Type': 'application/json' };

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  const engine = await createEngine({ db });
  t = buildApp(db, { corsOrigins: ['https://portal.example.com'] }, engine);
  admin = await login(t.app, 'admin', 'vigil-admin');
});
afterAll(async () => db.close());

async function countProperties(name: string): Promise<number> {
  const result = await db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM properties WHERE name = $1',
    [name],
  );
  return Number(result.rows[0]?.n ?? 0);
}

function insertProperty(name: string, headers: Record<string, string>) {
  return t.app.request('/api/db/properties', {
    method: 'POST',
    headers: { Cookie: admin, ...JSON_TYPE, ...headers },
    body: JSON.stringify({ name, value: 'x' }),
  });
}

describe('CSRF: state-changing cookie requests must come from the console', () => {
  it('refuses another origin (also a same-site page on another port) and writes nothing', async () => {
    for (const origin of ['https://evil.example.com', 'http://localhost:9999', 'null']) {
      const response = await insertProperty(`csrf.${origin}`, { Origin: origin });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /cross-site request refused/,
      );
      expect(await countProperties(`csrf.${origin}`)).toBe(0);
    }
  });

  it('refuses Sec-Fetch-Site same-site / cross-site when Origin is absent', async () => {
    for (const site of ['same-site', 'cross-site']) {
      const response = await insertProperty(`csrf.site.${site}`, { 'Sec-Fetch-Site': site });
      expect(response.status).toBe(403);
      expect(await countProperties(`csrf.site.${site}`)).toBe(0);
    }
  });

  it('accepts the console origin, a configured CORS origin and same-origin fetches', async () => {
    expect((await insertProperty('csrf.ok.1', { Origin: ORIGIN })).status).toBe(201);
    expect(
      (await insertProperty('csrf.ok.2', { Origin: 'https://portal.example.com' })).status,
    ).toBe(201);
    expect((await insertProperty('csrf.ok.3', { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
      201,
    );
    expect(await countProperties('csrf.ok.1')).toBe(1);
  });

  it('does not affect bearer-token callers', async () => {
    const identity = await db.query<{ id: string }>(
      `SELECT identity_id AS id FROM vigil_accounts WHERE username = 'admin'`,
    );
    const token = await createAccessToken(db, identity.rows[0]?.id ?? '', 'csrf-test', 60_000);
    const response = await t.app.request('/api/db/properties', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        Origin: 'https://evil.example.com',
        ...JSON_TYPE,
      },
      body: JSON.stringify({ name: 'csrf.token', value: 'x' }),
    });
    expect(response.status).toBe(201);
  });

  it('protects VIGIL_AUTH=none, where every caller is the first admin', async () => {
    const open = buildApp(db, { auth: 'none' }, await createEngine({ db }));
    const response = await open.app.request('/api/db/properties', {
      method: 'POST',
      headers: { Origin: 'https://evil.example.com', ...JSON_TYPE },
      body: JSON.stringify({ name: 'csrf.none', value: 'x' }),
    });
    expect(response.status).toBe(403);
    expect(await countProperties('csrf.none')).toBe(0);
  });

  it('requires application/json for bodies of cookie requests (no simple cross-site forms)', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await t.app.request('/api/db/properties', {
        method: 'POST',
        headers: { Cookie: admin, 'Content-Type': type },
        body: JSON.stringify({ name: 'csrf.type', value: 'x' }),
      });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toBe(
        'request body must be sent as Content-Type: application/json',
      );
    }
    expect(await countProperties('csrf.type')).toBe(0);
  });

  it('refuses host names other than loopback ones on a loopback listener (DNS rebinding)', async () => {
    const response = await t.app.request('http://rebind.example.com/api/db/properties', {
      headers: { Cookie: admin },
    });
    expect(response.status).toBe(403);
    // A reverse proxy in front (it says so) may forward its public name.
    const proxied = await t.app.request('http://vigil.example.com/api/health', {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(proxied.status).toBe(200);
    // Host names are remembered per authority: each request is still judged on its own.
    for (const [url, status] of [
      ['http://localhost/api/health', 200],
      ['http://rebind.example.com/api/health?x=//localhost/', 403],
      ['http://localhost/api/health?next=http://rebind.example.com/', 200],
      ['http://127.0.0.1:8080/api/health', 200],
      ['http://rebind.example.com/api/health', 403],
      ['http://localhost/api/health', 200],
    ] as const) {
      expect((await t.app.request(url)).status, url).toBe(status);
    }
    const listening = buildApp(db, { host: '0.0.0.0' });
    expect((await listening.app.request('http://vigil.example.com/api/health')).status).toBe(200);
  });
});

describe('login CSRF', () => {
  it('strips credentials from /login links followed from another page', async () => {
    const path = '/login?return_to=%2Fhealth&username=attacker&password=pw';
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Referer: 'http://localhost:9999/attacker.html' },
    ]) {
      const response = await t.app.request(path, { headers });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/login?return_to=%2Fhealth');
    }
    for (const headers of <Record<string, string>[]>[
      { 'Sec-Fetch-Site': 'none' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { Referer: 'http://localhost/health' },
      {},
    ]) {
      expect((await t.app.request(path, { headers })).status).not.toBe(303);
    }
  });

  it('never adopts a CSRF cookie the client brought', async () => {
    const planted = 'A'.repeat(43);
    const flow = await startLogin(t.app, `vigil_csrf=${planted}`);
    expect(flow.csrf).not.toBe(planted);
    expect(flow.cookie).toContain(`vigil_csrf=${flow.csrf}`);
    // A second flow in the same browser reuses the token the server issued.
    const again = await startLogin(t.app, flow.cookie);
    expect(again.csrf).toBe(flow.csrf);
  });

  it('refuses a login form posted from another site', async () => {
    const flow = await startLogin(t.app);
    const response = await t.app.request(`/api/kratos/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: {
        Cookie: flow.cookie,
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'http://localhost:9999',
      },
      body: new URLSearchParams({
        method: 'password',
        identifier: 'viewer',
        password: 'vigil-viewer',
        csrf_token: flow.csrf,
      }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join('\n')).not.toContain('vigil_session=');
  });

  it('binds the flow token to the session it was issued in', async () => {
    const anonymous = await startLogin(t.app);
    // The same CSRF cookie presented with a session is not the token of that flow's session.
    const response = await t.app.request(
      `/api/kratos/self-service/login/flows?id=${anonymous.id}`,
      {
        headers: { Accept: 'application/json', Cookie: `${anonymous.cookie}; ${admin}` },
      },
    );
    expect(response.status).toBe(403);
  });
});

describe('bodies and addresses no route could store', () => {
  function post(body: string | Uint8Array, headers: Record<string, string> = JSON_TYPE) {
    return t.app.request('/api/db/properties', {
      method: 'POST',
      headers: { Cookie: admin, ...headers },
      body,
    });
  }

  it('413 over the body limit, by Content-Length and while streaming', async () => {
    const small = buildApp(db, { bodyLimitBytes: 2048 }, await createEngine({ db }));
    const cookie = await login(small.app, 'admin', 'vigil-admin');
    const big = JSON.stringify({ name: 'big', value: 'x'.repeat(4096) });
    const byLength = await small.app.request('/api/db/properties', {
      method: 'POST',
      headers: { Cookie: cookie, ...JSON_TYPE, 'Content-Length': String(big.length) },
      body: big,
    });
    expect(byLength.status).toBe(413);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the guard must stop reading after the limit.
        sent += 1024;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
        if (sent > 1024 * 1024) controller.close();
      },
    });
    const streamed = await small.app.request('/api/db/properties', {
      method: 'POST',
      headers: { Cookie: cookie, ...JSON_TYPE, 'Transfer-Encoding': 'chunked' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024);
    expect(((await streamed.json()) as { error: string }).error).toBe(
      'request body too large: the limit is 2048 bytes (VIGIL_BODY_LIMIT)',
    );
  });

  it('400 for invalid UTF-8, NUL characters and JSON nested too deeply', async () => {
    const invalid = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect((await post(invalid)).status).toBe(400);
    expect((await post('{"name":"a\u0000b","value":"x"}')).status).toBe(400);
    expect((await post('{"name":"a\\u0000b","value":"x"}')).status).toBe(400);
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const response = await post(deep);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      `request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels`,
    );
    // An escaped backslash followed by "u0000" is not a NUL.
    expect(scanJson('{"a":"\\\\u0000"}', 64).nul).toBe(false);
    expect(scanJson(`${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, 64).tooDeep).toBe(false);
  });

  it('400 for addresses with %00 or invalid UTF-8, on every API path', async () => {
    for (const path of [
      '/api/db/properties?name=eq.a%00b',
      '/api/db/properties%00',
      '/api/canary/api/graph?check=%ff%fe',
      '/api/catalog/summary?x=%c3%28',
    ]) {
      const response = await t.app.request(path, { headers: { Cookie: admin } });
      expect(response.status, path).toBe(400);
    }
    expect(
      (await t.app.request('/api/db/properties?name=eq.%C3%A9', { headers: { Cookie: admin } }))
        .status,
    ).toBe(200);
  });
});

describe('sign-in rate limits', () => {
  async function attempt(identifier: string, password: string, address: string) {
    const flow = await startLogin(t.app);
    const response = await t.app.request(
      `/api/kratos/self-service/login?flow=${flow.id}`,
      {
        method: 'POST',
        headers: { Accept: 'application/json', ...JSON_TYPE, Cookie: flow.cookie },
        body: JSON.stringify({ method: 'password', identifier, password, csrf_token: flow.csrf }),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );
    return response;
  }

  it(`locks an account after ${RATE_RULES.loginAccount.limit} failures, with Retry-After and a clear message`, async () => {
    for (let index = 0; index < RATE_RULES.loginAccount.limit; index += 1) {
      expect((await attempt('commander', 'wrong', `10.0.0.${index}`)).status).toBe(400);
    }
    // Even the right password from a fresh address is refused while the account is locked.
    const locked = await attempt('Commander', 'vigil-commander', '10.0.1.1');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    const body = (await locked.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(429);
    expect(body.error.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect(cookiesOf(locked)).not.toContain('vigil_session');
    // Another account is not affected.
    expect((await attempt('responder', 'vigil-responder', '10.0.1.1')).status).toBe(200);
  });

  it(`limits one address to ${RATE_RULES.loginAddress.limit} failures across accounts`, async () => {
    for (let index = 0; index < RATE_RULES.loginAddress.limit; index += 1) {
      expect((await attempt(`nobody-${index}`, 'wrong', '192.0.2.7')).status).toBe(400);
    }
    expect((await attempt('viewer', 'vigil-viewer', '192.0.2.7')).status).toBe(429);
    expect((await attempt('viewer', 'vigil-viewer', '192.0.2.8')).status).toBe(200);
  });

  it('a successful sign-in clears the account failures', async () => {
    for (let index = 0; index < RATE_RULES.loginAccount.limit - 1; index += 1) {
      await attempt('editor', 'wrong', '198.51.100.1');
    }
    expect((await attempt('editor', 'vigil-editor', '198.51.100.2')).status).toBe(200);
    for (let index = 0; index < RATE_RULES.loginAccount.limit - 1; index += 1) {
      expect((await attempt('editor', 'wrong', '198.51.100.3')).status).toBe(400);
    }
  });
});

describe('row cap on embedded rows', () => {
  it('caps every to-many embed at the row cap, as the top level', async () => {
    const capped = buildApp(db, {}, await createEngine({ db, maxRows: 2 }));
    const cookie = await login(capped.app, 'admin', 'vigil-admin');
    const most = await db.query<{ n: string }>(
      'SELECT max(n)::text AS n FROM (SELECT count(*) AS n FROM checks GROUP BY canary_id) AS c',
    );
    expect(Number(most.rows[0]?.n)).toBeGreaterThan(2);
    for (const query of ['select=id,checks(id)', 'select=id,checks(id)&checks.limit=1000']) {
      const response = await capped.app.request(`/api/db/canaries?${query}`, {
        headers: { Cookie: cookie },
      });
      expect(response.status).toBe(200);
      const rows = (await response.json()) as { checks: unknown[] }[];
      expect(rows.length).toBeLessThanOrEqual(2);
      for (const row of rows) expect(row.checks.length).toBeLessThanOrEqual(2);
      expect(rows.some((row) => row.checks.length === 2)).toBe(true);
    }
  });
});
