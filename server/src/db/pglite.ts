import { PGlite } from '@electric-sql/pglite';
import { hstore } from '@electric-sql/pglite/contrib/hstore';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import type { Db, QueryResult, Queryable } from './types';

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

/**
 * Open embedded PostgreSQL (PGlite). `dataDir` persists to disk; omit it for an in-memory
 * database (tests). pgcrypto and hstore are loaded because the schema uses them, pg_trgm
 * for the catalog search's trigram indexes (migration 0022).
 */
export async function openPglite(dataDir?: string): Promise<Db> {
  return wrapPglite(await createPglite(dataDir ? { dataDir } : {}));
}

/**
 * The PGlite instance itself, with the extensions the schema needs: on `dataDir` or in memory,
 * optionally loaded from a data dir dumped by `dumpDataDir` (the test suites' templates).
 */
export function createPglite(
  options: { dataDir?: string; loadDataDir?: Blob } = {},
): Promise<PGlite> {
  return PGlite.create({
    ...options,
    extensions: { pgcrypto, hstore, pg_trgm },
    startParams: pgliteStartParams(),
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
export function pgliteStartParams(env: NodeJS.ProcessEnv = process.env): string[] {
  const defaults =
    (PGlite as unknown as { defaultStartParams?: readonly string[] }).defaultStartParams ?? [];
  const requested = env.VIGIL_PGLITE_SHARED_BUFFERS?.trim();
  const sharedBuffers = requested && /^\d{1,6}(kB|MB|GB)?$/.test(requested) ? requested : '8MB';
  return [...defaults, '-c', `shared_buffers=${sharedBuffers}`, '-c', 'maintenance_work_mem=16MB'];
}

/** The {@link Db} interface over an opened PGlite (also for one loaded from a dumped data dir). */
export function wrapPglite(pg: PGlite): Db {
  const base = wrap(pg);
  return {
    kind: 'pglite',
    ...base,
    transaction: (fn, options = {}) =>
      pg.transaction(async (tx) => {
        const target = wrap(tx);
        for (const statement of options.prelude ?? []) {
          await target.query(statement.sql, statement.params ?? []);
        }
        return fn(target);
      }),
    close: () => pg.close(),
  };
}
