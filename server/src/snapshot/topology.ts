/**
 * The topology snapshot (api.md §5, docs/logs.md): a zip of one component's tree and what
 * belongs to it in a time window.
 *
 * - `components.json`: the component tree as `GET /canary/api/topology?id=…` answers it (all
 *   levels, up to 10 deep), plus the related components when asked for.
 * - `checks.csv`: the checks linked to the components, with their current status;
 *   `check_statuses.csv`: their results in the window.
 * - `configs.csv`: the configs linked to the components (with `related`, also the configs one
 *   relationship away); `config_changes.csv`: their changes in the window.
 * - `logs/<component>/<selector>.log` (or `.json`): each component's log lines in the window.
 * - `snapshot.json`: what was asked for, when, the counts and what was cut at a limit.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import { isStorableInstant, parseDatemath, parseDuration } from '../catalog/datemath';
import type { Queryable } from '../db/types';
import { isUuid } from '../http/validate';
import { readSelectors, renderSelectorLabels, TemplateError } from '../logs/selectors';
import { searchLogs, VIGIL_STREAM, type LogResult } from '../logs/store';
import { parseTopologyParams } from '../topology/params';
import { readTopology } from '../topology/read';
import { toCsv } from './csv';

/** Rows of one CSV, and log lines of one selector, at most. */
export const SNAPSHOT_ROW_LIMIT = 10_000;
export const SNAPSHOT_LOG_LINES = 1_000;
/** Components whose logs are written, at most. */
export const SNAPSHOT_LOG_COMPONENTS = 100;
/** The default window start (api.md §5). */
export const DEFAULT_SNAPSHOT_START = '15m';

export interface SnapshotParams {
  id: string;
  start: Date;
  end: Date;
  related: boolean;
  logFormat: 'log' | 'json';
}

/** Read the id and query; a string is the 400's error text. */
export function parseSnapshotParams(
  id: string,
  read: (name: string) => string | undefined,
  now = new Date(),
): SnapshotParams | string {
  if (!isUuid(id)) return 'id is invalid';
  const instant = (name: string, fallback: string | undefined): Date | string | undefined => {
    const text = read(name)?.trim() || fallback;
    if (text === undefined) return undefined;
    const duration = parseDuration(text);
    const at =
      duration !== undefined ? new Date(now.getTime() - duration) : parseDatemath(text, now);
    if (!at || !isStorableInstant(at)) {
      return `${name} is invalid: use a duration (15m, 1h, 7d), datemath (now-1h) or an RFC 3339 time`;
    }
    return at;
  };
  const start = instant('start', DEFAULT_SNAPSHOT_START);
  if (typeof start === 'string') return start;
  const end = instant('end', undefined);
  if (typeof end === 'string') return end;
  const finish = end ?? now;
  if (!start || start.getTime() > finish.getTime()) return 'start is after end';
  const related = read('related')?.trim().toLowerCase() ?? '';
  if (!['', 'true', 'false'].includes(related)) return 'related must be true or false';
  const logFormat = read('logFormat')?.trim() || 'log';
  if (logFormat !== 'log' && logFormat !== 'json') return 'logFormat must be log or json';
  return { id: id.toLowerCase(), start, end: finish, related: related === 'true', logFormat };
}

interface TreeNode {
  id: string;
  name?: string;
  components?: TreeNode[];
}

function collectIds(node: TreeNode, into: Set<string>): void {
  into.add(node.id);
  for (const child of node.components ?? []) collectIds(child, into);
}

/** Control characters (below U+0020) as `_`. */
export function withoutControls(text: string): string {
  return Array.from(text, (char) => (char.charCodeAt(0) < 0x20 ? '_' : char)).join('');
}

/** A file or folder name from free text: no separators, no dots at the start, at most 100. */
export function safeName(text: string): string {
  const cleaned = withoutControls(text)
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 100);
  return cleaned === '' ? '_' : cleaned;
}

