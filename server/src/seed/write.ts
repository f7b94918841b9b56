/**
 * Writing a generated world: every table in foreign-key order, then the fix-ups that make the
 * result look like a system that has been running (history rows the incident triggers wrote get
 * the time of what they describe; events the triggers queued during the load are dropped, as a
 * backend would have consumed them), and materialized views, if any, are refreshed.
 */
import type { Queryable } from '../db/types';
import { openKeyring, type Keyring } from '../secrets/keyring';
import { isSealedRelation, sealRows } from '../secrets/stored';
import { setTriggers } from './bulk-load';
import { insertRows, type Row } from './insert';
import type { SeedContext } from './world';

const ORDER = [
  'config_scrapers',
  'config_items',
  'config_relationships',
  'config_changes',
  'config_analysis',
  'topologies',
  'components',
  'component_relationships',
  'config_component_relationships',
  'check_component_relationships',
  'check_config_relationships',
  'team_components',
  'incident_rules',
  'incidents',
  'responders',
  'hypotheses',
  'evidences',
  'comments',
  'incident_histories',
  'playbooks',
  'playbook_runs',
  'playbook_run_actions',
  'playbook_approvals',
  'notifications',
  'notification_send_history',
  'notification_silences',
  'connections',
  'logging_backends',
  'job_history',
];

const ON_CONFLICT: Record<string, string> = {
  config_relationships: 'ON CONFLICT DO NOTHING',
  config_changes: 'ON CONFLICT DO NOTHING',
  component_relationships: 'ON CONFLICT DO NOTHING',
  config_component_relationships: 'ON CONFLICT DO NOTHING',
  check_component_relationships: 'ON CONFLICT DO NOTHING',
  check_config_relationships: 'ON CONFLICT DO NOTHING',
  team_components: 'ON CONFLICT DO NOTHING',
};

export type Timings = [label: string, ms: number][];

/**
 * Write the world. Connections and notifications carry secrets: they are encrypted before they
 * are written (with `keyring`, else the database's), as the data API does for writes.
 */
export async function writeWorld(
  tx: Queryable,
  ctx: SeedContext,
  timings?: Timings,
  keyring?: Keyring,
  options: { bulk?: boolean } = {},
): Promise<void> {
  const unknown = [...ctx.rows.keys()].filter(
    (table) => !ORDER.includes(table) && table !== 'event_queue',
  );
  if (unknown.length > 0) throw new Error(`seed: no write order for ${unknown.join(', ')}`);
  const disabled = options.bulk ? await disableRowTriggers(tx, ctx) : new Map<string, string[]>();
  for (const table of ORDER) {
    let rows = ctx.rows.get(table);
    if (!rows || rows.length === 0) continue;
    const started = performance.now();
    if (isSealedRelation(table)) {
      keyring ??= await openKeyring(tx);
      rows = sealRows(keyring, table, rows);
    }
    await insertRows(tx, table, rows, { onConflict: ON_CONFLICT[table] });
    if (disabled.has(table)) await asTriggersWould(tx, table, rows);
    timings?.push([`${table} (${rows.length})`, performance.now() - started]);
  }
  const started = performance.now();
  for (const [table, triggers] of disabled) await setTriggers(tx, table, triggers, true);
  await finish(tx);
  await insertRows(tx, 'event_queue', ctx.rows.get('event_queue') ?? [], {
    onConflict: 'ON CONFLICT DO NOTHING',
  });
  timings?.push(['relationships, history, events', performance.now() - started]);
}

/**
 * The per-row triggers a bulk write turns off, by table: the rows they would write are written
 * set-based instead (asTriggersWould), with the times the fix-ups below would give them. Their
 * events are not written at all (finish() drops the events of the load). config_changes keeps
 * its de-duplication trigger when a generated change repeats another's external id.
 */
const ROW_TRIGGERS: Record<string, string[]> = {
  config_items: ['config_items_after_insert'],
  config_changes: ['config_changes_dedupe', 'config_changes_event'],
  incidents: ['incidents_history'],
  responders: ['responders_history'],
  hypotheses: ['hypotheses_history'],
  evidences: ['evidences_history'],
  comments: ['comments_history'],
};

