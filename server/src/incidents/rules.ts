/**
 * Incident rules (issue 13 §2): each pass reads the live rules, the checks and components whose
 * status a rule's filter names, and opens an incident for a subject that has none: the incident
 * from the rule's template (incident_rule_id set), its root hypothesis (Possible) and one
 * evidence on the subject (type check with check_id, or topology with component_id), plus the
 * rule's responders. docs/incident-server.md describes the fields and choices.
 *
 * Not twice: a subject gets no new incident while any incident that is neither resolved nor
 * closed has evidence on it (whoever opened it), nor — for a check — when the rule already opened
 * one for it since the check's status last changed (one incident per failure episode, so closing
 * an incident of a still failing check does not bring it back), nor within the rule's
 * hoursSinceLastIncident (components, which have no transition time, default to 24 hours). The
 * writes run in a transaction under an advisory lock that re-checks the first condition, so two
 * servers on one database do not both open the incident.
 *
 * Settling ({@link IncidentRuleEvaluator.settle}): a rule with `autoResolve` / `autoClose`
 * resolves / closes the incidents it opened once their subject (the first check or component
 * evidence) has left the statuses its filter names for the timeout, through the allowed
 * transitions of spec doc 2 §4 (the history trigger writes `incident.status_updated`). An
 * incident that was already resolved (closed) once and is open again was reopened by a person:
 * it is not resolved (closed) again by the rule.
 */
import { hostname } from 'node:os';
import { canTransitionIncident } from '../../../src/api/incident-model';
import type { Db, Queryable } from '../db/types';
import {
  matchesLabelSelector,
  parseRuleSpec,
  withinHours,
  type ComponentSelector,
  type IncidentRuleSpec,
} from './rule-spec';

/** pg_advisory_xact_lock key of the rule pass (any constant unique to this job). */
const RULES_LOCK = 7_301_300_013;
/** Default window of a component rule without hoursSinceLastIncident. */
export const COMPONENT_DEFAULT_HOURS = 24;
/** Incidents a single pass opens at most (the rest wait for the next pass). */
export const MAX_INCIDENTS_PER_PASS = 50;

export interface LoadedRule {
  id: string;
  name: string;
  createdBy: string;
  spec: IncidentRuleSpec;
  problems: string[];
  version: string;
}

export interface Subject {
  kind: 'check' | 'component';
  id: string;
  name: string;
  status: string;
  severity: string;
  category: string;
  owner: string | null;
  description: string | null;
  /** When the subject entered its current status (checks) or was last updated (components). */
  since: Date;
  /** For a check: when the status last changed, the start of the episode. */
  episodeStart: Date | undefined;
  row: Record<string, unknown>;
}

export interface OpenedIncident {
  id: string;
  incidentId: string;
  ruleId: string;
  ruleName: string;
  subject: { kind: Subject['kind']; id: string; name: string };
  title: string;
}

/** An incident a rule resolved or closed because its subject recovered. */
export interface SettledIncident {
  id: string;
  incidentId: string;
  ruleId: string;
  ruleName: string;
  subject: { kind: Subject['kind']; id: string; name: string };
  from: string;
  to: 'resolved' | 'closed';
}

interface RuleRow {
  id: string;
  name: string;
  spec: unknown;
  created_by: string;
  updated_at: Date | string;
}

function lower(value: unknown): string {
  return typeof value === 'string' ? value.toLowerCase() : '';
}