function logText(lines: LogResult[], format: 'log' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(lines, null, 2)}\n`;
  return lines
    .map((line) => {
      const { level, ...labels } = line.labels;
      const pairs = Object.entries(labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => `${key}=${value}`)
        .join(' ');
      return `${line.timestamp} ${(level ?? 'info').toUpperCase()} ${line.message}${pairs ? ` {${pairs}}` : ''}\n`;
    })
    .join('');
}

export interface Snapshot {
  name: string;
  zip: Uint8Array;
}

/** Build the zip; undefined when the component does not exist (or was deleted). */
export async function topologySnapshot(
  db: Queryable,
  params: SnapshotParams,
): Promise<Snapshot | undefined> {
  const found = await db.query<{ id: string; name: string }>(
    `SELECT id, name FROM components WHERE id = $1 AND deleted_at IS NULL`,
    [params.id],
  );
  const component = found.rows[0];
  if (!component) return undefined;

  const topologyParams = parseTopologyParams(
    (name) => ({ id: params.id, depth: '10' })[name as 'id' | 'depth'],
  );
  if (typeof topologyParams === 'string') throw new Error(topologyParams);
  const tree = await readTopology(db, topologyParams);
  const root = (tree.components as unknown as TreeNode[])[0];
  const ids = new Set<string>([params.id]);
  if (root) collectIds(root, ids);

  let related: Record<string, unknown>[] = [];
  if (params.related) {
    // Ancestors (by path and parent) and the components related to any of the tree's.
    const result = await db.query<Record<string, unknown>>(
      `SELECT c.id, c.name, c.type, c.status, c.health, c.external_id, c.parent_id, c.labels
       FROM components c
       WHERE c.deleted_at IS NULL AND NOT (c.id = ANY($1::uuid[])) AND (
         c.id IN (SELECT unnest(string_to_array(nullif(t.path, ''), '.'))::uuid
                  FROM components t WHERE t.id = $2)
         OR c.id IN (SELECT r.relationship_id FROM component_relationships r
                     WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL)
         OR c.id IN (SELECT r.component_id FROM component_relationships r
                     WHERE r.relationship_id = ANY($1::uuid[]) AND r.deleted_at IS NULL))
       ORDER BY c.name, c.id LIMIT $3`,
      [[...ids], params.id, SNAPSHOT_ROW_LIMIT],
    );
    related = result.rows;
  }
  const all = [...ids, ...related.map((row) => String(row.id))];
  const window = [params.start.toISOString(), params.end.toISOString()];
  const truncated: string[] = [];
  const limited = <T>(rows: T[], file: string): T[] => {
    if (rows.length > SNAPSHOT_ROW_LIMIT) {
      truncated.push(file);
      return rows.slice(0, SNAPSHOT_ROW_LIMIT);
    }
    return rows;
  };

  const checks = await db.query<Record<string, unknown>>(
    `SELECT ch.id, ch.name, ch.type, ch.status, ch.namespace, ch.description, ch.severity,
       ch.canary_id, ch.last_runtime, ch.last_transition_time,
       string_agg(DISTINCT r.component_id::text, ' ') AS component_ids
     FROM check_component_relationships r
     JOIN checks ch ON ch.id = r.check_id AND ch.deleted_at IS NULL
     WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL
     GROUP BY ch.id ORDER BY ch.name, ch.id LIMIT $2`,
    [all, SNAPSHOT_ROW_LIMIT + 1],
  );
  const checkRows = limited(checks.rows, 'checks.csv');
  const statuses = await db.query<Record<string, unknown>>(
    `SELECT s.check_id, ch.name AS check_name, s.time, s.status, s.invalid, s.duration,
       s.message, s.error
     FROM check_statuses s JOIN checks ch ON ch.id = s.check_id
     WHERE s.check_id = ANY($1::uuid[]) AND s.time >= $2::timestamptz AND s.time <= $3::timestamptz
     ORDER BY s.time DESC, s.check_id LIMIT $4`,
    [checkRows.map((row) => row.id), ...window, SNAPSHOT_ROW_LIMIT + 1],
  );

  const configs = await db.query<Record<string, unknown>>(
    `WITH linked AS (
       SELECT r.config_id FROM config_component_relationships r
       WHERE r.component_id = ANY($1::uuid[]) AND r.deleted_at IS NULL
       UNION SELECT c.config_id FROM components c
       WHERE c.id = ANY($1::uuid[]) AND c.config_id IS NOT NULL
     ), wanted AS (
       SELECT config_id FROM linked
       UNION SELECT cr.related_id FROM config_relationships cr
       WHERE $2::boolean AND cr.config_id IN (SELECT config_id FROM linked) AND cr.deleted_at IS NULL
       UNION SELECT cr.config_id FROM config_relationships cr
       WHERE $2::boolean AND cr.related_id IN (SELECT config_id FROM linked) AND cr.deleted_at IS NULL
     )
     SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.description,
       ci.tags, ci.labels, ci.created_at, ci.updated_at, ci.deleted_at,
       ci.id IN (SELECT config_id FROM linked) AS linked
     FROM config_items ci WHERE ci.id IN (SELECT config_id FROM wanted)
     ORDER BY linked DESC, ci.type, ci.name, ci.id LIMIT $3`,
    [all, params.related, SNAPSHOT_ROW_LIMIT + 1],
  );
  const configRows = limited(configs.rows, 'configs.csv');
  const changes = await db.query<Record<string, unknown>>(
    `SELECT ch.id, ch.config_id, ci.name AS config_name, ci.type AS config_type, ch.change_type,
       ch.severity, ch.source, ch.summary, ch.created_by, ch.external_created_by, ch.created_at,
       ch.count
     FROM config_changes ch JOIN config_items ci ON ci.id = ch.config_id
     WHERE ch.config_id = ANY($1::uuid[]) AND ch.created_at >= $2::timestamptz
       AND ch.created_at <= $3::timestamptz
     ORDER BY ch.created_at DESC, ch.id LIMIT $4`,
    [configRows.map((row) => row.id), ...window, SNAPSHOT_ROW_LIMIT + 1],
  );

  const files: Zippable = {};
  const logFiles: string[] = [];
  const withLogs = await db.query<{
    id: string;
    name: string;
    external_id: string | null;
    type: string | null;
    namespace: string | null;
    labels: Record<string, unknown> | null;
    log_selectors: unknown;
  }>(
    `SELECT id, name, external_id, type, namespace, labels, log_selectors FROM components
     WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL AND jsonb_typeof(log_selectors) = 'array'
       AND jsonb_array_length(log_selectors) > 0
     ORDER BY (id = $2) DESC, name, id LIMIT $3`,
    [all, params.id, SNAPSHOT_LOG_COMPONENTS + 1],
  );
  if (withLogs.rows.length > SNAPSHOT_LOG_COMPONENTS) truncated.push('logs');
  const usedFolders = new Set<string>();
  for (const row of withLogs.rows.slice(0, SNAPSHOT_LOG_COMPONENTS)) {
    let folder = safeName(row.name);
    if (usedFolders.has(folder)) folder = `${folder}-${row.id.slice(0, 8)}`;
    usedFolders.add(folder);
    for (const selector of readSelectors(row.log_selectors)) {
      const stream = selector.type === VIGIL_STREAM ? VIGIL_STREAM : row.external_id;
      if (!stream) continue;
      let labels: Record<string, string>;
      try {
        labels = renderSelectorLabels(selector, row);
      } catch (error: unknown) {
        if (error instanceof TemplateError) continue;
        throw error;
      }
      const answer = await searchLogs(db, {
        stream,
        labels,
        query: undefined,
        start: params.start,
        end: params.end,
        limit: SNAPSHOT_LOG_LINES,
      });
      const path = `logs/${folder}/${safeName(selector.name)}.${params.logFormat}`;
      files[path] = strToU8(logText(answer.results, params.logFormat));
      logFiles.push(path);
      if (answer.total > answer.results.length) truncated.push(path);
    }
  }

  files['components.json'] = strToU8(
    `${JSON.stringify({ components: tree.components, related }, null, 2)}\n`,
  );
  files['checks.csv'] = strToU8(
    toCsv(
      [
        'id',
        'name',
        'type',
        'status',
        'namespace',
        'description',
        'severity',
        'canary_id',
        'last_runtime',
        'last_transition_time',
        'component_ids',
      ],
      checkRows,
    ),
  );
  files['check_statuses.csv'] = strToU8(
    toCsv(
      ['check_id', 'check_name', 'time', 'status', 'invalid', 'duration', 'message', 'error'],
      limited(statuses.rows, 'check_statuses.csv'),
    ),
  );
  files['configs.csv'] = strToU8(
    toCsv(
      [
        'id',
        'name',
        'type',
        'config_class',
        'status',
        'health',
        'description',
        'tags',
        'labels',
        'linked',
        'created_at',
        'updated_at',
        'deleted_at',
      ],
      configRows,
    ),
  );
  files['config_changes.csv'] = strToU8(
    toCsv(
      [
        'id',
        'config_id',
        'config_name',
        'config_type',
        'change_type',
        'severity',
        'source',
        'summary',
        'created_by',
        'external_created_by',
        'created_at',
        'count',
      ],
      limited(changes.rows, 'config_changes.csv'),
    ),
  );
  files['snapshot.json'] = strToU8(
    `${JSON.stringify(
      {
        component: { id: component.id, name: component.name },
        start: params.start.toISOString(),
        end: params.end.toISOString(),
        related: params.related,
        logFormat: params.logFormat,
        generatedAt: new Date().toISOString(),
        counts: {
          components: ids.size,
          related: related.length,
          checks: checkRows.length,
          checkStatuses: Math.min(statuses.rows.length, SNAPSHOT_ROW_LIMIT),
          configs: configRows.length,
          configChanges: Math.min(changes.rows.length, SNAPSHOT_ROW_LIMIT),
          logFiles: logFiles.length,
        },
        truncated,
      },
      null,
      2,
    )}\n`,
  );
  return { name: component.name, zip: zipSync(files, { level: 6 }) };
}
