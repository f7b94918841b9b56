/**
 * Seeding the `large` dataset on PGlite (issue 18: `VIGIL_SEED=large` on the embedded database,
 * target under 30 s): a fresh PGlite folder is opened with the bulk-load settings, migrated and
 * seeded as the server's preparing child does at first start (db/prepare.ts: seed(db, 'large'):
 * the demo, the fleet, the self-check canary), with the seed's own per-phase lines (wall and CPU
 * time of this process) printed as they come, and closed (the checkpoint that writes what the
 * load left in shared buffers: `closeSeconds`). Prints the seed time, the CPU time, the folder's
 * size, and keeps bench/results/seed-large.json. The folder is then opened again with the
 * server's own settings for the row counts (it must open as any other data directory). The log search's trigram
 * index, which the server builds after it is ready (server/src/seed/log-search-index.ts), is
 * built after the seed and timed apart (`afterStartup`): it is not part of the seed time.
 *
 * Run: `npx tsx bench/seed-large.ts` (npm run bench calls it). Environment:
 *   BENCH_SEED_DIR=path   where to seed (must not exist; default a temporary folder)
 *   BENCH_KEEP=1          keep the seeded folder (else it is removed)
 * The machine's other work shows as wall time above CPU time (PGlite runs in this process, on one
 * core). Reports figures; never fails on speed.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '../server/src/db/migrate';
import { openPglite } from '../server/src/db/pglite';
import { seed } from '../server/src/seed/index';
import { buildLogSearchIndex, LOG_SEARCH_INDEX } from '../server/src/seed/log-search-index';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TARGET_SECONDS = 30;

function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

const given = process.env.BENCH_SEED_DIR;
if (given && existsSync(given)) throw new Error(`BENCH_SEED_DIR ${given} already exists`);
const dir = given ? resolve(given) : join(mkdtempSync(join(tmpdir(), 'vigil-seed-large-')), 'db');
mkdirSync(dir, { recursive: true });
const phases: string[] = [];
try {
  const opened = performance.now();
  const cpuOpened = cpuSeconds();
  const db = await openPglite(dir, { bulkLoad: true });
  await migrate(db);
  const migratedMs = performance.now() - opened;
  const migrateCpu = cpuSeconds() - cpuOpened;
  console.log(
    `opened and migrated in ${(migratedMs / 1000).toFixed(1)} s (cpu ${migrateCpu.toFixed(1)} s); seeding large into ${dir}`,
  );
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  await seed(db, 'large', {
    log: (line) => {
      phases.push(line.trim());
      console.log(line);
    },
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpuStarted;
  const closing = performance.now();
  const cpuClosing = cpuSeconds();
  await db.close();
  const closeSeconds = (performance.now() - closing) / 1000;
  const closeCpu = cpuSeconds() - cpuClosing;
  console.log(`closed in ${closeSeconds.toFixed(1)} s (cpu ${closeCpu.toFixed(1)} s)`);
  // What the server does: open the directory with its own settings, and after it is ready
  // (main.ts) build the log search's trigram index the load left out
  // (server/src/seed/log-search-index.ts), timed on its own.
  const server = await openPglite(dir);
  const indexCpuStarted = cpuSeconds();
  const deferred = await buildLogSearchIndex(server);
  const deferredIndexCpu = cpuSeconds() - indexCpuStarted;
  console.log(
    `after start-up: ${LOG_SEARCH_INDEX} ${deferred.result} in ${(deferred.ms / 1000).toFixed(1)} s (cpu ${deferredIndexCpu.toFixed(1)} s)`,
  );
  const counts = await server.query<{ name: string; n: string }>(
    `SELECT 'config_items' AS name, count(*)::text AS n FROM config_items
     UNION ALL SELECT 'config_changes', count(*)::text FROM config_changes
     UNION ALL SELECT 'check_statuses', count(*)::text FROM check_statuses
     UNION ALL SELECT 'vigil_logs', count(*)::text FROM vigil_logs
     UNION ALL SELECT 'hypotheses', count(*)::text FROM hypotheses`,
  );
  await server.close();
  const bytes = folderBytes(dir);
  const figure = {
    seedSeconds: Number(seedSeconds.toFixed(1)),
    cpuSeconds: Number(cpu.toFixed(1)),
    migrateSeconds: Number((migratedMs / 1000).toFixed(1)),
    migrateCpuSeconds: Number(migrateCpu.toFixed(1)),
    closeSeconds: Number(closeSeconds.toFixed(1)),
    closeCpuSeconds: Number(closeCpu.toFixed(1)),
    folderBytes: bytes,
    folderGB: Number((bytes / 1024 ** 3).toFixed(2)),
    targetSeconds: TARGET_SECONDS,
    afterStartup: {
      index: LOG_SEARCH_INDEX,
      result: deferred.result,
      seconds: Number((deferred.ms / 1000).toFixed(1)),
      cpuSeconds: Number(deferredIndexCpu.toFixed(1)),
    },
    rows: Object.fromEntries(counts.rows.map((row) => [row.name, Number(row.n)])),
  };
  console.log(
    `seed large on PGlite: ${figure.seedSeconds} s (cpu ${figure.cpuSeconds} s; target ≤ ${TARGET_SECONDS} s: ${
      figure.seedSeconds <= TARGET_SECONDS ? 'met' : 'MISSED'
    }), folder ${figure.folderGB} GB`,
  );
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'seed-large.json'),
    `${JSON.stringify(
      { measuredAt: new Date().toISOString(), node: process.version, ...figure, phases },
      null,
      2,
    )}\n`,
  );
} finally {
  if (!process.env.BENCH_KEEP)
    rmSync(given ? dir : resolve(dir, '..'), { recursive: true, force: true });
}
