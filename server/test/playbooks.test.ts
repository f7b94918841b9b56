/* eslint-disable @typescript-eslint/no-explicit-any -- JSON response bodies are inspected loosely here */
/**
 * The playbook server (api.md §10, docs/playbooks.md) on one PGlite database, over real HTTP to a
 * node:http receiver started here: runs through POST /api/playbook/run with parameters templated
 * into an http action, a failing step failing the run (later steps skipped or run by their `if`),
 * retries with backoff, a timeout, cancellation of a running action, approval (approve by a listed
 * person and a member of a listed team; reject), two runner instances sharing the queue without
 * running anything twice, exec refused when off and run when on, validation 4xx and RBAC. The sql
 * action and the two-instance test also run against a throw-away PostgreSQL when its binaries are
 * installed (skipped otherwise, with the reason in the name).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { createAccessToken } from '../src/auth/access-tokens';
import { testConfig } from '../src/config';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import type { AppEnv } from '../src/http/env';
import { EXEC_DISABLED } from '../src/playbooks/actions';
import { PlaybookRunner } from '../src/playbooks/runner';
import { parsePlaybookSpec } from '../src/playbooks/spec';
import { DEMO_PLAYBOOK_NAMES, seedDemoPlaybooks } from '../src/seed/playbooks-demo';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const id = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CONFIG = id(1);
const OTHER_CONFIG = id(2);
const CHECK = id(3);
const CANARY = id(4);
const COMPONENT = id(5);
const TOPOLOGY = id(6);

// --- the receiver --------------------------------------------------------------------------------

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let receiver: Server;
let base = '';
const received: Received[] = [];
const flaky = new Map<string, number>();

function handler(request: IncomingMessage, response: ServerResponse): void {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const url = request.url ?? '/';
    received.push({ method: request.method ?? '', url, headers: request.headers, body });
    if (url.startsWith('/hang')) return; // never answers: timeouts and cancellation
    const fails = /^\/flaky\/([^/?]+)\/(\d+)/.exec(url);
    if (fails) {
      const key = fails[1] ?? '';
      const seen = (flaky.get(key) ?? 0) + 1;
      flaky.set(key, seen);
      if (seen <= Number(fails[2])) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(`failure ${seen}`);
        return;
      }
    }
    if (url.startsWith('/status/')) {
      response.writeHead(Number(url.slice(8, 11)), { 'content-type': 'text/plain' });
      response.end('as asked');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, url }));
  });
}

/** A port where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// --- database and app ----------------------------------------------------------------------------

let db: Db;
let app: Hono<AppEnv>;
let runner: PlaybookRunner;
const tokens: Record<string, string> = {};
const people: Record<string, string> = {};

async function seedFixture(target: Db): Promise<void> {
  await target.exec(`
    INSERT INTO config_items (id, config_class, type, name, tags, labels, health) VALUES
      ('${CONFIG}', 'Deployment', 'Kubernetes::Deployment', 'checkout', '{"namespace": "shop"}',
       '{"app": "checkout"}', 'healthy'),
      ('${OTHER_CONFIG}', 'Node', 'Kubernetes::Node', 'node-1', '{}', '{}', 'healthy');
    INSERT INTO canaries (id, name, namespace, spec) VALUES ('${CANARY}', 'web', 'default', '{}');
    INSERT INTO checks (id, canary_id, type, name, namespace, status) VALUES
      ('${CHECK}', '${CANARY}', 'http', 'checkout-health', 'shop', 'unhealthy');
    INSERT INTO topologies (id, name, namespace) VALUES ('${TOPOLOGY}', 't', 'default');
    INSERT INTO components (id, topology_id, external_id, name, type, status, namespace) VALUES
      ('${COMPONENT}', '${TOPOLOGY}', 'shop/cart', 'cart', 'Service', 'healthy', 'shop');
  `);
}

async function addPeople(target: Db, keep: boolean): Promise<void> {
  for (const [name, role] of [
    ['admin', 'admin'],
    ['editor', 'editor'],
    ['viewer', 'viewer'],
    ['approver', 'editor'],
    ['sre', 'editor'],
  ] as const) {
    const person = await target.query<{ id: string }>(
      `INSERT INTO people (name, email, type) VALUES ($1, $2, 'user') RETURNING id::text`,
      [name, `${name}@playbooks.test`],
    );
    const personId = person.rows[0]?.id ?? '';
    await target.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
      personId,
      role,
    ]);
    if (keep) {
      people[name] = personId;
      tokens[name] = await createAccessToken(target, personId, 'test', undefined);
    }
  }
}

let playbookCount = 0;
async function playbook(spec: Record<string, unknown>, target: Db = db): Promise<string> {
  playbookCount += 1;
  const inserted = await target.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec, source) VALUES ($1, $1, $2::jsonb, 'UI')
     RETURNING id::text`,
    [`pb-${playbookCount}`, JSON.stringify(spec)],
  );
  return inserted.rows[0]?.id ?? '';
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  who: string | null = 'admin',
): Promise<{ status: number; body: any }> {
  const response = await app.request(`/api${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(who ? { Authorization: `Bearer ${tokens[who] ?? ''}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text (RBAC)
  }
  return { status: response.status, body: parsed };
}

async function run(body: Record<string, unknown>, who = 'admin'): Promise<string> {
  const answer = await call('POST', '/playbook/run', body, who);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.starts_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  return answer.body.run_id as string;
}

async function runRow(runId: string): Promise<any> {
  const rows = await db.query(`SELECT * FROM playbook_runs WHERE id = $1`, [runId]);
  return rows.rows[0];
}

async function steps(runId: string): Promise<any[]> {
  const rows = await db.query(
    `SELECT name, status, result, error, start_time, end_time, scheduled_time
     FROM playbook_run_actions WHERE playbook_run_id = $1 ORDER BY scheduled_time, id`,
    [runId],
  );
  return rows.rows;
}

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
}

beforeAll(async () => {
  receiver = createServer(handler);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  db = await openPglite();
  await migrate(db);
  await seedFixture(db);
  await addPeople(db, true);
  const team = await db.query<{ id: string }>(
    `INSERT INTO teams (name, created_by) VALUES ('SRE', $1) RETURNING id::text`,
    [people.admin],
  );
  await db.query(`INSERT INTO team_members (team_id, person_id) VALUES ($1, $2)`, [
    team.rows[0]?.id,
    people.sre,
  ]);
  app = createApp({ db, config: testConfig({ auth: 'basic' }), onError: (e) => console.error(e) });
  runner = new PlaybookRunner(db, { cancelCheckMs: 50, log: () => undefined });
}, 120_000);

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await db?.close();
});

// --- tests -----------------------------------------------------------------------------------------

describe('running playbooks', () => {
  it('templates parameters, the resource, the user and env into an http action', async () => {
    const playbookId = await playbook({
      configs: [{ types: ['Kubernetes::Deployment'] }],
      env: [{ name: 'STAGE', value: 'prod-{{.config.tags.namespace}}' }],
      parameters: [
        { name: 'replicas', type: 'text', default: '3', properties: { min: 1, max: 10 } },
        { name: 'reason', type: 'text', required: true },
      ],
      actions: [
        {
          name: 'scale',
          http: {
            url: `${base}/scale/{{.config.name}}?replicas={{.params.replicas}}`,
            method: 'POST',
            headers: { 'X-User': '{{.user.email}}', 'X-Stage': '{{.env.STAGE}}' },
            body: '{"reason": {{.params.reason | quote}}}',
          },
        },
      ],
    });
    const runId = await run({
      id: playbookId,
      config_id: CONFIG,
      params: { reason: 'load "spike"' },
    });
    expect((await runRow(runId)).status).toBe('scheduled');
    await runner.drain();
    const row = await runRow(runId);
    expect(row.status).toBe('completed');
    expect(row.parameters).toEqual({ replicas: '3', reason: 'load "spike"' });
    expect(row.created_by).toBe(people.admin);
    expect(row.start_time).not.toBeNull();
    expect(row.end_time).not.toBeNull();
    const request = received.find((r) => r.url.startsWith('/scale/'));
    expect(request?.url).toBe('/scale/checkout?replicas=3');
    expect(request?.method).toBe('POST');
    expect(request?.headers['x-user']).toBe('admin@playbooks.test');
    expect(request?.headers['x-stage']).toBe('prod-shop');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({ reason: 'load "spike"' });
    const [step] = await steps(runId);
    expect(step.status).toBe('completed');
    expect(step.result.code).toBe(200);
    expect(step.result.logs).toContain('POST http://127.0.0.1');
    expect(new Date(step.end_time).getTime()).toBeGreaterThanOrEqual(
      new Date(step.start_time).getTime(),
    );
    // The run on a config is recorded as a change of that config.
    const changes = await db.query(
      `SELECT change_type FROM config_changes WHERE config_id = $1 AND details ->> 'run_id' = $2`,
      [CONFIG, runId],
    );
    expect(changes.rows).toHaveLength(1);
    // GET /playbook/run/{id}
    const got = await call('GET', `/playbook/run/${runId}`);
    expect(got.status).toBe(200);
    expect(got.body.status).toBe('completed');
  });

  it('fails the run at a failing step; later steps are skipped or run by their if', async () => {
    const closed = await closedPort();
    const playbookId = await playbook({
      checks: [{ name: 'checkout-*' }],
      actions: [
        { name: 'first', http: { url: `${base}/first` } },
        { name: 'second', http: { url: `http://127.0.0.1:${closed}/down` } },
        { name: 'third', http: { url: `${base}/third` } },
        { name: 'report', if: 'failure()', http: { url: `${base}/report/{{.check.name}}` } },
        { name: 'cleanup', if: 'always()', http: { url: `${base}/status/404` } },
      ],
    });
    const runId = await run({ id: playbookId, check_id: CHECK });
    await runner.drain();
    const row = await runRow(runId);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/^action "second" failed: GET 127\.0\.0\.1:\d+: ECONNREFUSED/);
    const byName = Object.fromEntries((await steps(runId)).map((s) => [s.name, s]));
    expect(byName.first.status).toBe('completed');
    expect(byName.second.status).toBe('failed');
    expect(byName.second.error).toContain('ECONNREFUSED');
    expect(byName.third.status).toBe('skipped');
    expect(byName.third.start_time).toBeNull();
    expect(byName.report.status).toBe('completed');
    expect(received.some((r) => r.url === '/report/checkout-health')).toBe(true);
    expect(byName.cleanup.status).toBe('failed');
    expect(byName.cleanup.error).toContain('answered 404');
    expect(byName.cleanup.result.code).toBe(404);
  });

  it('retries a failed attempt with backoff and keeps the attempts', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [
        {
          name: 'call',
          retry: { limit: 3, duration: '20ms', exponent: { multiplier: 2 } },
          http: { url: `${base}/flaky/a/2` },
        },
      ],
    });
    const runId = await run({ id: playbookId, component_id: COMPONENT });
    await runner.drain();
    expect((await runRow(runId)).status).toBe('completed');
    const [step] = await steps(runId);
    expect(step.status).toBe('completed');
    expect(step.error).toBeNull();
    expect(step.result.attempt).toBe(3);
    expect(step.result.attempts).toHaveLength(2);
    expect(step.result.attempts[0].error).toContain('answered 500');
    expect(flaky.get('a')).toBe(3);

    // Out of retries: the last error stays.
    const failing = await playbook({
      components: [{ types: ['Service'] }],
      actions: [
        { name: 'call', retry: { limit: 1, duration: '10ms' }, http: { url: `${base}/flaky/b/5` } },
      ],
    });
    const failedRun = await run({ id: failing, component_id: COMPONENT });
    await runner.drain();
    expect((await runRow(failedRun)).status).toBe('failed');
    const [last] = await steps(failedRun);
    expect(last.result.attempt).toBe(2);
    expect(flaky.get('b')).toBe(2);
  });

  it('stops an attempt at its timeout', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [{ name: 'slow', timeout: '300ms', http: { url: `${base}/hang/timeout` } }],
    });
    const runId = await run({ id: playbookId, component_id: COMPONENT });
    const started = Date.now();
    await runner.drain();
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await runRow(runId);
    expect(row.status).toBe('failed');
    const [step] = await steps(runId);
    expect(step.error).toBe('timed out after 300ms');
  });

  it('cancels a running run: the action stops, the queued ones are skipped', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [
        { name: 'wait', timeout: '20s', http: { url: `${base}/hang/cancel` } },
        { name: 'after', http: { url: `${base}/after-cancel` } },
      ],
    });
    const runId = await run({ id: playbookId, component_id: COMPONENT });
    const draining = runner.drain();
    await waitFor(async () => (await steps(runId)).some((s) => s.status === 'running'));
    const viewer = await call('POST', `/playbook/run/cancel/${runId}`, undefined, 'viewer');
    expect(viewer.status).toBe(403);
    const cancelled = await call('POST', `/playbook/run/cancel/${runId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ message: 'playbook run cancelled' });
    await draining;
    const row = await runRow(runId);
    expect(row.status).toBe('cancelled');
    expect(row.error).toBe('cancelled by admin');
    const list = await steps(runId);
    expect(list).toHaveLength(1);
    expect(list[0].status).toBe('failed');
    expect(list[0].error).toBe('the run was cancelled');
    expect(received.some((r) => r.url === '/after-cancel')).toBe(false);
    const again = await call('POST', `/playbook/run/cancel/${runId}`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('this playbook run is already cancelled');
  });

  it('waits for approval: a listed person and a member of a listed team approve; reject cancels', async () => {
    const playbookId = await playbook({
      configs: [{ name: 'checkout' }],
      approval: {
        approvers: { people: ['approver@playbooks.test'], teams: ['SRE'] },
      },
      actions: [{ name: 'go', http: { url: `${base}/approved` } }],
    });
    const runId = await run({ id: playbookId, config_id: CONFIG });
    expect((await runRow(runId)).status).toBe('pending_approval');
    const inProgress = await db.query(
      `SELECT properties FROM event_queue WHERE name = 'playbook.approval.inprogress'
         AND properties ->> 'run_id' = $1`,
      [runId],
    );
    expect(inProgress.rows).toHaveLength(1);
    await runner.drain();
    expect((await runRow(runId)).status).toBe('pending_approval');

    const viewer = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'viewer');
    expect(viewer.status).toBe(403);
    expect(viewer.body).toBe('unauthorized. Access Denied');
    const editor = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'editor');
    expect(editor.status).toBe(403);
    expect(editor.body.error).toBe('you are not allowed to approve this playbook run');
    const first = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'approver');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ message: 'playbook run approved' });
    expect((await runRow(runId)).status).toBe('pending_approval'); // type all: the team too
    const twice = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'approver');
    expect(twice.status).toBe(409);
    const team = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'sre');
    expect(team.status).toBe(200);
    expect((await runRow(runId)).status).toBe('scheduled');
    const approvals = await db.query(
      `SELECT person_id::text, team_id FROM playbook_approvals WHERE run_id = $1 ORDER BY created_at`,
      [runId],
    );
    expect(approvals.rows).toHaveLength(2);
    expect(approvals.rows[0]).toMatchObject({ person_id: people.approver, team_id: null });
    const inserted = await db.query(
      `SELECT count(*)::int AS n FROM event_queue WHERE name = 'playbook.approval.inserted'
         AND properties ->> 'run_id' = $1`,
      [runId],
    );
    expect(inserted.rows[0]).toEqual({ n: 2 });
    await runner.drain();
    expect((await runRow(runId)).status).toBe('completed');
    expect(received.some((r) => r.url === '/approved')).toBe(true);
    const late = await call('POST', `/playbook/run/approve/${runId}`, undefined, 'approver');
    expect(late.status).toBe(409);

    const rejected = await run({ id: playbookId, config_id: CONFIG });
    const notListed = await call('POST', `/playbook/run/reject/${rejected}`, {}, 'editor');
    expect(notListed.status).toBe(403);
    const reject = await call(
      'POST',
      `/playbook/run/reject/${rejected}`,
      { reason: 'not during the sale' },
      'sre',
    );
    expect(reject.status).toBe(200);
    const row = await runRow(rejected);
    expect(row.status).toBe('cancelled');
    expect(row.error).toBe('approval rejected by sre: not during the sale');

    const plain = await playbook({
      configs: [{ name: 'checkout' }],
      actions: [{ name: 'go', http: { url: `${base}/plain` } }],
    });
    const plainRun = await run({ id: plain, config_id: CONFIG });
    const notNeeded = await call('POST', `/playbook/run/approve/${plainRun}`, undefined, 'sre');
    expect(notNeeded.status).toBe(400);
    expect(notNeeded.body.error).toBe('this playbook does not require approval');
    expect((await call('POST', `/playbook/run/approve/nope`)).status).toBe(400);
    expect((await call('POST', `/playbook/run/approve/${id(999)}`)).status).toBe(404);
    await runner.drain();
  });

  it('refuses exec unless enabled, and runs it with output, env and a timeout when enabled', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      env: [{ name: 'GREETING', value: 'hello {{.component.name}}' }],
      parameters: [{ name: 'count', type: 'text', default: '2' }],
      actions: [
        {
          name: 'script',
          exec: {
            script: 'echo "$GREETING x{{.params.count}}"; echo oops >&2; echo "$EXTRA"',
            env: [{ name: 'EXTRA', value: 'extra-{{.params.count}}' }],
          },
        },
      ],
    });
    const refused = await run({ id: playbookId, component_id: COMPONENT });
    await runner.drain();
    expect((await runRow(refused)).status).toBe('failed');
    expect((await steps(refused))[0].error).toBe(EXEC_DISABLED);

    const execRunner = new PlaybookRunner(db, { execEnabled: true, log: () => undefined });
    const allowed = await run({ id: playbookId, component_id: COMPONENT, params: { count: '5' } });
    await execRunner.drain();
    expect((await runRow(allowed)).status).toBe('completed');
    const [step] = await steps(allowed);
    expect(step.result.stdout).toBe('hello cart x5\nextra-5\n');
    expect(step.result.stderr).toBe('oops\n');
    expect(step.result.exitCode).toBe(0);

    const failing = await playbook({
      components: [{ types: ['Service'] }],
      actions: [
        { name: 'exit', exec: { script: 'echo partial; exit 3' } },
        { name: 'sleepy', if: 'always()', timeout: '200ms', exec: { script: 'sleep 5' } },
      ],
    });
    const failedRun = await run({ id: failing, component_id: COMPONENT });
    const started = Date.now();
    await execRunner.drain();
    expect(Date.now() - started).toBeLessThan(4_000);
    const byName = Object.fromEntries((await steps(failedRun)).map((s) => [s.name, s]));
    expect(byName.exit.error).toBe('exit status 3');
    expect(byName.exit.result.stdout).toBe('partial\n');
    expect(byName.sleepy.error).toBe('timed out after 200ms');
  });

  it('delivers a notification step to a webhook for real, and fails on an unreachable one', async () => {
    const closed = await closedPort();
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      parameters: [{ name: 'who', default: 'on-call' }],
      actions: [
        {
          name: 'tell',
          notification: {
            url: `${base}/hook/{{.component.name}}`,
            title: 'Cart restarted',
            message: 'Hello {{.params.who}}, {{.component.name}} was restarted',
          },
        },
        {
          name: 'tell nobody',
          notification: { url: `http://127.0.0.1:${closed}/hook`, message: 'lost' },
        },
      ],
    });
    const runId = await run({ id: playbookId, component_id: COMPONENT });
    await runner.drain();
    const hook = received.find((r) => r.url === '/hook/cart');
    expect(hook?.method).toBe('POST');
    expect(hook?.body).toContain('Hello on-call, cart was restarted');
    expect(hook?.body).toContain('Cart restarted');
    const byName = Object.fromEntries((await steps(runId)).map((s) => [s.name, s]));
    expect(byName.tell.status).toBe('completed');
    expect(byName.tell.result.logs).toMatch(/^sent to generic_webhook at 127\.0\.0\.1:\d+$/);
    expect(byName['tell nobody'].status).toBe('failed');
    expect(byName['tell nobody'].error).toMatch(
      /^notification to generic_webhook at 127\.0\.0\.1:\d+: /,
    );
    expect((await runRow(runId)).status).toBe('failed');
  });

  it('lets two runner instances share the queue without running anything twice', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [
        { name: 'one', http: { url: `${base}/shared/{{.run.id}}/one` } },
        { name: 'two', http: { url: `${base}/shared/{{.run.id}}/two` } },
      ],
    });
    const runs: string[] = [];
    for (let i = 0; i < 12; i++) runs.push(await run({ id: playbookId, component_id: COMPONENT }));
    const a = new PlaybookRunner(db, { holder: 'a', concurrency: 3, log: () => undefined });
    const b = new PlaybookRunner(db, { holder: 'b', concurrency: 3, log: () => undefined });
    await Promise.all([a.drain(), b.drain()]);
    for (const runId of runs) {
      expect((await runRow(runId)).status).toBe('completed');
      expect(received.filter((r) => r.url === `/shared/${runId}/one`)).toHaveLength(1);
      expect(received.filter((r) => r.url === `/shared/${runId}/two`)).toHaveLength(1);
    }
  });

  it('fails an action whose instance died (lease run out) and moves the run on', async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [{ name: 'orphan', http: { url: `${base}/never` } }],
    });
    const runId = await run({ id: playbookId, component_id: COMPONENT });
    const dead = new PlaybookRunner(db, { holder: 'dead', leaseMs: 1, log: () => undefined });
    expect(await dead.claimRun()).toBe(true);
    const claimed = await dead.claimAction();
    expect(claimed?.name).toBe('orphan');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runner.recover()).toBeGreaterThanOrEqual(1);
    const row = await runRow(runId);
    expect(row.status).toBe('failed');
    expect((await steps(runId))[0].error).toBe(
      'the server running this action stopped before it finished',
    );
  });

  it("leaves a remote agent's runs and actions alone (claims, leases)", async () => {
    const playbookId = await playbook({
      components: [{ types: ['Service'] }],
      actions: [{ name: 'remote', http: { url: `${base}/remote` } }],
    });
    const remote = id(99);
    await db.query(
      `INSERT INTO agents (id, name) VALUES ($1, 'remote-e2e') ON CONFLICT (id) DO NOTHING`,
      [remote],
    );
    const scheduled = await run({ id: playbookId, component_id: COMPONENT });
    const going = await run({ id: playbookId, component_id: COMPONENT });
    await db.query(`UPDATE playbook_runs SET agent_id = $1 WHERE id IN ($2, $3)`, [
      remote,
      scheduled,
      going,
    ]);
    // A run the remote agent is executing: its action is running and holds no lease here.
    await db.query(`UPDATE playbook_runs SET status = 'running' WHERE id = $1`, [going]);
    await db.query(
      `INSERT INTO playbook_run_actions (name, status, playbook_run_id, scheduled_time, start_time, agent_id)
       VALUES ('remote', 'running', $1, now(), now(), $2),
              ('remote-next', 'scheduled', $1, now(), NULL, $2)`,
      [going, remote],
    );
    expect(await runner.claimRun()).toBe(false);
    expect(await runner.claimAction()).toBeUndefined();
    await runner.recover();
    expect((await runRow(scheduled)).status).toBe('scheduled');
    expect((await runRow(going)).status).toBe('running');
    expect((await steps(going)).map((step) => step.status).sort()).toEqual([
      'running',
      'scheduled',
    ]);
    expect(received.some((r) => r.url === '/remote')).toBe(false);
    await db.query(`UPDATE playbook_runs SET status = 'cancelled' WHERE id IN ($1, $2)`, [
      scheduled,
      going,
    ]);
  });
});

describe('endpoints', () => {
  let scale = '';
  beforeAll(async () => {
    scale = await playbook({
      configs: [{ types: ['Kubernetes::Deployment'], labelSelector: 'app=checkout' }],
      parameters: [
        {
          name: 'name',
          type: 'text',
          default: '{{.config.name}}-copy',
          properties: { format: 'dns1123' },
        },
        { name: 'size', type: 'text', properties: { format: 'bytes' } },
        {
          name: 'mode',
          type: 'list',
          properties: {
            options: [
              { label: 'Fast', value: 'fast' },
              { label: 'Safe', value: 'safe' },
            ],
          },
        },
        { name: 'confirm', type: 'checkbox' },
        { name: 'owner', type: 'people' },
        { name: 'note', type: 'text', properties: { maxLength: 5, regex: '^[a-z]*$' } },
      ],
      actions: [{ name: 'noop', logs: { query: 'nothing' } }],
    });
  });

  it('lists the playbooks whose selectors match a resource', async () => {
    const listed = await call('GET', `/playbook/list?config_id=${CONFIG}`);
    expect(listed.status).toBe(200);
    const entry = listed.body.find((p: any) => p.id === scale);
    expect(entry.parameters[0].default).toBe('checkout-copy');
    const other = await call('GET', `/playbook/list?config_id=${OTHER_CONFIG}`);
    expect(other.body.some((p: any) => p.id === scale)).toBe(false);
    const none = await call('GET', '/playbook/list');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error: 'provide exactly one of: config_id, check_id or component_id',
      message: 'invalid request',
    });
    expect((await call('GET', `/playbook/list?config_id=${id(998)}`)).status).toBe(404);
    expect((await call('GET', `/playbook/list?config_id=${CONFIG}`, undefined, null)).status).toBe(
      401,
    );
  });

  it('answers the parameters for a resource, and the contract errors', async () => {
    const params = await call('POST', `/playbook/${scale}/params`, {
      id: scale,
      config_id: CONFIG,
    });
    expect(params.status).toBe(200);
    expect(params.body.params.map((p: any) => p.name)).toEqual([
      'name',
      'size',
      'mode',
      'confirm',
      'owner',
      'note',
    ]);
    expect(params.body.params[0].default).toBe('checkout-copy');
    const mismatch = await call('POST', `/playbook/${scale}/params`, {
      id: scale,
      config_id: OTHER_CONFIG,
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error).toBe('Playbook validation failed');
    expect(mismatch.body.message).toContain('node-1');
    const two = await call('POST', `/playbook/${scale}/params`, {
      id: scale,
      config_id: CONFIG,
      check_id: CHECK,
    });
    expect(two.status).toBe(400);
    expect(two.body.error).toBe(
      'provide none or exactly one of config_id, component_id, or check_id',
    );
    const missing = await call('POST', `/playbook/${id(997)}/params`, { id: id(997) });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'not found',
      message: `playbook(id=${id(997)}) not found`,
    });
    expect((await call('POST', `/playbook/${scale}/params`, { id: scale }, 'viewer')).status).toBe(
      403,
    );
  });

  it('validates a run: unknown playbook, resource, parameters, invalid spec', async () => {
    const cases: [Record<string, unknown>, number, string | RegExp][] = [
      [{}, 400, 'playbook id is required'],
      [{ id: id(996), config_id: CONFIG }, 404, `playbook '${id(996)}' not found`],
      [{ id: scale, config_id: 'x' }, 400, 'config_id must be a uuid'],
      [{ id: scale }, 400, /runs on a resource/],
      [
        { id: scale, config_id: OTHER_CONFIG },
        422,
        /matches none of the playbook's configs selectors/,
      ],
      [{ id: scale, check_id: CHECK }, 422, 'the playbook does not run on checks'],
      [
        { id: scale, config_id: CONFIG, params: { nope: '1' } },
        400,
        'unknown parameter(s): nope, valid parameters are: name, size, mode, confirm, owner, note',
      ],
      [
        { id: scale, config_id: CONFIG, params: { name: 'Bad_Name' } },
        422,
        /parameter "name": must be lowercase/,
      ],
      [
        { id: scale, config_id: CONFIG, params: { size: '12 apples' } },
        422,
        /parameter "size": must be a size/,
      ],
      [
        { id: scale, config_id: CONFIG, params: { mode: 'reckless' } },
        422,
        'parameter "mode": "reckless" is not one of fast, safe',
      ],
      [
        { id: scale, config_id: CONFIG, params: { confirm: 'yes' } },
        422,
        'parameter "confirm": must be true or false',
      ],
      [
        { id: scale, config_id: CONFIG, params: { owner: id(995) } },
        422,
        `parameter "owner": person ${id(995)} not found`,
      ],
      [
        { id: scale, config_id: CONFIG, params: { note: 'toolong' } },
        422,
        'parameter "note": at most 5 characters',
      ],
      [
        { id: scale, config_id: CONFIG, params: { note: 'A1' } },
        422,
        'parameter "note": does not match ^[a-z]*$',
      ],
      [
        { id: scale, config_id: CONFIG, params: { note: 5 } },
        400,
        'parameter "note": values are strings',
      ],
    ];
    for (const [body, status, error] of cases) {
      const answer = await call('POST', '/playbook/run', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (typeof error === 'string') expect(answer.body.error).toBe(error);
      else expect(answer.body.error).toMatch(error);
    }
    const required = await playbook({
      actions: [{ name: 'x', logs: {} }],
      parameters: [
        { name: 'a', required: true },
        { name: 'b', required: true },
      ],
    });
    const missing = await call('POST', '/playbook/run', { id: required });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('missing required parameter(s): a,b');
    const broken = await playbook({
      actions: [
        { name: 'x', pod: {} },
        { name: 'x', http: {} },
      ],
    });
    const invalid = await call('POST', '/playbook/run', { id: broken });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error).toBe('Playbook validation failed');
    expect(invalid.body.message).toContain('actions[1].http.url: is required');
    const ok = await call('POST', '/playbook/run', {
      id: scale,
      config_id: CONFIG,
      params: { size: '512Mi', mode: 'safe', confirm: 'true', owner: people.viewer, note: 'ok' },
    });
    expect(ok.status).toBe(201);
    expect(
      (await call('POST', '/playbook/run', { id: scale, config_id: CONFIG }, 'viewer')).status,
    ).toBe(403);
    expect((await call('GET', `/playbook/run/${id(994)}`)).status).toBe(404);
    await runner.drain();
    expect((await runRow(ok.body.run_id)).status).toBe('completed');
  });
});

describe('webhooks', () => {
  it('runs a playbook from its webhook path with its own authentication; no session needed', async () => {
    await playbook({
      on: {
        webhook: {
          path: 'deploy-hook',
          authentication: { basic: { username: 'ci', password: 's3cret' } },
        },
      },
      parameters: [{ name: 'env', default: 'staging' }],
      actions: [
        { name: 'echo', http: { url: `${base}/hooked/{{.params.env}}/{{.request.json.version}}` } },
      ],
    });
    await playbook({ on: { webhook: { path: 'open-hook' } }, actions: [{ name: 'x', logs: {} }] });
    const post = (path: string, authorization?: string) =>
      app.request(`/api/playbook/webhook/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ version: '1.2.3' }),
      });
    const good = `Basic ${Buffer.from('ci:s3cret').toString('base64')}`;
    expect((await post('deploy-hook')).status).toBe(401);
    expect(
      (await post('deploy-hook', `Basic ${Buffer.from('ci:nope').toString('base64')}`)).status,
    ).toBe(401);
    expect((await post('open-hook')).status).toBe(403);
    expect((await post('no-such-hook', good)).status).toBe(404);
    const ok = await post('deploy-hook', good);
    expect(ok.status).toBe(201);
    const { run_id: runId } = (await ok.json()) as { run_id: string };
    await runner.drain();
    const row = await runRow(runId);
    expect(row.status).toBe('completed');
    expect(row.created_by).toBeNull();
    expect(row.request.source).toBe('webhook');
    expect(received.some((r) => r.url === '/hooked/staging/1.2.3')).toBe(true);
  });
});

describe('demo playbooks', () => {
  it('are valid, cover the nine parameter types, and run: one needs approval, one fails', async () => {
    await seedDemoPlaybooks(db, { admin: people.admin ?? '', createdAt: new Date().toISOString() });
    const rows = await db.query<{ id: string; name: string; spec: any }>(
      `SELECT id::text, name, spec FROM playbooks WHERE name = ANY($1::text[]) ORDER BY name`,
      [[...DEMO_PLAYBOOK_NAMES]],
    );
    expect(rows.rows.map((row) => row.name).sort()).toEqual([...DEMO_PLAYBOOK_NAMES].sort());
    const byName: Record<string, any> = Object.fromEntries(rows.rows.map((row) => [row.name, row]));
    for (const row of rows.rows) expect(parsePlaybookSpec(row.spec).ok, row.name).toBe(true);
    const types = byName['demo-all-parameters'].spec.parameters.map((p: any) => p.type);
    expect(new Set(types)).toEqual(
      new Set([
        'code',
        'checkbox',
        'list',
        'team',
        'people',
        'component',
        'config',
        'check',
        'text',
      ]),
    );
    // The demo's http steps call the server itself; here the receiver stands in for it.
    const demoRunner = new PlaybookRunner(db, { selfUrl: base, log: () => undefined });
    const all = await run({ id: byName['demo-all-parameters'].id, check_id: CHECK });
    const failing = await run({ id: byName['demo-failing-step'].id, config_id: CONFIG });
    const approval = await run({
      id: byName['demo-approval'].id,
      component_id: COMPONENT,
      params: { reason: 'demo' },
    });
    await demoRunner.drain();
    expect((await runRow(all)).status).toBe('completed');
    expect((await runRow(all)).parameters.summary).toBe('Investigate checkout-health');
    const failed = await runRow(failing);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^action "call a closed port" failed/);
    // By name: the skipped step and the clean-up are recorded in the same instant, so their
    // order by scheduled_time and a random id is not fixed.
    const byStep = Object.fromEntries(
      (await steps(failing)).map((s: { name: string; status: string }) => [s.name, s.status]),
    );
    expect(byStep).toEqual({
      'check the server': 'completed',
      'call a closed port': 'failed',
      'never runs': 'skipped',
      'clean up': 'completed',
    });
    expect((await runRow(approval)).status).toBe('pending_approval');
  });
});

describe.skipIf(!postgresAvailable)(
  `on PostgreSQL${postgresAvailable ? '' : ' (skipped: no PostgreSQL binaries)'}`,
  () => {
    let server: PostgresServer;
    let pgA: Db;
    let pgB: Db;
    beforeAll(async () => {
      server = await startPostgres();
      pgA = await openPostgres(server.connectionString);
      pgB = await openPostgres(server.connectionString);
      await migrate(pgA);
      await seedFixture(pgA);
      await addPeople(pgA, false);
    }, 180_000);
    afterAll(async () => {
      await pgA?.close();
      await pgB?.close();
      await server?.stop();
    });

    it('runs an sql action on a PostgreSQL connection url', async () => {
      const playbookId = await playbook(
        {
          components: [{ types: ['Service'] }],
          parameters: [{ name: 'n', default: '2' }],
          actions: [
            {
              name: 'query',
              sql: {
                url: server.connectionString,
                query:
                  "SELECT name, {{.params.n}}::int * 21 AS answer FROM components WHERE name = '{{.component.name}}'",
              },
            },
            { name: 'bad', sql: { url: server.connectionString, query: 'SELECT * FROM nope' } },
          ],
        },
        pgA,
      );
      const inserted = await pgA.query<{ id: string }>(
        `INSERT INTO playbook_runs (playbook_id, spec, component_id, parameters, status)
         SELECT id, spec, $2, '{"n": "2"}', 'scheduled' FROM playbooks WHERE id = $1 RETURNING id::text`,
        [playbookId, COMPONENT],
      );
      const runId = inserted.rows[0]?.id ?? '';
      const pgRunner = new PlaybookRunner(pgA, { log: () => undefined });
      await pgRunner.drain();
      const actions = await pgA.query<any>(
        `SELECT name, status, result, error FROM playbook_run_actions WHERE playbook_run_id = $1`,
        [runId],
      );
      const byName = Object.fromEntries(actions.rows.map((row) => [row.name, row]));
      expect(byName.query.status).toBe('completed');
      expect(byName.query.result.rows).toEqual([{ name: 'cart', answer: 42 }]);
      expect(byName.query.result.count).toBe(1);
      expect(byName.bad.status).toBe('failed');
      expect(byName.bad.error).toContain('relation "nope" does not exist');
    });

    it('two instances on separate connections claim each run and action once (SKIP LOCKED)', async () => {
      const playbookId = await playbook(
        {
          components: [{ types: ['Service'] }],
          actions: [
            { name: 'one', http: { url: `${base}/pg/{{.run.id}}/one` } },
            { name: 'two', http: { url: `${base}/pg/{{.run.id}}/two` } },
          ],
        },
        pgA,
      );
      const runs = await pgA.query<{ id: string }>(
        `INSERT INTO playbook_runs (playbook_id, spec, component_id, status)
         SELECT id, spec, $2, 'scheduled' FROM playbooks, generate_series(1, 30) WHERE id = $1
         RETURNING id::text`,
        [playbookId, COMPONENT],
      );
      const a = new PlaybookRunner(pgA, { holder: 'pg-a', concurrency: 4, log: () => undefined });
      const b = new PlaybookRunner(pgB, { holder: 'pg-b', concurrency: 4, log: () => undefined });
      await Promise.all([a.drain(), b.drain()]);
      const statuses = await pgA.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM playbook_runs WHERE playbook_id = $1 GROUP BY status`,
        [playbookId],
      );
      expect(statuses.rows).toEqual([{ status: 'completed', n: 30 }]);
      for (const row of runs.rows) {
        expect(received.filter((r) => r.url === `/pg/${row.id}/one`)).toHaveLength(1);
        expect(received.filter((r) => r.url === `/pg/${row.id}/two`)).toHaveLength(1);
      }
    });
  },
);
