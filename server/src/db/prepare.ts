/**
 * First start on a new embedded data directory with a seed (issue 18): the migrations and the
 * seed run in a short-lived child process — the same command as this server, with VIGIL_PREPARE_ONLY=on —
 * and the server opens the prepared directory afterwards. The seed's working memory (hundreds of
 * MB at its peak: PGlite's WebAssembly memory grown by bulk loads and index builds, the C heap
 * and thread arenas it leaves fragmented, the JS heap it grows) then goes with the child instead
 * of staying in the server for good: none of it is ever given back to the system. A start on
 * existing data opens the directory directly, as before.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { openSecrets } from '../secrets/startup';
import { seed } from '../seed/index';
import { migrate } from './migrate';
import { openPglite } from './pglite';

/** Set (to `on`) in the child's environment. */
export const PREPARE_ENV = 'VIGIL_PREPARE_ONLY';

export interface Prepared {
  seeded: 'seeded' | 'skipped';
  /** The child's start-up notes (secrets at rest), printed by the server in its own order. */
  lines: string[];
}

/** Whether this process is the preparing child. */
export function isPrepareChild(env: NodeJS.ProcessEnv = process.env): boolean {
  return env[PREPARE_ENV] === 'on';
}

/**
 * A PGlite data directory that PostgreSQL has not initialised yet (no PG_VERSION), to be seeded.
 * Without a seed the migrations alone leave little behind, not worth a second process's start.
 */
export function needsPreparation(config: ServerConfig): boolean {
  return (
    !config.databaseUrl && config.seed !== 'none' && !existsSync(join(config.dataDir, 'PG_VERSION'))
  );
}

/**
 * In the child: migrate, open the keyring, seed, close; the result goes to the parent. The child
 * opens PGlite with the bulk-load settings (db/pglite.ts: larger shared buffers, no WAL for the
 * load's index builds and new tables): it only loads and closes, and the server opens the
 * directory with its own settings afterwards.
 */
export async function runPreparation(config: ServerConfig): Promise<void> {
  const lines: string[] = [];
  const db = await openPglite(config.dataDir, { bulkLoad: true });
  try {
    await migrate(db);
    const secrets = await openSecrets(db, config.secretKey, (line) => lines.push(line));
    const seeded = await seed(db, config.seed, { keyring: await secrets.keyring() });
    const result: Prepared = { seeded, lines };
    await new Promise<void>((resolve, reject) => {
      if (!process.send) {
        reject(new Error(`${PREPARE_ENV} needs an IPC channel to the server`));
        return;
      }
      process.send(result, (error: Error | null) => (error ? reject(error) : resolve()));
    });
  } finally {
    await db.close();
  }
}

/**
 * In the server: run the same command in a child with PREPARE_ENV and wait for it. A signal that
 * arrives meanwhile is passed on, so the child never writes to the directory after the server.
 */
export function prepareInChild(): Promise<Prepared> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      env: { ...process.env, [PREPARE_ENV]: 'on', VIGIL_SKIP_BUILD: 'true' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: Prepared | undefined;
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('message', (message: Prepared) => (result = message));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (code === 0 && result) resolve(result);
      else
        reject(
          new Error(
            `preparing the data directory failed (${signal ? `signal ${signal}` : `exit code ${code}`})`,
          ),
        );
    });
  });
}
