/**
 * The health-check service endpoints the console uses (api.md §3.1–§3.4). The summary reads the
 * check_summary view; the graph buckets check_statuses in SQL.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type {
  CanarySummaryResponse,
  CheckGraphPoint,
  CheckGraphResponse,
  CheckLatency,
} from '../../../src/api/types';
import { RUN_CHECK_ROLES } from '../../../src/rbac/roles';
import { MAX_DURATION_MS, isStorableInstant } from '../catalog/datemath';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requireAnyRole } from '../http/rbac';
import { isUuid } from '../http/validate';
import type { HealthRunner } from '../runner/runner';
import { redactJson } from '../secrets/redact';
import { VERSION } from '../version';
import { SummaryReader, summaryResponse } from './summary-cache';
import { EXPIRE_DUE_SQL } from './summary-expiry';

const RUNNER_NAME = 'local';

function iso(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Copy the entries whose value is present: optional fields are omitted when empty (api.md §3.1). */
function present<T extends object>(entries: { [K in keyof T]?: T[K] | null | '' }): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(entries) as (keyof T)[]) {
    const value = entries[key];
    if (value !== undefined && value !== null && value !== '') out[key] = value as T[keyof T];
  }
  return out;
}

function positive(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && value > 0 ? Math.round(value) : undefined;
}

/** A JSON response whose body is already serialised. */
function jsonText(c: Context, body: string): Response {
  return c.body(body, 200, { 'content-type': 'application/json; charset=UTF-8' });
}

/**
 * The whole `checks_summary` array written by the database as one JSON text, in the contract's
 * shape: optional fields are left out when empty, latencies are rounded positive numbers, instants
 * are RFC 3339 UTC. Each check's object is kept as text in three parts (head, uptime and latency,
 * tail) that triggers rewrite when the check, its canary or its statuses change (migration 0014);
 * parts whose last hour lost a status are rewritten first. Joining stored text is several times
 * cheaper than writing 10,000 objects per request (docs/data-model.md).
 */
const EXPIRE_SQL = `SELECT ${EXPIRE_DUE_SQL} AS expired`;

/**
 * The summary's two forms. `full` is the contract's (api.md §3.1). `list` (Vigil only,
 * `GET /canary/api/summary?view=list`, docs/health-dashboard.md) is the same array of the same
 * objects without the fields the /health list never shows (the check dialog reads them from
 * `/db/checks` and the graph): `canary_id`, `uptime.last_pass`, `uptime.last_fail`,
 * `latency.rolling1h`, `latency.p99` and `latency.p97` when `p95` is there (the list shows p95,
 * else p97, else p99), `created_at`, `updated_at`, `deleted_at`, `silenced_at`, `next_runtime`.
 */
export type SummaryView = 'full' | 'list';

// The list form is cut from the same stored parts, in JavaScript (PostgreSQL's regular
// expressions over 10,000 parts cost more than the whole summary): each check comes as
// head \x01 status \x02 tail, checks separated by \x03. JSON text never holds a raw control
// character (to_json and jsonb escape them), so the markers cannot occur inside a part.
const FULL_PARTS = `string_agg(p.head || p.status || p.tail, ','`;
const LIST_PARTS = `string_agg(p.head || chr(1) || p.status || chr(2) || p.tail, chr(3)`;

// The checks are put in order before their parts are joined: sorting the narrow rows of the
// checks and canaries fits in memory, where sorting the joined parts (about 7 MB at 10,000
// checks) spilled to disk at PostgreSQL's default 4 MB of work_mem. The aggregate's ORDER BY keeps
// the order exact; the planner sees its input already sorted and does not sort it again.
const summarySql = (where: string, view: SummaryView = 'full'): string => `SELECT coalesce(
    ${view === 'list' ? LIST_PARTS : FULL_PARTS} ORDER BY o.namespace, o.canary, o.name, o.id),
    '') AS checks
FROM (
  SELECT c.id, ca.namespace, ca.name AS canary, c.name
  FROM checks c
  JOIN canaries ca ON ca.id = c.canary_id
  WHERE c.deleted_at IS NULL${where ? ` AND ${where}` : ''}
  ORDER BY ca.namespace, ca.name, c.name, c.id
) o
JOIN vigil_check_summary_parts p ON p.check_id = o.id`;
const SUMMARY_SQL = { full: summarySql(''), list: summarySql('', 'list') };

