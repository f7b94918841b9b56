import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { codeIn, Mailbox } from '../../tests/e2e/mailbox';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';
import {
  Browser,
  csrfOf,
  errorId,
  type FlowBody,
  names,
  newAddress,
  node,
  passwordLogin,
  register,
} from './fixtures/kratos';

let db: Db;
let t: TestApp;
/** A real SMTP server (the e2e tests' one): mails arrive before the request that sent them ends. */
const mailbox = new Mailbox();

beforeAll(async () => {
  const port = await mailbox.start(0);
  db = await openTestDb();
  t = buildApp(db, {
    auth: 'basic',
    smtpUrl: `smtp://127.0.0.1:${port}/?from=vigil@example.test&encryption=None`,
  });
});
afterAll(async () => {
  await mailbox.stop();
  await db.close();
});

/** The decoded text (headers and body) of the last mail to `address`. */
async function mailTo(address: string): Promise<string> {
  return (await mailbox.waitFor(address)).text;
}

/** The code of the last mail to `address`. */
async function codeFor(address: string): Promise<string> {
  return codeIn(await mailbox.waitFor(address));
}

describe('verification with the code method', () => {
  it('mails a code at registration; the code verifies the address once', async () => {
    const email = newAddress('verify');
    const mark = mailbox.count();
    const registered = await register(t.app, email);
    expect(registered.status).toBe(200);
    const flowId = (registered.body.continue_with as { flow: { id: string } }[])[0]?.flow.id ?? '';
    expect(mailbox.count()).toBe(mark + 1);
    const mail = await mailTo(email);
    expect(mail).toMatch(/Subject: Please verify your email address/);
    expect(mail).toContain(`/verification?flow=${flowId}&code=${await codeFor(email)}`);

    const browser = registered.browser;
    const { body: flow } = await browser.fetchFlow('verification', flowId);
    expect(names(flow)).toEqual(['default:csrf_token', 'code:code', 'code:method', 'code:email']);
    const wrong = await browser.submit('verification', flow, {
      method: 'code',
      code: '000000' === (await codeFor(email)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages?.[0]?.id).toBe(4070006);
    const right = await browser.submit('verification', flow, {
      method: 'code',
      code: await codeFor(email),
    });
    expect(right.status).toBe(200);
    expect(right.body.state).toBe('passed_challenge');
    expect(right.body.ui.messages?.[0]?.id).toBe(1080002);
    const whoami = await browser.whoami();
    const identity = (whoami.body.identity ?? {}) as {
      verifiable_addresses: { verified: boolean; status: string }[];
    };
    expect(identity.verifiable_addresses[0]).toMatchObject({ verified: true, status: 'completed' });
    // Single use: the flow is done.
    const again = await browser.submit('verification', flow, {
      method: 'code',
      code: await codeFor(email),
    });
    expect(again.status).toBe(400);
  });

  it('takes 5 wrong codes per flow, then not even the right one', async () => {
    const email = newAddress('attempts');
    await register(t.app, email);
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('verification');
    const sent = await browser.submit('verification', flow, { method: 'code', email });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages?.[0]?.id).toBe(1080003);
    const code = await codeFor(email);
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await browser.submit('verification', flow, {
        method: 'code',
        code: wrongCode,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.ui.messages?.[0]?.id).toBe(attempt < 5 ? 4070006 : 4000036);
    }
    const late = await browser.submit('verification', flow, { method: 'code', code });
    expect(late.status).toBe(400);
    expect(late.body.ui.messages?.[0]?.id).toBe(4000036);
    // Resending gives a new code that works.
    const resent = await browser.submit('verification', flow, { method: 'code', email });
    expect(resent.status).toBe(200);
    const ok = await browser.submit('verification', flow, {
      method: 'code',
      code: await codeFor(email),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('passed_challenge');
  });

  it('a link opened in another browser binds the flow there', async () => {
    const email = newAddress('link');
    const registered = await register(t.app, email);
    const flowId = (registered.body.continue_with as { flow: { id: string } }[])[0]?.flow.id ?? '';
    const other = new Browser(t.app);
    const { status, body } = await other.fetchFlow('verification', flowId);
    expect(status).toBe(200);
    const done = await other.submit('verification', body, {
      method: 'code',
      code: await codeFor(email),
    });
    expect(done.status).toBe(200);
  });
});

describe('recovery with the code method', () => {
  it('answers an unknown address like a known one and mails nothing', async () => {
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('recovery');
    expect(names(flow)).toEqual(['default:csrf_token', 'code:email', 'code:method']);
    const before = mailbox.count();
    const answer = await browser.submit('recovery', flow, {
      method: 'code',
      email: 'nobody@example.test',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe('sent_email');
    expect(answer.body.ui.messages?.[0]?.id).toBe(1060003);
    expect(mailbox.count()).toBe(before);
    const guess = await browser.submit('recovery', flow, { method: 'code', code: '123456' });
    expect(guess.status).toBe(400);
    expect(guess.body.ui.messages?.[0]?.id).toBe(4060006);
  });

  it('mails no link to a host the request names (reset-link poisoning), only the code', async () => {
    // A server reachable from the network (on loopback, other hosts are refused outright).
    const open = buildApp(db, { auth: 'basic', smtpUrl: t.config.smtpUrl, host: '0.0.0.0' });
    const email = newAddress('poison');
    await register(open.app, email, 'First-Password-Long-1');
    const browser = new Browser(open.app);
    const evil = 'http://evil.example';
    const started = await browser.request(`${evil}/api/kratos/self-service/recovery/browser`, {
      headers: { origin: evil },
    });
    const flow = (await started.json()) as FlowBody;
    const sent = await browser.request(`${evil}/api/kratos/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { origin: evil },
      body: JSON.stringify({ csrf_token: csrfOf(flow), method: 'code', email }),
    });
    expect(sent.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('opening this link');
    expect(await codeFor(email)).toMatch(/^\d{6}$/);
  });

  it('links to VIGIL_PUBLIC_URL when it is set, whatever the request names', async () => {
    const app = buildApp(db, {
      auth: 'basic',
      smtpUrl: t.config.smtpUrl,
      host: '0.0.0.0',
      publicUrl: 'https://vigil.example.com',
    });
    const email = newAddress('public');
    await register(app.app, email, 'First-Password-Long-1');
    const browser = new Browser(app.app);
    const evil = 'http://evil.example';
    const started = await browser.request(`${evil}/api/kratos/self-service/recovery/browser`, {
      headers: { origin: evil },
    });
    const flow = (await started.json()) as FlowBody;
    await browser.request(`${evil}/api/kratos/self-service/recovery?flow=${flow.id}`, {
      method: 'POST',
      headers: { origin: evil },
      body: JSON.stringify({ csrf_token: csrfOf(flow), method: 'code', email }),
    });
    const mail = await mailTo(email);
    expect(mail).toContain(`https://vigil.example.com/recovery?flow=${flow.id}&code=`);
    expect(mail).not.toContain('evil.example');
  });

  it('recovers: a privileged session and a settings flow to set a new password', async () => {
    const email = newAddress('recover');
    await register(t.app, email, 'First-Password-Long-1');
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('recovery');
    const sent = await browser.submit('recovery', flow, { method: 'code', email });
    expect(sent.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail).toMatch(/Subject: Recover access to your Vigil account/);
    const wrong = await browser.submit('recovery', flow, {
      method: 'code',
      code: (await codeFor(email)) === '999999' ? '999998' : '999999',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages?.[0]?.id).toBe(4060006);

    const done = await browser.submit('recovery', flow, {
      method: 'code',
      code: await codeFor(email),
    });
    expect(done.status).toBe(422);
    expect(errorId(done.body)).toBe('browser_location_change_required');
    const to = done.body.redirect_browser_to as string;
    expect(to).toMatch(/^\/profile-settings\?flow=[0-9a-f-]{36}$/);
    const whoami = await browser.whoami();
    expect(whoami.status).toBe(200);
    expect(whoami.body.authenticator_assurance_level).toBe('aal1');

    const settingsId = to.split('flow=')[1] ?? '';
    const settings = await browser.fetchFlow('settings', settingsId);
    expect(settings.status).toBe(200);
    const saved = await browser.submit('settings', settings.body, {
      method: 'password',
      password: 'Second-Password-Long-2',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.state).toBe('success');
    expect(saved.body.ui.messages).toEqual([
      { id: 1050001, text: 'Your changes have been saved!', type: 'success' },
    ]);
    expect((await passwordLogin(t.app, email, 'First-Password-Long-1')).status).toBe(400);
    expect((await passwordLogin(t.app, email, 'Second-Password-Long-2')).status).toBe(200);
    // The recovery flow is gone: its code cannot be used twice.
    const reuse = await new Browser(t.app).fetchFlow('recovery', flow.id);
    expect(reuse.status).toBe(404);
  });

  it('a recovery flow answers 403 in another browser, 404 for unknown ids', async () => {
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('recovery');
    const other = new Browser(t.app);
    const stolen = await other.fetchFlow('recovery', flow.id);
    expect(stolen.status).toBe(403);
    expect(errorId(stolen.body as never)).toBe('security_csrf_violation');
    expect((await other.fetchFlow('recovery', 'nope')).status).toBe(404);
    const bad = await browser.submit('recovery', flow, { method: 'code', email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(node(bad.body, 'email')?.messages[0]?.id).toBe(4000001);
    const empty = await browser.submit('recovery', flow, { method: 'code' });
    expect(empty.status).toBe(400);
    expect(node(empty.body, 'email')?.messages[0]?.id).toBe(4000002);
  });

  it('limits mails per address', async () => {
    const email = newAddress('flood');
    await register(t.app, email);
    const browser = new Browser(t.app);
    const { body: flow } = await browser.start('recovery');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await browser.submit('recovery', flow, { method: 'code', email })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
