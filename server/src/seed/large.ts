/**
 * The scaled dataset (VIGIL_SEED=large, `npm run seed -- --scale large`): the demo plus a fleet
 * of about a hundred clusters — at least 100,000 config items, 1,000,000 config changes over the
 * last 30 days (bulk-changes.ts), 10,000 checks with seven days of
 * hourly history (1.68 M statuses), 2,000+ topology components, 5,000 incidents, 3,000 playbook
 * runs and 20,000 notification sends, and the bench incident (BENCH_INCIDENT_ID in
 * operations.ts: 200 hypotheses, 500 evidences). The fleet can be added to a database that
 * already holds the demo.
 */
import type { Db, Queryable } from '../db/types';
import { insertBulkChanges } from './bulk-changes';
import {
  bulkSettings,
  dropForeignKeys,
  dropIndexes,
  freshStorage,
  hasTrigger,
  rebuildIndexes,
  setTriggers,
} from './bulk-load';
import { SYNTHETIC_ANNOTATION } from '../runner/spec';
import { copyTarget } from './copy';
import { DEMO_SEED, errorFor, okMessage, seedDemo, type SeedOptions } from './demo';
import {
  insertHistory,
  insertStateAndDailyRollups,
  utcSession,
  writeStateAndDailyRollups,
} from './history';
import { insertRows, type Row } from './insert';
import { logLinesFor, seedFleetLogs } from './logs';
import { generateBenchIncident } from './operations';
import { insertPeople, insertTeams } from './people';
import { Rng } from './random';
import {
  buildFleetInfrastructure,
  buildFleetOperations,
  LARGE_SIZES,
  type FleetSizes,
} from './scenario';
import { SeedContext, type Person, type Team } from './world';
import { refreshMaterializedViews, writeWorld, type Timings } from './write';

const HISTORY_HOURS = 7 * 24;
/** check_statuses' statement trigger that renders the health summary (migration 0014). */
const SUMMARY_TRIGGER = 'check_statuses_render_summary_insert';
/**
 * The tables the fleet's write fills with thousands of rows: their plain secondary indexes are
 * dropped for the load and built once at its end (bulk-load.ts). Unique indexes stay (the write
 * relies on ON CONFLICT).
 */
const BULK_TABLES = [
  'config_items',
  'config_relationships',
  'config_changes',
  'config_analysis',
  'components',
  'config_component_relationships',
  'check_component_relationships',
  'check_config_relationships',
  'incidents',
  'responders',
  'hypotheses',
  'evidences',
  'comments',
  'incident_histories',
  'playbook_runs',
  'playbook_run_actions',
  'notification_send_history',
  'job_history',
];
const FLEET_TEAMS = [
  'Orders',
  'Checkout',
  'Identity',
  'Billing',
  'Logistics',
  'Growth',
  'Search Relevance',
  'Mobile',
  'Reliability',
  'Databases',
  'Networking',
  'Compliance',
].map((name) => ({ name, icon: 'group' }));

export async function seedLarge(db: Db, options: SeedOptions = {}): Promise<void> {
  await seedDemo(db, options);
  await seedFleet(db, options);
}

/**
 * VACUUM ANALYZE of every table (as the plain command does: the catalogs too), one at a time so
 * that the slow ones are logged with their time (the seed's profile).
 */
