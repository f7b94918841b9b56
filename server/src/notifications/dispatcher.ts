/**
 * The notification dispatcher (docs/notifications.md § Delivery). Two stages over `event_queue`,
 * each claimed with `FOR UPDATE SKIP LOCKED`, so several server instances share the work:
 *
 * 1. Fan-out: an event of the spec's list (check.failed, component.unhealthy, …) is matched against
 *    the live rules whose `events` hold it; each rule's CEL `filter` is evaluated over the event's
 *    resource. A silenced resource gives a `silenced` history row, a repeat within the rule's
 *    `repeat_interval` a `repeat-interval` row (both through insert_unsent_notification_to_history);
 *    otherwise every recipient (the person, the team, each custom service) gets a `pending` history
 *    row and a `notification.send` event, delayed by the rule's `wait_for`. The event is deleted.
 * 2. Send: a due `notification.send` is delivered. After a `wait_for` the event is re-evaluated
 *    first — the resource must still be in the announced state and the filter must still match,
 *    else the send is `cancelled` (a silence that began meanwhile makes it `silenced`). The first
 *    attempt turns the pending row into `sent` or `error`; each retry adds a row. A failed attempt
 *    stays queued with its `error`, `attempts` and `last_attempt`, and is retried after a backoff
 *    (`delay`, milliseconds, doubling) until `maxAttempts`; then it stays in the queue as failed.
 *
 * A claim is a lease: `attempts` + 1, `last_attempt` = now and `delay` = the lease, committed at
 * once, so the work itself (HTTP, SMTP) runs outside any transaction. An event is due when
 * `coalesce(last_attempt, created_at) + delay ms <= now()`.
 */
import { parse as parseCel } from '@marcbachmann/cel-js';
import { parseDuration } from '../catalog/datemath';
import type { Db, Queryable } from '../db/types';
import type { Secrets } from '../secrets/keyring';
import { redactText } from '../secrets/redact';
import { readConnection, revealJson, type Connection } from '../secrets/stored';
import { DeliveryError, deliver, serviceTarget, smtpFromUrl, type Target } from './delivery';
import {
  NOTIFICATION_EVENTS,
  SEND_EVENT,
  announcedState,
  loadSubject,
  loadSubjects,
  type EventSubject,
  type ResourceType,
} from './events';
import { findSilence } from './silences';
import { compose, defaultTemplate, render } from './templates';

export interface DispatcherOptions {
  /** Events claimed per statement (default 50). */
  batchSize?: number;
  /** Time between polls when the queue is empty, ms (default 1,000). */
  pollMs?: number;
  /** Attempts of one send before it stays failed (default 4: notifications_summary counts < 4). */
  maxAttempts?: number;
  /** Backoff before the first retry, ms, doubled each time (default 30,000). */
  retryBaseMs?: number;
  /** Time limit of one delivery, ms (default 10,000). */
  timeoutMs?: number;
  /** How long a claimed event is held before another instance may take it, ms (default 120,000). */
  leaseMs?: number;
  /** Sends in flight at once (default 8). */
  concurrency?: number;
  /** SMTP server for rules addressed to a person or a team (VIGIL_SMTP_URL). */
  smtpUrl?: string | undefined;
  /** The console's public address, for links in messages (VIGIL_PUBLIC_URL). */
  publicUrl?: string | undefined;
  log?: (message: string) => void;
}

/** Dispatcher settings from the environment (docs/notifications.md lists them). */
export function dispatcherOptionsFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): DispatcherOptions & { enabled: boolean } {
  const int = (name: string, min: number, max: number): number | undefined => {
    const raw = env[name]?.trim();
    if (!raw) return undefined;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(
        `${name} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`,
      );
    }
    return value;
  };
  const switchValue = env.VIGIL_NOTIFICATIONS?.trim().toLowerCase() ?? '';
  if (switchValue !== '' && switchValue !== 'on' && switchValue !== 'off') {
    throw new Error(`VIGIL_NOTIFICATIONS must be on or off (got ${JSON.stringify(switchValue)})`);
  }
  return {
    enabled: switchValue !== 'off' && env.VIGIL_RUNNER?.trim().toLowerCase() !== 'off',
    smtpUrl: env.VIGIL_SMTP_URL?.trim() || undefined,
    publicUrl: (env.VIGIL_PUBLIC_URL?.trim() || env.VIGIL_SELF_URL?.trim() || '').replace(
      /\/+$/,
      '',
    ),
    pollMs: int('VIGIL_NOTIFICATIONS_POLL_MS', 50, 600_000),
    retryBaseMs: int('VIGIL_NOTIFICATIONS_RETRY_MS', 10, 86_400_000),
    timeoutMs: int('VIGIL_NOTIFICATIONS_TIMEOUT_MS', 100, 600_000),
    concurrency: int('VIGIL_NOTIFICATIONS_CONCURRENCY', 1, 64),
  };
}

