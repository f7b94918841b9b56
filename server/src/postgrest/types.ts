/**
 * The seam between the PostgREST-compatible engine (server/src/postgrest) and the HTTP layer
 * (server/src/routes/db.ts). The engine is generic over any introspected schema; the HTTP layer
 * supplies authentication and the RBAC decision for every relation a request touches.
 */

export type DbMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface DbRequest {
  method: DbMethod;
  /** The path after `/db/`: a relation name or `rpc/<function>`. */
  path: string;
  /** The raw query string without the leading `?`, exactly as received (not yet decoded). */
  rawQuery: string;
  /**
   * Request headers, lower-cased names. The engine reads only {@link ENGINE_HEADERS}; an HTTP
   * layer may pass just those.
   */
  headers: Record<string, string | undefined>;
  /** The raw request body (POST/PATCH), undefined when none. */
  body: string | undefined;
  /**
   * The body's bytes when the HTTP layer read it as binary (`Content-Type:
   * application/octet-stream`): an RPC's single unnamed `bytea` parameter takes them as they are.
   */
  bodyBytes?: Uint8Array | undefined;
}

/** The request headers the engine reads (DbRequest.headers), lower-cased. */
export const ENGINE_HEADERS = ['accept', 'prefer', 'range', 'range-unit', 'content-type'] as const;

export interface DbResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * A binary body (a media type handler over `bytea`, PostgREST 12): sent instead of `body` (which
   * is then empty).
   */
  bytes?: Uint8Array | undefined;
}

/**
 * Column masks, per relation name: column name → the name of a one-argument SQL function of the
 * exposed schema returning the column's type. A masked relation is read through a subquery that
 * selects those columns through their functions, wherever the request reads it (the root, every
 * embed, every `!inner` test, a write's returned representation), so projection, filters, order,
 * counts and CSV all see the masked value and a filter cannot test the hidden one.
 */
export type ColumnMasks = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Per-request options the HTTP layer decides (from the caller). */
export interface HandleOptions {
  masks?: ColumnMasks | undefined;
  /**
   * Standalone data API mode (server/src/standalone): run the request in a transaction as this
   * database role (`SET LOCAL ROLE`, quoted as an identifier), so PostgreSQL grants and row-level
   * security decide. Unset in Mission Control mode.
   */
  role?: string | undefined;
  /**
   * Transaction-scoped settings applied after the role (`set_config(name, value, true)`, bound
   * as parameters): `request.jwt.claims`, `request.method`, `search_path`…
   */
  settings?: readonly (readonly [string, string])[] | undefined;
  /** The role is the anonymous role: a permission error (42501) answers 401 rather than 403. */
  anonymous?: boolean | undefined;
}

/** One relation a request touches, as the RBAC layer must judge it. */
export interface RelationAccess {
  /** A relation name, or `rpc/<function>`. */
  relation: string;
  /** `read` for the root of a GET and every embedded relation; `write` for the root of a write. */
  action: 'read' | 'write';
  /** The HTTP method of the request (the root's write kind: POST, PATCH or DELETE). */
  method: DbMethod;
  /** True for the request's root relation, false for embedded ones. */
  root: boolean;
}

/**
 * Decide whether the caller may touch these relations. Return undefined to allow, or the
 * complete response to send instead (401, 403 with the X-Rbac-* headers, 404, 405). Called after
 * the request is parsed and resolved against the schema and before any SQL runs.
 */
export type Authorize = (accesses: readonly RelationAccess[]) => DbResponse | undefined;
