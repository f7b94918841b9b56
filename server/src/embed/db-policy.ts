/**
 * What an embed token may read through `/db` (docs/embed-tokens.md §"Data API"). Deny by default:
 * a GET of one of the root relations below, its rows limited to the scope by a filter the server
 * adds, embedding only the listed relations, never naming a hidden column (in `select`, filters or
 * `order`). The engine then checks the relations it actually resolved against the same table.
 */
import type { EmbedItem, Expr, OrderTerm, SelectItem } from '../postgrest/ast';
import { applyFilterExtension } from '../postgrest/filter-extension';
import { classifyParams, type ParsedQuery } from '../postgrest/plan';
import { parseQueryString } from '../postgrest/query-string';
import type { RelationAccess } from '../postgrest/types';
import { isUuid } from '../http/validate';

/** Which list of the scope bounds a root relation's rows. */
export type ScopeSource =
  'checks' | 'components' | 'configs' | 'incident_components' | 'incident_configs';

export interface RootPolicy {
  source: ScopeSource;
  /** The column whose value must be one of the scope's ids. */
  column: string;
}

/** The relations an embed token may query, and the column that ties each row to the scope. */
export const EMBED_ROOTS: Readonly<Record<string, RootPolicy>> = {
  checks: { source: 'checks', column: 'id' },
  check_statuses: { source: 'checks', column: 'check_id' },
  check_statuses_5m: { source: 'checks', column: 'check_id' },
  check_statuses_1h: { source: 'checks', column: 'check_id' },
  check_statuses_1d: { source: 'checks', column: 'check_id' },
  components: { source: 'components', column: 'id' },
  topology: { source: 'components', column: 'id' },
  configs: { source: 'configs', column: 'id' },
  incidents_by_component: { source: 'incident_components', column: 'component_id' },
  incident_summary_by_component: { source: 'incident_components', column: 'id' },
  incidents_by_config: { source: 'incident_configs', column: 'config_id' },
};

/**
 * Embeds allowed under each relation (by relation name, optionally with an alias and a `!hint`).
 * Embedded rows are the ones linked to a scoped root row: a check's canary and relationships, a
 * component's checks.
 */
export const EMBED_EMBEDS: Readonly<Record<string, readonly string[]>> = {
  checks: ['canaries', 'agents', 'check_component_relationships', 'check_config_relationships'],
  check_component_relationships: ['components', 'checks'],
  check_config_relationships: ['configs', 'checks'],
  components: ['check_component_relationships'],
};

/**
 * Columns an embed token never reads: check and canary specs may hold credentials, an agent's
 * TLS material and host details are not for public pages. `*` is refused on these relations.
 */
export const HIDDEN_COLUMNS: Readonly<Record<string, ReadonlySet<string>>> = {
  checks: new Set(['spec']),
  canaries: new Set(['spec', 'annotations']),
  agents: new Set(['tls', 'username', 'person_id', 'ip', 'hostname', 'properties']),
};

/** Why a request is refused: the X-Rbac-Object of the 403. */
export interface Refusal {
  object: string;
}

const HIDDEN_NONE: ReadonlySet<string> = new Set();

function hiddenOf(relation: string): ReadonlySet<string> {
  return HIDDEN_COLUMNS[relation] ?? HIDDEN_NONE;
}

interface SelectNode {
  relation: string;
  children: Map<string, SelectNode>;
}

function checkExpr(relation: string, expr: Expr): Refusal | undefined {
  if (expr.kind === 'cond') {
    return hiddenOf(relation).has(expr.field.name)
      ? { object: `${relation}.${expr.field.name}` }
      : undefined;
  }
  for (const child of expr.children) {
    const refusal = checkExpr(relation, child);
    if (refusal) return refusal;
  }
  return undefined;
}

function checkOrder(node: SelectNode, terms: readonly OrderTerm[] | undefined) {
  for (const term of terms ?? []) {
    // `order=rel(col)` orders by a column of the embed `rel`.
    const relation =
      term.relation === undefined ? node.relation : node.children.get(term.relation)?.relation;
    if (relation === undefined) return { object: `${node.relation}.${term.relation ?? ''}` };
    if (hiddenOf(relation).has(term.field.name)) {
      return { object: `${relation}.${term.field.name}` };
    }
  }
  return undefined;
}

function checkSelect(
  relation: string,
  items: readonly SelectItem[],
  node: SelectNode,
): Refusal | undefined {
  const hidden = hiddenOf(relation);
  // An empty embed select (`canaries()`) reads like `*`.
  const list: readonly SelectItem[] = items.length === 0 ? [{ kind: 'star' }] : items;
  for (const item of list) {
    if (item.kind === 'star') {
      if (hidden.size > 0) return { object: `${relation}.*` };
    } else if (item.kind === 'column') {
      if (hidden.has(item.field.name)) return { object: `${relation}.${item.field.name}` };
    } else if (item.kind === 'embed') {
      const refusal = checkEmbed(relation, item, node);
      if (refusal) return refusal;
    } else {
      return { object: relation };
    }
  }
  return undefined;
}

function checkEmbed(parent: string, item: EmbedItem, node: SelectNode): Refusal | undefined {
  if (!(EMBED_EMBEDS[parent] ?? []).includes(item.name)) {
    return { object: `${parent}->${item.name.slice(0, 100)}` };
  }
  const child: SelectNode = { relation: item.name, children: new Map() };
  node.children.set(item.alias ?? item.name, child);
  return checkSelect(item.name, item.select, child);
}