// Parts have a fixed shape (migration 0014, 0017): the head starts with
// `{"id":"<uuid>","canary_id":"<uuid>"` (44 + 51 characters) and ends with the labels; the status
// part and the tail hold only fixed keys, whose string values are JSON strings, so these
// patterns cannot reach into a label or a text.
const CANARY_ID_AT = 44;
const CANARY_ID_KEY = ',"canary_id":"';
const CANARY_ID_LENGTH = CANARY_ID_KEY.length + 36 + 1;
const STATUS_DROPPED = /,"last_(?:pass|fail)":"[^"]*"|,?"rolling1h":\d+/g;
const LATENCY_BEFORE_P95 = /"p99":\d+,"p97":\d+,(?="p95":)/;
const TAIL_DROPPED = /,"(?:created_at|updated_at|deleted_at|silenced_at|next_runtime)":"[^"]*"/g;

/** One check's list-form object from its three stored parts. */
export function listCheckJson(head: string, status: string, tail: string): string {
  const lean =
    head.startsWith(CANARY_ID_KEY, CANARY_ID_AT) && head.startsWith('{"id":"')
      ? head.slice(0, CANARY_ID_AT) + head.slice(CANARY_ID_AT + CANARY_ID_LENGTH)
      : head;
  return (
    lean +
    status.replace(STATUS_DROPPED, '').replace(LATENCY_BEFORE_P95, '') +
    tail.replace(TAIL_DROPPED, '')
  );
}

/** The list form's array from the marked-up aggregate of LIST_PARTS. */
function listArrayJson(marked: string): string {
  const checks = marked.split('\u0003').map((check) => {
    const statusAt = check.indexOf('\u0001');
    const tailAt = check.indexOf('\u0002', statusAt);
    return listCheckJson(
      check.slice(0, statusAt),
      check.slice(statusAt + 1, tailAt),
      check.slice(tailAt + 1),
    );
  });
  return `[${checks.join(',')}]`;
}

/** A restriction of the summary's checks: a condition on `c` (checks) with its bind values. */
export interface SummaryFilter {
  condition: string;
  values: readonly unknown[];
}

/**
 * The summary response as JSON text (GET and POST): the array is passed through untouched.
 * `filter` limits the checks (an embed token's scope); it never widens them. `view` picks the
 * form (the contract's by default).
 */
export async function readSummaryJson(
  db: Db,
  filter?: SummaryFilter,
  view: SummaryView = 'full',
): Promise<string> {
  const started = performance.now();
  const checks = await readSummaryChecks(db, filter, view);
  return summaryJson(Math.round(performance.now() - started), checks);
}

/**
 * The summary's `checks_summary` array as JSON text (`[]` when there are none). Statuses that
 * left the last hour are rewritten first, unless the caller has just done so (`expire` false).
 */
export async function readSummaryChecks(
  db: Db,
  filter?: SummaryFilter,
  view: SummaryView = 'full',
  expire = true,
): Promise<string> {
  if (expire) await db.query(EXPIRE_SQL);
  const result = filter
    ? await db.query<{ checks: string }>(summarySql(filter.condition, view), filter.values)
    : await db.query<{ checks: string }>(SUMMARY_SQL[view]);
  const aggregate = result.rows[0]?.checks ?? '';
  return aggregate === '' ? '[]' : view === 'list' ? listArrayJson(aggregate) : `[${aggregate}]`;
}

/** The summary response's text from its `duration` (ms) and its checks' array. */
export function summaryJson(durationMs: number, checks: string): string {
  const head = `{"duration":${durationMs},"runnerName":${JSON.stringify(RUNNER_NAME)}`;
  return checks === '[]' ? `${head}}` : `${head},"checks_summary":${checks}}`;
}

