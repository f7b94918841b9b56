/**
 * `GET /canary/api/topology` (api.md §3.5) over the `topology` view (schema.md §4), computed from
 * the stored data (a write is visible at once; the route keeps an answer only while the database
 * has not changed, routes/topology.ts; `noCache` is accepted and changes nothing).
 * docs/topology-api.md describes the rules; in short:
 *
 * 1. The skeleton (id, parent, the columns the filters read) of the components reachable from the
 *    roots, or from `id`, through `parent_id` and `component_relationships` — ids are the only
 *    values bound into SQL.
 * 2. The tree is built in memory down to `depth` levels. Filters (`labels`, `owner`, `team`,
 *    `agent_id`, then `status` and `type`) apply to the listed level: the roots without `id`, the
 *    children of `id` with it, every component with `flatten=true`. `hidden=false` drops hidden
 *    components at every level. The component named by `id` is always returned.
 * 3. The returned components' rows are read from the `topology` view; direct children keep every
 *    field, deeper levels a reduced set.
 * 4. `summary` is live: health counts of the leaves below the component, and its checks, open
 *    incidents and insights together with those of everything below it (each counted once).
 */
import type {
  SeverityCounts,
  TopologyComponent,
  TopologyResponse,
  TopologySummary,
} from '../../../src/api/types';
import type { KeptReads } from '../db/kept-reads';
import type { Db, Queryable } from '../db/types';
import { matchesList, type TopologyParams } from './params';

/** What the filters, sorting and tree building read of every candidate component. */
interface SkeletonRow {
  id: string;
  parent_id: string | null;
  name: string;
  type: string | null;
  status: string | null;
  hidden: boolean | null;
  owner: string | null;
  agent_id: string | null;
  labels: unknown;
  properties: unknown;
  team_names: string[] | null;
}

/**
 * Every query below answers one row with one JSON text (`rows`), parsed here: PGlite converts
 * thousands of rows field by field far more slowly than it writes one JSON text (5,400
 * components: 18 ms instead of 80).
 */
const jsonRows = (select: string, from: string) =>
  `SELECT coalesce(json_agg(json_build_array(${select})), '[]')::text AS rows ${from}`;

/** id, parent_id, name, status, hidden of every candidate: what the tree and summaries need. */
const NARROW_COLUMNS = 'c.id, c.parent_id, c.name, c.status, c.hidden';

/** Parent → child links between live components: `parent_id` and component_relationships. */
const EDGES_CTE = `edges (parent, child) AS (
  SELECT c.parent_id, c.id FROM components c
  WHERE c.deleted_at IS NULL AND c.parent_id IS NOT NULL AND c.parent_id <> c.id
  UNION
  SELECT r.relationship_id, r.component_id FROM component_relationships r
  JOIN components x ON x.id = r.component_id AND x.deleted_at IS NULL
  WHERE r.deleted_at IS NULL AND r.relationship_id <> r.component_id
)`;

const ALL_SKELETON_SQL = jsonRows(NARROW_COLUMNS, 'FROM components c WHERE c.deleted_at IS NULL');

// UNION (not UNION ALL) remembers every id seen, so cycles through relationships end.
const SUBTREE_SKELETON_SQL = `WITH RECURSIVE ${EDGES_CTE}, sub (id) AS (
  SELECT $1::uuid
  UNION
  SELECT e.child FROM sub JOIN edges e ON e.parent = sub.id
)
${jsonRows(NARROW_COLUMNS, 'FROM components c JOIN sub ON sub.id = c.id WHERE c.deleted_at IS NULL')}`;

/** The component_relationships side of the edges (the parent_id side comes with the skeleton). */
const RELATIONSHIPS_SQL = jsonRows(
  'r.relationship_id, r.component_id',
  `FROM component_relationships r
  JOIN components x ON x.id = r.component_id AND x.deleted_at IS NULL
  WHERE r.deleted_at IS NULL AND r.relationship_id <> r.component_id`,
);

/** What the filters, sorting and filter options read: only of components within `depth`. */
const WIDE_SQL = jsonRows(
  'c.id, c.type, c.owner, c.agent_id, c.labels, c.properties, tn.names',
  `FROM components c
  LEFT JOIN (
    SELECT tc.component_id, array_agg(t.name ORDER BY t.name) AS names FROM team_components tc
    JOIN teams t ON t.id = tc.team_id AND t.deleted_at IS NULL
    GROUP BY tc.component_id
  ) tn ON tn.component_id = c.id
  WHERE c.id = ANY($1::uuid[])`,
);

