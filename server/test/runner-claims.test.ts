/**
 * Work claims (server/src/runner/claims.ts, table vigil_job_claims of migration 0018) and two
 * health runners sharing one database the way two server instances do: each scheduled slot of a
 * check runs once, the spec sync runs on one of them, a report of an unsupported check is written
 * once, and when the runner holding a check stops the other one takes it over. On PGlite (two
 * runners in one process) and on PostgreSQL (two connection pools) when its binaries are present.
 * The end-to-end version with two server processes is scale-two-instances.test.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { openPostgres } from '../src/db/postgres';
import type { Db } from '../src/db/types';
import { JobClaims, purgeExpiredClaims } from '../src/runner/claims';
import { CHECK_JOB, HealthRunner, SYNC_JOB } from '../src/runner/runner';
import { openTestDb } from './fixtures/app';
import { postgresAvailable, startPostgres } from './helpers/postgres-server';

// --- a local HTTP server that records who probed it and when ---------------------------------

interface Probe {
  at: number;
  by: string | null;
  tag: string | null;
}

const probes: Probe[] = [];
let http: Server;
let base = '';

beforeAll(async () => {
  http = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://x');
    probes.push({
      at: Date.now(),
      by: url.searchParams.get('by'),
      tag: url.searchParams.get('tag'),
    });
    response.end('OK');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

// --- helpers --------------------------------------------------------------------------------

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A canary whose spec declares no checks (so its check rows run as written) and one http check. */
async function addCheck(
  db: Db,
  name: string,
  schedule: string,
  spec: Record<string, unknown>,
  type = 'http',
): Promise<string> {
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace, spec, source) VALUES ($1, 'claims', $2::jsonb, 'UI') RETURNING id`,
    [name, JSON.stringify({ schedule })],
  );
  const check = await db.query<{ id: string }>(
    `INSERT INTO checks (canary_id, type, name, namespace, spec) VALUES ($1, $2, $3, 'claims', $4::jsonb) RETURNING id`,
    [canary.rows[0]?.id, type, name, JSON.stringify(spec)],
  );
  return check.rows[0]?.id ?? '';
}

async function statusTimes(db: Db, checkId: string): Promise<number[]> {
  const result = await db.query<{ time: Date }>(
    'SELECT time FROM check_statuses WHERE check_id = $1 ORDER BY time',
    [checkId],
  );
  return result.rows.map((row) => new Date(row.time).getTime());
}

function gaps(times: number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] ?? 0));
}

function newRunner(db: Db, holder: string, port: number): HealthRunner {
  return new HealthRunner(db, {
    holder,
    selfUrl: `http://127.0.0.1:${port}`,
    minPeriodMs: 0,
    refreshMs: 60_000,
    timeoutMs: 2000,
    log: () => undefined,
  });
}

/**
 * Two runners ("instances" a and b, told apart by the `$(self.port)` each resolves in the probe
 * URL) on one check every `periodMs`: every slot runs once; then the holder stops and the other
 * one carries on at the same cadence.
 */
async function twoRunnersShareACheck(first: Db, second: Db, tag: string): Promise<void> {
  const periodMs = 250;
  const id = await addCheck(first, `shared ${tag}`, `@every ${periodMs}ms`, {
    url: `${base}/probe?tag=${tag}&by=$(self.port)`,
  });
  const a = newRunner(first, `a-${tag}`, 1111);
  const b = newRunner(second, `b-${tag}`, 2222);
  const mine = (): Probe[] => probes.filter((probe) => probe.tag === tag);
  try {
    // Both find the check due at once (it never ran) and race for its first slot.
    await Promise.all([a.start(), b.start()]);
    expect(a.scheduled().map((entry) => entry.id)).toEqual([id]);
    expect(b.scheduled().map((entry) => entry.id)).toEqual([id]);
    const windowStart = Date.now();
    await sleep(10 * periodMs + 100);
    const windowEnd = Date.now();
    const inWindow = (await statusTimes(first, id)).filter((time) => time <= windowEnd);
    // Two schedulers without claims would give about twice as many runs, some a few ms apart.
    const slots = Math.floor((windowEnd - windowStart) / periodMs) + 1;
    // Most slots run (a loaded machine may start a few late, never twice).
    expect(inWindow.length).toBeGreaterThanOrEqual(Math.min(slots - 2, Math.ceil(slots * 0.6)));
    expect(inWindow.length).toBeLessThanOrEqual(slots + 1);
    for (const gap of gaps(inWindow)) expect(gap).toBeGreaterThanOrEqual(periodMs - 5);
    // Each run is one probe (none probed without storing a result).
    const probesInWindow = mine().filter((probe) => probe.at <= windowEnd).length;
    expect(Math.abs(probesInWindow - inWindow.length)).toBeLessThanOrEqual(1);

    // The holder stops (its claims are given up); the other instance takes over at once.
    const holderPort = mine().at(-1)?.by;
    const [holder, other] = holderPort === '1111' ? [a, b] : [b, a];
    const otherPort = holderPort === '1111' ? '2222' : '1111';
    await holder.stop();
    const stoppedAt = Date.now();
    await waitFor(
      () => mine().filter((probe) => probe.at > stoppedAt && probe.by === otherPort).length,
      (n) => n >= 3,
      'the other runner to take over',
      5000,
    );
    const after = (await statusTimes(first, id)).filter((time) => time > stoppedAt - periodMs);
    for (const gap of gaps(after)) expect(gap).toBeGreaterThanOrEqual(periodMs - 5);
    expect(mine().filter((probe) => probe.at > stoppedAt + 50 && probe.by === holderPort)).toEqual(
      [],
    );
    await other.stop();
  } finally {
    await Promise.all([a.stop(), b.stop()]);
  }
}

