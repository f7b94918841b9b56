/**
 * The standalone data API (PostgREST mode, issue 17 §3) against PostgREST-style queries on a real
 * PostgreSQL, side by side with Vigil's own mode (`/api/db` of `npm start`'s server on the same
 * PostgreSQL, VIGIL_AUTH=none, the demo data).
 *
 * Two figures per query:
 *   - engine time over bare SQL: the engine answering in-process as the anonymous role (its
 *     transaction, role, settings, statement and JSON shaping), median of RUNS, over the median of
 *     the very statement it sends for the rows, run alone on the same database as a client would
 *     send it. Target ≤ 1.2× (issue 17 §3). The replay of every statement the engine sends
 *     (transaction and settings included) is reported beside it, so the two costs can be told
 *     apart: the engine's own work, and the round trips of PostgREST's per-request transaction.
 *     The engine prepares its statements (as PostgREST does by default); the same statement
 *     prepared and executed by name is reported too, with the engine's time over it: the whole
 *     fixed cost of a request (role and settings, URL parsing, planning, JSON) on top of the
 *     database's own work, which is what dominates a sub-millisecond read.
 *   - HTTP requests per second: CONCURRENCY keep-alive connections for SECONDS each, through real
 *     HTTP to the server in its own process (this process is the client; both share the machine's
 *     cores), with the median latency. On PostgreSQL the load starts once the server counts
 *     itself alone on its database (30 s after its start; see server/src/db/listen.ts).
 *
 * Run: `npx tsx bench/postgrest-mode.ts` (npm run bench calls it; needs PostgreSQL's binaries).
 * BENCH_RUNS (default 200), BENCH_HTTP_SECONDS (default 5, after BENCH_HTTP_WARMUP_SECONDS of
 * load whose figures are dropped, default 2), BENCH_CONCURRENCY (default 16).
 * Keeps bench/results/postgrest-mode.json; never fails on speed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite } from '../server/src/db/pglite';
import { openPostgres } from '../server/src/db/postgres';
import { HEARTBEAT_MS, PEERS_QUIET_READINGS } from '../server/src/db/listen';
import type { Db, Queryable, QueryResult } from '../server/src/db/types';
import { createEngine } from '../server/src/postgrest/engine';
import type { DbRequest, HandleOptions } from '../server/src/postgrest/types';
import { postgresAvailable, startPostgres } from '../server/test/helpers/postgres-server';
import { freePort, startServer } from '../scripts/server-process.mjs';
import { stats, writeResults } from './ui-bench';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const WARMUP_SECONDS = Number(process.env.BENCH_HTTP_WARMUP_SECONDS ?? 2);
const RATIO_TARGET = 1.2;
const RPS_TARGET = 2000;
const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The bench's own schema: customers, orders and their lines, as a shop's API would have. */
const FIXTURE = `
CREATE ROLE authenticator LOGIN NOINHERIT;
CREATE ROLE web_anon NOLOGIN;
GRANT web_anon TO authenticator;
CREATE SCHEMA shop;
CREATE TABLE shop.customers (
  id integer PRIMARY KEY, name text NOT NULL, city text NOT NULL, created_at timestamptz NOT NULL);
CREATE TABLE shop.orders (
  id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES shop.customers (id),
  status text NOT NULL, total numeric(10, 2) NOT NULL, created_at timestamptz NOT NULL);
CREATE INDEX ON shop.orders (customer_id, created_at DESC);
CREATE INDEX ON shop.orders (status, id);
CREATE INDEX ON shop.customers (city, name);
INSERT INTO shop.customers
  SELECT i, 'customer ' || i, (ARRAY['Paris','Lyon','Berlin','Madrid','Oslo'])[1 + i % 5],
    now() - i * interval '1 minute'
  FROM generate_series(1, 10000) AS i;
INSERT INTO shop.orders
  SELECT i, 1 + (i * 7919) % 10000, (ARRAY['open','paid','shipped','cancelled'])[1 + i % 4],
    (i % 1000) / 10.0, now() - i * interval '10 seconds'
  FROM generate_series(1, 200000) AS i;
ANALYZE;
GRANT USAGE ON SCHEMA shop TO web_anon;
GRANT SELECT ON ALL TABLES IN SCHEMA shop TO web_anon;
`;

interface Query {
  name: string;
  standalone: string;
  vigil: string;
}

