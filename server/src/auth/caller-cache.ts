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
 * Writes by another process: on PGlite there are none (its data directory is this process's
 * alone, server/src/db/data-dir-lock.ts). On PostgreSQL, which other instances may share
 * (scale-out), every statement writing one of these tables notifies the channel
 * `vigil_caller_cache` (migration 0031), and each instance listens on it over a connection of its
 * own (server/src/db/listen.ts) and empties its cache on every notification. Before an entry is
 * used while another instance shares the database, a round trip on that connection (shared by
 * concurrent requests) makes sure every notification committed until then has arrived: a write
 * answered on one instance is seen by the very next request on any other. An instance alone on
 * its database skips that round trip (listen.ts says how instances know of each other). While
 * that connection
 * is not listening (at start-up, when it is lost, until it is made again) the cache is off: every
 * request asks the database, as it would without a cache.
 */
import type { Db, Listening } from '../db/types';
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
  /**
   * Called before an entry is used: resolves once every invalidation due before the call has
   * been made (true), or false when that cannot be known (the entry is then not used).
   */
  fresh?: () => Promise<boolean>;
}

interface Entry {
  value: unknown;
  expires: number;
}

export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private enabled = true;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly fresh: (() => Promise<boolean>) | undefined;

  constructor(options: CallerCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.fresh = options.fresh;
  }

  /** The live entry of `key`, if any. */
  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > Date.now()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  /**
   * The value of `key`, from the cache or from `load`. `load` returns the value and until when it
   * may be kept at most (ms since the epoch), or `keep: false` for a value not to keep.
   */
  async get<T>(
    key: string,
    load: () => Promise<{ value: T; keep: boolean; until?: number | undefined }>,
  ): Promise<T> {
    if (!this.enabled) return (await load()).value;
    if (this.live(key) !== undefined) {
      if (this.fresh === undefined) return this.live(key)?.value as T;
      // Invalidations due (another instance's writes) arrive first; the entry may be gone then.
      const fresh = await this.fresh();
      const entry = this.enabled && fresh ? this.live(key) : undefined;
      if (entry !== undefined) return entry.value as T;
    }
    const now = Date.now();
    const generation = this.generation;
    const loaded = await load();
    if (loaded.keep && this.enabled && generation === this.generation) {
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

  /**
   * Off: nothing is kept or used (every lookup loads); on again: starts empty. For a cache whose
   * invalidations come from elsewhere (notifications) and cannot be trusted while they may be
   * missed.
   */
  setEnabled(enabled: boolean): void {
    this.invalidate();
    this.enabled = enabled;
  }

  get isEnabled(): boolean {
    return this.enabled;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The channel the caller tables' triggers notify (migration 0031). */
export const CALLER_CHANNEL = 'vigil_caller_cache';

/**
 * The caller cache of an app on `db`, told of this process's writes to the caller tables; on
 * PostgreSQL also of every other process's (LISTEN, see the module comment), and off until it
 * listens. None on a PostgreSQL Db that cannot listen.
 */
export function callerCacheFor(db: Db, options: CallerCacheOptions = {}): CallerCache | undefined {
  if (db.kind === 'pglite') {
    const cache = new CallerCache(options);
    onTableWrites(db, CALLER_TABLES, () => cache.invalidate());
    return cache;
  }
  if (db.listen === undefined) return undefined;
  // Before an entry is used, the notifications committed until then are in (one short round trip
  // on the listening connection, shared by concurrent requests): another instance's write that
  // was answered before this request arrived is always seen.
  const channel: { listening?: Listening } = {};
  const cache = new CallerCache({
    ...options,
    fresh: () => channel.listening?.sync() ?? Promise.resolve(false),
  });
  cache.setEnabled(false);
  onTableWrites(db, CALLER_TABLES, () => cache.invalidate());
  channel.listening = db.listen(CALLER_CHANNEL, {
    notify: () => cache.invalidate(),
    state: (on) => cache.setEnabled(on),
  });
  return cache;
}
