/**
 * Mission Control's root paths (api.md §0.1, §1; docs/compatibility.md): a small client that
 * knows only Mission Control's layout (`/db/…`, `/canary/…`, `/kratos/…` at the server's root)
 * signs in and reads every area. Each root answer equals its `/api` twin, byte for byte where
 * the body is deterministic; a browser navigation to a path that is also a console route gets
 * the console instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDefaultCaller } from '../src/auth/accounts';
import type { Db } from '../src/db/types';
import type { AppEnv } from '../src/http/env';
import { createEngine } from '../src/postgrest/engine';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import { buildApp, cookiesOf, openTestDb } from './fixtures/app';

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };
const CONSOLE_HTML = '<!doctype html><title>Vigil console</title><div id="root"></div>';

let db: Db;
let app: Hono<AppEnv>;
let staticDir: string;
let cookie = '';

/** Sign in the way a Mission Control client does: the Kratos flow at `/kratos/…`. */
async function signInAtRoot(username: string, password: string): Promise<string> {
  const started = await app.request('/kratos/self-service/login/browser', {
    headers: { Accept: 'application/json' },
  });
  expect(started.status).toBe(200);
  const flow = (await started.json()) as {
    id: string;
    ui: { action: string; nodes: { attributes: { name: string; value?: unknown } }[] };
  };
  // The flow's own action keeps to the prefix the client used.
  expect(new URL(flow.ui.action).pathname).toBe('/kratos/self-service/login');
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  const flowCookie = cookiesOf(started);
  const submitted = await app.request(`/kratos/self-service/login?flow=${flow.id}`, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Cookie: flowCookie },
    body: JSON.stringify({ method: 'password', identifier: username, password, csrf_token: csrf }),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(200);
  return cookiesOf(submitted, flowCookie);
}

const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers: { Accept: 'application/json', Cookie: cookie, ...headers } });

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { ...JSON_HEADERS, Cookie: cookie, Origin: 'http://localhost' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  staticDir = mkdtempSync(join(tmpdir(), 'vigil-root-console-'));
  writeFileSync(join(staticDir, 'index.html'), CONSOLE_HTML);
  app = buildApp(db, { auth: 'basic', staticDir }, await createEngine({ db })).app;
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
  if (!admin) throw new Error('no demo admin');
  cookie = await signInAtRoot(admin.username, admin.password);
}, 120_000);

