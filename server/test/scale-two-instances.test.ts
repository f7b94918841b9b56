/**
 * Horizontal scale, end to end (issue 10, "Hardening"): ONE PostgreSQL and TWO real server
 * processes (`node --import tsx server/src/main.ts`) on different ports, the first with
 * VIGIL_SEED=demo and the second with VIGIL_SEED=none, started at the same time (their migrations
 * serialise on an advisory lock). It proves that
 *
 * - a session made by signing in on instance A is accepted by instance B, and ended on both by a
 *   sign-out on B (sessions live in the database);
 * - a check due on both instances runs once per interval across the two (claims in
 *   vigil_job_claims, docs/health-runner.md "Several instances"): a tiny HTTP server in this test
 *   counts the probes, each tagged with the port of the instance that sent it (`$(self.port)`), and
 *   the check's `check_statuses` rows are compared with them;
 * - when the instance running the check dies (SIGKILL, no clean-up), the other takes it over.
 *
 * Readiness is polled on /api/health; the processes are killed in afterAll. Skipped, with the reason
 * in the test name, when no PostgreSQL binaries are installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../src/auth/rate-limit';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { postgresAvailable, startPostgres, type PostgresServer } from './helpers/postgres-server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PERIOD_MS = 1000;

// --- server processes -------------------------------------------------------------------------

interface Instance {
  name: string;
  port: number;
  url: string;
  seed: 'demo' | 'none';
  child: ChildProcess;
  /** The process's output, kept to explain a failed start. */
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function spawnInstance(
  name: string,
  port: number,
  seed: 'demo' | 'none',
  databaseUrl: string,
): Instance {
  // Nothing of this test runner's environment that configures Vigil leaks into the servers.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.startsWith('VIGIL_') && key !== 'DATABASE_URL' && key !== 'PORT',
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      VIGIL_SEED: seed,
      VIGIL_AUTH: 'basic',
      VIGIL_RUNNER: 'on',
      // A run that is killed mid-way keeps its claim for the time limit plus 5 s: keep it short.
      VIGIL_RUNNER_TIMEOUT_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 200));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, port, url: `http://127.0.0.1:${port}`, seed, child, output };
}

/** Poll /api/health until it answers 200 OK (never a fixed sleep). */
async function waitReady(instance: Instance, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(instance.child)) break;
    try {
      const response = await fetch(`${instance.url}/api/health`);
      if (response.status === 200 && (await response.text()) === 'OK') return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(
    `instance ${instance.name} (port ${instance.port}) did not become ready:\n${instance.output.join('\n')}`,
  );
}

async function stopInstance(instance: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (exited(instance.child)) return;
  const done = new Promise<void>((resolve) => instance.child.once('exit', () => resolve()));
  instance.child.kill(signal);
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await done;
  clearTimeout(timer);
}

async function startInstances(databaseUrl: string): Promise<[Instance, Instance]> {
  const [portA, portB] = [await freePort(), await freePort()];
  const a = spawnInstance('A', portA, 'demo', databaseUrl);
  const b = spawnInstance('B', portB, 'none', databaseUrl);
  instances.push(a, b);
  await Promise.all([waitReady(a), waitReady(b)]);
  return [a, b];
}

// --- the tiny HTTP server the check probes ------------------------------------------------------

interface Probe {
  at: number;
  /** The port of the instance that sent it (`$(self.port)` in the check's URL). */
  by: string;
}

const probes: Probe[] = [];
let target: Server | undefined;
let targetPort = 0;

// --- shared state -----------------------------------------------------------------------------

const instances: Instance[] = [];
let postgres: PostgresServer | undefined;
let databaseUrl = '';
let db: Db | undefined;
let a: Instance;
let b: Instance;

function database(): Db {
  if (!db) throw new Error('no database');
  return db;
}

