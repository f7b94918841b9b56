/**
 * The health-check runner of the reference server: a scheduler that runs the `http` and `tcp`
 * checks of the local agent's canaries on their canary's schedule, and the executor behind
 * `POST /api/canary/run/check/{id}`. Runs are bounded (a few at a time, each with a time limit),
 * one check never runs twice at once (a second request joins the run in progress), and `stop()`
 * cancels timers and in-flight runs before the database closes. Several instances on one database
 * share the work through claims (claims.ts): a scheduled run, and the canary spec sync, happen on
 * one instance only. docs/health-runner.md describes the behaviour for users.
 */
import type { Db } from '../db/types';
import { checkRunLine, schedulerLine } from '../logs/runner-lines';
import { DEFAULT_RETENTION_MS, pruneLogs, writeLogs, type LogLineInput } from '../logs/store';
import { JobClaims, purgeExpiredClaims } from './claims';
import { runHttpCheck } from './http-check';
import {
  CheckRunThrottle,
  JOB_HISTORY_RETENTION_MS,
  JOB_NAMES,
  pruneJobHistory,
  recordJobRun,
} from './job-history';
import { describeError, invalidOutcome, type CheckOutcome } from './result';
import { nextRunTime, scheduleOfCanary, type Schedule } from './schedule';
import { mentionsSelf, resolveSelf, selfAddress, SUPPORTED_TYPES, type SelfAddress } from './spec';
import {
  loadCheckForRun,
  loadScheduledChecks,
  recordOutcome,
  setNextRuntime,
  syncCanaryChecks,
  type RunnableCheck,
} from './store';
import { runTcpCheck } from './tcp-check';

export interface RunnerOptions {
  /** Checks running at the same time, at most (default 4). */
  concurrency?: number;
  /** Time limit of one run in ms (default 30 s). */
  timeoutMs?: number;
  /** Shortest time between two scheduled runs of one check in ms (default 1 s). */
  minPeriodMs?: number;
  /** How often canaries and checks are read again for changes, in ms (default 15 s). */
  refreshMs?: number;
  /** The server's own base URL for `$(self.…)` (usually set by {@link HealthRunner.setSelfUrl}). */
  selfUrl?: string | undefined;
  /** Where unexpected errors go (default console.error). */
  log?: (message: string, error?: unknown) => void;
  /** This runner's name in `vigil_job_claims` (default host:pid:random). */
  holder?: string;
  /** How long the log store keeps lines, in ms (default 14 days; docs/logs.md). */
  logRetentionMs?: number;
}

/** The claim job of a check run (key: the check id). */
export const CHECK_JOB = 'health-check';
/** The claim job of the canary spec sync (one key). */
export const SYNC_JOB = 'canary-sync';
const SYNC_KEY = 'local';
/** A claim outlives the run's time limit by this much (time to store the result). */
const CLAIM_MARGIN_MS = 5000;
/** How often the sync's holder deletes claims that ran out, and how old they must be. */
const PURGE_EVERY_MS = 10 * 60_000;
const PURGE_AFTER_MS = 60 * 60_000;

/** One run: when it started, what it found, and whether it was stored. */
export interface CheckRun {
  start: Date;
  outcome: CheckOutcome;
  recorded: boolean;
  /** Set when the run did not happen because another instance holds the check's slot. */
  claimedElsewhere?: { holder: string | undefined; remainingMs: number };
}

/** The answer of run-now: an HTTP status and a JSON body (api.md §3.3). */
export interface RunNowAnswer {
  status: 200 | 404 | 503;
  body: Record<string, unknown>;
}

/** Why a check is recorded without being probed. */
interface Problem {
  error: string;
  details: Record<string, unknown>;
}

interface Entry {
  check: RunnableCheck;
  schedule: Schedule;
  timer: NodeJS.Timeout | undefined;
  due: Date | undefined;
}

/** The longest delay setTimeout accepts; longer waits re-arm. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** The text recorded for a check type this runner does not run. */
export function unsupportedError(type: string): string {
  return `check type "${type}" is not supported by this runner (Vigil's runner runs http and tcp checks)`;
}

/** A counting semaphore; waiters that arrive with priority go first; `cancel()` releases all. */
class Slots {
  private free: number;
  private readonly waiting: ((granted: boolean) => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }
  acquire(priority: boolean): Promise<boolean> {
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      if (priority) this.waiting.unshift(resolve);
      else this.waiting.push(resolve);
    });
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next(true);
    else this.free += 1;
  }
  cancel(): void {
    for (const waiter of this.waiting.splice(0)) waiter(false);
  }
}