async function disableRowTriggers(tx: Queryable, ctx: SeedContext): Promise<Map<string, string[]>> {
  const present = await tx.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t
     JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND c.relnamespace = current_schema()::regnamespace`,
  );
  const disabled = new Map<string, string[]>();
  for (const [table, triggers] of Object.entries(ROW_TRIGGERS)) {
    const rows = ctx.rows.get(table) ?? [];
    if (rows.length === 0) continue;
    if (table === 'config_changes' && !(await changesAreUnique(tx, rows))) continue;
    const names = triggers.filter((name) =>
      present.rows.some((row) => row.table === table && row.trigger === name),
    );
    // Only a table whose triggers are all there: the replacement writes what they all would.
    if (names.length !== triggers.length) continue;
    await setTriggers(tx, table, names, false);
    disabled.set(table, names);
  }
  return disabled;
}

/** Whether no change repeats an external id of its config (so the de-duplication is a no-op). */
async function changesAreUnique(tx: Queryable, rows: readonly Row[]): Promise<boolean> {
  const seen = new Set<string>();
  const configs = new Set<string>();
  for (const row of rows) {
    if (row.external_change_id == null) continue;
    const key = `${String(row.config_id)}\u0000${String(row.external_change_id)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    configs.add(String(row.config_id));
  }
  if (configs.size === 0) return true;
  const existing = await tx.query(
    `SELECT 1 FROM config_changes WHERE config_id = ANY($1::uuid[]) AND external_change_id IS NOT NULL LIMIT 1`,
    [[...configs]],
  );
  return existing.rows.length === 0;
}

/**
 * What the disabled triggers would have written for `rows` (their ids), already at the time
 * finish() would give it: the parent relationships of config items, and the incident history.
 */
async function asTriggersWould(tx: Queryable, table: string, rows: readonly Row[]): Promise<void> {
  const ids = rows.map((row) => String(row.id));
  switch (table) {
    case 'config_items':
      await tx.query(
        `INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
         SELECT c.parent_id, c.id, 'hard', c.created_at, c.created_at FROM config_items c
         WHERE c.id = ANY($1::uuid[]) AND c.parent_id IS NOT NULL
         ON CONFLICT (related_id, config_id, relation) DO UPDATE SET deleted_at = NULL`,
        [ids],
      );
      break;
    case 'incidents':
      await tx.query(
        `INSERT INTO incident_histories (incident_id, created_by, type, description, created_at, updated_at)
         SELECT i.id, i.created_by, 'incident.created', i.id::text, i.created_at, i.created_at
         FROM incidents i WHERE i.id = ANY($1::uuid[])`,
        [ids],
      );
      break;
    case 'responders':
      await tx.query(
        `INSERT INTO incident_histories (incident_id, created_by, type, responder_id, created_at, updated_at)
         SELECT r.incident_id, r.created_by, 'responder.created', r.id, r.created_at, r.created_at
         FROM responders r WHERE r.id = ANY($1::uuid[])`,
        [ids],
      );
      break;
    case 'hypotheses':
      await tx.query(
        `INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, created_at, updated_at)
         SELECT h.incident_id, h.created_by, 'hypothesis.created', h.id, h.created_at, h.created_at
         FROM hypotheses h WHERE h.id = ANY($1::uuid[])`,
        [ids],
      );
      break;
    case 'evidences': {
      const missing = await tx.query(
        `SELECT e.id FROM evidences e LEFT JOIN hypotheses h ON h.id = e.hypothesis_id
         WHERE e.id = ANY($1::uuid[]) AND h.incident_id IS NULL LIMIT 1`,
        [ids],
      );
      if (missing.rows.length > 0) throw new Error('seed: an evidence without its hypothesis');
      await tx.query(
        `INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, evidence_id, created_at, updated_at)
         SELECT h.incident_id, e.created_by, x.type, CASE WHEN x.first THEN e.hypothesis_id END, e.id,
           e.created_at, e.created_at
         FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
         CROSS JOIN LATERAL (VALUES (true, 'evidence.created'),
           (false, CASE WHEN coalesce(e.definition_of_done, false) THEN 'evidence.done_definition_added' END)) AS x(first, type)
         WHERE e.id = ANY($1::uuid[]) AND x.type IS NOT NULL`,
        [ids],
      );
      break;
    }
    case 'comments':
      await tx.query(
        `INSERT INTO incident_histories (incident_id, created_by, type, comment_id, created_at, updated_at)
         SELECT c.incident_id, c.created_by, 'responder.commented', c.id, c.created_at, c.created_at
         FROM comments c WHERE c.id = ANY($1::uuid[]) AND c.responder_id IS NOT NULL`,
        [ids],
      );
      break;
    default:
      break;
  }
}

