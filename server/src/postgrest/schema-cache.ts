/**
 * The schema cache: tables, views, columns (in order, with their types), primary keys, foreign
 * keys with constraint names, view relationships derived from column lineage, and functions.
 * Introspected once from pg_catalog (and again on reload); requests never query the catalog.
 */
import type { Queryable } from '../db/types';
import { parseViewLineage } from './view-lineage';

/** A column as the engine needs it. */
export interface Column {
  name: string;
  /** The SQL type to cast bind parameters to, as PostgreSQL prints it (`timestamp with time zone`). */
  type: string;
  /** pg_type.typcategory: S string, B boolean, N numeric, D date/time, A array, E enum, U user… */
  category: string;
  isJson: boolean;
  notNull: boolean;
  hasDefault: boolean;
  /**
   * A computed field (PostgREST): a function of the exposed schema taking the relation's row
   * type; its `"schema"."name"`. Such a column is never part of `*` and cannot be written.
   */
  computed?: string | undefined;
}

export type RelationKind = 'table' | 'view';

/** The junction table of a many-to-many relationship and its two foreign keys. */
export interface Junction {
  relation: Relation;
  /** The junction's FK to the parent and its `[parent column, junction column]` pairs. */
  sourceConstraint: string;
  sourcePairs: readonly (readonly [string, string])[];
  /** The junction's FK to the target and its `[junction column, target column]` pairs. */
  targetConstraint: string;
  targetPairs: readonly (readonly [string, string])[];
}

/**
 * PostgREST's relationship kinds: over one foreign key (many-to-one, one-to-many, one-to-one when
 * the FK columns are unique), through a junction (many-to-many) or a function (computed).
 */
export type RelationshipKind = 'm2o' | 'o2m' | 'o2o' | 'm2m' | 'computed';

/** A relationship from one relation to another, as used for embedding. */
export interface Relationship {
  /** The FK constraint name (the junction's name for m2m, the function's for computed). */
  constraint: string;
  target: Relation;
  /**
   * `one`: the parent holds the FK (many-to-one and the forward one-to-one); `many` otherwise.
   * Whether the embed is an object or an array is {@link toOne}.
   */
  cardinality: 'one' | 'many';
  kind: RelationshipKind;
  /** The embed is one object (m2o, o2o, a computed `ROWS 1`/non-SETOF function), else an array. */
  toOne: boolean;
  /** `[parent column, target column]` pairs of the join (empty for m2m and computed). */
  pairs: readonly (readonly [string, string])[];
  junction?: Junction | undefined;
  /** A computed relationship's function, `"schema"."name"`. */
  fn?: string | undefined;
}

export interface Relation {
  oid: number;
  name: string;
  schema: string;
  /** `"schema"."name"`, safe to place in SQL. */
  sqlName: string;
  kind: RelationKind;
  columns: readonly Column[];
  columnMap: ReadonlyMap<string, Column>;
  primaryKey: readonly string[];
  /** The primary key and every unique constraint (column lists), for one-to-one detection. */
  uniqueKeys: (readonly string[])[];
  relationships: Relationship[];
  /** Computed fields by name (functions over the row type), not part of `*`. */
  computed: Map<string, Column>;
  /** Which writes PostgreSQL can apply (pg_relation_is_updatable): false for UNION views… */
  writable: { insert: boolean; update: boolean; delete: boolean };
}

export interface FunctionArg {
  name: string;
  type: string;
  isArray: boolean;
  isJson: boolean;
  hasDefault: boolean;
  /** A VARIADIC parameter (its type is the array type). */
  variadic?: boolean;
}

