/**
 * `POST /resources/search` (api.md §4.3): the pickers' search over checks, components and configs.
 * Each kind takes a list of selectors; a resource is listed when one selector matches all of its
 * fields. Every value reaches the SQL as a bind parameter; columns come from the fixed tables below.
 */
import type { Queryable } from '../db/types';
import { isUuid } from '../http/validate';
import { LabelSelectorError, labelSelectorSql, parseLabelSelector } from './label-selector';
import { SqlParams } from './sql-params';
import { CatalogRequestError } from './summary';

export type SearchKind = 'checks' | 'components' | 'configs';

export const SEARCH_KINDS: readonly SearchKind[] = ['checks', 'components', 'configs'];

/** Results per kind when the request names no limit (the contract's default) and at most. */
export const SEARCH_DEFAULT_LIMIT = 100;
export const SEARCH_MAX_LIMIT = 1000;
/** Selectors per kind, and the longest text any selector field may hold. */
export const SEARCH_MAX_SELECTORS = 20;
export const SEARCH_MAX_TEXT = 500;

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

export interface ResourceSelector {
  id?: string;
  name?: string;
  namespace?: string;
  agent?: string;
  scope?: string;
  search?: string;
  types?: string[];
  statuses?: string[];
  labelSelector?: string;
  tagSelector?: string;
  fieldSelector?: string;
  limit?: number;
  includeDeleted?: boolean;
}

export interface SearchRequest {
  selectors: Partial<Record<SearchKind, ResourceSelector[]>>;
  limit: number;
}

export interface SearchItem {
  id: string;
  name: string;
  namespace: string;
  type: string;
  agent: string;
  icon?: string;
  tags?: Record<string, string>;
}

interface Table {
  /** FROM clause with the alias `r`. */
  from: string;
  /** The row's namespace. */
  namespace: string;
  /** The columns `statuses` is compared with (any of them, case-insensitively). */
  statuses: string[];
  /** The labels `labelSelector` reads (configs: tags and labels together). */
  labels: string;
  /** The scope column (scraper, topology or canary) and how a `namespace/name` scope is found. */
  scope: { column: string; byName: string };
  /** Text `search` is matched against besides the name. */
  searchText: string;
  tags: string | undefined;
}

const TABLES: Record<SearchKind, Table> = {
  checks: {
    from: 'checks r',
    namespace: "coalesce(r.namespace, '')",
    statuses: ['r.status'],
    labels: "coalesce(r.labels, '{}'::jsonb)",
    scope: {
      column: 'r.canary_id',
      byName:
        'SELECT id FROM canaries WHERE namespace = $ns AND name = $name AND deleted_at IS NULL',
    },
    searchText: "coalesce(r.labels::text, '')",
    tags: undefined,
  },
  components: {
    from: 'components r',
    namespace: "coalesce(r.namespace, '')",
    statuses: ['r.status', 'r.health'],
    labels: "coalesce(r.labels, '{}'::jsonb)",
    scope: {
      column: 'r.topology_id',
      byName:
        'SELECT id FROM topologies WHERE namespace = $ns AND name = $name AND deleted_at IS NULL',
    },
    searchText: "coalesce(r.labels::text, '')",
    tags: undefined,
  },
  configs: {
    from: 'config_items r',
    namespace: "coalesce(r.tags ->> 'namespace', '')",
    statuses: ['r.status', 'r.health'],
    labels: "(coalesce(r.tags, '{}'::jsonb) || coalesce(r.labels, '{}'::jsonb))",
    scope: {
      column: 'r.scraper_id',
      byName: 'SELECT id FROM config_scrapers WHERE name = $name AND deleted_at IS NULL',
    },
    searchText: "coalesce(r.tags::text, '') || ' ' || coalesce(r.labels::text, '')",
    tags: 'r.tags',
  },
};

// ---- request ----

function text(kind: SearchKind, field: string, value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw new CatalogRequestError(`${kind}: ${field} must be a string`);
  }
  if (value.length > SEARCH_MAX_TEXT) {
    throw new CatalogRequestError(`${kind}: ${field} is longer than ${SEARCH_MAX_TEXT} characters`);
  }
  return value.trim() === '' ? undefined : value.trim();
}

function textList(kind: SearchKind, field: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? value.split(',') : value;
  if (!Array.isArray(list) || list.length > 100) {
    throw new CatalogRequestError(`${kind}: ${field} must be a list of at most 100 strings`);
  }
  const items = list.map((item) => text(kind, field, item)).filter((item) => item !== undefined);
  return items.length > 0 ? items : undefined;
}