afterAll(async () => {
  await db?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('a Mission Control client at the root', () => {
  it('reads every area with the same answer as under /api', async () => {
    const [check] = (await (await get('/db/checks?select=id&limit=1')).json()) as { id: string }[];
    const reads = [
      '/db/config_items?select=id,name&order=name&limit=3',
      '/db/rpc/check_summary_for_component?id=00000000-0000-0000-0000-000000000000',
      `/canary/api/graph?check=${check?.id ?? ''}&start=2d`,
      '/canary/about',
      '/kratos/sessions/whoami',
      '/auth/whoami',
      '/properties',
      `/playbook/list?check_id=${check?.id ?? ''}`,
      '/playbook/events',
      '/notification/events',
      '/schemas/canary.schema.json',
      '/rbac/dump',
      '/health',
    ];
    for (const path of reads) {
      const [root, twin] = await Promise.all([get(path), get(`/api${path}`)]);
      const rootText = await root.text();
      expect(root.status, `${path}: ${rootText.slice(0, 200)}`).toBe(twin.status);
      expect(root.status, path).toBeLessThan(400);
      expect(root.headers.get('content-type'), path).toBe(twin.headers.get('content-type'));
      // Whoami, about and the graph name the moment they answer.
      if (!/whoami|about|graph/.test(path)) expect(rootText, path).toBe(await twin.text());
    }
  });

  it('gets the shapes Mission Control gives', async () => {
    const items = (await (
      await get('/db/config_items?select=id,name&limit=2')
    ).json()) as unknown[];
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({ id: expect.any(String), name: expect.any(String) });

    const summary = (await (await get('/canary/api/summary')).json()) as {
      checks_summary: unknown[];
    };
    expect(Array.isArray(summary.checks_summary)).toBe(true);

    const session = (await (await get('/kratos/sessions/whoami')).json()) as {
      active: boolean;
      identity: { traits: { email: string } };
    };
    expect(session.active).toBe(true);
    expect(session.identity.traits.email).toContain('@');

    const whoami = (await (await get('/auth/whoami')).json()) as {
      message: string;
      payload: { user: { id: string } };
    };
    expect(whoami.payload.user.id).toMatch(/^[0-9a-f-]{36}$/);

    const catalog = await post('/catalog/summary', { groupBy: ['type'] });
    expect(catalog.status).toBe(200);
    expect(Array.isArray(await catalog.json())).toBe(true);

    const search = await post('/resources/search', { configs: [{ search: 'a', limit: 2 }] });
    expect(search.status).toBe(200);
    expect(await search.json()).toHaveProperty('configs');

    const logs = await post('/logs', { id: '00000000-0000-0000-0000-000000000000' });
    expect(logs.status).toBeLessThan(500);
    expect(logs.headers.get('content-type')).toContain('application/json');

    const metrics = await get('/metrics', { Accept: 'text/plain' });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await metrics.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",status="2xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);

    const health = await app.request('/health');
    expect(health.status).toBe(200);
    expect(await health.text()).toBe('OK');
  });

  it('adds roles through /rbac/{id}/update_role and refuses bad input with 4xx', async () => {
    const viewer = DEMO_ACCOUNTS.find((account) => account.role === 'viewer');
    const dump = (await (await get('/rbac/dump')).json()) as {
      ptype: string;
      v0: string;
      v1: string;
    }[];
    const viewerRule = dump.find((rule) => rule.ptype === 'g' && rule.v1 === 'viewer');
    expect(viewer && viewerRule).toBeTruthy();
    const id = viewerRule?.v0 ?? '';

    const added = await post(`/rbac/${id}/update_role`, { roles: ['responder'] });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ message: 'Role updated successfully' });
    const after = (await (await get('/rbac/dump')).json()) as { v0: string; v1: string }[];
    expect(
      after
        .filter((rule) => rule.v0 === id)
        .map((rule) => rule.v1)
        .sort(),
    ).toEqual(['responder', 'viewer']);

    expect((await post(`/rbac/${id}/update_role`, { roles: ['root'] })).status).toBe(400);
    expect((await post(`/rbac/${id}/update_role`, { roles: [] })).status).toBe(400);
    expect((await post('/rbac/not-a-uuid/update_role', { roles: ['viewer'] })).status).toBe(404);
    expect(
      (await post('/rbac/00000000-0000-0000-0000-00000000dead/update_role', { roles: ['viewer'] }))
        .status,
    ).toBe(404);
    // Without a session: 401 plain text, as Mission Control answers.
    const anonymous = await app.request('/rbac/dump', { headers: { Accept: 'application/json' } });
    expect(anonymous.status).toBe(401);
  });

  it('serves the console to a browser navigation on a path both share, the API otherwise', async () => {
    for (const path of ['/health', '/catalog/changes', '/logs', '/auth/callback?code=x']) {
      const page = await app.request(path, {
        headers: { Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Dest': 'document' },
      });
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toBe(CONSOLE_HTML);
    }
    // fetch() from a page sends Sec-Fetch-Dest: empty, and gets the API.
    const fetched = await get('/health', { 'Sec-Fetch-Dest': 'empty', Accept: '*/*' });
    expect(await fetched.text()).toBe('OK');
    const changes = await get('/catalog/changes?page_size=1');
    expect(changes.headers.get('content-type')).toContain('application/json');
    // Console routes of their own stay the console's; an unknown root area is not the API.
    const topology = await app.request('/topology', { headers: { Accept: 'application/json' } });
    expect(await topology.text()).toBe(CONSOLE_HTML);
  });
});

describe('VIGIL_AUTH=none on an empty database (VIGIL_SEED=none)', () => {
  it('has a caller, and /kratos answers as after a sign-in with no flows to run', async () => {
    const empty = await openTestDb();
    try {
      const none = buildApp(empty, { auth: 'none' }, await createEngine({ db: empty })).app;
      const ask = (path: string) =>
        Promise.resolve(none.request(path, { headers: { Accept: 'application/json' } }));
      // Without a person there is no caller: what start-up fixes with ensureDefaultCaller.
      expect((await ask('/auth/whoami')).status).toBe(401);
      const id = await ensureDefaultCaller(empty);
      expect(await ensureDefaultCaller(empty)).toBe(id);

      const whoami = (await (await ask('/auth/whoami')).json()) as {
        payload: { user: { id: string }; roles: string[] };
      };
      expect(whoami.payload.user.id).toBe(id);
      expect((await ask('/db/people?select=id')).status).toBe(200);

      const session = await ask('/kratos/sessions/whoami');
      expect(session.status).toBe(200);
      const body = (await session.json()) as {
        active: boolean;
        authenticator_assurance_level: string;
        identity: { id: string; traits: { email: string } };
      };
      expect(body).toMatchObject({
        active: true,
        authenticator_assurance_level: 'aal1',
        identity: { id, traits: { email: 'admin@localhost' } },
      });
      const flow = await ask('/kratos/self-service/login/browser');
      expect(flow.status).toBe(400);
      expect(await flow.json()).toMatchObject({ error: { id: 'self_service_flow_disabled' } });
      expect((await ask('/.ory/sessions/whoami')).status).toBe(200);
    } finally {
      await empty.close();
    }
  });
});
