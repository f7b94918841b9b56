/**
 * SQL rendering of a plan: one statement, built in one pass, with every value a bind parameter.
 * Identifiers come only from the schema cache (quoted); types come from the catalog or from the
 * select parser's strict cast grammar.
 */
import type { FilterValue, Operator } from './ast';
import type { PlanNode, ResolvedExpr, ResolvedField, ResolvedOrder } from './plan';
import { quoteIdent } from './schema-cache';
import { PgrstError } from './errors';

/**
 * Collects bind parameters; `add` returns the typed placeholder. Every parameter is sent as text
 * and then cast, so PostgreSQL's own type input validates it (a bad value is a 22P02 from the
 * server, never a client-side serialisation error of the driver).
 */
export class SqlParams {
  readonly values: string[] = [];

  add(value: string | number, type: string): string {
    this.values.push(String(value));
    const placeholder = `$${this.values.length}::text`;
    return type === 'text' ? placeholder : `${placeholder}::${type}`;
  }
}

interface Expression {
  sql: string;
  /** The SQL type of the expression, for casting compared values. */
  type: string;
  /** pg_type.typcategory of the expression's type. */
  category: string;
}

/** SQL operators of the binary filter operators (PostgREST 12's table). */
const OPS: Readonly<Partial<Record<Operator, string>>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

/** The tsquery constructor of each full-text search operator. */
const TSQUERY: Readonly<Partial<Record<Operator, string>>> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** Operators that compare text: a non-text left side is cast to text, the value is text. */
const TEXT_OPS: ReadonlySet<Operator> = new Set<Operator>(['like', 'ilike', 'match', 'imatch']);

function fieldExpression(alias: string, field: ResolvedField, params: SqlParams): Expression {
  let sql = `${alias}.${quoteIdent(field.column.name)}`;
  if (field.json.length === 0) {
    return { sql, type: field.column.type, category: field.column.category };
  }
  const isJsonb = field.column.type === 'jsonb';
  for (const step of field.json) {
    // A numeric key indexes an array, as in PostgREST.
    const key = /^-?\d{1,9}$/.test(step.key)
      ? params.add(step.key, 'int4')
      : params.add(step.key, 'text');
    sql += `${step.op}${key}`;
  }
  const last = field.json[field.json.length - 1];
  if (last?.op === '->>') return { sql: `(${sql})`, type: 'text', category: 'S' };
  return { sql: `(${sql})`, type: isJsonb ? 'jsonb' : 'json', category: 'U' };
}

function likePattern(value: string): string {
  return value.replace(/\*/g, '%');
}

type Cond = Extract<ResolvedExpr, { kind: 'cond' }>;

/** `<document> @@ <tsquery fn>([language,] value)`; a non-tsvector column goes through to_tsvector. */
function renderFts(
  cond: Cond,
  expr: Expression,
  value: Extract<FilterValue, { kind: 'fts' }>,
  params: SqlParams,
): string {
  const fn = TSQUERY[cond.op] ?? 'to_tsquery';
  const language =
    value.language === undefined ? undefined : params.add(value.language, 'regconfig');
  const args = (sql: string) => (language === undefined ? sql : `${language}, ${sql}`);
  const document = expr.type === 'tsvector' ? expr.sql : `to_tsvector(${args(expr.sql)})`;
  return `${document} @@ ${fn}(${args(params.add(value.value, 'text'))})`;
}

