/**
 * The OpenAPI (Swagger 2.0) description PostgREST 12 serves at `/` (its `openapi-mode`
 * `follow-privileges`): one path per table, view and function of the exposed schema that the
 * request's role may use, the relations as definitions (columns with their PostgreSQL types as
 * formats, primary and foreign keys noted in the descriptions, comments as descriptions), and the
 * shared parameters (select, order, limit, offset, Range, Prefer…). Built from the schema cache
 * plus one catalog query for comments and the role's privileges.
 */
import type { Queryable } from '../db/types';
import {
  loadSchemaCache,
  type Column,
  type Relation,
  type RpcFunction,
  type SchemaCache,
} from '../postgrest/schema-cache';
import { VERSION } from '../version';

/** Swagger 2.0 is plain JSON; its pieces are described loosely. */
type Json = Record<string, unknown>;

/** Comments and the role's privileges, by relation and function name. */
interface CatalogFacts {
  schemaComment: string | null;
  relations: Map<
    string,
    {
      comment: string | null;
      columns: Record<string, string>;
      select: boolean;
      insert: boolean;
      update: boolean;
      delete: boolean;
    }
  >;
  functions: Map<string, { comment: string | null; execute: boolean }>;
}

const FACTS_SQL = `
SELECT json_build_object(
  'schema', obj_description(n.oid, 'pg_namespace'),
  'relations', coalesce((
    SELECT json_agg(json_build_object(
      'name', c.relname,
      'comment', obj_description(c.oid, 'pg_class'),
      'columns', coalesce((SELECT json_object_agg(a.attname, col_description(c.oid, a.attnum))
        FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          AND col_description(c.oid, a.attnum) IS NOT NULL), '{}'),
      'select', has_table_privilege($2, c.oid, 'SELECT')
        OR has_any_column_privilege($2, c.oid, 'SELECT'),
      'insert', has_table_privilege($2, c.oid, 'INSERT')
        OR has_any_column_privilege($2, c.oid, 'INSERT'),
      'update', has_table_privilege($2, c.oid, 'UPDATE')
        OR has_any_column_privilege($2, c.oid, 'UPDATE'),
      'delete', has_table_privilege($2, c.oid, 'DELETE')))
    FROM pg_class c
    WHERE c.relnamespace = n.oid AND c.relkind IN ('r', 'v', 'm', 'f', 'p')), '[]'),
  'functions', coalesce((
    SELECT json_agg(json_build_object(
      'name', p.proname,
      'comment', obj_description(p.oid, 'pg_proc'),
      'execute', has_function_privilege($2, p.oid, 'EXECUTE')))
    FROM pg_proc p WHERE p.pronamespace = n.oid AND p.prokind = 'f'), '[]')
)::text AS facts
FROM pg_namespace n WHERE n.nspname = $1`;

interface FactsJson {
  schema: string | null;
  relations: {
    name: string;
    comment: string | null;
    columns: Record<string, string>;
    select: boolean;
    insert: boolean;
    update: boolean;
    delete: boolean;
  }[];
  functions: { name: string; comment: string | null; execute: boolean }[];
}

async function catalogFacts(db: Queryable, schema: string, role: string): Promise<CatalogFacts> {
  const result = await db.query<{ facts: string }>(FACTS_SQL, [schema, role]);
  const parsed = JSON.parse(
    result.rows[0]?.facts ?? '{"relations":[],"functions":[]}',
  ) as FactsJson;
  const functions = new Map<string, { comment: string | null; execute: boolean }>();
  for (const fn of parsed.functions) {
    // Overloads share a path: it is listed when any of them may be executed.
    const seen = functions.get(fn.name);
    functions.set(fn.name, {
      comment: seen?.comment ?? fn.comment,
      execute: (seen?.execute ?? false) || fn.execute,
    });
  }
  return {
    schemaComment: parsed.schema,
    relations: new Map(parsed.relations.map((relation) => [relation.name, relation])),
    functions,
  };
}

/** Swagger's type of a PostgreSQL type (its format is the PostgreSQL type itself). */
function swaggerType(type: string): Json {
  const base = type.replace(/\[\]$/, '');
  if (base !== type) return { type: 'array', items: swaggerType(base) };
  if (['smallint', 'integer', 'bigint'].includes(type)) return { type: 'integer', format: type };
  if (['numeric', 'real', 'double precision'].includes(type) || type.startsWith('numeric(')) {
    return { type: 'number', format: type };
  }
  if (type === 'boolean') return { type: 'boolean', format: type };
  if (type === 'json' || type === 'jsonb') return { format: type };
  return { type: 'string', format: type };
}

