/**
 * The runner's reads and writes. A result is one `check_statuses` row plus the check's `status`,
 * `last_runtime` and `next_runtime`, in one transaction; the triggers of migrations 0003/0011
 * stamp `last_transition_time` and enqueue check.passed / check.failed on a status change, and
 * the statement triggers of 0014 rewrite the health summary parts. All SQL takes bind parameters.
 */
import type { Db, Queryable } from '../db/types';
import type { CheckOutcome } from './result';
import {
  LOCAL_AGENT_ID,
  SYNTHETIC_ANNOTATION,
  checksOfCanary,
  isSynthetic,
  resolveSelf,
  type SelfAddress,
} from './spec';

/** A check as the runner needs it. */
export interface RunnableCheck {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
  spec: Record<string, unknown>;
  canaryId: string;
  canaryName: string;
  canarySpec: unknown;
  lastRuntime: Date | null;
  /** The error of the latest status (to avoid repeating an identical "cannot run" row). */
  lastError: string | null;
}

interface CheckRow {
  id: string;
  name: string;
  namespace: string | null;
  type: string;
  spec: Record<string, unknown> | null;
  canary_id: string;
  canary_name: string;
  canary_spec: unknown;
  last_runtime: Date | string | null;
  last_error: string | null;
}

const CHECK_COLUMNS = `c.id, c.name, c.namespace, c.type, c.spec, c.canary_id, ca.name AS canary_name,
  ca.spec AS canary_spec, c.last_runtime,
  (SELECT s.error FROM check_statuses s WHERE s.check_id = c.id ORDER BY s.time DESC LIMIT 1) AS last_error`;

function toCheck(row: CheckRow): RunnableCheck {
  return {
    id: row.id,
    name: row.name,
    namespace: row.namespace,
    type: row.type,
    spec: row.spec ?? {},
    canaryId: row.canary_id,
    canaryName: row.canary_name,
    canarySpec: row.canary_spec,
    lastRuntime: row.last_runtime === null ? null : new Date(row.last_runtime),
    lastError: row.last_error,
  };
}

/** The checks the scheduler owns: live, local, and not in a synthetic canary. */
export async function loadScheduledChecks(db: Queryable): Promise<RunnableCheck[]> {
  const result = await db.query<CheckRow>(
    `SELECT ${CHECK_COLUMNS}
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     WHERE c.deleted_at IS NULL AND ca.deleted_at IS NULL
       AND c.agent_id = $1 AND ca.agent_id = $1
       AND coalesce(ca.annotations ->> $2, '') <> 'true'
     ORDER BY c.id`,
    [LOCAL_AGENT_ID, SYNTHETIC_ANNOTATION],
  );
  return result.rows.map(toCheck);
}

/** Why run-now does not probe a check, or the check itself. */
export type RunTarget =
  | { kind: 'check'; check: RunnableCheck }
  | { kind: 'missing'; error: string }
  | { kind: 'skipped'; check: RunnableCheck; reason: string };

/** The check run-now asked for, with the reason it is not run when it is not. */
export async function loadCheckForRun(db: Queryable, id: string): Promise<RunTarget> {
  const result = await db.query<
    CheckRow & {
      check_agent: string;
      canary_agent: string;
      canary_deleted: boolean;
      annotations: unknown;
      agent_name: string | null;
    }
  >(
    `SELECT ${CHECK_COLUMNS}, c.agent_id AS check_agent, ca.agent_id AS canary_agent,
       ca.deleted_at IS NOT NULL AS canary_deleted, ca.annotations,
       (SELECT a.name FROM agents a WHERE a.id = c.agent_id) AS agent_name
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return { kind: 'missing', error: `check (${id}) was not found` };
  if (row.canary_deleted)
    return { kind: 'missing', error: `canary (${row.canary_id}) was not found` };
  const check = toCheck(row);
  if (isSynthetic(row.annotations)) {
    return {
      kind: 'skipped',
      check,
      reason: `not run: "${row.canary_name}" is synthetic demo data (annotation ${SYNTHETIC_ANNOTATION}); its history is generated and its targets are fictional`,
    };
  }
  if (row.check_agent !== LOCAL_AGENT_ID || row.canary_agent !== LOCAL_AGENT_ID) {
    return {
      kind: 'skipped',
      check,
      reason: `not run: the check belongs to agent ${row.agent_name ?? row.check_agent}, which runs it and pushes its results`,
    };
  }
  return { kind: 'check', check };
}

/** `nextRuntime`: a time, null to clear it, or undefined to leave it as it is. */
export async function recordOutcome(
  db: Db,
  checkId: string,
  time: Date,
  outcome: CheckOutcome,
  nextRuntime: Date | null | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The check may have been deleted (soft or hard) while it ran: then nothing is written.
    const inserted = await tx.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, invalid, message, error, details, created_at)
       SELECT c.id, $2::timestamptz, $3::integer, $4::boolean, $5::boolean, $6::text, $7::text, $8::jsonb, now()
       FROM checks c WHERE c.id = $1 AND c.deleted_at IS NULL`,
      [
        checkId,
        time.toISOString(),
        outcome.duration,
        outcome.pass,
        outcome.invalid,
        outcome.message,
        outcome.error ?? null,
        outcome.details ? JSON.stringify(outcome.details) : null,
      ],
    );
    if (inserted.affectedRows === 0) return;
    await tx.query(
      `UPDATE checks SET status = $2::text, last_runtime = $3::timestamptz,
         next_runtime = CASE WHEN $5::boolean THEN $4::timestamptz ELSE next_runtime END
       WHERE id = $1`,
      [
        checkId,
        outcome.pass ? 'healthy' : 'unhealthy',
        time.toISOString(),
        nextRuntime ? nextRuntime.toISOString() : null,
        nextRuntime !== undefined,
      ],
    );
  });
}

