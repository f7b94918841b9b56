/**
 * The playbook runner (docs/playbooks.md, "Runner"): a queue in PostgreSQL shared by every server
 * instance on the database.
 *
 * - A run (`playbook_runs`) waits in `scheduled` until its `scheduled_time`; an instance claims it
 *   with `FOR UPDATE SKIP LOCKED` (status `running`) and, in the same transaction, queues its first
 *   action as a `playbook_run_actions` row (`scheduled`, or `sleeping` until a `delay` is over).
 * - An action row is claimed the same way (status `running`, `start_time`), with a lease in
 *   `vigil_job_claims` (job `playbook-action`) that the executing instance renews; it is executed
 *   outside any transaction (templated fields, timeout, cancellation), and its outcome is written
 *   together with the next step of the run: the next action queued, skipped (its `if` says so), or
 *   the run finished (`completed`, or `failed` with the first failure's error).
 * - A failed attempt with retries left goes back to `sleeping` with a backoff; the attempts are kept
 *   in `result.attempts`.
 * - Cancelling a run (`cancelled`) skips its queued actions; a running one notices within a second
 *   and stops (its process is killed, its request aborted).
 * - An action left `running` by an instance that died (its lease ran out) fails with a clear error,
 *   and its run moves on, so nothing stays `running` forever.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/types';
import type { Secrets } from '../secrets/keyring';
import { ActionError, executeAction, type ActionResult } from './actions';
import { loadResource, type ResourceKind } from './resources';
import {
  actionType,
  DEFAULT_ACTION_TIMEOUT_MS,
  DEFAULT_RETRY_DELAY_MS,
  durationMs,
  parsePlaybookSpec,
  type ActionSpec,
  type PlaybookSpec,
} from './spec';
import { renderDeep, renderTemplate, TemplateError, type TemplateContext } from './template';

export const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';
export const TERMINAL_RUN_STATUSES = ['completed', 'failed', 'cancelled'] as const;
const LEASE_JOB = 'playbook-action';
const CANCELLED = 'the run was cancelled';

export interface PlaybookRunnerOptions {
  /** Poll interval when idle (default 500 ms). */
  pollMs?: number;
  /** Actions executed at the same time by this instance (default 4). */
  concurrency?: number;
  /** Whether exec actions may run (VIGIL_PLAYBOOK_EXEC=true). */
  execEnabled?: boolean;
  /** To read connections (http/sql actions with `connection`). */
  secrets?: Secrets | undefined;
  /** The lease of a running action (default 30 s; renewed every third of it). */
  leaseMs?: number;
  /** How often a running action looks for a cancellation (default 1 s). */
  cancelCheckMs?: number;
  /** This server's own address, `{{.vigil.url}}` in templates (main.ts passes it). */
  selfUrl?: string | undefined;
  /** This instance's name in leases (default a random id). */
  holder?: string;
  log?: (message: string) => void;
}

interface RunRow {
  id: string;
  playbook_id: string;
  spec: unknown;
  status: string;
  parameters: Record<string, string> | null;
  check_id: string | null;
  config_id: string | null;
  component_id: string | null;
  created_by: string | null;
  start_time: string | null;
  request: unknown;
}

interface ActionRow {
  id: string;
  name: string;
  status: string;
  playbook_run_id: string;
  result: ActionResult | null;
  error: string | null;
  start_time: string | Date | null;
}

const RUN_COLUMNS = `id::text, playbook_id::text, spec, status, parameters, check_id::text,
  config_id::text, component_id::text, created_by::text, start_time, request`;

