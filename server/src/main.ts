/**
 * Entry point: config → database → migrations → seed → engine → HTTP. Prints one-line errors
 * (no stack trace) for configuration mistakes and shuts down gracefully on SIGINT/SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { serve, type ServerType } from '@hono/node-server';
import { createApp, runnerOptions } from './app';
import { ensureDefaultCaller } from './auth/accounts';
import { purgeExpired } from './auth/sessions';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import type { TopologyResponse } from '../../src/api/types';
import { DataDirError, lockDataDir } from './db/data-dir-lock';
import { KeptReads } from './db/kept-reads';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { isPrepareChild, needsPreparation, prepareInChild, runPreparation } from './db/prepare';
import { openPostgres } from './db/postgres';
import type { Db } from './db/types';
import { openDataApi } from './data-api';
import { startChangeWindowTimer } from './catalog/change-window';
import { IncidentEngine } from './incidents/engine';
import { HealthRunner } from './runner/runner';
import { startPlaybooks } from './playbooks/start';
import { startNotifications } from './notifications/index';
import { DEMO_ACCOUNTS } from './seed/demo';
import { openSecrets } from './secrets/startup';
import { seed } from './seed/index';
import { buildLogSearchIndex } from './seed/log-search-index';
import { VERSION } from './version';
import { warmUp } from './warmup';
import { summaryReader } from './routes/canary';

async function openDatabase(config: ServerConfig): Promise<Db> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, { preparedStatements: config.preparedStatements });
  }
  return openPglite(config.dataDir);
}

/** The address a browser would use: `localhost`-style for wildcard and IPv6 addresses. */
function displayAddress(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' || address.address === '::' ? '0.0.0.0' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** How this process reaches itself: the loopback address for wildcard listeners. */
function loopbackUrl(address: AddressInfo): string {
  if (address.address === '0.0.0.0' || address.address === '::') {
    return `http://127.0.0.1:${address.port}`;
  }
  return displayAddress(address);
}

type FetchHandler = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * Listen before the database work starts, so a port in use is reported at once rather than after
 * migrations and seeding. Until `ready` swaps the handler in, every request is a 503.
 */
async function listen(
  config: ServerConfig,
): Promise<{ server: ServerType; address: AddressInfo; ready(handler: FetchHandler): void }> {
  let handler: FetchHandler = () =>
    new Response(JSON.stringify({ error: 'the server is starting' }), {
      status: 503,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
    });
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch: (request, env) => handler(request, env),
      port: config.port,
      hostname: config.host,
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      const where = `${config.host}:${config.port}`;
      const reason =
        error.code === 'EADDRINUSE'
          ? `port ${config.port} is already in use on ${config.host} (set PORT to a free port)`
          : error.code === 'EACCES'
            ? `port ${config.port} needs privileges (set PORT to 1024 or above)`
            : error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND'
              ? `VIGIL_HOST ${config.host} is not an address of this machine`
              : `${where}: ${error.message}`;
      reject(new ListenError(reason));
    });
    server.once('listening', () => {
      resolve({
        server,
        address: server.address() as AddressInfo,
        ready: (next) => {
          handler = next;
        },
      });
    });
  });
}

class ListenError extends Error {
  override readonly name = 'ListenError';
}

