/**
 * Log lines of the seeds (issue 12, docs/logs.md): log selectors on the topology components and
 * generated lines in Vigil's log store (vigil_logs). The demo gets about 6,000 lines over its
 * components; the large dataset tops the store up to 1,000,000 lines over the fleet's.
 *
 * Selectors by component type: workloads (Deployment, StatefulSet, DaemonSet, CronJob) read their
 * `app` container and, for Deployments, the `istio-proxy` sidecar; nodes their `kubelet` and
 * `containerd` units; clusters their `events`; the Applications services their `access` log. The
 * `vigil` Deployment also reads the server's own stream (health-check runs, scheduler and job
 * events) through selectors of type `vigil`.
 *
 * Lines are generated in SQL (INSERT … SELECT over generate_series, like bulk-changes.ts):
 * deterministic for a seed and anchor (random() seeded per batch), times rising with the row
 * number (so the BRIN index of retention stays tight) and dense towards now (about a sixth of
 * them in the last quarter of an hour of the demo's two days). Streams differ as in a real
 * fleet: a tenth of the components write ten times as much, and one in 400 (a few noisy nodes at
 * `large`, each with 50,000 to 100,000 lines) four hundred times as much.
 */
import type { Queryable } from '../db/types';
import { freshStorage, rebuildIndexes } from './bulk-load';
import { BinaryCopy, copyInBatches, copyTarget, readJsonRows } from './copy';
import { md5Hex } from './md5';
import { batchRandom, cube, PgRandom, rint } from './pg-random';
import { dropLogSearchIndex, LOG_SEARCH_INDEX } from './log-search-index';

interface Template {
  kind: string;
  level: 'debug' | 'info' | 'warn' | 'error';
  /** `{name}`, `{ns}`, `{n}`, `{ms}`, `{id}`, `{ip}`, `{status}` are filled per line. */
  message: string;
  weight?: number;
}

const ESC = '\u001b';

