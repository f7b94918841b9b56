/**
 * `POST /catalog/changes` (api.md §4.2): a page of config changes with their config's name, type
 * and tags, the total, and a per-change-type count of the page. With `id` the search covers that
 * config and, per `recursive`, the configs related to it up to `depth` (edges of
 * config_relationships plus the parent_id hierarchy).
 */
import type { Queryable } from '../db/types';
import { isUuid } from '../http/validate';
import { ChangesCountCache } from './changes-count-cache';
import { parseDatemath } from './datemath';
import { filterListSql, parseFilterList } from './filter-list';
import { LabelSelectorError, labelSelectorSql, parseLabelSelector } from './label-selector';
import { CatalogRequestError } from './summary';
import { SqlParams } from './sql-params';

const RECURSIVE = ['all', 'upstream', 'downstream', 'none'] as const;
type Recursive = (typeof RECURSIVE)[number];
const SEVERITY_ORDER = ['critical', 'high', 'medium', 'low', 'info'];
const SORT_COLUMNS: Record<string, string> = {
  name: 'ci.name',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  created_at: 'cc.created_at',
  count: 'cc.count',
};
/** config_changes columns that cannot be null (their order needs no NULLS LAST). */
const NOT_NULL_SORT_COLUMNS = new Set(['created_at', 'count']);
const MAX_PAGE_SIZE = 1000;
const MAX_DEPTH = 20;
/** The page's OFFSET is bound as an `integer`: pages beyond it are refused (400), not a 500. */
const MAX_OFFSET = 2_147_483_647;

export interface ChangesRequest {
  id?: string;
  configIdList?: string;
  configType?: string;
  changeType?: string;
  severity?: string;
  from: Date;
  to?: Date;
  page: number;
  pageSize: number;
  sort: { column: string; descending: boolean };
  tags?: string;
  recursive: Recursive;
  depth: number;
  includeDeleted: boolean;
  createdBy?: string;
  summary?: string;
  source?: string;
  agentId?: string;
}

function text(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw new CatalogRequestError(`invalid '${field}' param`);
  return value;
}

function positiveInteger(value: string | undefined, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new CatalogRequestError(`invalid '${field}' param: must be a positive integer`);
  }
  return Number(value);
}

/** Validate a request body (or GET query); throws CatalogRequestError with the contract's texts. */
export function parseChangesRequest(raw: unknown, now: Date = new Date()): ChangesRequest {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new CatalogRequestError('request body must be a JSON object');
  }
  const recursiveText = text(body, 'recursive') ?? 'downstream';
  if (!(RECURSIVE as readonly string[]).includes(recursiveText)) {
    throw new CatalogRequestError(
      "bad request: 'recursive' must be one of upstream, downstream, none, all",
    );
  }
  const fromText = text(body, 'from');
  const toText = text(body, 'to');
  let from: Date;
  let to: Date | undefined;
  if (fromText === undefined && toText === undefined) {
    from = new Date(now.getTime() - 2 * 86_400_000);
  } else {
    const parsedFrom = fromText === undefined ? new Date(0) : parseDatemath(fromText, now);
    if (!parsedFrom) throw new CatalogRequestError("invalid 'from' param");
    from = parsedFrom;
    if (toText !== undefined) {
      to = parseDatemath(toText, now);
      if (!to) throw new CatalogRequestError("invalid 'to' param");
      if (from.getTime() > to.getTime())
        throw new CatalogRequestError("'from' must be before 'to'");
    }
  }
  const sortText = text(body, 'sort_by');
  let sort = { column: 'created_at', descending: true };
  if (sortText !== undefined) {
    const descending = sortText.startsWith('-');
    const column = descending ? sortText.slice(1) : sortText;
    if (!(column in SORT_COLUMNS)) {
      throw new CatalogRequestError(
        `invalid 'sort_by' param: must be one of ${Object.keys(SORT_COLUMNS).join(', ')}`,
      );
    }
    sort = { column, descending };
  }
  const agentId = text(body, 'agent_id');
  if (agentId !== undefined && agentId !== 'local' && !isUuid(agentId)) {
    throw new CatalogRequestError(`agent_id(${agentId}) must either be a valid uuid or \`local\``);
  }
  const tags = text(body, 'tags');
  if (tags !== undefined) {
    try {
      parseLabelSelector(tags);
    } catch (error) {
      if (error instanceof LabelSelectorError) {
        throw new CatalogRequestError(`failed to parse label selector: ${error.message}`);
      }
      throw error;
    }
  }
  const idText = text(body, 'id');
  const includeDeleted = body.include_deleted_configs;
  if (
    includeDeleted !== undefined &&
    includeDeleted !== null &&
    typeof includeDeleted !== 'boolean' &&
    includeDeleted !== 'true' &&
    includeDeleted !== 'false'
  ) {
    throw new CatalogRequestError("invalid 'include_deleted_configs' param: must be a boolean");
  }
  const request: ChangesRequest = {
    from,
    page: positiveInteger(text(body, 'page'), 'page', 1),
    pageSize: Math.min(positiveInteger(text(body, 'page_size'), 'page_size', 50), MAX_PAGE_SIZE),
    sort,
    recursive: recursiveText as Recursive,
    depth: Math.min(positiveInteger(text(body, 'depth'), 'depth', 5), MAX_DEPTH),
    includeDeleted: includeDeleted === true || includeDeleted === 'true',
  };
  if ((request.page - 1) * request.pageSize > MAX_OFFSET) {
    const last = Math.floor(MAX_OFFSET / request.pageSize) + 1;
    throw new CatalogRequestError(
      `invalid 'page' param: must be at most ${last} with page_size ${request.pageSize}`,
    );
  }
  if (to) request.to = to;
  if (idText !== undefined) {
    if (isUuid(idText)) request.id = idText.toLowerCase();
    else request.configIdList = idText;
  }
  const optional: [keyof ChangesRequest, string][] = [
    ['configType', 'config_type'],
    ['changeType', 'type'],
    ['severity', 'severity'],
    ['createdBy', 'created_by'],
    ['summary', 'summary'],
    ['source', 'source'],
  ];
  for (const [key, field] of optional) {
    const value = text(body, field);
    if (value !== undefined) (request as unknown as Record<string, unknown>)[key] = value;
  }
  if (tags !== undefined) request.tags = tags;
  if (agentId !== undefined) request.agentId = agentId;
  return request;
}