/**
 * The form a GET asks for: `view=list` is the list form; any other value, or none, the
 * contract's (Mission Control ignores the query string).
 */
export function summaryView(value: string | undefined): SummaryView {
  return value === 'list' ? 'list' : 'full';
}

/** Read the health summary as an object (tests and in-process callers). */
export async function readSummary(db: Db): Promise<CanarySummaryResponse> {
  return JSON.parse(await readSummaryJson(db)) as CanarySummaryResponse;
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
  y: 365 * 86_400_000,
};

/**
 * A Go-style duration with the extra units d, w, y (api.md §0.5), in ms; undefined if invalid or
 * longer than Go's time.Duration can hold (about 292 years).
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const pattern = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d|w|y)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    total += Number(match[1]) * (DURATION_UNITS[match[2] ?? ''] ?? Number.NaN);
    consumed += match[0].length;
  }
  return consumed === trimmed.length && consumed > 0 && total <= MAX_DURATION_MS
    ? total
    : undefined;
}

/**
 * A graph bound: a duration back from now, `now`, or an RFC 3339 timestamp of the years 1–9999
 * (what PostgreSQL takes; year 0 is undefined for a timestamptz bound).
 */
export function parseTimeBound(text: string, now: number): number | undefined {
  if (text === 'now') return now;
  const duration = parseDuration(text);
  if (duration !== undefined) return now - duration;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const parsed = Date.parse(text);
  return isStorableInstant(new Date(parsed)) ? parsed : undefined;
}

/** Bucket size of the graph (api.md §3.2), in seconds. */
export function bucketSeconds(rangeMs: number): number {
  const hour = 3_600_000;
  if (rangeMs <= 2 * hour) return 60;
  if (rangeMs <= 24 * hour) return 15 * 60;
  if (rangeMs <= 7 * 24 * hour) return 60 * 60;
  return 4 * 60 * 60;
}

interface GraphRow {
  points: { time: string; ok: boolean; duration: number; passed: number; failed: number }[] | null;
  p99: number | null;
  p97: number | null;
  p95: number | null;
  passed: string | number | null;
  failed: string | number | null;
}

// Percentiles over the bucket means of the last 100 points (api.md §3.2).
const GRAPH_SQL = `WITH buckets AS (
  SELECT to_timestamp(floor(extract(epoch FROM s.time) / $4::integer) * $4::integer) AS bucket,
    bool_and(s.status IS TRUE) AS ok,
    avg(coalesce(s.duration, 0)) AS duration,
    count(*) FILTER (WHERE s.status) AS passed,
    count(*) FILTER (WHERE s.status IS NOT TRUE) AS failed
  FROM check_statuses s
  WHERE s.check_id = $1 AND s.time >= $2 AND s.time <= $3
  GROUP BY 1
), recent AS (
  SELECT duration FROM buckets ORDER BY bucket DESC LIMIT 100
)
SELECT
  (SELECT json_agg(json_build_object('time', b.bucket, 'ok', b.ok, 'duration', round(b.duration),
     'passed', b.passed, 'failed', b.failed) ORDER BY b.bucket) FROM buckets b) AS points,
  (SELECT round(percentile_cont(0.99) WITHIN GROUP (ORDER BY duration)) FROM recent) AS p99,
  (SELECT round(percentile_cont(0.97) WITHIN GROUP (ORDER BY duration)) FROM recent) AS p97,
  (SELECT round(percentile_cont(0.95) WITHIN GROUP (ORDER BY duration)) FROM recent) AS p95,
  (SELECT sum(passed) FROM buckets) AS passed,
  (SELECT sum(failed) FROM buckets) AS failed`;

/**
 * The unfiltered summary of `db`, kept between requests while nothing changed, with an ETag
 * (server/src/routes/summary-cache.ts). main.ts shares one with the start-up warm-up.
 */