export class HealthRunner {
  private readonly timeoutMs: number;
  private readonly minPeriodMs: number;
  private readonly refreshMs: number;
  private readonly log: (message: string, error?: unknown) => void;
  private readonly slots: Slots;
  private readonly claims: JobClaims;
  private readonly logRetentionMs: number;
  /** Scheduler events waiting for the end of a refresh to be written to the log store. */
  private readonly events: LogLineInput[] = [];
  private lastPurge = 0;
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<CheckRun>>();
  private readonly controllers = new Set<AbortController>();
  /** The last status time written per check: two runs never share a (check_id, time) key. */
  private readonly lastTimes = new Map<string, number>();
  /** Which runs are written to job_history (docs/settings-admin.md). */
  private readonly jobRows = new CheckRunThrottle();
  private self: SelfAddress | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> = Promise.resolve();
  private running = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: RunnerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.minPeriodMs = options.minPeriodMs ?? 1000;
    this.refreshMs = options.refreshMs ?? 15_000;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
    this.slots = new Slots(Math.max(1, options.concurrency ?? 4));
    this.claims = new JobClaims(db, options.holder);
    this.logRetentionMs = options.logRetentionMs ?? DEFAULT_RETENTION_MS;
    if (options.selfUrl) this.setSelfUrl(options.selfUrl);
  }

  /** The server's own base URL (`$(self.url)`), once known. */
  setSelfUrl(url: string): void {
    this.self = selfAddress(url);
  }

  get selfUrl(): string | undefined {
    return this.self?.url;
  }

  /** This runner's name in `vigil_job_claims`. */
  get holder(): string {
    return this.claims.holder;
  }

  /** Whether the scheduler is running. */
  get isRunning(): boolean {
    return this.running;
  }

  /** The checks the scheduler has armed, with their next run (tests, diagnostics). */
  scheduled(): { id: string; name: string; due: Date | undefined }[] {
    return [...this.entries.values()].map((entry) => ({
      id: entry.check.id,
      name: entry.check.name,
      due: entry.due,
    }));
  }

  /** Start the scheduler: read the checks, run what is due, and look for changes periodically. */
  async start(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    this.refreshTimer = setInterval(() => {
      void this.refresh();
    }, this.refreshMs);
    this.refreshTimer.unref();
    await this.refresh();
    await this.writeLines([
      schedulerLine(`scheduler started: ${this.entries.size} checks scheduled`, {
        labels: { holder: this.holder },
      }),
    ]);
  }

  /**
   * Stop: no new runs, timers cleared, in-flight runs aborted (their results are not stored) and
   * awaited, and this runner's claims given up (another instance takes over at once). Call it
   * before closing the database.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    const wasRunning = this.running;
    this.stopped = true;
    this.running = false;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    this.entries.clear();
    this.slots.cancel();
    for (const controller of this.controllers) {
      controller.abort(new Error('the server is shutting down'));
    }
    await Promise.allSettled([this.refreshing, ...this.inFlight.values()]);
    await this.claims.releaseAll().catch(() => undefined);
    if (wasRunning) {
      await this.writeLines([
        schedulerLine('scheduler stopped', { labels: { holder: this.holder } }),
      ]);
    }
  }

  /** Write a job_history row (docs/settings-admin.md); a failure is reported, never thrown. */
  private async recordJob(run: Parameters<typeof recordJobRun>[1]): Promise<void> {
    try {
      await recordJobRun(this.db, run);
    } catch (error: unknown) {
      this.log('health runner: writing job history failed:', error);
    }
  }

  /** Write lines to the log store (docs/logs.md); a failure is reported, never thrown. */
  private async writeLines(lines: LogLineInput[]): Promise<void> {
    if (lines.length === 0) return;
    try {
      await writeLogs(this.db, lines);
    } catch (error: unknown) {
      this.log('health runner: writing log lines failed:', error);
    }
  }

  /** Read canaries and checks again now (also done every `refreshMs`). Never rejects. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(() => this.refreshOnce());
    return this.refreshing;
  }

  private async refreshOnce(): Promise<void> {
    if (!this.running || this.stopped) return;
    try {
      // One instance syncs the specs: it keeps the lease while it refreshes, and another takes
      // over when it stops refreshing. The others only read the checks.
      const lease = await this.claims.claim(
        SYNC_JOB,
        SYNC_KEY,
        2 * this.refreshMs + CLAIM_MARGIN_MS,
      );
      if (lease.claimed) {
        const syncStart = new Date();
        let synced: Awaited<ReturnType<typeof syncCanaryChecks>>;
        try {
          synced = await syncCanaryChecks(this.db, this.self);
        } catch (error: unknown) {
          await this.recordJob({
            name: JOB_NAMES.canarySync,
            resourceType: 'canary',
            resourceId: SYNC_KEY,
            status: 'FAILED',
            start: syncStart,
            end: new Date(),
            errors: [describeError(error)],
          });
          throw error;
        }
        const changed = synced.created + synced.updated + synced.deleted;
        if (changed > 0) {
          await this.recordJob({
            name: JOB_NAMES.canarySync,
            resourceType: 'canary',
            resourceId: SYNC_KEY,
            status: 'SUCCESS',
            start: syncStart,
            end: new Date(),
            successCount: changed,
            details: { summary: synced },
          });
        }
        if (synced.created + synced.updated + synced.deleted > 0) {
          this.events.push(
            schedulerLine(
              `canary sync: ${synced.created} checks created, ${synced.updated} updated, ${synced.deleted} deleted`,
              { job: SYNC_JOB },
            ),
          );
        }
        if (Date.now() - this.lastPurge >= PURGE_EVERY_MS) {
          this.lastPurge = Date.now();
          const purged = await purgeExpiredClaims(this.db, PURGE_AFTER_MS);
          if (purged > 0) {
            this.events.push(
              schedulerLine(`purged ${purged} expired job claims`, { job: 'claims-purge' }),
            );
          }
          const pruneStart = new Date();
          const prunedJobs = await pruneJobHistory(
            this.db,
            new Date(Date.now() - JOB_HISTORY_RETENTION_MS),
          );
          if (prunedJobs > 0) {
            await this.recordJob({
              name: JOB_NAMES.retention,
              resourceType: 'job_history',
              resourceId: SYNC_KEY,
              status: 'SUCCESS',
              start: pruneStart,
              end: new Date(),
              successCount: prunedJobs,
              details: { summary: { deleted: prunedJobs } },
            });
          }
          const pruned = await pruneLogs(this.db, new Date(Date.now() - this.logRetentionMs));
          if (pruned > 0) {
            this.events.push(
              schedulerLine(`log retention: deleted ${pruned} lines older than the retention`, {
                job: 'log-retention',
              }),
            );
          }
        }
      }
      const checks = await loadScheduledChecks(this.db);
      if (!this.running) return;
      const seen = new Set<string>();
      for (const check of checks) {
        seen.add(check.id);
        this.plan(check);
      }
      for (const [id, entry] of this.entries) {
        if (seen.has(id)) continue;
        if (entry.timer) clearTimeout(entry.timer);
        this.entries.delete(id);
        this.events.push(schedulerLine(`check "${entry.check.name}" removed from the schedule`));
      }
    } catch (error: unknown) {
      if (!this.stopped) this.log('health runner: reading the checks failed:', error);
    }
    if (!this.stopped) await this.writeLines(this.events.splice(0));
  }

  /** Arm, re-arm or report one check found by a refresh. */
  private plan(check: RunnableCheck): void {
    let schedule: Schedule | undefined;
    let problem: Problem | undefined;
    if (!SUPPORTED_TYPES.has(check.type)) {
      problem = { error: unsupportedError(check.type), details: { runner: 'unsupported' } };
    } else {
      try {
        schedule = scheduleOfCanary(check.canarySpec);
      } catch (error: unknown) {
        problem = {
          error: `invalid schedule of canary "${check.canaryName}": ${describeError(error)}`,
          details: { runner: 'invalid-schedule' },
        };
      }
    }
    const entry = this.entries.get(check.id);
    if (!schedule) {
      if (entry) {
        if (entry.timer) clearTimeout(entry.timer);
        this.entries.delete(check.id);
      }
      // Reported once (not on every refresh, nor again after a restart): one failed, invalid
      // status saying why, and no next run.
      if (problem && check.lastError !== problem.error && !this.inFlight.has(check.id)) {
        this.execute(check, { problem }).catch((error: unknown) => {
          if (!this.stopped) this.log(`health runner: recording check ${check.id} failed:`, error);
        });
      }
      return;
    }
    if (entry) {
      entry.check = check;
      if (entry.schedule.text === schedule.text) return;
      entry.schedule = schedule;
      this.arm(entry, this.firstDue(check, schedule));
      return;
    }
    const created: Entry = { check, schedule, timer: undefined, due: undefined };
    this.entries.set(check.id, created);
    this.events.push(
      schedulerLine(
        `check "${check.name}" of canary "${check.canaryName}" scheduled: ${schedule.text}`,
        { labels: { check: check.name, check_id: check.id } },
      ),
    );
    const due = this.firstDue(check, schedule);
    this.arm(created, due);
    // A check due now gets its next_runtime from the run itself.
    if (due.getTime() > Date.now()) {
      setNextRuntime(this.db, check.id, due).catch((error: unknown) => {
        if (!this.stopped) this.log('health runner: writing next_runtime failed:', error);
      });
    }
  }

  /** A check that ran before keeps its cadence across restarts; one that never ran runs now. */
  private firstDue(check: RunnableCheck, schedule: Schedule): Date {
    const now = new Date();
    if (!check.lastRuntime) return now;
    const next = nextRunTime(schedule, check.lastRuntime, this.minPeriodMs);
    return next > now ? next : now;
  }

  private arm(entry: Entry, due: Date): void {
    if (entry.timer) clearTimeout(entry.timer);
    entry.due = due;
    if (!this.running) {
      entry.timer = undefined;
      return;
    }
    const delay = Math.min(Math.max(0, due.getTime() - Date.now()), MAX_DELAY_MS);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (Date.now() < due.getTime()) this.arm(entry, due);
      else void this.fire(entry);
    }, delay);
    entry.timer.unref();
  }

  private async fire(entry: Entry): Promise<void> {
    if (!this.running || this.entries.get(entry.check.id) !== entry) return;
    try {
      const run = await this.execute(entry.check);
      const elsewhere = run.claimedElsewhere;
      if (elsewhere && this.running && this.entries.get(entry.check.id) === entry) {
        // Another instance runs this slot. Try again when its claim runs out, or at our own next
        // slot if that is sooner (so a holder that died mid-run is replaced within one period).
        const now = Date.now();
        const ownNext = nextRunTime(entry.schedule, new Date(now), this.minPeriodMs).getTime();
        this.arm(entry, new Date(Math.min(now + Math.max(1, elsewhere.remainingMs), ownNext)));
      }
    } catch (error: unknown) {
      if (!this.stopped) this.log(`health runner: check ${entry.check.id} failed to run:`, error);
      // Try again one period later rather than never.
      if (this.entries.get(entry.check.id) === entry) {
        this.arm(entry, nextRunTime(entry.schedule, new Date(), this.minPeriodMs));
      }
    }
  }

  /** Run a check now (api.md §3.3): 404 when it does not exist, 503 while shutting down. */
  async runNow(id: string): Promise<RunNowAnswer> {
    if (this.stopped) return { status: 503, body: { error: 'the server is shutting down' } };
    const target = await loadCheckForRun(this.db, id);
    if (target.kind === 'missing') return { status: 404, body: { error: target.error } };
    if (target.kind === 'skipped') {
      return {
        status: 200,
        body: {
          name: target.check.name,
          ...(target.check.namespace ? { namespace: target.check.namespace } : {}),
          message: target.reason,
        },
      };
    }
    let run = await this.execute(target.check, { priority: true });
    // It joined a scheduled run that another instance's claim turned away: run it now, for real.
    if (run.claimedElsewhere) run = await this.execute(target.check, { priority: true });
    if (!run.recorded && this.stopped) {
      return { status: 503, body: { error: 'the server is shutting down' } };
    }
    const { outcome } = run;
    return {
      status: 200,
      body: {
        name: target.check.name,
        ...(target.check.namespace ? { namespace: target.check.namespace } : {}),
        start: run.start.toISOString(),
        pass: outcome.pass,
        invalid: outcome.invalid,
        duration: outcome.duration,
        message: outcome.message,
        ...(outcome.error ? { error: outcome.error } : {}),
        ...(outcome.details ? { detail: outcome.details } : {}),
      },
    };
  }

  /**
   * Run a check (or record why it cannot run) and store the result. A check already running is
   * not started again: the caller gets the run in progress.
   */
  private execute(
    check: RunnableCheck,
    options: { problem?: Problem; priority?: boolean } = {},
  ): Promise<CheckRun> {
    const running = this.inFlight.get(check.id);
    if (running) return running;
    const run = this.runOnce(check, options.problem, options.priority === true).finally(() => {
      this.inFlight.delete(check.id);
    });
    this.inFlight.set(check.id, run);
    return run;
  }

  private async runOnce(
    check: RunnableCheck,
    problem: Problem | undefined,
    priority: boolean,
  ): Promise<CheckRun> {
    const granted = await this.slots.acquire(priority);
    const skipped = (): CheckRun => ({
      start: new Date(),
      outcome: invalidOutcome('the server is shutting down'),
      recorded: false,
    });
    if (!granted || this.stopped) {
      if (granted) this.slots.release();
      return skipped();
    }
    try {
      // A scheduled run (or a report of why the check cannot run) needs the check's slot; an
      // explicit Run Now takes it from whoever holds it.
      const claim = await this.claims.claim(CHECK_JOB, check.id, this.timeoutMs + CLAIM_MARGIN_MS, {
        force: priority,
      });
      if (!claim.claimed) {
        return {
          start: new Date(),
          outcome: invalidOutcome(
            `not run: another instance (${claim.holder ?? '?'}) holds this slot`,
          ),
          recorded: false,
          claimedElsewhere: { holder: claim.holder, remainingMs: claim.remainingMs },
        };
      }
      let time = Date.now();
      const last = this.lastTimes.get(check.id) ?? 0;
      if (time <= last) time = last + 1;
      this.lastTimes.set(check.id, time);
      const start = new Date(time);
      const outcome = problem
        ? invalidOutcome(problem.error, problem.details)
        : await this.probe(check);
      if (this.stopped) return { start, outcome, recorded: false };

      const entry = this.entries.get(check.id);
      let next: Date | null | undefined;
      if (problem || !SUPPORTED_TYPES.has(check.type)) next = null;
      else if (entry && this.running) {
        const planned = nextRunTime(entry.schedule, start, this.minPeriodMs);
        next = planned.getTime() > Date.now() ? planned : new Date();
      }
      await recordOutcome(this.db, check.id, start, outcome, next);
      await this.writeLines([checkRunLine(check, start, outcome)]);
      if (this.jobRows.shouldRecord(check.id, outcome.pass)) {
        await this.recordJob({
          name: JOB_NAMES.healthCheck,
          resourceType: 'canary',
          resourceId: check.canaryId,
          status: outcome.pass ? 'SUCCESS' : 'FAILED',
          start,
          end: new Date(start.getTime() + Math.max(0, Math.round(outcome.duration))),
          successCount: outcome.pass ? 1 : 0,
          errorCount: outcome.pass ? 0 : 1,
          errors: outcome.pass ? [] : [`${check.name}: ${outcome.error ?? outcome.message}`],
          details: { check_id: check.id, check_name: check.name, message: outcome.message },
        });
      }
      // The run covers its slot: the claim lasts until the next one (other instances try then).
      // A report of why the check cannot run keeps its claim, so no other instance repeats it.
      if (!problem) {
        const slotEnd = next ?? this.nextSlot(check, start);
        await this.claims.hold(CHECK_JOB, check.id, slotEnd.getTime() - Date.now());
      }
      if (entry && next && this.running && this.entries.get(check.id) === entry) {
        this.arm(entry, next);
      }
      return { start, outcome, recorded: true };
    } finally {
      this.slots.release();
    }
  }

  /** The next slot after a run that started at `start`, from the canary's schedule; now if none. */
  private nextSlot(check: RunnableCheck, start: Date): Date {
    try {
      return nextRunTime(scheduleOfCanary(check.canarySpec), start, this.minPeriodMs);
    } catch {
      return new Date();
    }
  }

  /** Probe a check with a time limit; never rejects. */
  private async probe(check: RunnableCheck): Promise<CheckOutcome> {
    if (!SUPPORTED_TYPES.has(check.type)) {
      return invalidOutcome(unsupportedError(check.type), { runner: 'unsupported' });
    }
    const spec = resolveSelf(check.spec, this.self);
    if (mentionsSelf(spec)) {
      return invalidOutcome(
        "the server's own address is not known yet: $(self.url), $(self.host) and $(self.port) resolve once the server listens",
      );
    }
    const controller = new AbortController();
    this.controllers.add(controller);
    const limit = setTimeout(() => {
      controller.abort(new Error(`timed out after ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    try {
      return check.type === 'http'
        ? await runHttpCheck(spec, controller.signal)
        : await runTcpCheck(spec, controller.signal);
    } catch (error: unknown) {
      return {
        pass: false,
        invalid: false,
        duration: 0,
        message: 'the check failed to run',
        error: describeError(error),
      };
    } finally {
      clearTimeout(limit);
      this.controllers.delete(controller);
    }
  }
}