/** A comment's first line is the summary and the rest the description, as PostgREST splits it. */
function splitComment(comment: string | null): { summary?: string; description?: string } {
  if (comment === null || comment.trim() === '') return {};
  const [summary = '', ...rest] = comment.split('\n');
  const description = rest.join('\n').trim();
  return description === '' ? { summary } : { summary, description };
}

function columnDefinition(relation: Relation, column: Column, comment: string | undefined): Json {
  const notes: string[] = [];
  if (relation.primaryKey.includes(column.name)) notes.push('Note:\nThis is a Primary Key.<pk/>');
  for (const relationship of relation.relationships) {
    if (relationship.cardinality !== 'one') continue;
    const pair = relationship.pairs.find(([own]) => own === column.name);
    if (pair === undefined) continue;
    notes.push(
      `Note:\nThis is a Foreign Key to \`${relationship.target.name}.${pair[1]}\`.` +
        `<fk table='${relationship.target.name}' column='${pair[1]}'/>`,
    );
    break;
  }
  const description = [comment, ...notes].filter((part) => part !== undefined).join('\n\n');
  return { ...(description === '' ? {} : { description }), ...swaggerType(column.type) };
}

function definition(relation: Relation, facts: CatalogFacts['relations']): Json {
  const comments = facts.get(relation.name)?.columns ?? {};
  const properties: Json = {};
  for (const column of relation.columns) {
    properties[column.name] = columnDefinition(relation, column, comments[column.name]);
  }
  const required = relation.columns
    .filter((column) => column.notNull && !column.hasDefault)
    .map((column) => column.name);
  const comment = facts.get(relation.name)?.comment ?? null;
  return {
    ...(comment === null ? {} : { description: comment }),
    ...(required.length > 0 ? { required } : {}),
    properties,
    type: 'object',
  };
}

const ref = (name: string): Json => ({ $ref: `#/parameters/${name}` });

function relationPath(relation: Relation, privileges: CatalogFacts['relations']): Json {
  const name = relation.name;
  const allowed = privileges.get(name);
  const filters = relation.columns.map((column) => ref(`rowFilter.${name}.${column.name}`));
  const tags = [name];
  const doc = splitComment(allowed?.comment ?? null);
  const path: Json = {};
  if (allowed?.select) {
    path.get = {
      ...doc,
      parameters: [
        ...filters,
        ref('select'),
        ref('order'),
        ref('range'),
        ref('rangeUnit'),
        ref('offset'),
        ref('limit'),
        ref('preferCount'),
      ],
      responses: {
        '200': {
          description: 'OK',
          schema: { items: { $ref: `#/definitions/${name}` }, type: 'array' },
        },
        '206': { description: 'Partial Content' },
      },
      tags,
    };
  }
  if (allowed?.insert && relation.writable.insert) {
    path.post = {
      ...doc,
      parameters: [ref(`body.${name}`), ref('select'), ref('preferPost')],
      responses: { '201': { description: 'Created' } },
      tags,
    };
  }
  if (allowed?.delete && relation.writable.delete) {
    path.delete = {
      ...doc,
      parameters: [...filters, ref('preferReturn')],
      responses: { '204': { description: 'No Content' } },
      tags,
    };
  }
  if (allowed?.update && relation.writable.update) {
    path.patch = {
      ...doc,
      parameters: [...filters, ref(`body.${name}`), ref('preferReturn')],
      responses: { '204': { description: 'No Content' } },
      tags,
    };
  }
  return path;
}