function renderCondition(alias: string, cond: Cond, params: SqlParams): string {
  const expr = fieldExpression(alias, cond.field, params);
  // json has no equality operator; compare as jsonb.
  const left = expr.type === 'json' ? `${expr.sql}::jsonb` : expr.sql;
  const type = expr.type === 'json' ? 'jsonb' : expr.type;
  // like/ilike/match/imatch compare text: other types are compared through their text form.
  const textLeft = expr.category === 'S' ? left : `${left}::text`;
  let sql: string;
  const value = cond.value;
  switch (value.kind) {
    case 'is':
      sql =
        value.value === 'not_null'
          ? `${left} IS NOT NULL`
          : `${left} IS ${value.value.toUpperCase()}`;
      break;
    case 'list':
      sql =
        value.values.length === 0
          ? 'FALSE'
          : `${left} IN (${value.values.map((item) => params.add(item, type)).join(', ')})`;
      break;
    case 'fts':
      sql = renderFts(cond, expr, value, params);
      break;
    case 'quantified': {
      // `<op> ANY|ALL(<array>)`: the value is an array literal that PostgreSQL parses.
      const op = OPS[cond.op] ?? '=';
      const quantifier = value.quantifier === 'any' ? 'ANY' : 'ALL';
      if (TEXT_OPS.has(cond.op)) {
        const text =
          cond.op === 'like' || cond.op === 'ilike' ? likePattern(value.value) : value.value;
        sql = `${textLeft} ${op} ${quantifier}(${params.add(text, 'text[]')})`;
      } else {
        sql = `${left} ${op} ${quantifier}(${params.add(value.value, `${type}[]`)})`;
      }
      break;
    }
    case 'scalar': {
      const text = value.value;
      const op = OPS[cond.op] ?? '=';
      if (cond.op === 'like' || cond.op === 'ilike') {
        sql = `${textLeft} ${op} ${params.add(likePattern(text), 'text')}`;
      } else if (TEXT_OPS.has(cond.op)) {
        sql = `${textLeft} ${op} ${params.add(text, 'text')}`;
      } else if (cond.op === 'isdistinct') {
        sql = `${left} IS DISTINCT FROM ${params.add(text, type)}`;
      } else {
        sql = `${left} ${op} ${params.add(text, type)}`;
      }
      break;
    }
  }
  return cond.negate ? `NOT (${sql})` : sql;
}

/** Render a filter expression against the relation aliased `alias`. */
export function renderExpr(alias: string, expr: ResolvedExpr, params: SqlParams): string {
  if (expr.kind === 'cond') return renderCondition(alias, expr, params);
  if (expr.kind === 'embed') {
    const test = existsTest(expr.node, expr.parent, params);
    return expr.isNull ? `NOT ${test}` : test;
  }
  const joiner = expr.op === 'and' ? ' AND ' : ' OR ';
  const inner = expr.children.map((child) => renderExpr(alias, child, params)).join(joiner);
  const sql = `(${inner === '' ? 'TRUE' : inner})`;
  return expr.negate ? `NOT ${sql}` : sql;
}