/** Every relation reachable from a root through the allowed embeds. */
export function reachableRelations(root: string): Set<string> {
  const seen = new Set([root]);
  const queue = [root];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    for (const child of EMBED_EMBEDS[next] ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return seen;
}

/** Split a select list at its top-level commas (not inside parentheses or double quotes). */
function topLevelItems(select: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let index = 0; index < select.length; index += 1) {
    const ch = select[index];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (ch === ',' && depth === 0) {
      items.push(select.slice(start, index));
      start = index + 1;
    }
  }
  items.push(select.slice(start));
  return items;
}

function decodeParam(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * For a root relation with hidden columns, replace a top-level `*` in `select` (or the implicit
 * `*` of a query without `select`) by the relation's other columns, so a widget's usual query
 * (the check detail selects `*,canaries(…)…`) works and simply lacks the hidden columns. A `*`
 * inside an embed is not expanded: it is refused like any hidden column.
 */
export function expandHiddenStar(
  rawQuery: string,
  relation: string,
  columns: readonly string[],
): string {
  const hidden = hiddenOf(relation);
  if (hidden.size === 0) return rawQuery;
  const visible = columns.filter((column) => !hidden.has(column)).join(',');
  if (visible === '') return rawQuery;
  const segments = rawQuery === '' ? [] : rawQuery.split('&');
  let sawSelect = false;
  const rewritten = segments.map((segment) => {
    const eq = segment.indexOf('=');
    if (eq < 0 || decodeParam(segment.slice(0, eq)) !== 'select') return segment;
    sawSelect = true;
    const value = decodeParam(segment.slice(eq + 1));
    if (value === undefined) return segment;
    const items = topLevelItems(value).map((item) => (item.trim() === '*' ? visible : item));
    return `select=${encodeURIComponent(items.join(','))}`;
  });
  if (!sawSelect) rewritten.push(`select=${encodeURIComponent(visible)}`);
  return rewritten.join('&');
}

/** The parsed query or undefined when it does not parse (the engine then answers the 400). */
export function parseDbQuery(rawQuery: string): ParsedQuery | undefined {
  try {
    return classifyParams(applyFilterExtension(parseQueryString(rawQuery)));
  } catch {
    return undefined;
  }
}

/**
 * Check the select tree, filters, embedded filters and orders of a query on `root` against the
 * embed table and the hidden columns. Undefined when the query may run.
 */
export function checkEmbedQuery(root: string, query: ParsedQuery): Refusal | undefined {
  const tree: SelectNode = { relation: root, children: new Map() };
  const selected = checkSelect(root, query.select, tree);
  if (selected) return selected;
  for (const expr of query.filters) {
    const refusal = checkExpr(root, expr);
    if (refusal) return refusal;
  }
  const ordered = checkOrder(tree, query.order);
  if (ordered) return ordered;
  for (const params of query.embedParams.values()) {
    let node: SelectNode | undefined = tree;
    for (const segment of params.path) node = node?.children.get(segment);
    // Parameters for an embed that is not selected: the engine answers 400; refuse first.
    if (!node) return { object: `${root}.${params.path.join('.').slice(0, 100)}` };
    for (const expr of params.filters) {
      const refusal = checkExpr(node.relation, expr);
      if (refusal) return refusal;
    }
    const refusal = checkOrder(node, params.order);
    if (refusal) return refusal;
  }
  return undefined;
}

/**
 * The ids a query already restricts its scope column to (`col=eq.<id>` or `col=in.(<ids>)` at the
 * top level), lower-cased; undefined when it names none. Only uuids count.
 */
export function requestedIds(query: ParsedQuery, column: string): string[] | undefined {
  for (const expr of query.filters) {
    if (expr.kind !== 'cond' || expr.negate || expr.field.name !== column) continue;
    if (expr.field.json.length > 0) continue;
    let values: readonly string[] | undefined;
    if (expr.op === 'eq' && expr.value.kind === 'scalar') values = [expr.value.value];
    else if (expr.op === 'in' && expr.value.kind === 'list') values = expr.value.values;
    if (values === undefined || values.length === 0) continue;
    if (!values.every((value) => isUuid(value.trim()))) continue;
    return [...new Set(values.map((value) => value.trim().toLowerCase()))];
  }
  return undefined;
}

/**
 * The query string with the scope filter appended: `<column>=in.(<ids>)`. PostgREST ANDs every
 * filter, so whatever else the query asks for, rows outside the list are never read.
 */
export function withScopeFilter(rawQuery: string, column: string, ids: readonly string[]): string {
  const filter = `${encodeURIComponent(column)}=in.(${ids.join(',')})`;
  return rawQuery === '' ? filter : `${rawQuery}&${filter}`;
}

/**
 * The engine's second check: the relations it resolved must be the root (read) and relations
 * reachable from it through the allowed embeds.
 */
export function checkAccesses(
  root: string,
  accesses: readonly RelationAccess[],
): Refusal | undefined {
  const reachable = reachableRelations(root);
  for (const access of accesses) {
    if (access.action !== 'read') return { object: access.relation };
    if (access.root ? access.relation !== root : !reachable.has(access.relation)) {
      return { object: access.relation };
    }
  }
  return undefined;
}
