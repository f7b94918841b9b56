/**
 * Notification fan-out benchmark (issue 15: "1,000 events through rules to a local receiver"):
 * BENCH_EVENTS checks flip to unhealthy in one statement, so their triggers enqueue as many
 * check.failed events; the dispatcher (server/src/notifications) fans each out to the rules — two
 * that match, each with a generic webhook to a local node:http receiver, and one whose CEL filter
 * excludes it — and delivers. Measured: events per second and deliveries per second from the
 * flip to the last delivery, and the delivery latency (event created_at → the receiver has the
 * request) p50 / p95. On PostgreSQL two dispatchers share the queue (FOR UPDATE SKIP LOCKED), as
 * two server instances would; PGlite has one connection, so one.
 *
 * Run: `npx tsx bench/notifications.ts` (npm run bench calls it). Environment:
 *   BENCH_BACKENDS=postgres,pglite   which databases (PostgreSQL needs its binaries; a throw-away
 *                                    cluster is initdb'd under /tmp)
 *   BENCH_EVENTS=1000                events per backend
 * Prints a table and keeps bench/results/notifications.json. Reports figures; never fails on speed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/src/db/migrate';
import { openPglite } from '../server/src/db/pglite';
import { openPostgres } from '../server/src/db/postgres';
import type { Db } from '../server/src/db/types';
import { NotificationDispatcher } from '../server/src/notifications/dispatcher';
import { lazySecrets } from '../server/src/secrets/keyring';
import { postgresAvailable, startPostgres } from '../server/test/helpers/postgres-server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const MATCHING_RULES = 2;
const TIMEOUT_MS = 300_000;

export interface NotificationFigure {
  backend: string;
  events: number;
  deliveries: number;
  dispatchers: number;
  seconds: number;
  eventsPerSecond: number;
  deliveriesPerSecond: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function prepare(db: Db, receiver: string): Promise<void> {
  await db.query(
    `INSERT INTO canaries (id, name, namespace, spec, created_at)
     VALUES ('01900000-0000-7000-8000-00000000be01', 'bench', 'bench', '{}'::jsonb, now())`,
  );
  await db.query(
    `INSERT INTO checks (canary_id, type, name, severity, status, created_at)
     SELECT '01900000-0000-7000-8000-00000000be01', 'http', 'bench check ' || i, 'critical',
       'healthy', now()
     FROM generate_series(1, $1::int) AS i`,
    [EVENTS],
  );
  for (let rule = 0; rule < MATCHING_RULES; rule++) {
    await db.query(
      `INSERT INTO notifications (name, namespace, events, filter, custom_services, template, source)
       VALUES ($1, 'bench', ARRAY['check.failed'], $2, $3::jsonb, '{{.check.id}}', 'UI')`,
      [
        `bench-${rule}`,
        "check.severity in ['critical', 'high']",
        JSON.stringify([{ name: 'generic_webhook', url: `${receiver}/rule-${rule}` }]),
      ],
    );
  }
  await db.query(
    `INSERT INTO notifications (name, namespace, events, filter, custom_services, source)
     VALUES ('bench-excluded', 'bench', ARRAY['check.failed'], $1, $2::jsonb, 'UI')`,
    ["check.severity == 'low'", JSON.stringify([{ name: 'generic_webhook', url: receiver }])],
  );
}

async function measure(backend: string, db: Db): Promise<NotificationFigure> {
  const arrivals: { checkId: string; at: number }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { message: string };
      arrivals.push({ checkId: body.message, at });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await migrate(db);
  await prepare(db, url);

  const dispatchers = Array.from(
    { length: db.kind === 'postgres' ? 2 : 1 },
    () =>
      new NotificationDispatcher(db, lazySecrets(db), {
        batchSize: 100,
        pollMs: 20,
        concurrency: 16,
        log: (message) => console.error(message),
      }),
  );
  const started = Date.now();
  await db.query(
    `UPDATE checks SET status = 'unhealthy' WHERE canary_id = '01900000-0000-7000-8000-00000000be01'`,
  );
  const created = await db.query<{ id: string; created_at: Date | string }>(
    `SELECT properties ->> 'id' AS id, created_at FROM event_queue WHERE name = 'check.failed'`,
  );
  const createdAt = new Map(
    created.rows.map((row) => [row.id, new Date(row.created_at).getTime()]),
  );
  for (const dispatcher of dispatchers) dispatcher.start();
  const expected = EVENTS * MATCHING_RULES;
  while (arrivals.length < expected && Date.now() - started < TIMEOUT_MS) {
    await new Promise((done) => setTimeout(done, 20));
  }
  const finished = arrivals.reduce((last, arrival) => Math.max(last, arrival.at), started);
  await Promise.all(dispatchers.map((dispatcher) => dispatcher.stop()));
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
  if (arrivals.length < expected) {
    throw new Error(
      `${backend}: ${arrivals.length} of ${expected} deliveries within ${TIMEOUT_MS} ms`,
    );
  }
  const latencies = arrivals
    .map((arrival) => arrival.at - (createdAt.get(arrival.checkId) ?? started))
    .sort((a, b) => a - b);
  const seconds = (finished - started) / 1000;
  return {
    backend,
    events: EVENTS,
    deliveries: arrivals.length,
    dispatchers: dispatchers.length,
    seconds: Math.round(seconds * 100) / 100,
    eventsPerSecond: Math.round(EVENTS / seconds),
    deliveriesPerSecond: Math.round(arrivals.length / seconds),
    latencyP50Ms: percentile(latencies, 50),
    latencyP95Ms: percentile(latencies, 95),
  };
}

async function main(): Promise<void> {
  const figures: NotificationFigure[] = [];
  for (const backend of BACKENDS) {
    if (backend === 'postgres') {
      if (!postgresAvailable) {
        console.log('notifications: PostgreSQL binaries not found; skipping postgres');
        continue;
      }
      const server = await startPostgres();
      const db = await openPostgres(server.connectionString);
      try {
        figures.push(await measure(backend, db));
      } finally {
        await db.close();
        await server.stop();
      }
    } else if (backend === 'pglite') {
      const db = await openPglite();
      try {
        figures.push(await measure(backend, db));
      } finally {
        await db.close();
      }
    } else {
      throw new Error(`unknown backend ${backend}`);
    }
  }
  console.log('notification fan-out (check.failed → 2 matching rules → local webhook receiver)');
  console.log(
    'backend   events  deliveries  dispatchers  seconds  events/s  deliveries/s  latency p50 / p95',
  );
  for (const f of figures) {
    console.log(
      `${f.backend.padEnd(8)}  ${String(f.events).padStart(6)}  ${String(f.deliveries).padStart(10)}  ${String(f.dispatchers).padStart(11)}  ${f.seconds.toFixed(2).padStart(7)}  ${String(f.eventsPerSecond).padStart(8)}  ${String(f.deliveriesPerSecond).padStart(12)}  ${f.latencyP50Ms} / ${f.latencyP95Ms} ms`,
    );
  }
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'notifications.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