/** Idempotent fix-ups after the rows are in (safe to run whether or not the triggers exist). */
async function finish(tx: Queryable): Promise<void> {
  // parent_id mirrored as hard relationships (parent → child), unless a trigger already did.
  await tx.query(
    `INSERT INTO config_relationships (config_id, related_id, relation, created_at, updated_at)
     SELECT c.parent_id, c.id, 'hard', c.created_at, c.created_at FROM config_items c
     WHERE c.parent_id IS NOT NULL
     ON CONFLICT DO NOTHING`,
  );
  // Hard relationships a trigger wrote during this transaction get the child's creation time.
  await tx.query(
    `UPDATE config_relationships r SET created_at = c.created_at, updated_at = c.created_at
     FROM config_items c WHERE r.relation = 'hard' AND r.related_id = c.id AND r.created_at = now()`,
  );
  // History the triggers would write, for databases whose migrations do not have them yet.
  await tx.query(
    `INSERT INTO incident_histories (incident_id, created_by, type, description, created_at, updated_at)
     SELECT i.id, i.created_by, 'incident.created', i.id::text, i.created_at, i.created_at FROM incidents i
     WHERE NOT EXISTS (SELECT 1 FROM incident_histories h WHERE h.incident_id = i.id AND h.type = 'incident.created')`,
  );
  await tx.query(
    `INSERT INTO incident_histories (incident_id, created_by, type, responder_id, created_at, updated_at)
     SELECT r.incident_id, r.created_by, 'responder.created', r.id, r.created_at, r.created_at FROM responders r
     WHERE NOT EXISTS (SELECT 1 FROM incident_histories h WHERE h.responder_id = r.id AND h.type = 'responder.created')`,
  );
  await tx.query(
    `INSERT INTO incident_histories (incident_id, created_by, type, hypothesis_id, evidence_id, created_at, updated_at)
     SELECT hy.incident_id, e.created_by, 'evidence.created', e.hypothesis_id, e.id, e.created_at, e.created_at
     FROM evidences e JOIN hypotheses hy ON hy.id = e.hypothesis_id
     WHERE NOT EXISTS (SELECT 1 FROM incident_histories h WHERE h.evidence_id = e.id AND h.type = 'evidence.created')`,
  );
  await tx.query(
    `INSERT INTO incident_histories (incident_id, created_by, type, comment_id, created_at, updated_at)
     SELECT c.incident_id, c.created_by, 'responder.commented', c.id, c.created_at, c.created_at FROM comments c
     WHERE c.responder_id IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM incident_histories h WHERE h.comment_id = c.id AND h.type = 'responder.commented')`,
  );
  // Rows the triggers wrote during this transaction carry now(); give them their subject's time.
  const retime: [string, string][] = [
    ['incidents', `h.type = 'incident.created' AND h.incident_id = s.id`],
    ['responders', `h.type = 'responder.created' AND h.responder_id = s.id`],
    [
      'evidences',
      `h.type IN ('evidence.created', 'evidence.done_definition_added') AND h.evidence_id = s.id`,
    ],
    ['comments', `h.type = 'responder.commented' AND h.comment_id = s.id`],
    ['hypotheses', `h.type = 'hypothesis.created' AND h.hypothesis_id = s.id`],
  ];
  for (const [table, join] of retime) {
    await tx.query(
      `UPDATE incident_histories h SET created_at = s.created_at, updated_at = s.created_at
       FROM ${table} s WHERE ${join} AND h.created_at = now()`,
    );
  }
  // Events queued by triggers while loading: a running backend would have consumed them.
  await tx.query(`DELETE FROM event_queue WHERE created_at = now()`);
}

/** Refresh every materialized view of the current schema (none is an error-free no-op). */
export async function refreshMaterializedViews(
  tx: Queryable,
  log?: (line: string) => void,
): Promise<string[]> {
  const views = await tx.query<{ name: string }>(
    `SELECT quote_ident(schemaname) || '.' || quote_ident(matviewname) AS name FROM pg_matviews
     WHERE schemaname = current_schema() ORDER BY matviewname`,
  );
  for (const view of views.rows) {
    const started = performance.now();
    await tx.query(`REFRESH MATERIALIZED VIEW ${view.name}`);
    const ms = performance.now() - started;
    if (log && ms >= 250) log(`    ${Math.round(ms)} ms: REFRESH MATERIALIZED VIEW ${view.name}`);
  }
  return views.rows.map((view) => view.name);
}