// --- JobClaims ------------------------------------------------------------------------------

// One PGlite database for the file (migrating one takes a few seconds).
let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => db.close());

describe('JobClaims on PGlite', () => {
  it('gives a slot to one holder until it runs out, renews the holder’s own, and can be forced', async () => {
    const one = new JobClaims(db, 'one');
    const two = new JobClaims(db, 'two');
    // Five seconds: the refusal's remaining time is checked against it, even on a loaded machine.
    expect(await one.claim('job-x', 'k1', 5000)).toEqual({
      claimed: true,
      holder: 'one',
      remainingMs: 5000,
    });
    const refused = await two.claim('job-x', 'k1', 300);
    expect(refused).toMatchObject({ claimed: false, holder: 'one' });
    expect(refused.remainingMs).toBeGreaterThan(4000);
    expect(refused.remainingMs).toBeLessThanOrEqual(5000);
    // Other keys and other jobs are separate slots.
    expect((await two.claim('job-x', 'k2', 300)).claimed).toBe(true);
    expect((await two.claim('job-y', 'k1', 300)).claimed).toBe(true);
    // The holder renews its own claim before it runs out.
    expect((await one.claim('job-x', 'k1', 60_000)).claimed).toBe(true);
    expect((await two.claim('job-x', 'k1', 300)).remainingMs).toBeGreaterThan(59_000);
    // hold() moves the end of one's own claim only.
    expect(await two.hold('job-x', 'k1', 0)).toBe(false);
    expect(await one.hold('job-x', 'k1', 0)).toBe(true);
    expect(await two.claim('job-x', 'k1', 300)).toMatchObject({ claimed: true, holder: 'two' });
    // After it runs out, another holder gets it.
    await sleep(320);
    expect(await one.claim('job-x', 'k1', 1000)).toMatchObject({ claimed: true, holder: 'one' });
    // force takes it at once (Run Now).
    expect((await two.claim('job-x', 'k1', 1000)).claimed).toBe(false);
    expect((await two.claim('job-x', 'k1', 1000, { force: true })).claimed).toBe(true);
  });

  it('lets exactly one of several simultaneous claimants win', async () => {
    const holders = ['h1', 'h2', 'h3', 'h4'].map((name) => new JobClaims(db, name));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        holders.map((holder) => holder.claim('race', `r${round}`, 10_000)),
      );
      expect(results.filter((result) => result.claimed)).toHaveLength(1);
      const winner = results.find((result) => result.claimed)?.holder;
      for (const result of results) expect(result.holder).toBe(winner);
    }
  });

  it('releaseAll gives up a holder’s claims; purgeExpiredClaims deletes old ones', async () => {
    const one = new JobClaims(db, 'leaver');
    const two = new JobClaims(db, 'stayer');
    await one.claim('job-z', 'a', 60_000);
    await one.claim('job-z', 'b', 60_000);
    await two.claim('job-z', 'c', 0);
    expect(await one.releaseAll()).toBe(2);
    expect((await two.claim('job-z', 'a', 60_000)).claimed).toBe(true);
    await sleep(20);
    await two.hold('job-z', 'a', 0);
    expect(await purgeExpiredClaims(db, 60_000)).toBe(0);
    await sleep(20);
    expect(await purgeExpiredClaims(db, 10)).toBeGreaterThanOrEqual(2);
    const left = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM vigil_job_claims WHERE job = 'job-z'`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});

// --- two runners on one database ------------------------------------------------------------

describe('two health runners on one PGlite database', () => {
  afterEach(async () => {
    await db.exec('DELETE FROM canaries; DELETE FROM vigil_job_claims;');
  });

  it('run each slot of a check once, and the other takes over when the holder stops', async () => {
    await twoRunnersShareACheck(db, db, 'pglite');
  }, 20_000);

  it('report an unsupported check once, and only one of them syncs the specs', async () => {
    await db.query(
      `INSERT INTO canaries (name, namespace, spec, source) VALUES ('synced', 'claims', $1::jsonb, 'UI')`,
      [JSON.stringify({ schedule: '@every 1h', http: [{ name: 'self', url: '$(self.url)/ok' }] })],
    );
    const a = newRunner(db, 'sync-a', 1111);
    const b = newRunner(db, 'sync-b', 2222);
    try {
      await a.start();
      // Both find the unsupported check at the same time and both want to report it.
      const dns = await addCheck(db, 'resolve', '@every 200ms', { query: 'x.example' }, 'dns');
      await Promise.all([a.refresh(), b.start()]);
      await waitFor(
        () => statusTimes(db, dns),
        (times) => times.length >= 1,
        'the unsupported report',
      );
      await Promise.all([a.refresh(), b.refresh()]);
      await sleep(200);
      expect(await statusTimes(db, dns)).toHaveLength(1);
      // The sync lease stays with a while it refreshes, so the stored spec carries a's address
      // and does not flip between the two.
      const spec = await db.query<{ url: string; holder: string }>(
        `SELECT c.spec ->> 'url' AS url,
           (SELECT holder FROM vigil_job_claims WHERE job = $1 AND key = 'local') AS holder
         FROM checks c WHERE c.name = 'self'`,
        [SYNC_JOB],
      );
      expect(spec.rows[0]).toEqual({ url: 'http://127.0.0.1:1111/ok', holder: 'sync-a' });
      // a stops: b takes the lease at its next refresh and writes its own address.
      await a.stop();
      await b.refresh();
      const after = await db.query<{ url: string }>(
        `SELECT spec ->> 'url' AS url FROM checks WHERE name = 'self'`,
      );
      expect(after.rows[0]?.url).toBe('http://127.0.0.1:2222/ok');
      const claims = await db.query<{ job: string; holder: string }>(
        'SELECT job, holder FROM vigil_job_claims ORDER BY job',
      );
      expect(claims.rows.every((row) => row.holder === 'sync-b')).toBe(true);
      expect(claims.rows.map((row) => row.job)).toContain(SYNC_JOB);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('Run Now runs on the instance asked even when another holds the slot', async () => {
    const id = await addCheck(db, 'pressed', '@every 1h', { url: `${base}/ok?tag=pressed` });
    const holder = new JobClaims(db, 'someone-else');
    await holder.claim(CHECK_JOB, id, 60_000);
    const runner = newRunner(db, 'presser', 3333);
    try {
      const answer = await runner.runNow(id);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ pass: true });
      expect(await statusTimes(db, id)).toHaveLength(1);
      // The run covers the slot: the claim is the presser's until the next one (an hour).
      const refused = await holder.claim(CHECK_JOB, id, 1000);
      expect(refused.holder).toBe('presser');
      expect(refused.remainingMs).toBeGreaterThan(3_500_000);
    } finally {
      await runner.stop();
    }
  });
});

describe.skipIf(!postgresAvailable)('two health runners on PostgreSQL (two pools)', () => {
  let server: Awaited<ReturnType<typeof startPostgres>> | undefined;
  let first: Db | undefined;
  let second: Db | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    first = await openPostgres(server.connectionString);
    second = await openPostgres(server.connectionString);
    await migrate(first);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.stop();
  });

  it('lets exactly one of two pools win each simultaneous claim', async () => {
    const one = new JobClaims(first as Db, 'pool-1');
    const two = new JobClaims(second as Db, 'pool-2');
    const wins = { 'pool-1': 0, 'pool-2': 0 };
    for (let round = 0; round < 40; round++) {
      const results = await Promise.all([
        one.claim('race', `r${round}`, 10_000),
        two.claim('race', `r${round}`, 10_000),
      ]);
      const winners = results.filter((result) => result.claimed);
      expect(winners).toHaveLength(1);
      wins[winners[0]?.holder as 'pool-1' | 'pool-2'] += 1;
    }
    expect(wins['pool-1'] + wins['pool-2']).toBe(40);
  });

  it('run each slot of a check once, and the other takes over when the holder stops', async () => {
    await twoRunnersShareACheck(first as Db, second as Db, 'postgres');
  }, 20_000);
});
