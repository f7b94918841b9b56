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
}

export type RelationKind = 'table' | 'view';

/** A relationship from one relation to another, as used for embedding. */
export interface Relationship {
  /** The FK constraint name. */
  constraint: string;
  target: Relation;
  /** `one`: the parent holds the FK (many-to-one); `many`: the target holds it (one-to-many). */
  cardinality: 'one' | 'many';
  /** `[parent column, target column]` pairs of the join. */
  pairs: readonly (readonly [string, string])[];
}

export interface Relation {
  oid: number;
  name: string;
  /** `"schema"."name"`, safe to place in SQL. */
  sqlName: string;
  kind: RelationKind;
  columns: readonly Column[];
  columnMap: ReadonlyMap<string, Column>;
  primaryKey: readonly string[];
  relationships: Relationship[];
  /** Which writes PostgreSQL can apply (pg_relation_is_updatable): false for UNION views… */
  writable: { insert: boolean; update: boolean; delete: boolean };
}

export interface FunctionArg {
  name: string;
  type: string;
  isArray: boolean;
  isJson: boolean;
  hasDefault: boolean;
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
}

export interface SchemaCache {
  schema: string;
  relations: ReadonlyMap<string, Relation>;
  functions: ReadonlyMap<string, RpcFunction>;
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
  volatility: string;
  retset: boolean;
  retrel: string | number;
  rettype: string;
  args: string;
}

interface ArgJson {
  name: string;
  type: string;
  category: string;
  typname: string;
  mode: string;
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
WHERE n.nspname = $1 AND con.contype IN ('p', 'f')
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
  format_type(p.prorettype, NULL) AS rettype,
  coalesce((
    SELECT json_agg(json_build_object(
      'name', coalesce(p.proargnames[i], ''),
      'type', format_type(t.oid, NULL),
      'category', t.typcategory::text,
      'typname', t.typname::text,
      'mode', coalesce(p.proargmodes[i]::text, 'i')) ORDER BY i)
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
    sqlName: `${quoteIdent(schema)}.${quoteIdent(name)}`,
    kind,
    columns,
    columnMap: new Map(columns.map((column) => [column.name, column])),
    primaryKey: [],
    relationships: [],
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

/** Introspect `schema` into a fresh cache. */
export async function loadSchemaCache(db: Queryable, schema: string): Promise<SchemaCache> {
  const [columnRows, constraintRows, ruleRows, functionRows, updatableRows] = await Promise.all([
    db.query<ColumnRow>(COLUMNS_SQL, [schema]),
    db.query<ConstraintRow>(CONSTRAINTS_SQL, [schema]),
    db.query<RuleRow>(RULES_SQL, [schema]),
    db.query<FunctionRow & { ndefaults: number }>(FUNCTIONS_SQL, [schema]),
    db.query<{ oid: string | number; mask: number }>(UPDATABLE_SQL, [schema]),
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

  for (const row of constraintRows.rows) {
    const source = byOid.get(Number(row.rel));
    if (source === undefined) continue;
    const cols = row.cols === '' ? [] : row.cols.split(',');
    if (row.contype === 'p') {
      source.primaryKey = cols;
      continue;
    }
    const target = byOid.get(Number(row.frel));
    if (target === undefined) continue;
    const fcols = row.fcols === '' ? [] : row.fcols.split(',');
    for (const from of projections(source, cols, viewsOf)) {
      for (const to of projections(target, fcols, viewsOf)) {
        from.relation.relationships.push({
          constraint: row.name,
          target: to.relation,
          cardinality: 'one',
          pairs: from.cols.map((col, index) => [col, to.cols[index] ?? col] as const),
        });
        to.relation.relationships.push({
          constraint: row.name,
          target: from.relation,
          cardinality: 'many',
          pairs: to.cols.map((col, index) => [col, from.cols[index] ?? col] as const),
        });
      }
    }
  }

  const functions = new Map<string, RpcFunction>();
  for (const row of functionRows.rows) {
    // Overloads: the first one wins; Mission Control's functions are not overloaded.
    if (functions.has(row.name)) continue;
    const all = JSON.parse(row.args) as ArgJson[];
    const inputs = all.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
    const outputs = all.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't');
    const firstDefault = inputs.length - Number(row.ndefaults);
    const args: FunctionArg[] = inputs.map((arg, index) => ({
      name: arg.name,
      type: arg.type,
      isArray: arg.category === 'A',
      isJson: arg.typname === 'json' || arg.typname === 'jsonb',
      hasDefault: index >= firstDefault,
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
    functions.set(row.name, {
      name: row.name,
      sqlName: `${quoteIdent(schema)}.${quoteIdent(row.name)}`,
      args,
      argMap: new Map(args.map((arg) => [arg.name, arg])),
      result,
      returnsSet: row.retset,
      returnType: row.rettype,
      volatility: row.volatility,
    });
  }

  return { schema, relations, functions };
}
