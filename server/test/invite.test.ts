/**
 * Invitations (api.md §8.2, docs/settings-admin.md) through the app: an admin invites, the link
 * carries a single-use token in its fragment, the invitee looks it up and sets a password, then
 * signs in through the Kratos login flow with the role given. Write on identities is enforced;
 * bad bodies answer 400, duplicates 409, used or expired tokens 404 / 410.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import { createAccount } from '../src/auth/accounts';
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

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  const sessions = new Map<string, string>();
  for (const role of ['admin', 'editor', 'viewer']) {
    await db.transaction((tx) =>
      createAccount(tx, {
        email: `${role}@vigil.local`,
        username: role,
        firstName: role,
        lastName: 'Tester',
        password: `${role}-password`,
        roles: [role],
      }),
    );
    sessions.set(role, await login(t.app, role, `${role}-password`));
  }
  as = requester(t.app, sessions);
});
afterAll(async () => {
  await db.close();
});

const invite = (caller: string, body: unknown) =>
  as(caller, '/api/auth/invite_user', { method: 'POST', body: JSON.stringify(body) });
const post = (path: string, body: unknown) =>
  as(null, path, { method: 'POST', body: JSON.stringify(body) });
const tokenOf = (link: string) => new URL(link).hash.replace(/^#token=/, '');

describe('POST /api/auth/invite_user', () => {
  it('invites, the invitee sets a password once and signs in with the role given', async () => {
    const answer = await okJson<{ link: string }>(
      invite('admin', {
        firstName: 'Ivy',
        lastName: 'Invitee',
        email: 'ivy@invite.test',
        role: 'editor',
      }),
    );
    const link = new URL(answer.link);
    expect(link.pathname).toBe('/invite');
    expect(link.search).toBe('');
    const token = tokenOf(answer.link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    // Only the token's hash is stored.
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM vigil_invites');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);

    // Before the password is set, nobody signs in as the invitee.
    const early = await startLogin(t.app);
    expect((await submitLogin(t.app, early, 'ivy@invite.test', '')).status).toBe(400);

    expect(await okJson(post('/api/auth/invite/lookup', { token }))).toEqual({
      email: 'ivy@invite.test',
      firstName: 'Ivy',
      lastName: 'Invitee',
    });
    const short = await post('/api/auth/invite/accept', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({
      error:
        'The password can not be used because password length must be at least 8 characters but only got 5.',
    });
    // Registration's policy: not the address, not a breached password.
    for (const [password, reason] of [
      ['ivy@invite.test', 'the password is too similar to the user identifier'],
      ['password123', 'the password has been found in data breaches and must no longer be used'],
    ]) {
      const refused = await post('/api/auth/invite/accept', { token, password });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: `The password can not be used because ${reason}.`,
      });
    }
    await okJson(post('/api/auth/invite/accept', { token, password: 'a-long-passphrase' }));
    // Single use.
    const again = await post('/api/auth/invite/accept', { token, password: 'another-passphrase' });
    expect(again.status).toBe(404);
    expect((await post('/api/auth/invite/lookup', { token })).status).toBe(404);

    const cookie = await login(t.app, 'ivy@invite.test', 'a-long-passphrase');
    const who = await okJson<{ payload: { user: { name: string }; roles: string[] } }>(
      as({ cookie }, '/api/auth/whoami'),
    );
    expect(who.payload.user.name).toBe('Ivy Invitee');
    expect(who.payload.roles).toEqual(['editor']);
  });

  it('refuses callers without write on identities', async () => {
    const body = { firstName: 'No', lastName: 'Body', email: 'nobody@invite.test', role: 'viewer' };
    for (const role of ['editor', 'viewer']) {
      const answer = await invite(role, body);
      expect(answer.status).toBe(403);
      expect(await answer.text()).toBe('unauthorized. Access Denied');
    }
    expect((await as(null, '/api/auth/invite_user', { method: 'POST', body: '{}' })).status).toBe(
      401,
    );
    const people = await db.query(`SELECT 1 FROM people WHERE email = 'nobody@invite.test'`);
    expect(people.rows).toHaveLength(0);
  });

  it('answers bad bodies with 400 and a duplicate with 409', async () => {
    const bad = await invite('admin', { firstName: 'A', lastName: 'B', email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'email is not a valid address',
      message: 'Invalid request body',
    });
    expect((await invite('admin', { firstName: 'A' })).status).toBe(400);
    expect(
      (await invite('admin', { firstName: 'A', lastName: 'B', email: 'a@b.test', role: 'root' }))
        .status,
    ).toBe(400);
    const duplicate = await invite('admin', {
      firstName: 'Ada',
      lastName: 'Again',
      email: 'ADMIN@vigil.local',
      role: 'viewer',
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      error: 'User already exists',
      message: 'Error creating user',
    });
  });

  it('an expired or unknown token opens nothing', async () => {
    const { link } = await okJson<{ link: string }>(
      invite('admin', { firstName: 'Old', lastName: 'Link', email: 'old@invite.test', role: '' }),
    );
    const token = tokenOf(link);
    await db.query(`UPDATE vigil_invites SET expires_at = now() - interval '1 minute'`);
    const expired = await post('/api/auth/invite/accept', { token, password: 'a-long-passphrase' });
    expect(expired.status).toBe(410);
    expect((await post('/api/auth/invite/lookup', { token: 'x'.repeat(43) })).status).toBe(404);
    expect((await post('/api/auth/invite/lookup', { token: 42 })).status).toBe(404);
  });
});