export interface RpcFunction {
  name: string;
  sqlName: string;
  args: readonly FunctionArg[];
  argMap: ReadonlyMap<string, FunctionArg>;
  /** The relation-like result (SETOF table or RETURNS TABLE), or undefined for a scalar result. */
  result: Relation | undefined;
  returnsSet: boolean;
  /** The declared return type (`void`, `integer`, `users`…). */
  returnType: string;
  /** pg_proc.provolatile: `i` immutable, `s` stable, `v` volatile (may write). */
  volatility: string;
  /**
   * PostgREST's media type handler function: the return type is a domain named after a media
   * type (`"text/html"`, `"*\/*"`), lower-cased; `mediaBase` is the domain's base type name.
   */
  mediaType?: string | undefined;
  mediaBase?: string | undefined;
}

/**
 * A media type handler aggregate (PostgREST 12): an aggregate of the exposed schema over one
 * relation's row type (or `anyelement`) returning a domain named after a media type.
 */
export interface MediaAggregate {
  /** `"schema"."name"`, safe to place in SQL. */
  sqlName: string;
  /** The media type (the domain's name, lower-cased; `*\/*` for the any handler). */
  mediaType: string;
  /** The domain's base type name (`bytea`, `text`, `xml`, `json`…). */
  base: string;
  /** The relation whose row type it takes, or undefined for `anyelement`. */
  relation: Relation | undefined;
}

export interface SchemaCache {
  schema: string;
  relations: ReadonlyMap<string, Relation>;
  functions: ReadonlyMap<string, RpcFunction>;
  /** Every overload of each function name (RPC picks one by its argument names). */
  overloads: ReadonlyMap<string, readonly RpcFunction[]>;
  /** Media type handler aggregates by `mediaAggregateKey(relation oid or 0, media type)`. */
  mediaAggregates: ReadonlyMap<string, MediaAggregate>;
}

/** The key of a handler aggregate: the relation's oid (0 for `anyelement`) and the media type. */
export function mediaAggregateKey(oid: number, mediaType: string): string {
  return `${oid}\u0000${mediaType}`;
}

/** A domain name PostgREST takes for a media type: `type/subtype` or `*\/*`. */
export function isMediaTypeName(name: string): boolean {
  return name === '*/*' || /^[A-Za-z0-9.-]{1,63}\/[A-Za-z0-9.+-]{1,63}$/.test(name);
}

