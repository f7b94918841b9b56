/**
 * Console query benchmark (issue 3 §4): representative console requests against the `large`
 * dataset, on PGlite and on PostgreSQL. For each request it reports the median and p95 latency
 * through the server (the Hono app in-process: auth, RBAC, the PostgREST engine or the endpoint,
 * JSON serialisation) and the median of the very same SQL statements replayed directly on the
 * database, and the ratio of the two.
 *
 * Run: `npx tsx bench/queries.ts` (npm run bench calls it). Environment:
 *   BENCH_BACKENDS=pglite,postgres   which databases (PostgreSQL needs its binaries installed)
 *   BENCH_SCALE=large|demo           dataset (demo for a quick look)
 *   BENCH_RUNS=30                    measured runs per request
 *   BENCH_ONLY=catalog,changes       only the requests whose name contains one of the words
 *   BENCH_PGLITE_DIR=path            an already seeded PGlite folder to measure instead of the cache
 * The seeded PGlite directory is cached in .tmp/bench/ keyed by a hash of the migrations and the
 * seed code, so a second run skips the load (bench/large-db.ts).
 *
 * Catalog figures at the large scale (1,000,000 config changes), PGlite, 2026-11-24, server
 * median / p95 (bench/results/queries-large.json; its PostgreSQL rows are of an earlier run on a
 * busy machine, before migration 0021, each row carries its date):
 *   grouped summary 696 / 841 ms; list by type 15 / 24 ms; list search 438 / 567 ms;
 *   changes, last 2 days 82 / 135 ms (4,291 ms before 0020); changes of pods 356 / 411 ms;
 *   changes by change type 28 / 39 ms (1,081 ms); a namespace's changes, downstream 18 / 26 ms;
 *   config detail 11–38 ms (1,172–1,383 ms); filter lists: change types 4 ms (162), config types
 *   4 ms (90), tags 5 ms (418), labels 9 ms (1,384); related configs of a namespace 11 ms.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../server/src/app';
import { testConfig } from '../server/src/config';
import { migrate } from '../server/src/db/migrate';
import { openPglite } from '../server/src/db/pglite';
import { openPostgres } from '../server/src/db/postgres';
import type { Db, Queryable, QueryResult } from '../server/src/db/types';
import { createEngine } from '../server/src/postgrest/engine';
import { loadIfEmpty, seededPgliteDir } from './large-db';
import { postgresAvailable, startPostgres } from '../server/test/helpers/postgres-server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const SCALE = process.env.BENCH_SCALE === 'demo' ? 'demo' : 'large';
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
/** BENCH_ONLY=catalog,changes: only the requests whose name contains one of the words. */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);

interface Statement {
  sql: string;
  params: readonly unknown[];
  inTransaction: boolean;
}

/** A Db that can record the statements a request runs, to replay them directly afterwards. */
function recording(db: Db): { db: Db; start(): void; stop(): Statement[] } {
  let log: Statement[] | undefined;
  const wrap = (target: Queryable, inTransaction: boolean): Queryable => ({
    query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      log?.push({ sql, params, inTransaction });
      return target.query<T>(sql, params);
    },
    exec(sql: string) {
      log?.push({ sql, params: [], inTransaction });
      return target.exec(sql);
    },
  });
  const wrapped: Db = {
    kind: db.kind,
    ...wrap(db, false),
    transaction: (fn, options) => db.transaction((tx) => fn(wrap(tx, true)), options),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    start: () => {
      log = [];
    },
    stop: () => {
      const out = log ?? [];
      log = undefined;
      return out;
    },
  };
}