function severitySql(value: string, params: SqlParams): string {
  if (value.startsWith('!')) return `cc.severity IS DISTINCT FROM ${params.add(value.slice(1))}`;
  const index = SEVERITY_ORDER.indexOf(value.toLowerCase());
  const allowed = index === -1 ? SEVERITY_ORDER : SEVERITY_ORDER.slice(0, index + 1);
  return `lower(cc.severity) = ANY(${params.add(allowed)}::text[])`;
}

function relatedIdsSql(request: ChangesRequest, params: SqlParams): string {
  const root = params.add(request.id);
  const depth = params.add(request.depth);
  const deleted = request.includeDeleted ? '' : ' AND ci.deleted_at IS NULL';
  const walk = (name: string, from: string, to: string, parentJoin: string): string => `
    ${name}(id, depth) AS (
      SELECT ${root}::uuid, 0
      UNION
      SELECT edge.next_id, w.depth + 1
      FROM ${name} w
      JOIN LATERAL (
        SELECT r.${to} AS next_id FROM config_relationships r
        WHERE r.${from} = w.id AND r.deleted_at IS NULL
        UNION ALL
        SELECT ${parentJoin}
      ) edge ON true
      WHERE w.depth < ${depth}::integer
    )`;
  const down = walk(
    'down',
    'config_id',
    'related_id',
    'c.id FROM config_items c WHERE c.parent_id = w.id',
  );
  const up = walk(
    'up',
    'related_id',
    'config_id',
    'c.parent_id FROM config_items c WHERE c.id = w.id AND c.parent_id IS NOT NULL',
  );
  const parts: string[] = [`SELECT ${root}::uuid AS id`];
  if (request.recursive === 'downstream' || request.recursive === 'all')
    parts.push('SELECT id FROM down');
  if (request.recursive === 'upstream' || request.recursive === 'all')
    parts.push('SELECT id FROM up');
  return `WITH RECURSIVE ${down}, ${up},
    related AS (${parts.join(' UNION ')})
    SELECT related.id FROM related JOIN config_items ci ON ci.id = related.id
    WHERE related.id = ${root}::uuid OR (true${deleted})`;
}

interface ChangeRow {
  id: string;
  config_id: string;
  name: string | null;
  type: string | null;
  /** The jsonb as its text, parsed here: PGlite's own jsonb parsing costs more (issue 18). */
  tags: string | null;
  change_type: string | null;
  severity: string | null;
  source: string | null;
  summary: string | null;
  created_at: Date;
  first_observed: Date | null;
  count: number;
  created_by: string | null;
  external_created_by: string | null;
  agent_id: string | null;
  external_change_id: string | null;
}

export interface ChangesResponse {
  summary?: Record<string, number>;
  total?: number;
  changes?: Record<string, unknown>[];
}

/** Counts every time (PostgreSQL's rule): for callers without a cache of their own. */
const COUNT_EVERY_TIME = new ChangesCountCache({ kind: 'postgres' });

/**
 * `counts`: where the total's counts are kept between requests (server/src/routes/catalog.ts
 * makes one per database); without it the total is counted every time.
 */