/** Set (or clear) a check's next run without a result. */
export async function setNextRuntime(
  db: Queryable,
  checkId: string,
  next: Date | null,
): Promise<void> {
  await db.query(
    `UPDATE checks SET next_runtime = $2 WHERE id = $1 AND next_runtime IS DISTINCT FROM $2::timestamptz`,
    [checkId, next ? next.toISOString() : null],
  );
}

interface SyncCanaryRow {
  id: string;
  namespace: string;
  spec: unknown;
  annotations: unknown;
}

interface SyncCheckRow {
  id: string;
  canary_id: string;
  type: string;
  name: string;
  spec: unknown;
  description: string | null;
  icon: string | null;
  labels: unknown;
  deleted: boolean;
  transformed: boolean | null;
}

/** JSON text with keys sorted, to compare stored specs with declared ones. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface SyncCounts {
  created: number;
  updated: number;
  deleted: number;
}

/**
 * Make the `checks` rows of the local, non-synthetic canaries follow their specs, as
 * canary-checker does: a declared check that is missing is created, a changed one updated (or
 * revived), and a live check the spec no longer declares is soft-deleted (checks made by
 * transforms are left alone). A canary whose spec declares no checks is not synced. `$(self.…)`
 * placeholders are resolved into the check's spec, so
 * the dashboard shows the real endpoint.
 */
export async function syncCanaryChecks(db: Db, self: SelfAddress | undefined): Promise<SyncCounts> {
  const counts: SyncCounts = { created: 0, updated: 0, deleted: 0 };
  const canaries = await db.query<SyncCanaryRow>(
    `SELECT id, namespace, spec, annotations FROM canaries
     WHERE deleted_at IS NULL AND agent_id = $1 AND coalesce(annotations ->> $2, '') <> 'true'
     ORDER BY id`,
    [LOCAL_AGENT_ID, SYNTHETIC_ANNOTATION],
  );
  const managed = canaries.rows.filter((canary) => !isSynthetic(canary.annotations));
  if (managed.length === 0) return counts;
  const existing = await db.query<SyncCheckRow>(
    `SELECT id, canary_id, type, name, spec, description, icon, labels,
       deleted_at IS NOT NULL AS deleted, transformed
     FROM checks WHERE canary_id = ANY($1::uuid[]) AND agent_id = $2`,
    [managed.map((canary) => canary.id), LOCAL_AGENT_ID],
  );
  const byKey = new Map(
    existing.rows.map((row) => [`${row.canary_id}\u0000${row.type}\u0000${row.name}`, row]),
  );

  const writes: { sql: string; params: unknown[] }[] = [];
  for (const canary of managed) {
    const definitions = checksOfCanary(canary.spec);
    // A spec that declares no checks (only a schedule, say) does not own its check rows: they
    // were written some other way and are run as they are.
    if (definitions.length === 0) continue;
    const declared = new Set<string>();
    for (const definition of definitions) {
      const key = `${canary.id}\u0000${definition.type}\u0000${definition.name}`;
      declared.add(key);
      const spec = resolveSelf(definition.spec, self);
      const row = byKey.get(key);
      if (!row) {
        writes.push({
          sql: `INSERT INTO checks (canary_id, agent_id, type, name, namespace, description, icon, spec, labels, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, now(), now())
             ON CONFLICT (canary_id, type, name, agent_id) DO NOTHING`,
          params: [
            canary.id,
            LOCAL_AGENT_ID,
            definition.type,
            definition.name,
            canary.namespace,
            definition.description,
            definition.icon,
            JSON.stringify(spec),
            definition.labels ? JSON.stringify(definition.labels) : null,
          ],
        });
        counts.created += 1;
        continue;
      }
      const changed =
        row.deleted ||
        canonical(row.spec) !== canonical(spec) ||
        row.description !== definition.description ||
        (row.icon ?? '') !== definition.icon;
      if (!changed) continue;
      writes.push({
        sql: `UPDATE checks SET spec = $2::jsonb, description = $3, icon = $4, deleted_at = NULL WHERE id = $1`,
        params: [row.id, JSON.stringify(spec), definition.description, definition.icon],
      });
      counts.updated += 1;
    }
    const gone = existing.rows
      .filter(
        (row) =>
          row.canary_id === canary.id &&
          !row.deleted &&
          row.transformed !== true &&
          !declared.has(`${row.canary_id}\u0000${row.type}\u0000${row.name}`),
      )
      .map((row) => row.id);
    if (gone.length > 0) {
      writes.push({
        sql: `UPDATE checks SET deleted_at = now() WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
        params: [gone],
      });
      counts.deleted += gone.length;
    }
  }
  if (writes.length > 0) {
    await db.transaction(async (tx) => {
      for (const write of writes) await tx.query(write.sql, write.params);
    });
  }
  return counts;
}
