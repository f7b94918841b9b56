/**
 * Notification delivery for real (issue 15 §3): the test starts an HTTP service that a new health
 * check probes (500 = failing), a webhook receiver and an SMTP server. An admin adds a rule (a
 * generic webhook and an e-mail connection) and the canary; the server's runner finds the check
 * failing, the dispatcher delivers 'Check … has failed' to the receiver and by e-mail (content
 * checked); the check recovers (sent), fails again within the repeat interval (repeat-interval);
 * a silence made through POST /api/notification/silence holds the next change back (silenced);
 * the send history screen shows the statuses. axe runs on the page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { storageStatePath } from './accounts';
import { expectAccessible } from './axe';

interface HistoryRow {
  status: string;
  source_event: string;
  count: number;
  error: string | null;
}

let probe: Server;
let smtp: SMTPServer;
let failing = true;
const hooks: { title: string; message: string }[] = [];
const mails: { to: string[]; raw: string }[] = [];
let base = '';
let smtpPort = 0;

test.beforeAll(async () => {
  probe = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/hook') {
        hooks.push(JSON.parse(Buffer.concat(chunks).toString()) as (typeof hooks)[number]);
        response.writeHead(200).end('ok');
        return;
      }
      response.writeHead(failing ? 500 : 200).end(failing ? 'down' : 'up');
    });
  });
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

test.afterAll(async () => {
  probe.closeAllConnections();
  await new Promise((resolve) => probe.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

test.use({ storageState: storageStatePath('admin') });

test('a failing check is delivered by webhook and e-mail; repeat interval and silence hold sends back', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const checkName = `e2e delivery ${suffix}`;
  const api: APIRequestContext = page.request;
  const write = { headers: { Origin: baseURL ?? '' } };

  const connection = await api.post('/api/db/connections', {
    ...write,
    data: {
      name: `e2e-mail-${suffix}`,
      namespace: 'default',
      type: 'email',
      url: '127.0.0.1',
      properties: {
        port: smtpPort,
        from: 'alerts@e2e.test',
        encryptionMethod: 'None',
        to: 'oncall@e2e.test',
      },
    },
  });
  expect(connection.status()).toBe(201);
  const rule = await api.post('/api/db/notifications', {
    ...write,
    headers: { ...write.headers, Prefer: 'return=representation' },
    data: {
      name: `e2e-delivery-${suffix}`,
      namespace: 'default',
      events: ['check.failed', 'check.passed'],
      filter: `check.name == '${checkName}'`,
      custom_services: [
        { name: 'generic_webhook', url: `${base}/hook` },
        { name: 'email', connection: `connection://default/e2e-mail-${suffix}` },
      ],
      repeat_interval: '1h',
      person_id: null,
      team_id: null,
      source: 'UI',
    },
  });
  expect(rule.status()).toBe(201);
  const ruleId = ((await rule.json()) as { id: string }[])[0]?.id ?? '';
  const canary = await api.post('/api/db/canaries', {
    ...write,
    data: {
      name: `e2e-delivery-${suffix}`,
      namespace: 'default',
      spec: { schedule: '@every 1h', http: [{ name: checkName, url: `${base}/probe` }] },
    },
  });
  expect(canary.status()).toBe(201);

  // The runner syncs the canary (within 15 s), runs the new check at once and finds it failing.
  await expect
    .poll(() => hooks.map((hook) => hook.title), { timeout: 60_000 })
    .toContain(`Check ${checkName} has failed`);
  expect(hooks.find((hook) => hook.title.includes(checkName))?.message).toContain('HTTP');
  await expect.poll(() => mails.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const mail = mails.find((item) => item.raw.includes(checkName));
  expect(mail?.to).toEqual(['oncall@e2e.test']);
  expect(mail?.raw).toContain(`Subject: Check ${checkName} has failed`);

  const history = async (): Promise<HistoryRow[]> => {
    const response = await api.get(
      `/api/db/notification_send_history?notification_id=eq.${ruleId}&select=status,source_event,count,error&order=created_at.asc`,
    );
    expect(response.status()).toBe(200);
    return (await response.json()) as HistoryRow[];
  };
  await expect
    .poll(async () => (await history()).map((row) => row.status))
    .toEqual(['sent', 'sent']);

  const checks = await api.get(
    `/api/db/checks?name=eq.${encodeURIComponent(checkName)}&deleted_at=is.null&select=id`,
  );
  const checkId = ((await checks.json()) as { id: string }[])[0]?.id ?? '';
  expect(checkId).not.toBe('');
  const runNow = async () => {
    const run = await api.post(`/api/canary/run/check/${checkId}`, write);
    expect(run.status()).toBe(200);
  };

  // Recovers: check.passed is sent; fails again within the hour: repeat-interval.
  failing = false;
  await runNow();
  await expect
    .poll(() => hooks.map((hook) => hook.title), { timeout: 30_000 })
    .toContain(`Check ${checkName} has passed`);
  failing = true;
  await runNow();
  await expect
    .poll(async () => (await history()).map((row) => `${row.source_event} ${row.status}`), {
      timeout: 30_000,
    })
    .toContain('check.failed repeat-interval');

  // A silence on the check: the next change is held back.
  const silence = await api.post('/api/notification/silence', {
    ...write,
    data: { from: 'now', until: 'now+1h', description: 'e2e maintenance', check_id: checkId },
  });
  expect(silence.status()).toBe(200);
  failing = false;
  await runNow();
  await expect
    .poll(async () => (await history()).map((row) => `${row.source_event} ${row.status}`), {
      timeout: 30_000,
    })
    .toContain('check.passed silenced');
  expect(hooks.filter((hook) => hook.title === `Check ${checkName} has passed`)).toHaveLength(1);

  // The send history screen shows them.
  await page.goto('/notifications');
  const rows = page.getByRole('row').filter({ hasText: checkName });
  await expect(rows.filter({ hasText: 'Silenced' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(rows.filter({ hasText: 'Repeated' }).first()).toBeVisible();
  await expectAccessible(page, 'send history with delivered, repeated and silenced sends');
});