async function replay(db: Db, statements: Statement[]): Promise<void> {
  const outside = statements.filter((statement) => !statement.inTransaction);
  const inside = statements.filter((statement) => statement.inTransaction);
  for (const statement of outside) await db.query(statement.sql, statement.params);
  if (inside.length > 0) {
    await db.transaction(async (tx) => {
      for (const statement of inside) await tx.query(statement.sql, statement.params);
    });
  }
}

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function cases(db: Db): Promise<Case[]> {
  const one = async (sql: string): Promise<string | undefined> => {
    const result = await db.query<{ id: string }>(sql);
    return result.rows[0]?.id;
  };
  const incident = await one(
    `SELECT i.id FROM incidents i LEFT JOIN hypotheses h ON h.incident_id = i.id
     GROUP BY i.id ORDER BY count(h.id) DESC, i.id LIMIT 1`,
  );
  const config = await one(
    `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  // The worst case: the config whose outgoing walk reaches the most configs (an account root).
  const hub = await one(
    `SELECT config_id AS id FROM config_relationships GROUP BY config_id ORDER BY count(*) DESC, config_id LIMIT 1`,
  );
  // A namespace: the changes of its workloads (downstream) and a mid-sized relationships graph.
  const namespace = await one(
    `SELECT r.config_id AS id FROM config_relationships r JOIN config_items ci ON ci.id = r.config_id
     WHERE ci.type = 'Kubernetes::Namespace' AND ci.deleted_at IS NULL
     GROUP BY r.config_id ORDER BY count(*) DESC, r.config_id LIMIT 1`,
  );
  const check = await one(
    `SELECT check_id AS id FROM check_statuses GROUP BY check_id ORDER BY count(*) DESC, check_id LIMIT 1`,
  );
  const label = await db.query<{ key: string; value: string }>(
    `SELECT l.key, l.value FROM config_items ci, jsonb_each_text(ci.labels) l
     WHERE ci.deleted_at IS NULL GROUP BY l.key, l.value ORDER BY count(*) DESC, l.key LIMIT 1`,
  );
  const { key = 'env', value = 'prod' } = label.rows[0] ?? {};
  const avatar = 'id,name,avatar';
  const configList =
    'select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';
  const search = (term: string): string =>
    `or=(${['name', 'type', 'description', 'namespace'].map((column) => `${column}.ilike.*${term}*`).join(',')})`;
  // The changes list as the console asks for it (its defaults: page 1 of 200, newest first,
  // deleted configs hidden, the last 2 days).
  const changes = {
    page: 1,
    page_size: 200,
    sort_by: '-created_at',
    include_deleted_configs: false,
  };
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const all: Case[] = [
    { name: 'health summary', method: 'GET', path: '/api/canary/api/summary' },
    {
      name: 'catalog list, label filter, count=exact',
      method: 'GET',
      path: `/api/db/configs?select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)&or=(and(labels->>${key}.eq.${encodeURIComponent(value)}))&deleted_at=is.null&order=type.asc,name.asc&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'catalog grouped summary',
      method: 'POST',
      path: '/api/catalog/summary',
      body: {
        groupBy: ['type'],
        changes: { since: '30d' },
        analysis: { since: '30d' },
        cost: '30d',
      },
    },
    {
      name: 'catalog list, type filter (pods), count=exact',
      method: 'GET',
      path: `/api/db/configs?${configList}&type=eq.Kubernetes::Pod&deleted_at=is.null&order=type.asc,name.asc&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'catalog list, search, count=exact',
      method: 'GET',
      path: `/api/db/configs?${configList}&${search('redis')}&deleted_at=is.null&order=type.asc,name.asc&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'catalog list, pods by changes, count=exact',
      method: 'GET',
      path: `/api/db/configs?${configList}&type=eq.Kubernetes::Pod&deleted_at=is.null&order=changes.desc&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'config changes, last 2 days',
      method: 'POST',
      path: '/api/catalog/changes',
      body: changes,
    },
    {
      name: 'config changes, last 2 days, page 5',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, page: 5 },
    },
    {
      name: 'config changes, config type (pods)',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, config_type: 'Kubernetes::Pod' },
    },
    {
      name: 'config changes, config type (rare: IAM roles)',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, config_type: 'AWS::IAM::Role' },
    },
    {
      name: 'config changes, change type (diff)',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, type: 'diff' },
    },
    {
      name: 'config changes, last 30 days',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, from: 'now-30d' },
    },
    {
      name: 'config changes of a namespace, downstream',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, id: namespace, recursive: 'downstream', depth: 5 },
    },
    {
      name: 'config changes of the largest graph, downstream',
      method: 'POST',
      path: '/api/catalog/changes',
      body: { ...changes, id: hub, recursive: 'downstream', depth: 5 },
    },
    {
      name: 'config detail with tab counts (a namespace)',
      method: 'GET',
      path: `/api/db/config_detail?id=eq.${namespace}&select=*,config_scrapers(id,name)`,
    },
    {
      name: 'config detail with tab counts (largest graph)',
      method: 'GET',
      path: `/api/db/config_detail?id=eq.${hub}&select=*,config_scrapers(id,name)`,
    },
    // The option lists the catalog filters load beside the first page.
    { name: 'catalog filter options: change types', method: 'GET', path: '/api/db/change_types' },
    { name: 'catalog filter options: config types', method: 'GET', path: '/api/db/config_types' },
    { name: 'catalog filter options: config tags', method: 'GET', path: '/api/db/config_tags' },
    {
      name: 'catalog filter options: config labels',
      method: 'GET',
      path: '/api/db/config_labels',
    },
    {
      name: 'incident list (open)',
      method: 'GET',
      path: `/api/db/incidents?select=id,incident_id,title,severity,type,status,created_at,updated_at,created_by,commander:commander_id(${avatar}),responders(id,type,deleted_at,person:person_id(${avatar}),team:team_id(id,name,icon))&responders.deleted_at=is.null&order=created_at.desc&status=eq.open&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'incident with its full embed tree',
      method: 'GET',
      path: `/api/db/incidents?id=eq.${incident}&select=*,hypotheses(*,created_by(${avatar}),evidences(*,created_by(${avatar})),comments(created_at,comment,external_created_by,responder_id(team_id(*)),created_by(${avatar}),id)),commander:commander_id(${avatar}),communicator_id(${avatar}),responders(created_by(${avatar}))`,
    },
    {
      name: 'job history page',
      method: 'GET',
      path: `/api/db/job_histories?select=*&limit=150&offset=0&status.filter=!SUCCESS&order=created_at.desc&and=(created_at.gt.${twoDaysAgo})`,
      headers: { Prefer: 'count=exact' },
    },
    {
      name: 'related configs recursive (a deployment)',
      method: 'GET',
      path: `/api/db/rpc/related_configs_recursive?config_id=${config}&include_deleted_configs=false&max_depth=10&type_filter=all`,
    },
    {
      name: 'related configs recursive (a namespace, both ways)',
      method: 'GET',
      path: `/api/db/rpc/related_configs_recursive?config_id=${namespace}&include_deleted_configs=false&max_depth=5&type_filter=all`,
    },
    {
      name: 'related configs recursive (largest graph)',
      method: 'GET',
      path: `/api/db/rpc/related_configs_recursive?config_id=${hub}&include_deleted_configs=false&max_depth=10&type_filter=all`,
    },
    {
      name: 'check status history page',
      method: 'GET',
      path: `/api/db/check_statuses?check_id=eq.${check}&order=time.desc&limit=50&offset=0`,
      headers: { Prefer: 'count=exact' },
    },
  ];
  const missing = { incident, config, hub, namespace, check };
  for (const [name, value] of Object.entries(missing)) {
    if (!value) console.error(`  no ${name} in the dataset: its query is skipped`);
  }
  return all.filter(
    (item) =>
      !item.path.includes('undefined') &&
      !(item.body && Object.values(item.body as object).includes(undefined)) &&
      (!ONLY || ONLY.some((word) => item.name.includes(word))),
  );
}

