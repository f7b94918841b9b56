/**
 * Who a credential is, remembered for a moment (issue 18): without it every API request reads
 * its session (or the configured caller) and the person's roles before it does its own work.
 *
 * Entries live `ttlMs` at most (never past the session's or token's own expiry) and all of them
 * are dropped whenever this process writes a table they are made of (people, roles, identities,
 * sessions, access tokens, second factors: server/src/db/watch.ts) or answers a request that may
 * write (any method but GET, HEAD and OPTIONS). A lookup that started before such a write does
 * not store its result. Only found, live credentials are kept (an unknown cookie always asks the
 * database), and at most `maxEntries` of them.
 *
 * Writes by another process are not seen: the cache is on only where no other process can write
 * (PGlite's data directory is this process's alone, server/src/db/data-dir-lock.ts); on a
 * PostgreSQL that other instances share (scale-out), every request asks the database.
 */
import type { Db } from '../db/types';
import { onTableWrites } from '../db/watch';

/** The tables a cached caller is made of. */
export const CALLER_TABLES = [
  'people',
  'casbin_rule',
  'identities',
  'vigil_sessions',
  'vigil_accounts',
  'access_tokens',
  'vigil_totp',
  'vigil_webauthn_credentials',
  'vigil_lookup_codes',
] as const;

export interface CallerCacheOptions {
  /** How long an entry may be used, in ms (default 5,000). */
  ttlMs?: number;
  /** At most this many entries (default 5,000); beyond, the oldest go. */
  maxEntries?: number;
}

interface Entry {
  value: unknown;
  expires: number;
}

export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: CallerCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 5_000;
  }

  /**
   * The value of `key`, from the cache or from `load`. `load` returns the value and until when it
   * may be kept at most (ms since the epoch), or `keep: false` for a value not to keep.
   */
  async get<T>(
    key: string,
    load: () => Promise<{ value: T; keep: boolean; until?: number | undefined }>,
  ): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry !== undefined) {
      if (entry.expires > now) return entry.value as T;
      this.entries.delete(key);
    }
    const generation = this.generation;
    const loaded = await load();
    if (loaded.keep && generation === this.generation) {
      const expires = Math.min(now + this.ttlMs, loaded.until ?? Infinity);
      if (expires > Date.now()) {
        if (this.entries.size >= this.maxEntries) {
          const oldest = this.entries.keys().next();
          if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(key, { value: loaded.value, expires });
      }
    }
    return loaded.value;
  }

  /** Forget everything (and what lookups under way will find). */
  invalidate(): void {
    this.generation += 1;
    if (this.entries.size > 0) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The caller cache of an app on `db`: on PGlite (a database no other process writes), told of
 * this process's writes to the caller tables; none on PostgreSQL (see the module comment).
 */
export function callerCacheFor(db: Db, options: CallerCacheOptions = {}): CallerCache | undefined {
  if (db.kind !== 'pglite') return undefined;
  const cache = new CallerCache(options);
  onTableWrites(db, CALLER_TABLES, () => cache.invalidate());
  return cache;
}
