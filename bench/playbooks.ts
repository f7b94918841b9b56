/**
 * Playbook throughput benchmark (issue 15: "playbook throughput (runs per second, queue latency
 * p95) on PostgreSQL"): BENCH_PLAYBOOK_RUNS runs of a two-step playbook (two http calls to a local
 * node:http receiver) are queued in one statement, the way POST /api/playbook/run queues one; the
 * playbook runner (server/src/playbooks) claims runs and steps with FOR UPDATE SKIP LOCKED and
 * executes them. Measured from the insert to the last finished run: runs per second, and the queue
 * latency (a run's scheduled_time → its first step's start) p50 / p95 / max. On PostgreSQL two
 * runners on separate connection pools share the queue, as two server instances would; PGlite has
 * one connection, so one.
 *
 * Run: `npx tsx bench/playbooks.ts` (npm run bench calls it). Environment:
 *   BENCH_BACKENDS=postgres,pglite   which databases (PostgreSQL needs its binaries; a throw-away
 *                                    cluster is initdb'd under /tmp)
 *   BENCH_PLAYBOOK_RUNS=500          runs per backend
 *   BENCH_PLAYBOOK_CONCURRENCY=8     actions in flight per runner
 * Prints a table and keeps bench/results/playbooks.json. Reports figures; never fails on speed.
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
import { PlaybookRunner } from '../server/src/playbooks/runner';
import { postgresAvailable, startPostgres } from '../server/test/helpers/postgres-server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.BENCH_PLAYBOOK_RUNS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_PLAYBOOK_CONCURRENCY ?? 8);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const TIMEOUT_MS = 600_000;

export interface PlaybookFigure {
  backend: string;
  runs: number;
  steps: number;
  runners: number;
  concurrency: number;
  seconds: number;
  runsPerSecond: number;
  stepsPerSecond: number;
  queueLatencyP50Ms: number;
  queueLatencyP95Ms: number;
  queueLatencyMaxMs: number;
  failed: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

async function measure(backend: string, dbs: Db[], receiver: string): Promise<PlaybookFigure> {
  const db = dbs[0];
  if (!db) throw new Error('no database');
  await migrate(db);
  const playbook = await db.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec, source) VALUES ('bench', 'Bench', $1::jsonb, 'UI')
     RETURNING id::text`,
    [
      JSON.stringify({
        actions: [
          { name: 'first', http: { url: `${receiver}/{{.run.id}}/first` } },
          { name: 'second', http: { url: `${receiver}/{{.run.id}}/second` } },
        ],
      }),
    ],
  );
  const playbookId = playbook.rows[0]?.id ?? '';
  const runners = dbs.map(
    (target, index) =>
      new PlaybookRunner(target, {
        holder: `bench-${index}`,
        concurrency: CONCURRENCY,
        pollMs: 100,
        log: (line) => console.error(line),
      }),
  );
  for (const runner of runners) runner.start();
  const started = performance.now();
  await db.query(
    `INSERT INTO playbook_runs (playbook_id, spec, status, parameters)
     SELECT id, spec, 'scheduled', '{}'::jsonb FROM playbooks, generate_series(1, $2) WHERE id = $1`,
    [playbookId, RUNS],
  );
  for (const runner of runners) runner.wake();
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const open = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM playbook_runs
       WHERE playbook_id = $1 AND status NOT IN ('completed', 'failed', 'cancelled')`,
      [playbookId],
    );
    if ((open.rows[0]?.n ?? 0) === 0) break;
    if (Date.now() > deadline) throw new Error(`${backend}: runs still open after the timeout`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(runners.map((runner) => runner.stop()));
  const latencies = await db.query<{ ms: number }>(
    `SELECT extract(epoch FROM (min(a.start_time) - r.scheduled_time)) * 1000 AS ms
     FROM playbook_runs r JOIN playbook_run_actions a ON a.playbook_run_id = r.id
     WHERE r.playbook_id = $1 GROUP BY r.id, r.scheduled_time`,
    [playbookId],
  );
  const sorted = latencies.rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
  const failed = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM playbook_runs WHERE playbook_id = $1 AND status <> 'completed'`,
    [playbookId],
  );
  return {
    backend,
    runs: RUNS,
    steps: RUNS * 2,
    runners: runners.length,
    concurrency: CONCURRENCY,
    seconds: Math.round(seconds * 100) / 100,
    runsPerSecond: Math.round((RUNS / seconds) * 10) / 10,
    stepsPerSecond: Math.round(((RUNS * 2) / seconds) * 10) / 10,
    queueLatencyP50Ms: Math.round(percentile(sorted, 50)),
    queueLatencyP95Ms: Math.round(percentile(sorted, 95)),
    queueLatencyMaxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    failed: failed.rows[0]?.n ?? 0,
  };
}

async function main(): Promise<void> {
  let requests = 0;
  const receiver = createServer((request, response) => {
    requests += 1;
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ok":true}');
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const figures: PlaybookFigure[] = [];
  try {
    for (const backend of BACKENDS) {
      if (backend === 'postgres') {
        if (!postgresAvailable) {
          console.log('playbooks: PostgreSQL binaries not installed; skipped');
          continue;
        }
        const server = await startPostgres();
        const a = await openPostgres(server.connectionString);
        const b = await openPostgres(server.connectionString);
        try {
          figures.push(await measure('postgres', [a, b], url));
        } finally {
          await a.close();
          await b.close();
          await server.stop();
        }
      } else if (backend === 'pglite') {
        const db = await openPglite();
        try {
          figures.push(await measure('pglite', [db], url));
        } finally {
          await db.close();
        }
      }
    }
  } finally {
    receiver.closeAllConnections();
    receiver.close();
  }
  console.log('playbook throughput (two http steps per run, local receiver)');
  console.log(
    'backend   runs  runners  seconds  runs/s  steps/s  queue p50  queue p95  queue max  failed',
  );
  for (const f of figures) {
    console.log(
      `${f.backend.padEnd(8)}  ${String(f.runs).padStart(4)}  ${String(f.runners).padStart(7)}  ${f.seconds.toFixed(2).padStart(7)}  ${f.runsPerSecond.toFixed(1).padStart(6)}  ${f.stepsPerSecond.toFixed(1).padStart(7)}  ${`${f.queueLatencyP50Ms} ms`.padStart(9)}  ${`${f.queueLatencyP95Ms} ms`.padStart(9)}  ${`${f.queueLatencyMaxMs} ms`.padStart(9)}  ${String(f.failed).padStart(6)}`,
    );
  }
  console.log(`receiver requests: ${requests}`);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'playbooks.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, figures }, null, 2)}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