/** Rows in an endpoint's object answer: the summary's checks, the change search's page. */
function countRows(body: Record<string, unknown>): number {
  for (const key of ['checks_summary', 'changes']) {
    const value = body[key];
    if (Array.isArray(value)) return value.length;
  }
  return 'error' in body || 'code' in body ? 0 : Object.keys(body).length === 0 ? 0 : 1;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export interface QueryFigure {
  backend: string;
  query: string;
  status: number;
  rows: number;
  apiMedianMs: number;
  apiP95Ms: number;
  /** The PostgREST engine alone (no HTTP layer, no authentication), for /api/db requests. */
  engineMedianMs: number | undefined;
  sqlMedianMs: number;
  ratio: number;
}

async function measure(backend: string, base: Db): Promise<QueryFigure[]> {
  const recorder = recording(base);
  // As the server runs it (server/src/data-api.ts): the row cap, and on PostgreSQL a statement
  // timeout carried by the connections rather than a transaction per read.
  const engine = await createEngine({ db: recorder.db, maxRows: 2000 });
  const app = createApp({
    db: recorder.db,
    config: testConfig({ auth: 'none' }),
    engine,
    onError: (error) => console.error(error),
  });
  // The statements authentication runs for every request (the caller lookup): recorded on a
  // request that stops after auth, and left out of the replay, so "SQL" is the query alone and
  // the server figure carries the whole cost of serving it.
  recorder.start();
  await app.request('/api/catalog/bench-auth-probe');
  const authStatements = new Set(recorder.stop().map((statement) => statement.sql));
  const figures: QueryFigure[] = [];
  for (const item of await cases(base)) {
    // Timed runs read the body as text (what a client receives); the probe also parses it to
    // count the rows.
    const request = async (parse = false): Promise<{ status: number; rows: number }> => {
      const response = await app.request(item.path, {
        method: item.method,
        headers: { 'content-type': 'application/json', ...item.headers },
        ...(item.body === undefined ? {} : { body: JSON.stringify(item.body) }),
      });
      const text = await response.text();
      if (!parse) return { status: response.status, rows: -1 };
      const body: unknown = JSON.parse(text);
      const rows = Array.isArray(body) ? body.length : countRows(body as Record<string, unknown>);
      return { status: response.status, rows };
    };
    for (let i = 0; i < WARMUP; i += 1) await request();
    recorder.start();
    const probe = await request(true);
    const statements = recorder
      .stop()
      .filter(
        (statement) => !/^\s*SET LOCAL/i.test(statement.sql) && !authStatements.has(statement.sql),
      );
    const api: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await request();
      api.push(performance.now() - started);
    }
    let engineMedianMs: number | undefined;
    if (item.path.startsWith('/api/db/')) {
      const url = new URL(item.path, 'http://vigil.bench');
      const direct = {
        method: item.method,
        path: url.pathname.slice('/api/db/'.length),
        rawQuery: url.search.replace(/^\?/, ''),
        headers: Object.fromEntries(
          Object.entries(item.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
        ),
        body: item.body === undefined ? undefined : JSON.stringify(item.body),
      };
      const times: number[] = [];
      for (let i = 0; i < WARMUP + RUNS; i += 1) {
        const started = performance.now();
        await engine.handle(direct, () => undefined);
        if (i >= WARMUP) times.push(performance.now() - started);
      }
      engineMedianMs = percentile(times, 50);
    }
    for (let i = 0; i < WARMUP; i += 1) await replay(base, statements);
    const sql: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await replay(base, statements);
      sql.push(performance.now() - started);
    }
    const figure: QueryFigure = {
      backend,
      query: item.name,
      status: probe.status,
      rows: probe.rows,
      apiMedianMs: percentile(api, 50),
      apiP95Ms: percentile(api, 95),
      engineMedianMs,
      sqlMedianMs: percentile(sql, 50),
      ratio: percentile(api, 50) / percentile(sql, 50),
    };
    figures.push(figure);
    console.error(
      `  ${backend} ${item.name}: ${figure.apiMedianMs.toFixed(1)} ms via server, ${figure.sqlMedianMs.toFixed(1)} ms SQL (${probe.status}, ${probe.rows} rows)`,
    );
  }
  return figures;
}