const TEMPLATES: Template[] = [
  { kind: 'app', level: 'info', message: 'GET /api/v1/{name}/items 200 {ms}ms', weight: 6 },
  { kind: 'app', level: 'info', message: 'POST /api/v1/{name}/orders 201 {ms}ms', weight: 3 },
  {
    kind: 'app',
    level: 'info',
    message: 'request completed method=GET path=/healthz status=200 duration={ms}ms',
    weight: 5,
  },
  { kind: 'app', level: 'debug', message: 'cache hit key={name}:{id}', weight: 3 },
  { kind: 'app', level: 'info', message: 'processed batch of {n} events in {ms}ms', weight: 3 },
  {
    kind: 'app',
    level: 'info',
    message: `${ESC}[32mINFO${ESC}[0m connected to postgres at db.{ns}.svc:5432 (pool size 10)`,
  },
  {
    kind: 'app',
    level: 'warn',
    message: 'slow query took {n}ms: SELECT * FROM orders WHERE customer_id = $1',
    weight: 2,
  },
  {
    kind: 'app',
    level: 'warn',
    message: 'retrying request to upstream {name}-backend.{ns}.svc (attempt 2/3)',
  },
  {
    kind: 'app',
    level: 'error',
    message:
      'upstream request failed: context deadline exceeded (Client.Timeout exceeded while awaiting headers) request_id={id}',
  },
  {
    kind: 'app',
    level: 'error',
    message: `${ESC}[31mERROR${ESC}[0m failed to process message {id}: dial tcp {ip}:5672: connect: connection refused`,
  },
  {
    kind: 'app',
    level: 'error',
    message: 'payment provider answered 503, see https://status.example.com/incidents/{id}',
  },
  {
    kind: 'istio-proxy',
    level: 'info',
    message:
      '"GET /api/v1/items HTTP/1.1" {status} - via_upstream - "-" 0 {n} {ms} {ms} "{ip}" "Go-http-client/1.1" "{id}" "{name}.{ns}.svc.cluster.local:8080"',
    weight: 6,
  },
  {
    kind: 'istio-proxy',
    level: 'warn',
    message:
      'upstream connect error or disconnect/reset before headers. reset reason: connection termination ({name}.{ns})',
  },
  {
    kind: 'kubelet',
    level: 'info',
    message: 'SyncLoop (PLEG): event for pod {id} on node {name} type=ContainerStarted',
    weight: 4,
  },
  {
    kind: 'kubelet',
    level: 'info',
    message: 'Successfully pulled image "registry.example.com/{name}:1.{n}" in {ms}ms',
    weight: 2,
  },
  {
    kind: 'kubelet',
    level: 'warn',
    message: 'Readiness probe failed: HTTP probe failed with statuscode: 503 pod={name}-{id}',
  },
  {
    kind: 'kubelet',
    level: 'error',
    message: 'Failed to garbage collect required amount of images. Wanted to free {n} bytes',
  },
  {
    kind: 'containerd',
    level: 'info',
    message: 'starting container process id={id} runtime=io.containerd.runc.v2',
    weight: 3,
  },
  { kind: 'containerd', level: 'warn', message: 'cleaning up dead shim id={id}' },
  {
    kind: 'events',
    level: 'info',
    message: 'Scaled up replica set checkout-{id} to 3',
    weight: 2,
  },
  {
    kind: 'events',
    level: 'info',
    message: 'Node ip-10-0-{n}.ec2.internal status is now: NodeReady',
  },
  {
    kind: 'events',
    level: 'warn',
    message: 'Back-off restarting failed container app in pod worker-{id} ({name})',
  },
  {
    kind: 'access',
    level: 'info',
    message: '{ip} - - "GET /{name}/v1/status HTTP/1.1" 200 {n} "-" "kube-probe/1.29" {ms}ms',
    weight: 5,
  },
  {
    kind: 'access',
    level: 'warn',
    message: '{ip} - - "POST /{name}/v1/checkout HTTP/1.1" 429 {n} "-" "Mozilla/5.0" {ms}ms',
  },
  {
    kind: 'access',
    level: 'error',
    message: '{ip} - - "POST /{name}/v1/checkout HTTP/1.1" 502 {n} "-" "Mozilla/5.0" {ms}ms',
  },
  {
    kind: 'health-check',
    level: 'info',
    message: 'check "{name}" passed in {ms}ms',
    weight: 8,
  },
  {
    kind: 'health-check',
    level: 'warn',
    message: 'check "{name}" failed after {ms}ms: expected status 200, got 503',
  },
  {
    kind: 'scheduler',
    level: 'info',
    message: 'canary sync: {n} checks scheduled',
    weight: 3,
  },
  { kind: 'scheduler', level: 'info', message: 'job history: purged expired claims' },
];

/** The label a kind of line carries its kind in (selectors match on it). */
const KIND_LABEL: Record<string, string> = {
  app: 'container',
  'istio-proxy': 'container',
  kubelet: 'unit',
  containerd: 'unit',
  events: 'source',
  access: 'log',
  'health-check': 'source',
  scheduler: 'source',
};

/** Streams per component type: [kind, relative volume]. */
const KINDS: Record<string, [string, number][]> = {
  KubernetesDeployment: [
    ['app', 3],
    ['istio-proxy', 1],
  ],
  KubernetesStatefulSet: [['app', 3]],
  KubernetesDaemonSet: [['app', 1]],
  KubernetesCronJob: [['app', 1]],
  KubernetesNode: [
    ['kubelet', 2],
    ['containerd', 1],
  ],
  KubernetesCluster: [['events', 2]],
  Service: [['access', 2]],
};

/** The server's own lines in the demo (selectors of type `vigil` read them). */
const VIGIL_KINDS: [string, number][] = [
  ['health-check', 2],
  ['scheduler', 1],
];

function selectorsFor(type: string): unknown[] {
  return (KINDS[type] ?? []).map(([kind]) => ({
    name: kind,
    labels: { [KIND_LABEL[kind] ?? 'source']: kind },
  }));
}

/** The Deployment that stands for this server in the demo's clusters. */
const VIGIL_COMPONENT = '%/platform/vigil';

export const DEMO_LOG_LINES = 6_000;
export const LARGE_LOG_LINES = 1_000_000;
const BATCH = 100_000;

/** The large dataset's lines: 1,000,000 at the full scale, fewer for a scaled-down fleet. */
export function logLinesFor(sizes: { configChanges: number }): number {
  return Math.min(LARGE_LOG_LINES, sizes.configChanges);
}
const REBUILD_INDEXES_ABOVE = 200_000;

