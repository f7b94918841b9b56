/**
 * The reference server's own jobs in `job_history` (spec doc 3 §2.7, docs/settings-admin.md):
 * what /settings/jobs and a resource's Job History tab list. One row per job run with its start,
 * end, duration, status (SUCCESS, WARNING, FAILED), counts and errors in `details.errors`.
 *
 * Health-check runs are frequent (every 30 s per check in the demo), so a passing run is written
 * at most once per {@link SUCCESS_ROW_INTERVAL_MS} per check; failures are always written. Rows
 * older than {@link JOB_HISTORY_RETENTION_MS} are deleted by the sync's holder.
 */
import { hostname } from 'node:os';
import type { Queryable } from '../db/types';

export type JobStatus = 'RUNNING' | 'SUCCESS' | 'WARNING' | 'FAILED' | 'STOPPED';

/** The names the runner writes (shown in the Job Name filter). */
export const JOB_NAMES = {
  healthCheck: 'HealthCheck',
  canarySync: 'SyncCanaryChecks',
  retention: 'CleanupJobHistory',
} as const;

/** At most one passing row per check per this interval. */
export const SUCCESS_ROW_INTERVAL_MS = 15 * 60_000;
/** How long job history rows are kept. */
export const JOB_HISTORY_RETENTION_MS = 30 * 24 * 3_600_000;
/** Errors kept per row, and characters per error. */
const MAX_ERRORS = 50;
const MAX_ERROR_LENGTH = 4000;

export interface JobRun {
  name: string;
  resourceType: string;
  resourceId: string;
  status: JobStatus;
  start: Date;
  end: Date;
  successCount?: number;
  errorCount?: number;
  errors?: readonly string[];
  /** Extra keys of `details` (e.g. `summary`). */
  details?: Record<string, unknown>;
}

/** Write one row; returns its id. */
export async function recordJobRun(db: Queryable, run: JobRun): Promise<string | undefined> {
  const errors = (run.errors ?? [])
    .slice(0, MAX_ERRORS)
    .map((error) => error.slice(0, MAX_ERROR_LENGTH));
  const details = { ...(run.details ?? {}), ...(errors.length > 0 ? { errors } : {}) };
  const duration = Math.max(0, Math.round(run.end.getTime() - run.start.getTime()));
  const result = await db.query<{ id: string }>(
    `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
       resource_type, resource_id, status, time_start, time_end, created_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $10)
     RETURNING id`,
    [
      run.name,
      run.successCount ?? (run.status === 'SUCCESS' ? 1 : 0),
      run.errorCount ?? errors.length,
      Object.keys(details).length > 0 ? JSON.stringify(details) : null,
      hostname(),
      duration,
      run.resourceType,
      run.resourceId,
      run.status,
      run.start.toISOString(),
      run.end.toISOString(),
    ],
  );
  return result.rows[0]?.id;
}

/** Delete rows older than the retention; returns how many. */
export async function pruneJobHistory(db: Queryable, before: Date): Promise<number> {
  const result = await db.query('DELETE FROM job_history WHERE created_at < $1', [
    before.toISOString(),
  ]);
  return result.affectedRows ?? 0;
}

/**
 * Decides which health-check runs are written: every failure, the first pass after a failure,
 * and otherwise one pass per check per interval.
 */
export class CheckRunThrottle {
  private readonly last = new Map<string, { at: number; pass: boolean }>();

  constructor(private readonly intervalMs = SUCCESS_ROW_INTERVAL_MS) {}

  shouldRecord(checkId: string, pass: boolean, now = Date.now()): boolean {
    const previous = this.last.get(checkId);
    const record = !pass || !previous || !previous.pass || now - previous.at >= this.intervalMs;
    if (record) this.last.set(checkId, { at: now, pass });
    return record;
  }

  forget(checkId: string): void {
    this.last.delete(checkId);
  }
}