function asSpec(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether `action` runs after the steps before it, given whether one of them failed. */
function shouldRun(action: ActionSpec, failed: boolean): boolean {
  const condition = (action.if ?? 'success()').trim();
  if (condition === 'always()') return true;
  if (condition === 'failure()') return failed;
  return !failed;
}

/**
 * Queue the run's next action, skip the ones whose condition says so, or finish the run. Call in a
 * transaction with the run locked (or owned).
 */
export async function advanceRun(tx: Queryable, runId: string): Promise<void> {
  const runs = await tx.query<RunRow>(
    `SELECT ${RUN_COLUMNS} FROM playbook_runs WHERE id = $1 FOR UPDATE`,
    [runId],
  );
  const run = runs.rows[0];
  if (!run || !['running', 'sleeping', 'waiting'].includes(run.status)) return;
  const parsed = parsePlaybookSpec(asSpec(run.spec));
  if (!parsed.ok) {
    await finishRun(tx, runId, 'failed', `invalid playbook spec: ${parsed.problems.join('; ')}`);
    return;
  }
  const rows = await tx.query<ActionRow>(
    `SELECT id::text, name, status, playbook_run_id::text, result, error, start_time
     FROM playbook_run_actions WHERE playbook_run_id = $1`,
    [runId],
  );
  const byName = new Map(rows.rows.map((row) => [row.name, row]));
  if (
    rows.rows.some((row) => ['scheduled', 'sleeping', 'running', 'waiting'].includes(row.status))
  ) {
    return;
  }
  const failure = rows.rows.find((row) => row.status === 'failed');
  for (const action of parsed.spec.actions) {
    if (byName.has(action.name)) continue;
    if (!shouldRun(action, failure !== undefined)) {
      await tx.query(
        `INSERT INTO playbook_run_actions (name, status, playbook_run_id, scheduled_time, agent_id)
         VALUES ($1, 'skipped', $2, clock_timestamp(), $3)`,
        [action.name, runId, LOCAL_AGENT],
      );
      continue;
    }
    const delayMs = durationMs(action.delay, 0);
    await tx.query(
      `INSERT INTO playbook_run_actions (name, status, playbook_run_id, scheduled_time, agent_id)
       VALUES ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond', $5)`,
      [action.name, delayMs > 0 ? 'sleeping' : 'scheduled', runId, delayMs, LOCAL_AGENT],
    );
    await tx.query(`UPDATE playbook_runs SET status = $2 WHERE id = $1`, [
      runId,
      delayMs > 0 ? 'sleeping' : 'running',
    ]);
    return;
  }
  if (failure) {
    await finishRun(tx, runId, 'failed', `action "${failure.name}" failed: ${failure.error ?? ''}`);
  } else {
    await finishRun(tx, runId, 'completed', null);
  }
}

async function finishRun(
  tx: Queryable,
  runId: string,
  status: 'completed' | 'failed',
  error: string | null,
): Promise<void> {
  await tx.query(
    `UPDATE playbook_runs SET status = $2, end_time = now(), error = $3,
       start_time = coalesce(start_time, now())
     WHERE id = $1`,
    [runId, status, error],
  );
}

/** The template context of a run: params, env, the resource, the run, the playbook, the user. */
export async function runContext(
  db: Queryable,
  run: Pick<
    RunRow,
    | 'id'
    | 'playbook_id'
    | 'parameters'
    | 'check_id'
    | 'config_id'
    | 'component_id'
    | 'created_by'
    | 'request'
  >,
  spec: PlaybookSpec,
  selfUrl?: string,
): Promise<TemplateContext> {
  const context: TemplateContext = {
    params: run.parameters ?? {},
    run: { id: run.id },
    vigil: { url: selfUrl ?? '' },
    request: run.request ?? {},
  };
  const playbook = await db.query<{ id: string; name: string; namespace: string; title: string }>(
    `SELECT id::text, name, namespace, title FROM playbooks WHERE id = $1`,
    [run.playbook_id],
  );
  context.playbook = playbook.rows[0] ?? { id: run.playbook_id };
  for (const [kind, id] of [
    ['config', run.config_id],
    ['component', run.component_id],
    ['check', run.check_id],
  ] as [ResourceKind, string | null][]) {
    if (!id) continue;
    const resource = await loadResource(db, kind, id);
    if (resource) context[kind] = resource.view;
  }
  if (run.created_by) {
    const user = await db.query<{ id: string; name: string; email: string | null }>(
      `SELECT id::text, name, email FROM people WHERE id = $1`,
      [run.created_by],
    );
    if (user.rows[0]) context.user = user.rows[0];
  }
  const env: Record<string, string> = {};
  for (const variable of spec.env ?? []) {
    env[variable.name] = renderTemplate(variable.value ?? '', { ...context, env });
  }
  context.env = env;
  return context;
}

export class PlaybookRunner {
  readonly holder: string;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly cancelCheckMs: number;
  private readonly log: (message: string) => void;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<boolean> | undefined;
  private stopped = false;
  private started = false;
  private wakeRequested = false;

  constructor(
    private readonly db: Db,
    private readonly options: PlaybookRunnerOptions = {},
  ) {
    this.holder = options.holder ?? `playbooks-${randomUUID()}`;
    this.pollMs = options.pollMs ?? 500;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.leaseMs = options.leaseMs ?? 30_000;
    this.cancelCheckMs = options.cancelCheckMs ?? 1_000;
    this.log = options.log ?? ((text) => console.error(text));
  }

  /** Start polling. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedule(0);
  }

  /** Look for work now (after a run was created or approved in this process). */
  wake(): void {
    if (!this.started || this.stopped) return;
    if (this.ticking) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /** Stop polling; wait for the tick and the actions in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.ticking;
    await Promise.all([...this.inFlight]);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.ticking = this.tick()
        .catch((error: unknown) => {
          this.log(`playbook runner: ${message(error)}`);
          return false;
        })
        .finally(() => {
          this.ticking = undefined;
        });
      void this.ticking.then((busy) => {
        if (this.stopped) return;
        const again = busy || this.wakeRequested;
        this.wakeRequested = false;
        if (!this.timer) this.schedule(again ? 0 : this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  /**
   * One pass: recover abandoned actions, claim due runs (queueing their first action), claim due
   * actions up to the free concurrency and start them. True when it found work.
   */
  async tick(): Promise<boolean> {
    let busy = false;
    if ((await this.recover()) > 0) busy = true;
    for (let i = 0; i < 50 && !this.stopped; i++) {
      if (!(await this.claimRun())) break;
      busy = true;
    }
    while (!this.stopped && this.inFlight.size < this.concurrency) {
      const action = await this.claimAction();
      if (!action) break;
      busy = true;
      const execution: Promise<void> = this.execute(action)
        .catch((error: unknown) => this.log(`playbook action ${action.id}: ${message(error)}`))
        .finally(() => {
          this.inFlight.delete(execution);
          this.wake();
        });
      this.inFlight.add(execution);
    }
    return busy;
  }

  /** Tick until there is nothing left to do and nothing running (tests, the bench). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const busy = await this.tick();
      if (this.inFlight.size > 0) await Promise.race([...this.inFlight]);
      else if (!busy) {
        const waiting = await this.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM playbook_run_actions a
           JOIN playbook_runs r ON r.id = a.playbook_run_id
           WHERE a.status IN ('scheduled', 'sleeping') AND r.status IN ('running', 'sleeping')`,
        );
        if ((waiting.rows[0]?.n ?? 0) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    throw new Error('playbook runner: drain timed out');
  }

  /** Claim one due run and queue its first action; false when there is none. */
  async claimRun(): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query<{ id: string }>(
        `UPDATE playbook_runs r SET status = 'running', start_time = coalesce(r.start_time, now())
         FROM (SELECT id FROM playbook_runs
               WHERE status = 'scheduled' AND scheduled_time <= now()
                 AND coalesce(agent_id, $1::uuid) = $1::uuid
               ORDER BY scheduled_time, id LIMIT 1
               FOR UPDATE SKIP LOCKED) due
         WHERE r.id = due.id
         RETURNING r.id::text`,
        [LOCAL_AGENT],
      );
      const id = claimed.rows[0]?.id;
      if (!id) return false;
      await advanceRun(tx, id);
      return true;
    });
  }

  /** Claim one due action (with a lease); undefined when there is none. */
  async claimAction(): Promise<ActionRow | undefined> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.query<ActionRow>(
        `UPDATE playbook_run_actions a SET status = 'running', start_time = now(), end_time = NULL
         FROM (SELECT x.id FROM playbook_run_actions x
               JOIN playbook_runs r ON r.id = x.playbook_run_id
               WHERE x.status IN ('scheduled', 'sleeping') AND x.scheduled_time <= now()
                 AND r.status IN ('running', 'sleeping')
                 AND coalesce(r.agent_id, $1::uuid) = $1::uuid
               ORDER BY x.scheduled_time, x.id LIMIT 1
               FOR UPDATE OF x SKIP LOCKED) due
         WHERE a.id = due.id
         RETURNING a.id::text, a.name, a.status, a.playbook_run_id::text, a.result, a.error,
           a.start_time`,
        [LOCAL_AGENT],
      );
      const action = claimed.rows[0];
      if (!action) return undefined;
      await tx.query(
        `UPDATE playbook_runs SET status = 'running' WHERE id = $1 AND status = 'sleeping'`,
        [action.playbook_run_id],
      );
      await tx.query(
        `INSERT INTO vigil_job_claims (job, key, holder, claimed_until)
         VALUES ($1, $2, $3, now() + $4 * interval '1 millisecond')
         ON CONFLICT (job, key) DO UPDATE
           SET holder = EXCLUDED.holder, claimed_at = now(), claimed_until = EXCLUDED.claimed_until`,
        [LEASE_JOB, action.id, this.holder, this.leaseMs],
      );
      return action;
    });
  }

  /**
   * Fail the actions left `running` whose lease ran out (their instance died) and move their
   * runs on; answers how many. Only runs of this server's own (local) agent: a remote agent's
   * actions hold no lease here.
   */
  async recover(): Promise<number> {
    const orphans = await this.db.query<{ id: string; playbook_run_id: string }>(
      `SELECT a.id::text, a.playbook_run_id::text FROM playbook_run_actions a
       JOIN playbook_runs r ON r.id = a.playbook_run_id
       WHERE a.status = 'running' AND coalesce(r.agent_id, $2::uuid) = $2::uuid
         AND NOT EXISTS (SELECT 1 FROM vigil_job_claims c
                         WHERE c.job = $1 AND c.key = a.id::text AND c.claimed_until > now())
       LIMIT 20`,
      [LEASE_JOB, LOCAL_AGENT],
    );
    for (const orphan of orphans.rows) {
      await this.db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE playbook_run_actions SET status = 'failed', end_time = now(),
             error = 'the server running this action stopped before it finished'
           WHERE id = $1 AND status = 'running'`,
          [orphan.id],
        );
        if (updated.affectedRows > 0) await advanceRun(tx, orphan.playbook_run_id);
      });
    }
    return orphans.rows.length;
  }

  private async renewLease(actionId: string): Promise<void> {
    await this.db.query(
      `UPDATE vigil_job_claims SET claimed_until = now() + $3 * interval '1 millisecond'
       WHERE job = $1 AND key = $2`,
      [LEASE_JOB, actionId, this.leaseMs],
    );
  }

  /** Execute a claimed action and record its outcome with the run's next step. */
  async execute(action: ActionRow): Promise<void> {
    const runs = await this.db.query<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM playbook_runs WHERE id = $1`,
      [action.playbook_run_id],
    );
    const run = runs.rows[0];
    if (!run) return;
    const parsed = parsePlaybookSpec(asSpec(run.spec));
    const spec = parsed.ok ? parsed.spec : undefined;
    const definition = spec?.actions.find((candidate) => candidate.name === action.name);
    const type = definition ? actionType(definition) : undefined;
    const previous = action.result ?? {};
    const attempt = (typeof previous.attempt === 'number' ? previous.attempt : 0) + 1;
    let result: ActionResult = {};
    let error: string | undefined;
    let retryable = true;
    const started = new Date();

    if (!spec || !definition || !type) {
      retryable = false;
      error = !parsed.ok
        ? `invalid playbook spec: ${parsed.problems.join('; ')}`
        : `action "${action.name}" is not in the playbook's spec`;
    } else {
      const controller = new AbortController();
      const runTimeout = spec.timeout ? durationMs(spec.timeout, 0) : 0;
      const elapsedRun = run.start_time ? Date.now() - new Date(run.start_time).getTime() : 0;
      let timeoutMs = durationMs(definition.timeout, DEFAULT_ACTION_TIMEOUT_MS);
      if (runTimeout > 0) timeoutMs = Math.max(1, Math.min(timeoutMs, runTimeout - elapsedRun));
      const timer = setTimeout(
        () =>
          controller.abort(new Error(`timed out after ${definition.timeout ?? `${timeoutMs} ms`}`)),
        timeoutMs,
      );
      let lastLease = Date.now();
      const watcher = setInterval(() => {
        void (async () => {
          try {
            const now = await this.db.query<{ status: string }>(
              `SELECT status FROM playbook_runs WHERE id = $1`,
              [run.id],
            );
            const status = now.rows[0]?.status;
            if (status === undefined || status === 'cancelled') {
              controller.abort(new Error(CANCELLED));
            }
            if (Date.now() - lastLease >= this.leaseMs / 3) {
              lastLease = Date.now();
              await this.renewLease(action.id);
            }
          } catch (failure) {
            this.log(`playbook action ${action.id}: ${message(failure)}`);
          }
        })();
      }, this.cancelCheckMs);
      try {
        const context = await runContext(this.db, run, spec, this.options.selfUrl);
        const body = { ...definition, [type]: renderDeep(definition[type], context) };
        result = await executeAction(type, body, {
          db: this.db,
          signal: controller.signal,
          execEnabled: this.options.execEnabled === true,
          secrets: this.options.secrets,
          env: (context.env ?? {}) as Record<string, string>,
          run: { id: run.id, playbookId: run.playbook_id, actionId: action.id, name: action.name },
        });
      } catch (failure) {
        if (failure instanceof ActionError) {
          result = failure.result;
          error = failure.message;
          if (controller.signal.aborted && message(controller.signal.reason) === CANCELLED) {
            retryable = false;
          }
        } else if (failure instanceof TemplateError) {
          error = `template: ${failure.message}`;
          retryable = false;
        } else {
          error = message(failure);
        }
      } finally {
        clearTimeout(timer);
        clearInterval(watcher);
      }
    }
    const ended = new Date();
    const attempts = Array.isArray(previous.attempts) ? [...(previous.attempts as unknown[])] : [];
    const retry = definition?.retry;
    const willRetry =
      error !== undefined && retryable && retry !== undefined && attempt <= retry.limit;
    if (error !== undefined && (willRetry || attempts.length > 0)) {
      attempts.push({
        attempt,
        start_time: started.toISOString(),
        end_time: ended.toISOString(),
        error,
      });
    }
    const stored: ActionResult = {
      ...result,
      ...(attempt > 1 || willRetry ? { attempt, attempts } : {}),
    };
    if (!('logs' in stored)) stored.logs = error ?? '';
    await this.db.transaction(async (tx) => {
      const runNow = await tx.query<{ status: string }>(
        `SELECT status FROM playbook_runs WHERE id = $1 FOR UPDATE`,
        [run.id],
      );
      const cancelled = runNow.rows[0]?.status === 'cancelled';
      if (willRetry && !cancelled) {
        const base = durationMs(retry.duration, DEFAULT_RETRY_DELAY_MS);
        const multiplier = retry.exponent?.multiplier ?? 1;
        const wait = Math.min(base * multiplier ** (attempt - 1), 3_600_000);
        await tx.query(
          `UPDATE playbook_run_actions SET status = 'sleeping', end_time = NULL, error = $2,
             result = $3::jsonb, scheduled_time = now() + $4 * interval '1 millisecond'
           WHERE id = $1 AND status = 'running'`,
          [action.id, error, JSON.stringify(stored), wait],
        );
        await tx.query(
          `UPDATE playbook_runs SET status = 'sleeping' WHERE id = $1 AND status = 'running'`,
          [run.id],
        );
      } else {
        await tx.query(
          `UPDATE playbook_run_actions SET status = $2, end_time = now(), error = $3,
             result = $4::jsonb
           WHERE id = $1 AND status = 'running'`,
          [
            action.id,
            error === undefined ? 'completed' : 'failed',
            cancelled && error !== undefined ? CANCELLED : (error ?? null),
            JSON.stringify(stored),
          ],
        );
        if (!cancelled) await advanceRun(tx, run.id);
      }
      await tx.query(`DELETE FROM vigil_job_claims WHERE job = $1 AND key = $2`, [
        LEASE_JOB,
        action.id,
      ]);
    });
  }
}