/** Quote an identifier for SQL. Identifiers in SQL always come from the schema cache. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

interface ColumnRow {
  oid: string | number;
  relname: string;
  relkind: string;
  attname: string;
  attnum: number;
  type: string;
  category: string;
  typname: string;
  notnull: boolean;
  hasdef: boolean;
}

interface ConstraintRow {
  name: string;
  contype: string;
  rel: string | number;
  frel: string | number;
  cols: string;
  fcols: string;
}

interface RuleRow {
  view: string | number;
  action: string;
}

interface FunctionRow {
  name: string;
  rows: number;
  retcategory: string;
  volatility: string;
  retset: boolean;
  retrel: string | number;
  rettype: string;
  args: string;
  retdomain: string | null;
  retbase: string | null;
}

interface ArgJson {
  name: string;
  type: string;
  category: string;
  typname: string;
  mode: string;
  rel: number;
}

const COLUMNS_SQL = `
SELECT c.oid::int8 AS oid, c.relname, c.relkind::text AS relkind, a.attname, a.attnum::int4 AS attnum,
  format_type(a.atttypid, NULL) AS type, t.typcategory::text AS category, t.typname::text AS typname,
  a.attnotnull AS notnull, (a.atthasdef OR a.attidentity <> '' OR a.attgenerated <> '') AS hasdef
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
JOIN pg_type t ON t.oid = a.atttypid
WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
ORDER BY c.oid, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT con.conname AS name, con.contype::text AS contype, con.conrelid::int8 AS rel,
  con.confrelid::int8 AS frel,
  coalesce((SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(con.conkey) WITH ORDINALITY AS k(n, i)
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n), '') AS cols,
  coalesce((SELECT string_agg(a.attname, ',' ORDER BY k.i) FROM unnest(con.confkey) WITH ORDINALITY AS k(n, i)
    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n), '') AS fcols
FROM pg_constraint con
JOIN pg_class c ON c.oid = con.conrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND con.contype IN ('p', 'u', 'f')
ORDER BY con.conname`;

const UPDATABLE_SQL = `
SELECT c.oid::int8 AS oid, pg_relation_is_updatable(c.oid, false)::int4 AS mask
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('r', 'v', 'm', 'f', 'p')`;

const RULES_SQL = `
SELECT r.ev_class::int8 AS view, r.ev_action::text AS action
FROM pg_rewrite r
JOIN pg_class c ON c.oid = r.ev_class
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('v', 'm') AND r.rulename = '_RETURN'`;

const FUNCTIONS_SQL = `
SELECT p.proname AS name, p.provolatile::text AS volatility, p.proretset AS retset, rt.typrelid::int8 AS retrel,
  format_type(p.prorettype, NULL) AS rettype, p.prorows::float8 AS rows,
  rt.typcategory::text AS retcategory,
  CASE WHEN rt.typtype = 'd' THEN rt.typname::text END AS retdomain,
  (SELECT b.typname::text FROM pg_type b WHERE b.oid = rt.typbasetype) AS retbase,
  coalesce((
    SELECT json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', format_type(t.oid, NULL),
      'category', t.typcategory::text,
      'typname', t.typname::text,
      'mode', coalesce(p.proargmodes[i]::text, 'i'),
      'rel', t.typrelid::int8) ORDER BY i)
    FROM generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs::int4)) AS i
    JOIN pg_type t ON t.oid = coalesce(p.proallargtypes[i], p.proargtypes[i - 1])
  ), '[]')::text AS args,
  p.pronargdefaults::int4 AS ndefaults
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type rt ON rt.oid = p.prorettype
WHERE n.nspname = $1 AND p.prokind = 'f' AND rt.typname NOT IN ('trigger', 'event_trigger')
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
    AND d.objid = p.oid AND d.deptype = 'e')
ORDER BY p.proname, p.oid`;

/** Aggregates of one argument (a row type or anyelement) returning a media type domain. */
const MEDIA_AGGREGATES_SQL = `
SELECT p.proname AS name, t.typname::text AS media, b.typname::text AS base,
  CASE WHEN a.typname = 'anyelement' THEN 0 ELSE a.typrelid::int8 END AS rel
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_aggregate g ON g.aggfnoid = p.oid
JOIN pg_type t ON t.oid = p.prorettype
JOIN pg_type b ON b.oid = t.typbasetype
JOIN pg_type a ON a.oid = p.proargtypes[0]
WHERE n.nspname = $1 AND p.pronargs = 1 AND t.typtype = 'd'
  AND (a.typrelid <> 0 OR a.typname = 'anyelement')
ORDER BY p.proname, p.oid`;

interface MediaAggregateRow {
  name: string;
  media: string;
  base: string;
  rel: string | number;
}

function makeRelation(
  oid: number,
  name: string,
  schema: string,
  kind: RelationKind,
  columns: Column[],
): Relation {
  return {
    oid,
    name,
    schema,
    sqlName: `${quoteIdent(schema)}.${quoteIdent(name)}`,
    kind,
    columns,
    columnMap: new Map(columns.map((column) => [column.name, column])),
    primaryKey: [],
    uniqueKeys: [],
    relationships: [],
    computed: new Map(),
    writable: { insert: kind === 'table', update: kind === 'table', delete: kind === 'table' },
  };
}

interface ColumnRef {
  relation: number;
  column: string;
}

/** Every relation exposing the given columns of `base` (the base itself and views projecting them). */
function projections(
  base: Relation,
  cols: readonly string[],
  viewsOf: ReadonlyMap<number, { view: Relation; map: Map<string, string[]> }[]>,
): { relation: Relation; cols: string[] }[] {
  const out: { relation: Relation; cols: string[] }[] = [{ relation: base, cols: [...cols] }];
  for (const { view, map } of viewsOf.get(base.oid) ?? []) {
    const mapped: string[] = [];
    for (const col of cols) {
      const viewCol = map.get(col)?.[0];
      if (viewCol === undefined) break;
      mapped.push(viewCol);
    }
    if (mapped.length === cols.length) out.push({ relation: view, cols: mapped });
  }
  return out;
}