/** Start-to-start gaps between consecutive entries of a sorted list of times. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] ?? 0));
}

async function statusTimes(checkId: string): Promise<number[]> {
  const result = await database().query<{ time: Date }>(
    'SELECT time FROM check_statuses WHERE check_id = $1 ORDER BY time',
    [checkId],
  );
  return result.rows.map((row) => new Date(row.time).getTime());
}

/** Cookies from Set-Cookie headers merged into a Cookie header value. */
function withCookies(response: Response, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split(/;\s*/).filter(Boolean)) {
    const [name = '', ...rest] = pair.split('=');
    jar.set(name, rest.join('='));
  }
  for (const header of response.headers.getSetCookie()) {
    const [pair = ''] = header.split(';');
    const [name = '', ...rest] = pair.split('=');
    if (name) jar.set(name, rest.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

function postHeaders(instance: Instance, cookie: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Origin: instance.url,
    Cookie: cookie,
  };
}

/** The Kratos browser login flow with the password method; returns the session's Cookie header. */
async function signIn(instance: Instance, identifier: string, password: string): Promise<string> {
  const flowResponse = await fetch(`${instance.url}/api/kratos/self-service/login/browser`, {
    headers: { Accept: 'application/json' },
  });
  expect(flowResponse.status).toBe(200);
  const flow = (await flowResponse.json()) as {
    id: string;
    ui: { nodes: { attributes: { name: string; value?: unknown } }[] };
  };
  const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
    .value;
  expect(typeof csrf).toBe('string');
  const flowCookie = withCookies(flowResponse);
  const response = await fetch(
    `${instance.url}/api/kratos/self-service/login?flow=${encodeURIComponent(flow.id)}`,
    {
      method: 'POST',
      headers: postHeaders(instance, flowCookie),
      body: JSON.stringify({ method: 'password', identifier, password, csrf_token: csrf }),
    },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return withCookies(response, flowCookie);
}

async function whoami(instance: Instance, cookie: string): Promise<Response> {
  return fetch(`${instance.url}/api/auth/whoami`, {
    headers: { Accept: 'application/json', Cookie: cookie },
  });
}

// --- the suite --------------------------------------------------------------------------------

const SKIP_REASON =
  'PostgreSQL binaries (initdb, pg_ctl) were not found in /usr/local/bin, /usr/bin or /usr/lib/postgresql/*/bin (or no postgres user to run them as root)';

if (!postgresAvailable) {
  it.skip(`two server instances on one PostgreSQL: skipped because ${SKIP_REASON}`, () => {});
}

describe.skipIf(!postgresAvailable)('two server instances on one PostgreSQL', () => {
  beforeAll(async () => {
    target = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      probes.push({ at: Date.now(), by: url.searchParams.get('by') ?? '?' });
      response.end('OK');
    });
    await new Promise<void>((resolve) => target?.listen(0, '127.0.0.1', () => resolve()));
    targetPort = (target.address() as AddressInfo).port;

    postgres = await startPostgres();
    databaseUrl = postgres.connectionString;
    // Both start at once on the empty database: A migrates and seeds the demo, B waits for the
    // migrations and seeds nothing.
    [a, b] = await startInstances(databaseUrl);
    db = await openPostgres(databaseUrl);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => stopInstance(instance)));
    await db?.close();
    await postgres?.stop();
    target?.closeAllConnections();
    await new Promise<void>((resolve) => (target ? target.close(() => resolve()) : resolve()));
  }, 30_000);

  it('accepts on instance B a session signed in on instance A, and a sign-out on B ends it on A', async () => {
    const cookie = await signIn(a, 'admin', 'vigil-admin');
    expect(cookie).toMatch(/vigil_session=/);
    for (const instance of [a, b]) {
      const response = await whoami(instance, cookie);
      expect(response.status, `whoami on ${instance.name}`).toBe(200);
      const body = (await response.json()) as {
        payload: { user: { name: string; email?: string }; roles?: string[] };
      };
      expect(body.payload.user.email, `whoami on ${instance.name}`).toBe('admin@vigil.local');
    }
    // Sign out through B's logout flow: A no longer accepts the cookie either.
    const logout = await fetch(`${b.url}/api/kratos/self-service/logout/browser`, {
      headers: { Accept: 'application/json', Cookie: cookie },
    });
    expect(logout.status).toBe(200);
    const { logout_token: token } = (await logout.json()) as { logout_token: string };
    const ended = await fetch(
      `${b.url}/api/kratos/self-service/logout?token=${encodeURIComponent(token)}`,
      { headers: { Accept: 'application/json', Cookie: cookie }, redirect: 'manual' },
    );
    expect(ended.status).toBeLessThan(400);
    expect((await whoami(a, cookie)).status).toBe(401);
    expect((await whoami(b, cookie)).status).toBe(401);
  });

  describe('shared sign-in rate limit', () => {
    /** One password attempt through the Kratos flow; the response as answered. */
    async function attempt(instance: Instance, identifier: string, password: string) {
      const flowResponse = await fetch(`${instance.url}/api/kratos/self-service/login/browser`, {
        headers: { Accept: 'application/json' },
      });
      const flow = (await flowResponse.json()) as {
        id: string;
        ui: { nodes: { attributes: { name: string; value?: unknown } }[] };
      };
      const csrf = flow.ui.nodes.find((node) => node.attributes.name === 'csrf_token')?.attributes
        .value;
      return fetch(
        `${instance.url}/api/kratos/self-service/login?flow=${encodeURIComponent(flow.id)}`,
        {
          method: 'POST',
          headers: postHeaders(instance, withCookies(flowResponse)),
          body: JSON.stringify({ method: 'password', identifier, password, csrf_token: csrf }),
        },
      );
    }

    it('counts failed sign-ins on instance A against the limit on instance B', async () => {
      for (let index = 0; index < RATE_RULES.loginAccount.limit; index += 1) {
        const instance = index % 2 === 0 ? a : b;
        expect((await attempt(instance, 'viewer', 'wrong')).status).toBe(400);
      }
      // Both instances now refuse the account, even with the right password.
      for (const instance of [a, b]) {
        const refused = await attempt(instance, 'viewer', 'vigil-viewer');
        expect(refused.status, `sign-in on ${instance.name}`).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Another account is not affected on either instance.
      expect((await attempt(b, 'editor', 'vigil-editor')).status).toBe(200);
    });
  });

  describe('a check due on both instances', () => {
    let checkId = '';
    let restartedAt = 0;

    beforeAll(async () => {
      // A canary whose spec declares no checks runs its check rows as written, so each instance
      // resolves $(self.port) itself: the probe says who sent it.
      const canary = await database().query<{ id: string }>(
        `INSERT INTO canaries (name, namespace, spec, source)
         VALUES ('scale-test', 'scale', $1::jsonb, 'UI') RETURNING id`,
        [JSON.stringify({ schedule: `@every ${PERIOD_MS / 1000}s` })],
      );
      const check = await database().query<{ id: string }>(
        `INSERT INTO checks (canary_id, type, name, namespace, spec)
         VALUES ($1, 'http', 'scale probe', 'scale', $2::jsonb) RETURNING id`,
        [
          canary.rows[0]?.id,
          JSON.stringify({
            url: `http://127.0.0.1:${targetPort}/probe?by=$(self.port)`,
            responseCodes: [200],
          }),
        ],
      );
      checkId = check.rows[0]?.id ?? '';
      // Both instances read the checks at start-up (and every 15 s after): restart them together
      // (A with VIGIL_SEED=demo again, skipped now that the database is not empty; B with none),
      // so both find the check due at the same moment.
      await Promise.all(instances.map((instance) => stopInstance(instance)));
      instances.length = 0;
      restartedAt = Date.now();
      [a, b] = await startInstances(databaseUrl);
    }, 60_000);

    it('runs once per interval across the two instances (no two runs in one slot)', async () => {
      const windowStart = Date.now();
      await sleep(6 * PERIOD_MS + 200);
      const windowEnd = Date.now();
      const runs = (await statusTimes(checkId)).filter(
        (time) => time >= restartedAt && time <= windowEnd,
      );
      const sent = probes.filter((probe) => probe.at >= restartedAt && probe.at <= windowEnd);
      const inWindow = runs.filter((time) => time >= windowStart).length;
      const periods = Math.floor((windowEnd - windowStart) / PERIOD_MS);
      // Two schedulers without claims would run it about twice per second, a few ms apart.
      expect(inWindow).toBeGreaterThanOrEqual(periods - 1);
      expect(inWindow).toBeLessThanOrEqual(periods + 1);
      for (const gap of gaps(runs)) expect(gap).toBeGreaterThanOrEqual(PERIOD_MS - 100);
      // Every run is one probe, and no probe arrives within the same slot as another.
      expect(Math.abs(sent.length - runs.length)).toBeLessThanOrEqual(1);
      for (const gap of gaps(sent.map((probe) => probe.at))) {
        expect(gap).toBeGreaterThanOrEqual(PERIOD_MS - 100);
      }
      const ports = new Set(sent.map((probe) => probe.by));
      for (const port of ports) expect([String(a.port), String(b.port)]).toContain(port);
      // The check row follows the runs: healthy, with a next run one period after the last.
      const state = await database().query<{ status: string; gap: number }>(
        `SELECT status, extract(epoch FROM next_runtime - last_runtime) * 1000 AS gap
         FROM checks WHERE id = $1`,
        [checkId],
      );
      expect(state.rows[0]?.status).toBe('healthy');
      expect(Number(state.rows[0]?.gap)).toBeGreaterThanOrEqual(PERIOD_MS - 1);
    });

    it('is taken over by the other instance when the one running it dies', async () => {
      const lastBy = probes.at(-1)?.by;
      const [victim, survivor] = lastBy === String(a.port) ? [a, b] : [b, a];
      await stopInstance(victim, 'SIGKILL');
      const killedAt = Date.now();
      // Its claim runs out at the next slot (at most the time limit + 5 s when it died mid-run).
      const deadline = killedAt + 12_000;
      while (
        probes.filter((probe) => probe.at > killedAt && probe.by === String(survivor.port)).length <
        3
      ) {
        if (Date.now() > deadline) throw new Error('the surviving instance did not take over');
        await sleep(50);
      }
      const after = probes.filter((probe) => probe.at > killedAt);
      expect(after.every((probe) => probe.by === String(survivor.port))).toBe(true);
      const runs = (await statusTimes(checkId)).filter((time) => time > killedAt - PERIOD_MS);
      for (const gap of gaps(runs)) expect(gap).toBeGreaterThanOrEqual(PERIOD_MS - 100);
    }, 30_000);
  });
});
