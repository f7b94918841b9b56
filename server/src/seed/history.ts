/**
 * Check history in SQL: one INSERT … SELECT over generate_series writes every status of every
 * check, with pseudo-random but deterministic values from hashint8(check salt, step), so the
 * bulk never crosses the wire. Latency follows a per-check log-normal-ish shape with a daily
 * cycle and rare spikes; failures come from the check's failure episodes (step ranges) and a
 * small random flake rate.
 */
import type { Queryable } from '../db/types';
import { dropTriggers, hasTrigger, rebuildIndexes, setTriggers } from './bulk-load';
import { BinaryCopy, copyBinary, copyTarget, utf8, uuidBytes } from './copy';
import { insertRows } from './insert';
import { hashint8, rint } from './pg-random';

export interface HistoryCheck {
  id: string;
  /** A per-check integer that seeds the hash (any int32). */
  salt: number;
  /** Typical latency in ms. */
  latency: number;
  /** Spread of the latency (sigma of the log). */
  spread: number;
  /** Share of random failures (0–1). */
  flaky: number;
  /** Failure episodes as inclusive [from, to] step ranges back from now (0 = latest run). */
  episodes: (readonly [number, number])[];
  /** The check stopped running this many steps ago (0 = still running). */
  stopped: number;
  okMessage: string;
  error: string;
}

function multirange(episodes: readonly (readonly [number, number])[]): string {
  return `{${episodes.map(([from, to]) => `[${Math.min(from, to)},${Math.max(from, to)}]`).join(',')}}`;
}

/** The redaction trigger of check_statuses (migration 0017): it rewrites URLs with credentials. */
const REDACT_TRIGGER = 'check_statuses_redact';
const HISTORY_COLUMNS = [
  'check_id',
  'time',
  'duration',
  'status',
  'message',
  'error',
  'created_at',
];