/**
 * A function of one argument of a relation's row type is a computed field (scalar result) or a
 * computed relationship (a relation result: to-one when not SETOF or declared `ROWS 1`).
 */
function addComputed(
  row: FunctionRow,
  inputs: readonly ArgJson[],
  byOid: ReadonlyMap<number, Relation>,
  schema: string,
): void {
  const [arg] = inputs;
  if (inputs.length !== 1 || arg === undefined) return;
  const owner = byOid.get(Number(arg.rel));
  if (owner === undefined) return;
  const sqlName = `${quoteIdent(schema)}.${quoteIdent(row.name)}`;
  const target = Number(row.retrel) === 0 ? undefined : byOid.get(Number(row.retrel));
  if (target !== undefined) {
    if (owner.relationships.some((rel) => rel.kind === 'computed' && rel.constraint === row.name)) {
      return;
    }
    owner.relationships.push({
      constraint: row.name,
      target,
      cardinality: 'many',
      kind: 'computed',
      toOne: !row.retset || Number(row.rows) === 1,
      pairs: [],
      fn: sqlName,
    });
    return;
  }
  if (row.retset || row.rettype === 'void' || Number(row.retrel) !== 0) return;
  if (owner.columnMap.has(row.name) || owner.computed.has(row.name)) return;
  owner.computed.set(row.name, {
    name: row.name,
    type: row.rettype,
    category: row.retcategory,
    isJson: row.rettype === 'json' || row.rettype === 'jsonb',
    notNull: false,
    hasDefault: false,
    computed: sqlName,
  });
}