export function summaryReader(db: Db): SummaryReader {
  return new SummaryReader(db, {
    checks: (view, expire) => readSummaryChecks(db, undefined, view, expire),
    json: summaryJson,
  });
}

/**
 * Routes under `/api/canary`; `guard` is the read requirement (none in health-only mode).
 * `runner` runs a check for `POST /run/check/{id}` (not mounted in health-only mode).
 */
export function canaryRoutes(
  db: Db,
  guard: MiddlewareHandler<AppEnv>,
  healthOnly: boolean,
  runner?: HealthRunner,
  summaries: SummaryReader = summaryReader(db),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/about', guard, (c) =>
    c.json({ Timestamp: new Date().toISOString(), Version: VERSION }),
  );

  app.get('/api/summary', guard, async (c) =>
    summaryResponse(c, await summaries.read(summaryView(c.req.query('view')))),
  );

  app.post('/api/summary', guard, async (c) => {
    const text = await c.req.text();
    if (text.trim() !== '') {
      try {
        JSON.parse(text);
      } catch {
        return jsonError(c, 400, 'invalid request body: not JSON');
      }
    }
    // The body's filters (labels, sortBy, deleteFrom) are not applied yet: the console never
    // sends them and filters client-side (rbac-and-flags.md §5).
    return jsonText(c, await readSummaryJson(db));
  });

  app.get('/api/graph', guard, async (c) => {
    const started = performance.now();
    const check = c.req.query('check') ?? '';
    if (!isUuid(check)) return jsonError(c, 400, 'check is invalid: expected a check id');
    const now = Date.now();
    const startText = c.req.query('start') ?? c.req.query('since') ?? '1h';
    const endText = c.req.query('end') ?? c.req.query('until') ?? '0s';
    const start = parseTimeBound(startText, now);
    if (start === undefined) return jsonError(c, 400, `start is invalid: ${startText}`);
    const end = parseTimeBound(endText, now);
    if (end === undefined) return jsonError(c, 400, `end is invalid: ${endText}`);
    if (end <= start) return jsonError(c, 400, 'end time must be after start time');
    const exists = await db.query('SELECT 1 FROM checks WHERE id = $1', [check]);
    if (exists.rows.length === 0) return jsonError(c, 404, `check (${check}) was not found`);

    const result = await db.query<GraphRow>(GRAPH_SQL, [
      check,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
      bucketSeconds(end - start),
    ]);
    const row = result.rows[0];
    const points: CheckGraphPoint[] | null =
      row?.points?.map((point) => ({
        time: iso(point.time) ?? point.time,
        ...(point.ok ? { status: true } : {}),
        duration: Number(point.duration),
        ...(Number(point.passed) > 0 ? { passed: Number(point.passed) } : {}),
        ...(Number(point.failed) > 0 ? { failed: Number(point.failed) } : {}),
      })) ?? null;
    const body: CheckGraphResponse = {
      duration: Math.round(performance.now() - started),
      runnerName: RUNNER_NAME,
      status: points,
      latency: present<CheckLatency>({
        p99: positive(row?.p99 === null ? null : Number(row?.p99)),
        p97: positive(row?.p97 === null ? null : Number(row?.p97)),
        p95: positive(row?.p95 === null ? null : Number(row?.p95)),
      }),
      uptime: { passed: Number(row?.passed ?? 0), failed: Number(row?.failed ?? 0) },
    };
    return c.json(body);
  });

  if (!healthOnly) {
    // Runs the check synchronously and answers its result (api.md §3.3); docs/health-runner.md
    // lists what is not probed (synthetic demo canaries, other agents' checks, other types).
    app.post('/run/check/:id', requireAnyRole(RUN_CHECK_ROLES, 'canaries', 'run'), async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) return jsonError(c, 404, `check (${id}) was not found`);
      if (!runner) return jsonError(c, 503, 'the health-check runner is not available');
      const answer = await runner.runNow(id);
      // As stored in check_statuses: a result that echoes its URL carries it redacted.
      return c.json(redactJson(answer.body), answer.status);
    });
  }

  return app;
}
