/**
 * Automatic definitions of done on a real (PGlite) database: the default check script turns done
 * once the check has been healthy for 5 minutes (not before) and back when it fails again; a
 * bad script is reported once and does not stop the others; comment evidence and finished
 * incidents are left alone; the engine's tick runs both jobs. Times are explicit.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DOD_SCRIPTS } from '../../src/api/incident-model';
import type { Db } from '../src/db/types';
import { DefinitionOfDoneEvaluator, readState } from '../src/incidents/dod';
import { IncidentEngine } from '../src/incidents/engine';
import { openTestDb } from './fixtures/app';

const PERSON = '01910000-0000-7000-8000-000000000001';
const CANARY = '01910000-0000-7000-8000-000000000010';
const CHECK = '01910000-0000-7000-8000-000000000011';
const COMPONENT = '01910000-0000-7000-8000-000000000020';
const T0 = new Date('2026-04-01T08:00:00Z');
const minutes = (n: number, seconds = 0): Date =>
  new Date(T0.getTime() + n * 60_000 + seconds * 1000);

let db: Db;
const logs: string[] = [];

async function setCheck(status: string, at: Date): Promise<void> {
  await db.query(
    `UPDATE checks SET status = $2, last_transition_time = $3, last_runtime = $3 WHERE id = $1`,
    [CHECK, status, at.toISOString()],
  );
}

/** An incident with a root hypothesis; returns the hypothesis id. */
async function incident(status = 'open'): Promise<{ incident: string; root: string }> {
  const created = await db.query<{ id: string }>(
    `INSERT INTO incidents (title, created_by, severity, description, type, status)
     VALUES ('Checkout failing', $1, 'high', '', 'availability', $2) RETURNING id`,
    [PERSON, status],
  );
  const id = created.rows[0]?.id ?? '';
  const root = await db.query<{ id: string }>(
    `INSERT INTO hypotheses (incident_id, created_by, type, title, status)
     VALUES ($1, $2, 'root', 'Upstream down', 'possible') RETURNING id`,
    [id, PERSON],
  );
  return { incident: id, root: root.rows[0]?.id ?? '' };
}

