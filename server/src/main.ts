/**
 * Entry point: config → database → migrations → seed → engine → HTTP. Prints one-line errors
 * (no stack trace) for configuration mistakes and shuts down gracefully on SIGINT/SIGTERM.
 */
import { mkdirSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { createApp, runnerOptions } from './app';
import { purgeExpired } from './auth/sessions';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite';
import { openPostgres } from './db/postgres';
import type { Db } from './db/types';
import { openDataApi } from './data-api';
import { HealthRunner } from './runner/runner';
import { DEMO_ACCOUNTS } from './seed/demo';
import { seed } from './seed/index';
import { VERSION } from './version';

async function openDatabase(config: ServerConfig): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return openPglite(config.dataDir);
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

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  const seeded = await seed(db, config.seed);
  const dataApi = await openDataApi(db, config);
  const engine = dataApi.engine;
  const runner = new HealthRunner(db, {
    ...runnerOptions(config),
    log: (message, error) =>
      console.error(message, error instanceof Error ? error.message : (error ?? '')),
  });
  const app = createApp({ db, config, engine, runner });

  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    // The runner reaches this server at the port it really got ($(self.url) in check specs).
    if (!config.selfUrl) runner.setSelfUrl(`http://127.0.0.1:${info.port}`);
    if (config.runner) {
      runner.start().catch((error: unknown) => console.error('health runner failed:', error));
    }
    const elapsed = Math.round(performance.now() - started);
    console.log(
      `Vigil ${VERSION} listening on http://localhost:${config.port} (started in ${elapsed} ms)`,
    );
    console.log(
      `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}; auth: ${config.auth}` +
        `${config.healthOnly ? '; health-only' : ''}; seed: ${config.seed} (${seeded})` +
        `; health-check runner: ${config.runner ? 'on' : 'off (VIGIL_RUNNER=off)'}`,
    );
    if (config.auth === 'basic' && !config.healthOnly && config.seed !== 'none') printAccounts();
  });
  server.once('error', (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === 'EADDRINUSE'
        ? `port ${config.port} is already in use (set PORT to a free port)`
        : error.code === 'EACCES'
          ? `port ${config.port} needs privileges (set PORT to 1024 or above)`
          : error.message;
    console.error(`vigil: cannot listen: ${reason}`);
    void db.close().finally(() => process.exit(1));
  });

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
    const runnerStopped = runner.stop();
    server.close(() => {
      runnerStopped
        .then(() => Promise.all([db.close(), dataApi.close()]))
        .then(() => process.exit(0))
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
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`vigil: ${error.message}`);
  } else {
    console.error('vigil: start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