function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Give every component of a known type without selectors its log selectors, and the `vigil`
 * Deployments the server's own selectors. Returns how many components were given selectors.
 */
export async function addLogSelectors(tx: Queryable): Promise<number> {
  const cases = Object.keys(KINDS)
    .map((type) => `WHEN ${literal(type)} THEN ${literal(JSON.stringify(selectorsFor(type)))}`)
    .join(' ');
  const result = await tx.query(
    `UPDATE components SET log_selectors = (CASE type ${cases} END)::jsonb
       || CASE WHEN external_id LIKE $2 AND type = 'KubernetesDeployment' THEN $1::jsonb
          ELSE '[]'::jsonb END
     WHERE deleted_at IS NULL AND log_selectors IS NULL AND type = ANY($3::text[])`,
    [
      JSON.stringify(
        VIGIL_KINDS.map(([kind]) => ({ name: kind, type: 'vigil', labels: { source: kind } })),
      ),
      VIGIL_COMPONENT,
      Object.keys(KINDS),
    ],
  );
  return result.affectedRows;
}

interface GenerateOptions {
  /** Lines to add. */
  lines: number;
  /** Only these components' streams (undefined: every component with selectors). */
  componentIds?: readonly string[];
  /** Whether the server's own stream gets lines too. */
  vigilStream: boolean;
  /** How far back the lines go, in minutes. */
  spanMinutes: number;
  now: number;
  seed: number;
  log?: (line: string) => void;
  /** Drop the trigram search index for a large load and leave it to buildLogSearchIndex. */
  deferSearchIndex?: boolean;
  /** Loads of at least this many lines drop and rebuild the secondary indexes (200,000). */
  rebuildIndexesAbove?: number;
}

