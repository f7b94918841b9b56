/**
 * Users and feature flags through the app (api.md §8.3–8.5, postgrest.md §8.2): account state,
 * editing (traits, state, the role replacing all roles), deleting, and the flags' writes — with
 * write on identities / feature_flags enforced by the server for every role that lacks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../src/auth/accounts';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import {
  buildApp,
  login,
  okJson,
  openTestDb,
  requester,
  startLogin,
  submitLogin,
  type Requester,
  type TestApp,
} from './fixtures/app';

let db: Db;
let t: TestApp;
let as: Requester;
const ids: Record<string, string> = {};
const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  const sessions = new Map<string, string>();
  for (const role of [...ROLES, 'target'] as const) {
    ids[role] = await db.transaction((tx) =>
      createAccount(tx, {
        email: `${role}@users.test`,
        username: role,
        firstName: role,
        lastName: 'Tester',
        password: `${role}-password`,
        roles: role === 'target' ? ['viewer'] : [role],
      }),
    );
    sessions.set(role, await login(t.app, role, `${role}-password`));
  }
  as = requester(t.app, sessions);
});
afterAll(async () => {
  await db.close();
});

const post = (caller: string, path: string, body: unknown) =>
  as(caller, path, { method: 'POST', body: JSON.stringify(body) });

describe('users', () => {
  it('lists identities for readers of identities only (admin, editor)', async () => {
    const rows = await okJson<{ id: string; traits: { email: string } }[]>(
      as('editor', '/api/db/identities?select=id,traits,state,created_at'),
    );
    expect(rows.map((row) => row.traits.email)).toContain('target@users.test');
    for (const role of ['commander', 'responder', 'viewer']) {
      expect((await as(role, '/api/db/identities')).status).toBe(403);
    }
  });

  it('refuses state, edit and delete to every role without write on identities', async () => {
    for (const role of ['editor', 'commander', 'responder', 'viewer']) {
      const state = await post(role, `/api/auth/${ids.target}/update_state`, { state: 'inactive' });
      expect(state.status).toBe(403);
      const edit = await post(role, '/api/people/update', { id: ids.target, role: 'admin' });
      expect(edit.status).toBe(403);
      const remove = await as(role, `/api/people/${ids.target}`, { method: 'DELETE' });
      expect(remove.status).toBe(403);
      expect(await remove.text()).toBe('unauthorized. Access Denied');
    }
    const roles = await db.query(`SELECT v1 FROM casbin_rule WHERE v0 = $1`, [ids.target]);
    expect(roles.rows).toEqual([{ v1: 'viewer' }]);
  });

  it('deactivates (signed out, cannot sign in) and activates an account', async () => {
    const bad = await post('admin', `/api/auth/${ids.target}/update_state`, { state: 'paused' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Invalid state: paused',
      message: 'Invalid state. Allowed values are [active inactive]',
    });
    const cookie = await login(t.app, 'target', 'target-password');
    expect(
      await okJson(post('admin', `/api/auth/${ids.target}/update_state`, { state: 'inactive' })),
    ).toEqual({ message: 'success' });
    expect((await as({ cookie }, '/api/auth/whoami')).status).toBe(401);
    const flow = await startLogin(t.app);
    expect((await submitLogin(t.app, flow, 'target', 'target-password')).status).toBe(400);
    await okJson(post('admin', `/api/auth/${ids.target}/update_state`, { state: 'active' }));
    await login(t.app, 'target', 'target-password');
    const self = await post('admin', `/api/auth/${ids.admin}/update_state`, { state: 'inactive' });
    expect(self.status).toBe(400);
  });

  it('edits traits and replaces the roles; validates the body', async () => {
    expect(
      await okJson(
        post('admin', '/api/people/update', {
          id: ids.target,
          firstName: 'Tara',
          lastName: 'Target',
          email: 'tara@users.test',
          role: 'responder',
          active: true,
        }),
      ),
    ).toEqual({ name: { first: 'Tara', last: 'Target' }, email: 'tara@users.test' });
    const person = await db.query<{ name: string; email: string }>(
      'SELECT name, email FROM people WHERE id = $1',
      [ids.target],
    );
    expect(person.rows[0]).toEqual({ name: 'Tara Target', email: 'tara@users.test' });
    const roles = await db.query(`SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`, [
      ids.target,
    ]);
    expect(roles.rows).toEqual([{ v1: 'responder' }]);

    const taken = await post('admin', '/api/people/update', {
      id: ids.target,
      email: 'EDITOR@users.test',
    });
    expect(taken.status).toBe(409);
    expect((await post('admin', '/api/people/update', { id: 'nope' })).status).toBe(400);
    expect(
      (await post('admin', '/api/people/update', { id: ids.target, role: 'superuser' })).status,
    ).toBe(400);
    expect(
      (await post('admin', '/api/people/update', { id: ids.target, email: 'no-at-sign' })).status,
    ).toBe(400);
    const missing = await post('admin', '/api/people/update', {
      id: '00000000-0000-0000-0000-00000000abcd',
      firstName: 'X',
    });
    expect(missing.status).toBe(404);
  });

  it('deletes a user (roles gone, person soft-deleted), never oneself', async () => {
    expect((await as('admin', `/api/people/${ids.admin}`, { method: 'DELETE' })).status).toBe(400);
    expect((await as('admin', `/api/people/${ids.target}`, { method: 'DELETE' })).status).toBe(204);
    const person = await db.query<{ gone: boolean }>(
      'SELECT deleted_at IS NOT NULL AS gone FROM people WHERE id = $1',
      [ids.target],
    );
    expect(person.rows[0]?.gone).toBe(true);
    const roles = await db.query('SELECT 1 FROM casbin_rule WHERE v0 = $1', [ids.target]);
    expect(roles.rows).toHaveLength(0);
    expect((await as('admin', `/api/people/${ids.target}`, { method: 'DELETE' })).status).toBe(404);
  });
});

describe('feature flags', () => {
  it('writers on feature_flags add, update and delete; the flags in effect follow', async () => {
    const created = await as('editor', '/api/db/properties', {
      method: 'POST',
      body: JSON.stringify({ name: 'logs.disable', value: 'true', created_by: ids.editor }),
    });
    expect(created.status).toBe(201);
    const effective = async () =>
      (await okJson<{ name: string; value: string }[]>(as('viewer', '/api/properties'))).find(
        (row) => row.name === 'logs.disable',
      )?.value;
    expect(await effective()).toBe('true');
    const patched = await as('admin', '/api/db/properties?name=eq.logs.disable', {
      method: 'PATCH',
      body: JSON.stringify({ value: 'false' }),
    });
    expect(patched.status).toBeLessThan(300);
    expect(await effective()).toBe('false');
    for (const role of ['commander', 'responder', 'viewer']) {
      const refused = await as(role, '/api/db/properties?name=eq.logs.disable', {
        method: 'DELETE',
      });
      expect(refused.status).toBe(403);
    }
    const removed = await as('admin', '/api/db/properties?name=eq.logs.disable', {
      method: 'DELETE',
    });
    expect(removed.status).toBeLessThan(300);
    expect(await effective()).toBeUndefined();
  });
});