function queries(configId: string, configName: string): Query[] {
  return [
    {
      name: 'one row by primary key',
      standalone: '/customers?id=eq.4242',
      vigil: `/api/db/config_items?id=eq.${configId}`,
    },
    {
      name: 'a page of 20, filtered and ordered',
      standalone:
        '/orders?select=id,status,total,created_at&customer_id=eq.42&order=created_at.desc&limit=20',
      vigil:
        '/api/db/config_items?select=id,name,type,created_at&type=eq.Kubernetes::Pod&order=name&limit=20',
    },
    {
      name: 'a page of 20 with a to-one embed',
      standalone:
        '/orders?select=id,total,customer:customers(name,city)&status=eq.open&order=id&limit=20',
      vigil:
        '/api/db/config_changes?select=id,change_type,config:config_items(id,name)&order=created_at.desc&limit=20',
    },
    {
      name: 'a search page of 50',
      standalone: '/customers?select=id,name&city=eq.Paris&name=like.*9*&order=name&limit=50',
      vigil: `/api/db/config_items?select=id,name&name=ilike.*${encodeURIComponent(configName.slice(0, 3))}*&order=name&limit=50`,
    },
  ];
}

interface Statement {
  sql: string;
  params: readonly unknown[];
  /** Sent by Db.readWithPrelude: the prelude statements logged just before it. */
  prelude?: readonly { sql: string; params?: readonly unknown[] }[];
}

/** A Db that records what the engine sends, to replay it afterwards. */
function recording(db: Db): { db: Db; take(): Statement[] } {
  let log: Statement[] = [];
  const wrap = (target: Queryable): Queryable => ({
    query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      log.push({ sql, params });
      return target.query<T>(sql, params);
    },
    exec(sql: string) {
      log.push({ sql, params: [] });
      return target.exec(sql);
    },
  });
  return {
    db: {
      kind: db.kind,
      ...wrap(db),
      ...(db.readWithPrelude
        ? {
            readWithPrelude: <T>(
              prelude: readonly { sql: string; params?: readonly unknown[] }[],
              sql: string,
              params: readonly unknown[] = [],
            ) => {
              for (const statement of prelude) {
                log.push({ sql: statement.sql, params: statement.params ?? [] });
              }
              log.push({ sql, params, prelude });
              return db.readWithPrelude!<T>(prelude, sql, params);
            },
          }
        : {}),
      transaction: (fn, options) =>
        db.transaction((tx) => {
          log.push({ sql: 'BEGIN', params: [] });
          for (const statement of options?.prelude ?? []) {
            log.push({ sql: statement.sql, params: statement.params ?? [] });
          }
          return fn(wrap(tx)).finally(() => log.push({ sql: 'COMMIT', params: [] }));
        }, options),
      close: () => db.close(),
    },
    take() {
      const out = log;
      log = [];
      return out;
    },
  };
}

/** The statement that reads the rows: the one that is not transaction control or a setting. */
function mainStatement(statements: Statement[]): Statement {
  const main = statements.find(
    (statement) =>
      !/^(BEGIN|COMMIT|SET |SELECT set_config|SELECT num_nulls\(set_config)/i.test(
        statement.sql.trim(),
      ),
  );
  if (main === undefined) throw new Error('the engine sent no statement for the rows');
  return main;
}

/** Medians of several runs measured in turn, sample by sample. */
async function timeMedians<const R extends readonly (() => Promise<unknown>)[]>(
  runs: R,
): Promise<{ [K in keyof R]: number }> {
  for (let i = 0; i < WARMUP; i += 1) for (const run of runs) await run();
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i += 1) {
    for (const [k, run] of runs.entries()) {
      const started = performance.now();
      await run();
      samples[k]!.push(performance.now() - started);
    }
  }
  return samples.map((values) => stats(values).median) as { [K in keyof R]: number };
}

async function timeMedian(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return stats(samples).median;
}

/** `wrk` when installed (a load generator in C: less of the shared cores than a Node client). */
const WRK =
  process.env.BENCH_LOADER !== 'node' && spawnSync('wrk', ['--version']).error === undefined;