async function vacuumAnalyze(db: Db, log: (line: string) => void): Promise<void> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'm') AND c.relpersistence <> 't' ORDER BY n.nspname, c.relname`,
  );
  for (const table of tables.rows) {
    const started = performance.now();
    await db.exec(`VACUUM ANALYZE ${table.name}`);
    const ms = performance.now() - started;
    if (ms >= 250) log(`    ${Math.round(ms)} ms: VACUUM ANALYZE ${table.name}`);
  }
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Whether the fleet of the large dataset is already in the database. */
export async function hasFleet(db: Queryable): Promise<boolean> {
  const result = await db.query(`SELECT 1 FROM canaries WHERE name LIKE 'fleet-%' LIMIT 1`);
  return result.rows.length > 0;
}

/** Add the fleet to a database that holds the demo (or at least one person). */
export async function seedFleet(
  db: Db,
  options: SeedOptions & { sizes?: FleetSizes } = {},
): Promise<void> {
  const now = (options.now ?? new Date()).getTime();
  const sizes = options.sizes ?? LARGE_SIZES;
  const log = options.log ?? (() => undefined);
  const rng = new Rng((options.seed ?? DEMO_SEED) + 7919);
  const at = (minutesAgo: number): string => new Date(now - minutesAgo * 60_000).toISOString();
  // Wall time and this process's CPU time per phase (PGlite runs in this process: where the two
  // differ, the machine was busy with something else).
  let started = performance.now();
  let cpuStarted = cpuMs();
  const lap = (label: string): void => {
    log(
      `  ${label}: ${Math.round(performance.now() - started)} ms (cpu ${Math.round(cpuMs() - cpuStarted)} ms)`,
    );
    started = performance.now();
    cpuStarted = cpuMs();
  };

  await db.transaction(async (tx) => {
    if (await hasFleet(tx))
      throw new Error('the large dataset (fleet-* canaries) is already loaded');
    await bulkSettings(tx);
    const admins = await tx.query<{ id: string }>(
      `SELECT p.id FROM people p LEFT JOIN vigil_accounts a ON a.identity_id = p.id
       ORDER BY (a.username = 'admin') IS TRUE DESC, p.created_at, p.id LIMIT 1`,
    );
    const admin = admins.rows[0]?.id;
    if (!admin) throw new Error('the database has no people; seed the demo first');
    const existingTeams = await tx.query<Team>(
      `SELECT id, name FROM teams WHERE deleted_at IS NULL ORDER BY name`,
    );
    const newTeams = await insertTeams(
      tx,
      rng,
      FLEET_TEAMS.filter((team) => !existingTeams.rows.some((row) => row.name === team.name)),
      admin,
      now,
    );
    const teams = [...existingTeams.rows, ...newTeams];
    const staff = await tx.query<Person>(
      `SELECT id, name, email FROM people WHERE email IS NOT NULL AND deleted_at IS NULL ORDER BY email`,
    );
    const fleetPeople = await insertPeople(tx, rng, 150, teams, {
      offset: 100,
      createdAgoDays: 900,
      now,
    });
    const people = [...staff.rows, ...fleetPeople];

    const agents = new Map<string, string>();
    const known = await tx.query<{ id: string; name: string }>(
      `SELECT id, name FROM agents WHERE deleted_at IS NULL`,
    );
    for (const row of known.rows) agents.set(row.name, row.id);
    const ctx = new SeedContext(rng, now, admin, people, teams, agents);
    const fleet = buildFleetInfrastructure(ctx, sizes);
    const agentRows: Row[] = [];
    for (const name of new Set(fleet.plan.canaries.map((canary) => canary.agent))) {
      if (agents.has(name)) continue;
      const id = rng.uuid();
      agents.set(name, id);
      agentRows.push({
        id,
        name,
        hostname: `agent-${name}`,
        description: `Fleet agent for ${name.replace('fleet-', '')}`,
        version: '0.4.2',
        properties: { type: 'agent' },
        created_by: admin,
        created_at: at(rng.int(30, 300) * 1440),
        last_seen: at(rng.float(0.05, 1)),
        last_received: at(rng.float(0.05, 1)),
      });
    }
    await insertRows(tx, 'agents', agentRows);
    lap(
      `people, teams, agents and the fleet in memory (${fleet.world.configs.length} config items)`,
    );

    const canaryRows = fleet.plan.canaries.map((canary) => ({
      id: canary.id,
      agent_id: agents.get(canary.agent),
      name: canary.name,
      namespace: 'monitoring',
      labels: { cluster: canary.cluster, scope: 'fleet' },
      annotations: { [SYNTHETIC_ANNOTATION]: 'true' },
      spec: { interval: 3600, schedule: '@every 1h' },
      source: 'KubernetesCRD',
      created_by: admin,
      created_at: at(60 * 1440),
      updated_at: at(60 * 1440),
    }));
    const checkRows = fleet.plan.checks.map((check) => ({
      id: check.id,
      canary_id: check.canaryId,
      agent_id: agents.get(check.agent),
      type: check.type,
      name: check.name,
      namespace: check.namespace,
      description: check.description,
      icon: check.type,
      spec: check.spec,
      labels: check.labels,
      severity: rng.weighted([
        ['low', 4],
        ['medium', 4],
        ['high', 2],
        ['critical', 1],
      ] as const),
      owner: check.labels.app ?? null,
      created_at: at(60 * 1440),
      updated_at: at(60 * 1440),
    }));
    await insertRows(tx, 'canaries', canaryRows);
    await insertRows(tx, 'checks', checkRows);
    await insertRows(
      tx,
      'job_history',
      fleet.plan.canaries.map((canary) => ({
        id: rng.uuid(),
        agent_id: agents.get(canary.agent),
        name: 'CanarySync',
        success_count: fleet.plan.checks.filter((check) => check.canaryId === canary.id).length,
        error_count: 0,
        hostname: 'vigil',
        duration_millis: rng.int(200, 900),
        resource_type: 'canary',
        resource_id: canary.id,
        status: 'SUCCESS',
        time_start: at(12),
        time_end: at(11.99),
        created_at: at(12),
      })),
    );
    lap(`canaries and checks (${canaryRows.length} canaries, ${checkRows.length} checks)`);

    const history = fleet.plan.checks.map((check) => ({
      id: check.id,
      salt: rng.int(1, 2 ** 31 - 1),
      latency: check.latency,
      spread: check.spread,
      flaky: check.flaky,
      episodes: check.episodes,
      stopped: 0,
      okMessage: okMessage(check.type),
      error: errorFor(check.type),
    }));
    // 1.68 M statuses: the primary key and the time index are built once, after the rows, and
    // the health summary's status parts (a statement trigger that reads each check's statuses
    // through the primary key) are rendered once, after the index.
    const summaryTrigger = await hasTrigger(tx, 'check_statuses', SUMMARY_TRIGGER);
    if (summaryTrigger) await setTriggers(tx, 'check_statuses', [SUMMARY_TRIGGER], false);
    const statusKeys = await dropForeignKeys(tx, 'check_statuses');
    const statusIndexes = await dropIndexes(tx, 'check_statuses', { primaryKey: true });
    // New storage for the load where COPY is (PGlite): written frozen, without WAL (bulk-load.ts).
    const freshStatuses = Boolean(copyTarget(tx)) && (await freshStorage(tx, 'check_statuses'));
    const summary = await insertHistory(tx, history, {
      steps: HISTORY_HOURS,
      stepSeconds: 3600,
      anchor: new Date(now),
      freeze: freshStatuses,
    });
    lap(`check history (${history.length} checks × ${HISTORY_HOURS} hourly steps)`);
    await rebuildIndexes(tx, [...statusIndexes, ...statusKeys], { log });
    lap(`check history keys and indexes (${statusIndexes.length + statusKeys.length})`);
    if (summaryTrigger) {
      await setTriggers(tx, 'check_statuses', [SUMMARY_TRIGGER], true);
      await tx.query(`SELECT vigil_render_check_status($1::uuid[])`, [
        history.map((check) => check.id),
      ]);
    }
    lap('health summary status parts');
    const ids = history.map((check) => check.id);
    // The checks' state and the daily roll-ups: from what the COPY of the statuses gathered, else
    // from one pass over the statuses (history.ts).
    if (summary && (await utcSession(tx))) await writeStateAndDailyRollups(tx, 3600, summary);
    else await insertStateAndDailyRollups(tx, 3600, ids);
    lap('check state and daily roll-ups');

    buildFleetOperations(ctx, sizes, fleet);
    // The bench incident (BENCH_INCIDENT_ID: 200 hypotheses, 500 evidences), from a generator of
    // its own so that the rest of the fleet stays as it was.
    generateBenchIncident(ctx, new Rng((options.seed ?? DEMO_SEED) + 13_013), {
      checks: fleet.plan.checks,
      components: (ctx.rows.get('components') ?? []).map((row) => ({
        id: String(row.id),
        name: String(row.name),
      })),
      configs: fleet.world.configs.filter((config) => !config.deleted),
    });
    lap('generate changes, topology, incidents, playbooks, notifications');
    // Foreign keys after the indexes (a key needs the referenced table's unique index).
    const deferred: string[] = [];
    const keys: string[] = [];
    for (const table of BULK_TABLES) {
      deferred.push(...(await dropIndexes(tx, table)));
      keys.push(...(await dropForeignKeys(tx, table)));
    }
    deferred.push(...keys);
    lap(`${deferred.length} secondary indexes and foreign keys dropped for the load`);
    const timings: Timings = [];
    await writeWorld(tx, ctx, timings, options.keyring, { bulk: true });
    for (const [label, ms] of timings) log(`    ${label}: ${Math.round(ms)} ms`);
    lap('write');
    const bulk = await insertBulkChanges(tx, {
      target: sizes.configChanges,
      configIds: fleet.world.configs.map((config) => config.id),
      now,
      seed: options.seed ?? DEMO_SEED,
      log,
    });
    lap(
      `config changes up to ${sizes.configChanges.toLocaleString('en-US')} (${bulk.toLocaleString('en-US')} in SQL)`,
    );
    await rebuildIndexes(tx, deferred, { log });
    lap(`${deferred.length} secondary indexes and foreign keys rebuilt`);
    const lines = await seedFleetLogs(tx, {
      target: logLinesFor(sizes),
      now,
      seed: options.seed ?? DEMO_SEED,
      log,
    });
    lap(
      `log lines up to ${logLinesFor(sizes).toLocaleString('en-US')} (${lines.toLocaleString('en-US')} added)`,
    );
  });
  // A bulk load leaves the visibility map empty: vacuum so index-only scans (the catalog summary's
  // covering index, the changes' time-window counts) work at once instead of after autovacuum's
  // first pass. The materialized per-config summaries are refreshed after it, when their million
  // change lookups are index-only too (about ten times faster than inside the load).
  await vacuumAnalyze(db, log);
  lap('VACUUM ANALYZE');
  const views = await db.transaction((tx) => refreshMaterializedViews(tx, log));
  // Only the views changed since the VACUUM ANALYZE above (analysing every table again took as
  // long as the refresh).
  if (views.length > 0) await db.exec(`ANALYZE ${views.join(', ')}`);
  lap('materialized views');
}
