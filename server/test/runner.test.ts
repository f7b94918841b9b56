/**
 * The scheduler against a real PGlite database and real local HTTP/TCP servers: schedules,
 * stored results, transitions and the health summary, unsupported types, concurrency, no
 * overlapping runs, time limits, shutdown, spec sync, synthetic and remote canaries, and
 * `$(self.…)`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { readSummary } from '../src/routes/canary';
import { HealthRunner, type RunnerOptions } from '../src/runner/runner';
import { buildApp, openTestDb } from './fixtures/app';
import { postgresAvailable, startPostgres } from './helpers/postgres-server';

// --- a local HTTP server that records what it was asked ---------------------------------------

interface Probe {
  path: string;
  tag: string | null;
}

const seen: Probe[] = [];
const active = new Map<string, number>();
const maxActive = new Map<string, number>();
let flipCode = 200;
const hanging = new Set<ServerResponse>();
let hangClosed = 0;

function handler(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://x');
  const tag = url.searchParams.get('tag');
  seen.push({ path: url.pathname, tag });
  const key = tag ?? url.pathname;
  const enter = (): void => {
    for (const name of [key, '*']) {
      const now = (active.get(name) ?? 0) + 1;
      active.set(name, now);
      maxActive.set(name, Math.max(maxActive.get(name) ?? 0, now));
    }
  };
  const leave = (): void => {
    for (const name of [key, '*']) active.set(name, (active.get(name) ?? 1) - 1);
  };
  switch (url.pathname) {
    case '/ok':
      response.end('OK');
      return;
    case '/flip':
      response.statusCode = flipCode;
      response.end(`code ${flipCode}`);
      return;
    case '/slow':
      enter();
      setTimeout(
        () => {
          leave();
          response.end('slow');
        },
        Number(url.searchParams.get('ms') ?? 300),
      );
      return;
    case '/hang':
      hanging.add(response);
      response.on('close', () => {
        hangClosed += 1;
        hanging.delete(response);
      });
      return;
    default:
      response.statusCode = 404;
      response.end('not found');
  }
}

let http: Server;
let tcp: TcpServer;
let base = '';
let tcpPort = 0;

function listen(server: Server | TcpServer): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

beforeAll(async () => {
  http = createServer(handler);
  base = `http://127.0.0.1:${await listen(http)}`;
  tcp = createTcpServer((socket) => {
    socket.on('error', () => undefined);
    socket.end();
  });
  tcpPort = await listen(tcp);
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await new Promise<void>((resolve) => tcp.close(() => resolve()));
});

// --- database helpers ----------------------------------------------------------------------

// One database for the file; each test starts from no canaries (checks and statuses cascade).
let shared: Db;
let runner: HealthRunner | undefined;

beforeAll(async () => {
  shared = await openTestDb();
});
afterAll(async () => shared.close());
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
  await shared.exec(
    `DELETE FROM canaries; DELETE FROM agents WHERE id <> '00000000-0000-0000-0000-000000000000'; DELETE FROM event_queue;`,
  );
});

function freshDb(): Promise<Db> {
  return Promise.resolve(shared);
}

function startRunner(database: Db, options: RunnerOptions = {}): Promise<HealthRunner> {
  runner = new HealthRunner(database, {
    minPeriodMs: 0,
    refreshMs: 60_000,
    timeoutMs: 5000,
    log: () => undefined,
    ...options,
  });
  return runner.start().then(() => runner as HealthRunner);
}

async function addCanary(
  database: Db,
  name: string,
  spec: Record<string, unknown>,
  extra: { annotations?: Record<string, string>; agentId?: string } = {},
): Promise<string> {
  const result = await database.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, annotations, agent_id, source)
     VALUES ($1, 'test', $2::jsonb, $3::jsonb, coalesce($4::uuid, '00000000-0000-0000-0000-000000000000'), 'UI')
     RETURNING id`,
    [name, JSON.stringify(spec), JSON.stringify(extra.annotations ?? null), extra.agentId ?? null],
  );
  return result.rows[0]?.id ?? '';
}

interface CheckState {
  id: string;
  name: string;
  type: string;
  status: string | null;
  spec: Record<string, unknown> | null;
  last_runtime: Date | null;
  next_runtime: Date | null;
  last_transition_time: Date | null;
  deleted_at: Date | null;
}

async function check(database: Db, name: string): Promise<CheckState | undefined> {
  const result = await database.query<CheckState>(
    `SELECT id, name, type, status, spec, last_runtime, next_runtime, last_transition_time, deleted_at
     FROM checks WHERE name = $1 ORDER BY created_at DESC LIMIT 1`,
    [name],
  );
  return result.rows[0];
}

interface StatusRow {
  time: Date;
  status: boolean;
  invalid: boolean | null;
  duration: number;
  message: string | null;
  error: string | null;
  details: Record<string, unknown> | null;
}

async function statuses(database: Db, name: string): Promise<StatusRow[]> {
  const result = await database.query<StatusRow>(
    `SELECT s.time, s.status, s.invalid, s.duration, s.message, s.error, s.details
     FROM check_statuses s JOIN checks c ON c.id = s.check_id WHERE c.name = $1 ORDER BY s.time`,
    [name],
  );
  return result.rows;
}

async function waitFor<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// --- tests ---------------------------------------------------------------------------------

describe('scheduler', () => {
  it('runs the checks of a canary spec on its schedule and stores the results', async () => {
    const database = await freshDb();
    await addCanary(database, 'web', {
      schedule: '@every 400ms',
      http: [
        {
          name: 'ok page',
          url: `${base}/ok?tag=ok-page`,
          responseCodes: [200],
          responseContent: 'OK',
        },
      ],
      tcp: [{ name: 'port', endpoint: `127.0.0.1:${tcpPort}`, thresholdMillis: 1000 }],
    });
    await startRunner(database);
    // The checks rows come from the spec.
    const rows = await waitFor(
      () => statuses(database, 'ok page'),
      (list) => list.length >= 4,
      '4 runs',
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        status: true,
        invalid: false,
        message: 'HTTP 200 OK',
        error: null,
      });
      expect(row.duration).toBeGreaterThanOrEqual(0);
      expect(row.details).toMatchObject({ code: 200 });
    }
    // Start to start, runs are at least one period apart.
    for (let index = 1; index < rows.length; index++) {
      const gap = (rows[index]?.time.getTime() ?? 0) - (rows[index - 1]?.time.getTime() ?? 0);
      expect(gap).toBeGreaterThanOrEqual(395);
    }
    const state = await waitFor(
      () => check(database, 'ok page'),
      (row) => row?.status === 'healthy',
      'healthy',
    );
    expect(state?.type).toBe('http');
    expect(state?.spec).toMatchObject({ url: `${base}/ok?tag=ok-page` });
    const latest = (await statuses(database, 'ok page')).at(-1);
    const current = await check(database, 'ok page');
    expect(current?.last_runtime?.getTime()).toBe(latest?.time.getTime());
    expect(current?.next_runtime?.getTime()).toBeGreaterThan(current?.last_runtime?.getTime() ?? 0);
    expect(current?.next_runtime?.getTime()).toBeLessThanOrEqual(
      (current?.last_runtime?.getTime() ?? 0) + 400 + 50,
    );
    await waitFor(
      () => statuses(database, 'port'),
      (list) => list.length >= 2,
      'tcp runs',
    );
    expect((await check(database, 'port'))?.status).toBe('healthy');
    expect(
      runner
        ?.scheduled()
        .map((entry) => entry.name)
        .sort(),
    ).toEqual(['ok page', 'port']);

    // The health summary (statement triggers of 0014) shows the live results.
    const summary = await readSummary(database);
    const item = summary.checks_summary?.find((entry) => entry.name === 'ok page');
    expect(item).toMatchObject({
      status: 'healthy',
      canary_name: 'web',
      endpoint: `${base}/ok?tag=ok-page`,
    });
    expect(item?.uptime.passed).toBeGreaterThanOrEqual(4);
    expect(item?.uptime.failed).toBe(0);
    expect(item?.next_runtime).toBeDefined();
  });

  it('stamps last_transition_time on a status change and enqueues the event', async () => {
    const database = await freshDb();
    flipCode = 200;
    await addCanary(database, 'flipper', {
      schedule: '@every 150ms',
      http: [{ name: 'flip', url: `${base}/flip`, responseCodes: [200] }],
    });
    await startRunner(database);
    const healthy = await waitFor(
      () => check(database, 'flip'),
      (row) => row?.status === 'healthy',
      'healthy',
    );
    const first = healthy?.last_transition_time?.getTime() ?? 0;
    expect(first).toBeGreaterThan(0);
    await waitFor(
      () => statuses(database, 'flip'),
      (list) => list.length >= 3,
      'more passes',
    );
    // Passing again does not move the transition time.
    expect((await check(database, 'flip'))?.last_transition_time?.getTime()).toBe(first);

    flipCode = 503;
    const unhealthy = await waitFor(
      () => check(database, 'flip'),
      (row) => row?.status === 'unhealthy',
      'unhealthy',
    );
    expect(unhealthy?.last_transition_time?.getTime()).toBeGreaterThan(first);
    const failed = (await statuses(database, 'flip')).at(-1);
    expect(failed).toMatchObject({
      status: false,
      invalid: false,
      error: 'expected status 200, got 503',
    });
    const events = await database.query<{ name: string }>(
      `SELECT name FROM event_queue WHERE properties ->> 'id' = $1 ORDER BY name`,
      [unhealthy?.id],
    );
    expect(events.rows.map((row) => row.name)).toEqual(['check.failed', 'check.passed']);
    const summary = await readSummary(database);
    const item = summary.checks_summary?.find((entry) => entry.name === 'flip');
    expect(item?.status).toBe('unhealthy');
    expect(item?.uptime.failed).toBeGreaterThanOrEqual(1);
    expect(item?.last_transition_time).toBe(unhealthy?.last_transition_time?.toISOString());
    flipCode = 200;
  });

  it('reports unsupported types and unusable schedules once, without scheduling them', async () => {
    const database = await freshDb();
    await addCanary(database, 'mixed', {
      schedule: '@every 200ms',
      http: [{ name: 'mixed ok', url: `${base}/ok` }],
      dns: [{ name: 'resolve x', query: 'x.example.com' }],
      icmp: [{ name: 'ping gw', endpoint: '10.0.0.1' }],
    });
    await addCanary(database, 'broken', {
      schedule: 'every now and then',
      http: [{ name: 'never scheduled', url: `${base}/ok` }],
    });
    await startRunner(database, { refreshMs: 150 });
    await waitFor(
      () => statuses(database, 'mixed ok'),
      (list) => list.length >= 3,
      'http runs',
    );
    await sleep(500); // several refreshes
    for (const name of ['resolve x', 'ping gw']) {
      const rows = await statuses(database, name);
      expect(rows, name).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: false, invalid: true, message: 'not run' });
      expect(rows[0]?.error).toMatch(/^check type "(dns|icmp)" is not supported by this runner/);
      expect(rows[0]?.details).toEqual({ runner: 'unsupported' });
      const state = await check(database, name);
      expect(state).toMatchObject({ status: 'unhealthy', next_runtime: null });
    }
    const broken = await statuses(database, 'never scheduled');
    expect(broken).toHaveLength(1);
    expect(broken[0]?.error).toMatch(
      /^invalid schedule of canary "broken": expected 5 cron fields/,
    );
    expect(runner?.scheduled().map((entry) => entry.name)).toEqual(['mixed ok']);
  });

  it('runs a few checks at a time and never one check twice at once', async () => {
    const database = await freshDb();
    maxActive.clear();
    await addCanary(database, 'slow', {
      schedule: '@every 50ms',
      http: [1, 2, 3, 4].map((n) => ({
        name: `slow ${n}`,
        url: `${base}/slow?ms=250&tag=slow-${n}`,
      })),
    });
    const started = await startRunner(database, { concurrency: 2 });
    await waitFor(
      () => Promise.all([1, 2, 3, 4].map((n) => statuses(database, `slow ${n}`))),
      (lists) => lists.every((list) => list.length >= 2),
      'two runs of each slow check',
    );
    // Run-now while a scheduled run may be in flight joins it rather than starting another.
    const id = (await check(database, 'slow 1'))?.id ?? '';
    const answers = await Promise.all([started.runNow(id), started.runNow(id)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]?.body.start).toBe(answers[1]?.body.start);
    expect(maxActive.get('*')).toBe(2);
    for (const n of [1, 2, 3, 4]) expect(maxActive.get(`slow-${n}`)).toBe(1);
  });

  it('limits a run to the time limit', async () => {
    const database = await freshDb();
    await addCanary(database, 'hung', {
      schedule: '@every 10s',
      http: [{ name: 'hang', url: `${base}/hang` }],
    });
    await startRunner(database, { timeoutMs: 300 });
    const [row] = await waitFor(
      () => statuses(database, 'hang'),
      (list) => list.length >= 1,
      'a result',
    );
    expect(row).toMatchObject({ status: false, invalid: false, error: 'timed out after 300 ms' });
    expect(row?.duration).toBeGreaterThanOrEqual(290);
  });

  it('stop() clears timers and aborts runs in flight without storing them', async () => {
    const database = await freshDb();
    await addCanary(database, 'busy', {
      schedule: '@every 100ms',
      http: [
        { name: 'busy ok', url: `${base}/ok` },
        { name: 'busy hang', url: `${base}/hang?tag=shutdown` },
      ],
    });
    const started = await startRunner(database, { timeoutMs: 20_000 });
    await waitFor(
      () => statuses(database, 'busy ok'),
      (list) => list.length >= 2,
      'runs',
    );
    await waitFor(
      () => seen.filter((probe) => probe.tag === 'shutdown').length,
      (n) => n >= 1,
      'the hanging request',
    );
    const closedBefore = hangClosed;
    const began = Date.now();
    await started.stop();
    expect(Date.now() - began).toBeLessThan(2000);
    expect(started.isRunning).toBe(false);
    await waitFor(
      () => hangClosed,
      (n) => n > closedBefore,
      'the hanging request to be closed',
    );
    const after = (await statuses(database, 'busy ok')).length;
    await sleep(400);
    expect((await statuses(database, 'busy ok')).length).toBe(after);
    expect(await statuses(database, 'busy hang')).toHaveLength(0);
    expect((await started.runNow((await check(database, 'busy ok'))?.id ?? '')).status).toBe(503);
  });
});

describe('which canaries and checks it runs', () => {
  it('follows spec changes: new checks created, changed ones updated, removed ones soft-deleted', async () => {
    const database = await freshDb();
    const canary = await addCanary(database, 'evolving', {
      schedule: '@every 150ms',
      http: [
        { name: 'a', url: `${base}/ok?tag=a` },
        { name: 'b', url: `${base}/ok?tag=b` },
      ],
    });
    await startRunner(database, { refreshMs: 150 });
    await waitFor(
      () => statuses(database, 'b'),
      (list) => list.length >= 1,
      'b runs',
    );
    await database.query(`UPDATE canaries SET spec = $2::jsonb WHERE id = $1`, [
      canary,
      JSON.stringify({
        schedule: '@every 150ms',
        http: [{ name: 'a', url: `${base}/ok?tag=a2`, description: 'changed' }],
        tcp: [{ name: 'c', endpoint: `127.0.0.1:${tcpPort}` }],
      }),
    ]);
    await waitFor(
      () => check(database, 'b'),
      (row) => row?.deleted_at !== null,
      'b soft-deleted',
    );
    await waitFor(
      () => statuses(database, 'c'),
      (list) => list.length >= 1,
      'c runs',
    );
    await waitFor(
      () => seen.filter((probe) => probe.tag === 'a2').length,
      (n) => n >= 1,
      'a with its new url',
    );
    expect((await check(database, 'a'))?.spec).toMatchObject({
      url: `${base}/ok?tag=a2`,
      description: 'changed',
    });
    const bRuns = seen.filter((probe) => probe.tag === 'b').length;
    await sleep(400);
    expect(seen.filter((probe) => probe.tag === 'b').length).toBe(bRuns);
  });

  it('leaves synthetic canaries and other agents’ canaries alone', async () => {
    const database = await freshDb();
    const synthetic = await addCanary(
      database,
      'demo',
      { schedule: '@every 100ms', http: [{ name: 'demo page', url: `${base}/ok?tag=synthetic` }] },
      { annotations: { 'vigil.dev/synthetic': 'true' } },
    );
    await database.query(
      `INSERT INTO checks (canary_id, type, name, spec) VALUES ($1, 'http', 'demo page', $2::jsonb)`,
      [synthetic, JSON.stringify({ name: 'demo page', url: `${base}/ok?tag=synthetic` })],
    );
    const agent = await database.query<{ id: string }>(
      `INSERT INTO agents (name) VALUES ('remote-1') RETURNING id`,
    );
    const agentId = agent.rows[0]?.id ?? '';
    const remote = await addCanary(
      database,
      'remote',
      { schedule: '@every 100ms', http: [{ name: 'remote page', url: `${base}/ok?tag=remote` }] },
      { agentId },
    );
    await database.query(
      `INSERT INTO checks (canary_id, agent_id, type, name, spec) VALUES ($1, $2, 'http', 'remote page', $3::jsonb)`,
      [remote, agentId, JSON.stringify({ url: `${base}/ok?tag=remote` })],
    );
    await addCanary(database, 'real', {
      schedule: '@every 100ms',
      http: [{ name: 'real page', url: `${base}/ok?tag=real` }],
    });
    await startRunner(database, { refreshMs: 100 });
    await waitFor(
      () => statuses(database, 'real page'),
      (list) => list.length >= 3,
      'real runs',
    );
    expect(seen.filter((probe) => probe.tag === 'synthetic' || probe.tag === 'remote')).toEqual([]);
    expect(await statuses(database, 'demo page')).toHaveLength(0);
    expect(await statuses(database, 'remote page')).toHaveLength(0);
    const count = await database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM checks WHERE canary_id = ANY($1::uuid[])`,
      [[synthetic, remote]],
    );
    expect(count.rows[0]?.n).toBe(2);

    // Run-now explains instead of probing them.
    const demoId = (await check(database, 'demo page'))?.id ?? '';
    const demo = await (runner as HealthRunner).runNow(demoId);
    expect(demo.status).toBe(200);
    expect(demo.body.message).toMatch(/synthetic demo data \(annotation vigil\.dev\/synthetic\)/);
    const remoteAnswer = await (runner as HealthRunner).runNow(
      (await check(database, 'remote page'))?.id ?? '',
    );
    expect(remoteAnswer.body.message).toMatch(/belongs to agent remote-1/);
    expect(await statuses(database, 'demo page')).toHaveLength(0);
  });

  it('resolves $(self.url), $(self.host) and $(self.port) to the server address', async () => {
    const database = await freshDb();
    await addCanary(database, 'self', {
      schedule: '@every 200ms',
      http: [{ name: 'self page', url: '$(self.url)/ok?tag=self', responseContent: 'OK' }],
      tcp: [{ name: 'self port', endpoint: '$(self.host):$(self.port)' }],
    });
    // Before the address is known, the check says so instead of failing on a bogus URL.
    await database.query(
      `INSERT INTO checks (canary_id, type, name, spec)
       SELECT id, 'http', 'self page', '{"url":"$(self.url)/ok"}'::jsonb FROM canaries WHERE name = 'self'`,
    );
    const offline = new HealthRunner(database, { log: () => undefined });
    const early = await offline.runNow((await check(database, 'self page'))?.id ?? '');
    expect(early.body).toMatchObject({ pass: false, invalid: true });
    expect(String(early.body.error)).toMatch(/own address is not known yet/);

    const started = new HealthRunner(database, { minPeriodMs: 0, log: () => undefined });
    runner = started;
    started.setSelfUrl(`${base}/`);
    expect(started.selfUrl).toBe(base);
    await started.start();
    await waitFor(
      () => check(database, 'self page'),
      (row) => row?.status === 'healthy',
      'self page healthy',
    );
    await waitFor(
      () => check(database, 'self port'),
      (row) => row?.status === 'healthy',
      'self port healthy',
    );
    // The stored spec carries the resolved address, so the dashboard shows the real endpoint.
    expect((await check(database, 'self page'))?.spec).toMatchObject({
      url: `${base}/ok?tag=self`,
    });
    const summary = await readSummary(database);
    expect(summary.checks_summary?.find((item) => item.name === 'self port')?.endpoint).toBe(
      `127.0.0.1:${base.split(':').at(-1)}`,
    );
  });
});

describe.skipIf(!postgresAvailable)('on PostgreSQL', () => {
  it('syncs, schedules, stores results, runs now and generates agents through pg', async () => {
    const server = await startPostgres();
    const database = await openPostgres(server.connectionString);
    let pgRunner: HealthRunner | undefined;
    try {
      await migrate(database);
      flipCode = 200;
      await addCanary(database, 'pg', {
        schedule: '@every 200ms',
        http: [{ name: 'pg flip', url: `${base}/flip`, responseCodes: [200] }],
        tcp: [{ name: 'pg port', endpoint: `127.0.0.1:${tcpPort}` }],
        dns: [{ name: 'pg dns', query: 'x' }],
      });
      pgRunner = new HealthRunner(database, { minPeriodMs: 0, log: () => undefined });
      await pgRunner.start();
      await waitFor(
        () => check(database, 'pg flip'),
        (row) => row?.status === 'healthy',
        'healthy',
      );
      await waitFor(
        () => check(database, 'pg port'),
        (row) => row?.status === 'healthy',
        'tcp',
      );
      await waitFor(
        () => statuses(database, 'pg dns'),
        (rows) => rows.length === 1,
        'dns report',
      );
      flipCode = 503;
      await waitFor(
        () => check(database, 'pg flip'),
        (row) => row?.status === 'unhealthy',
        'down',
      );
      flipCode = 200;

      const app = buildApp(database, { auth: 'none' }).app;
      await database.query(
        `INSERT INTO people (name, email, type) VALUES ('Pat', 'pat@pg.test', 'user')`,
      );
      await database.query(
        `INSERT INTO casbin_rule (ptype, v0, v1) SELECT 'g', id::text, 'admin' FROM people WHERE email = 'pat@pg.test'`,
      );
      const id = (await check(database, 'pg port'))?.id ?? '';
      const ran = await app.request(`/api/canary/run/check/${id}`, { method: 'POST' });
      expect(ran.status).toBe(200);
      expect(await ran.json()).toMatchObject({ name: 'pg port', pass: true });
      const summary = await readSummary(database);
      expect(summary.checks_summary?.find((item) => item.name === 'pg flip')?.status).toBeDefined();

      const generated = await app.request('/api/agent/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'pg-agent', properties: { k: 'v' } }),
      });
      expect(generated.status).toBe(201);
      const body = (await generated.json()) as { access_token: string };
      const whoami = await app.request('/api/auth/whoami', {
        headers: {
          Authorization: `Basic ${Buffer.from(`token:${body.access_token}`).toString('base64')}`,
        },
      });
      expect(whoami.status).toBe(200);
      const seenAt = await database.query<{ last_seen: Date | null }>(
        `SELECT last_seen FROM agents WHERE name = 'pg-agent'`,
      );
      expect(seenAt.rows[0]?.last_seen).not.toBeNull();
      const duplicate = await app.request('/api/agent/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'pg-agent' }),
      });
      expect(duplicate.status).toBe(409);
    } finally {
      await pgRunner?.stop();
      await database.close();
      await server.stop();
    }
  }, 120_000);
});