/** Requests per second and median latency of `path` with CONCURRENCY keep-alive connections. */
async function load(
  base: string,
  path: string,
): Promise<{ rps: number; median: number; errors: number }> {
  const url = new URL(path, base);
  if (WRK) {
    // A warm-up first, its figures dropped: the first requests of a shape compile its code paths
    // and parse its statement on each pooled connection.
    if (WARMUP_SECONDS > 0) {
      spawnSync('wrk', ['-t1', `-c${CONCURRENCY}`, `-d${WARMUP_SECONDS}s`, url.href], {
        encoding: 'utf8',
      });
    }
    const run = spawnSync(
      'wrk',
      [
        '-t1',
        `-c${CONCURRENCY}`,
        `-d${SECONDS}s`,
        '--latency',
        '-H',
        'accept: application/json',
        url.href,
      ],
      { encoding: 'utf8' },
    );
    const out = run.stdout;
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
    const p50 = /50%\s+([\d.]+)(us|ms|s)/.exec(out);
    const scale = { us: 0.001, ms: 1, s: 1000 } as const;
    const median = p50 ? Number(p50[1]) * scale[p50[2] as keyof typeof scale] : Number.NaN;
    const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
    const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    const errors = non2xx + (socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
    return { rps, median, errors };
  }
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, { agent, headers: { accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  // Warm the connections and the server's caches.
  await Promise.all(Array.from({ length: CONCURRENCY }, () => once()));
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        const status = await once();
        latencies.push(performance.now() - t);
        if (status !== 200) errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { rps: latencies.length / elapsed, median: stats(latencies).median, errors };
}

/** One request of `path` at a time on one keep-alive connection. */
function sequential(base: string, path: string): { once(): Promise<void>; close(): void } {
  const url = new URL(path, base);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent, headers: { accept: 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode}`)),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return { once, close: () => agent.destroy() };
}

/** Median latency of `path` one request at a time on one keep-alive connection (RUNS of them). */
async function latencyMedian(base: string, path: string): Promise<number> {
  const client = sequential(base, path);
  try {
    return await timeMedian(client.once);
  } finally {
    client.close();
  }
}

/** The bare statement Vigil's engine sends for `path` (public schema, no role). */
async function vigilStatement(db: Db, path: string): Promise<Statement> {
  const recorder = recording(db);
  const engine = await createEngine({ db: recorder.db, maxRows: 2000 });
  // The schema cache's own statements are not the request's.
  recorder.take();
  const [relation, rawQuery = ''] = path.replace(/^\/api\/db\//, '').split('?');
  const req: DbRequest = {
    method: 'GET',
    path: relation ?? '',
    rawQuery,
    headers: { accept: 'application/json' },
    body: undefined,
  };
  // Once to load what the first request loads (time zone names…), then the request alone.
  await engine.handle(req, () => undefined);
  recorder.take();
  const answer = await engine.handle(req, () => undefined);
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body}`);
  return mainStatement(recorder.take());
}

/** The median of that statement alone. */
async function vigilSqlMs(db: Db, path: string): Promise<number> {
  const main = await vigilStatement(db, path);
  return timeMedian(() => db.query(main.sql, main.params));
}

/** `npm run start:postgrest` in its own process; resolves with its base URL. */
async function startStandaloneProcess(
  databaseUrl: string,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/standalone/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      VIGIL_PGRST_DB_SCHEMAS: 'shop',
      VIGIL_PGRST_DB_ANON_ROLE: 'web_anon',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('data API (PostgREST mode) on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the standalone server exited ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

function ratioText(value: number): string {
  return `${value.toFixed(2)}×`;
}

async function main(): Promise<void> {
  if (!postgresAvailable) {
    console.log('PostgREST mode benchmark skipped: PostgreSQL binaries are not installed');
    return;
  }
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: server.connectionString });
  await admin.connect();
  await admin.query(FIXTURE);
  await admin.query('CREATE DATABASE vigil');
  const appUrl = server.connectionString.replace('postgres@', 'authenticator@');
  const vigilUrl = server.connectionString.replace(/\/postgres$/, '/vigil');

  console.error('  PostgREST mode: starting Vigil on PostgreSQL with the demo data…');
  const vigil = await startServer({
    env: { DATABASE_URL: vigilUrl, VIGIL_AUTH: 'none', VIGIL_SEED: 'demo' },
    timeoutMs: 300_000,
  });
  // A server on PostgreSQL counts itself alone on its database after PEERS_QUIET_READINGS
  // heartbeats without another instance (server/src/db/listen.ts); until then each request that
  // uses a remembered caller first makes a round trip on the listening connection. The req/s
  // figures are a running server's: its load starts once that is behind it.
  const vigilSteadyAt = Date.now() + HEARTBEAT_MS * PEERS_QUIET_READINGS + 2_000;
  const standalone = await startStandaloneProcess(appUrl);
  const figures: Record<string, unknown>[] = [];
  const rows: string[][] = [];
  try {
    const vigilDb = new pg.Client({ connectionString: vigilUrl });
    await vigilDb.connect();
    const config = await vigilDb.query<{ id: string; name: string }>(
      "SELECT id, name FROM config_items WHERE deleted_at IS NULL AND type = 'Kubernetes::Pod' ORDER BY id LIMIT 1",
    );
    await vigilDb.end();
    const picked = config.rows[0];
    if (picked === undefined) throw new Error('the demo data has no pod');

    // The engine in-process, as the standalone app calls it (role, claims, search path).
    const pool = await openPostgres(appUrl, { pipeline: true });
    const recorder = recording(pool);
    const engine = await createEngine({ db: recorder.db, schema: 'shop', maxRows: 1000 });
    // The same engine without the one-round-trip read (Db.readWithPrelude): BEGIN, the prelude,
    // the statement and COMMIT, pipelined, as before issue 17's change.
    const { readWithPrelude: _unused, ...withoutImplicit } = pool;
    const engineInTransaction = await createEngine({
      db: withoutImplicit,
      schema: 'shop',
      maxRows: 1000,
    });
    const bare = await openPostgres(server.connectionString);
    const bareClient = new pg.Client({ connectionString: server.connectionString });
    await bareClient.connect();
    const vigilEngineDb = await openPostgres(vigilUrl);
    const handleOptions: HandleOptions = {
      role: 'web_anon',
      anonymous: true,
      settings: [
        ['search_path', '"shop", "public"'],
        ['request.jwt.claims', '{"role":"web_anon"}'],
        ['request.method', 'GET'],
        ['request.path', '/'],
        ['request.headers', '{}'],
      ],
    };

    for (const query of queries(picked.id, picked.name)) {
      const [path, rawQuery = ''] = query.standalone.slice(1).split('?');
      const req: DbRequest = {
        method: 'GET',
        path: path ?? '',
        rawQuery,
        headers: { accept: 'application/json' },
        body: undefined,
      };
      await engine.handle(req, () => undefined, handleOptions);
      recorder.take();
      const probe = await engine.handle(req, () => undefined, handleOptions);
      if (probe.status !== 200)
        throw new Error(`${query.standalone}: ${probe.status} ${probe.body}`);
      const sent = recorder.take();
      const main = mainStatement(sent);
      // Interleaved (engine, bare SQL, engine in a BEGIN/COMMIT transaction, …): on a machine
      // shared with other work, the three see the same load and their ratios hold.
      const [engineMs, bareMs, transactionMs] = await timeMedians([
        async () => {
          await engine.handle(req, () => undefined, handleOptions);
          recorder.take();
        },
        () => bare.query(main.sql, main.params),
        () => engineInTransaction.handle(req, () => undefined, handleOptions),
      ]);
      // Every statement again as the engine sent them: behind one Sync when it read that way.
      const read = sent.find((statement) => statement.prelude !== undefined);
      const replayMs = await timeMedian(() =>
        read !== undefined && pool.readWithPrelude
          ? pool.readWithPrelude(read.prelude ?? [], read.sql, read.params)
          : pool.transaction(async (tx) => {
              for (const statement of sent) {
                if (statement.sql === 'BEGIN' || statement.sql === 'COMMIT') continue;
                await tx.query(statement.sql, statement.params);
              }
            }),
      );
      // The statement prepared once and executed by name, as the engine executes it.
      const preparedMs = await timeMedian(() =>
        bareClient.query({
          name: `bench_${figures.length}`,
          text: main.sql,
          values: [...main.params],
        }),
      );
      const standaloneLoad = await load(standalone.base, query.standalone);
      const steadyIn = vigilSteadyAt - Date.now();
      if (steadyIn > 0) await new Promise((done) => setTimeout(done, steadyIn));
      const vigilLoad = await load(vigil.url, query.vigil);
      // Vigil's p50 over HTTP against its statement alone, measured in turn.
      const vigilMain = await vigilStatement(vigilEngineDb, query.vigil);
      const vigilClient = sequential(vigil.url, query.vigil);
      const [vigilP50, vigilSql] = await timeMedians([
        vigilClient.once,
        () => vigilEngineDb.query(vigilMain.sql, vigilMain.params),
      ]);
      vigilClient.close();
      const ratio = engineMs / bareMs;
      figures.push({
        name: query.name,
        standalonePath: query.standalone,
        vigilPath: query.vigil,
        roundTrips: sent.length,
        engineMs,
        engineInTransactionMs: transactionMs,
        bareSqlMs: bareMs,
        replayMs,
        bareSqlPreparedMs: preparedMs,
        ratio,
        ratioOverPrepared: engineMs / preparedMs,
        ratioTarget: RATIO_TARGET,
        standaloneRps: standaloneLoad.rps,
        standaloneMedianMs: standaloneLoad.median,
        standaloneErrors: standaloneLoad.errors,
        vigilRps: vigilLoad.rps,
        vigilMedianMs: vigilLoad.median,
        vigilErrors: vigilLoad.errors,
        vigilSqlMs: vigilSql,
        vigilHttpP50Ms: vigilP50,
        vigilOverheadMs: vigilP50 - vigilSql,
      });
      rows.push([
        query.name,
        `${engineMs.toFixed(2)} ms`,
        `${transactionMs.toFixed(2)} ms`,
        `${bareMs.toFixed(2)} ms`,
        `${replayMs.toFixed(2)} ms (${sent.length})`,
        `${preparedMs.toFixed(2)} ms (${ratioText(engineMs / preparedMs)})`,
        `${ratioText(ratio)} ${ratio <= RATIO_TARGET ? 'met' : 'MISSED'}`,
        `${Math.round(standaloneLoad.rps)}${standaloneLoad.errors ? ` (${standaloneLoad.errors} errors)` : ''}`,
        `${Math.round(vigilLoad.rps)}${vigilLoad.errors ? ` (${vigilLoad.errors} errors)` : ''}`,
        `${vigilP50.toFixed(2)} / ${vigilSql.toFixed(2)} ms`,
      ]);
    }
    await vigilEngineDb.close();
    await pool.close();
    await bare.close();
    await bareClient.end();
  } finally {
    standalone.child.kill('SIGTERM');
    await vigil.stop();
    await admin.end();
    await server.stop();
  }

  const header = [
    'PostgREST mode, PostgreSQL',
    'engine',
    'engine, BEGIN…COMMIT',
    'bare SQL',
    'all statements (n)',
    'bare SQL prepared (engine over it)',
    `ratio (≤ ${RATIO_TARGET}×)`,
    `standalone req/s`,
    `Vigil /api/db req/s`,
    'Vigil p50 HTTP / SQL',
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log(
    `  HTTP: ${CONCURRENCY} keep-alive connections for ${SECONDS} s per query (${WRK ? 'wrk' : 'a Node client'}); target ≥ ${RPS_TARGET} req/s (issue 18).`,
  );
  console.log(
    '  Vigil p50 HTTP / SQL: one request at a time on one connection, against the median of the statement alone; target: within 1 ms (issue 18).',
  );
  const embedded = process.env.BENCH_PGLITE === 'off' ? [] : await vigilOnPglite();
  writeResults('postgrest-mode', {
    runs: RUNS,
    httpSeconds: SECONDS,
    concurrency: CONCURRENCY,
    loader: WRK ? 'wrk' : 'node',
    figures,
    pglite: embedded,
  });
}

/**
 * Vigil's `/api/db` on the embedded database (PGlite, the default): HTTP figures against the
 * server, then (the server stopped, PGlite being one process's) the same statements alone on its
 * data directory in this process.
 */
async function vigilOnPglite(): Promise<Record<string, unknown>[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vigil-bench-pglite-'));
  try {
    console.error('  PostgREST mode: starting Vigil on PGlite with the demo data…');
    const vigil = await startServer({
      dataDir,
      env: { VIGIL_AUTH: 'none', VIGIL_SEED: 'demo' },
      timeoutMs: 300_000,
    });
    const http: { path: string; name: string; rps: number; errors: number; p50: number }[] = [];
    try {
      const pods = (await (
        await fetch(
          `${vigil.url}/api/db/config_items?select=id,name&type=eq.Kubernetes::Pod&deleted_at=is.null&order=id&limit=1`,
        )
      ).json()) as { id: string; name: string }[];
      const picked = pods[0];
      if (picked === undefined) throw new Error('the demo data has no pod');
      for (const query of queries(picked.id, picked.name)) {
        const loaded = await load(vigil.url, query.vigil);
        const p50 = await latencyMedian(vigil.url, query.vigil);
        http.push({
          path: query.vigil,
          name: query.name,
          rps: loaded.rps,
          errors: loaded.errors,
          p50,
        });
      }
    } finally {
      await vigil.stop();
    }
    const db = await openPglite(dataDir);
    const figures: Record<string, unknown>[] = [];
    try {
      for (const entry of http) {
        const sql = await vigilSqlMs(db, entry.path);
        figures.push({
          name: entry.name,
          vigilPath: entry.path,
          vigilRps: entry.rps,
          vigilErrors: entry.errors,
          vigilSqlMs: sql,
          vigilHttpP50Ms: entry.p50,
          vigilOverheadMs: entry.p50 - sql,
        });
        console.log(
          `  PGlite  ${entry.name.padEnd(36)} Vigil /api/db ${Math.round(entry.rps)} req/s${entry.errors ? ` (${entry.errors} errors)` : ''}; p50 HTTP ${entry.p50.toFixed(2)} ms / SQL ${sql.toFixed(2)} ms`,
        );
      }
    } finally {
      await db.close();
    }
    return figures;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
