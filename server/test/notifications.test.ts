/**
 * Notifications on a real (PGlite) database with a real HTTP receiver (node:http) and a real SMTP
 * server (smtp-server): a failing check written by the runner's store enqueues check.failed, a
 * rule delivers it to a webhook and to Slack through a stored connection, e-mail reaches the SMTP
 * server (subject and body checked), a silence created through POST /api/notification/silence
 * gives 'silenced', a second event within the repeat interval 'repeat-interval', wait-for sends
 * only when the check is still failing ('cancelled' otherwise), a CEL filter excludes, and a
 * refused delivery is retried with backoff ('error' rows with the message, then 'sent').
 * One database for the file; every test uses its own check and rule.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccessToken } from '../src/auth/access-tokens';
import type { Db } from '../src/db/types';
import { NotificationDispatcher } from '../src/notifications/dispatcher';
import { parseSilence } from '../src/routes/notifications';
import { recordOutcome } from '../src/runner/store';
import { lazySecrets } from '../src/secrets/keyring';
import { buildApp, openTestDb, type TestApp } from './fixtures/app';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Mail {
  from: string;
  to: string[];
  raw: string;
}

let db: Db;
let t: TestApp;
let http: Server;
let smtp: SMTPServer;
let base = '';
let smtpPort = 0;
let dispatcher: NotificationDispatcher;
const received: Received[] = [];
const mails: Mail[] = [];
/** Paths answering 503 for their next N requests. */
const failures = new Map<string, number>();
const tokens: Record<string, string> = {};

const ADMIN = '01900000-0000-7000-8000-0000000000a1';
const VIEWER = '01900000-0000-7000-8000-0000000000a2';
const MEMBER = '01900000-0000-7000-8000-0000000000a3';
const EDITOR = '01900000-0000-7000-8000-0000000000a4';
const RESPONDER = '01900000-0000-7000-8000-0000000000a5';
const TEAM = '01900000-0000-7000-8000-0000000000b1';
const CANARY = '01900000-0000-7000-8000-0000000000c1';

let checkSeq = 0;

async function addCheck(name: string, severity = 'critical'): Promise<string> {
  checkSeq += 1;
  const id = `01900000-0000-7000-8000-0000000010${String(checkSeq).padStart(2, '0')}`;
  await db.query(
    `INSERT INTO checks (id, canary_id, type, name, severity, status, created_at)
     VALUES ($1, $2, 'http', $3, $4, 'healthy', now())`,
    [id, CANARY, name, severity],
  );
  return id;
}

/** A check result through the runner's own write path (the trigger enqueues the event). */
async function runResult(checkId: string, pass: boolean, error = 'HTTP 503 from /healthz') {
  await recordOutcome(
    db,
    checkId,
    new Date(),
    {
      pass,
      invalid: false,
      duration: 12,
      message: pass ? 'HTTP 200' : 'HTTP 503',
      ...(pass ? {} : { error }),
    },
    undefined,
  );
}