async function evidence(
  hypothesis: string,
  fields: { type: string; script: string | null; check_id?: string; component_id?: string },
): Promise<string> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO evidences (hypothesis_id, created_by, type, description, check_id, component_id,
       definition_of_done, script)
     VALUES ($1, $2, $3, 'evidence', $4, $5, true, $6) RETURNING id`,
    [
      hypothesis,
      PERSON,
      fields.type,
      fields.check_id ?? null,
      fields.component_id ?? null,
      fields.script,
    ],
  );
  return result.rows[0]?.id ?? '';
}

async function state(id: string): Promise<{ done: boolean | null; script_result: string | null }> {
  const result = await db.query<{ done: boolean | null; script_result: string | null }>(
    `SELECT done, script_result FROM evidences WHERE id = $1`,
    [id],
  );
  return result.rows[0] ?? { done: null, script_result: null };
}

beforeAll(async () => {
  db = await openTestDb();
  await db.query(`INSERT INTO people (id, name, email) VALUES ($1, 'Dana', 'dana@example.com')`, [
    PERSON,
  ]);
  await db.query(
    `INSERT INTO canaries (id, name, namespace, spec, created_at) VALUES ($1, 'shop', 'shop', '{}'::jsonb, now())`,
    [CANARY],
  );
  await db.query(
    `INSERT INTO checks (id, canary_id, type, name, status, created_at)
     VALUES ($1, $2, 'http', 'checkout /healthz', 'healthy', now())`,
    [CHECK, CANARY],
  );
  await db.query(
    `INSERT INTO components (id, external_id, name, type, status) VALUES ($1, 'api', 'API', 'Service', 'unhealthy')`,
    [COMPONENT],
  );
});
afterAll(async () => db.close());
beforeEach(async () => {
  logs.length = 0;
  await db.exec(`
    DELETE FROM incident_histories; DELETE FROM evidences; DELETE FROM hypotheses;
    DELETE FROM incidents; DELETE FROM incident_rules;`);
  await setCheck('healthy', minutes(-60));
});

function evaluator(): DefinitionOfDoneEvaluator {
  return new DefinitionOfDoneEvaluator(db, { log: (message) => logs.push(message) });
}

describe('automatic definition of done', () => {
  it('turns done when the check has recovered for 5 minutes, not before, and back when it fails', async () => {
    const { root } = await incident();
    const id = await evidence(root, {
      type: 'check',
      check_id: CHECK,
      script: DEFAULT_DOD_SCRIPTS.check,
    });
    const dod = evaluator();
    await setCheck('unhealthy', minutes(0));
    await dod.run(minutes(1));
    expect(await state(id)).toEqual({ done: false, script_result: 'false' });

    await setCheck('healthy', minutes(10));
    const early = await dod.run(minutes(12));
    expect(early.changed).toEqual([]);
    expect(await state(id)).toEqual({ done: false, script_result: 'false' });

    const recovered = await dod.run(minutes(15, 1));
    expect(recovered.changed).toEqual([{ id, done: true, result: 'true' }]);
    expect(await state(id)).toEqual({ done: true, script_result: 'true' });
    // Nothing changes, nothing is written.
    expect((await dod.run(minutes(16))).changed).toEqual([]);

    await setCheck('unhealthy', minutes(20));
    await dod.run(minutes(21));
    expect(await state(id)).toEqual({ done: false, script_result: 'false' });
    expect(logs).toEqual([]);
  });

  it('reports a bad script once, keeps its done flag and evaluates the others', async () => {
    const { root } = await incident();
    const broken = await evidence(root, {
      type: 'check',
      check_id: CHECK,
      script: 'check.status ==',
    });
    const wrongVariable = await evidence(root, {
      type: 'topology',
      component_id: COMPONENT,
      script: 'check.status == "healthy"',
    });
    const notBoolean = await evidence(root, {
      type: 'check',
      check_id: CHECK,
      script: 'check.name',
    });
    const good = await evidence(root, {
      type: 'topology',
      component_id: COMPONENT,
      script: DEFAULT_DOD_SCRIPTS.topology,
    });
    const dod = evaluator();
    const pass = await dod.run(minutes(1));
    expect(pass.evaluated).toBe(4);
    expect(pass.errors.map((error) => error.id).sort()).toEqual(
      [broken, wrongVariable, notBoolean].sort(),
    );
    expect((await state(broken)).done).toBeNull();
    expect((await state(broken)).script_result).toMatch(/^error: invalid CEL/);
    expect((await state(wrongVariable)).script_result).toMatch(/^error: .*check/);
    expect((await state(notBoolean)).script_result).toBe(
      'error: the script returned string, not a boolean',
    );
    expect(await state(good)).toEqual({ done: false, script_result: 'false' });
    expect(logs).toHaveLength(3);

    await db.query(`UPDATE components SET status = 'healthy' WHERE id = $1`, [COMPONENT]);
    await dod.run(minutes(2));
    expect(await state(good)).toEqual({ done: true, script_result: 'true' });
    expect(logs).toHaveLength(3); // each failure is logged once
    await db.query(`UPDATE components SET status = 'unhealthy' WHERE id = $1`, [COMPONENT]);
  });

  it('leaves manual (comment) items and finished incidents alone', async () => {
    const { root } = await incident();
    const manual = await evidence(root, { type: 'comment', script: 'check.status == "healthy"' });
    const finished = await incident('resolved');
    const frozen = await evidence(finished.root, {
      type: 'check',
      check_id: CHECK,
      script: DEFAULT_DOD_SCRIPTS.check,
    });
    const pass = await evaluator().run(minutes(1));
    expect(pass.evaluated).toBe(0);
    expect(await state(manual)).toEqual({ done: null, script_result: null });
    expect(await state(frozen)).toEqual({ done: null, script_result: null });
    // Reopened (it keeps the time it was resolved at): evaluated again.
    await db.query(`UPDATE incidents SET status = 'open', resolved = $2 WHERE id = $1`, [
      finished.incident,
      minutes(0),
    ]);
    expect((await evaluator().run(minutes(2))).evaluated).toBe(1);
    expect(await state(frozen)).toEqual({ done: true, script_result: 'true' });
  });

  it('gives scripts the check fields, ints and timestamps', async () => {
    await setCheck('healthy', minutes(0));
    const { root } = await incident();
    const id = await evidence(root, {
      type: 'check',
      check_id: CHECK,
      script:
        'check.name.startsWith("checkout") && check.duration + 1 == 1 && check.age == "600s" && check.last_transition_time < timestamp("2026-04-01T08:05:00Z")',
    });
    await evaluator().run(minutes(10));
    expect(await state(id)).toEqual({ done: true, script_result: 'true' });
  });

  it('the engine tick opens incidents from rules and evaluates definitions of done', async () => {
    await db.query(
      `INSERT INTO incident_rules (name, spec, created_by) VALUES ('all-checks', '{"filter":{"status":["unhealthy"]}}'::jsonb, $1)`,
      [PERSON],
    );
    const { root } = await incident();
    const id = await evidence(root, {
      type: 'check',
      check_id: CHECK,
      script: 'check.status == "healthy"',
    });
    const engine = new IncidentEngine(db, { log: (message) => logs.push(message) });
    await setCheck('unhealthy', minutes(0));
    await engine.tick(minutes(1));
    // The manual incident has evidence on the check already: the rule opens nothing.
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM incidents`);
    expect(count.rows[0]?.n).toBe(1);
    expect(await state(id)).toEqual({ done: false, script_result: 'false' });
    await setCheck('healthy', minutes(2));
    await engine.tick(minutes(2, 1)); // the fingerprint moved: both jobs run at once
    expect(await state(id)).toEqual({ done: true, script_result: 'true' });
    expect(logs).toEqual([]);
    await engine.stop();
  });
});