function limitOf(where: string, value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new CatalogRequestError(`${where}limit must be a positive whole number`);
  }
  return Math.min(value, SEARCH_MAX_LIMIT);
}

function selectorOf(kind: SearchKind, value: unknown): ResourceSelector {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CatalogRequestError(`${kind}: each selector must be an object`);
  }
  const raw = value as Record<string, unknown>;
  const selector: ResourceSelector = {
    id: text(kind, 'id', raw.id),
    name: text(kind, 'name', raw.name),
    namespace: text(kind, 'namespace', raw.namespace),
    agent: text(kind, 'agent', raw.agent),
    scope: text(kind, 'scope', raw.scope),
    search: text(kind, 'search', raw.search),
    types: textList(kind, 'types', raw.types),
    statuses: textList(kind, 'statuses', raw.statuses),
    labelSelector: text(kind, 'labelSelector', raw.labelSelector),
    tagSelector: text(kind, 'tagSelector', raw.tagSelector),
    fieldSelector: text(kind, 'fieldSelector', raw.fieldSelector),
    includeDeleted: raw.includeDeleted === true,
  };
  if (raw.limit !== undefined && raw.limit !== null) {
    selector.limit = limitOf(`${kind}: `, raw.limit, SEARCH_DEFAULT_LIMIT);
  }
  if (raw.includeDeleted !== undefined && typeof raw.includeDeleted !== 'boolean') {
    throw new CatalogRequestError(`${kind}: includeDeleted must be true or false`);
  }
  // Selectors that cannot parse are a client mistake, found before any query runs.
  for (const field of ['labelSelector', 'tagSelector', 'fieldSelector'] as const) {
    const selectorText = selector[field];
    if (selectorText === undefined) continue;
    try {
      parseLabelSelector(selectorText);
    } catch (error) {
      if (error instanceof LabelSelectorError) {
        throw new CatalogRequestError(`${kind}: ${field}: ${error.message}`);
      }
      throw error;
    }
  }
  return selector;
}

/** The request body checked: every list a list of selector objects, the limits in range. */
export function parseSearchRequest(body: unknown): SearchRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new CatalogRequestError('the request body must be a JSON object');
  }
  const raw = body as Record<string, unknown>;
  const selectors: SearchRequest['selectors'] = {};
  for (const kind of SEARCH_KINDS) {
    const list = raw[kind];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) throw new CatalogRequestError(`${kind} must be a list of selectors`);
    if (list.length > SEARCH_MAX_SELECTORS) {
      throw new CatalogRequestError(`${kind}: at most ${SEARCH_MAX_SELECTORS} selectors`);
    }
    selectors[kind] = list.map((item) => selectorOf(kind, item));
  }
  return { selectors, limit: limitOf('', raw.limit, SEARCH_DEFAULT_LIMIT) };
}

// ---- query ----

/** A `*` wildcard pattern as a LIKE pattern (`%` and `_` in the text match themselves). */
function likePattern(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (character) => `\\${character}`).replace(/\*/g, '%');
}

function matchName(column: string, pattern: string, params: SqlParams): string {
  return pattern.includes('*')
    ? `${column} ILIKE ${params.add(likePattern(pattern))}`
    : `${column} = ${params.add(pattern)}`;
}

function scopeSql(table: Table, scope: string, params: SqlParams): string {
  if (isUuid(scope)) return `${table.scope.column} = ${params.add(scope)}::uuid`;
  const slash = scope.lastIndexOf('/');
  const namespace = slash >= 0 ? scope.slice(0, slash) : 'default';
  const name = slash >= 0 ? scope.slice(slash + 1) : scope;
  // Only the placeholders the lookup has become parameters (an unused one has no type: 42P18).
  let lookup = table.scope.byName;
  if (lookup.includes('$ns')) lookup = lookup.replace('$ns', params.add(namespace));
  lookup = lookup.replace('$name', params.add(name));
  return `${table.scope.column} IN (${lookup})`;
}

function agentSql(agent: string, params: SqlParams): string {
  if (agent === 'self' || agent === 'local') return `r.agent_id = '${LOCAL_AGENT}'::uuid`;
  if (isUuid(agent)) return `r.agent_id = ${params.add(agent)}::uuid`;
  return `r.agent_id IN (SELECT id FROM agents WHERE name = ${params.add(agent)} AND deleted_at IS NULL)`;
}

