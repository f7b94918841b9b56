/**
 * Automatic definitions of done: an evidence with `definition_of_done = true` and a `script` (a
 * CEL expression, spec doc 2 §5) is done while its script holds over the current state of what
 * the evidence points at. The evaluator reads every such evidence of the incidents that are
 * neither resolved nor closed, evaluates its script with @marcbachmann/cel-js and writes `done`
 * (true when the expression is true, false when it is false: a check that fails again re-opens
 * its item, which the evidences trigger of migration 0010 reports as incident.dod.regressed)
 * and `script_result` ("true", "false" or "error: …"). Rows are written only when one of them
 * changes. A script that does not parse, fails or returns something else than a boolean leaves
 * `done` as it was, is logged once per evidence and error, and never stops the others.
 *
 * Variables by evidence type (docs/incident-server.md):
 * - check: `check` {id, name, type, status ('healthy' / 'unhealthy' / ''), age (a duration text,
 *   "420s": the time since the status last changed, for `duration(check.age)`), severity,
 *   category, namespace, owner, labels, message, error, duration (ms), last_runtime,
 *   last_transition_time, deleted}
 * - topology: `component` {id, name, type, status, health, status_reason, namespace, owner,
 *   labels, age (since the last update), deleted}
 * - config_analysis: `analysis` {id, analyzer, analysis_type, severity, status, message, age
 *   (since first observed), first_observed, last_observed} and `config`
 * - config, config_change: `config` {id, name, type, config_class, status, health, labels,
 *   tags, age (since the last update), deleted}; config_change also `change` {id, change_type,
 *   severity, summary, source, created_at, age}
 * Comment evidence (a manual definition of done) is never evaluated. Whole numbers reach CEL as
 * ints, timestamps as timestamps.
 */
import { parse } from '@marcbachmann/cel-js';
import type { Queryable } from '../db/types';

/** Longest script evaluated (longer ones are reported as errors). */
export const MAX_SCRIPT_LENGTH = 4000;
/** Parsed scripts kept, by text. */
const CACHE_SIZE = 500;
/** Evidence types evaluated. */
export const AUTOMATIC_EVIDENCE_TYPES = [
  'check',
  'topology',
  'config_analysis',
  'config',
  'config_change',
] as const;

export interface DodEvidenceRow {
  id: string;
  type: string;
  script: string;
  done: boolean | null;
  script_result: string | null;
  check_id: string | null;
  component_id: string | null;
  config_id: string | null;
  config_analysis_id: string | null;
  config_change_id: string | null;
}

export interface DodPass {
  /** Evidences whose script was evaluated (or failed). */
  evaluated: number;
  /** Evidences whose done or script_result was written. */
  changed: { id: string; done: boolean | null; result: string }[];
  /** Evidences whose script failed, with the reason. */
  errors: { id: string; error: string }[];
}

type Compiled = ((context: Record<string, unknown>) => unknown) | { error: string };

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 500);
}

/** Values for CEL: whole numbers as ints, nested maps and lists converted alike. */
function celValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? BigInt(value) : value;
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(celValue);
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) out[key] = celValue(entry);
  return out;
}