/** Generate lines into vigil_logs over the chosen components' streams; returns the count. */
export async function generateLogLines(tx: Queryable, options: GenerateOptions): Promise<number> {
  if (options.lines <= 0) return 0;
  const templateRows = TEMPLATES.flatMap((template) =>
    Array.from({ length: template.weight ?? 1 }, () => template),
  );
  await tx.exec(`
    DROP TABLE IF EXISTS seed_log_templates;
    CREATE TEMP TABLE seed_log_templates ON COMMIT DROP AS
    SELECT kind, (row_number() OVER (PARTITION BY kind ORDER BY ord))::integer AS k, level, message
    FROM (VALUES ${templateRows
      .map(
        (template, index) =>
          `(${index}, ${[template.kind, template.level, template.message].map(literal).join(', ')})`,
      )
      .join(',\n      ')}) AS t(ord, kind, level, message);
    DROP TABLE IF EXISTS seed_log_kinds;
    CREATE TEMP TABLE seed_log_kinds ON COMMIT DROP AS
    SELECT * FROM (VALUES ${Object.entries(KINDS)
      .flatMap(([type, kinds]) =>
        kinds.map(
          ([kind, weight]) =>
            `(${literal(type)}, ${literal(kind)}, ${literal(KIND_LABEL[kind] ?? 'source')}, ${weight})`,
        ),
      )
      .join(', ')}) AS k(type, kind, label, weight);
  `);
  // Every stream (component × kind), repeated by its weight: a pick by row number is a weighted
  // pick. By id, one component in 400 is 400 times busier and a tenth are ten times busier.
  await tx.query(`DROP TABLE IF EXISTS seed_log_streams`);
  await tx.query(
    `CREATE TEMP TABLE seed_log_streams ON COMMIT DROP AS
     SELECT (row_number() OVER (ORDER BY s.external_id, s.kind, w))::integer AS n, s.*,
       (SELECT count(*) FROM seed_log_templates t WHERE t.kind = s.kind)::integer AS templates
     FROM (
       SELECT c.external_id, regexp_replace(c.external_id, '^.*/', '') AS name,
         coalesce(c.namespace, 'default') AS namespace, k.kind,
         k.label, k.weight
           * CASE WHEN ('x' || substr(md5(c.id::text), 1, 3))::bit(12)::integer < 10 THEN 400
                  WHEN ('x' || substr(md5(c.id::text), 1, 2))::bit(8)::integer < 26 THEN 10
                  ELSE 1 END
           AS weight
       FROM components c JOIN seed_log_kinds k ON k.type = c.type
       WHERE c.deleted_at IS NULL AND c.external_id IS NOT NULL AND c.external_id <> ''
         AND jsonb_typeof(c.log_selectors) = 'array' AND jsonb_array_length(c.log_selectors) > 0
         AND ($1::uuid[] IS NULL OR c.id = ANY($1::uuid[]))
       UNION ALL
       SELECT 'vigil', 'vigil /api/health', 'vigil', v.kind, 'source', v.weight * 4
       FROM (VALUES ('health-check', 2), ('scheduler', 1)) AS v(kind, weight)
       WHERE $2::boolean
     ) s CROSS JOIN LATERAL generate_series(1, s.weight) AS w`,
    [options.componentIds ? [...options.componentIds] : null, options.vigilStream],
  );
  await tx.exec(`ANALYZE seed_log_templates; ANALYZE seed_log_streams;`);
  const slots = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM seed_log_streams`);
  const size = Number(slots.rows[0]?.n ?? 0);
  if (size === 0) return 0;

  // A large load is several times faster into a table without its secondary indexes: they are
  // dropped and rebuilt from their own definitions.
  const rebuild: string[] = [];
  if (options.lines >= (options.rebuildIndexesAbove ?? REBUILD_INDEXES_ABOVE)) {
    // The trigram index is the costliest of them (a GIN over every message's trigrams): it is
    // not rebuilt here but after the server is ready (log-search-index.ts); search is correct
    // without it, only slower for a rare term in a large stream.
    if (options.deferSearchIndex && (await dropLogSearchIndex(tx))) {
      options.log?.(`    ${LOG_SEARCH_INDEX} deferred to after start-up`);
    }
    const indexes = await tx.query<{ name: string; def: string }>(
      `SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
       WHERE i.indrelid = 'vigil_logs'::regclass AND NOT i.indisprimary ORDER BY ic.relname`,
    );
    for (const index of indexes.rows) {
      await tx.exec(`DROP INDEX ${index.name}`);
      rebuild.push(index.def);
    }
  }
  const total = options.lines;
  let inserted = 0;
  const target = copyTarget(tx);
  // A large load on PGlite goes into new storage (bulk-load.ts freshStorage: COPY FREEZE, no WAL).
  const fresh = Boolean(target) && rebuild.length > 0 && (await freshStorage(tx, 'vigil_logs'));
  if (target) {
    // The same lines from JavaScript through COPY (PGlite on a data directory): logLines replays
    // the INSERT below row for row.
    const streams = await readLogStreams(tx, size);
    const byKind = new Map<string, Template[]>();
    for (const template of templateRows) {
      const list = byKind.get(template.kind) ?? [];
      list.push(template);
      byKind.set(template.kind, list);
    }
    inserted = await copyInBatches(target, 'vigil_logs', LOG_COLUMNS, {
      done: inserted,
      total,
      batchSize: BATCH,
      freeze: fresh,
      build: ({ from, to, batch }) =>
        logLines({
          from,
          to,
          total,
          random: batchRandom(options.seed, 11, batch, 173),
          streams,
          byKind,
          nowMicros: new Date(options.now).getTime() * 1000,
          spanMinutes: options.spanMinutes,
          seed: String(options.seed),
        }),
      progress: (done, ms) => {
        if (total >= REBUILD_INDEXES_ABOVE) {
          options.log?.(
            `    log lines ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}: ${ms} ms`,
          );
        }
      },
    });
  }
  for (let batch = 0; inserted < total; batch += 1) {
    const rows = Math.min(BATCH, total - inserted);
    const started = performance.now();
    await tx.query(`SELECT setseed($1::double precision)`, [
      (((options.seed * 11 + batch * 173) % 1999) - 999) / 1000,
    ]);
    // Minutes ago fall with the row number along (1 - i/N)^3: times rise through the load and
    // crowd towards now. Each batch is written stream by stream: a stream's lines of one batch
    // share heap pages (a search counts a large stream's matches from about a thousand pages
    // rather than one page per line), and each batch still covers its own slice of time (the
    // BRIN index of retention stays tight).
    const result = await tx.query(
      `INSERT INTO vigil_logs (logged_at, external_id, level, message, labels)
       SELECT $4::timestamptz - make_interval(secs => $5::double precision * 60
                * power(1 - (g.i - 0.5) / $6::double precision, 3)),
         s.external_id, t.level,
         replace(replace(replace(replace(replace(replace(replace(t.message,
           '{name}', s.name), '{ns}', s.namespace), '{n}', (1 + floor(g.r3 * 5000))::text),
           '{ms}', (1 + floor(power(g.r4, 3) * 3000))::text), '{id}', substr(md5(g.i::text || $7::text), 1, 8)),
           '{ip}', '10.' || floor(g.r3 * 250)::text || '.' || floor(g.r4 * 250)::text || '.' || (1 + floor(g.r2 * 250))::text),
           '{status}', (CASE WHEN g.r4 < 0.9 THEN 200 ELSE 503 END)::text),
         jsonb_build_object(s.label, s.kind)
           || CASE WHEN s.label = 'container'
                THEN jsonb_build_object('namespace', s.namespace,
                  'pod', s.name || '-' || substr(md5(s.external_id || floor(g.r2 * 3)::text), 1, 5))
                ELSE '{}'::jsonb END
       FROM (SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4
             FROM generate_series($1::integer, $2::integer) AS i OFFSET 0) g
       JOIN seed_log_streams s ON s.n = 1 + floor(g.r1 * $3::integer)::integer
       JOIN seed_log_templates t ON t.kind = s.kind
         AND t.k = 1 + floor(g.r2 * s.templates)::integer
       ORDER BY s.external_id, g.i`,
      [
        inserted + 1,
        inserted + rows,
        size,
        new Date(options.now).toISOString(),
        options.spanMinutes,
        total,
        options.seed,
      ],
    );
    if (result.affectedRows < rows) {
      throw new Error(`seed logs: ${result.affectedRows} of ${rows} rows`);
    }
    inserted += rows;
    if (total >= REBUILD_INDEXES_ABOVE) {
      options.log?.(
        `    log lines ${inserted.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}: ${Math.round(performance.now() - started)} ms`,
      );
    }
  }
  const started = performance.now();
  await rebuildIndexes(tx, rebuild, { log: options.log });
  if (rebuild.length > 0) {
    options.log?.(
      `    ${rebuild.length} indexes of vigil_logs rebuilt: ${Math.round(performance.now() - started)} ms`,
    );
  }
  return inserted;
}

const LOG_COLUMNS = ['logged_at', 'external_id', 'level', 'message', 'labels'];

interface LogStream {
  externalId: string;
  name: string;
  namespace: string;
  kind: string;
  label: string;
  templates: number;
  /** The stream's place in external_id order (bytewise, as the C collation sorts). */
  rank: number;
}

/** seed_log_streams from the database, as a slot (n - 1) to stream table. */
async function readLogStreams(tx: Queryable, size: number): Promise<LogStream[]> {
  // n, external_id, name, namespace, kind, label, templates
  type Row = [number, string, string, string, string, string, number];
  const rows = await readJsonRows<Row>(
    tx,
    `SELECT json_agg(json_build_array(n, external_id, name, namespace, kind, label, templates)
       ORDER BY n)::text AS data FROM seed_log_streams`,
  );
  if (rows.length !== size || rows.some(([n], index) => n !== index + 1)) {
    throw new Error('seed logs: seed_log_streams slots are not 1…n');
  }
  const ids = [...new Set(rows.map((row) => row[1]))].sort((a, b) =>
    Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')),
  );
  const rank = new Map(ids.map((id, index) => [id, index]));
  const streams = new Map<string, LogStream>();
  return rows.map(([, externalId, name, namespace, kind, label, templates]) => {
    const key = JSON.stringify([externalId, name, namespace, kind, label, templates]);
    let stream = streams.get(key);
    if (!stream) {
      stream = { externalId, name, namespace, kind, label, templates, rank: rank.get(externalId)! };
      streams.set(key, stream);
    }
    return stream;
  });
}

function replaceAll(text: string, pattern: string, value: () => string): string {
  return text.includes(pattern) ? text.split(pattern).join(value()) : text;
}

/**
 * The lines of one batch of generateLogLines' INSERT (i from `from` to `to`), value for value and
 * in its ORDER BY (external_id, i), so that the identity ids come out the same.
 */
function logLines(input: {
  from: number;
  to: number;
  total: number;
  random: PgRandom;
  streams: LogStream[];
  byKind: Map<string, Template[]>;
  nowMicros: number;
  spanMinutes: number;
  seed: string;
}): BinaryCopy {
  const { random, streams, byKind, total, seed } = input;
  const size = streams.length;
  const count = input.to - input.from + 1;
  const picked = new Int32Array(count);
  const draws = new Float64Array(count * 3);
  for (let row = 0; row < count; row++) {
    const r1 = random.next();
    draws[row * 3] = random.next();
    draws[row * 3 + 1] = random.next();
    draws[row * 3 + 2] = random.next();
    picked[row] = Math.floor(r1 * size);
  }
  // ORDER BY s.external_id, g.i: stable by rank of the stream's external_id.
  const order = Array.from({ length: count }, (_, row) => row).sort(
    (a, b) => streams[picked[a]!]!.rank - streams[picked[b]!]!.rank || a - b,
  );
  const data = new BinaryCopy();
  for (const row of order) {
    const i = input.from + row;
    const stream = streams[picked[row]!]!;
    const r2 = draws[row * 3]!;
    const r3 = draws[row * 3 + 1]!;
    const r4 = draws[row * 3 + 2]!;
    const template = byKind.get(stream.kind)?.[Math.floor(r2 * stream.templates)];
    if (!template) throw new Error(`seed logs: no template for ${stream.kind}`);
    const seconds = input.spanMinutes * 60 * cube(1 - (i - 0.5) / total);
    let message = replaceAll(template.message, '{name}', () => stream.name);
    message = replaceAll(message, '{ns}', () => stream.namespace);
    message = replaceAll(message, '{n}', () => String(1 + Math.floor(r3 * 5000)));
    message = replaceAll(message, '{ms}', () => String(1 + Math.floor(cube(r4) * 3000)));
    message = replaceAll(message, '{id}', () => md5Hex(`${i}${seed}`, 8));
    message = replaceAll(
      message,
      '{ip}',
      () => `10.${Math.floor(r3 * 250)}.${Math.floor(r4 * 250)}.${1 + Math.floor(r2 * 250)}`,
    );
    message = replaceAll(message, '{status}', () => (r4 < 0.9 ? '200' : '503'));
    const labels: Record<string, string> = { [stream.label]: stream.kind };
    if (stream.label === 'container') {
      labels.namespace = stream.namespace;
      labels.pod = `${stream.name}-${md5Hex(stream.externalId + Math.floor(r2 * 3), 5)}`;
    }
    data.row(5);
    data.timestamptz(input.nowMicros - rint(seconds * 1_000_000));
    data.text(stream.externalId);
    data.text(template.level);
    data.text(message);
    data.jsonb(JSON.stringify(labels));
  }
  return data;
}

/** The demo's selectors and lines: two days over every component with selectors. */
export async function seedDemoLogs(
  tx: Queryable,
  options: { now: number; seed: number },
): Promise<number> {
  await addLogSelectors(tx);
  return generateLogLines(tx, {
    lines: DEMO_LOG_LINES,
    vigilStream: true,
    spanMinutes: 2 * 1440,
    now: options.now,
    seed: options.seed,
  });
}

/**
 * The fleet's selectors and lines: the store topped up to `target` lines (1,000,000 at large),
 * over the last seven days of the fleet's components.
 */
export async function seedFleetLogs(
  tx: Queryable,
  options: {
    target: number;
    now: number;
    seed: number;
    log?: (line: string) => void;
    /** Leave the trigram search index to after start-up (default true; log-search-index.ts). */
    deferSearchIndex?: boolean;
  },
): Promise<number> {
  const before = await tx.query<{ id: string }>(
    `SELECT id FROM components WHERE log_selectors IS NULL AND deleted_at IS NULL`,
  );
  await addLogSelectors(tx);
  const existing = await tx.query<{ n: string }>(`SELECT count(*)::text AS n FROM vigil_logs`);
  const missing = options.target - Number(existing.rows[0]?.n ?? 0);
  return generateLogLines(tx, {
    lines: missing,
    componentIds: before.rows.map((row) => row.id),
    vigilStream: false,
    spanMinutes: 7 * 1440,
    now: options.now,
    seed: options.seed,
    log: options.log,
    deferSearchIndex: options.deferSearchIndex ?? true,
  });
}
