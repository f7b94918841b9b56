/**
 * Work claims shared by several server instances on one database (table `vigil_job_claims`,
 * migration 0018): "holder H owns the slot of job X for key Y until T". The health-check scheduler
 * claims a check before each scheduled run, so that when two instances both find the check due,
 * one of them runs it; later job runners use the same helper with their own job names.
 *
 * A claim is one statement (an upsert whose update is conditional), so it is atomic on PostgreSQL
 * and behaves the same on PGlite, where the only holder always wins. The claim is taken when
 *
 * - there is no row for (job, key) yet, or
 * - the row's claim has run out (`claimed_until <= now()`), or
 * - the row belongs to this holder already (it may renew or shorten its own claim), or
 * - the caller forces it (an explicit request such as Run Now).
 *
 * Durations, not instants, cross the wire: "until" is computed as the database's `now()` plus a
 * number of milliseconds, and the time left on someone else's claim comes back as milliseconds, so
 * instances whose clocks disagree still agree on who holds a slot. An expired row means the same as
 * no row; {@link purgeExpiredClaims} deletes old ones.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Queryable } from '../db/types';

/** What a claim attempt found. */
export interface ClaimResult {
  /** Whether this holder owns the slot now. */
  claimed: boolean;
  /** Who owns it (undefined when nobody does: the row was deleted between two statements). */
  holder: string | undefined;
  /** Milliseconds until the owner's claim runs out, on the database clock (0 when it has). */
  remainingMs: number;
}

/** A name for this process in claims: host, pid and a random part (several runners per process). */
export function defaultHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

function milliseconds(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0;
}

/** Claims taken under one holder name. */
export class JobClaims {
  readonly holder: string;

  constructor(
    private readonly db: Queryable,
    holder: string = defaultHolder(),
  ) {
    this.holder = holder;
  }

  /**
   * Claim the slot of `job` for `key` for the next `holdMs` milliseconds. With `force` the claim is
   * taken even from another holder whose claim has not run out.
   */
  async claim(
    job: string,
    key: string,
    holdMs: number,
    options: { force?: boolean } = {},
  ): Promise<ClaimResult> {
    const taken = await this.db.query<{ holder: string }>(
      `INSERT INTO vigil_job_claims AS claim (job, key, holder, claimed_at, claimed_until)
       VALUES ($1, $2, $3, now(), now() + $4::bigint * interval '1 millisecond')
       ON CONFLICT (job, key) DO UPDATE
         SET holder = excluded.holder, claimed_at = excluded.claimed_at,
           claimed_until = excluded.claimed_until
         WHERE claim.claimed_until <= now() OR claim.holder = excluded.holder OR $5::boolean
       RETURNING claim.holder`,
      [job, key, this.holder, milliseconds(holdMs), options.force === true],
    );
    if (taken.rows.length > 0) {
      return { claimed: true, holder: this.holder, remainingMs: milliseconds(holdMs) };
    }
    const owner = await this.db.query<{ holder: string; remaining_ms: number | string }>(
      `SELECT holder, greatest(0, extract(epoch FROM claimed_until - now()) * 1000)::float8 AS remaining_ms
       FROM vigil_job_claims WHERE job = $1 AND key = $2`,
      [job, key],
    );
    const row = owner.rows[0];
    return {
      claimed: false,
      holder: row?.holder,
      remainingMs: row ? milliseconds(Number(row.remaining_ms)) : 0,
    };
  }

  /**
   * Move the end of this holder's claim to `holdMs` from now (longer or shorter; 0 gives it up).
   * False when the claim is no longer this holder's (another one forced or took it).
   */
  async hold(job: string, key: string, holdMs: number): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE vigil_job_claims SET claimed_until = now() + $4::bigint * interval '1 millisecond'
       WHERE job = $1 AND key = $2 AND holder = $3`,
      [job, key, this.holder, milliseconds(holdMs)],
    );
    return result.affectedRows > 0;
  }

  /** Give up every claim of this holder (shutdown), so that other instances take over at once. */
  async releaseAll(): Promise<number> {
    const result = await this.db.query('DELETE FROM vigil_job_claims WHERE holder = $1', [
      this.holder,
    ]);
    return result.affectedRows;
  }
}

/** Delete claims that ran out more than `olderThanMs` ago (they no longer mean anything). */
export async function purgeExpiredClaims(db: Queryable, olderThanMs: number): Promise<number> {
  const result = await db.query(
    `DELETE FROM vigil_job_claims WHERE claimed_until < now() - $1::bigint * interval '1 millisecond'`,
    [milliseconds(olderThanMs)],
  );
  return result.affectedRows;
}
