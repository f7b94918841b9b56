/**
 * `npm run seed -- --scale demo|large [--seed N]`: seed the database the server would use
 * (DATABASE_URL, else the PGlite directory VIGIL_DATA_DIR). Migrates first. `demo` needs an
 * empty database; `large` on an empty database loads demo + fleet, on a database that holds the
 * demo it adds the fleet. Prints timings; errors are one line.
 */
import { ConfigError, loadConfig } from '../config';
import { migrate } from '../db/migrate';
import { DataDirError, lockDataDir, type DataDirLock } from '../db/data-dir-lock';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import type { Db } from '../db/types';
import { openKeyring } from '../secrets/keyring';
import { parseArgs, UsageError } from './args';
import { isEmpty, seedDemo } from './demo';
import { hasFleet, seedFleet } from './large';
import { seedSelfCheck } from './self-check';

async function counts(db: Db): Promise<string> {
  const tables = [
    'config_items',
    'checks',
    'check_statuses',
    'components',
    'incidents',
    'config_changes',
    'playbook_runs',
    'notification_send_history',
  ];
  const parts: string[] = [];
  for (const table of tables) {
    const result = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
    parts.push(`${table} ${Number(result.rows[0]?.n ?? 0).toLocaleString('en-US')}`);
  }
  return parts.join(', ');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  let db: Db;
  let lock: DataDirLock | undefined;
  if (config.databaseUrl) {
    db = await openPostgres(config.databaseUrl);
  } else {
    // A running server holds the directory: seeding beside it would corrupt the database.
    lock = lockDataDir(config.dataDir);
    db = await openPglite(config.dataDir);
  }
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  const started = performance.now();
  const log = (line: string): void => console.log(line);
  try {
    await migrate(db);
    // VIGIL_SECRET_KEY, as the server would use it (else the database's key).
    const keyring = await openKeyring(db, config.secretKey);
    const empty = await isEmpty(db);
    if (args.scale === 'demo') {
      if (!empty)
        throw new UsageError(
          `${where} already holds data (accounts or canaries); the demo seeds only an empty database`,
        );
      console.log(`Seeding the demo (seed ${args.seed}) into ${where}…`);
      await seedDemo(db, { seed: args.seed, log, keyring });
      await seedSelfCheck(db);
    } else {
      if (await hasFleet(db)) throw new UsageError(`${where} already holds the large dataset`);
      if (empty) {
        console.log(`Seeding the demo (seed ${args.seed}) into ${where}…`);
        await seedDemo(db, { seed: args.seed, log, keyring });
        await seedSelfCheck(db);
      }
      console.log(`Adding the large fleet (seed ${args.seed}) to ${where}…`);
      await seedFleet(db, { seed: args.seed, log, keyring });
    }
    console.log(
      `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${await counts(db)}`,
    );
  } finally {
    await db.close();
    lock?.release();
  }
}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirError
  ) {
    console.error(`seed: ${error.message}`);
  } else {
    console.error('seed: failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
