import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { KRATOS_MESSAGES } from '../src/routes/kratos';
import { DEMO_ACCOUNTS } from '../src/seed/demo';
import {
  buildApp,
  cookiesOf,
  openTestDb,
  startLogin,
  submitLogin,
  type TestApp,
} from './fixtures/app';

let db: Db;
let t: TestApp;

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' });
});
afterAll(async () => db.close());

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin');
if (!admin) throw new Error('no demo admin');

describe('Kratos login flow (basic mode)', () => {
  it('whoami without a session is 401', async () => {
    const response = await t.app.request('/api/kratos/sessions/whoami');
    expect(response.status).toBe(401);
    const auth = await t.app.request('/api/auth/whoami');
    expect(auth.status).toBe(401);
    expect(await auth.text()).toBe('Not logged in');
  });

  it('starts a flow with csrf, identifier, password and submit nodes', async () => {
    const flow = await startLogin(t.app, '', '?return_to=%2Fhealth%3Ftab%3Dall');
    const body = flow.body as {
      type: string;
      return_to: string;
      ui: {
        method: string;
        action: string;
        nodes: { group: string; attributes: { name: string; type: string } }[];
      };
    };
    expect(body.type).toBe('browser');
    expect(body.return_to).toBe('/health?tab=all');
    expect(body.ui.method).toBe('POST');
    expect(body.ui.action).toContain(`/api/kratos/self-service/login?flow=${flow.id}`);
    expect(
      body.ui.nodes.map((node) => [node.group, node.attributes.name, node.attributes.type]),
    ).toEqual([
      ['default', 'csrf_token', 'hidden'],
      ['default', 'identifier', 'text'],
      ['password', 'password', 'password'],
      ['password', 'method', 'submit'],
    ]);
    expect(flow.cookie).toMatch(/vigil_csrf=/);
    const fetched = await t.app.request(`/api/kratos/self-service/login/flows?id=${flow.id}`, {
      headers: { Cookie: flow.cookie },
    });
    expect(fetched.status).toBe(200);
    expect(((await fetched.json()) as { id: string }).id).toBe(flow.id);
  });

  it('rejects a return_to that is not a same-origin relative path', async () => {
    for (const target of [
      'https://evil.example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
    ]) {
      const response = await t.app.request(
        `/api/kratos/self-service/login/browser?return_to=${encodeURIComponent(target)}`,
        {
          headers: { Accept: 'application/json' },
        },
      );
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { id: string } };
      expect(body.error.id).toBe('self_service_flow_return_to_forbidden');
    }
  });

  it('a bad password answers 400 with the flow and the Kratos message', async () => {
    const flow = await startLogin(t.app);
    const response = await submitLogin(t.app, flow, admin.email, 'wrong-password');
    expect(response.status).toBe(400);
    expect(
      response.headers.getSetCookie().some((cookie) => cookie.startsWith('vigil_session=')),
    ).toBe(false);
    const body = (await response.json()) as {
      id: string;
      ui: {
        messages: { id: number; text: string; type: string }[];
        nodes: { attributes: { name: string; value?: unknown } }[];
      };
    };
    expect(body.id).toBe(flow.id);
    expect(body.ui.messages).toEqual([KRATOS_MESSAGES.invalidCredentials]);
    expect(body.ui.messages[0]?.id).toBe(4000006);
    // The identifier is kept for the re-rendered form.
    expect(
      body.ui.nodes.find((node) => node.attributes.name === 'identifier')?.attributes.value,
    ).toBe(admin.email);
  });

  it('an unknown user gets the same message', async () => {
    const flow = await startLogin(t.app);
    const response = await submitLogin(t.app, flow, 'nobody@vigil.local', 'whatever');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { ui: { messages: { id: number }[] } };
    expect(body.ui.messages[0]?.id).toBe(4000006);
  });

  it('a missing or wrong CSRF token is refused', async () => {
    const flow = await startLogin(t.app);
    const response = await t.app.request(`/api/kratos/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Cookie: flow.cookie,
      },
      body: JSON.stringify({
        method: 'password',
        identifier: admin.email,
        password: admin.password,
        csrf_token: 'forged',
      }),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { id: string } }).error.id).toBe(
      'security_csrf_violation',
    );
  });

  it('a malformed body is 400 with an error object, unknown flows 404', async () => {
    const flow = await startLogin(t.app);
    const bad = await t.app.request(`/api/kratos/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Cookie: flow.cookie,
      },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('error');
    const unknown = await t.app.request('/api/kratos/self-service/login/flows?id=not-a-uuid');
    expect(unknown.status).toBe(404);
    const errors = await t.app.request('/api/kratos/self-service/errors?id=abc');
    expect(errors.status).toBe(404);
  });

  it('an expired flow answers 410', async () => {
    const flow = await startLogin(t.app);
    await db.query(
      `UPDATE vigil_flows SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [flow.id],
    );
    const response = await submitLogin(t.app, flow, admin.email, admin.password);
    expect(response.status).toBe(410);
    expect(((await response.json()) as { error: { id: string } }).error.id).toBe(
      'self_service_flow_expired',
    );
  });

  it('logs in, sets an HttpOnly SameSite=Lax cookie, serves whoami, then logs out', async () => {
    const flow = await startLogin(t.app);
    const response = await submitLogin(t.app, flow, admin.username, admin.password);
    expect(response.status).toBe(200);
    const sessionCookie = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('vigil_session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
    const body = (await response.json()) as {
      session: { active: boolean; identity: { traits: { email: string } } };
    };
    expect(body.session.active).toBe(true);
    expect(body.session.identity.traits.email).toBe(admin.email);
    const cookie = cookiesOf(response, flow.cookie);

    const kratosWhoami = await t.app.request('/api/kratos/sessions/whoami', {
      headers: { Cookie: cookie },
    });
    expect(kratosWhoami.status).toBe(200);
    const session = (await kratosWhoami.json()) as {
      authenticator_assurance_level: string;
      expires_at: string;
    };
    expect(session.authenticator_assurance_level).toBe('aal1');
    expect(Date.parse(session.expires_at)).toBeGreaterThan(Date.now());

    const whoami = await t.app.request('/api/auth/whoami', { headers: { Cookie: cookie } });
    expect(whoami.status).toBe(200);
    const me = (await whoami.json()) as {
      message: string;
      payload: { user: { name: string; email: string }; roles: string[] };
    };
    expect(me.message).toBe('success');
    expect(me.payload.user).toMatchObject({
      name: `${admin.firstName} ${admin.lastName}`,
      email: admin.email,
    });
    expect(me.payload.roles).toEqual(['admin']);

    // A second login while signed in is refused with session_already_available.
    const again = await t.app.request('/api/kratos/self-service/login/browser', {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { id: string } }).error.id).toBe(
      'session_already_available',
    );

    const logoutFlow = await t.app.request('/api/kratos/self-service/logout/browser', {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(logoutFlow.status).toBe(200);
    const { logout_url: logoutUrl, logout_token: logoutToken } = (await logoutFlow.json()) as {
      logout_url: string;
      logout_token: string;
    };
    expect(logoutUrl).toContain(`/api/kratos/self-service/logout?token=${logoutToken}`);
    const logout = await t.app.request(`/api/kratos/self-service/logout?token=${logoutToken}`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(logout.status).toBe(204);

    const after = await t.app.request('/api/auth/whoami', { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
  });

  it('browser navigation to logout redirects to a safe return_to', async () => {
    const flow = await startLogin(t.app);
    const cookie = cookiesOf(
      await submitLogin(t.app, flow, admin.email, admin.password),
      flow.cookie,
    );
    const logoutFlow = await t.app.request(
      '/api/.ory/self-service/logout/browser?return_to=%2Fhealth',
      { headers: { Accept: 'application/json', Cookie: cookie } },
    );
    const { logout_url: logoutUrl } = (await logoutFlow.json()) as { logout_url: string };
    expect(logoutUrl).toContain('/api/.ory/self-service/logout?');
    const response = await t.app.request(new URL(logoutUrl).pathname + new URL(logoutUrl).search, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/health');
  });

  it('expired sessions answer 401 Session Expired', async () => {
    const flow = await startLogin(t.app);
    const cookie = cookiesOf(
      await submitLogin(t.app, flow, admin.email, admin.password),
      flow.cookie,
    );
    await db.query(`UPDATE vigil_sessions SET expires_at = now() - interval '1 second'`);
    const response = await t.app.request('/api/auth/whoami', { headers: { Cookie: cookie } });
    expect(response.status).toBe(401);
    expect(await response.text()).toBe('Session Expired');
  });

  it('sets Secure on the cookie over https', async () => {
    const flow = await startLogin(t.app);
    const response = await t.app.request(
      `https://vigil.example.com/api/kratos/self-service/login?flow=${flow.id}`,
      {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Forwarded-Proto': 'https',
          Cookie: flow.cookie,
        },
        body: JSON.stringify({
          method: 'password',
          identifier: admin.email,
          password: admin.password,
          csrf_token: flow.csrf,
        }),
      },
    );
    expect(response.status).toBe(200);
    expect(
      response.headers.getSetCookie().find((cookie) => cookie.startsWith('vigil_session=')),
    ).toMatch(/Secure/);
  });
});

describe('access tokens', () => {
  it('authenticate as Bearer and as HTTP Basic user token', async () => {
    const { createAccessToken } = await import('../src/auth/access-tokens');
    const person = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE email = 'viewer@vigil.local'`,
    );
    const id = person.rows[0]?.id ?? '';
    const token = await createAccessToken(db, id, 'test', 60_000);
    const bearer = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(200);
    const basic = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: `Basic ${Buffer.from(`token:${token}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    const stored = await db.query<{ value: string }>(
      `SELECT value FROM access_tokens WHERE name = 'test'`,
    );
    expect(stored.rows[0]?.value).not.toBe(token);
    const wrong = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    await db.query(
      `UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE name = 'test'`,
    );
    const expired = await t.app.request('/api/auth/whoami', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(expired.status).toBe(401);
    expect(await expired.text()).toBe('access token has expired');
  });
});
