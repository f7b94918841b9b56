/**
 * Resolution of a parsed request against the schema cache: every relation, column and
 * relationship is looked up here, so unknown identifiers are rejected before any SQL exists.
 */
import type {
  AggregateFunction,
  EmbedItem,
  Expr,
  Field,
  FilterValue,
  JsonStep,
  Operator,
  OrderTerm,
  SelectItem,
} from './ast';
import { closestName } from './fuzzy';
import { PgrstError, parseError, unknownColumn } from './errors';
import { parseFilterName, parseFilterValue, parseLogicTree } from './parse-filter';
import { parseOrder } from './parse-order';
import { parseSelect } from './parse-select';
import { parseColumnList, parseCount } from './query-string';
import type { QueryParam } from './filter-extension';
import type { Column, Relation, Relationship } from './schema-cache';

/** A column reference checked against its relation. */
export interface ResolvedField {
  column: Column;
  json: readonly JsonStep[];
}

export interface ResolvedCondition {
  kind: 'cond';
  field: ResolvedField;
  negate: boolean;
  op: Operator;
  value: FilterValue;
}

export interface ResolvedTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: readonly ResolvedExpr[];
}

/**
 * `rel.is.null` / `rel.not.is.null` inside a logic tree, `rel` an embed of `parent`: whether a
 * related row passing the embed's filters exists (PostgREST 12's null filtering on embeds).
 */
export interface ResolvedEmbedTest {
  kind: 'embed';
  node: PlanNode;
  parent: PlanNode;
  isNull: boolean;
}

export type ResolvedExpr = ResolvedCondition | ResolvedTree | ResolvedEmbedTest;

export interface ResolvedOrder {
  /** A column of the node, or of `related.node` for `order=rel(col)`. */
  field: ResolvedField;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
  /** `order=rel(col)`: the to-one embed `node` of `parent` whose column orders the parent. */
  related?: { node: PlanNode; parent: PlanNode } | undefined;
}

export type Projection =
  | { kind: 'column'; key: string; field: ResolvedField; cast: string | undefined }
  | {
      kind: 'aggregate';
      key: string;
      fn: AggregateFunction;
      /** Undefined for `count()`. */
      field: ResolvedField | undefined;
      inputCast: string | undefined;
      cast: string | undefined;
    }
  /** An embed; a spread one (`node.spread`) lifts its columns, an empty one is not output. */
  | { kind: 'embed'; key: string; node: PlanNode };

/** One relation of the select tree: the root or an embed. */
export interface PlanNode {
  relation: Relation;
  /** The SQL alias (`t0`, `t1`…), unique in the statement. */
  alias: string;
  /** How the node joins its parent; undefined for the root. */
  relationship: Relationship | undefined;
  /** The name written in the select (relation or FK column). */
  name: string;
  inner: boolean;
  /** `...rel(cols)`: the columns are output in the parent row. */
  spread: boolean;
  /** `rel()`: nothing is output; the embed only filters (`!inner`, `rel=is.null`). */
  empty: boolean;
  /** `rel=is.null` on the parent: only parent rows without a related row (an anti-join). */
  absent: boolean;
  projections: Projection[];
  filters: ResolvedExpr[];
  order: ResolvedOrder[];
  limit: number | undefined;
  offset: number | undefined;
  /**
   * The FROM item when the relation is not read directly (`(SELECT … masked …) AS t1`); set by
   * the engine for masked relations (types.ts ColumnMasks).
   */
  from?: string | undefined;
}

/** Parameters addressed to one embed (`<path>.col=…`, `<path>.order=…`…). */
interface EmbedParams {
  path: readonly string[];
  filters: Expr[];
  order: OrderTerm[] | undefined;
  limit: number | undefined;
  offset: number | undefined;
}