interface QueuedEvent {
  id: string;
  name: string;
  properties: Record<string, unknown> | null;
  attempts: number;
  created_at: Date | string;
}

interface Rule {
  id: string;
  name: string;
  events: string[];
  filter: string | null;
  title: string | null;
  template: string | null;
  properties: unknown;
  person_id: string | null;
  team_id: string | null;
  custom_services: unknown;
  repeat_interval: string | null;
  wait_for: string | number | null;
  error: string | null;
}

/** Who one send goes to. */
type Recipient =
  | { kind: 'person'; id: string }
  | { kind: 'team'; id: string }
  | { kind: 'team-service'; id: string; index: number }
  | { kind: 'service'; index: number };

interface SendProperties {
  notification_id: string;
  event: string;
  event_id: string;
  event_properties: unknown;
  event_created_at: string;
  resource_id: string;
  history_id: string;
  recipient: Recipient;
  /** Title and body composed at fan-out (absent with wait-for: composed after the wait). */
  message?: { title: string; body: string };
}

/** What one pass did (tests and the bench read it). */
export interface PassCounts {
  events: number;
  queued: number;
  silenced: number;
  repeated: number;
  sent: number;
  failed: number;
  cancelled: number;
}

const zero = (): PassCounts => ({
  events: 0,
  queued: 0,
  silenced: 0,
  repeated: 0,
  sent: 0,
  failed: 0,
  cancelled: 0,
});

const RULE_COLUMNS = `id, name, events, filter, title, template, properties, person_id, team_id,
  custom_services, repeat_interval, wait_for, error`;

/** One hour: the window of silenced rows of rules without a repeat interval. */
const SILENCE_WINDOW_MS = 3_600_000;

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return redactText((message.split('\n')[0] ?? '').slice(0, 500));
}

/** Values for CEL: whole numbers as ints, nested maps and lists alike. */
function celValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(celValue);
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = celValue(entry);
  return out;
}

function resourceTypeOf(event: string): ResourceType {
  const kind = event.split('.')[0];
  return kind === 'check' || kind === 'component' || kind === 'config' ? kind : 'playbook';
}

function waitForMs(rule: Rule): number {
  const ns = rule.wait_for === null ? 0 : Number(rule.wait_for);
  return Number.isFinite(ns) && ns > 0 ? Math.round(ns / 1e6) : 0;
}