function toDate(value: unknown, fallback: Date): Date {
  if (value === null || value === undefined) return fallback;
  const parsed = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

/** The live rules, by priority (then name), with their specs read. */
export async function loadRules(db: Queryable): Promise<LoadedRule[]> {
  const result = await db.query<RuleRow>(
    `SELECT id, name, spec, created_by, updated_at FROM incident_rules
     WHERE deleted_at IS NULL ORDER BY name, id`,
  );
  const rules = result.rows.map((row) => {
    const parsed = parseRuleSpec(row.spec);
    return {
      id: row.id,
      name: row.name,
      createdBy: row.created_by,
      spec: parsed.spec,
      problems: parsed.problems,
      version: `${row.id}@${toDate(row.updated_at, new Date(0)).toISOString()}`,
    };
  });
  return rules.sort((a, b) => a.spec.priority - b.spec.priority);
}

function fieldMatches(selector: string, row: Record<string, unknown>): boolean {
  return selector
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .every((part) => {
      const match = /^([\w.]+)\s*(!=|==|=)\s*(.*)$/.exec(part);
      if (!match) return false;
      const actual = String(row[match[1] ?? ''] ?? '');
      const wanted = (match[3] ?? '').trim();
      return match[2] === '!=' ? actual !== wanted : actual === wanted;
    });
}

/** ResourceSelector over a component row; `name` takes `*` as a wildcard. */
export function componentMatches(
  selector: ComponentSelector,
  row: Record<string, unknown>,
): boolean {
  if (selector.id !== undefined && selector.id !== row.id) return false;
  if (selector.name !== undefined) {
    const name = String(row.name ?? '');
    if (selector.name.includes('*')) {
      const pattern = new RegExp(
        `^${selector.name
          .split('*')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
        'i',
      );
      if (!pattern.test(name)) return false;
    } else if (selector.name.toLowerCase() !== name.toLowerCase()) return false;
  }
  if (selector.namespace !== undefined && selector.namespace !== row.namespace) return false;
  if (
    selector.agent !== undefined &&
    selector.agent !== row.agent_id &&
    selector.agent !== row.agent_name &&
    !(selector.agent === 'local' && row.agent_id === '00000000-0000-0000-0000-000000000000')
  ) {
    return false;
  }
  if (selector.types && !selector.types.some((type) => lower(type) === lower(row.type))) {
    return false;
  }
  if (selector.statuses && !selector.statuses.includes(lower(row.status))) return false;
  if (
    selector.labelSelector !== undefined &&
    !matchesLabelSelector(selector.labelSelector, row.labels as Record<string, unknown> | null)
  ) {
    return false;
  }
  if (selector.fieldSelector !== undefined && !fieldMatches(selector.fieldSelector, row)) {
    return false;
  }
  return true;
}

/** Whether a rule's filter (and, for components, its selectors) takes a subject at `now`. */
export function ruleMatches(rule: IncidentRuleSpec, subject: Subject, now: Date): boolean {
  const watchesComponents = rule.components.length > 0;
  if (watchesComponents !== (subject.kind === 'component')) return false;
  if (!rule.filter.status.includes(subject.status)) return false;
  if (subject.kind === 'check') {
    if (rule.filter.severity.length > 0 && !rule.filter.severity.includes(subject.severity)) {
      return false;
    }
    if (rule.filter.category.length > 0 && !rule.filter.category.includes(subject.category)) {
      return false;
    }
  } else if (!rule.components.some((selector) => componentMatches(selector, subject.row))) {
    return false;
  }
  return rule.filter.ageMs <= 0 || now.getTime() - subject.since.getTime() >= rule.filter.ageMs;
}

async function loadSubjects(
  db: Queryable,
  rules: readonly LoadedRule[],
  now: Date,
): Promise<Subject[]> {
  const checkStatuses = new Set<string>();
  const componentStatuses = new Set<string>();
  for (const rule of rules) {
    const target = rule.spec.components.length > 0 ? componentStatuses : checkStatuses;
    for (const status of rule.spec.filter.status) target.add(status);
  }
  const subjects: Subject[] = [];
  if (checkStatuses.size > 0) {
    const checks = await db.query<Record<string, unknown>>(
      `SELECT c.id, c.name, c.status, c.severity, c.category, c.owner, c.description,
         c.last_transition_time, c.last_runtime, c.created_at
       FROM checks c
       WHERE c.deleted_at IS NULL AND c.silenced_at IS NULL AND lower(c.status) = ANY($1::text[])
       ORDER BY c.id`,
      [[...checkStatuses]],
    );
    for (const row of checks.rows) {
      const transition = row.last_transition_time
        ? toDate(row.last_transition_time, now)
        : undefined;
      subjects.push({
        kind: 'check',
        id: String(row.id),
        name: String(row.name ?? ''),
        status: lower(row.status),
        severity: lower(row.severity),
        category: lower(row.category),
        owner: typeof row.owner === 'string' ? row.owner : null,
        description: typeof row.description === 'string' ? row.description : null,
        since: transition ?? toDate(row.last_runtime ?? row.created_at, now),
        episodeStart: transition,
        row,
      });
    }
  }
  if (componentStatuses.size > 0) {
    const components = await db.query<Record<string, unknown>>(
      `SELECT c.id, c.name, c.status, c.type, c.namespace, c.agent_id, a.name AS agent_name,
         c.labels, c.owner, c.description, c.health, c.topology_type, c.external_id,
         c.updated_at, c.created_at
       FROM components c LEFT JOIN agents a ON a.id = c.agent_id
       WHERE c.deleted_at IS NULL AND c.silenced IS NOT TRUE AND lower(c.status) = ANY($1::text[])
       ORDER BY c.id`,
      [[...componentStatuses]],
    );
    for (const row of components.rows) {
      subjects.push({
        kind: 'component',
        id: String(row.id),
        name: String(row.name ?? ''),
        status: lower(row.status),
        severity: '',
        category: '',
        owner: typeof row.owner === 'string' ? row.owner : null,
        description: typeof row.description === 'string' ? row.description : null,
        since: toDate(row.updated_at ?? row.created_at, now),
        episodeStart: undefined,
        row,
      });
    }
  }
  return subjects;
}

interface Coverage {
  /** Subjects (`kind:id`) with evidence in an incident that is neither resolved nor closed. */
  open: Set<string>;
  /** `rule\u0000kind:id` → when the rule last opened an incident with evidence on the subject. */
  lastByRule: Map<string, number>;
}

const SUBJECT_SQL = `SELECT DISTINCT i.id AS incident, i.incident_rule_id AS rule, i.created_at,
    i.status, e.check_id, e.component_id
  FROM evidences e
  JOIN hypotheses h ON h.id = e.hypothesis_id
  JOIN incidents i ON i.id = h.incident_id
  WHERE e.check_id = ANY($1::uuid[]) OR e.component_id = ANY($2::uuid[])`;

async function loadCoverage(db: Queryable, subjects: readonly Subject[]): Promise<Coverage> {
  const coverage: Coverage = { open: new Set(), lastByRule: new Map() };
  const checks = subjects.filter((s) => s.kind === 'check').map((s) => s.id);
  const components = subjects.filter((s) => s.kind === 'component').map((s) => s.id);
  if (checks.length === 0 && components.length === 0) return coverage;
  const result = await db.query<{
    rule: string | null;
    created_at: Date | string;
    status: string;
    check_id: string | null;
    component_id: string | null;
  }>(SUBJECT_SQL, [checks, components]);
  for (const row of result.rows) {
    const key = row.check_id ? `check:${row.check_id}` : `component:${row.component_id ?? ''}`;
    // By status: a reopened incident may keep the times it was resolved or closed at.
    if (row.status !== 'resolved' && row.status !== 'closed') coverage.open.add(key);
    if (row.rule) {
      const ruleKey = `${row.rule}\u0000${key}`;
      const at = toDate(row.created_at, new Date(0)).getTime();
      coverage.lastByRule.set(ruleKey, Math.max(at, coverage.lastByRule.get(ruleKey) ?? 0));
    }
  }
  return coverage;
}

/** Why a rule that matches a subject opens no incident for it now, or undefined. */
function suppressed(
  rule: LoadedRule,
  subject: Subject,
  coverage: Coverage,
  now: Date,
): string | undefined {
  const key = `${subject.kind}:${subject.id}`;
  if (coverage.open.has(key)) return 'an open incident has evidence on it';
  const last = coverage.lastByRule.get(`${rule.id}\u0000${key}`);
  if (last === undefined) return undefined;
  if (subject.episodeStart && last >= subject.episodeStart.getTime()) {
    return 'the rule opened one since its status changed';
  }
  const hours =
    rule.spec.hoursSinceLastIncident ??
    (subject.kind === 'component' ? COMPONENT_DEFAULT_HOURS : undefined);
  if (hours !== undefined && now.getTime() - last < hours * 3_600_000) {
    return `the rule opened one less than ${hours} h ago`;
  }
  return undefined;
}

const PLACEHOLDER = /\{\{\s*\.?([A-Za-z_]+)\s*\}\}/g;

/** `{{name}}`, `{{status}}`, `{{kind}}`, `{{rule}}` (also written `{{ .name }}`) in a template text. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, key: string) => values[key] ?? whole);
}

async function findPerson(
  db: Queryable,
  reference: string | null | undefined,
): Promise<string | undefined> {
  if (!reference) return undefined;
  const result = await db.query<{ id: string }>(
    `SELECT id FROM people
     WHERE deleted_at IS NULL AND (id::text = $1 OR lower(email) = lower($1) OR lower(name) = lower($1))
     ORDER BY (id::text = $1) DESC, (lower(email) = lower($1)) DESC, created_at, id LIMIT 1`,
    [reference],
  );
  return result.rows[0]?.id;
}

async function lastResult(db: Queryable, checkId: string): Promise<string | undefined> {
  const result = await db.query<{ message: string | null; error: string | null }>(
    `SELECT message, error FROM check_statuses WHERE check_id = $1 ORDER BY time DESC LIMIT 1`,
    [checkId],
  );
  const row = result.rows[0];
  const text = row?.error || row?.message;
  return text ? text.slice(0, 1000) : undefined;
}

/** Open the incident of `rule` for `subject` (inside the pass's transaction). */
async function openIncident(
  tx: Queryable,
  rule: LoadedRule,
  subject: Subject,
  now: Date,
): Promise<OpenedIncident> {
  const template = rule.spec.template;
  const values = {
    name: subject.name,
    status: subject.status,
    kind: subject.kind,
    rule: rule.name,
  };
  const title = (
    template.title ? fillTemplate(template.title, values) : `${subject.name} is ${subject.status}`
  ).slice(0, 500);
  const detail = subject.kind === 'check' ? await lastResult(tx, subject.id) : undefined;
  const description = template.description
    ? fillTemplate(template.description, values)
    : [
        `Opened by the incident rule "${rule.name}": the ${subject.kind === 'check' ? 'health check' : 'component'} ${subject.name} is ${subject.status}.`,
        detail ? `Last result: ${detail}` : subject.description,
      ]
        .filter(Boolean)
        .join('\n');
  const createdBy = (await findPerson(tx, template.createdBy)) ?? rule.createdBy;
  let commander = await findPerson(tx, template.commanderId);
  const owner = rule.spec.autoAssignOwner ? await findPerson(tx, subject.owner) : undefined;
  commander ??= owner;
  const communicator = await findPerson(tx, template.communicatorId);
  const at = now.toISOString();
  const incident = await tx.query<{ id: string; incident_id: string }>(
    `INSERT INTO incidents (title, description, type, severity, status, created_by, commander_id,
       communicator_id, incident_rule_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)
     RETURNING id, incident_id`,
    [
      title,
      description,
      template.type,
      template.severity,
      template.status,
      createdBy,
      commander ?? null,
      communicator ?? null,
      rule.id,
      at,
    ],
  );
  const created = incident.rows[0];
  if (!created) throw new Error('the incident insert returned no row');
  const hypothesis = await tx.query<{ id: string }>(
    `INSERT INTO hypotheses (incident_id, created_by, type, title, status, created_at, updated_at)
     VALUES ($1, $2, 'root', $3, 'possible', $4, $4) RETURNING id`,
    [created.id, createdBy, title, at],
  );
  const rootId = hypothesis.rows[0]?.id;
  if (!rootId) throw new Error('the hypothesis insert returned no row');
  await tx.query(
    `INSERT INTO evidences (hypothesis_id, created_by, type, description, check_id, component_id,
       evidence, definition_of_done, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, false, $8, $8)`,
    [
      rootId,
      createdBy,
      subject.kind === 'check' ? 'check' : 'topology',
      `${subject.name} is ${subject.status}`,
      subject.kind === 'check' ? subject.id : null,
      subject.kind === 'component' ? subject.id : null,
      subject.kind === 'check' ? JSON.stringify({ includeMessages: true, start: '6h' }) : null,
      at,
    ],
  );
  const people = new Set<string>();
  const responders: { type: string; person: string | null; properties: Record<string, unknown> }[] =
    [];
  if (owner) {
    people.add(owner);
    responders.push({
      type: 'person',
      person: owner,
      properties: { responderType: 'person', person: owner },
    });
  }
  for (const responder of rule.spec.responders) {
    if (responder.type === 'person') {
      const person = await findPerson(tx, responder.person);
      if (!person || people.has(person)) continue;
      people.add(person);
      responders.push({
        type: 'person',
        person,
        properties: { responderType: 'person', person },
      });
    } else {
      responders.push({ type: responder.type, person: null, properties: responder.properties });
    }
  }
  let index = 0;
  for (const responder of responders) {
    await tx.query(
      `INSERT INTO responders (incident_id, type, index, person_id, properties, created_by,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $7)`,
      [
        created.id,
        responder.type,
        index++,
        responder.person,
        JSON.stringify(responder.properties),
        createdBy,
        at,
      ],
    );
  }
  return {
    id: created.id,
    incidentId: created.incident_id,
    ruleId: rule.id,
    ruleName: rule.name,
    subject: { kind: subject.kind, id: subject.id, name: subject.name },
    title,
  };
}

/**
 * A job_history row of a rule (resource_type incident_rule, what its Job History tab lists):
 * written when a pass opens incidents with it, or when its spec's problems are first reported.
 */
async function recordJob(
  db: Queryable,
  ruleId: string,
  now: Date,
  started: number,
  outcome: {
    status: string;
    success: number;
    errors: string[];
    incidents?: string[];
    resolved?: string[];
    closed?: string[];
  },
): Promise<void> {
  const duration = Math.round(performance.now() - started);
  await db.query(
    `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
       resource_type, resource_id, status, time_start, time_end, created_at)
     VALUES ('IncidentRule', $1, $2, $3::jsonb, $4, $5, 'incident_rule', $6, $7, $8, $9, $9)`,
    [
      outcome.success,
      outcome.errors.length,
      JSON.stringify({
        ...(outcome.incidents ? { incidents: outcome.incidents } : {}),
        ...(outcome.resolved?.length ? { resolved: outcome.resolved } : {}),
        ...(outcome.closed?.length ? { closed: outcome.closed } : {}),
        ...(outcome.errors.length > 0 ? { errors: outcome.errors } : {}),
      }),
      hostname(),
      duration,
      ruleId,
      outcome.status,
      new Date(now.getTime() - duration).toISOString(),
      now.toISOString(),
    ],
  );
}

const SETTLE_SQL = `SELECT DISTINCT ON (i.id) i.id, i.incident_id, i.incident_rule_id AS rule,
    i.status, e.check_id, e.component_id,
    COALESCE(c.name, k.name) AS name, lower(COALESCE(c.status, k.status)) AS subject_status,
    COALESCE(c.last_transition_time, c.last_runtime, c.created_at, k.updated_at, k.created_at)
      AS since,
    EXISTS (SELECT 1 FROM incident_histories x WHERE x.incident_id = i.id
      AND x.type = 'incident.status_updated' AND x.description = 'resolved') AS was_resolved,
    EXISTS (SELECT 1 FROM incident_histories x WHERE x.incident_id = i.id
      AND x.type = 'incident.status_updated' AND x.description = 'closed') AS was_closed
  FROM incidents i
  JOIN hypotheses h ON h.incident_id = i.id
  JOIN evidences e ON e.hypothesis_id = h.id
    AND (e.check_id IS NOT NULL OR e.component_id IS NOT NULL)
  LEFT JOIN checks c ON c.id = e.check_id AND c.deleted_at IS NULL
  LEFT JOIN components k ON k.id = e.component_id AND k.deleted_at IS NULL
  WHERE i.incident_rule_id = ANY($1::uuid[]) AND i.status <> 'closed'
  ORDER BY i.id, e.created_at, e.id`;

interface SettleRow {
  id: string;
  incident_id: string;
  rule: string;
  status: string;
  check_id: string | null;
  component_id: string | null;
  name: string | null;
  subject_status: string | null;
  since: Date | string | null;
  was_resolved: boolean;
  was_closed: boolean;
}

/** Where an incident of `rule` goes now that its subject is as `row` says, or undefined. */
export function settleTarget(
  rule: IncidentRuleSpec,
  row: Pick<SettleRow, 'status' | 'subject_status' | 'since' | 'was_resolved' | 'was_closed'>,
  now: Date,
): 'resolved' | 'closed' | undefined {
  // A deleted subject, or one still failing, settles nothing.
  if (row.subject_status === null || rule.filter.status.includes(row.subject_status)) {
    return undefined;
  }
  const recoveredMs = now.getTime() - toDate(row.since, now).getTime();
  const due = (auto: IncidentRuleSpec['autoClose']): boolean =>
    auto !== undefined && recoveredMs >= auto.timeoutMs;
  if (due(rule.autoClose) && !row.was_closed && canTransitionIncident(row.status, 'closed')) {
    return 'closed';
  }
  if (
    due(rule.autoResolve) &&
    row.status !== 'resolved' &&
    !row.was_resolved &&
    canTransitionIncident(row.status, 'resolved')
  ) {
    return 'resolved';
  }
  return undefined;
}

export interface RuleEvaluatorOptions {
  /** Where rule problems (once per rule version) and failures go. */
  log?: (message: string) => void;
}

export class IncidentRuleEvaluator {
  private readonly reported = new Set<string>();
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Db,
    options: RuleEvaluatorOptions = {},
  ) {
    this.log = options.log ?? ((message) => console.error(message));
  }

  /** One pass at `now`: the incidents it opened. */
  async run(now: Date = new Date()): Promise<OpenedIncident[]> {
    const started = performance.now();
    const rules = await loadRules(this.db);
    for (const rule of rules) {
      if (rule.problems.length === 0 || this.reported.has(rule.version)) continue;
      this.reported.add(rule.version);
      this.log(`incident rule "${rule.name}": ${rule.problems.join('; ')}`);
      await recordJob(this.db, rule.id, now, started, {
        status: 'WARNING',
        success: 0,
        errors: rule.problems,
      });
    }
    const active = rules.filter((rule) => withinHours(rule.spec.hoursOfOperation, now));
    if (active.length === 0) return [];
    const subjects = await loadSubjects(this.db, active, now);
    if (subjects.length === 0) return [];
    const coverage = await loadCoverage(this.db, subjects);
    const plan: { rule: LoadedRule; subject: Subject }[] = [];
    for (const subject of subjects) {
      if (coverage.open.has(`${subject.kind}:${subject.id}`)) continue;
      for (const rule of active) {
        if (!ruleMatches(rule.spec, subject, now)) continue;
        if (suppressed(rule, subject, coverage, now) === undefined) {
          plan.push({ rule, subject });
          break;
        }
        if (rule.spec.breakOnMatch) break;
      }
      if (plan.length >= MAX_INCIDENTS_PER_PASS) break;
    }
    if (plan.length === 0) return [];
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [RULES_LOCK]);
      // Another server may have opened some of them since the reads above.
      const fresh = await loadCoverage(
        tx,
        plan.map((entry) => entry.subject),
      );
      const opened: OpenedIncident[] = [];
      for (const { rule, subject } of plan) {
        if (fresh.open.has(`${subject.kind}:${subject.id}`)) continue;
        if (suppressed(rule, subject, fresh, now) !== undefined) continue;
        opened.push(await openIncident(tx, rule, subject, now));
      }
      for (const rule of new Set(opened.map((entry) => entry.ruleId))) {
        const mine = opened.filter((entry) => entry.ruleId === rule);
        await recordJob(tx, rule, now, started, {
          status: 'SUCCESS',
          success: mine.length,
          errors: [],
          incidents: mine.map((entry) => entry.incidentId),
        });
      }
      return opened;
    });
  }

  /** Resolve / close the incidents of rules with autoResolve / autoClose whose subject recovered. */
  async settle(now: Date = new Date()): Promise<SettledIncident[]> {
    const started = performance.now();
    const rules = (await loadRules(this.db)).filter(
      (rule) => rule.spec.autoResolve !== undefined || rule.spec.autoClose !== undefined,
    );
    if (rules.length === 0) return [];
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    const rows = await this.db.query<SettleRow>(SETTLE_SQL, [rules.map((rule) => rule.id)]);
    const settled: SettledIncident[] = [];
    for (const row of rows.rows) {
      const rule = byId.get(row.rule);
      if (!rule) continue;
      const to = settleTarget(rule.spec, row, now);
      if (!to) continue;
      // Guarded by the status read: a person (or another server) who changed it first wins.
      const updated = await this.db.query(
        `UPDATE incidents SET status = $2, ${to === 'closed' ? 'closed' : 'resolved'} = $3
         WHERE id = $1 AND status = $4`,
        [row.id, to, now.toISOString(), row.status],
      );
      if (updated.affectedRows === 0) continue;
      settled.push({
        id: row.id,
        incidentId: row.incident_id,
        ruleId: rule.id,
        ruleName: rule.name,
        subject: row.check_id
          ? { kind: 'check', id: row.check_id, name: row.name ?? '' }
          : { kind: 'component', id: row.component_id ?? '', name: row.name ?? '' },
        from: row.status,
        to,
      });
    }
    for (const rule of new Set(settled.map((entry) => entry.ruleId))) {
      const mine = settled.filter((entry) => entry.ruleId === rule);
      const ids = (to: string) =>
        mine.filter((entry) => entry.to === to).map((entry) => entry.incidentId);
      await recordJob(this.db, rule, now, started, {
        status: 'SUCCESS',
        success: mine.length,
        errors: [],
        resolved: ids('resolved'),
        closed: ids('closed'),
      });
    }
    return settled;
  }
}