/** The query parameters of a request, classified but not yet resolved. */
export interface ParsedQuery {
  select: SelectItem[];
  order: OrderTerm[] | undefined;
  limit: number | undefined;
  offset: number | undefined;
  filters: Expr[];
  embedParams: Map<string, EmbedParams>;
  /** RPC arguments taken from the query (GET), first value of each name. */
  args: Map<string, string>;
  /** `columns=`: the body keys a write uses (unchecked names). */
  columns: string[] | undefined;
  /** `on_conflict=`: the conflict target of an upsert (unchecked names). */
  onConflict: string[] | undefined;
}

const EMBED_KEYWORDS = new Set(['order', 'limit', 'offset', 'or', 'and']);

function embedEntry(map: Map<string, EmbedParams>, path: readonly string[]): EmbedParams {
  const key = path.join('\u0000');
  let entry = map.get(key);
  if (entry === undefined) {
    entry = { path, filters: [], order: undefined, limit: undefined, offset: undefined };
    map.set(key, entry);
  }
  return entry;
}

/**
 * Classify decoded parameters. `argNames` are the RPC function's argument names (GET): such
 * parameters become arguments, not filters.
 */
export function classifyParams(
  params: readonly QueryParam[],
  argNames: ReadonlySet<string> = new Set(),
): ParsedQuery {
  const parsed: ParsedQuery = {
    select: [],
    order: undefined,
    limit: undefined,
    offset: undefined,
    filters: [],
    embedParams: new Map(),
    args: new Map(),
    columns: undefined,
    onConflict: undefined,
  };
  let sawSelect = false;
  for (const [name, value] of params) {
    if (argNames.has(name)) {
      if (!parsed.args.has(name)) parsed.args.set(name, value);
      continue;
    }
    switch (name) {
      case 'select':
        sawSelect = true;
        // Repeated selects are merged (decision 12); duplicates collapse in the plan.
        parsed.select.push(...parseSelect(value));
        continue;
      case 'order':
        // The first root `order` wins (PostgREST's rule).
        if (parsed.order === undefined) parsed.order = parseOrder(value);
        continue;
      case 'limit':
        if (parsed.limit === undefined) parsed.limit = parseCount(name, value);
        continue;
      case 'offset':
        if (parsed.offset === undefined) parsed.offset = parseCount(name, value);
        continue;
      case 'or':
      case 'and':
        parsed.filters.push(parseLogicTree(name, false, value));
        continue;
      case 'not.or':
      case 'not.and':
        parsed.filters.push(parseLogicTree(name === 'not.or' ? 'or' : 'and', true, value));
        continue;
      case 'columns':
        parsed.columns ??= parseColumnList(name, value);
        continue;
      case 'on_conflict':
        parsed.onConflict ??= parseColumnList(name, value);
        continue;
      default:
        break;
    }
    if (!name.includes('->')) {
      const segments = name.split('.');
      const last = segments[segments.length - 1] ?? '';
      if (segments.length > 1 && EMBED_KEYWORDS.has(last)) {
        let negate = false;
        let path = segments.slice(0, -1);
        if ((last === 'or' || last === 'and') && path[path.length - 1] === 'not') {
          negate = true;
          path = path.slice(0, -1);
        }
        if (path.length === 0 || path.some((segment) => segment === '')) {
          throw parseError(`bad parameter name "${name.slice(0, 100)}"`);
        }
        const entry = embedEntry(parsed.embedParams, path);
        if (last === 'order') entry.order ??= parseOrder(value);
        else if (last === 'limit') entry.limit ??= parseCount(name, value);
        else if (last === 'offset') entry.offset ??= parseCount(name, value);
        else entry.filters.push(parseLogicTree(last === 'or' ? 'or' : 'and', negate, value));
        continue;
      }
    }
    const { path, field } = parseFilterName(name);
    const condition = parseFilterValue(field, value);
    const expr: Expr = { kind: 'cond', ...condition };
    if (path.length === 0) parsed.filters.push(expr);
    else embedEntry(parsed.embedParams, path).filters.push(expr);
  }
  if (!sawSelect) parsed.select = [{ kind: 'star' }];
  return parsed;
}

