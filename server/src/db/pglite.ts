import { PGlite } from '@electric-sql/pglite';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Db, QueryResult, Queryable } from './types';

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

/**
 * What PGlite on a data directory adds to {@link Queryable} (issue 18): COPY from bytes in memory,
 * which the seed's bulk loads use (server/src/seed/copy.ts). Not part of the interface: PostgreSQL
 * connections do not have it, and the seed keeps its INSERTs there.
 */
export interface PgliteCopy {
  /**
   * `COPY into FROM … WITH (options)` over `data` (the bytes in that format, in order); returns the
   * rows copied. `into` is a table and its column list.
   */
  copyFrom(into: string, data: readonly Uint8Array[], options: string): Promise<number>;
}

/** The data directory on disk, and where PGlite's file system has it (PGDATA, once known). */
interface CopyFolder {
  host: string;
  inner?: string;
}

const COPY_INTO = /^[a-z_][a-z0-9_]* \((?:"[a-z_][a-z0-9_]*"(?:, )?)+\)$/;
const COPY_OPTIONS = /^[A-Za-z0-9_ ,]*$/;
let copyFiles = 0;

function wrap(target: PgliteLike, folder: CopyFolder | undefined): Queryable & Partial<PgliteCopy> {
  const queryable: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
  if (!folder) return queryable;
  return {
    ...queryable,
    // The bytes go to a file in the data directory, which PostgreSQL reads itself: PGlite's
    // `/dev/blob` device (a Blob read whole, then copied byte by byte in JavaScript) costs as much
    // again as the COPY.
    async copyFrom(into: string, data: readonly Uint8Array[], options: string): Promise<number> {
      if (!COPY_INTO.test(into) || !COPY_OPTIONS.test(options)) {
        throw new Error(`copyFrom: bad target ${into} (${options})`);
      }
      const name = `vigil-copy-${process.pid}-${++copyFiles}.tmp`;
      const path = join(folder.host, name);
      const fd = openSync(path, 'wx', 0o600);
      try {
        for (const chunk of data) writeSync(fd, chunk);
      } finally {
        closeSync(fd);
      }
      try {
        folder.inner ??=
          (
            await target.query<{ dir: string }>('SELECT current_setting($1) AS dir', [
              'data_directory',
            ])
          ).rows[0]?.dir ?? '/pglite/data';
        const result = await target.query(
          `COPY ${into} FROM '${folder.inner}/${name}' WITH (${options})`,
        );
        return result.affectedRows ?? 0;
      } finally {
        rmSync(path, { force: true });
      }
    },
  };
}

/**
 * Open embedded PostgreSQL (PGlite). `dataDir` persists to disk; omit it for an in-memory
 * database (tests). pgcrypto and hstore are loaded because the schema uses them, pg_trgm
 * for the catalog search's trigram indexes (migration 0022).
 */
export async function openPglite(
  dataDir?: string,
  options: { bulkLoad?: boolean } = {},
): Promise<Db> {
  const pg = await createPglite({ ...(dataDir ? { dataDir } : {}), ...options });
  return wrapPglite(pg, { dataDir });
}

/**
 * The PGlite instance itself, with the extensions the schema needs: on `dataDir` or in memory,
 * optionally loaded from a data dir dumped by `dumpDataDir` (the test suites' templates).
 */
export function createPglite(
  options: { dataDir?: string; loadDataDir?: Blob; bulkLoad?: boolean } = {},
): Promise<PGlite> {
  const { bulkLoad, ...rest } = options;
  return PGlite.create({
    ...rest,
    extensions: { pgcrypto, hstore, pg_trgm },
    startParams: pgliteStartParams(process.env, { bulkLoad }),
  });
}

/**
 * PGlite's own start parameters, with smaller memory settings. Its WebAssembly memory never
 * shrinks: PostgreSQL's default 128 MB of shared buffers (touched as pages are read) and the
 * 64 MB of maintenance_work_mem an index build may take stay in the process for good, most of
 * an idle server's memory (issue 18). 8 MB of shared buffers hold what the console's pages read
 * on the demo database (about 55 MB on disk; measured: the summary, catalog and list reads take
 * as long as with 16 or 32 MB, and the idle server keeps 8 MB less than with 16 MB, 26 MB less
 * than with 32 MB); pages beyond are read from the data directory (the OS's file cache) when
 * needed. VIGIL_PGLITE_SHARED_BUFFERS sets another size (e.g. `128MB` for a large embedded
 * database).
 */
export function pgliteStartParams(
  env: NodeJS.ProcessEnv = process.env,
  options: { bulkLoad?: boolean } = {},
): string[] {
  const defaults =
    (PGlite as unknown as { defaultStartParams?: readonly string[] }).defaultStartParams ?? [];
  const requested = env.VIGIL_PGLITE_SHARED_BUFFERS?.trim();
  const valid = requested && /^\d{1,6}(kB|MB|GB)?$/.test(requested) ? requested : undefined;
  if (options.bulkLoad) {
    return [
      ...defaults,
      ...BULK_LOAD_PARAMS,
      '-c',
      `shared_buffers=${valid ?? BULK_SHARED_BUFFERS}`,
    ];
  }
  return [...defaults, '-c', `shared_buffers=${valid ?? '8MB'}`, '-c', 'maintenance_work_mem=16MB'];
}

/** Shared buffers of a bulk load (a seed): its working set, not an idle server's. */
const BULK_SHARED_BUFFERS = '256MB';

/**
 * The settings of a bulk load (the seed of a new data directory, issue 18), for the process that
 * only loads and closes: `wal_level=minimal` writes no WAL for the index builds and for tables
 * whose storage the load's own transaction created (bulk-load.ts `freshStorage`), a large WAL size
 * and checkpoint interval keep checkpoints out of the load. None of these is stored in the data
 * directory: the server opens it with its own settings as any other directory (PostgreSQL logs the
 * changed wal_level at that start).
 */
const BULK_LOAD_PARAMS = [
  '-c',
  'wal_level=minimal',
  '-c',
  'max_wal_senders=0',
  '-c',
  'max_wal_size=4GB',
  '-c',
  'checkpoint_timeout=1h',
  '-c',
  'maintenance_work_mem=256MB',
];

/**
 * The {@link Db} interface over an opened PGlite (also for one loaded from a dumped data dir).
 * With the `dataDir` it was opened on, {@link PgliteCopy} too (openPglite passes it). In memory it
 * is left out: PGlite's in-memory files grow by a copy of the whole file at each multi-page
 * extension (fallocate is a truncate there), which COPY's bulk extension makes quadratic.
 */
export function wrapPglite(pg: PGlite, options: { dataDir?: string } = {}): Db {
  const folder: CopyFolder | undefined = options.dataDir
    ? { host: resolve(options.dataDir) }
    : undefined;
  const base = wrap(pg, folder);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn, options = {}) =>
      pg.transaction(async (tx) => {
        const target = wrap(tx, folder);
        for (const statement of options.prelude ?? []) {
          await target.query(statement.sql, statement.params ?? []);
        }
        return fn(target);
      }),
    close: () => pg.close(),
  };
}