const ROWS_SQL = 'SELECT * FROM topology WHERE id = ANY($1::uuid[])';

// The links the summaries roll up, with ids so that a check, incident or insight reached through
// several components below a card is counted once. Same rules as the topology view's columns.
// `$1` NULL reads the links of every component (the whole tree: no list of thousands of ids).
const CHECK_LINKS_SQL = jsonRows(
  "cr.component_id, ch.id, coalesce(ch.status, 'unknown')",
  `FROM check_component_relationships cr
  JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
  WHERE cr.deleted_at IS NULL AND ($1::uuid[] IS NULL OR cr.component_id = ANY($1::uuid[]))`,
);

const INCIDENT_LINKS_SQL = jsonRows(
  'x.component_id, x.id, x.type, x.severity',
  `FROM (
    SELECT DISTINCT e.component_id, i.id, i.type, i.severity
    FROM evidences e
    JOIN hypotheses h ON h.id = e.hypothesis_id
    JOIN incidents i ON i.id = h.incident_id
    WHERE ($1::uuid[] IS NULL OR e.component_id = ANY($1::uuid[]))
      AND i.resolved IS NULL AND i.closed IS NULL
  ) x`,
);

const INSIGHT_LINKS_SQL = jsonRows(
  "r.component_id, ca.id, coalesce(ca.analysis_type, 'other'), coalesce(ca.severity, 'info')",
  `FROM config_component_relationships r
  JOIN config_items ci ON ci.id = r.config_id AND ci.deleted_at IS NULL
  JOIN config_analysis ca ON ca.config_id = ci.id
  WHERE r.deleted_at IS NULL AND ($1::uuid[] IS NULL OR r.component_id = ANY($1::uuid[]))`,
);

/** Fields of components below the direct children (api.md §3.5). */
const REDUCED_FIELDS = [
  'name',
  'namespace',
  'id',
  'is_leaf',
  'status',
  'status_expr',
  'health',
  'health_expr',
  'status_reason',
  'icon',
  'summary',
  'topology_type',
  'labels',
  'team_names',
  'type',
  'parent_id',
  'parents',
  'incidents',
  'analysis',
  'checks',
] as const;

const COST_COLUMNS = ['cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d'];
const TIME_COLUMNS = ['created_at', 'updated_at', 'deleted_at'];
const SUMMARY_STATUSES = ['healthy', 'unhealthy', 'warning', 'info'] as const;

