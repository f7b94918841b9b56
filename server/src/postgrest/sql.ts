/**
 * SQL rendering of a plan: one statement, built in one pass, with every value a bind parameter.
 * Identifiers come only from the schema cache (quoted); types come from the catalog or from the
 * select parser's strict cast grammar.
 */
import type { PlanNode, ResolvedExpr, ResolvedField, ResolvedOrder } from './plan';
import { quoteIdent } from './schema-cache';

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

const OPS: Readonly<Record<string, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
};

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

function renderCondition(
  alias: string,
  cond: Extract<ResolvedExpr, { kind: 'cond' }>,
  params: SqlParams,
): string {
  const expr = fieldExpression(alias, cond.field, params);
  // json has no equality operator; compare as jsonb.
  const left = expr.type === 'json' ? `${expr.sql}::jsonb` : expr.sql;
  const type = expr.type === 'json' ? 'jsonb' : expr.type;
  let sql: string;
  const value = cond.value;
  if (value.kind === 'is') {
    sql =
      value.value === 'not_null'
        ? `${left} IS NOT NULL`
        : `${left} IS ${value.value.toUpperCase()}`;
  } else if (value.kind === 'list') {
    if (value.values.length === 0) sql = 'FALSE';
    else {
      sql = `${left} IN (${value.values.map((item) => params.add(item, type)).join(', ')})`;
    }
  } else {
    const text = value.value;
    switch (cond.op) {
      case 'like':
      case 'ilike': {
        const target = expr.category === 'S' ? left : `${left}::text`;
        const op = cond.op === 'like' ? 'LIKE' : 'ILIKE';
        sql = `${target} ${op} ${params.add(likePattern(text), 'text')}`;
        break;
      }
      case 'match':
      case 'imatch': {
        const target = expr.category === 'S' ? left : `${left}::text`;
        sql = `${target} ${cond.op === 'match' ? '~' : '~*'} ${params.add(text, 'text')}`;
        break;
      }
      case 'isdistinct':
        sql = `${left} IS DISTINCT FROM ${params.add(text, type)}`;
        break;
      default: {
        const op = OPS[cond.op] ?? '=';
        sql = `${left} ${op} ${params.add(text, type)}`;
      }
    }
  }
  return cond.negate ? `NOT (${sql})` : sql;
}

/** Render a filter expression against the relation aliased `alias`. */
export function renderExpr(alias: string, expr: ResolvedExpr, params: SqlParams): string {
  if (expr.kind === 'cond') return renderCondition(alias, expr, params);
  const joiner = expr.op === 'and' ? ' AND ' : ' OR ';
  const inner = expr.children.map((child) => renderExpr(alias, child, params)).join(joiner);
  const sql = `(${inner === '' ? 'TRUE' : inner})`;
  return expr.negate ? `NOT ${sql}` : sql;
}

/** Render `ORDER BY …` (empty string when there is no order). */
export function renderOrder(alias: string, order: readonly ResolvedOrder[], params: SqlParams) {
  if (order.length === 0) return '';
  const terms = order.map((term) => {
    let sql = fieldExpression(alias, term.field, params).sql;
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

function joinCondition(node: PlanNode, parentAlias: string): string[] {
  const rel = node.relationship;
  if (rel === undefined) return [];
  return rel.pairs.map(
    ([parentColumn, targetColumn]) =>
      `${node.alias}.${quoteIdent(targetColumn)} = ${parentAlias}.${quoteIdent(parentColumn)}`,
  );
}

/**
 * The WHERE conditions of a node (its filters and the EXISTS tests of its `!inner` children),
 * rendered once and cached: the same text serves the embed's subquery and its EXISTS test, and
 * the root's page and count.
 */
const whereCache = new WeakMap<PlanNode, string[]>();

export function nodeConditions(node: PlanNode, params: SqlParams): string[] {
  const cached = whereCache.get(node);
  if (cached !== undefined) return cached;
  const conditions = node.filters.map((expr) => renderExpr(node.alias, expr, params));
  for (const projection of node.projections) {
    if (projection.kind !== 'embed' || !projection.node.inner) continue;
    const child = projection.node;
    const where = [...joinCondition(child, node.alias), ...nodeConditions(child, params)];
    conditions.push(`EXISTS (SELECT 1 FROM ${nodeSource(child)} WHERE ${where.join(' AND ')})`);
  }
  whereCache.set(node, conditions);
  return conditions;
}

function embedSubquery(node: PlanNode, parentAlias: string, params: SqlParams): string {
  const where = [...joinCondition(node, parentAlias), ...nodeConditions(node, params)];
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const columns = renderProjection(node, params);
  const from = `SELECT ${columns} FROM ${nodeSource(node)}${whereSql}`;
  const sub = `s${node.alias.slice(1)}`;
  if (node.relationship?.cardinality === 'one') {
    // A to-one embed is unique through its key; LIMIT 1 keeps a non-unique view from erroring.
    return `(SELECT row_to_json(${sub}) FROM (${from} LIMIT 1) AS ${sub})`;
  }
  let paged = from + renderOrder(node.alias, node.order, params);
  if (node.limit !== undefined) paged += ` LIMIT ${params.add(node.limit, 'int8')}`;
  if (node.offset !== undefined) paged += ` OFFSET ${params.add(node.offset, 'int8')}`;
  return `(SELECT coalesce(json_agg(${sub}), '[]'::json) FROM (${paged}) AS ${sub})`;
}

/** The select list of a node: its columns and embedded subqueries, keyed for JSON. */
export function renderProjection(node: PlanNode, params: SqlParams): string {
  const parts: string[] = [];
  for (const projection of node.projections) {
    if (projection.kind === 'column') {
      let sql = fieldExpression(node.alias, projection.field, params).sql;
      if (projection.cast !== undefined) sql = `(${sql})::${projection.cast}`;
      parts.push(`${sql} AS ${quoteIdent(projection.key)}`);
    } else {
      parts.push(
        `${embedSubquery(projection.node, node.alias, params)} AS ${quoteIdent(projection.key)}`,
      );
    }
  }
  return parts.join(', ');
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

/** The output keys of a node's projection, in order. */
export function projectionKeys(node: PlanNode): string[] {
  return node.projections.map((projection) => projection.key);
}