async function addRule(rule: {
  name: string;
  events: string[];
  filter?: string;
  services?: unknown[];
  person?: string;
  team?: string;
  repeat?: string;
  waitForNs?: number;
  title?: string;
  template?: string;
}): Promise<string> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO notifications (name, namespace, events, filter, custom_services, person_id, team_id,
       repeat_interval, wait_for, title, template, source, created_by)
     VALUES ($1, 'default', $2::text[], $3, $4::jsonb, $5, $6, $7, $8, $9, $10, 'UI', $11)
     RETURNING id`,
    [
      rule.name,
      rule.events,
      rule.filter ?? null,
      rule.services ? JSON.stringify(rule.services) : null,
      rule.person ?? null,
      rule.team ?? null,
      rule.repeat ?? null,
      rule.waitForNs ?? null,
      rule.title ?? null,
      rule.template ?? null,
      ADMIN,
    ],
  );
  return result.rows[0]?.id ?? '';
}

interface HistoryRow {
  status: string;
  count: number;
  error: string | null;
  body: string | null;
  person_id: string | null;
  duration_millis: number | null;
}

async function history(ruleId: string): Promise<HistoryRow[]> {
  const result = await db.query<HistoryRow>(
    `SELECT status, count, error, body, person_id, duration_millis
     FROM notification_send_history WHERE notification_id = $1 ORDER BY created_at, id`,
    [ruleId],
  );
  return result.rows;
}

/** Time passes for the queued sends: their backoff or wait-for has run out. */
async function later(): Promise<void> {
  await db.query(
    `UPDATE event_queue SET created_at = created_at - interval '1 day',
       last_attempt = last_attempt - interval '1 day' WHERE name = 'notification.send'`,
  );
}

const hook = (path: string) => ({ name: 'generic_webhook', url: `${base}${path}` });
const at = (path: string) => received.filter((request) => request.path === path);

beforeAll(async () => {
  db = await openTestDb();
  t = buildApp(db, { auth: 'basic' });
  await db.query(
    `INSERT INTO people (id, name, email, type) VALUES
       ($1, 'Ada Admin', 'ada@example.com', 'user'),
       ($2, 'Vic Viewer', 'vic@example.com', 'user'),
       ($3, 'Mo Member', 'mo@example.com', 'user'),
       ($4, 'Ed Editor', 'ed@example.com', 'user'),
       ($5, 'Rey Responder', 'rey@example.com', 'user')`,
    [ADMIN, VIEWER, MEMBER, EDITOR, RESPONDER],
  );
  const roles = { admin: ADMIN, viewer: VIEWER, editor: EDITOR, responder: RESPONDER };
  for (const [role, person] of Object.entries(roles)) {
    await db.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [person, role]);
    tokens[role] = await createAccessToken(db, person, 'test', undefined);
  }
  await db.query(`INSERT INTO teams (id, name, created_by) VALUES ($1, 'SRE', $2)`, [TEAM, ADMIN]);
  await db.query(`INSERT INTO team_members (team_id, person_id) VALUES ($1, $2), ($1, $3)`, [
    TEAM,
    ADMIN,
    MEMBER,
  ]);
  await db.query(
    `INSERT INTO canaries (id, name, namespace, spec, created_at) VALUES ($1, 'shop', 'shop', '{}'::jsonb, now())`,
    [CANARY],
  );

  http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        response.writeHead(503, { 'content-type': 'text/plain' }).end('receiver overloaded');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  await db.query(
    `INSERT INTO connections (name, namespace, type, url, properties)
     VALUES ('chat', 'default', 'slack', $1, '{"channel": "#ops"}'::jsonb),
            ('mail', 'default', 'email', '127.0.0.1', $2::jsonb)`,
    [
      `${base}/slack`,
      JSON.stringify({
        port: smtpPort,
        from: 'alerts@example.com',
        fromName: 'Vigil Alerts',
        encryptionMethod: 'None',
        to: 'oncall@example.com',
      }),
    ],
  );

  dispatcher = new NotificationDispatcher(db, lazySecrets(db), {
    retryBaseMs: 60_000,
    timeoutMs: 3_000,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}/?from=vigil@example.com&encryption=None`,
    publicUrl: 'https://vigil.example.com',
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await dispatcher.stop();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await db.close();
});

beforeEach(async () => {
  // Rules of earlier tests stay, but each test's check has its own name and rules filter on it.
  await db.query(`DELETE FROM event_queue`);
});

