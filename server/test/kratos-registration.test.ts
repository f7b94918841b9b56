import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/types';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import { breachedPasswords } from '../src/auth/password-policy';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';
import { Browser, errorId, names, newAddress, node, register } from './fixtures/kratos';

let db: Db;
let t: TestApp;
const logged: string[] = [];

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' });
  vi.spyOn(console, 'warn').mockImplementation((line: unknown) => {
    logged.push(String(line));
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await db.close();
});

const traits = (email: string) => ({ email, name: { first: 'Ada', last: 'Lovelace' } });

describe('Kratos registration flow', () => {
  it('ships a breached-password list of a few thousand entries', () => {
    const list = breachedPasswords();
    expect(list.size).toBeGreaterThan(1000);
    expect(list.has('123456')).toBe(true);
    expect(list.has('password1')).toBe(true);
  });

  it('starts with csrf, the traits and the password group', async () => {
    const browser = new Browser(t.app);
    const { status, body } = await browser.start('registration', '?return_to=%2Fhealth');
    expect(status).toBe(200);
    expect(names(body)).toEqual([
      'default:csrf_token',
      'default:traits.email',
      'default:traits.name.first',
      'default:traits.name.last',
      'password:password',
      'password:method',
    ]);
    expect(body.return_to).toBe('/health');
    const fetched = await browser.fetchFlow('registration', body.id);
    expect(fetched.status).toBe(200);
  });

  it('refuses passwords under the policy with message 4000005', async () => {
    const email = newAddress('grace');
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('registration');
    const cases: [string, RegExp][] = [
      ['short', /at least 8 characters but only got 5/],
      ['password123', /found in data breaches/],
      ['Qwerty123', /found in data breaches/],
      [`${email.split('@')[0]}-x99`, /too similar to the user identifier/],
      ['x'.repeat(300), /at most 256 characters/],
    ];
    for (const [password, reason] of cases) {
      const answer = await browser.submit('registration', flow, {
        method: 'password',
        traits: traits(email),
        password,
      });
      expect(answer.status).toBe(400);
      const message = node(answer.body, 'password')?.messages[0];
      expect(message?.id).toBe(4000005);
      expect(message?.text).toMatch(/^The password can not be used because /);
      expect(message?.text).toMatch(reason);
      // The traits are kept for the re-rendered form.
      expect(node(answer.body, 'traits.email')?.attributes.value).toBe(email);
    }
  });

  it('reports missing and invalid traits per node', async () => {
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('registration');
    const answer = await browser.submit('registration', flow, {
      method: 'password',
      traits: { email: 'not-an-address', name: { first: '', last: 7 } },
      password: 'Correct-Horse-Battery-9',
    });
    expect(answer.status).toBe(400);
    expect(node(answer.body, 'traits.email')?.messages[0]?.id).toBe(4000001);
    expect(node(answer.body, 'traits.name.first')?.messages[0]?.id).toBe(4000002);
    expect(node(answer.body, 'traits.name.last')?.messages[0]?.id).toBe(4000002);
  });

  it('registers, signs in (aal1), starts verification and mails (logs) its code', async () => {
    const email = newAddress('ada');
    logged.length = 0;
    const { browser, status, body } = await register(t.app, email);
    expect(status).toBe(200);
    const session = body.session as {
      authenticator_assurance_level: string;
      identity: { id: string };
    };
    expect(session.authenticator_assurance_level).toBe('aal1');
    const identity = body.identity as {
      id: string;
      traits: { email: string };
      verifiable_addresses: { value: string; verified: boolean; status: string }[];
    };
    expect(identity.traits.email).toBe(email);
    expect(identity.verifiable_addresses).toEqual([
      expect.objectContaining({ value: email, verified: false, status: 'pending' }),
    ]);
    const continueWith = body.continue_with as {
      action: string;
      flow: { id: string; verifiable_address: string };
    }[];
    expect(continueWith[0]?.action).toBe('show_verification_ui');
    expect(continueWith[0]?.flow.verifiable_address).toBe(email);
    // Without VIGIL_SMTP_URL the link is one log line.
    const line = logged.find((entry) => entry.includes(continueWith[0]?.flow.id ?? '?'));
    expect(line).toMatch(/^\[vigil mail\] not sent \(VIGIL_SMTP_URL is not set\)/);
    expect(line).toMatch(/\/verification\?flow=[0-9a-f-]{36}&code=\d{6}$/);

    // Signed in: whoami, the people row (no role: a viewer), the verification flow opens.
    const whoami = await browser.whoami();
    expect(whoami.status).toBe(200);
    const person = await db.query<{ email: string; name: string; type: string }>(
      'SELECT email, name, type FROM people WHERE id = $1',
      [identity.id],
    );
    expect(person.rows[0]).toEqual({ email, name: 'Test User', type: 'user' });
    const roles = await db.query('SELECT 1 FROM casbin_rule WHERE v0 = $1', [identity.id]);
    expect(roles.rows).toHaveLength(0);
    const auth = await browser.request('/api/auth/whoami');
    expect(auth.status).toBe(200);
    const verification = await browser.fetchFlow('verification', continueWith[0]?.flow.id ?? '');
    expect(verification.status).toBe(200);
    expect(verification.body.state).toBe('sent_email');
    expect(node(verification.body, 'code')).toBeDefined();

    // A signed-in browser cannot register again.
    const again = await browser.start('registration');
    expect(again.status).toBe(400);
    expect(errorId(again.body as never)).toBe('session_already_available');
  });

  it('refuses a taken address with 4000007 (case-insensitively, demo accounts too)', async () => {
    const email = newAddress('dup');
    expect((await register(t.app, email)).status).toBe(200);
    for (const taken of [email.toUpperCase(), DEMO_ACCOUNTS[0]?.email ?? '']) {
      const answer = await register(t.app, taken);
      expect(answer.status).toBe(400);
      expect(answer.body.ui.messages).toEqual([
        {
          id: 4000007,
          text: 'An account with the same identifier (email, phone, username, ...) exists already.',
          type: 'error',
        },
      ]);
    }
  });

  it('answers bad input with 4xx Kratos errors, never 500', async () => {
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('registration');
    const post = (query: string, body: string) =>
      browser.request(`/api/kratos/self-service/registration${query}`, { method: 'POST', body });
    const cases: [string, string, number][] = [
      ['?flow=not-a-uuid', '{}', 404],
      ['', '{}', 404],
      ['?flow=00000000-0000-0000-0000-000000000000', '{}', 404],
      [`?flow=${flow.id}`, '{not json', 400],
      [`?flow=${flow.id}`, '[1,2]', 400],
      [`?flow=${flow.id}`, JSON.stringify({ csrf_token: 'forged', method: 'password' }), 403],
      [
        `?flow=${flow.id}`,
        JSON.stringify({
          csrf_token: flow.ui.nodes[0]?.attributes.value,
          method: 7,
          traits: 'x',
          password: [],
        }),
        400,
      ],
      [
        `?flow=${flow.id}`,
        JSON.stringify({
          csrf_token: flow.ui.nodes[0]?.attributes.value,
          method: 'password',
          traits: {
            email: `${'a'.repeat(5000)}@example.test`,
            name: { first: 'x'.repeat(5000), last: {} },
          },
          password: 'p'.repeat(100_000),
        }),
        400,
      ],
    ];
    for (const [query, body, status] of cases) {
      const response = await post(query, body);
      expect(response.status, `${query} ${body.slice(0, 60)}`).toBe(status);
      expect(await response.json()).toHaveProperty(
        status === 400 && body.startsWith('{"csrf') ? 'ui' : 'error',
      );
    }
    const expired = await db.query(
      `UPDATE vigil_flows SET expires_at = now() - interval '1 minute' WHERE id = $1 RETURNING 1`,
      [flow.id],
    );
    expect(expired.rows).toHaveLength(1);
    const gone = await browser.fetchFlow('registration', flow.id);
    expect(gone.status).toBe(410);
    expect(errorId(gone.body as never)).toBe('self_service_flow_expired');
    const unknownKind = await browser.request('/api/kratos/self-service/unknown/browser');
    expect(unknownKind.status).toBe(404);
  });

  it('can be turned off by the identity.registration.disabled property; sign-in still works', async () => {
    const off = buildApp(db, {
      auth: 'basic',
      properties: JSON.stringify({ 'identity.registration.disabled': 'true' }),
    });
    const browser = new Browser(off.app);
    const started = await browser.start('registration');
    expect(started.status).toBe(400);
    expect(errorId(started.body as never)).toBe('self_service_flow_disabled');
    expect((started.body as unknown as { error: { reason: string } }).error.reason).toBe(
      'Registration is not allowed because it was disabled.',
    );
    // The database property works as well.
    await db.query(
      `INSERT INTO properties (name, value) VALUES ('identity.registration.disabled', 'true')`,
    );
    const fromDb = await new Browser(t.app).start('registration');
    expect(fromDb.status).toBe(400);
    await db.query(`DELETE FROM properties WHERE name = 'identity.registration.disabled'`);
    const login = await new Browser(off.app).start('login');
    expect(login.status).toBe(200);
  });
});
