/**
 * The server's incident jobs on one timer: every {@link TICK_MS} a cheap fingerprint of what the
 * jobs read (the latest check transition, component and rule updates, the definitions of done)
 * is taken; when it moved — a check result changed a status, a rule was edited, an automatic
 * definition of done was added — the rules and the definitions of done run at once, and in any
 * case the definitions of done run every {@link DOD_EVERY_MS} (an age such as "healthy for 5m"
 * becomes true with the clock alone) and the rules every {@link RULES_EVERY_MS}. Rules with
 * autoResolve / autoClose settle their incidents on the definitions' cadence (a timeout, like an
 * age, runs out with the clock alone). A failing pass
 * is logged and the next tick tries again; passes never overlap.
 */
import type { Db } from '../db/types';
import { DefinitionOfDoneEvaluator } from './dod';
import { IncidentRuleEvaluator } from './rules';

export const TICK_MS = 3_000;
export const DOD_EVERY_MS = 15_000;
export const RULES_EVERY_MS = 60_000;

export interface IncidentEngineOptions {
  log?: (message: string) => void;
  tickMs?: number;
}

const FINGERPRINT_SQL = `SELECT concat_ws('|',
    (SELECT max(last_transition_time)::text FROM checks),
    (SELECT count(*)::text FROM checks WHERE status = 'unhealthy' AND deleted_at IS NULL),
    (SELECT max(updated_at)::text FROM components),
    (SELECT max(updated_at)::text || ':' || count(*)::text FROM incident_rules),
    (SELECT max(updated_at)::text || ':' || count(*)::text FROM evidences
       WHERE definition_of_done IS TRUE)
  ) AS fingerprint`;

export class IncidentEngine {
  readonly rules: IncidentRuleEvaluator;
  readonly dod: DefinitionOfDoneEvaluator;
  private readonly log: (message: string) => void;
  private readonly tickMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private fingerprint = '';
  private lastDod = 0;
  private lastRules = 0;
  private stopped = false;

  constructor(
    private readonly db: Db,
    options: IncidentEngineOptions = {},
  ) {
    this.log = options.log ?? ((message) => console.error(message));
    this.tickMs = options.tickMs ?? TICK_MS;
    this.rules = new IncidentRuleEvaluator(db, { log: this.log });
    this.dod = new DefinitionOfDoneEvaluator(db, { log: this.log });
  }

  /** One tick: what is due (or everything, with `force`). */
  async tick(now: Date = new Date(), force = false): Promise<void> {
    let changed = force;
    try {
      const result = await this.db.query<{ fingerprint: string }>(FINGERPRINT_SQL);
      const fingerprint = result.rows[0]?.fingerprint ?? '';
      if (fingerprint !== this.fingerprint) {
        changed = true;
        this.fingerprint = fingerprint;
      }
    } catch (error) {
      this.log(`incident jobs: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const time = now.getTime();
    if (changed || time - this.lastRules >= RULES_EVERY_MS) {
      this.lastRules = time;
      try {
        for (const opened of await this.rules.run(now)) {
          console.log(
            `incident rule "${opened.ruleName}" opened ${opened.incidentId} for ${opened.subject.kind} "${opened.subject.name}"`,
          );
        }
      } catch (error) {
        this.log(
          `incident rules failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (changed || time - this.lastDod >= DOD_EVERY_MS) {
      this.lastDod = time;
      try {
        await this.dod.run(now);
      } catch (error) {
        this.log(
          `definitions of done failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      // After the definitions of done, so a recovery marks them done before the incident settles.
      try {
        for (const settled of await this.rules.settle(now)) {
          console.log(
            `incident rule "${settled.ruleName}" ${settled.to} ${settled.incidentId}: ${settled.subject.kind} "${settled.subject.name}" recovered`,
          );
        }
      } catch (error) {
        this.log(
          `incident rules (auto resolve/close) failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  start(): void {
    if (this.timer || this.stopped) return;
    const loop = (): void => {
      if (this.stopped) return;
      this.running = this.tick().finally(() => {
        this.running = undefined;
        if (!this.stopped) {
          this.timer = setTimeout(loop, this.tickMs);
          this.timer.unref();
        }
      });
    };
    this.timer = setTimeout(loop, 0);
    this.timer.unref();
  }

  /** Stop the timer and wait for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
