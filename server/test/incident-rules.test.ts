/**
 * Incident rules on a real (PGlite) database: a failing check opens one incident (template,
 * root hypothesis Possible, check evidence, history) and not twice; a component rule opens one
 * with topology evidence; a broken rule is reported and does not stop the others; autoResolve /
 * autoClose resolve and close the rule's incidents once their subject has recovered for the
 * timeout, through allowed transitions, and not again after a person reopens one. The evaluator
 * is driven with explicit times.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { IncidentRuleEvaluator } from '../src/incidents/rules';
import { parseDurationMs, parseRuleSpec } from '../src/incidents/rule-spec';
import { openTestDb } from './fixtures/app';

const PERSON = '01900000-0000-7000-8000-000000000001';
const OWNER = '01900000-0000-7000-8000-000000000002';
const CANARY = '01900000-0000-7000-8000-000000000010';
const CRITICAL = '01900000-0000-7000-8000-000000000011';
const MINOR = '01900000-0000-7000-8000-000000000012';
const COMPONENT = '01900000-0000-7000-8000-000000000020';
const OTHER_COMPONENT = '01900000-0000-7000-8000-000000000021';
const T0 = new Date('2026-03-01T10:00:00Z');

const minutes = (n: number): Date => new Date(T0.getTime() + n * 60_000);

let db: Db;
const logs: string[] = [];

async function setCheck(id: string, status: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE checks SET status = $2, last_transition_time = $3, last_runtime = $3 WHERE id = $1`,
    [id, status, at.toISOString()],
  );
}

async function addRule(name: string, spec: unknown): Promise<string> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO incident_rules (name, spec, source, created_by) VALUES ($1, $2::jsonb, 'UI', $3)
     RETURNING id`,
    [name, JSON.stringify(spec), PERSON],
  );
  return result.rows[0]?.id ?? '';
}

interface IncidentView {
  id: string;
  title: string;
  type: string;
  severity: string;
  status: string;
  created_by: string;
  commander_id: string | null;
  incident_rule_id: string | null;
}

async function incidentsOf(ruleId: string): Promise<IncidentView[]> {
  const result = await db.query<IncidentView>(
    `SELECT id, title, type, severity, status, created_by, commander_id, incident_rule_id
     FROM incidents WHERE incident_rule_id = $1 ORDER BY created_at, id`,
    [ruleId],
  );
  return result.rows;
}

beforeAll(async () => {
  db = await openTestDb();
  await db.query(
    `INSERT INTO people (id, name, email) VALUES ($1, 'Rule Owner', 'rules@example.com'),
       ($2, 'Pat Payments', 'pat@example.com')`,
    [PERSON, OWNER],
  );
  await db.query(
    `INSERT INTO canaries (id, name, namespace, spec, created_at) VALUES ($1, 'shop', 'shop', '{}'::jsonb, now())`,
    [CANARY],
  );
  await db.query(
    `INSERT INTO checks (id, canary_id, type, name, severity, owner, status, created_at)
     VALUES ($1, $3, 'http', 'checkout /healthz', 'critical', 'pat@example.com', 'healthy', now()),
            ($2, $3, 'http', 'docs /healthz', 'low', NULL, 'healthy', now())`,
    [CRITICAL, MINOR, CANARY],
  );
  await db.query(
    `INSERT INTO components (id, external_id, name, type, status, labels)
     VALUES ($1, 'payments-api', 'Payments API', 'Service', 'healthy', '{"team":"payments"}'::jsonb),
            ($2, 'search', 'Search', 'Service', 'unhealthy', '{"team":"frontend"}'::jsonb)`,
    [COMPONENT, OTHER_COMPONENT],
  );
});
afterAll(async () => db.close());
beforeEach(async () => {
  logs.length = 0;
  await db.exec(`
    DELETE FROM incident_histories; DELETE FROM responders; DELETE FROM evidences;
    DELETE FROM hypotheses; DELETE FROM incidents; DELETE FROM incident_rules;
    DELETE FROM job_history;`);
  await setCheck(CRITICAL, 'healthy', T0);
  await setCheck(MINOR, 'healthy', T0);
});

function evaluator(): IncidentRuleEvaluator {
  return new IncidentRuleEvaluator(db, { log: (message) => logs.push(message) });
}

describe('incident rules', () => {
  it('opens one incident for a failing critical check, with its hypothesis and evidence, and not twice', async () => {
    const rule = await addRule('critical-checks', {
      priority: 1,
      filter: { status: ['unhealthy'], severity: ['critical'] },
      template: { type: 'availability', severity: 'critical', status: 'open' },
      autoAssignOwner: true,
      responders: { email: [{ to: 'oncall@example.com', subject: 'Checkout down' }] },
    });
    const rules = evaluator();
    expect(await rules.run(minutes(1))).toEqual([]);

    await setCheck(CRITICAL, 'unhealthy', minutes(2));
    await setCheck(MINOR, 'unhealthy', minutes(2));
    const opened = await rules.run(minutes(3));
    expect(opened).toHaveLength(1);
    expect(opened[0]?.subject).toEqual({ kind: 'check', id: CRITICAL, name: 'checkout /healthz' });
    expect(opened[0]?.incidentId).toMatch(/^INC-\d+$/);

    const [incident] = await incidentsOf(rule);
    expect(incident).toMatchObject({
      title: 'checkout /healthz is unhealthy',
      type: 'availability',
      severity: 'critical',
      status: 'open',
      created_by: PERSON,
      commander_id: OWNER,
      incident_rule_id: rule,
    });
    const hypotheses = await db.query<{ id: string; type: string; status: string }>(
      `SELECT id, type, status FROM hypotheses WHERE incident_id = $1`,
      [incident?.id],
    );
    expect(hypotheses.rows).toEqual([{ id: expect.any(String), type: 'root', status: 'possible' }]);
    const evidences = await db.query(
      `SELECT type, check_id, component_id, hypothesis_id FROM evidences
       WHERE hypothesis_id = $1`,
      [hypotheses.rows[0]?.id],
    );
    expect(evidences.rows).toEqual([
      {
        type: 'check',
        check_id: CRITICAL,
        component_id: null,
        hypothesis_id: hypotheses.rows[0]?.id,
      },
    ]);
    const responders = await db.query<{ type: string; person_id: string | null }>(
      `SELECT type, person_id FROM responders WHERE incident_id = $1 ORDER BY index`,
      [incident?.id],
    );
    expect(responders.rows).toEqual([
      { type: 'person', person_id: OWNER },
      { type: 'email', person_id: null },
    ]);
    const history = await db.query<{ type: string }>(
      `SELECT type FROM incident_histories WHERE incident_id = $1 ORDER BY type`,
      [incident?.id],
    );
    expect(history.rows.map((row) => row.type)).toEqual(
      expect.arrayContaining(['incident.created', 'evidence.created', 'responder.created']),
    );

    // The rule's Job History: one run that opened the incident.
    const jobs = await db.query(
      `SELECT name, status, success_count, error_count, details FROM job_history
       WHERE resource_type = 'incident_rule' AND resource_id = $1`,
      [rule],
    );
    expect(jobs.rows).toEqual([
      {
        name: 'IncidentRule',
        status: 'SUCCESS',
        success_count: 1,
        error_count: 0,
        details: { incidents: [opened[0]?.incidentId] },
      },
    ]);

    // Later passes, and a second evaluator (another server), open nothing more.
    expect(await rules.run(minutes(4))).toEqual([]);
    expect(await evaluator().run(minutes(90))).toEqual([]);
    expect(await incidentsOf(rule)).toHaveLength(1);
  });

  it('does not reopen a closed incident for the same failure, but does for the next one', async () => {
    const rule = await addRule('critical-checks', {
      filter: { status: ['unhealthy'], severity: ['critical'] },
      template: { severity: 'high' },
    });
    const rules = evaluator();
    await setCheck(CRITICAL, 'unhealthy', minutes(1));
    expect(await rules.run(minutes(2))).toHaveLength(1);
    await db.query(`UPDATE incidents SET status = 'closed', closed = $1`, [minutes(5)]);
    // Still the same failure episode: closed stays closed.
    expect(await rules.run(minutes(10))).toEqual([]);
    // The check recovers and fails again: a new episode, a new incident.
    await setCheck(CRITICAL, 'healthy', minutes(20));
    expect(await rules.run(minutes(21))).toEqual([]);
    await setCheck(CRITICAL, 'unhealthy', minutes(30));
    expect(await rules.run(minutes(31))).toHaveLength(1);
    expect(await incidentsOf(rule)).toHaveLength(2);
  });

  it('leaves a check alone while any open incident has evidence on it, and honours filter.age', async () => {
    await addRule('slow', { filter: { status: ['unhealthy'], age: '10m' } });
    const rules = evaluator();
    await setCheck(MINOR, 'unhealthy', minutes(1));
    expect(await rules.run(minutes(6))).toEqual([]);
    const opened = await rules.run(minutes(12));
    expect(opened.map((entry) => entry.subject.id)).toEqual([MINOR]);
    await setCheck(CRITICAL, 'unhealthy', minutes(1));
    // A person opened an incident about the critical check by hand.
    const manual = await db.query<{ id: string }>(
      `INSERT INTO incidents (title, created_by, severity, description, type, status)
       VALUES ('by hand', $1, 'low', '', 'availability', 'open') RETURNING id`,
      [PERSON],
    );
    const root = await db.query<{ id: string }>(
      `INSERT INTO hypotheses (incident_id, created_by, type, title, status)
       VALUES ($1, $2, 'root', 'by hand', 'possible') RETURNING id`,
      [manual.rows[0]?.id, PERSON],
    );
    await db.query(
      `INSERT INTO evidences (hypothesis_id, created_by, type, description, check_id)
       VALUES ($1, $2, 'check', 'failing', $3)`,
      [root.rows[0]?.id, PERSON, CRITICAL],
    );
    expect(await rules.run(minutes(30))).toEqual([]);
  });

  it('opens an incident with topology evidence for a selected unhealthy component', async () => {
    const rule = await addRule('payments-components', {
      components: [{ labelSelector: 'team=payments' }],
      filter: { status: ['unhealthy', 'warning'] },
      template: { type: 'availability', severity: 'high', title: '{{name}} needs attention' },
    });
    const rules = evaluator();
    expect(await rules.run(minutes(1))).toEqual([]); // Search is unhealthy but not selected
    await db.query(`UPDATE components SET status = 'warning' WHERE id = $1`, [COMPONENT]);
    const opened = await rules.run(minutes(2));
    expect(opened.map((entry) => [entry.subject.kind, entry.subject.id, entry.title])).toEqual([
      ['component', COMPONENT, 'Payments API needs attention'],
    ]);
    const evidence = await db.query(
      `SELECT e.type, e.component_id, e.check_id FROM evidences e
       JOIN hypotheses h ON h.id = e.hypothesis_id JOIN incidents i ON i.id = h.incident_id
       WHERE i.incident_rule_id = $1`,
      [rule],
    );
    expect(evidence.rows).toEqual([{ type: 'topology', component_id: COMPONENT, check_id: null }]);
    // Resolved, still unhealthy: not again within the component window (24 h by default).
    await db.query(`UPDATE incidents SET status = 'resolved', resolved = $1`, [minutes(3)]);
    expect(await rules.run(minutes(60))).toEqual([]);
    expect(await rules.run(minutes(25 * 60))).toHaveLength(1);
  });

  it('reports a broken rule once and still runs the others', async () => {
    await addRule('broken', 'not an object');
    await addRule('typos', {
      filter: { status: 'unhealthy', sevrity: ['critical'] },
      template: { type: 'outage', severity: 'urgent' },
      responders: { slack: [{ channel: '#ops' }] },
    });
    const rules = evaluator();
    await setCheck(MINOR, 'unhealthy', minutes(1));
    const opened = await rules.run(minutes(2));
    expect(opened.map((entry) => entry.subject.id).sort()).toEqual([MINOR]);
    const incident = await db.query(`SELECT type, severity FROM incidents`);
    expect(incident.rows).toEqual([{ type: 'availability', severity: 'low' }]);
    expect(logs).toHaveLength(2);
    const warnings = await db.query<{ status: string; error_count: number }>(
      `SELECT status, error_count FROM job_history
       WHERE resource_type = 'incident_rule' AND status = 'WARNING' ORDER BY error_count`,
    );
    expect(warnings.rows.map((row) => row.status)).toEqual(['WARNING', 'WARNING']);
    expect(logs.join('\n')).toContain('spec must be an object');
    expect(logs.join('\n')).toContain('unknown field "sevrity"');
    expect(logs.join('\n')).toContain('template.type "outage"');
    await rules.run(minutes(3));
    expect(logs).toHaveLength(2);
  });
});

async function statusHistory(incident: string): Promise<string[]> {
  const rows = await db.query<{ description: string }>(
    `SELECT description FROM incident_histories
     WHERE incident_id = $1 AND type = 'incident.status_updated' ORDER BY created_at, id`,
    [incident],
  );
  return rows.rows.map((row) => row.description);
}

describe('autoResolve and autoClose', () => {
  it('resolves, then closes, the incident of a recovered check after the timeouts, once', async () => {
    const rule = await addRule('self-healing', {
      filter: { status: ['unhealthy'], severity: ['critical'] },
      autoResolve: { timeout: '5m' },
      autoClose: { timeout: 1_800_000_000_000 }, // 30 minutes in nanoseconds (time.Duration)
    });
    const plain = await addRule('plain', { filter: { status: ['unhealthy'], severity: ['low'] } });
    const rules = evaluator();
    await setCheck(CRITICAL, 'unhealthy', minutes(1));
    await setCheck(MINOR, 'unhealthy', minutes(1));
    expect(await rules.run(minutes(2))).toHaveLength(2);
    const [incident] = await incidentsOf(rule);
    const [other] = await incidentsOf(plain);
    // A person's own incident about the same check is never settled by the rule.
    const manual = await db.query<{ id: string }>(
      `INSERT INTO incidents (title, created_by, severity, description, type, status)
       VALUES ('by hand', $1, 'low', '', 'availability', 'investigating') RETURNING id`,
      [PERSON],
    );
    const root = await db.query<{ id: string }>(
      `INSERT INTO hypotheses (incident_id, created_by, type, title, status)
       VALUES ($1, $2, 'root', 'by hand', 'possible') RETURNING id`,
      [manual.rows[0]?.id, PERSON],
    );
    await db.query(
      `INSERT INTO evidences (hypothesis_id, created_by, type, description, check_id)
       VALUES ($1, $2, 'check', 'failing', $3)`,
      [root.rows[0]?.id, PERSON, CRITICAL],
    );

    expect(await rules.settle(minutes(30))).toEqual([]); // still failing
    await setCheck(CRITICAL, 'healthy', minutes(40));
    await setCheck(MINOR, 'healthy', minutes(40));
    expect(await rules.settle(minutes(44))).toEqual([]); // healthy for 4 minutes only
    expect(await rules.settle(minutes(45))).toEqual([
      {
        id: incident?.id,
        incidentId: expect.stringMatching(/^INC-\d+$/),
        ruleId: rule,
        ruleName: 'self-healing',
        subject: { kind: 'check', id: CRITICAL, name: 'checkout /healthz' },
        from: 'open',
        to: 'resolved',
      },
    ]);
    const resolved = await db.query<{ status: string; resolved: Date; closed: Date | null }>(
      'SELECT status, resolved, closed FROM incidents WHERE id = $1',
      [incident?.id],
    );
    expect(resolved.rows[0]).toEqual({ status: 'resolved', resolved: minutes(45), closed: null });
    expect(await rules.settle(minutes(69))).toEqual([]);
    const closed = await rules.settle(minutes(70));
    expect(closed.map((entry) => [entry.from, entry.to])).toEqual([['resolved', 'closed']]);
    expect(await statusHistory(incident?.id ?? '')).toEqual(['resolved', 'closed']);
    // The rule without autoResolve / autoClose, and the person's incident, are left alone.
    expect((await incidentsOf(plain))[0]?.status).toBe('open');
    expect(other?.status).toBe('open');
    const untouched = await db.query<{ status: string }>(
      'SELECT status FROM incidents WHERE id = $1',
      [manual.rows[0]?.id],
    );
    expect(untouched.rows[0]?.status).toBe('investigating');

    // A person reopens it: the rule does not close it again.
    await db.query(`UPDATE incidents SET status = 'open' WHERE id = $1`, [incident?.id]);
    expect(await rules.settle(minutes(200))).toEqual([]);
    expect(await statusHistory(incident?.id ?? '')).toEqual(['resolved', 'closed', 'open']);

    const jobs = await db.query<{ details: unknown }>(
      `SELECT details FROM job_history WHERE resource_id = $1 ORDER BY time_end`,
      [rule],
    );
    expect(jobs.rows.map((row) => row.details)).toEqual([
      { incidents: [expect.any(String)] },
      { resolved: [expect.any(String)] },
      { closed: [expect.any(String)] },
    ]);
  });

  it('closes the incident of a recovered component at once with autoClose: true', async () => {
    const rule = await addRule('payments-close', {
      components: [{ labelSelector: 'team=payments' }],
      filter: { status: ['unhealthy'] },
      autoClose: true,
    });
    const rules = evaluator();
    await db.query(`UPDATE components SET status = 'unhealthy', updated_at = $2 WHERE id = $1`, [
      COMPONENT,
      minutes(1).toISOString(),
    ]);
    expect(await rules.run(minutes(2))).toHaveLength(1);
    await db.query(`UPDATE incidents SET status = 'investigating' WHERE incident_rule_id = $1`, [
      rule,
    ]);
    expect(await rules.settle(minutes(3))).toEqual([]);
    await db.query(`UPDATE components SET status = 'healthy', updated_at = $2 WHERE id = $1`, [
      COMPONENT,
      minutes(4).toISOString(),
    ]);
    const settled = await rules.settle(minutes(4));
    expect(settled.map((entry) => [entry.subject.kind, entry.from, entry.to])).toEqual([
      ['component', 'investigating', 'closed'],
    ]);
    const [incident] = await incidentsOf(rule);
    expect(await statusHistory(incident?.id ?? '')).toEqual(['investigating', 'closed']);
    await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [COMPONENT]);
  });
});

describe('rule spec', () => {
  it('reads durations and defaults', () => {
    expect(parseDurationMs('1h30m')).toBe(90 * 60_000);
    expect(parseDurationMs('90s')).toBe(90_000);
    expect(parseDurationMs('soon')).toBeUndefined();
    const { spec, problems } = parseRuleSpec({});
    expect(problems).toEqual([]);
    expect(spec.filter.status).toEqual(['unhealthy']);
    expect(spec.template).toEqual({ type: 'availability', severity: 'low', status: 'open' });
    expect(parseRuleSpec({ filter: { age: 300_000_000_000 } }).spec.filter.ageMs).toBe(300_000);
    expect(spec.autoResolve).toBeUndefined();
    expect(spec.autoClose).toBeUndefined();
    const auto = parseRuleSpec({
      autoResolve: { timeout: 300_000_000_000 },
      autoClose: { timeout: '1h' },
    });
    expect(auto.problems).toEqual([]);
    expect(auto.spec.autoResolve).toEqual({ timeoutMs: 300_000 });
    expect(auto.spec.autoClose).toEqual({ timeoutMs: 3_600_000 });
    expect(parseRuleSpec({ autoClose: true, autoResolve: {} }).spec).toMatchObject({
      autoClose: { timeoutMs: 0 },
      autoResolve: { timeoutMs: 0 },
    });
    const bad = parseRuleSpec({ autoResolve: { timeout: 'soon' }, autoClose: 'yes' });
    expect(bad.spec.autoResolve).toBeUndefined();
    expect(bad.spec.autoClose).toBeUndefined();
    expect(bad.problems).toEqual([
      'autoResolve.timeout "soon" is not a duration (ignored)',
      'autoClose must be an object with a timeout (ignored)',
    ]);
  });
});