function functionPath(fn: RpcFunction, comment: string | null): Json {
  const tags = [`(rpc) ${fn.name}`];
  const doc = splitComment(comment);
  const named = fn.args.filter((arg) => arg.name !== '');
  const required = named.filter((arg) => !arg.hasDefault).map((arg) => arg.name);
  const properties: Json = {};
  for (const arg of named) properties[arg.name] = swaggerType(arg.type);
  const path: Json = {
    post: {
      ...doc,
      parameters: [
        {
          in: 'body',
          name: 'args',
          required: true,
          schema: { ...(required.length > 0 ? { required } : {}), properties, type: 'object' },
        },
        ref('preferParams'),
      ],
      produces: ['application/json', 'application/vnd.pgrst.object+json;nulls=stripped'],
      responses: { '200': { description: 'OK' } },
      tags,
    },
  };
  // Functions that may write are not offered as GET (PostgREST runs GET read-only).
  if (fn.volatility !== 'v') {
    path.get = {
      ...doc,
      parameters: named.map((arg) => ({
        ...swaggerType(arg.type),
        in: 'query',
        name: arg.name,
        required: !arg.hasDefault,
        ...(arg.type.endsWith('[]') ? { type: 'string' } : {}),
      })),
      responses: { '200': { description: 'OK' } },
      tags,
    };
  }
  return path;
}

const COMMON_PARAMETERS: Json = {
  preferParams: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['params=single-object'],
    in: 'header',
    type: 'string',
  },
  preferReturn: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['return=representation', 'return=minimal', 'return=none'],
    in: 'header',
    type: 'string',
  },
  preferCount: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['count=none'],
    in: 'header',
    type: 'string',
  },
  preferPost: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: [
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ],
    in: 'header',
    type: 'string',
  },
  select: {
    name: 'select',
    description: 'Filtering Columns',
    required: false,
    in: 'query',
    type: 'string',
  },
  on_conflict: {
    name: 'on_conflict',
    description: 'On Conflict',
    required: false,
    in: 'query',
    type: 'string',
  },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: {
    name: 'Range',
    description: 'Limiting and Pagination',
    required: false,
    in: 'header',
    type: 'string',
  },
  rangeUnit: {
    name: 'Range-Unit',
    description: 'Limiting and Pagination',
    required: false,
    default: 'items',
    in: 'header',
    type: 'string',
  },
  offset: {
    name: 'offset',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
  limit: {
    name: 'limit',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
};

const MEDIA = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
];

/** Where the server is reached, for `host` and `schemes`. */
export interface OpenApiTarget {
  host: string;
  scheme: 'http' | 'https';
}

/** The document for `role` over `cache`. */
export async function openApiDocument(
  db: Queryable,
  cache: SchemaCache,
  role: string,
  target: OpenApiTarget,
): Promise<Json> {
  const facts = await catalogFacts(db, cache.schema, role);
  const paths: Json = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { '200': { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  const definitions: Json = {};
  const parameters: Json = { ...COMMON_PARAMETERS };
  const relations = [...cache.relations.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const relation of relations) {
    const privileges = facts.relations.get(relation.name);
    const visible =
      privileges !== undefined &&
      (privileges.select || privileges.insert || privileges.update || privileges.delete);
    if (!visible) continue;
    paths[`/${relation.name}`] = relationPath(relation, facts.relations);
    definitions[relation.name] = definition(relation, facts.relations);
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    };
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = {
        name: column.name,
        required: false,
        format: column.type,
        in: 'query',
        type: 'string',
      };
    }
  }
  const functions = [...cache.functions.values()].sort((a, b) => a.name.localeCompare(b.name));
  for (const fn of functions) {
    const fact = facts.functions.get(fn.name);
    if (fact?.execute !== true) continue;
    paths[`/rpc/${fn.name}`] = functionPath(fn, fact.comment);
  }
  const schemaDoc = splitComment(facts.schemaComment);
  return {
    swagger: '2.0',
    info: {
      description: schemaDoc.description ?? '',
      title: schemaDoc.summary ?? 'standard public schema',
      version: VERSION,
    },
    host: target.host,
    basePath: '/',
    schemes: [target.scheme],
    consumes: MEDIA,
    produces: MEDIA,
    paths,
    definitions,
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v12/references/api.html',
    },
  };
}

/** Schema caches for the OpenAPI documents, loaded on first use and dropped on reload. */
export function openApiCaches(db: Queryable): {
  get(schema: string): Promise<SchemaCache>;
  clear(): void;
} {
  const caches = new Map<string, Promise<SchemaCache>>();
  return {
    get(schema) {
      let cache = caches.get(schema);
      if (cache === undefined) {
        cache = loadSchemaCache(db, schema);
        cache.catch(() => caches.delete(schema));
        caches.set(schema, cache);
      }
      return cache;
    },
    clear() {
      caches.clear();
    },
  };
}