describe('notification dispatcher', () => {
  it('a failing check fires its rule: webhook and Slack (stored connection) receive the payload', async () => {
    const check = await addCheck('checkout /healthz');
    const rule = await addRule({
      name: 'webhook-and-slack',
      events: ['check.failed'],
      filter: "check.name == 'checkout /healthz'",
      services: [hook('/hook/a'), { name: 'slack', connection: 'connection://default/chat' }],
    });
    await runResult(check, false);
    const queued = await db.query(`SELECT name FROM event_queue`);
    expect(queued.rows).toEqual([{ name: 'check.failed' }]);

    const counts = await dispatcher.drain();
    expect(counts.sent).toBe(2);

    const [webhook] = at('/hook/a');
    expect(webhook?.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(webhook?.body ?? '{}') as { title: string; message: string };
    expect(payload.title).toBe('Check checkout /healthz has failed');
    expect(payload.message).toContain('Canary: shop');
    expect(payload.message).toContain('Error: HTTP 503 from /healthz');
    expect(payload.message).toContain(`https://vigil.example.com/health?checkId=${check}`);

    const [slack] = at('/slack');
    const slackBody = JSON.parse(slack?.body ?? '{}') as {
      text: string;
      channel: string;
      blocks: { type: string; text: { text: string } }[];
    };
    expect(slackBody.channel).toBe('#ops');
    expect(slackBody.blocks[0]).toMatchObject({
      type: 'header',
      text: { text: 'Check checkout /healthz has failed' },
    });
    expect(slackBody.text).toContain('<https://vigil.example.com/health?checkId=');

    const rows = await history(rule);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(rows[0]?.body).toContain('Check checkout /healthz has failed');
    expect(rows[0]?.duration_millis).toBeGreaterThanOrEqual(0);
    // The queue is empty again: both stages deleted their events.
    expect((await db.query(`SELECT 1 FROM event_queue`)).rows).toHaveLength(0);
  });

  it('e-mail: a person, a team and an e-mail connection receive the message over SMTP', async () => {
    const check = await addCheck('payments /ready');
    const rule = await addRule({
      name: 'mail',
      events: ['check.failed'],
      filter: "check.name == 'payments /ready'",
      title: 'ALERT {{.check.name}} ({{.check.severity}})',
      template: 'Check {{.check.name}} in {{.canary.name}} failed: {{.status.error}}',
      person: VIEWER,
      services: [{ name: 'email', connection: 'connection://default/mail' }],
    });
    const teamRule = await addRule({
      name: 'mail-team',
      events: ['check.failed'],
      filter: "check.name == 'payments /ready'",
      team: TEAM,
    });
    await runResult(check, false, 'connection refused');
    await dispatcher.drain();

    const person = mails.find((mail) => mail.to.includes('vic@example.com'));
    expect(person?.from).toBe('vigil@example.com');
    expect(person?.raw).toMatch(/^Subject: ALERT payments \/ready \(critical\)$/m);
    expect(person?.raw).toContain('Check payments /ready in shop failed: connection refused');

    const viaConnection = mails.find((mail) => mail.to.includes('oncall@example.com'));
    expect(viaConnection?.from).toBe('alerts@example.com');
    expect(viaConnection?.raw).toMatch(/^From: Vigil Alerts <alerts@example.com>$/m);

    const team = mails.find((mail) => mail.to.includes('mo@example.com'));
    expect(team?.to.sort()).toEqual(['ada@example.com', 'mo@example.com']);
    expect(team?.raw).toMatch(/^Subject: Check payments \/ready has failed$/m);

    const rows = await history(rule);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
    expect(rows.map((row) => row.person_id)).toContain(VIEWER);
    expect((await history(teamRule)).map((row) => row.status)).toEqual(['sent']);
  });

  it('a silence made through POST /api/notification/silence holds the send back: silenced', async () => {
    const check = await addCheck('legacy dns');
    const rule = await addRule({
      name: 'silenced',
      events: ['check.failed'],
      filter: "check.name == 'legacy dns'",
      services: [hook('/hook/silenced')],
    });
    const request = (body: unknown, token = tokens.admin) =>
      t.app.request('/api/notification/silence', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token ?? ''}` },
        body: JSON.stringify(body),
      });
    // The role table: write on notifications (admin, editor); viewers and responders are refused.
    for (const role of ['viewer', 'responder']) {
      const refused = await request(
        { from: 'now', until: 'now+2h', check_id: check },
        tokens[role],
      );
      expect(refused.status).toBe(403);
    }
    // An editor may; this one is for tomorrow, so it does not silence anything today.
    const tomorrow = await request(
      { from: 'now+1d', until: 'now+2d', check_id: check },
      tokens.editor,
    );
    expect(tomorrow.status).toBe(200);
    const bad = await request({ from: 'now', until: 'now+2h' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'at least one of `config_id`, `canary_id`, `check_id` or `component_id` is required',
    });
    const missing = await request({ from: 'now', until: 'now+1h', check_id: CANARY });
    expect(missing.status).toBe(404);
    const created = await request({
      from: 'now-1m',
      until: 'now+2h',
      description: 'DNS retirement',
      check_id: check,
    });
    expect(created.status).toBe(200);
    expect(await created.text()).toBe('');
    const silence = await db.query<{ source: string; created_by: string; namespace: string }>(
      `SELECT source, created_by, namespace FROM notification_silences
       WHERE check_id = $1 ORDER BY "from"`,
      [check],
    );
    expect(silence.rows).toEqual([
      { source: 'UI', created_by: ADMIN, namespace: '' },
      { source: 'UI', created_by: EDITOR, namespace: '' },
    ]);

    await runResult(check, false);
    await dispatcher.drain();
    await runResult(check, true);
    await runResult(check, false);
    await dispatcher.drain();
    expect(at('/hook/silenced')).toHaveLength(0);
    expect(await history(rule)).toMatchObject([{ status: 'silenced', count: 2 }]);

    // A silence on the canary covers its checks too.
    await db.query(`UPDATE notification_silences SET deleted_at = now() WHERE check_id = $1`, [
      check,
    ]);
    const other = await addCheck('legacy dns 2');
    await db.query(`UPDATE notifications SET filter = $2 WHERE id = $1`, [
      rule,
      "check.name.startsWith('legacy dns')",
    ]);
    expect(
      (await request({ from: 'now', until: 'now+1h', canary_id: CANARY, recursive: true })).status,
    ).toBe(200);
    await runResult(other, false);
    await dispatcher.drain();
    expect(at('/hook/silenced')).toHaveLength(0);
    await db.query(`UPDATE notification_silences SET deleted_at = now() WHERE canary_id = $1`, [
      CANARY,
    ]);
  });

  it('repeat interval: a second failure within the interval is repeat-interval, not sent', async () => {
    const check = await addCheck('search /q');
    const rule = await addRule({
      name: 'repeat',
      events: ['check.failed'],
      filter: "check.name == 'search /q'",
      services: [hook('/hook/repeat')],
      repeat: '4h',
    });
    await runResult(check, false);
    await dispatcher.drain();
    await runResult(check, true);
    await runResult(check, false);
    await dispatcher.drain();
    await runResult(check, true);
    await runResult(check, false);
    await dispatcher.drain();
    expect(at('/hook/repeat')).toHaveLength(1);
    expect(await history(rule)).toMatchObject([
      { status: 'sent', count: 1 },
      { status: 'repeat-interval', count: 2 },
    ]);
  });

  it('wait-for: sends only when the check still fails after the delay, else cancelled', async () => {
    const check = await addCheck('flaky /ping');
    const rule = await addRule({
      name: 'wait',
      events: ['check.failed'],
      filter: "check.name == 'flaky /ping'",
      services: [hook('/hook/wait')],
      waitForNs: 5 * 60 * 1e9,
    });
    // Fails, then recovers within the wait: cancelled.
    await runResult(check, false);
    await dispatcher.drain();
    expect(await history(rule)).toMatchObject([{ status: 'pending' }]);
    expect((await dispatcher.drain()).sent).toBe(0);
    await runResult(check, true);
    await later();
    await dispatcher.drain();
    expect(at('/hook/wait')).toHaveLength(0);
    expect(await history(rule)).toMatchObject([{ status: 'cancelled' }]);

    // Fails and stays failing: sent after the wait.
    await runResult(check, false);
    await dispatcher.drain();
    expect(at('/hook/wait')).toHaveLength(0);
    await later();
    await dispatcher.drain();
    expect(at('/hook/wait')).toHaveLength(1);
    expect((await history(rule)).map((row) => row.status)).toEqual(['cancelled', 'sent']);
  });

  it('a CEL filter excludes what it does not match; a broken filter is the rule error', async () => {
    const check = await addCheck('docs /healthz', 'low');
    const rule = await addRule({
      name: 'critical-only',
      events: ['check.failed'],
      filter: "check.name == 'docs /healthz' && check.severity in ['critical', 'high']",
      services: [hook('/hook/filter')],
    });
    const broken = await addRule({
      name: 'broken',
      events: ['check.failed'],
      filter: 'check.name ==',
      services: [hook('/hook/filter')],
    });
    const missingKey = await addRule({
      name: 'missing-key',
      events: ['check.failed'],
      filter: "check.labels.team == 'docs' || component.name == 'docs'",
      services: [hook('/hook/filter')],
    });
    await runResult(check, false);
    await dispatcher.drain();
    expect(at('/hook/filter')).toHaveLength(0);
    expect(await history(rule)).toEqual([]);
    expect(await history(missingKey)).toEqual([]);
    const errors = await db.query<{ error: string | null }>(
      `SELECT error FROM notifications WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [[broken, missingKey]],
    );
    expect(errors.rows[0]?.error).toMatch(/^invalid filter: /);
    expect(errors.rows[1]?.error).toBeNull();
    await db.query(`UPDATE notifications SET deleted_at = now() WHERE id = $1`, [broken]);
  });

  it('a refused delivery is retried with backoff: error rows with the message, then sent', async () => {
    const check = await addCheck('billing /api');
    const rule = await addRule({
      name: 'retry',
      events: ['check.failed'],
      filter: "check.name == 'billing /api'",
      services: [hook('/hook/retry')],
    });
    failures.set('/hook/retry', 2);
    await runResult(check, false);
    await dispatcher.drain();
    let queue = await db.query<{ attempts: number; error: string | null; delay: string }>(
      `SELECT attempts, error, delay::text FROM event_queue WHERE name = 'notification.send'`,
    );
    expect(queue.rows).toMatchObject([
      { attempts: 1, error: 'generic_webhook: HTTP 503 receiver overloaded', delay: '60000' },
    ]);
    const summary = await db.query<{ pending: string; failed: string }>(
      `SELECT pending::text, failed::text FROM notifications_summary WHERE id = $1`,
      [rule],
    );
    expect(summary.rows).toEqual([{ pending: '1', failed: '1' }]);

    // Not due before the backoff has passed.
    expect((await dispatcher.drain()).failed).toBe(0);
    await later();
    await dispatcher.drain();
    queue = await db.query(
      `SELECT attempts, error, delay::text FROM event_queue WHERE name = 'notification.send'`,
    );
    expect(queue.rows).toMatchObject([{ attempts: 2, delay: '120000' }]);
    await later();
    await dispatcher.drain();
    expect(at('/hook/retry')).toHaveLength(3);
    expect(await history(rule)).toMatchObject([
      { status: 'error', error: 'generic_webhook: HTTP 503 receiver overloaded' },
      { status: 'error', error: 'generic_webhook: HTTP 503 receiver overloaded' },
      { status: 'sent', error: null },
    ]);
    expect((await db.query(`SELECT 1 FROM event_queue`)).rows).toHaveLength(0);

    // An unreachable service fails every attempt and then stays in the queue as failed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const dead = await addCheck('dead /end');
    const deadRule = await addRule({
      name: 'unreachable',
      events: ['check.failed'],
      filter: "check.name == 'dead /end'",
      services: [{ name: 'generic_webhook', url: `http://127.0.0.1:${closedPort}/nothing` }],
    });
    await runResult(dead, false);
    for (let i = 0; i < 5; i++) {
      await dispatcher.drain();
      await later();
    }
    const rows = await history(deadRule);
    expect(rows).toHaveLength(4);
    expect(
      rows.every((row) => row.status === 'error' && /ECONNREFUSED/.test(row.error ?? '')),
    ).toBe(true);
    const failed = await db.query<{ attempts: number }>(
      `SELECT attempts FROM event_queue WHERE name = 'notification.send'`,
    );
    expect(failed.rows).toEqual([{ attempts: 4 }]);
  });
});