/** Insert `steps` statuses per check, `stepSeconds` apart, ending at the aligned `anchor`. */
export async function insertHistory(
  tx: Queryable,
  checks: readonly HistoryCheck[],
  options: {
    steps: number;
    stepSeconds: number;
    anchor: Date;
    chunk?: number;
    /** COPY … FREEZE (the load's transaction created or truncated check_statuses). */
    freeze?: boolean;
  },
): Promise<HistorySummary | undefined> {
  const anchorEpoch =
    Math.floor(options.anchor.getTime() / 1000 / options.stepSeconds) * options.stepSeconds;
  const target = copyTarget(tx);
  // The same rows from JavaScript through COPY where PGlite offers it. The redaction trigger
  // (BEFORE INSERT, WHEN a message has '://') would pass every generated row unchanged: it is
  // off for the COPY when no message or error has '://' (else the rows go through the INSERT).
  const plain = checks.every(
    (check) => !check.okMessage.includes('://') && !check.error.includes('://'),
  );
  if (target && plain) {
    // Dropped rather than disabled: a BEFORE ROW trigger, even disabled, makes COPY go row by row.
    const redact = await dropTriggers(tx, 'check_statuses', [REDACT_TRIGGER]);
    const chunk = options.chunk ?? 1000;
    // In primary-key order (check id, then time): the key built after the load sorts rows that
    // are already in order, which costs one pass.
    const ordered = [...checks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const summary: HistorySummary = { checks: [], days: [] };
    for (let start = 0; start < ordered.length; start += chunk) {
      const data = historyRows(ordered.slice(start, start + chunk), anchorEpoch, options, summary);
      await copyBinary(target, 'check_statuses', HISTORY_COLUMNS, data, {
        freeze: options.freeze,
      });
    }
    await rebuildIndexes(tx, redact);
    return summary;
  }
  const chunk = options.chunk ?? 2000;
  for (let start = 0; start < checks.length; start += chunk) {
    const part = checks.slice(start, start + chunk);
    await tx.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message, error, created_at)
       SELECT p.id, t.at,
         CASE WHEN ok.pass
           THEN greatest(1, round(p.latency * exp(p.spread * (u.a + u.b - 1) * 2.449)
             * (1 + 0.15 * sin(2 * pi() * (t.hour - 9) / 24))
             * (CASE WHEN u.d > 0.992 THEN 3 + 4 * u.c ELSE 1 END)))
           ELSE greatest(1, round(p.latency * (0.5 + 6 * u.a)))
         END::integer,
         ok.pass,
         CASE WHEN ok.pass THEN p.ok_message ELSE 'check failed' END,
         CASE WHEN ok.pass THEN NULL ELSE p.error END,
         t.at
       FROM unnest($1::uuid[], $2::integer[], $3::float8[], $4::float8[], $5::float8[], $6::int4multirange[],
                   $7::integer[], $8::text[], $9::text[])
         AS p(id, salt, latency, spread, flaky, fails, stopped, ok_message, error)
       CROSS JOIN generate_series(0, $10::integer - 1) AS g(n)
       CROSS JOIN LATERAL (
         SELECT to_timestamp($11::bigint - g.n::bigint * $12::integer) AS at,
                mod(($11::bigint - g.n::bigint * $12::integer) / 3600, 24) AS hour,
                hashint8(p.salt::bigint * 1000003 + g.n) AS x,
                hashint8(-(p.salt::bigint * 1000003 + g.n) - 7) AS y
       ) t
       CROSS JOIN LATERAL (
         SELECT (t.x & 65535) / 65536::float8 AS a, ((t.x >> 16) & 65535) / 65536::float8 AS b,
                (t.y & 65535) / 65536::float8 AS c, ((t.y >> 16) & 65535) / 65536::float8 AS d
       ) u
       CROSS JOIN LATERAL (
         SELECT NOT (g.n <@ p.fails OR u.c < p.flaky) AS pass
       ) ok
       WHERE g.n >= p.stopped`,
      [
        part.map((check) => check.id),
        part.map((check) => check.salt | 0),
        part.map((check) => check.latency),
        part.map((check) => check.spread),
        part.map((check) => check.flaky),
        part.map((check) => multirange(check.episodes)),
        part.map((check) => check.stopped),
        part.map((check) => check.okMessage),
        part.map((check) => check.error),
        options.steps,
        anchorEpoch,
        options.stepSeconds,
      ],
    );
  }
  return undefined;
}

/**
 * The rows the INSERT of {@link insertHistory} writes, value for value (hashint8, round and the
 * float arithmetic as PostgreSQL does them), in the binary COPY format.
 */
function historyRows(
  checks: readonly HistoryCheck[],
  anchorEpoch: number,
  options: { steps: number; stepSeconds: number },
  summary: HistorySummary,
): BinaryCopy {
  const data = new BinaryCopy();
  const { steps, stepSeconds } = options;
  const failed = utf8('check failed');
  for (const check of checks) {
    const id = uuidBytes(check.id);
    const ok = utf8(check.okMessage);
    const error = utf8(check.error);
    const salt = (check.salt | 0) * 1000003;
    const episodes = check.episodes.map(([from, to]) => [Math.min(from, to), Math.max(from, to)]);
    // The check's state and daily roll-ups, gathered on the way (oldest status first).
    let day: HistoryDay | undefined;
    let last: boolean | undefined;
    let lastEpoch = 0;
    let runStart = 0;
    for (let n = steps - 1; n >= Math.max(0, check.stopped); n--) {
      const epoch = anchorEpoch - n * stepSeconds;
      const hour = Math.trunc(epoch / 3600) % 24;
      const x = hashint8(salt + n);
      const y = hashint8(-(salt + n) - 7);
      const a = (x & 65535) / 65536;
      const b = ((x >> 16) & 65535) / 65536;
      const c = (y & 65535) / 65536;
      const d = ((y >> 16) & 65535) / 65536;
      const failing = episodes.some(([from, to]) => n >= (from ?? 0) && n <= (to ?? -1));
      const pass = !(failing || c < check.flaky);
      const duration = pass
        ? Math.max(
            1,
            rint(
              check.latency *
                Math.exp(check.spread * (a + b - 1) * 2.449) *
                (1 + 0.15 * Math.sin((2 * Math.PI * (hour - 9)) / 24)) *
                (d > 0.992 ? 3 + 4 * c : 1),
            ),
          )
        : Math.max(1, rint(check.latency * (0.5 + 6 * a)));
      const micros = epoch * 1_000_000;
      data.row(7);
      data.bytes(id);
      data.timestamptz(micros);
      data.int4(duration);
      data.bool(pass);
      data.bytes(pass ? ok : failed);
      if (pass) data.null();
      else data.bytes(error);
      data.timestamptz(micros);
      const dayEpoch = Math.floor(epoch / 86_400) * 86_400;
      if (day?.day !== dayEpoch) {
        day = { checkId: check.id, day: dayEpoch, total: 0, passed: 0, durationSum: 0 };
        summary.days.push(day);
      }
      day.total++;
      if (pass) day.passed++;
      day.durationSum += duration;
      if (pass !== last) runStart = epoch;
      last = pass;
      lastEpoch = epoch;
    }
    if (last !== undefined) {
      summary.checks.push({ id: check.id, pass: last, last: lastEpoch, transition: runStart });
    }
  }
  return data;
}

/** A check's statuses of one UTC day (epoch seconds of its start). */
interface HistoryDay {
  checkId: string;
  day: number;
  total: number;
  passed: number;
  durationSum: number;
}

/**
 * What the statuses {@link insertHistory} wrote through COPY give the checks and their daily
 * roll-ups, gathered while writing them (times in epoch seconds): per check its latest status,
 * that status's time and the start of the run of equal statuses that ends with it.
 */
export interface HistorySummary {
  checks: { id: string; pass: boolean; last: number; transition: number }[];
  days: HistoryDay[];
}

/**
 * What {@link insertStateAndDailyRollups} writes for the checks of `summary`, without reading the
 * statuses again (the large seed: 1.68 M of them). Days are UTC days, as date_trunc gives them in
 * the database's UTC session (the caller checks); the duration is the average rounded half away
 * from zero, as round(numeric) does it.
 */
export async function writeStateAndDailyRollups(
  tx: Queryable,
  intervalSeconds: number,
  summary: HistorySummary,
): Promise<void> {
  const iso = (epoch: number): string => new Date(epoch * 1000).toISOString();
  await insertRows(
    tx,
    'check_statuses_1d',
    summary.days.map((day) => ({
      check_id: day.checkId,
      created_at: iso(day.day),
      duration: Math.floor((2 * day.durationSum + day.total) / (2 * day.total)),
      total: day.total,
      passed: day.passed,
      failed: day.total - day.passed,
    })),
    { onConflict: 'ON CONFLICT DO NOTHING' },
  );
  // The health summary's check parts are rendered once for all the checks after the UPDATE (the
  // statement trigger's function on the same ids) rather than by the trigger inside it.
  const partsTrigger = await hasTrigger(tx, 'checks', PARTS_TRIGGER);
  if (partsTrigger) await setTriggers(tx, 'checks', [PARTS_TRIGGER], false);
  await tx.query(
    `UPDATE checks c SET
       status = CASE WHEN s.pass THEN 'healthy' ELSE 'unhealthy' END,
       last_runtime = s.last,
       next_runtime = s.last + ($1::integer * interval '1 second'),
       last_transition_time = s.transition
     FROM unnest($2::uuid[], $3::boolean[], $4::timestamptz[], $5::timestamptz[])
       AS s(id, pass, last, transition)
     WHERE c.id = s.id`,
    [
      intervalSeconds,
      summary.checks.map((check) => check.id),
      summary.checks.map((check) => check.pass),
      summary.checks.map((check) => iso(check.last)),
      summary.checks.map((check) => iso(check.transition)),
    ],
  );
  if (partsTrigger) {
    await setTriggers(tx, 'checks', [PARTS_TRIGGER], true);
    await tx.query(`SELECT vigil_render_check_parts($1::uuid[])`, [
      summary.checks.map((check) => check.id),
    ]);
  }
}

/** checks' statement trigger that renders the health summary's check parts (migration 0014). */
const PARTS_TRIGGER = 'checks_render_summary_parts_update';

/** Whether date_trunc('day', …) of the session gives UTC days (winter and summer). */
export async function utcSession(tx: Queryable): Promise<boolean> {
  const result = await tx.query<{ utc: boolean }>(
    `SELECT date_trunc('day', '2000-01-01 12:00:00+00'::timestamptz) = '2000-01-01 00:00:00+00'
       AND date_trunc('day', '2000-07-01 12:00:00+00'::timestamptz) = '2000-07-01 00:00:00+00' AS utc`,
  );
  return result.rows[0]?.utc === true;
}

/**
 * Derive checks.status, last_runtime, next_runtime and last_transition_time from the history: the
 * latest status, and the start of the run of statuses equal to it that ends with it (the
 * transition; the first status when there never was another). Hash aggregates rather than window
 * functions (issue 18: two sorts of the large scale's 1.68 M statuses took about 15 s of CPU on
 * PGlite): one pass finds each check's latest time, a second the latest status that differs from
 * the one then, and the run's start is the next status after that (through the primary key).
 */
export async function updateCheckState(
  tx: Queryable,
  intervalSeconds: number,
  checkIds?: readonly string[],
): Promise<void> {
  await tx.query(
    `WITH last AS MATERIALIZED (
       SELECT s.check_id, max(s.time) AS time FROM check_statuses s
       WHERE $2::uuid[] IS NULL OR s.check_id = ANY($2::uuid[])
       GROUP BY s.check_id
     ), latest AS MATERIALIZED (
       SELECT l.check_id, l.time, s.status FROM last l
       JOIN check_statuses s ON s.check_id = l.check_id AND s.time = l.time
     ), changed AS MATERIALIZED (
       SELECT s.check_id, max(s.time) AS time FROM check_statuses s
       JOIN latest l ON l.check_id = s.check_id
       WHERE s.status IS DISTINCT FROM l.status
       GROUP BY s.check_id
     )
     UPDATE checks c SET
       status = CASE WHEN l.status THEN 'healthy' ELSE 'unhealthy' END,
       last_runtime = l.time,
       next_runtime = l.time + ($1::integer * interval '1 second'),
       last_transition_time = (
         SELECT min(s.time) FROM check_statuses s
         WHERE s.check_id = l.check_id AND s.time > coalesce(ch.time, '-infinity'::timestamptz))
     FROM latest l LEFT JOIN changed ch ON ch.check_id = l.check_id
     WHERE l.check_id = c.id`,
    [intervalSeconds, checkIds ?? null],
  );
}

/** Hourly and daily roll-ups (check_statuses_1h / _1d) of the given checks' history. */
export async function insertRollups(
  tx: Queryable,
  checkIds: readonly string[],
  options: { hourly: boolean },
): Promise<void> {
  const tables = options.hourly
    ? ([
        ['check_statuses_1h', 'hour'],
        ['check_statuses_1d', 'day'],
      ] as const)
    : ([['check_statuses_1d', 'day']] as const);
  for (const [table, unit] of tables) {
    await tx.query(
      `INSERT INTO ${table} (check_id, created_at, duration, total, passed, failed)
       SELECT check_id, date_trunc('${unit}', time), round(avg(duration))::integer, count(*),
         count(*) FILTER (WHERE status), count(*) FILTER (WHERE status IS NOT TRUE)
       FROM check_statuses WHERE check_id = ANY($1::uuid[])
       GROUP BY 1, 2
       ON CONFLICT DO NOTHING`,
      [checkIds],
    );
  }
}

/**
 * What updateCheckState and the daily roll-ups (insertRollups without hourly) write, from ONE
 * pass over the given checks' history instead of three (the large seed's 1.68 M statuses: issue
 * 18). The pass groups the statuses by check, day and status (count, duration sum, first and last
 * time) into a temporary table of about 160,000 rows; the roll-ups are its sums per check and day,
 * the latest status is the status of each check's last time, and the run of statuses equal to it
 * starts at the first status after the latest one that differs (one primary-key probe per check),
 * or at the check's first status when none differs.
 */
export async function insertStateAndDailyRollups(
  tx: Queryable,
  intervalSeconds: number,
  checkIds: readonly string[],
): Promise<void> {
  await tx.query(`DROP TABLE IF EXISTS seed_status_days`);
  await tx.query(
    `CREATE TEMP TABLE seed_status_days ON COMMIT DROP AS
     SELECT check_id, date_trunc('day', time) AS day, status, count(*)::integer AS total,
       sum(duration)::numeric AS duration, min(time) AS first, max(time) AS last
     FROM check_statuses WHERE check_id = ANY($1::uuid[])
     GROUP BY 1, 2, 3`,
    [checkIds],
  );
  await tx.query(
    `INSERT INTO check_statuses_1d (check_id, created_at, duration, total, passed, failed)
     SELECT check_id, day, round(sum(duration) / sum(total))::integer, sum(total),
       coalesce(sum(total) FILTER (WHERE status), 0), coalesce(sum(total) FILTER (WHERE status IS NOT TRUE), 0)
     FROM seed_status_days GROUP BY 1, 2
     ON CONFLICT DO NOTHING`,
  );
  await tx.query(
    `WITH per_status AS (
       SELECT check_id, status, max(last) AS last, min(first) AS first
       FROM seed_status_days GROUP BY 1, 2
     ), per_check AS (
       SELECT check_id, min(first) AS first FROM per_status GROUP BY 1
     ), latest AS (
       SELECT DISTINCT ON (check_id) check_id, status, last AS time
       FROM per_status ORDER BY check_id, last DESC
     ), changed AS (
       SELECT p.check_id, max(p.last) AS time FROM per_status p JOIN latest l USING (check_id)
       WHERE p.status IS DISTINCT FROM l.status GROUP BY 1
     )
     UPDATE checks c SET
       status = CASE WHEN l.status THEN 'healthy' ELSE 'unhealthy' END,
       last_runtime = l.time,
       next_runtime = l.time + ($1::integer * interval '1 second'),
       last_transition_time = CASE WHEN ch.time IS NULL THEN pc.first
         ELSE (SELECT min(s.time) FROM check_statuses s WHERE s.check_id = l.check_id AND s.time > ch.time) END
     FROM latest l JOIN per_check pc ON pc.check_id = l.check_id
       LEFT JOIN changed ch ON ch.check_id = l.check_id
     WHERE l.check_id = c.id`,
    [intervalSeconds],
  );
}