export async function catalogChanges(
  db: Queryable,
  request: ChangesRequest,
  counts: ChangesCountCache = COUNT_EVERY_TIME,
): Promise<ChangesResponse> {
  const params = new SqlParams();
  const where: string[] = [
    `cc.created_at >= ${params.add(request.from.toISOString())}::timestamptz`,
  ];
  if (request.to)
    where.push(`cc.created_at <= ${params.add(request.to.toISOString())}::timestamptz`);
  if (request.id) {
    if (request.recursive === 'none') where.push(`cc.config_id = ${params.add(request.id)}::uuid`);
    else where.push(`cc.config_id IN (${relatedIdsSql(request, params)})`);
  }
  const lists: [string, string | undefined][] = [
    ['cc.config_id::text', request.configIdList],
    ['ci.type', request.configType],
    ['cc.change_type', request.changeType],
    ['cc.summary', request.summary],
    ['cc.source', request.source],
  ];
  for (const [column, value] of lists) {
    if (value === undefined) continue;
    const predicate = filterListSql(column, parseFilterList(value, true), params);
    if (predicate) where.push(predicate);
  }
  if (request.severity) where.push(severitySql(request.severity, params));
  if (request.createdBy) {
    if (isUuid(request.createdBy))
      where.push(`cc.created_by = ${params.add(request.createdBy)}::uuid`);
    else {
      const predicate = filterListSql(
        'cc.external_created_by',
        parseFilterList(request.createdBy, true),
        params,
      );
      if (predicate) where.push(predicate);
    }
  }
  if (request.tags) {
    const predicate = labelSelectorSql('ci.tags', parseLabelSelector(request.tags), params);
    if (predicate) where.push(predicate);
  }
  if (request.agentId) {
    const agent =
      request.agentId === 'local' ? '00000000-0000-0000-0000-000000000000' : request.agentId;
    where.push(`ci.agent_id = ${params.add(agent)}::uuid`);
  }
  // NOT NULL columns are ordered without NULLS LAST, so that the (created_at, id) index gives
  // the default order as it is (migration 0020) and a page stops after page_size rows.
  const direction = request.sort.descending ? 'DESC' : 'ASC';
  const nulls = NOT_NULL_SORT_COLUMNS.has(request.sort.column) ? '' : ' NULLS LAST';
  const order = `${SORT_COLUMNS[request.sort.column] ?? 'cc.created_at'} ${direction}${nulls}, cc.id ${direction}`;
  const filterValues = [...params.values];
  const limit = params.add(request.pageSize);
  const offset = params.add((request.page - 1) * request.pageSize);
  // The page and the total are two statements: the page can then walk the created_at index and
  // stop after page_size rows instead of sorting every match for a window count.
  const pageSql = `
    SELECT cc.id, cc.config_id, ci.name, ci.type, ci.tags::text AS tags, cc.change_type,
      cc.severity, cc.source, cc.summary, cc.created_at, cc.first_observed, cc.count,
      cc.created_by, cc.external_created_by, ci.agent_id, cc.external_change_id
    FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
    WHERE ${where.join(' AND ')}
    ORDER BY ${order}
    LIMIT ${limit}::integer OFFSET ${offset}::integer`;
  // The total joins config_items only when a filter needs it (every change has its config).
  const needsItems = where.some((predicate) => predicate.includes('ci.'));
  const tables = `config_changes cc${needsItems ? ' JOIN config_items ci ON ci.id = cc.config_id' : ''}`;
  const result = await db.query<ChangeRow>(pageSql, params.values);
  const total =
    result.rows.length < request.pageSize && request.page === 1
      ? result.rows.length
      : await counts.count(db, {
          tables,
          where: where.join(' AND '),
          values: filterValues,
          fromIndex: 0,
          sliding: request.to === undefined,
        });
  const response: ChangesResponse = {};
  if (result.rows.length === 0) return total > 0 ? { total } : response;
  const summary: Record<string, number> = {};
  const changes = result.rows.map((row) => {
    const tags = row.tags === null ? null : (JSON.parse(row.tags) as Record<string, string> | null);
    if (row.change_type) summary[row.change_type] = (summary[row.change_type] ?? 0) + 1;
    const change: Record<string, unknown> = {
      id: row.id,
      config_id: row.config_id,
      change_type: row.change_type,
      severity: row.severity,
      source: row.source,
      created_at: row.created_at,
      count: row.count,
      agent_id: row.agent_id,
      external_change_id: row.external_change_id,
    };
    const optional: [string, unknown][] = [
      ['name', row.name],
      ['type', row.type],
      ['tags', tags && Object.keys(tags).length > 0 ? tags : null],
      ['summary', row.summary],
      ['first_observed', row.first_observed],
      ['created_by', row.created_by],
      ['external_created_by', row.external_created_by],
    ];
    for (const [key, value] of optional) {
      if (value !== null && value !== undefined && value !== '') change[key] = value;
    }
    return change;
  });
  if (Object.keys(summary).length > 0) response.summary = summary;
  response.total = total;
  response.changes = changes;
  return response;
}