/** Look up a column of `relation` or fail with 42703. */
export function resolveField(relation: Relation, field: Field): ResolvedField {
  const column = relation.columnMap.get(field.name) ?? relation.computed.get(field.name);
  if (column === undefined) throw unknownColumn(relation.name, field.name);
  return { column, json: field.json };
}

/** The embed of `node` a `rel=is.null`-shaped condition names, if it is one. */
function embedNullTest(node: PlanNode, expr: Expr): PlanNode | undefined {
  return expr.kind === 'cond' &&
    expr.field.json.length === 0 &&
    !node.relation.columnMap.has(expr.field.name) &&
    expr.value.kind === 'is' &&
    (expr.value.value === 'null' || expr.value.value === 'not_null')
    ? embedNamed(node, expr.field.name)
    : undefined;
}

function isNullTest(expr: Expr): boolean {
  return (
    expr.kind === 'cond' &&
    expr.value.kind === 'is' &&
    (expr.value.value === 'null') !== expr.negate
  );
}

/** Resolve a filter of `node`; inside logic trees `rel.is.null` tests the embed `rel`. */
function resolveExpr(node: PlanNode, expr: Expr, nested = false): ResolvedExpr {
  if (expr.kind === 'cond') {
    const embed = nested ? embedNullTest(node, expr) : undefined;
    if (embed !== undefined)
      return { kind: 'embed', node: embed, parent: node, isNull: isNullTest(expr) };
    return { ...expr, field: resolveField(node.relation, expr.field) };
  }
  return { ...expr, children: expr.children.map((child) => resolveExpr(node, child, true)) };
}