function printAccounts(): void {
  const rows = DEMO_ACCOUNTS.map((account) => [
    account.role,
    account.username,
    account.email,
    account.password,
  ]);
  const header = ['role', 'username', 'email', 'password'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log('Demo accounts (sign in with the username or the e-mail):');
  console.log(`  ${line(header)}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

/**
 * VIGIL_MEMORY_REPORT=on (bench/server-memory.ts): on SIGUSR2, collect garbage and print one
 * `memory: {…}` line of process.memoryUsage() in bytes, so a benchmark reads what an idle server
 * holds rather than garbage not yet collected.
 */
function reportMemoryOnSignal(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    gc();
    gc();
    console.log(`memory: ${JSON.stringify(process.memoryUsage())}`);
  });
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  if (isPrepareChild()) {
    await runPreparation(config);
    process.exit(0);
  }
  // Fail fast, before any database work: an unusable or busy data directory, a port in use.
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const { server, address, ready } = await listen(config);
  // A new embedded data directory is migrated and seeded in a child process first, so that the
  // seed's memory is not kept by this server for good (server/src/db/prepare.ts, issue 18).
  const prepared = needsPreparation(config) ? await prepareInChild() : undefined;
  for (const line of prepared?.lines ?? []) console.log(line);
  const db = await openDatabase(config);
  await migrate(db);
  const secrets = await openSecrets(
    db,
    config.secretKey,
    prepared ? () => undefined : (line) => console.log(line),
  );
  const seeded =
    prepared?.seeded ?? (await seed(db, config.seed, { keyring: await secrets.keyring() }));
  if (config.auth === 'none' && !config.healthOnly) await ensureDefaultCaller(db);
  const dataApi = await openDataApi(db, config);
  const engine = dataApi.engine;
  const runner = new HealthRunner(db, {
    ...runnerOptions(config),
    log: (message, error) =>
      console.error(message, error instanceof Error ? error.message : (error ?? '')),
  });
  const warm = process.env.VIGIL_WARMUP !== 'off';
  // The topology trees kept while nothing changed: the route's and the warm-up's (db/kept-reads.ts).
  const topologyReads = new KeptReads<TopologyResponse>(db);
  // The health summary's kept answers, likewise (routes/summary-cache.ts).
  const summaryReads = summaryReader(db);
  const app = createApp({
    db,
    config,
    engine,
    runner,
    secrets,
    topologyReads,
    summaryReads,
    ...(warm
      ? {
          warmStatic: (files: number) =>
            console.log(`  warm-up: ${files} console files compressed`),
        }
      : {}),
  });

  ready(app.fetch);
  // The runner reaches this server at the port it really got ($(self.url) in check specs).
  if (!config.selfUrl) runner.setSelfUrl(loopbackUrl(address));
  if (config.runner) {
    runner.start().catch((error: unknown) => console.error('health runner failed:', error));
  }
  // What the landing pages read first, read once now in the background (server/src/warmup.ts).
  const warming = !warm
    ? Promise.resolve()
    : warmUp(db, topologyReads, summaryReads).then(
        (result) => console.log(`  warm-up: ${result.steps.join(', ')} in ${result.ms} ms`),
        (error: unknown) =>
          console.error('warm-up failed:', error instanceof Error ? error.message : error),
      );
  // The log search's trigram index, when the large seed left it out: built once the warm-up is
  // done, in the background (server/src/seed/log-search-index.ts; search is correct meanwhile).
  void warming
    .then(() => buildLogSearchIndex(db))
    .then(
      (built) => {
        if (built.result === 'built')
          console.log(`  log search index built in ${Math.round(built.ms)} ms`);
      },
      (error: unknown) =>
        console.error('log search index failed:', error instanceof Error ? error.message : error),
    );
  // The grouped summary's 30-day change counts follow the clock (migration 0022).
  const stopChangeWindow = startChangeWindowTimer(db);
  // Incident rules and automatic definitions of done (docs/incident-server.md); off with the
  // runner (VIGIL_RUNNER=off), like the other jobs that write on their own.
  const incidents = new IncidentEngine(db);
  if (config.runner) incidents.start();
  const stopPlaybooks = startPlaybooks(db, {
    runnerDefault: config.runner,
    secrets,
    selfUrl: config.selfUrl ?? loopbackUrl(address),
  });
  const notifications = startNotifications(db, secrets);

  const purge = setInterval(
    () => {
      purgeExpired(db).catch((error: unknown) => console.error('session purge failed:', error));
    },
    60 * 60 * 1000,
  );
  purge.unref();

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down…`);
    clearInterval(purge);
    // The scheduler stops first (timers, in-flight checks), so nothing writes to a closing
    // database. Stop accepting; in-flight requests finish, idle keep-alive sockets close now.
    stopChangeWindow();
    const runnerStopped = Promise.all([
      warming,
      runner.stop(),
      incidents.stop(),
      notifications.stop(),
      stopPlaybooks(),
    ]);
    server.close(() => {
      runnerStopped
        .then(() => Promise.all([db.close(), dataApi.close()]))
        .then(() => {
          lock?.release();
          process.exit(0);
        })
        .catch((error: unknown) => {
          console.error('closing the database failed:', error);
          process.exit(1);
        });
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => {
      console.error('shutdown timed out after 10 s');
      process.exit(1);
    }, 10_000).unref();
  };
  if (process.env.VIGIL_MEMORY_REPORT === 'on') reportMemoryOnSignal();
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // Announced last: once this line is out, every job runs and a signal stops the server
  // gracefully (tests and supervisors wait for it before they send one).
  const elapsed = Math.round(performance.now() - started);
  console.log(
    `Vigil ${VERSION} listening on ${displayAddress(address)} (started in ${elapsed} ms)`,
  );
  console.log(
    `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}; auth: ${config.auth}` +
      `${config.healthOnly ? '; health-only' : ''}; seed: ${config.seed} (${seeded})` +
      `; health-check runner: ${config.runner ? 'on' : 'off (VIGIL_RUNNER=off)'}`,
  );
  if (config.auth === 'basic' && !config.healthOnly && config.seed !== 'none') printAccounts();
}

main().catch((error: unknown) => {
  if (error instanceof ListenError) {
    console.error(`vigil: cannot listen: ${error.message}`);
  } else if (error instanceof ConfigError || error instanceof DataDirError) {
    console.error(`vigil: ${error.message}`);
  } else {
    console.error('vigil: start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
