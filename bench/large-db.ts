/**
 * The seeded PGlite folder the benchmarks share (bench/queries.ts measures it in-process,
 * bench/catalog-ui.ts starts a server on a copy). Seeding the `large` scale takes minutes (100,000
 * config items, 1,000,000 changes, 1.68 M check statuses), so the folder is cached in
 * .tmp/bench/pglite-<scale>-<hash>, where the hash covers every migration and every seed source
 * file: changing either rebuilds it on the next run, older folders of the scale are removed.
 * BENCH_PGLITE_DIR=<folder> uses an already seeded folder instead (pending migrations are applied).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, MIGRATIONS_DIR } from '../server/src/db/migrate';
import { openPglite } from '../server/src/db/pglite';
import type { Db } from '../server/src/db/types';
import { seed } from '../server/src/seed/index';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

export type Scale = 'demo' | 'large';

/** A hash of the migrations and the seed code: the cache key of a seeded folder. */
export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const dir of [MIGRATIONS_DIR, join(root, 'server', 'src', 'seed')]) {
    for (const file of readdirSync(dir).sort())
      hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Migrate, and seed `scale` when the database is empty (printing the time it took). */
export async function loadIfEmpty(db: Db, scale: Scale, label: string): Promise<void> {
  await migrate(db);
  const started = performance.now();
  const done = await seed(db, scale, { log: (line) => console.error(`  ${line}`) });
  if (done === 'seeded') {
    console.error(
      `  ${label}: seeded ${scale} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
}

/** The cached, seeded PGlite folder of a scale (seeded now if missing); closed when returned. */
export async function seededPgliteDir(scale: Scale): Promise<string> {
  const given = process.env.BENCH_PGLITE_DIR;
  const cacheRoot = join(root, '.tmp', 'bench');
  const dir = given ? resolve(given) : join(cacheRoot, `pglite-${scale}-${sourceHash()}`);
  // Written after a complete load: a folder without it (an interrupted seed) is started over.
  const marker = `${dir}.seeded`;
  if (!given && !existsSync(marker)) {
    if (existsSync(cacheRoot)) {
      for (const stale of readdirSync(cacheRoot)) {
        if (stale.startsWith(`pglite-${scale}-`))
          rmSync(join(cacheRoot, stale), { recursive: true, force: true });
      }
    }
    mkdirSync(dir, { recursive: true });
  }
  const db = await openPglite(dir);
  try {
    await loadIfEmpty(db, scale, 'PGlite');
  } finally {
    await db.close();
  }
  if (!given) writeFileSync(marker, `${new Date().toISOString()}\n`);
  return dir;
}