function repeatMs(rule: Rule): number | undefined {
  const text = rule.repeat_interval?.trim();
  if (!text) return undefined;
  const ms = parseDuration(text);
  return ms && ms > 0 ? ms : undefined;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

type Compiled = ((context: Record<string, unknown>) => unknown) | { error: string };

/** What one pass reads once: the rules, whether any silence is live, the sends done. */
interface Pass {
  rulesByEvent: Map<string, Promise<Rule[]>>;
  rulesById: Map<string, Promise<Rule | undefined>>;
  anySilence: boolean;
  /** Sends delivered: deleted from the queue at the end of the pass. */
  done: string[];
  /** First-attempt outcomes of pending history rows, written at the end of the pass. */
  updates: {
    id: string;
    status: string;
    body: string | null;
    error: string | null;
    duration: number | null;
  }[];
  /** Sends planned by the fan-out, inserted in one statement. */
  sends: { rule: Rule; properties: Omit<SendProperties, 'history_id'>; person: string | null }[];
}

/** One event's fan-out, computed before the pass writes them all in one transaction. */
interface Plan {
  event: QueuedEvent;
  subject: EventSubject | undefined;
  rules: {
    rule: Rule;
    outcome: 'silenced' | 'repeat-interval' | Recipient[];
    message: { title: string; body: string } | undefined;
  }[];
}

export class NotificationDispatcher {
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly smtpUrl: string | undefined;
  private readonly publicUrl: string;
  private readonly log: (message: string) => void;
  private readonly filters = new Map<string, Compiled>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    options: DispatcherOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.pollMs = options.pollMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.concurrency = options.concurrency ?? 8;
    this.smtpUrl = options.smtpUrl;
    this.publicUrl = (options.publicUrl ?? '').replace(/\/+$/, '');
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** Poll until stopped: a pass, then the next one at once if it found work, else after pollMs. */
  start(): void {
    if (this.timer || this.stopped) return;
    const loop = (): void => {
      if (this.stopped) return;
      const pass = this.runOnce().catch((error: unknown) => {
        this.log(`notifications: ${errorText(error)}`);
        return zero();
      });
      this.running = pass.then((counts) => {
        this.running = undefined;
        if (this.stopped) return;
        const busy = counts.events + counts.sent + counts.failed + counts.cancelled > 0;
        this.timer = setTimeout(loop, busy ? 0 : this.pollMs);
        this.timer.unref();
      });
    };
    this.timer = setTimeout(loop, 0);
    this.timer.unref();
  }

  /** Stop polling and wait for the pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass: fan out the due events, then deliver the due sends (one batch of each). */
  async runOnce(): Promise<PassCounts> {
    const counts = zero();
    const silences = await this.db.query<{ live: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM notification_silences
         WHERE deleted_at IS NULL AND "from" <= now() AND until > now()) AS live`,
    );
    const pass: Pass = {
      rulesByEvent: new Map(),
      rulesById: new Map(),
      anySilence: silences.rows[0]?.live === true,
      done: [],
      updates: [],
      sends: [],
    };
    const events = await this.claim([...NOTIFICATION_EVENTS]);
    const subjects = events.length > 0 ? await loadSubjects(this.db, events) : new Map();
    const plans: Plan[] = [];
    for (const [index, event] of events.entries()) {
      counts.events += 1;
      try {
        plans.push(await this.plan(event, subjects.get(index), pass));
      } catch (error) {
        await this.eventFailed(event, error);
      }
    }
    if (plans.length > 0) {
      try {
        await this.db.transaction(async (tx) => {
          for (const plan of plans) this.write(plan, pass, counts);
          await this.writeSuppressed(tx, plans);
          await this.insertSends(tx, pass);
          await tx.query(`DELETE FROM event_queue WHERE id = ANY($1::uuid[])`, [
            plans.map((plan) => plan.event.id),
          ]);
        });
      } catch (error) {
        for (const plan of plans) await this.eventFailed(plan.event, error);
        counts.queued = 0;
      }
    }
    const sends = await this.claim([SEND_EVENT]);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < sends.length) {
        const send = sends[next++];
        if (send) await this.send(send, counts, pass);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, sends.length) }, worker));
    if (pass.updates.length > 0) {
      await this.db.query(
        `UPDATE notification_send_history h
         SET status = v.status, body = v.body, error = v.error, duration_millis = v.duration
         FROM jsonb_to_recordset($1::jsonb)
           AS v(id uuid, status text, body text, error text, duration integer)
         WHERE h.id = v.id`,
        [JSON.stringify(pass.updates)],
      );
    }
    if (pass.done.length > 0) {
      await this.db.query(`DELETE FROM event_queue WHERE id = ANY($1::uuid[])`, [pass.done]);
    }
    return counts;
  }

  /** Passes until nothing is due (tests, the bench); at most `limit` passes. */
  async drain(limit = 1_000): Promise<PassCounts> {
    const total = zero();
    for (let i = 0; i < limit; i++) {
      const counts = await this.runOnce();
      for (const key of Object.keys(total) as (keyof PassCounts)[]) total[key] += counts[key];
      // Failed sends wait for their backoff: a pass that only failed is no progress.
      if (counts.events + counts.sent + counts.cancelled === 0) break;
    }
    return total;
  }

  private async claim(names: string[]): Promise<QueuedEvent[]> {
    const result = await this.db.query<QueuedEvent>(
      `WITH due AS (
         SELECT id FROM event_queue
         WHERE name = ANY($1::text[]) AND coalesce(attempts, 0) < $2
           AND (name <> '${SEND_EVENT}' OR properties ? 'notification_id')
           AND coalesce(last_attempt, created_at) + coalesce(delay, 0) * interval '1 millisecond' <= now()
         ORDER BY priority DESC, created_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE event_queue q
       SET attempts = coalesce(q.attempts, 0) + 1, last_attempt = now(), delay = $4
       FROM due WHERE q.id = due.id
       RETURNING q.id, q.name, q.properties, q.attempts, q.created_at`,
      [names, this.maxAttempts, this.batchSize, this.leaseMs],
    );
    return result.rows;
  }

  /** A failed attempt: the error stays on the event, retried after the backoff. */
  private async failEvent(event: QueuedEvent, error: string, final = false): Promise<void> {
    const attempts = final ? this.maxAttempts : event.attempts;
    const backoff = this.retryBaseMs * 2 ** Math.max(0, event.attempts - 1);
    await this.db.query(
      `UPDATE event_queue SET error = $2, attempts = $3, delay = $4 WHERE id = $1`,
      [event.id, error, attempts, Math.min(backoff, 86_400_000)],
    );
  }

  private rulesFor(event: string, pass: Pass): Promise<Rule[]> {
    let rules = pass.rulesByEvent.get(event);
    if (!rules) {
      rules = this.db
        .query<Rule>(
          `SELECT ${RULE_COLUMNS} FROM notifications
           WHERE deleted_at IS NULL AND $1 = ANY(events) ORDER BY created_at, id`,
          [event],
        )
        .then((result) => result.rows);
      pass.rulesByEvent.set(event, rules);
    }
    return rules;
  }

  private rule(id: string, pass: Pass): Promise<Rule | undefined> {
    let rule = pass.rulesById.get(id);
    if (!rule) {
      rule = this.db
        .query<Rule>(
          `SELECT ${RULE_COLUMNS} FROM notifications WHERE id::text = $1 AND deleted_at IS NULL`,
          [id],
        )
        .then((result) => result.rows[0]);
      pass.rulesById.set(id, rule);
    }
    return rule;
  }

  private async eventFailed(event: QueuedEvent, error: unknown): Promise<void> {
    const text = errorText(error);
    this.log(`notifications: event ${event.name} ${event.id}: ${text}`);
    await this.failEvent(event, text);
  }

  private compile(filter: string): Compiled {
    let compiled = this.filters.get(filter);
    if (compiled) return compiled;
    try {
      compiled = parseCel(filter) as (context: Record<string, unknown>) => unknown;
    } catch (error) {
      compiled = { error: `invalid filter: ${errorText(error)}` };
    }
    if (this.filters.size >= 500) this.filters.clear();
    this.filters.set(filter, compiled);
    return compiled;
  }

  /**
   * Whether a rule's filter lets the event through. An empty filter does; a filter that does not
   * compile or is not boolean is the rule's error; a missing key (`config.tags.cluster` on a
   * config without that tag) or variable (`component` in an event about a config, for a rule on
   * both kinds) means no match.
   */
  private async matches(rule: Rule, vars: Record<string, unknown>): Promise<boolean> {
    const filter = rule.filter?.trim();
    if (!filter) return true;
    const compiled = this.compile(filter);
    let problem: string | undefined;
    if (typeof compiled !== 'function') {
      problem = compiled.error;
    } else {
      try {
        const value = compiled(celValue(vars) as Record<string, unknown>);
        if (typeof value === 'boolean') return value;
        problem = `invalid filter: it returned ${typeof value}, not a boolean`;
      } catch (error) {
        const text = errorText(error);
        if (/no such key|unknown variable/i.test(text)) return false;
        problem = `invalid filter: ${text}`;
      }
    }
    if (rule.error !== problem) {
      await this.db.query(`UPDATE notifications SET error = $2 WHERE id = $1`, [rule.id, problem]);
      rule.error = problem;
    }
    return false;
  }

  /** Variables of the filter and the templates for an event about `subject`. */
  private variables(
    event: string,
    subject: EventSubject,
    properties: unknown,
    createdAt: string,
    rule: Rule,
  ): Record<string, unknown> {
    const permalink = `${this.publicUrl}${subject.path}`;
    const base: Record<string, unknown> = {
      ...subject.vars,
      event: { name: event, created_at: createdAt, properties: properties ?? {} },
      resource_type: subject.resourceType,
      permalink,
      properties: rule.properties ?? {},
    };
    base.summary = render(defaultTemplate(event).title, base);
    return base;
  }

  private recipients(rule: Rule, teamServices: number): Recipient[] {
    const out: Recipient[] = [];
    if (rule.person_id) out.push({ kind: 'person', id: rule.person_id });
    if (rule.team_id) {
      out.push({ kind: 'team', id: rule.team_id });
      for (let index = 0; index < teamServices; index++) {
        out.push({ kind: 'team-service', id: rule.team_id, index });
      }
    }
    const services = Array.isArray(rule.custom_services) ? rule.custom_services : [];
    services.forEach((_service, index) => out.push({ kind: 'service', index }));
    return out;
  }

  private async teamServiceCount(teamId: string | null): Promise<number> {
    if (!teamId) return 0;
    const result = await this.db.query<{ n: number | string | null }>(
      `SELECT CASE WHEN jsonb_typeof(spec -> 'notifications') = 'array'
         THEN jsonb_array_length(spec -> 'notifications') ELSE 0 END AS n
       FROM teams WHERE id = $1 AND deleted_at IS NULL`,
      [teamId],
    );
    return Number(result.rows[0]?.n ?? 0);
  }

  /** What an event becomes: per matching rule, suppressed or its recipients (reads only). */
  private async plan(
    event: QueuedEvent,
    subject: EventSubject | undefined,
    pass: Pass,
  ): Promise<Plan> {
    const plan: Plan = { event, subject, rules: [] };
    if (!subject) return plan;
    const createdAt = iso(event.created_at);
    const silence = pass.anySilence
      ? await findSilence(this.db, subject.resourceType, subject.resourceId)
      : undefined;
    for (const rule of await this.rulesFor(event.name, pass)) {
      const vars = this.variables(event.name, subject, event.properties, createdAt, rule);
      if (!(await this.matches(rule, vars))) continue;
      if (silence) {
        plan.rules.push({ rule, outcome: 'silenced', message: undefined });
        continue;
      }
      const repeat = repeatMs(rule);
      if (repeat !== undefined) {
        const earlier = await this.db.query(
          `SELECT 1 FROM notification_send_history
           WHERE notification_id = $1 AND resource_id = $2 AND source_event = $3
             AND status IN ('sent', 'pending')
             AND created_at > now() - $4::bigint * interval '1 millisecond'
           LIMIT 1`,
          [rule.id, subject.resourceId, event.name, repeat],
        );
        if (earlier.rows.length > 0) {
          plan.rules.push({ rule, outcome: 'repeat-interval', message: undefined });
          continue;
        }
      }
      // Without wait-for the message is final now; with it, it is composed after the wait.
      const message = waitForMs(rule) > 0 ? undefined : compose(event.name, rule, vars);
      const recipients = this.recipients(rule, await this.teamServiceCount(rule.team_id));
      plan.rules.push({ rule, outcome: recipients, message });
    }
    return plan;
  }

  /** An event's sends, added to the pass (inserted by {@link insertSends}). */
  private write(plan: Plan, pass: Pass, counts: PassCounts): void {
    const { event, subject } = plan;
    if (!subject) return;
    for (const { rule, outcome, message } of plan.rules) {
      if (outcome === 'silenced' || outcome === 'repeat-interval') {
        if (outcome === 'silenced') counts.silenced += 1;
        else counts.repeated += 1;
        continue;
      }
      for (const recipient of outcome) {
        pass.sends.push({
          rule,
          person: recipient.kind === 'person' ? recipient.id : null,
          properties: {
            notification_id: rule.id,
            event: event.name,
            event_id: event.id,
            event_properties: event.properties ?? {},
            event_created_at: iso(event.created_at),
            resource_id: subject.resourceId,
            recipient,
            ...(message ? { message } : {}),
          },
        });
        counts.queued += 1;
      }
    }
  }

  /** Silenced and repeat-interval rows (insert_unsent_notification_to_history bumps counts). */
  private async writeSuppressed(tx: Queryable, plans: Plan[]): Promise<void> {
    for (const { event, subject, rules } of plans) {
      if (!subject) continue;
      for (const { rule, outcome } of rules) {
        if (outcome !== 'silenced' && outcome !== 'repeat-interval') continue;
        const window =
          outcome === 'silenced' ? (repeatMs(rule) ?? SILENCE_WINDOW_MS) : repeatMs(rule);
        await tx.query(
          `SELECT insert_unsent_notification_to_history($1, $2, $3, $4,
             $5::bigint * interval '1 millisecond')`,
          [rule.id, event.name, subject.resourceId, outcome, window],
        );
      }
    }
  }

  /** The pass's pending history rows and their notification.send events, in one statement. */
  private async insertSends(tx: Queryable, pass: Pass): Promise<void> {
    if (pass.sends.length === 0) return;
    const rows = pass.sends.map((send) => ({
      notification_id: send.rule.id,
      source_event: send.properties.event,
      resource_id: send.properties.resource_id,
      person_id: send.person,
      properties: send.properties,
      delay: waitForMs(send.rule),
    }));
    await tx.query(
      `WITH input AS MATERIALIZED (
         SELECT generate_ulid() AS history_id, x.*
         FROM jsonb_to_recordset($1::jsonb) AS x(notification_id uuid, source_event text,
           resource_id uuid, person_id uuid, properties jsonb, delay bigint)
       ), history AS (
         INSERT INTO notification_send_history
           (id, notification_id, source_event, resource_id, person_id, status)
         SELECT history_id, notification_id, source_event, resource_id, person_id, 'pending'
         FROM input
       )
       INSERT INTO event_queue (name, properties, delay, priority)
       SELECT $2, properties || jsonb_build_object('history_id', history_id::text), delay, 100
       FROM input
       ON CONFLICT ON CONSTRAINT event_queue_name_properties DO NOTHING`,
      [JSON.stringify(rows), SEND_EVENT],
    );
  }

  /**
   * Record the outcome of an attempt: the pending row on the first attempt (written at the end of
   * the pass), a new row for a retry.
   */
  private async record(
    send: QueuedEvent,
    props: SendProperties,
    status: 'sent' | 'error' | 'cancelled' | 'silenced',
    fields: { body?: string; error?: string; durationMs?: number },
    pass: Pass,
  ): Promise<void> {
    const body = fields.body ?? null;
    const error = fields.error ?? null;
    const duration = fields.durationMs === undefined ? null : Math.round(fields.durationMs);
    if (send.attempts <= 1 && props.history_id) {
      pass.updates.push({ id: props.history_id, status, body, error, duration });
      return;
    }
    await this.db.query(
      `INSERT INTO notification_send_history
         (notification_id, source_event, resource_id, person_id, status, body, error, duration_millis)
       VALUES ($5, $6, $7, $8, $1, $2, $3, $4)`,
      [
        status,
        body,
        error,
        duration,
        props.notification_id,
        props.event,
        props.resource_id,
        props.recipient.kind === 'person' ? props.recipient.id : null,
      ],
    );
  }

  private async send(send: QueuedEvent, counts: PassCounts, pass: Pass): Promise<void> {
    const props = send.properties as SendProperties | null;
    if (!props || typeof props.notification_id !== 'string' || !props.recipient) {
      await this.failEvent(send, 'not a notification send (properties lack notification_id)', true);
      counts.failed += 1;
      return;
    }
    const rule = await this.rule(props.notification_id, pass);
    if (!rule) {
      await this.failEvent(send, `notification (${props.notification_id}) was not found`, true);
      counts.failed += 1;
      return;
    }
    let message = props.message;
    if (send.attempts <= 1 || !message) {
      // After wait-for: is the event still true? A silence that began meanwhile holds it back.
      let outcome: 'cancelled' | 'silenced' | undefined;
      let subject: EventSubject | undefined;
      if (!message || waitForMs(rule) > 0) {
        subject = await loadSubject(this.db, props.event, props.event_properties);
        if (!subject) {
          outcome = 'cancelled';
        } else {
          const vars = this.variables(
            props.event,
            subject,
            props.event_properties,
            props.event_created_at,
            rule,
          );
          const announced = announcedState(props.event);
          const still = announced === undefined || subject.state === announced;
          if (!still || !(await this.matches(rule, vars))) outcome = 'cancelled';
          message ??= compose(props.event, rule, vars);
        }
      }
      if (
        !outcome &&
        send.attempts <= 1 &&
        pass.anySilence &&
        (await findSilence(
          this.db,
          subject?.resourceType ?? resourceTypeOf(props.event),
          props.resource_id,
        ))
      ) {
        outcome = 'silenced';
      }
      if (outcome || !message) {
        await this.record(send, props, outcome ?? 'cancelled', {}, pass);
        pass.done.push(send.id);
        if (outcome === 'silenced') counts.silenced += 1;
        else counts.cancelled += 1;
        return;
      }
    }
    const text = { ...message, event: props.event };
    const body = `${text.title}\n\n${text.body}`;
    const started = performance.now();
    try {
      const target = await this.target(rule, props.recipient);
      await deliver(target, text, this.timeoutMs);
      await this.record(
        send,
        props,
        'sent',
        { body, durationMs: performance.now() - started },
        pass,
      );
      pass.done.push(send.id);
      counts.sent += 1;
    } catch (error) {
      if (!(error instanceof DeliveryError)) {
        this.log(`notifications: send ${send.id}: ${errorText(error)}`);
      }
      const reason = errorText(error);
      await this.record(
        send,
        props,
        'error',
        { body, error: reason, durationMs: performance.now() - started },
        pass,
      );
      await this.failEvent(send, reason);
      counts.failed += 1;
    }
  }

  private async connection(ref: string): Promise<Connection> {
    const found = await readConnection(this.db, await this.secrets.keyring(), ref);
    if (!found) throw new DeliveryError(`connection ${ref} was not found`);
    return found;
  }

  private async smtpTarget(to: string[]): Promise<Target> {
    if (!this.smtpUrl) {
      throw new DeliveryError(
        'email: no SMTP server is configured for people and teams (set VIGIL_SMTP_URL)',
      );
    }
    if (to.length === 0) throw new DeliveryError('email: the recipient has no e-mail address');
    return { kind: 'email', smtp: smtpFromUrl(this.smtpUrl).smtp, to };
  }

  private async serviceTarget(service: unknown): Promise<Target> {
    if (typeof service !== 'object' || service === null || Array.isArray(service)) {
      throw new DeliveryError('the custom service is not an object');
    }
    const entry = revealJson(await this.secrets.keyring(), service as Record<string, unknown>);
    const ref = typeof entry.connection === 'string' ? entry.connection.trim() : '';
    return serviceTarget(entry, ref ? await this.connection(ref) : undefined);
  }

  /** Where a recipient's message goes, resolved now (addresses and connections may change). */
  private async target(rule: Rule, recipient: Recipient): Promise<Target> {
    switch (recipient.kind) {
      case 'person': {
        const person = await this.db.query<{ email: string | null }>(
          `SELECT email FROM people WHERE id = $1 AND deleted_at IS NULL`,
          [recipient.id],
        );
        const email = person.rows[0]?.email?.trim();
        return this.smtpTarget(email ? [email] : []);
      }
      case 'team': {
        const members = await this.db.query<{ email: string }>(
          `SELECT p.email FROM team_members m JOIN people p ON p.id = m.person_id
           WHERE m.team_id = $1 AND p.deleted_at IS NULL AND coalesce(p.email, '') <> ''
           ORDER BY p.email`,
          [recipient.id],
        );
        return this.smtpTarget(members.rows.map((row) => row.email));
      }
      case 'team-service': {
        const team = await this.db.query<{ service: unknown }>(
          `SELECT spec -> 'notifications' -> $2::int AS service FROM teams WHERE id = $1`,
          [recipient.id, recipient.index],
        );
        return this.serviceTarget(team.rows[0]?.service);
      }
      case 'service': {
        const services = Array.isArray(rule.custom_services) ? rule.custom_services : [];
        return this.serviceTarget(services[recipient.index]);
      }
    }
  }
}