function resolveOrder(node: PlanNode, terms: readonly OrderTerm[]): ResolvedOrder[] {
  return terms.map((term) => {
    const { relation: name, ...rest } = term;
    if (name === undefined) return { ...rest, field: resolveField(node.relation, term.field) };
    // `rel(col)`: `rel` is an embed's alias, else its name, and must be to-one.
    const embed = embedsOf(node).find(
      (projection) => projection.key === name || projection.key === `...${name}`,
    )?.node;
    if (embed === undefined) throw notEmbedded(name, name);
    if (embed.relationship?.toOne !== true) {
      throw new PgrstError(
        400,
        'PGRST118',
        `A related order on '${name}' is not possible`,
        `'${node.relation.name}' and '${name}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    return {
      ...rest,
      field: resolveField(embed.relation, term.field),
      related: { node: embed, parent: node },
    };
  });
}

/**
 * PGRST200's hint: the relation related to `parent` closest to `name` (score 1 − distance /
 * longer length, case-insensitive, at least 1/3). None when `name` itself is related (the
 * relationship failed on its hint).
 */
export function relationHint(
  parent: Relation,
  name: string,
  relatedNames?: () => Iterable<string>,
): string | null {
  if (parent.relationships.length === 0 && relatedNames !== undefined) {
    // PostgREST 12: a parent without any relationship gets the closest relation that has one.
    const other = closestName(parent.name, relatedNames());
    return other === undefined ? null : `Perhaps you meant '${other}' instead of '${parent.name}'.`;
  }
  const target = name.toLowerCase();
  if (parent.relationships.some((rel) => rel.target.name.toLowerCase() === target)) return null;
  const best = closestName(
    name,
    parent.relationships.map((rel) => rel.target.name),
  );
  return best === undefined ? null : `Perhaps you meant '${best}' instead of '${name}'.`;
}

const CARDINALITY: Readonly<Record<Relationship['kind'], string>> = {
  m2o: 'many-to-one',
  o2m: 'one-to-many',
  o2o: 'one-to-one',
  m2m: 'many-to-many',
  computed: 'computed',
};

/** One candidate of PGRST201's `details`, in PostgREST 12's words. */
function describe(rel: Relationship, parent: Relation): Record<string, string> {
  const cols = (list: readonly (readonly [string, string])[], side: 0 | 1) =>
    list.map((pair) => pair[side]).join(', ');
  const junction = rel.junction;
  const relationship =
    junction === undefined
      ? `${rel.constraint} using ${parent.name}(${cols(rel.pairs, 0)}) and ${rel.target.name}(${cols(rel.pairs, 1)})`
      : `${junction.relation.name} using ${junction.sourceConstraint}(${cols(junction.sourcePairs, 1)}) and ${junction.targetConstraint}(${cols(junction.targetPairs, 0)})`;
  return {
    cardinality: CARDINALITY[rel.kind],
    embedding: `${parent.name} with ${rel.target.name}`,
    relationship,
  };
}

function singleColumn(
  pairs: readonly (readonly [string, string])[],
  side: 0 | 1,
): string | undefined {
  return pairs.length === 1 ? pairs[0]?.[side] : undefined;
}

/** Whether `hint` names this relationship: its FK, one of its FK columns, or its junction. */
function matchesHint(rel: Relationship, hint: string): boolean {
  const junction = rel.junction;
  if (junction !== undefined) {
    return (
      junction.relation.name === hint ||
      junction.sourceConstraint === hint ||
      junction.targetConstraint === hint ||
      singleColumn(junction.sourcePairs, 1) === hint ||
      singleColumn(junction.targetPairs, 0) === hint
    );
  }
  return (
    rel.constraint === hint ||
    singleColumn(rel.pairs, 0) === hint ||
    singleColumn(rel.pairs, 1) === hint
  );
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function comparePairs(
  a: readonly (readonly [string, string])[],
  b: readonly (readonly [string, string])[],
): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const left = a[i];
    const right = b[i];
    if (left === undefined || right === undefined) break;
    const order = compareText(left[0], right[0]) || compareText(left[1], right[1]);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** PostgREST 12's order of the relationship kinds: one-to-many, many-to-one, one-to-one, m2m. */
const KIND_ORDER: Readonly<Record<Relationship['kind'], number>> = {
  o2m: 0,
  m2o: 1,
  o2o: 2,
  m2m: 3,
  computed: 4,
};

/**
 * The order of a parent's relationships in PostgREST 12's schema cache (and so of PGRST201's
 * details): by target (schema, name), self-references last, then kind (one-to-many, many-to-one,
 * one-to-one, many-to-many), then the constraint (the junction, then its two constraints, for
 * many-to-many) and the columns.
 */
function compareRelationships(parent: Relation, a: Relationship, b: Relationship): number {
  const byTarget =
    compareText(a.target.schema, b.target.schema) ||
    compareText(a.target.name, b.target.name) ||
    Number(a.target === parent) - Number(b.target === parent) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  if (byTarget !== 0) return byTarget;
  const ja = a.junction;
  const jb = b.junction;
  if (ja !== undefined && jb !== undefined) {
    return (
      compareText(ja.relation.schema, jb.relation.schema) ||
      compareText(ja.relation.name, jb.relation.name) ||
      compareText(ja.sourceConstraint, jb.sourceConstraint) ||
      compareText(ja.targetConstraint, jb.targetConstraint) ||
      comparePairs(ja.sourcePairs, jb.sourcePairs) ||
      comparePairs(ja.targetPairs, jb.targetPairs)
    );
  }
  return (
    compareText(a.constraint, b.constraint) ||
    comparePairs(a.pairs, b.pairs) ||
    // One-to-one: the side holding the key first.
    Number(a.cardinality === 'many') - Number(b.cardinality === 'many')
  );
}

/** Find the one relationship an embed refers to (PostgREST 12's rules). */
export function resolveRelationship(
  parent: Relation,
  item: EmbedItem,
  relatedNames?: () => Iterable<string>,
): Relationship {
  // A computed relationship (a function named as the embed) overrides detected ones.
  const computed = parent.relationships.find(
    (rel) => rel.kind === 'computed' && rel.constraint === item.name,
  );
  if (computed !== undefined && item.hint === undefined) return computed;
  let candidates = parent.relationships.filter(
    (rel) =>
      rel.kind !== 'computed' &&
      // By table name a self-reference is its children (one-to-many); its parent is embedded
      // by FK constraint or column name.
      ((rel.target.name === item.name && !(rel.cardinality === 'one' && rel.target === parent)) ||
        // By FK constraint or FK column name: the side holding the key, and the target is
        // always a table.
        (rel.cardinality === 'one' &&
          rel.target.kind === 'table' &&
          (rel.constraint === item.name || singleColumn(rel.pairs, 0) === item.name))),
  );
  const hint = item.hint;
  if (hint !== undefined) candidates = candidates.filter((rel) => matchesHint(rel, hint));
  candidates.sort((a, b) => compareRelationships(parent, a, b));
  const [first, second] = candidates;
  if (first === undefined) {
    throw new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${item.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${item.name}'${
        hint === undefined ? '' : ` using the hint '${hint}'`
      } in the schema '${parent.schema}', but no matches were found.`,
      relationHint(parent, item.name, relatedNames),
    );
  }
  if (second !== undefined) {
    throw new PgrstError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${item.name}'`,
      candidates.map((rel) => describe(rel, parent)),
      `Try changing '${item.name}' to one of the following: ${candidates
        .map((rel) => `'${item.name}!${rel.constraint}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return first;
}

/** Aggregates are PostgREST 12's `db-aggregates-enabled` (off by default). */
export interface PlanOptions {
  aggregates?: boolean | undefined;
  /** The schema's relations that have relationships (PGRST200's hint for a parent without). */
  relatedNames?: (() => Iterable<string>) | undefined;
}

interface BuildContext {
  nextAlias: number;
  /** Every embedded relation, for the RBAC decision. */
  embedded: Relation[];
  aggregates: boolean;
  relatedNames: (() => Iterable<string>) | undefined;
}

function aggregatesDisabled(): PgrstError {
  return new PgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
}

function buildNode(
  relation: Relation,
  items: readonly SelectItem[],
  context: BuildContext,
  relationship: Relationship | undefined,
  item: EmbedItem | undefined,
): PlanNode {
  const node: PlanNode = {
    relation,
    alias: `t${context.nextAlias++}`,
    relationship,
    name: item?.name ?? relation.name,
    inner: item?.inner ?? false,
    spread: item?.spread ?? false,
    empty: item !== undefined && item.select.length === 0,
    absent: false,
    projections: [],
    filters: [],
    order: [],
    limit: undefined,
    offset: undefined,
  };
  const byKey = new Map<string, number>();
  const add = (projection: Projection): void => {
    const index = byKey.get(projection.key);
    if (index === undefined) {
      byKey.set(projection.key, node.projections.length);
      node.projections.push(projection);
    } else if (projection.kind === 'embed' && node.projections[index]?.kind === 'column') {
      // An alias equal to a column name: the embed wins (§5.2).
      node.projections[index] = projection;
    } else if (projection.kind === 'aggregate') {
      // Two aggregates with the same output name are both computed, as in PostgREST.
      node.projections.push(projection);
    }
  };
  for (const selected of items) {
    if (selected.kind === 'star') {
      for (const column of relation.columns) {
        add({ kind: 'column', key: column.name, field: { column, json: [] }, cast: undefined });
      }
    } else if (selected.kind === 'column') {
      const field = resolveField(relation, selected.field);
      const last = selected.field.json[selected.field.json.length - 1];
      add({
        kind: 'column',
        key: selected.alias ?? (last === undefined ? selected.field.name : last.key),
        field,
        cast: selected.cast,
      });
    } else if (selected.kind === 'aggregate') {
      if (!context.aggregates) throw aggregatesDisabled();
      add({
        kind: 'aggregate',
        key: selected.alias ?? selected.fn,
        fn: selected.fn,
        field: selected.field === undefined ? undefined : resolveField(relation, selected.field),
        inputCast: selected.inputCast,
        cast: selected.cast,
      });
    } else {
      const rel = resolveRelationship(relation, selected, context.relatedNames);
      context.embedded.push(rel.target);
      if (rel.junction !== undefined) context.embedded.push(rel.junction.relation);
      const child = buildNode(rel.target, selected.select, context, rel, selected);
      // A spread or empty embed outputs no key of its own; its name still addresses it.
      const key = selected.spread
        ? `...${selected.alias ?? selected.name}`
        : (selected.alias ?? selected.name);
      add({ kind: 'embed', key, node: child });
    }
  }
  return node;
}

function embedsOf(node: PlanNode): Extract<Projection, { kind: 'embed' }>[] {
  return node.projections.filter(
    (projection): projection is Extract<Projection, { kind: 'embed' }> =>
      projection.kind === 'embed',
  );
}

function embedNamed(node: PlanNode, segment: string): PlanNode | undefined {
  const embeds = embedsOf(node);
  const next =
    embeds.find((projection) => projection.key === segment) ??
    embeds.find((projection) => projection.key === `...${segment}`) ??
    embeds.find((projection) => projection.node.name === segment);
  return next?.node;
}

function notEmbedded(path: string, segment: string): PgrstError {
  return new PgrstError(
    400,
    'PGRST108',
    `'${path}' is not an embedded resource in this request`,
    null,
    `Verify that '${segment}' is included in the 'select' query parameter.`,
  );
}

function findEmbed(root: PlanNode, path: readonly string[]): PlanNode {
  let node = root;
  for (const segment of path) {
    const next = embedNamed(node, segment);
    if (next === undefined) throw notEmbedded(path.join('.'), segment);
    node = next;
  }
  return node;
}

/**
 * `rel=is.null` / `rel=not.is.null` where `rel` is an embed of the node: an anti-join, or the
 * same as `!inner`. Returns the expressions that are ordinary filters.
 */
function applyEmbedNullFilters(node: PlanNode, filters: readonly Expr[]): Expr[] {
  const rest: Expr[] = [];
  for (const expr of filters) {
    const embed = embedNullTest(node, expr);
    if (embed === undefined) {
      rest.push(expr);
      continue;
    }
    if (isNullTest(expr)) embed.absent = true;
    else embed.inner = true;
  }
  return rest;
}

/** The resolved select tree of a request plus every relation it embeds. */
export interface Plan {
  root: PlanNode;
  embedded: Relation[];
}

/** Resolve the select tree, filters, order and embedded parameters of `query` against `relation`. */
export function planQuery(relation: Relation, query: ParsedQuery, options: PlanOptions = {}): Plan {
  const context: BuildContext = {
    nextAlias: 0,
    embedded: [],
    aggregates: options.aggregates === true,
    relatedNames: options.relatedNames,
  };
  const root = buildNode(relation, query.select, context, undefined, undefined);
  root.filters = applyEmbedNullFilters(root, query.filters).map((expr) => resolveExpr(root, expr));
  root.order = query.order === undefined ? [] : resolveOrder(root, query.order);
  for (const entry of query.embedParams.values()) {
    const node = findEmbed(root, entry.path);
    node.filters.push(
      ...applyEmbedNullFilters(node, entry.filters).map((expr) => resolveExpr(node, expr)),
    );
    if (entry.order !== undefined) node.order = resolveOrder(node, entry.order);
    if (entry.limit !== undefined) node.limit = entry.limit;
    if (entry.offset !== undefined) node.offset = entry.offset;
  }
  return { root, embedded: context.embedded };
}