describe('state readers', () => {
  it('read each kind of row into its CEL variable with defaults, dates and age', () => {
    const now = minutes(10);
    expect(
      readState(
        'check',
        {
          id: 'c1',
          name: 'api',
          type: 'http',
          status: 'healthy',
          labels: null,
          duration: null,
          last_runtime: minutes(9).toISOString(),
          last_transition_time: null,
          created_at: minutes(0).toISOString(),
          deleted: false,
        },
        now,
      ),
    ).toEqual({
      id: 'c1',
      name: 'api',
      type: 'http',
      status: 'healthy',
      severity: '',
      category: '',
      namespace: '',
      owner: '',
      message: '',
      error: '',
      labels: {},
      duration: 0,
      last_runtime: minutes(9),
      last_transition_time: null,
      age: '60s', // from the last run, the first date of last_transition_time, last_runtime, created_at
      deleted: false,
    });
    expect(readState('component', { id: 'x', name: 'API', deleted: true }, now)).toEqual({
      id: 'x',
      name: 'API',
      type: '',
      status: '',
      health: '',
      status_reason: '',
      namespace: '',
      owner: '',
      labels: {},
      age: '0s',
      deleted: true,
    });
    expect(
      readState('change', { id: 'ch', change_type: 'diff', created_at: minutes(5) }, now),
    ).toEqual({
      id: 'ch',
      change_type: 'diff',
      severity: '',
      summary: '',
      source: '',
      created_at: minutes(5),
      age: '300s',
    });
    expect(readState('analysis', { id: 'a' }, now)).not.toHaveProperty('deleted');
    expect(readState('config', { id: 'cfg', tags: { a: 1 } }, now)).toMatchObject({
      name: '',
      tags: { a: 1 },
      labels: {},
      deleted: false,
    });
  });
});