export async function benchQueries(): Promise<QueryFigure[]> {
  const figures: QueryFigure[] = [];
  if (BACKENDS.includes('pglite')) {
    const db = await openPglite(await seededPgliteDir(SCALE));
    try {
      await migrate(db);
      figures.push(...(await measure('PGlite', db)));
    } finally {
      await db.close();
    }
  }
  if (BACKENDS.includes('postgres')) {
    if (!postgresAvailable) {
      console.error('  PostgreSQL binaries not found: skipping the PostgreSQL figures');
    } else {
      const server = await startPostgres();
      const loader = await openPostgres(server.connectionString);
      try {
        await loadIfEmpty(loader, SCALE, 'PostgreSQL');
        await loader.query('ANALYZE');
      } finally {
        await loader.close();
      }
      const db = await openPostgres(server.connectionString, { statementTimeoutMs: 30_000 });
      try {
        figures.push(...(await measure('PostgreSQL', db)));
      } finally {
        await db.close();
        await server.stop();
      }
    }
  }
  return figures;
}

export function printQueries(figures: QueryFigure[]): void {
  const header = [
    'backend',
    'query',
    'status',
    'rows',
    'server median',
    'server p95',
    'engine median',
    'SQL median',
    'server/SQL',
    'engine/SQL',
  ];
  const rows = figures.map((figure) => [
    figure.backend,
    figure.query,
    String(figure.status),
    String(figure.rows),
    `${figure.apiMedianMs.toFixed(1)} ms`,
    `${figure.apiP95Ms.toFixed(1)} ms`,
    figure.engineMedianMs === undefined ? '—' : `${figure.engineMedianMs.toFixed(1)} ms`,
    `${figure.sqlMedianMs.toFixed(1)} ms`,
    `${figure.ratio.toFixed(2)}×`,
    figure.engineMedianMs === undefined
      ? '—'
      : `${(figure.engineMedianMs / figure.sqlMedianMs).toFixed(2)}×`,
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index]?.length ?? 0)),
  );
  const line = (cells: string[]): string =>
    cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchQueries();
  printQueries(figures);
  // A partial run (some requests, or a folder of one's own) does not replace the kept figures.
  if (ONLY || process.env.BENCH_PGLITE_DIR) process.exit(0);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const file = join(root, 'bench', 'results', `queries-${SCALE}.json`);
  // A run of one backend (BENCH_BACKENDS) keeps the other backend's figures of the last run.
  const measured = new Set(figures.map((figure) => figure.backend));
  let kept: (QueryFigure & { measuredAt?: string })[] = [];
  try {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as {
      measuredAt?: string;
      figures?: (QueryFigure & { measuredAt?: string })[];
    };
    kept = (previous.figures ?? [])
      .filter((figure) => !measured.has(figure.backend))
      .map((figure) => ({ ...figure, measuredAt: figure.measuredAt ?? previous.measuredAt }));
  } catch {
    // no earlier figures
  }
  const measuredAt = new Date().toISOString();
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt, node: process.version, scale: SCALE, runs: RUNS, figures: [...figures.map((figure) => ({ ...figure, measuredAt })), ...kept] }, null, 2)}\n`,
  );
}
