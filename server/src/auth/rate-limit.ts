/**
 * Fixed-window rate limits kept in the database (`vigil_rate_limits`), so that every server
 * instance on one PostgreSQL counts together. Subjects (addresses, account names) are stored as
 * SHA-256 hashes.
 */
import type { Context } from 'hono';
import type { Queryable } from '../db/types';
import { sha256Hex } from './crypto';

export interface RateRule {
  /** Key prefix, e.g. `login-address`. */
  name: string;
  /** Most hits in one window. */
  limit: number;
  windowMs: number;
}

const MINUTES = 60 * 1000;

/**
 * Every abuse limit (docs/security.md "Rate limits"): its key prefix, the most hits in one
 * window, and the window.
 */
export const RATE_RULES = {
  /** Failed sign-ins from one client address (any accounts). */
  loginAddress: { name: 'login-address', limit: 20, windowMs: 15 * MINUTES },
  /** Failed sign-ins of one account (user name or e-mail, any address). */
  loginAccount: { name: 'login-account', limit: 5, windowMs: 15 * MINUTES },
  /** Wrong second-factor codes (TOTP, recovery codes, security keys) of one identity. */
  secondFactor: { name: 'second-factor', limit: 10, windowMs: 15 * MINUTES },
  /** Wrong recovery or verification codes from one client address. */
  codeAddress: { name: 'code-address', limit: 20, windowMs: 15 * MINUTES },
  /** Recovery and verification mails to one e-mail address. */
  codeMail: { name: 'code-mail', limit: 5, windowMs: 15 * MINUTES },
  /** Registrations from one client address. */
  registrationAddress: { name: 'registration-address', limit: 20, windowMs: 60 * MINUTES },
} as const satisfies Record<string, RateRule>;

export interface RateState {
  hits: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
  /** Whether the limit is reached: the next hit would pass it. */
  exhausted: boolean;
}

function keyOf(rule: RateRule, subject: string): string {
  return `${rule.name}:${sha256Hex(subject)}`;
}

function state(rule: RateRule, row: { hits: number | string; retry: number | string } | undefined) {
  const hits = Number(row?.hits ?? 0);
  return {
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.retry ?? 0))),
    exhausted: hits >= rule.limit,
  };
}

/** Count one hit for `subject` and return the window's state after it. */
export async function hitRate(db: Queryable, rule: RateRule, subject: string): Promise<RateState> {
  const result = await db.query<{ hits: number; retry: number }>(
    `INSERT INTO vigil_rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_start <= now() - $2::bigint * interval '1 millisecond' THEN 1 ELSE r.hits + 1 END,
       window_start = CASE WHEN r.window_start <= now() - $2::bigint * interval '1 millisecond' THEN now() ELSE r.window_start END
     RETURNING hits, extract(epoch FROM (window_start + $2::bigint * interval '1 millisecond' - now()))::float8 AS retry`,
    [keyOf(rule, subject), rule.windowMs],
  );
  return state(rule, result.rows[0]);
}

/** The window's state for `subject` without counting a hit. */
export async function peekRate(db: Queryable, rule: RateRule, subject: string): Promise<RateState> {
  const result = await db.query<{ hits: number; retry: number }>(
    `SELECT hits, extract(epoch FROM (window_start + $2::bigint * interval '1 millisecond' - now()))::float8 AS retry
     FROM vigil_rate_limits
     WHERE key = $1 AND window_start > now() - $2::bigint * interval '1 millisecond'`,
    [keyOf(rule, subject), rule.windowMs],
  );
  return state(rule, result.rows[0]);
}

/** Forget `subject`'s hits (a successful sign-in clears the account's failures). */
export async function resetRate(db: Queryable, rule: RateRule, subject: string): Promise<void> {
  await db.query('DELETE FROM vigil_rate_limits WHERE key = $1', [keyOf(rule, subject)]);
}

/** Housekeeping: drop windows older than a day. */
export async function purgeRates(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM vigil_rate_limits WHERE window_start < now() - interval '1 day'`);
}

/**
 * The client's address: the socket's peer (the Node server passes it as `env.incoming`). Proxies'
 * X-Forwarded-For is not trusted, so a client cannot pick its own bucket.
 */
export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** "15 minutes", "1 minute", "30 seconds" for a wait in seconds. */
export function describeWait(seconds: number): string {
  if (seconds >= 90) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutes`;
  }
  if (seconds >= 60) return '1 minute';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}
