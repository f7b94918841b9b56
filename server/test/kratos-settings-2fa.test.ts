import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lookupHash } from '../src/auth/second-factors';
import type { Db } from '../src/db/types';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';
import {
  Browser,
  errorId,
  names,
  newAddress,
  node,
  passwordLogin,
  register,
  type FlowBody,
} from './fixtures/kratos';

let db: Db;
let t: TestApp;

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' });
});
afterAll(async () => db.close());

const PASSWORD = 'Settings-Test-Pass-42';

async function settingsFlow(browser: Browser): Promise<FlowBody> {
  const started = await browser.start('settings');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return started.body;
}

/** Make the session's sign-in older than the privileged window. */
async function ageSession(browser: Browser, minutes: number): Promise<void> {
  const whoami = await browser.whoami();
  const identity = (whoami.body.identity as { id: string }).id;
  await db.query(
    `UPDATE vigil_sessions SET authenticated_at = now() - $2::int * interval '1 minute' WHERE identity_id = $1`,
    [identity, minutes],
  );
}

describe('settings flow', () => {
  it('needs a session', async () => {
    const anonymous = await new Browser(t.app).start('settings');
    expect(anonymous.status).toBe(401);
    expect(errorId(anonymous.body as never)).toBe('session_inactive');
  });

  it('shows profile, password, totp, lookup_secret and webauthn groups; saves the profile', async () => {
    const email = newAddress('profile');
    const { browser } = await register(t.app, email, PASSWORD);
    const flow = await settingsFlow(browser);
    expect(names(flow)).toEqual([
      'default:csrf_token',
      'profile:traits.email',
      'profile:traits.name.first',
      'profile:traits.name.last',
      'profile:method',
      'password:password',
      'password:method',
      'totp:totp_qr',
      'totp:totp_secret_key',
      'totp:totp_code',
      'totp:method',
      'lookup_secret:lookup_secret_regenerate',
      'webauthn:webauthn_register_displayname',
      'webauthn:webauthn_register_trigger',
      'webauthn:webauthn_register',
    ]);
    expect(node(flow, 'totp_qr')?.attributes.src).toMatch(/^data:image\/png;base64,/);
    const options = JSON.parse(
      String(node(flow, 'webauthn_register_trigger')?.attributes.value),
    ) as {
      rp: { id: string; name: string };
      challenge: string;
    };
    expect(options.rp).toEqual({ id: 'localhost', name: 'Vigil' });
    expect(flow.identity).toMatchObject({ traits: { email } });

    const saved = await browser.submit('settings', flow, {
      method: 'profile',
      traits: { email, name: { first: 'Renamed', last: 'Person' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.state).toBe('success');
    expect(saved.body.ui.messages?.[0]?.id).toBe(1050001);
    const person = await db.query<{ name: string }>('SELECT name FROM people WHERE email = $1', [
      email,
    ]);
    expect(person.rows[0]?.name).toBe('Renamed Person');
    const bad = await browser.submit('settings', flow, {
      method: 'profile',
      traits: { email: 'broken', name: { first: '', last: 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(node(bad.body, 'traits.email')?.messages[0]?.id).toBe(4000001);
  });

  it('credential changes need a sign-in within 15 minutes; refresh login renews it', async () => {
    const email = newAddress('refresh');
    const { browser } = await register(t.app, email, PASSWORD);
    const flow = await settingsFlow(browser);
    await ageSession(browser, 20);
    const stale = await browser.submit('settings', flow, {
      method: 'password',
      password: 'Another-Pass-Long-9',
    });
    expect(stale.status).toBe(403);
    expect(errorId(stale.body)).toBe('session_refresh_required');
    expect(stale.body.redirect_browser_to).toBe(
      `/login?refresh=true&return_to=${encodeURIComponent(`/profile-settings?flow=${flow.id}`)}`,
    );
    // The profile is not privileged.
    const profile = await browser.submit('settings', flow, {
      method: 'profile',
      traits: { email, name: { first: 'Still', last: 'Allowed' } },
    });
    expect(profile.status).toBe(200);

    const refresh = await browser.start('login', '?refresh=true');
    expect(refresh.status).toBe(200);
    expect(refresh.body.refresh).toBe(true);
    expect(node(refresh.body, 'identifier')?.attributes).toMatchObject({
      value: email,
      disabled: true,
    });
    const wrong = await browser.submit('login', refresh.body, {
      method: 'password',
      password: 'nope-nope-nope',
    });
    expect(wrong.status).toBe(400);
    const renewed = await browser.submit('login', refresh.body, {
      method: 'password',
      identifier: 'someone-else@example.test',
      password: PASSWORD,
    });
    expect(renewed.status).toBe(200);
    const fresh = await browser.submit('settings', flow, {
      method: 'password',
      password: 'Another-Pass-Long-9',
    });
    expect(fresh.status).toBe(200);
    const policy = await browser.submit('settings', flow, {
      method: 'password',
      password: 'letmein1',
    });
    expect(policy.status).toBe(400);
    expect(node(policy.body, 'password')?.messages[0]?.id).toBe(4000005);
  });
});

describe('second factors and aal2', () => {
  const email = newAddress('twofactor');
  let secret = '';

  it('a new password ends the other sessions of the account, and keeps this one', async () => {
    const email = newAddress('rotate');
    const { browser } = await register(t.app, email, 'First-Password-Long-1');
    const other = await passwordLogin(t.app, email, 'First-Password-Long-1');
    expect(other.status).toBe(200);
    expect((await other.browser.whoami()).status).toBe(200);
    const { body: flow } = await browser.start('settings');
    const changed = await browser.submit('settings', flow, {
      method: 'password',
      password: 'Second-Password-Long-2',
    });
    expect(changed.status).toBe(200);
    expect((await browser.whoami()).status).toBe(200);
    expect((await other.browser.whoami()).status).toBe(401);
  });

  it('links TOTP with a code from the authenticator', async () => {
    const { browser } = await register(t.app, email, PASSWORD);
    const flow = await settingsFlow(browser);
    secret = node(flow, 'totp_secret_key')?.attributes.text?.text ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const wrong = await browser.submit('settings', flow, { method: 'totp', totp_code: '12345x' });
    expect(wrong.status).toBe(400);
    expect(node(wrong.body, 'totp_code')?.messages[0]?.id).toBe(4000008);
    const linked = await browser.submit('settings', flow, {
      method: 'totp',
      totp_code: await generate({ secret }),
    });
    expect(linked.status).toBe(200);
    expect(names(linked.body)).toContain('totp:totp_unlink');
    expect(names(linked.body)).not.toContain('totp:totp_secret_key');
    // The secret is stored encrypted, never in the clear.
    const stored = await db.query<{ secret: string }>('SELECT secret FROM vigil_totp');
    expect(stored.rows[0]?.secret.startsWith('enc:v1:')).toBe(true);
    expect(stored.rows[0]?.secret).not.toContain(secret);
    // The session that linked it counts as aal2.
    const whoami = await browser.whoami();
    expect(whoami.status).toBe(200);
    expect(whoami.body.authenticator_assurance_level).toBe('aal2');
  });

  it('a password login is aal1 and everything but the identity flows asks for aal2', async () => {
    const { browser, status, body } = await passwordLogin(t.app, email, PASSWORD);
    expect(status).toBe(422);
    expect(errorId(body)).toBe('browser_location_change_required');
    expect(body.redirect_browser_to).toBe('/login?aal=aal2');
    const whoami = await browser.request('/api/kratos/sessions/whoami?return_to=%2Fhealth');
    expect(whoami.status).toBe(403);
    const denied = (await whoami.json()) as Record<string, unknown>;
    expect(errorId(denied)).toBe('session_aal2_required');
    expect(denied.redirect_browser_to).toBe('/login?aal=aal2&return_to=%2Fhealth');
    const api = await browser.request('/api/auth/whoami');
    expect(api.status).toBe(403);
    expect(errorId((await api.json()) as Record<string, unknown>)).toBe('session_aal2_required');
    const settings = await browser.start('settings');
    expect(settings.status).toBe(403);

    const aal2 = await browser.start('login', '?aal=aal2&return_to=%2Fhealth');
    expect(aal2.status).toBe(200);
    expect(aal2.body.requested_aal).toBe('aal2');
    expect(names(aal2.body)).toEqual(['default:csrf_token', 'totp:totp_code', 'totp:method']);
    const wrong = await browser.submit('login', aal2.body, { method: 'totp', totp_code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages?.[0]?.id).toBe(4000008);
    // The code of the next time step (the one used to link is spent).
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const upgraded = await browser.submit('login', aal2.body, { method: 'totp', totp_code: code });
    expect(upgraded.status).toBe(200);
    expect(
      (upgraded.body.session as { authenticator_assurance_level: string })
        .authenticator_assurance_level,
    ).toBe('aal2');
    expect((await browser.request('/api/auth/whoami')).status).toBe(200);
    // A replayed code is refused.
    const other = await passwordLogin(t.app, email, PASSWORD);
    const again = await other.browser.start('login', '?aal=aal2');
    const replay = await other.browser.submit('login', again.body, {
      method: 'totp',
      totp_code: code,
    });
    expect(replay.status).toBe(400);
  });

  it('recovery codes: generated once, confirmed, single use, exhaustible', async () => {
    const { browser } = await passwordLogin(t.app, email, PASSWORD);
    const aal2 = await browser.start('login', '?aal=aal2');
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 60 });
    // Outside the ±30 s window: refused. Upgrade this session in the database instead.
    expect(
      (await browser.submit('login', aal2.body, { method: 'totp', totp_code: code })).status,
    ).toBe(400);
    await db.query(
      `UPDATE vigil_sessions SET aal = 'aal2' WHERE authenticated_at > now() - interval '1 minute'`,
    );

    const flow = await settingsFlow(browser);
    const generated = await browser.submit('settings', flow, {
      method: 'lookup_secret',
      lookup_secret_regenerate: true,
    });
    expect(generated.status).toBe(200);
    const codes = (
      node(generated.body, 'lookup_secret_codes')?.attributes.text?.context?.secrets as {
        text: string;
      }[]
    ).map((entry) => entry.text);
    expect(codes).toHaveLength(12);
    expect(new Set(codes).size).toBe(12);
    for (const entry of codes) expect(entry).toMatch(/^[a-z0-9]{8}$/);
    // Not active before confirmation; shown only once.
    expect((await db.query('SELECT 1 FROM vigil_lookup_codes')).rows).toHaveLength(0);
    const refetched = await browser.fetchFlow('settings', flow.id);
    expect(node(refetched.body, 'lookup_secret_codes')).toBeUndefined();
    const confirmed = await browser.submit('settings', flow, {
      method: 'lookup_secret',
      lookup_secret_confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.state).toBe('success');
    const stored = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM vigil_lookup_codes',
    );
    expect(stored.rows).toHaveLength(12);
    expect(stored.rows.map((row) => row.code_hash)).not.toContain(codes[0]);

    // Unlink TOTP: only the recovery codes remain as a second factor.
    const unlinked = await browser.submit('settings', flow, { method: 'totp', totp_unlink: true });
    expect(unlinked.status).toBe(200);

    const useCode = async (value: string) => {
      const login = await passwordLogin(t.app, email, PASSWORD);
      expect(login.status).toBe(422);
      const second = await login.browser.start('login', '?aal=aal2');
      expect(names(second.body)).toEqual([
        'default:csrf_token',
        'lookup_secret:lookup_secret',
        'lookup_secret:method',
      ]);
      return login.browser.submit('login', second.body, {
        method: 'lookup_secret',
        lookup_secret: value,
      });
    };
    expect((await useCode(codes[0] ?? '')).status).toBe(200);
    const reused = await useCode(codes[0] ?? '');
    expect(reused.status).toBe(400);
    expect(reused.body.ui.messages?.[0]?.id).toBe(4000012);
    const unknown = await useCode('zzzzzzzz');
    expect(unknown.body.ui.messages?.[0]?.id).toBe(4000016);
    expect((await useCode(` ${codes[1]?.toUpperCase() ?? ''} `)).status).toBe(200);
    // Use up all but the last in the database, the last over HTTP.
    const unused = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM vigil_lookup_codes WHERE used_at IS NULL ORDER BY code_hash',
    );
    expect(unused.rows).toHaveLength(10);
    await db.query(
      'UPDATE vigil_lookup_codes SET used_at = now() WHERE used_at IS NULL AND code_hash <> $1',
      [unused.rows[0]?.code_hash ?? ''],
    );
    const left = await db.query<{ code_hash: string }>(
      'SELECT code_hash FROM vigil_lookup_codes WHERE used_at IS NULL',
    );
    expect(left.rows).toHaveLength(1);
    const identity = await db.query<{ id: string }>(
      `SELECT id::text FROM identities WHERE traits ->> 'email' = $1`,
      [email],
    );
    const last = codes.find(
      (entry) => lookupHash(identity.rows[0]?.id ?? '', entry) === left.rows[0]?.code_hash,
    );
    expect(last).toBeDefined();
    expect((await useCode(last ?? '')).status).toBe(200);
    // Exhausted: no second factor is left, so a password is enough again.
    const plain = await passwordLogin(t.app, email, PASSWORD);
    expect(plain.status).toBe(200);
  });

  it('limits wrong second-factor codes per identity', async () => {
    const target = newAddress('limited');
    const { browser } = await register(t.app, target, PASSWORD);
    const flow = await settingsFlow(browser);
    const totpSecret = node(flow, 'totp_secret_key')?.attributes.text?.text ?? '';
    await browser.submit('settings', flow, {
      method: 'totp',
      totp_code: await generate({ secret: totpSecret }),
    });
    const login = await passwordLogin(t.app, target, PASSWORD);
    const aal2 = await login.browser.start('login', '?aal=aal2');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await login.browser.submit('login', aal2.body, { method: 'totp', totp_code: '000001' }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('answers bad settings input with 4xx, never 500', async () => {
    const { browser } = await register(t.app, newAddress('fuzz'), PASSWORD);
    const flow = await settingsFlow(browser);
    const bodies: unknown[] = [
      { method: 'totp', totp_code: 123456 },
      { method: 'lookup_secret' },
      { method: 'lookup_secret', lookup_secret_confirm: true },
      { method: 'webauthn', webauthn_register: '{"id":1}' },
      { method: 'webauthn', webauthn_register: 'not json' },
      { method: 'webauthn', webauthn_remove: 'unknown-key' },
      { method: 'nope' },
      { method: 'profile', traits: [] },
    ];
    for (const body of bodies) {
      const answer = await browser.submit('settings', flow, body as Record<string, unknown>);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await browser.fetchFlow('settings', '123')).status).toBe(404);
    const other = await register(t.app, newAddress('other'), PASSWORD);
    const mismatch = await other.browser.fetchFlow('settings', flow.id);
    expect(mismatch.status).toBe(403);
    expect(errorId(mismatch.body as never)).toBe('security_identity_mismatch');
  });
});

describe('the aal2 gate on every request', () => {
  it('reads the second factors with the session, in one query, never from a stale copy', async () => {
    // Two server instances on one database: a factor linked through one gates the other's
    // aal1 session from its next request on (docs/identity.md "Sessions and assurance").
    const other = buildApp(db, { auth: 'basic' });
    const email = newAddress('gate');
    const { browser } = await register(t.app, email, PASSWORD);
    const elsewhere = await passwordLogin(other.app, email, PASSWORD);
    expect(elsewhere.status).toBe(200);

    // An API request of a session: one statement reads the session and whether it needs aal2.
    const query = vi.spyOn(db, 'query');
    try {
      expect((await elsewhere.browser.request('/api/auth/whoami')).status).toBe(200);
      const statements = query.mock.calls.map(([sql]) => String(sql));
      expect(statements.filter((sql) => /vigil_totp/.test(sql))).toHaveLength(1);
      expect(statements.find((sql) => /vigil_totp/.test(sql))).toMatch(/FROM vigil_sessions/);
    } finally {
      query.mockRestore();
    }

    const flow = await settingsFlow(browser);
    const secret = node(flow, 'totp_secret_key')?.attributes.text?.text ?? '';
    const linked = await browser.submit('settings', flow, {
      method: 'totp',
      totp_code: await generate({ secret }),
    });
    expect(linked.status).toBe(200);

    const api = await elsewhere.browser.request('/api/auth/whoami');
    expect(api.status).toBe(403);
    expect(errorId((await api.json()) as Record<string, unknown>)).toBe('session_aal2_required');
    expect(errorId((await elsewhere.browser.whoami()).body)).toBe('session_aal2_required');
    expect((await elsewhere.browser.start('settings')).status).toBe(403);
    // The session that linked the factor is aal2 and keeps working.
    expect((await browser.request('/api/auth/whoami')).status).toBe(200);

    // Unlinked (through this instance), the other instance lets the aal1 session in again.
    const again = await settingsFlow(browser);
    const unlinked = await browser.submit('settings', again, { method: 'totp', totp_unlink: true });
    expect(unlinked.status).toBe(200);
    expect((await elsewhere.browser.request('/api/auth/whoami')).status).toBe(200);
  });
});