describe('component and config events', () => {
  it('a component health change and a config health change reach their rules', async () => {
    const component = '01900000-0000-7000-8000-000000002001';
    const config = '01900000-0000-7000-8000-000000003001';
    await db.query(
      `INSERT INTO components (id, external_id, name, type, status, health, labels, created_at)
       VALUES ($1, 'payments-api', 'payments-api', 'Service', 'healthy', 'healthy', '{"team":"payments"}'::jsonb, now())`,
      [component],
    );
    await db.query(
      `INSERT INTO config_items (id, name, type, config_class, health, tags)
       VALUES ($1, 'api-0', 'Kubernetes::Pod', 'Pod', 'healthy', '{"cluster":"prod-eu"}'::jsonb)`,
      [config],
    );
    const rule = await addRule({
      name: 'resources',
      events: ['component.unhealthy', 'config.unhealthy'],
      filter:
        "(has(component.labels) && component.labels.team == 'payments') || (has(config.tags) && config.tags.cluster.startsWith('prod'))",
      services: [hook('/hook/resources')],
    });
    await db.query(`DELETE FROM event_queue`);
    await db.query(`UPDATE components SET health = 'unhealthy' WHERE id = $1`, [component]);
    await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [config]);
    await dispatcher.drain();
    const titles = at('/hook/resources')
      .map((request) => (JSON.parse(request.body) as { title: string }).title)
      .sort();
    expect(titles).toEqual([
      'Component payments-api is unhealthy',
      'Kubernetes::Pod api-0 is unhealthy',
    ]);
    expect((await history(rule)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});

describe('GET /api/notification/events and silence validation', () => {
  it('lists queued notification events for readers; refuses bad limits', async () => {
    await db.query(`DELETE FROM event_queue`);
    const check = await addCheck('events /list');
    await runResult(check, false);
    const get = (query: string, token = tokens.viewer) =>
      t.app.request(`/api/notification/events${query}`, {
        headers: { Authorization: `Bearer ${token ?? ''}` },
      });
    const response = await get('?limit=10');
    expect(response.status).toBe(200);
    const rows = (await response.json()) as { name: string; properties: { id: string } }[];
    expect(rows).toMatchObject([{ name: 'check.failed', properties: { id: check } }]);
    expect((await get('?limit=0')).status).toBe(400);
    expect((await get('?name=incident.created')).status).toBe(400);
    expect((await t.app.request('/api/notification/events')).status).toBe(401);
  });

  it('validates silences with the contract texts', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    const id = '01900000-0000-7000-8000-000000000001';
    expect(parseSilence({ until: 'now+1h', check_id: id }, now)).toBe('`from` time is required');
    expect(parseSilence({ from: 'now', check_id: id }, now)).toBe('`until` is required');
    expect(parseSilence({ from: 'now+2h', until: 'now+1h', check_id: id }, now)).toBe(
      '`from` time must be before `until',
    );
    expect(parseSilence({ from: 'yesterday', until: 'now', check_id: id }, now)).toMatch(
      /^invalid `from` time/,
    );
    expect(parseSilence({ from: 'now', until: 'now+1h', check_id: 'x' }, now)).toBe(
      '`check_id` must be a UUID',
    );
    expect(parseSilence([], now)).toBe('the request body must be a JSON object');
    expect(
      parseSilence({ from: 'now', until: '2026-03-01T12:00:00Z', component_id: id }, now),
    ).toMatchObject({
      from: now,
      until: new Date('2026-03-01T12:00:00Z'),
      recursive: false,
      namespace: '',
      ids: { component_id: id },
    });
  });
});