/** Introspect `schema` into a fresh cache. */
export async function loadSchemaCache(db: Queryable, schema: string): Promise<SchemaCache> {
  const [columnRows, constraintRows, ruleRows, functionRows, updatableRows, aggregateRows] =
    await Promise.all([
      db.query<ColumnRow>(COLUMNS_SQL, [schema]),
      db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema]),
      db.query<RuleRow>(RULES_SQL, [schema]),
      db.query<FunctionRow & { ndefaults: number }>(FUNCTIONS_SQL, [schema]),
      db.query<{ oid: string | number; mask: number }>(UPDATABLE_SQL, [schema]),
      db.query<MediaAggregateRow>(MEDIA_AGGREGATES_SQL, [schema]),
    ]);

  const byOid = new Map<number, Relation>();
  const pending = new Map<number, { name: string; kind: RelationKind; columns: Column[] }>();
  const attnames = new Map<number, Map<number, string>>();
  for (const row of columnRows.rows) {
    const oid = Number(row.oid);
    let entry = pending.get(oid);
    if (entry === undefined) {
      const kind: RelationKind = row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table';
      entry = { name: row.relname, kind, columns: [] };
      pending.set(oid, entry);
      attnames.set(oid, new Map());
    }
    entry.columns.push({
      name: row.attname,
      type: row.type,
      category: row.category,
      isJson: row.typname === 'json' || row.typname === 'jsonb',
      notNull: row.notnull,
      hasDefault: row.hasdef,
    });
    attnames.get(oid)?.set(row.attnum, row.attname);
  }
  const relations = new Map<string, Relation>();
  for (const [oid, entry] of pending) {
    const relation = makeRelation(oid, entry.name, schema, entry.kind, entry.columns);
    byOid.set(oid, relation);
    relations.set(entry.name, relation);
  }

  for (const row of updatableRows.rows) {
    const relation = byOid.get(Number(row.oid));
    // Bits of pg_relation_is_updatable: 4 UPDATE, 8 INSERT, 16 DELETE.
    const mask = Number(row.mask);
    if (relation !== undefined) {
      relation.writable = {
        insert: (mask & 8) !== 0,
        update: (mask & 4) !== 0,
        delete: (mask & 16) !== 0,
      };
    }
  }

  // View lineage: view column -> base table column, following views over views.
  const direct = new Map<number, Map<string, ColumnRef>>();
  for (const row of ruleRows.rows) {
    const viewOid = Number(row.view);
    const map = new Map<string, ColumnRef>();
    for (const entry of parseViewLineage(row.action)) {
      const column = attnames.get(entry.originRelation)?.get(entry.originColumn);
      if (column !== undefined) map.set(entry.name, { relation: entry.originRelation, column });
    }
    direct.set(viewOid, map);
  }
  const resolveBase = (ref: ColumnRef, depth: number): ColumnRef | undefined => {
    const relation = byOid.get(ref.relation);
    if (relation === undefined) return undefined;
    if (relation.kind === 'table') return ref;
    if (depth > 16) return undefined;
    const next = direct.get(ref.relation)?.get(ref.column);
    return next === undefined ? undefined : resolveBase(next, depth + 1);
  };
  // base table oid -> views with (base column -> view columns)
  const viewsOf = new Map<number, { view: Relation; map: Map<string, string[]> }[]>();
  for (const [viewOid, map] of direct) {
    const view = byOid.get(viewOid);
    if (view === undefined) continue;
    const perBase = new Map<number, Map<string, string[]>>();
    for (const [viewColumn, ref] of map) {
      const base = resolveBase(ref, 0);
      if (base === undefined) continue;
      let baseMap = perBase.get(base.relation);
      if (baseMap === undefined) {
        baseMap = new Map();
        perBase.set(base.relation, baseMap);
      }
      const list = baseMap.get(base.column) ?? [];
      list.push(viewColumn);
      baseMap.set(base.column, list);
    }
    for (const [baseOid, baseMap] of perBase) {
      const list = viewsOf.get(baseOid) ?? [];
      list.push({ view, map: baseMap });
      viewsOf.set(baseOid, list);
    }
  }

  const foreignKeys: {
    name: string;
    source: Relation;
    target: Relation;
    cols: string[];
    fcols: string[];
  }[] = [];
  for (const row of constraintRows.rows) {
    const source = byOid.get(Number(row.rel));
    if (source === undefined) continue;
    const cols = row.cols === '' ? [] : row.cols.split(',');
    if (row.contype === 'p' || row.contype === 'u') {
      if (row.contype === 'p') source.primaryKey = cols;
      source.uniqueKeys.push(cols);
      continue;
    }
    const target = byOid.get(Number(row.frel));
    if (target === undefined) continue;
    foreignKeys.push({
      name: row.name,
      source,
      target,
      cols,
      fcols: row.fcols === '' ? [] : row.fcols.split(','),
    });
  }
  const sameSet = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((col) => b.includes(col));
  for (const fk of foreignKeys) {
    // One-to-one: the FK columns are the table's primary key or a unique constraint.
    const oneToOne = fk.source.uniqueKeys.some((key) => sameSet(key, fk.cols));
    for (const from of projections(fk.source, fk.cols, viewsOf)) {
      for (const to of projections(fk.target, fk.fcols, viewsOf)) {
        from.relation.relationships.push({
          constraint: fk.name,
          target: to.relation,
          cardinality: 'one',
          kind: oneToOne ? 'o2o' : 'm2o',
          toOne: true,
          pairs: from.cols.map((col, index) => [col, to.cols[index] ?? col] as const),
        });
        to.relation.relationships.push({
          constraint: fk.name,
          target: from.relation,
          cardinality: 'many',
          kind: oneToOne ? 'o2o' : 'o2m',
          toOne: oneToOne,
          pairs: to.cols.map((col, index) => [col, from.cols[index] ?? col] as const),
        });
      }
    }
  }
  // Many-to-many: a table with FKs to both sides whose columns are all in its primary key.
  const byJunction = new Map<Relation, typeof foreignKeys>();
  for (const fk of foreignKeys) {
    if (fk.source.kind !== 'table' || fk.source.primaryKey.length === 0) continue;
    if (!fk.cols.every((col) => fk.source.primaryKey.includes(col))) continue;
    const list = byJunction.get(fk.source) ?? [];
    list.push(fk);
    byJunction.set(fk.source, list);
  }
  for (const [junction, fks] of byJunction) {
    for (const left of fks) {
      for (const right of fks) {
        if (left === right) continue;
        left.target.relationships.push({
          constraint: junction.name,
          target: right.target,
          cardinality: 'many',
          kind: 'm2m',
          toOne: false,
          pairs: [],
          junction: {
            relation: junction,
            sourceConstraint: left.name,
            sourcePairs: left.fcols.map((col, index) => [col, left.cols[index] ?? col] as const),
            targetConstraint: right.name,
            targetPairs: right.cols.map((col, index) => [col, right.fcols[index] ?? col] as const),
          },
        });
      }
    }
  }

  const functions = new Map<string, RpcFunction>();
  const overloads = new Map<string, RpcFunction[]>();
  for (const row of functionRows.rows) {
    const all = JSON.parse(row.args) as ArgJson[];
    const inputs = all.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
    addComputed(row, inputs, byOid, schema);
    const outputs = all.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
    const firstDefault = inputs.length - Number(row.ndefaults);
    const args: FunctionArg[] = inputs.map((arg, index) => ({
      name: arg.name,
      type: arg.type,
      isArray: arg.category === 'A',
      isJson: arg.typname === 'json' || arg.typname === 'jsonb',
      hasDefault: index >= firstDefault,
      variadic: arg.mode === 'v',
    }));
    let result: Relation | undefined;
    const retrel = Number(row.retrel);
    if (retrel !== 0) {
      result = byOid.get(retrel);
    } else if (outputs.length > 0) {
      const columns: Column[] = outputs.map((arg) => ({
        name: arg.name,
        type: arg.type,
        category: arg.category,
        isJson: arg.typname === 'json' || arg.typname === 'jsonb',
        notNull: false,
        hasDefault: false,
      }));
      result = makeRelation(0, row.name, schema, 'view', columns);
    }
    const fn: RpcFunction = {
      name: row.name,
      sqlName: `${quoteIdent(schema)}.${quoteIdent(row.name)}`,
      args,
      argMap: new Map(args.map((arg) => [arg.name, arg])),
      result,
      returnsSet: row.retset,
      returnType: row.rettype,
      volatility: row.volatility,
    };
    if (row.retdomain !== null && row.retbase !== null && isMediaTypeName(row.retdomain)) {
      fn.mediaType = row.retdomain.toLowerCase();
      fn.mediaBase = row.retbase;
    }
    // `functions` keeps the first overload (masks, Mission Control); `overloads` keeps them all.
    if (!functions.has(row.name)) functions.set(row.name, fn);
    overloads.set(row.name, [...(overloads.get(row.name) ?? []), fn]);
  }

  const mediaAggregates = new Map<string, MediaAggregate>();
  for (const row of aggregateRows.rows) {
    if (!isMediaTypeName(row.media)) continue;
    const oid = Number(row.rel);
    const relation = oid === 0 ? undefined : byOid.get(oid);
    if (oid !== 0 && relation === undefined) continue;
    const mediaType = row.media.toLowerCase();
    const key = mediaAggregateKey(oid, mediaType);
    if (mediaAggregates.has(key)) continue;
    mediaAggregates.set(key, {
      sqlName: `${quoteIdent(schema)}.${quoteIdent(row.name)}`,
      mediaType,
      base: row.base,
      relation,
    });
  }

  return { schema, relations, functions, overloads, mediaAggregates };
}
