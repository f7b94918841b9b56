/**
 * Kubeconfig tokens (docs/security.md "Kubeconfig tokens"): one per person, rotated by each
 * download (the previous one stops authenticating), listed without their secret, revoked when the
 * person signs out, by themselves, or by an admin — and by no one else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import type { KubeconfigToken } from '../src/routes/kubeconfig';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import {
  buildApp,
  login,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

let db: Db;
let t: TestApp;
let as: Requester;
const ids = new Map<string, string>();

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' });
  as = requester(t.app, await signInDemoAccounts(t.app));
  for (const account of DEMO_ACCOUNTS) {
    const person = await db.query<{ id: string }>(
      'SELECT identity_id::text AS id FROM vigil_accounts WHERE username = $1',
      [account.username],
    );
    ids.set(account.role, person.rows[0]!.id);
  }
}, 120_000);
afterAll(async () => db.close());

/** Download a kubeconfig (as `role`, or with a session `cookie` of its own) and return its token. */
async function download(role: string, cookie?: string): Promise<string> {
  const response = await as(cookie === undefined ? role : { cookie }, '/api/kubeconfig');
  expect(response.status).toBe(200);
  const yaml = await response.text();
  const token = /password: "([^"]+)"/.exec(yaml)?.[1];
  expect(token).toMatch(/^vgl_/);
  return token ?? '';
}

/** Whether a token still authenticates (as kubectl sends it: Basic token:<token>). */
async function works(token: string): Promise<boolean> {
  const response = await t.app.request('/api/kubeconfig/tokens', {
    headers: { Authorization: `Basic ${Buffer.from(`token:${token}`).toString('base64')}` },
  });
  return response.status === 200;
}

async function list(role: string, query = ''): Promise<KubeconfigToken[]> {
  const response = await as(role, `/api/kubeconfig/tokens${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as KubeconfigToken[];
}

describe('kubeconfig tokens', () => {
  it('a download rotates: the previous token no longer authenticates', async () => {
    const first = await download('viewer');
    expect(await works(first)).toBe(true);
    const second = await download('viewer');
    expect(second).not.toBe(first);
    expect(await works(first)).toBe(false);
    expect(await works(second)).toBe(true);
    const stored = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_tokens WHERE person_id = $1 AND name LIKE 'kubeconfig%'`,
      [ids.get('viewer')],
    );
    expect(stored.rows[0]?.n).toBe(1);
  });

  it('lists the caller’s tokens (name, created, expires, last used) and never a secret', async () => {
    const token = await download('commander');
    expect(await works(token)).toBe(true);
    const tokens = await list('commander');
    expect(tokens).toHaveLength(1);
    const [entry] = tokens;
    expect(Object.keys(entry ?? {}).sort()).toEqual(
      ['created_at', 'expires_at', 'id', 'last_used_at', 'name', 'person_id'].sort(),
    );
    expect(entry?.name).toBe('kubeconfig');
    expect(entry?.person_id).toBe(ids.get('commander'));
    expect(Date.parse(entry?.expires_at ?? '')).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(Date.parse(entry?.last_used_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(tokens)).not.toContain(token);
    const hash = await db.query<{ value: string }>(
      'SELECT value FROM access_tokens WHERE id = $1',
      [entry?.id],
    );
    expect(JSON.stringify(tokens)).not.toContain(hash.rows[0]?.value ?? 'none');
    // Other tokens of the person (an agent's, a script's) are not kubeconfig tokens.
    await db.query(
      `INSERT INTO access_tokens (name, person_id, value, created_at) VALUES ('script', $1, 'not-a-hash', now())`,
      [ids.get('commander')],
    );
    expect(await list('commander')).toHaveLength(1);
  });

  it('signing out revokes the caller’s kubeconfig tokens', async () => {
    const account = DEMO_ACCOUNTS.find((a) => a.role === 'responder')!;
    const session = await login(t.app, account.username, account.password);
    const token = await download('responder', session);
    expect(await works(token)).toBe(true);
    const flow = await as({ cookie: session }, '/api/kratos/self-service/logout/browser');
    const { logout_token: logoutToken } = (await flow.json()) as { logout_token: string };
    const logout = await as(
      { cookie: session },
      `/api/kratos/self-service/logout?token=${logoutToken}`,
    );
    expect(logout.status).toBe(204);
    expect(await works(token)).toBe(false);
    expect(await list('responder')).toEqual([]);
  });

  it('the caller revokes their own, one or all', async () => {
    const token = await download('editor');
    const [entry] = await list('editor');
    const one = await as('editor', `/api/kubeconfig/tokens/${entry?.id}`, { method: 'DELETE' });
    expect(one.status).toBe(204);
    expect(await works(token)).toBe(false);
    const again = await download('editor');
    const all = await as('editor', '/api/kubeconfig/tokens', { method: 'DELETE' });
    expect(await all.json()).toEqual({ revoked: 1 });
    expect(await works(again)).toBe(false);
  });

  it('an admin lists and revokes anyone’s; nobody else can', async () => {
    const token = await download('viewer');
    const [entry] = await list('viewer');
    // A non-admin neither sees nor revokes another person's token.
    for (const role of ['editor', 'commander', 'responder']) {
      const denied = await as(role, `/api/kubeconfig/tokens/${entry?.id}`, { method: 'DELETE' });
      expect(denied.status, role).toBe(404);
      const listed = await as(role, `/api/kubeconfig/tokens?person_id=${ids.get('viewer')}`);
      expect(listed.status, role).toBe(403);
    }
    expect(await works(token)).toBe(true);
    expect((await list('admin', `?person_id=${ids.get('viewer')}`)).map((row) => row.id)).toEqual([
      entry?.id,
    ]);
    const revoked = await as('admin', `/api/kubeconfig/tokens/${entry?.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect(await works(token)).toBe(false);
    const gone = await as('admin', `/api/kubeconfig/tokens/${entry?.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(404);
    expect(
      (await as('admin', '/api/kubeconfig/tokens/not-an-id', { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('a non-kubeconfig token cannot be revoked here', async () => {
    const other = await db.query<{ id: string }>(
      `SELECT id::text FROM access_tokens WHERE name = 'script' AND person_id = $1`,
      [ids.get('commander')],
    );
    const response = await as('admin', `/api/kubeconfig/tokens/${other.rows[0]?.id}`, {
      method: 'DELETE',
    });
    expect(response.status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.app.request('/api/kubeconfig')).status).toBe(401);
    expect((await t.app.request('/api/kubeconfig/tokens')).status).toBe(401);
  });
});