function date(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const parsed = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** A CEL duration text ("123s") for the time from `since` to `now`, never negative. */
export function ageText(since: Date | null, now: Date): string {
  if (!since) return '0s';
  return `${Math.max(0, Math.floor((now.getTime() - since.getTime()) / 1000))}s`;
}

interface SubjectRows {
  checks: Map<string, Record<string, unknown>>;
  components: Map<string, Record<string, unknown>>;
  configs: Map<string, Record<string, unknown>>;
  analyses: Map<string, Record<string, unknown>>;
  changes: Map<string, Record<string, unknown>>;
}

function ids(rows: readonly DodEvidenceRow[], key: keyof DodEvidenceRow): string[] {
  return [
    ...new Set(rows.map((row) => row[key]).filter((id): id is string => typeof id === 'string')),
  ];
}

async function byId(
  db: Queryable,
  sql: string,
  list: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (list.length === 0) return new Map();
  const result = await db.query<Record<string, unknown>>(sql, [list]);
  return new Map(result.rows.map((row) => [String(row.id), row]));
}

async function loadSubjects(db: Queryable, rows: readonly DodEvidenceRow[]): Promise<SubjectRows> {
  const changes = await byId(
    db,
    `SELECT id, config_id, change_type, severity, summary, source, created_at
     FROM config_changes WHERE id = ANY($1::uuid[])`,
    ids(rows, 'config_change_id'),
  );
  const analyses = await byId(
    db,
    `SELECT id, config_id, analyzer, analysis_type, severity, status, message, first_observed,
       last_observed
     FROM config_analysis WHERE id = ANY($1::uuid[])`,
    ids(rows, 'config_analysis_id'),
  );
  const configIds = new Set(ids(rows, 'config_id'));
  for (const row of [...changes.values(), ...analyses.values()]) {
    if (typeof row.config_id === 'string') configIds.add(row.config_id);
  }
  return {
    checks: await byId(
      db,
      `SELECT c.id, c.name, c.type, c.status, c.severity, c.category, c.namespace, c.owner,
         c.labels, c.last_runtime, c.last_transition_time, c.created_at,
         c.deleted_at IS NOT NULL AS deleted, s.message, s.error, s.duration
       FROM checks c
       LEFT JOIN LATERAL (
         SELECT st.message, st.error, st.duration FROM check_statuses st
         WHERE st.check_id = c.id ORDER BY st.time DESC LIMIT 1
       ) s ON true
       WHERE c.id = ANY($1::uuid[])`,
      ids(rows, 'check_id'),
    ),
    components: await byId(
      db,
      `SELECT id, name, type, status, health, status_reason, namespace, owner, labels,
         updated_at, deleted_at IS NOT NULL AS deleted
       FROM components WHERE id = ANY($1::uuid[])`,
      ids(rows, 'component_id'),
    ),
    configs: await byId(
      db,
      `SELECT id, name, type, config_class, status, health, labels, tags, updated_at,
         deleted_at IS NOT NULL AS deleted
       FROM config_items WHERE id = ANY($1::uuid[])`,
      [...configIds],
    ),
    analyses,
    changes,
  };
}

/**
 * How a row becomes a CEL variable: `raw` columns as they are, `text` columns ('' when absent),
 * `maps` ({} when absent), `numbers` (0), `dates` (a Date or null), `age` as text from the first
 * of `ageFrom` that is a date, and `deleted` for subjects that can be deleted.
 */
interface StateReader {
  raw: readonly string[];
  text: readonly string[];
  maps?: readonly string[];
  numbers?: readonly string[];
  dates?: readonly string[];
  ageFrom: readonly string[];
  deleted?: boolean;
}

const STATE_READERS = {
  check: {
    raw: ['id', 'name', 'type'],
    text: ['status', 'severity', 'category', 'namespace', 'owner', 'message', 'error'],
    maps: ['labels'],
    numbers: ['duration'],
    dates: ['last_runtime', 'last_transition_time'],
    ageFrom: ['last_transition_time', 'last_runtime', 'created_at'],
    deleted: true,
  },
  component: {
    raw: ['id', 'name'],
    text: ['type', 'status', 'health', 'status_reason', 'namespace', 'owner'],
    maps: ['labels'],
    ageFrom: ['updated_at'],
    deleted: true,
  },
  config: {
    raw: ['id'],
    text: ['name', 'type', 'config_class', 'status', 'health'],
    maps: ['labels', 'tags'],
    ageFrom: ['updated_at'],
    deleted: true,
  },
  analysis: {
    raw: ['id'],
    text: ['analyzer', 'analysis_type', 'severity', 'status', 'message'],
    dates: ['first_observed', 'last_observed'],
    ageFrom: ['first_observed'],
  },
  change: {
    raw: ['id'],
    text: ['change_type', 'severity', 'summary', 'source'],
    dates: ['created_at'],
    ageFrom: ['created_at'],
  },
} satisfies Record<string, StateReader>;

/** The CEL variable of a `kind` row at `now` (see {@link STATE_READERS}). */
export function readState(
  kind: keyof typeof STATE_READERS,
  row: Record<string, unknown>,
  now: Date,
): Record<string, unknown> {
  const reader: StateReader = STATE_READERS[kind];
  const state: Record<string, unknown> = {};
  for (const column of reader.raw) state[column] = row[column];
  for (const column of reader.text) state[column] = row[column] ?? '';
  for (const column of reader.maps ?? []) state[column] = row[column] ?? {};
  for (const column of reader.numbers ?? []) state[column] = row[column] ?? 0;
  for (const column of reader.dates ?? []) state[column] = date(row[column]);
  const since = reader.ageFrom.reduce<Date | null>(
    (found, column) => found ?? date(row[column]),
    null,
  );
  state.age = ageText(since, now);
  if (reader.deleted) state.deleted = row.deleted === true;
  return state;
}

/**
 * The CEL variables of one evidence, or a reason why there are none (what it points at is
 * gone, or it points at nothing).
 */
export function contextFor(
  row: DodEvidenceRow,
  subjects: SubjectRows,
  now: Date,
): Record<string, unknown> | { missing: string } {
  const config = (id: unknown): Record<string, unknown> | undefined => {
    const found = typeof id === 'string' ? subjects.configs.get(id) : undefined;
    return found ? readState('config', found, now) : undefined;
  };
  switch (row.type) {
    case 'check': {
      const check = row.check_id ? subjects.checks.get(row.check_id) : undefined;
      return check ? { check: readState('check', check, now) } : { missing: 'the check is gone' };
    }
    case 'topology': {
      const component = row.component_id ? subjects.components.get(row.component_id) : undefined;
      return component
        ? { component: readState('component', component, now) }
        : { missing: 'the component is gone' };
    }
    case 'config_analysis': {
      const analysis = row.config_analysis_id
        ? subjects.analyses.get(row.config_analysis_id)
        : undefined;
      if (!analysis) return { missing: 'the insight is gone' };
      return {
        analysis: readState('analysis', analysis, now),
        config: config(analysis.config_id ?? row.config_id) ?? null,
      };
    }
    case 'config_change': {
      const change = row.config_change_id ? subjects.changes.get(row.config_change_id) : undefined;
      if (!change) return { missing: 'the change is gone' };
      return {
        change: readState('change', change, now),
        config: config(change.config_id ?? row.config_id) ?? null,
      };
    }
    case 'config': {
      const found = config(row.config_id);
      return found ? { config: found } : { missing: 'the config item is gone' };
    }
    default:
      return { missing: `evidence of type ${row.type} is not evaluated` };
  }
}

export interface DodEvaluatorOptions {
  /** Where script errors go (once per evidence and error). */
  log?: (message: string) => void;
}

export class DefinitionOfDoneEvaluator {
  private readonly cache = new Map<string, Compiled>();
  /** `${evidence}\u0000${error}` already logged. */
  private readonly reported = new Set<string>();
  private readonly log: (message: string) => void;

  constructor(
    private readonly db: Queryable,
    options: DodEvaluatorOptions = {},
  ) {
    this.log = options.log ?? ((message) => console.error(message));
  }

  private compile(script: string): Compiled {
    const cached = this.cache.get(script);
    if (cached) return cached;
    let compiled: Compiled;
    if (script.length > MAX_SCRIPT_LENGTH) {
      compiled = { error: `the script is longer than ${MAX_SCRIPT_LENGTH} characters` };
    } else {
      try {
        compiled = parse(script);
      } catch (error) {
        compiled = { error: `invalid CEL: ${errorText(error)}` };
      }
    }
    if (this.cache.size >= CACHE_SIZE) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(script, compiled);
    return compiled;
  }

  /** The outcome of one script over its variables: a boolean, or why there is none. */
  evaluate(script: string, context: Record<string, unknown>): boolean | { error: string } {
    const compiled = this.compile(script);
    if (typeof compiled !== 'function') return compiled;
    try {
      const value = compiled(celValue(context) as Record<string, unknown>);
      if (typeof value === 'boolean') return value;
      return { error: `the script returned ${typeof value}, not a boolean` };
    } catch (error) {
      return { error: errorText(error) };
    }
  }

  /** The automatic definitions of done of incidents still in progress. */
  async load(): Promise<DodEvidenceRow[]> {
    const result = await this.db.query<DodEvidenceRow>(
      `SELECT e.id, e.type, e.script, e.done, e.script_result, e.check_id, e.component_id,
         e.config_id, e.config_analysis_id, e.config_change_id
       FROM evidences e
       JOIN hypotheses h ON h.id = e.hypothesis_id
       JOIN incidents i ON i.id = h.incident_id
       WHERE e.definition_of_done IS TRUE AND e.type = ANY($1::text[])
         AND e.script IS NOT NULL AND btrim(e.script) <> ''
         AND i.status NOT IN ('resolved', 'closed')
       ORDER BY e.id`,
      [AUTOMATIC_EVIDENCE_TYPES],
    );
    return result.rows;
  }

  /** Evaluate every automatic definition of done at `now` and write what changed. */
  async run(now: Date = new Date()): Promise<DodPass> {
    const pass: DodPass = { evaluated: 0, changed: [], errors: [] };
    const rows = await this.load();
    if (rows.length === 0) return pass;
    const subjects = await loadSubjects(this.db, rows);
    for (const row of rows) {
      pass.evaluated += 1;
      const context = contextFor(row, subjects, now);
      const outcome =
        'missing' in context
          ? { error: String(context.missing) }
          : this.evaluate(row.script.trim(), context);
      let done = row.done;
      let result: string;
      if (typeof outcome === 'boolean') {
        done = outcome;
        result = String(outcome);
      } else {
        result = `error: ${outcome.error}`;
        pass.errors.push({ id: row.id, error: outcome.error });
        const key = `${row.id}\u0000${row.script}\u0000${outcome.error}`;
        if (!this.reported.has(key)) {
          if (this.reported.size > 10_000) this.reported.clear();
          this.reported.add(key);
          this.log(
            `definition of done: evidence ${row.id} (${row.type}) script ${JSON.stringify(row.script.slice(0, 200))} failed: ${outcome.error}`,
          );
        }
      }
      if (done === row.done && result === row.script_result) continue;
      const written = await this.db.query(
        `UPDATE evidences SET done = $2, script_result = $3
         WHERE id = $1 AND definition_of_done IS TRUE
           AND (done IS DISTINCT FROM $2 OR script_result IS DISTINCT FROM $3)`,
        [row.id, done, result],
      );
      if (written.affectedRows > 0) pass.changed.push({ id: row.id, done, result });
    }
    return pass;
  }
}