function selectorSql(kind: SearchKind, selector: ResourceSelector, params: SqlParams): string[] {
  const table = TABLES[kind];
  const where: string[] = [];
  if (!selector.includeDeleted) where.push('r.deleted_at IS NULL');
  if (selector.id !== undefined) {
    // An id that is not a uuid matches nothing (a picker's stale value), rather than failing.
    if (!isUuid(selector.id)) return ['false'];
    where.push(`r.id = ${params.add(selector.id)}::uuid`);
  }
  if (selector.name !== undefined) where.push(matchName('r.name', selector.name, params));
  if (selector.namespace !== undefined) {
    where.push(matchName(table.namespace, selector.namespace, params));
  }
  if (selector.agent !== undefined) where.push(agentSql(selector.agent, params));
  if (selector.scope !== undefined) where.push(scopeSql(table, selector.scope, params));
  if (selector.search !== undefined) {
    const pattern = params.add(`%${likePattern(selector.search)}%`);
    where.push(`(r.name ILIKE ${pattern} OR (${table.searchText}) ILIKE ${pattern})`);
  }
  if (selector.types) {
    const types = selector.types.map((type) => matchName('r.type', type, params));
    where.push(`(${types.join(' OR ')})`);
  }
  if (selector.statuses) {
    const wanted = params.add(selector.statuses.map((status) => status.toLowerCase()));
    const columns = table.statuses.map((column) => `lower(${column}) = ANY(${wanted}::text[])`);
    where.push(`(${columns.join(' OR ')})`);
  }
  const selectorOn = (column: string, selectorText: string | undefined) => {
    if (selectorText === undefined) return;
    const predicate = labelSelectorSql(column, parseLabelSelector(selectorText), params);
    if (predicate) where.push(`(${predicate})`);
  };
  selectorOn(table.labels, selector.labelSelector);
  selectorOn(table.tags ?? table.labels, selector.tagSelector);
  // Fields are the row's own columns, read as JSON (`type=Kubernetes::Pod,status!=Stopped`).
  selectorOn('to_jsonb(r)', selector.fieldSelector);
  return where.length > 0 ? where : ['true'];
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, item]) => item !== null && item !== undefined,
  );
  return entries.length > 0
    ? Object.fromEntries(entries.map(([key, item]) => [key, String(item)]))
    : undefined;
}

async function searchKind(
  db: Queryable,
  kind: SearchKind,
  selectors: ResourceSelector[],
  limit: number,
): Promise<SearchItem[]> {
  const table = TABLES[kind];
  const params = new SqlParams();
  // One query per request and kind: each selector is a branch of the OR, cut to its own limit.
  if (selectors.length === 0) return [];
  const branches = selectors.map((selector) => {
    const cap = params.add(Math.min(selector.limit ?? limit, limit));
    return `(SELECT r.id FROM ${table.from} WHERE ${selectorSql(kind, selector, params).join(' AND ')}
      ORDER BY r.name, r.id LIMIT ${cap})`;
  });
  const result = await db.query<Record<string, unknown>>(
    `SELECT r.id::text AS id, coalesce(r.name, '') AS name, ${table.namespace} AS namespace,
        coalesce(r.type, '') AS type, r.agent_id::text AS agent, r.icon,
        ${table.tags ?? 'NULL::jsonb'} AS tags
     FROM ${table.from}
     WHERE r.id IN (${branches.join(' UNION ')})
     ORDER BY r.name, r.id LIMIT ${params.add(limit)}`,
    params.values,
  );
  return result.rows.map((row) => {
    const tags = stringMap(row.tags);
    return {
      id: String(row.id),
      name: String(row.name),
      namespace: String(row.namespace),
      type: String(row.type),
      agent: String(row.agent),
      ...(typeof row.icon === 'string' && row.icon !== '' ? { icon: row.icon } : {}),
      ...(tags ? { tags } : {}),
    };
  });
}

/** The answer of api.md §4.3: each kind asked for, omitted when it found nothing. */
export async function searchResources(
  db: Queryable,
  request: SearchRequest,
): Promise<Partial<Record<SearchKind, SearchItem[]>>> {
  const answer: Partial<Record<SearchKind, SearchItem[]>> = {};
  for (const kind of SEARCH_KINDS) {
    const selectors = request.selectors[kind];
    if (selectors === undefined) continue;
    const items = await searchKind(db, kind, selectors, request.limit);
    if (items.length > 0) answer[kind] = items;
  }
  return answer;
}
