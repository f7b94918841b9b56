/**
 * Vigil's log store (migration 0023, docs/logs.md): writing lines, searching one stream, and
 * pruning by age. Every value reaches SQL as a bind parameter.
 */
import type { Queryable } from '../db/types';

/** The stream of the server's own lines (health-check runs, scheduler and job events). */
export const VIGIL_STREAM = 'vigil';
/** The levels the table accepts. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Lines a search answers by default, and at most. */
export const DEFAULT_LOG_LIMIT = 1000;
export const MAX_LOG_LIMIT = 5000;
/** `total` counts matches up to this many (a larger match says 100,000). */
export const TOTAL_CAP = 100_000;
/** How long lines are kept (docs/logs.md: retention). */
export const DEFAULT_RETENTION_MS = 14 * 86_400_000;

export interface LogLineInput {
  /** Defaults to now. */
  time?: Date;
  /** The stream: a component's external id, or {@link VIGIL_STREAM}. */
  externalId: string;
  level?: LogLevel;
  message: string;
  labels?: Record<string, string>;
}

export interface LogSearch {
  stream: string;
  /** Label pairs every line must carry (`level` is matched against the line's level). */
  labels: Record<string, string>;
  /** Case-insensitive substring of the message. */
  query: string | undefined;
  start: Date | undefined;
  end: Date | undefined;
  limit: number;
}

export interface LogResult {
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

export interface LogAnswer {
  total: number;
  results: LogResult[];
}

/** Write lines in one statement. */
export async function writeLogs(db: Queryable, lines: readonly LogLineInput[]): Promise<void> {
  if (lines.length === 0) return;
  const now = new Date().toISOString();
  await db.query(
    `INSERT INTO vigil_logs (logged_at, external_id, level, message, labels)
     SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`,
    [
      lines.map((line) => line.time?.toISOString() ?? now),
      lines.map((line) => line.externalId),
      lines.map((line) => line.level ?? 'info'),
      lines.map((line) => line.message),
      lines.map((line) => JSON.stringify(line.labels ?? {})),
    ],
  );
}

/** `%` and `_` are literal in the search text: escape them (and the escape character). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The newest `limit` matches of a stream, returned oldest first (like `tail`), and the number of
 * matches (up to {@link TOTAL_CAP}). Both read the stream's (external_id, time desc) index, or
 * the trigram index for a rare search term; neither reads past what it needs.
 */
export async function searchLogs(db: Queryable, search: LogSearch): Promise<LogAnswer> {
  const params: unknown[] = [search.stream];
  const where = ['external_id = $1'];
  const { level, ...labels } = search.labels;
  if (level !== undefined) {
    params.push(level);
    where.push(`level = $${params.length}`);
  }
  if (Object.keys(labels).length > 0) {
    params.push(JSON.stringify(labels));
    where.push(`labels @> $${params.length}::jsonb`);
  }
  if (search.start) {
    params.push(search.start.toISOString());
    where.push(`logged_at >= $${params.length}::timestamptz`);
  }
  if (search.end) {
    params.push(search.end.toISOString());
    where.push(`logged_at <= $${params.length}::timestamptz`);
  }
  if (search.query) {
    params.push(likePattern(search.query));
    where.push(`message ILIKE $${params.length}`);
  }
  const filter = where.join(' AND ');
  const n = params.length;
  const [page, count] = await Promise.all([
    db.query<{ logged_at: Date | string; level: string; message: string; labels: unknown }>(
      `SELECT logged_at, level, message, labels FROM vigil_logs WHERE ${filter}
       ORDER BY logged_at DESC, id DESC LIMIT $${n + 1}`,
      [...params, search.limit],
    ),
    db.query<{ total: string | number }>(
      `SELECT count(*) AS total FROM (SELECT 1 FROM vigil_logs WHERE ${filter} LIMIT $${n + 1}) m`,
      [...params, TOTAL_CAP],
    ),
  ]);
  const results = page.rows.reverse().map((row) => {
    const stored =
      typeof row.labels === 'string'
        ? (JSON.parse(row.labels) as Record<string, string>)
        : (row.labels as Record<string, string>);
    return {
      timestamp: new Date(row.logged_at).toISOString(),
      message: row.message,
      labels: { ...stored, level: stored.level ?? row.level },
    };
  });
  return { total: Number(count.rows[0]?.total ?? 0), results };
}

/**
 * Delete lines older than `before`, `batch` at a time (short transactions, so writers are never
 * held up); returns how many went.
 */
export async function pruneLogs(
  db: Queryable,
  before: Date,
  batch = 10_000,
  maxBatches = 1_000,
): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < maxBatches; round += 1) {
    const result = await db.query(
      `DELETE FROM vigil_logs WHERE id IN (
         SELECT id FROM vigil_logs WHERE logged_at < $1::timestamptz LIMIT $2)`,
      [before.toISOString(), batch],
    );
    deleted += result.affectedRows;
    if (result.affectedRows < batch) break;
  }
  return deleted;
}