/** One returned component while the answer is assembled. */
interface TreeNode {
  id: string;
  level: number;
  children: TreeNode[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function labelValue(labels: unknown, key: string): string | undefined {
  if (!isRecord(labels) || !Object.hasOwn(labels, key)) return undefined;
  const value = labels[key];
  return typeof value === 'string'
    ? value
    : value === undefined
      ? undefined
      : JSON.stringify(value);
}

/** The value of a named property for sorting: a number, a text, or nothing (sorted last). */
function propertyValue(properties: unknown, name: string): number | string | undefined {
  if (!Array.isArray(properties)) return undefined;
  for (const property of properties as unknown[]) {
    if (!isRecord(property) || property.name !== name) continue;
    if (typeof property.value === 'number' && Number.isFinite(property.value)) {
      return property.value;
    }
    if (typeof property.text === 'string' && property.text !== '') return property.text;
    return undefined;
  }
  return undefined;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Empty values last in either direction; numbers before texts. */
function compareValues(
  a: number | string | undefined,
  b: number | string | undefined,
  descending: boolean,
): number {
  if (a === undefined || b === undefined) {
    return a === undefined ? (b === undefined ? 0 : 1) : -1;
  }
  let result: number;
  if (typeof a === 'number' && typeof b === 'number') result = a - b;
  else if (typeof a === 'number') result = -1;
  else if (typeof b === 'number') result = 1;
  else result = collator.compare(a, b);
  return descending ? -result : result;
}

function byNameThenId(a: SkeletonRow, b: SkeletonRow): number {
  return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function toIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** `{status: n}` from a set of (id → status). */
function countBy(values: Iterable<string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/** `{type: {severity: n}}` from a set of (id → [type, severity]). */
function countNested(values: Iterable<[string, string]>): Record<string, SeverityCounts> {
  const counts: Record<string, SeverityCounts> = {};
  for (const [type, severity] of values) {
    const bucket = (counts[type] ??= {});
    bucket[severity] = (bucket[severity] ?? 0) + 1;
  }
  return counts;
}

interface Links {
  checks: Map<string, Map<string, string>>;
  incidents: Map<string, Map<string, [string, string]>>;
  insights: Map<string, Map<string, [string, string]>>;
}

function addLink<V>(map: Map<string, Map<string, V>>, component: string, id: string, value: V) {
  let inner = map.get(component);
  if (!inner) map.set(component, (inner = new Map()));
  inner.set(id, value);
}

/** The rows of a {@link jsonRows} query. */
async function queryJson<T extends unknown[]>(
  db: Queryable,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const result = await db.query<{ rows: string }>(sql, params);
  const text = result.rows[0]?.rows;
  return text ? (JSON.parse(text) as T[]) : [];
}

/** The links of `ids` (null: of every component). */
async function readLinks(db: Queryable, ids: string[] | null): Promise<Links> {
  const links: Links = { checks: new Map(), incidents: new Map(), insights: new Map() };
  if (ids?.length === 0) return links;
  type Typed = [string, string, string, string];
  const checks = await queryJson<[string, string, string]>(db, CHECK_LINKS_SQL, [ids]);
  const incidents = await queryJson<Typed>(db, INCIDENT_LINKS_SQL, [ids]);
  const insights = await queryJson<Typed>(db, INSIGHT_LINKS_SQL, [ids]);
  for (const [component, id, status] of checks) addLink(links.checks, component, id, status);
  for (const [component, id, type, severity] of incidents) {
    addLink(links.incidents, component, id, [type, severity]);
  }
  for (const [component, id, type, severity] of insights) {
    addLink(links.insights, component, id, [type, severity]);
  }
  return links;
}

/** Who may be returned: an embed token's components, or everyone (undefined). */
export type TopologyScope = ReadonlySet<string> | undefined;

/**
 * Answer the topology query.
 * @param scope for an embed token: the component ids it may read. The component named by `id`
 *   must be one of them (the gate checks); its children are returned only when they are too.
 */
export async function readTopology(
  db: Queryable,
  params: TopologyParams,
  scope?: TopologyScope,
): Promise<TopologyResponse> {
  const empty: TopologyResponse = {
    components: [],
    healthStatuses: [],
    teams: [],
    tags: {},
    types: [],
  };
  if (scope && (params.id === undefined || !scope.has(params.id))) return empty;

  // 1. Skeleton and links: the narrow columns of every candidate, then the wide ones of those
  // within `depth` of the listed level (the only ones filtered, sorted or counted in options).
  const skeleton = await queryJson<[string, string | null, string, string | null, boolean | null]>(
    db,
    params.id ? SUBTREE_SKELETON_SQL : ALL_SKELETON_SQL,
    params.id ? [params.id] : [],
  );
  const nodes = new Map<string, SkeletonRow>();
  for (const [id, parentId, name, status, hidden] of skeleton) {
    nodes.set(id, {
      id,
      parent_id: parentId,
      name,
      status,
      hidden,
      type: null,
      owner: null,
      agent_id: null,
      labels: null,
      properties: null,
      team_names: null,
    });
  }
  if (params.id && !nodes.has(params.id)) return empty;
  const edges: [string, string][] = [];
  for (const row of nodes.values()) {
    if (row.parent_id !== null && row.parent_id !== row.id) edges.push([row.parent_id, row.id]);
  }
  edges.push(...(await queryJson<[string, string]>(db, RELATIONSHIPS_SQL)));

  const dropHidden = params.hidden === false;
  const visible = (row: SkeletonRow) => !(dropHidden && row.hidden === true);
  const childrenOf = new Map<string, SkeletonRow[]>();
  for (const [parent, child] of edges) {
    const row = nodes.get(child);
    if (!row || !nodes.has(parent) || !visible(row)) continue;
    const list = childrenOf.get(parent) ?? [];
    if (!list.includes(row)) list.push(row);
    childrenOf.set(parent, list);
  }
  for (const list of childrenOf.values()) list.sort(byNameThenId);

  // The wide columns of everything the tree below can reach (a superset: before the filters).
  const startIds = params.id
    ? [params.id]
    : [...nodes.values()].filter((row) => row.parent_id === null).map((row) => row.id);
  const near = new Set(startIds);
  let frontier = startIds;
  for (let level = 0; level < params.depth && frontier.length > 0; level += 1) {
    const next: string[] = [];
    for (const id of frontier) {
      for (const child of childrenOf.get(id) ?? []) {
        if (!near.has(child.id)) {
          near.add(child.id);
          next.push(child.id);
        }
      }
    }
    frontier = next;
  }
  type Wide = [string, string | null, string | null, string | null, unknown, unknown, string[]];
  for (const [id, type, owner, agentId, labels, properties, teams] of await queryJson<Wide>(
    db,
    WIDE_SQL,
    [[...near]],
  )) {
    const row = nodes.get(id);
    if (!row) continue;
    Object.assign(row, { type, owner, agent_id: agentId, labels, properties, team_names: teams });
  }

  // 2. The tree (or flat list), before the status and type filters.
  const listedLevel = params.id ? 1 : 0;
  const cardFilter = (row: SkeletonRow): boolean => {
    for (const [key, value] of params.labels) {
      if (labelValue(row.labels, key) !== value) return false;
    }
    if (params.owner !== undefined && row.owner !== params.owner) return false;
    if (params.agentId !== undefined && row.agent_id !== params.agentId) return false;
    if (params.team !== undefined && !(row.team_names ?? []).includes(params.team)) return false;
    return true;
  };
  const statusTypeFilter = (row: SkeletonRow): boolean =>
    matchesList(params.status, row.status) && matchesList(params.type, row.type);
  const compare = (a: SkeletonRow, b: SkeletonRow): number => {
    const sort = params.sortBy;
    if (!sort) return 0;
    if (sort.kind === 'name') return compareValues(a.name, b.name, params.descending);
    return compareValues(
      propertyValue(a.properties, sort.property),
      propertyValue(b.properties, sort.property),
      params.descending,
    );
  };

  const grow = (row: SkeletonRow, level: number, path: ReadonlySet<string>): TreeNode => {
    const node: TreeNode = { id: row.id, level, children: [] };
    if (level >= params.depth) return node;
    const below = new Set(path).add(row.id);
    for (const child of childrenOf.get(row.id) ?? []) {
      if (below.has(child.id) || (scope && !scope.has(child.id))) continue;
      if (!params.flatten && level + 1 === listedLevel && !cardFilter(child)) continue;
      node.children.push(grow(child, level + 1, below));
    }
    return node;
  };

  let tops: TreeNode[];
  if (params.id) {
    const root = nodes.get(params.id);
    tops = root ? [grow(root, 0, new Set())] : [];
  } else {
    const roots = [...nodes.values()]
      .filter((row) => row.parent_id === null && visible(row))
      .filter((row) => params.flatten || cardFilter(row))
      .sort(byNameThenId);
    tops = roots.map((row) => grow(row, 0, new Set()));
  }

  // Flatten: every component once, in tree order; the filters apply to each but the root of id.
  let flat: TreeNode[] | undefined;
  if (params.flatten) {
    const seen = new Set<string>();
    flat = [];
    const walk = (node: TreeNode) => {
      if (seen.has(node.id)) return;
      seen.add(node.id);
      flat?.push(node);
      node.children.forEach(walk);
    };
    tops.forEach(walk);
    const rootId = params.id;
    flat = flat.filter((node) => {
      const row = nodes.get(node.id);
      return node.id === rootId || (row !== undefined && cardFilter(row));
    });
  }

  // Filter options: over what is returned, before the status and type filters.
  const all = new Map<string, TreeNode>();
  const collect = (node: TreeNode) => {
    if (!all.has(node.id)) all.set(node.id, node);
    node.children.forEach(collect);
  };
  (flat ?? tops).forEach(collect);
  const rowsOf = [...all.keys()].flatMap((id) => nodes.get(id) ?? []);
  const distinct = (values: (string | null | undefined)[]) =>
    [...new Set(values.filter((value): value is string => typeof value === 'string'))].sort();
  const tags: Record<string, string[]> = {};
  for (const row of rowsOf) {
    if (!isRecord(row.labels)) continue;
    for (const [key, value] of Object.entries(row.labels)) {
      if (typeof value !== 'string') continue;
      const list = (tags[key] ??= []);
      if (!list.includes(value)) list.push(value);
    }
  }
  for (const list of Object.values(tags)) list.sort();

  // Status and type, after the query, on the listed level (never on the root named by id).
  const keep = (node: TreeNode) => {
    const row = nodes.get(node.id);
    return row !== undefined && statusTypeFilter(row);
  };
  const order = (list: TreeNode[]): TreeNode[] => {
    if (!params.sortBy) return list;
    const rows = new Map(list.map((node) => [node, nodes.get(node.id)]));
    return [...list].sort((a, b) => {
      const rowA = rows.get(a);
      const rowB = rows.get(b);
      return rowA && rowB ? compare(rowA, rowB) : 0;
    });
  };
  let listed: TreeNode[];
  if (flat) {
    const [first, ...rest] = flat;
    listed =
      params.id && first?.id === params.id
        ? [first, ...order(rest.filter(keep))]
        : order(flat.filter(keep));
  } else {
    const sortTree = (node: TreeNode) => {
      node.children = order(node.children);
      node.children.forEach(sortTree);
    };
    if (params.id) {
      const root = tops[0];
      if (root) root.children = root.children.filter(keep);
    } else {
      tops = tops.filter(keep);
    }
    tops = order(tops);
    tops.forEach(sortTree);
    listed = tops;
  }

  // 3. Rows of what is returned, and the summaries.
  const returned = new Set<string>();
  const mark = (node: TreeNode) => {
    returned.add(node.id);
    if (!flat) node.children.forEach(mark);
  };
  listed.forEach(mark);
  const rowResult = await db.query<Record<string, unknown>>(ROWS_SQL, [[...returned]]);
  const rows = new Map(rowResult.rows.map((row) => [String(row.id), row]));

  const below = (id: string): Set<string> => {
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop() as string;
      for (const child of childrenOf.get(current) ?? []) {
        if (!seen.has(child.id)) {
          seen.add(child.id);
          stack.push(child.id);
        }
      }
    }
    return seen;
  };
  const subtrees = new Map([...returned].map((id) => [id, below(id)]));
  const linked = new Set<string>();
  for (const subtree of subtrees.values()) for (const id of subtree) linked.add(id);
  // The whole tree (the dashboard): every component's links, without listing thousands of ids.
  const links = await readLinks(db, linked.size === nodes.size && !params.id ? null : [...linked]);

  const summaryOf = (id: string, stored: unknown): TopologySummary => {
    const subtree = subtrees.get(id) ?? new Set([id]);
    const leaves: string[] = [];
    const checks = new Map<string, string>();
    const incidents = new Map<string, [string, string]>();
    const insights = new Map<string, [string, string]>();
    for (const member of subtree) {
      if (member !== id && (childrenOf.get(member)?.length ?? 0) === 0) {
        const status = nodes.get(member)?.status;
        if (status) leaves.push(status);
      }
      for (const [key, value] of links.checks.get(member) ?? []) checks.set(key, value);
      for (const [key, value] of links.incidents.get(member) ?? []) incidents.set(key, value);
      for (const [key, value] of links.insights.get(member) ?? []) insights.set(key, value);
    }
    const summary: Record<string, unknown> = isRecord(stored) ? { ...stored } : {};
    const health = countBy(leaves);
    for (const status of SUMMARY_STATUSES) {
      if (health[status]) summary[status] = health[status];
      else delete summary[status];
    }
    const computed: [string, Record<string, unknown>][] = [
      ['checks', countBy(checks.values())],
      ['incidents', countNested(incidents.values())],
      ['insights', countNested(insights.values())],
    ];
    for (const [key, value] of computed) {
      if (Object.keys(value).length > 0) summary[key] = value;
      else delete summary[key];
    }
    return summary as TopologySummary;
  };

  const inScope = (ids: unknown): unknown =>
    scope && Array.isArray(ids) ? ids.filter((id) => scope.has(String(id))) : ids;

  const render = (node: TreeNode): TopologyComponent | undefined => {
    const row = rows.get(node.id);
    if (!row) return undefined;
    const full: Record<string, unknown> = { ...row };
    for (const column of COST_COLUMNS) full[column] = toNumber(row[column]);
    for (const column of TIME_COLUMNS) full[column] = toIso(row[column]);
    full.summary = summaryOf(node.id, row.summary);
    full.children = inScope(row.children);
    full.parents = inScope(row.parents);
    let out: Record<string, unknown> = full;
    // A flat list has no levels: every entry is a card and carries every field.
    if (!flat && node.level >= 2) {
      out = {};
      for (const field of REDUCED_FIELDS) out[field] = full[field];
    }
    if (!flat && node.children.length > 0) {
      out.components = node.children.flatMap((child) => render(child) ?? []);
    }
    return out as unknown as TopologyComponent;
  };

  return {
    components: listed.flatMap((node) => render(node) ?? []),
    healthStatuses: distinct(rowsOf.map((row) => row.status)),
    teams: distinct(rowsOf.flatMap((row) => row.team_names ?? [])),
    tags,
    types: distinct(rowsOf.map((row) => row.type)),
  };
}

/**
 * The tree for `params`, kept in `kept` while the database has not changed (db/kept-reads.ts):
 * the route's answers and the start-up warm-up's (routes/topology.ts, warmup.ts).
 */
export function readKeptTopology(
  kept: KeptReads<TopologyResponse>,
  db: Db,
  params: TopologyParams,
): Promise<TopologyResponse> {
  return kept.read(JSON.stringify(params), () => readTopology(db, params));
}