/** Render `ORDER BY …` (empty string when there is no order). */
export function renderOrder(alias: string, order: readonly ResolvedOrder[], params: SqlParams) {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    let sql: string;
    if (term.related === undefined) {
      sql = fieldExpression(alias, term.field, params).sql;
    } else {
      // `rel(col)`: the to-one embed's value, read as its subquery reads it (its filters apply).
      const { node, parent } = term.related;
      const where = [...joinCondition(node, parent.alias), ...nodeConditions(node, params)];
      sql = `(SELECT ${columnExpression(node, term.field, params)} FROM ${fromItem(node, parent)}${
        where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
      } LIMIT 1)`;
    }
    if (term.direction === 'desc') sql += ' DESC';
    if (term.nulls === 'first') sql += ' NULLS FIRST';
    else if (term.nulls === 'last') sql += ' NULLS LAST';
    return sql;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

/** The FROM item of a node: its relation under its alias, or the engine's masking subquery. */
function nodeSource(node: PlanNode): string {
  return node.from ?? `${node.relation.sqlName} AS ${node.alias}`;
}

/** The junction's alias of a many-to-many node. */
function junctionAlias(node: PlanNode): string {
  return `j${node.alias.slice(1)}`;
}

/**
 * The FROM item of an embedded node as seen from `parent`: a computed relationship calls its
 * function on the parent row; a many-to-many one joins the junction to the target.
 */
function fromItem(node: PlanNode, parent: PlanNode): string {
  const rel = node.relationship;
  if (rel?.fn !== undefined) {
    if (node.from !== undefined) {
      throw new PgrstError(
        400,
        'PGRST100',
        `'${node.name}' cannot be embedded: '${node.relation.name}' is masked for this caller`,
      );
    }
    return `${rel.fn}(${parent.alias}::${parent.relation.sqlName}) AS ${node.alias}`;
  }
  const junction = rel?.junction;
  if (junction !== undefined) {
    const j = junctionAlias(node);
    const on = junction.targetPairs
      .map(([jcol, tcol]) => `${j}.${quoteIdent(jcol)} = ${node.alias}.${quoteIdent(tcol)}`)
      .join(' AND ');
    return `${nodeSource(node)} JOIN ${junction.relation.sqlName} AS ${j} ON ${on}`;
  }
  return nodeSource(node);
}

function joinCondition(node: PlanNode, parentAlias: string): string[] {
  const rel = node.relationship;
  if (rel === undefined || rel.fn !== undefined) return [];
  if (rel.junction !== undefined) {
    const j = junctionAlias(node);
    return rel.junction.sourcePairs.map(
      ([parentColumn, jcol]) =>
        `${j}.${quoteIdent(jcol)} = ${parentAlias}.${quoteIdent(parentColumn)}`,
    );
  }
  return rel.pairs.map(
    ([parentColumn, targetColumn]) =>
      `${node.alias}.${quoteIdent(targetColumn)} = ${parentAlias}.${quoteIdent(parentColumn)}`,
  );
}

/**
 * The WHERE conditions of a node (its filters, the EXISTS tests of its `!inner` children and the
 * NOT EXISTS tests of its `rel=is.null` children), rendered once and cached: the same text serves
 * the embed's subquery and its EXISTS test, and the root's page and count.
 */
const whereCache = new WeakMap<PlanNode, string[]>();

/** `EXISTS (…)`: whether `child` has a related row for the `parent` row passing its filters. */
function existsTest(child: PlanNode, parent: PlanNode, params: SqlParams): string {
  const where = [...joinCondition(child, parent.alias), ...nodeConditions(child, params)];
  return `EXISTS (SELECT 1 FROM ${fromItem(child, parent)}${
    where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  })`;
}

export function nodeConditions(node: PlanNode, params: SqlParams): string[] {
  const cached = whereCache.get(node);
  if (cached !== undefined) return cached;
  const conditions = node.filters.map((expr) => renderExpr(node.alias, expr, params));
  for (const projection of node.projections) {
    if (projection.kind !== 'embed') continue;
    const child = projection.node;
    if (!child.inner && !child.absent) continue;
    const test = existsTest(child, node, params);
    if (child.inner) conditions.push(test);
    if (child.absent) conditions.push(`NOT ${test}`);
  }
  whereCache.set(node, conditions);
  return conditions;
}

/**
 * One output value of a node. A plain one has `sql` (and `type`, its SQL type, or undefined when
 * it is JSON and must stay JSON); an aggregate has `agg`, its function and input.
 */
interface OutItem {
  key: string;
  sql: string;
  type: string | undefined;
  agg?: {
    fn: string;
    /** The input expression; undefined for `count()`. */
    input: string | undefined;
    inputType: string | undefined;
    cast: string | undefined;
  };
}

/** Types that survive a round trip through JSON text (`->>` then a cast) unchanged. */
function scalarType(type: string, category: string): string | undefined {
  if (type === 'json' || type === 'jsonb' || category === 'A' || category === 'C') return undefined;
  return type.endsWith('[]') ? undefined : type;
}

function columnExpression(node: PlanNode, field: ResolvedField, params: SqlParams): string {
  const computed = field.column.computed;
  const plain = fieldExpression(node.alias, field, params).sql;
  if (computed === undefined) return plain;
  // A computed field: the function applied to the row (the alias may be a subquery's record).
  const call = `${computed}(${node.alias}::${node.relation.sqlName})`;
  return plain.replace(`${node.alias}.${quoteIdent(field.column.name)}`, call);
}

function fieldType(field: ResolvedField, cast: string | undefined): string | undefined {
  if (cast !== undefined) return scalarType(cast, '');
  const last = field.json[field.json.length - 1];
  if (last !== undefined) return last.op === '->>' ? 'text' : undefined;
  return scalarType(field.column.type, field.column.category);
}

/** The output items of a node, spread embeds lifted in (empty embeds output nothing). */
function nodeItems(node: PlanNode, params: SqlParams): OutItem[] {
  const items: OutItem[] = [];
  for (const projection of node.projections) {
    if (projection.kind === 'column') {
      let sql = columnExpression(node, projection.field, params);
      if (projection.cast !== undefined) sql = `(${sql})::${projection.cast}`;
      items.push({ key: projection.key, sql, type: fieldType(projection.field, projection.cast) });
    } else if (projection.kind === 'aggregate') {
      let input: string | undefined;
      if (projection.field !== undefined) {
        input = columnExpression(node, projection.field, params);
        if (projection.inputCast !== undefined) input = `(${input})::${projection.inputCast}`;
      }
      items.push({
        key: projection.key,
        sql: '',
        type: undefined,
        agg: {
          fn: projection.fn,
          input,
          inputType:
            projection.field === undefined
              ? undefined
              : fieldType(projection.field, projection.inputCast),
          cast: projection.cast,
        },
      });
    } else if (projection.node.spread) {
      items.push(...spreadItems(projection.node, node, params));
    } else if (!projection.node.empty) {
      items.push({
        key: projection.key,
        sql: embedSubquery(projection.node, node, params),
        type: undefined,
      });
    }
  }
  return items;
}

function aggregateSql(agg: NonNullable<OutItem['agg']>, input: string | undefined): string {
  const call = input === undefined ? `${agg.fn}(*)` : `${agg.fn}(${input})`;
  return agg.cast === undefined ? call : `(${call})::${agg.cast}`;
}

/** A value read back out of a spread embed's JSON row, typed again where it can be. */
function fromJson(row: string, name: string, type: string | undefined): string {
  return type === undefined ? `(${row}->'${name}')` : `((${row}->>'${name}')::${type})`;
}

/**
 * The items of a spread embed as the parent outputs them: the embed's row is built once per
 * value as JSON (to-one: its one row; to-many: each column as an array, as PostgREST 13 does)
 * and each value read back out. Aggregates of a to-one spread apply in the parent's context.
 */
function spreadItems(node: PlanNode, parent: PlanNode, params: SqlParams): OutItem[] {
  const items = nodeItems(node, params);
  const where = [...joinCondition(node, parent.alias), ...nodeConditions(node, params)];
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const sub = `s${node.alias.slice(1)}`;
  const toOne = node.relationship?.toOne ?? true;
  if (!toOne) {
    if (items.some((item) => item.agg !== undefined)) {
      throw new PgrstError(
        400,
        'PGRST100',
        `aggregates are not supported inside the to-many spread '${node.name}'`,
      );
    }
    let page = `SELECT ${items.map((item, i) => `${item.sql} AS c${i}`).join(', ') || '1'} FROM ${fromItem(node, parent)}${whereSql}`;
    page += renderOrder(node.alias, node.order, params);
    if (node.limit !== undefined) page += ` LIMIT ${params.add(node.limit, 'int8')}`;
    if (node.offset !== undefined) page += ` OFFSET ${params.add(node.offset, 'int8')}`;
    return items.map((item, i) => ({
      key: item.key,
      sql: `(SELECT coalesce(json_agg(${sub}.c${i}), '[]'::json) FROM (${page}) AS ${sub})`,
      type: undefined,
    }));
  }
  const columns = items
    .map((item, i) => {
      if (item.agg === undefined) return `${item.sql} AS c${i}`;
      return item.agg.input === undefined ? undefined : `${item.agg.input} AS c${i}`;
    })
    .filter((column) => column !== undefined);
  const row = `(SELECT row_to_json(${sub}) FROM (SELECT ${columns.join(', ') || '1 AS c'} FROM ${fromItem(node, parent)}${whereSql} LIMIT 1) AS ${sub})`;
  return items.map((item, i) => {
    if (item.agg === undefined) {
      return { key: item.key, sql: fromJson(row, `c${i}`, item.type), type: item.type };
    }
    const input =
      item.agg.input === undefined ? undefined : fromJson(row, `c${i}`, item.agg.inputType);
    return { ...item, agg: { ...item.agg, input } };
  });
}

/** Whether a node (or a spread embed of it) aggregates: its rows are then grouped. */
export function isGrouped(node: PlanNode): boolean {
  return node.projections.some(
    (projection) =>
      projection.kind === 'aggregate' ||
      (projection.kind === 'embed' && projection.node.spread && isGrouped(projection.node)),
  );
}

/**
 * The grouped statement of an aggregating node: the row-level values (grouping values, aggregate
 * inputs) over `from` and `where`, then the aggregates grouped by every other output value.
 * Order terms must name a grouping column; `limit`/`offset` apply to the groups.
 */
export function renderGroupedQuery(
  node: PlanNode,
  from: string,
  where: readonly string[],
  params: SqlParams,
  limit?: number,
  offset?: number,
): string {
  const items = nodeItems(node, params);
  const g = `g${node.alias.slice(1)}`;
  const inner: string[] = [];
  const outer: string[] = [];
  const groupBy: string[] = [];
  items.forEach((item, i) => {
    if (item.agg === undefined) {
      // JSON cannot be grouped: it is grouped as text and turned back into JSON.
      inner.push(`${item.sql}${item.type === undefined ? '::text' : ''} AS g${i}`);
      groupBy.push(`${g}.g${i}`);
      outer.push(`${g}.g${i}${item.type === undefined ? '::json' : ''} AS ${quoteIdent(item.key)}`);
    } else {
      if (item.agg.input !== undefined) inner.push(`${item.agg.input} AS a${i}`);
      const input = item.agg.input === undefined ? undefined : `${g}.a${i}`;
      outer.push(`${aggregateSql(item.agg, input)} AS ${quoteIdent(item.key)}`);
    }
  });
  const order = node.order.map((term) => {
    const index = node.projections.findIndex(
      (projection) =>
        term.related === undefined &&
        projection.kind === 'column' &&
        projection.field.column === term.field.column &&
        projection.field.json.map((step) => step.op + step.key).join() ===
          term.field.json.map((step) => step.op + step.key).join(),
    );
    const key = index < 0 ? undefined : node.projections[index]?.key;
    const position = items.findIndex((item) => item.agg === undefined && item.key === key);
    if (position < 0) {
      throw new PgrstError(
        400,
        '42803',
        `column "${node.alias}.${term.field.column.name}" must appear in the GROUP BY clause or be used in an aggregate function`,
      );
    }
    let sql = `${g}.g${position}`;
    if (term.direction === 'desc') sql += ' DESC';
    if (term.nulls === 'first') sql += ' NULLS FIRST';
    else if (term.nulls === 'last') sql += ' NULLS LAST';
    return sql;
  });
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  let sql = `SELECT ${outer.join(', ')} FROM (SELECT ${inner.join(', ')} FROM ${from}${whereSql}) AS ${g}`;
  if (groupBy.length > 0) sql += ` GROUP BY ${groupBy.join(', ')}`;
  if (order.length > 0) sql += ` ORDER BY ${order.join(', ')}`;
  if (limit !== undefined) sql += ` LIMIT ${params.add(limit, 'int8')}`;
  if (offset !== undefined && offset > 0) sql += ` OFFSET ${params.add(offset, 'int8')}`;
  return sql;
}

function embedSubquery(node: PlanNode, parent: PlanNode, params: SqlParams): string {
  const where = [...joinCondition(node, parent.alias), ...nodeConditions(node, params)];
  const sub = `s${node.alias.slice(1)}`;
  const toOne = node.relationship?.toOne ?? false;
  if (isGrouped(node)) {
    const grouped = renderGroupedQuery(
      node,
      fromItem(node, parent),
      where,
      params,
      toOne ? 1 : node.limit,
      toOne ? undefined : node.offset,
    );
    return toOne
      ? `(SELECT row_to_json(${sub}) FROM (${grouped}) AS ${sub})`
      : `(SELECT coalesce(json_agg(${sub}), '[]'::json) FROM (${grouped}) AS ${sub})`;
  }
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const columns = renderProjection(node, params);
  const from = `SELECT ${columns} FROM ${fromItem(node, parent)}${whereSql}`;
  if (toOne) {
    // A to-one embed is unique through its key; LIMIT 1 keeps a non-unique view from erroring.
    return `(SELECT row_to_json(${sub}) FROM (${from} LIMIT 1) AS ${sub})`;
  }
  let paged = from + renderOrder(node.alias, node.order, params);
  if (node.limit !== undefined) paged += ` LIMIT ${params.add(node.limit, 'int8')}`;
  if (node.offset !== undefined) paged += ` OFFSET ${params.add(node.offset, 'int8')}`;
  return `(SELECT coalesce(json_agg(${sub}), '[]'::json) FROM (${paged}) AS ${sub})`;
}

/**
 * The select list of a node: its columns, embedded subqueries and spread values, keyed for
 * JSON (aggregates inline: a grouped node goes through {@link renderGroupedQuery}).
 */
export function renderProjection(node: PlanNode, params: SqlParams): string {
  // A select of only empty embeds is an empty select list: `{}` rows, as in PostgREST.
  return nodeItems(node, params)
    .map(
      (item) =>
        `${item.agg === undefined ? item.sql : aggregateSql(item.agg, item.agg.input)} AS ${quoteIdent(item.key)}`,
    )
    .join(', ');
}

/** One CSV cell from a projected value: text as is, other JSON values as JSON, NULL empty. */
function csvCell(value: string): string {
  const json = `to_json(${value})`;
  const text = `(CASE json_typeof(${json}) WHEN 'null' THEN NULL WHEN 'string' THEN ${json} #>> '{}' ELSE ${json}::text END)`;
  // RFC 4180: a cell holding a quote, comma or line break is quoted, with quotes doubled.
  return `coalesce(CASE WHEN strpos(${text}, '"') > 0 OR strpos(${text}, ',') > 0 OR strpos(${text}, chr(10)) > 0 OR strpos(${text}, chr(13)) > 0 THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END, '')`;
}

/**
 * The CSV line of one row of `alias` whose columns are `keys` (the projection's output names):
 * built in SQL so numbers keep their exact text.
 */
export function csvRowSql(alias: string, keys: readonly string[]): string {
  if (keys.length === 0) return `''`;
  return `concat_ws(',', ${keys.map((key) => csvCell(`${alias}.${quoteIdent(key)}`)).join(', ')})`;
}

/** The CSV header line for `keys`, quoted like the cells. */
export function csvHeader(keys: readonly string[]): string {
  return keys.map((key) => (/[",\r\n]/.test(key) ? `"${key.replace(/"/g, '""')}"` : key)).join(',');
}

/** The output keys of a node's projection, in order (spread embeds lifted, empty ones left out). */
export function projectionKeys(node: PlanNode): string[] {
  return node.projections.flatMap((projection) => {
    if (projection.kind !== 'embed') return [projection.key];
    if (projection.node.spread) return projectionKeys(projection.node);
    return projection.node.empty ? [] : [projection.key];
  });
}
