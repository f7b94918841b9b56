/**
 * A config's relationships (`GET /db/rpc/related_configs_recursive`, postgrest.md §8.3).
 * Types → fetchers → keys → query options, in the style of `catalog.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import { CATALOG_STALE_TIME_MS, filterList, type TriStateFilter } from './catalog';
import { PostgrestQuery, selectRows } from './postgrest';

// ---- relationships ----

/** "max_depth 10" (spec doc 2 §7). */
export const RELATIONSHIPS_MAX_DEPTH = 10;

/** One row of `related_configs_recursive` (schema.md): the config itself, related and ancestors. */
export interface RelatedConfig {
  id: string;
  name: string;
  type: string;
  /** Ids this row points to (config_id → related_id) among the walked edges. */
  related_ids: string[] | null;
  tags?: Record<string, string> | null;
  changes?: number | null;
  analysis?: Record<string, number> | null;
  cost_per_minute?: number | null;
  cost_total_1d?: number | null;
  cost_total_7d?: number | null;
  cost_total_30d?: number | null;
  created_at?: string | null;
  updated_at?: string | null;
  deleted_at?: string | null;
  agent_id?: string | null;
  health?: string | null;
  ready?: boolean | null;
  status?: string | null;
  path?: string | null;
}

/** Which way the walk goes: `type_filter`. */
export type RelationTypeFilter = 'incoming' | 'outgoing' | 'all';
/** `hard` limits the walk to hard (parent → child) relations; `both` allows soft ones too. */
export type RelationKind = 'hard' | 'both';

export interface RelatedConfigsParams {
  configId: string;
  typeFilter: RelationTypeFilter;
  relation: RelationKind;
  includeDeleted: boolean;
  /** Config types to include (1) or exclude (-1), `::`-separated as stored. */
  configTypes?: TriStateFilter;
}

/**
 * A function call: its named arguments come first, as plain `name=value` parameters, followed
 * by the ordinary filters (`type.filter=…`) that apply to the function's result.
 */
class RpcQuery extends PostgrestQuery {
  private readonly args: [string, string][] = [];

  arg(name: string, value: string | number | boolean): this {
    this.args.push([name, String(value)]);
    return this;
  }

  raw(name: string, value: string): this {
    this.args.push([name, value]);
    return this;
  }

  override toString(): string {
    return new URLSearchParams([...this.args, ...new URLSearchParams(super.toString())]).toString();
  }
}

/**
 * `GET /rpc/related_configs_recursive?config_id={id}&include_deleted_configs={…}&max_depth=10
 * &type_filter={…}[&incoming_relation=…][&outgoing_relation=…][&type.filter=…]`: the relation
 * kind is sent for each direction the walk takes (postgrest.md §8.3).
 */
export function relatedConfigsQuery(params: RelatedConfigsParams): PostgrestQuery {
  const query = new RpcQuery('rpc/related_configs_recursive')
    .arg('config_id', params.configId)
    .arg('include_deleted_configs', params.includeDeleted)
    .arg('max_depth', RELATIONSHIPS_MAX_DEPTH)
    .arg('type_filter', params.typeFilter);
  if (params.typeFilter !== 'outgoing') query.arg('incoming_relation', params.relation);
  if (params.typeFilter !== 'incoming') query.arg('outgoing_relation', params.relation);
  const types = filterList(params.configTypes);
  if (types) query.raw('type.filter', types);
  return query;
}

/** Rows asked for per request: the data API answers at most 2,000 rows a request (postgrest.md §5.4). */
export const RELATED_CONFIGS_PAGE_SIZE = 2000;
/** Related configs read at most (then the result says it is truncated). */
export const RELATED_CONFIGS_MAX_ROWS = 20_000;

export interface RelatedConfigsResult {
  rows: RelatedConfig[];
  /** More configs are related than were read ({@link RELATED_CONFIGS_MAX_ROWS}). */
  truncated: boolean;
}

/**
 * The related configs, nearest first (the function orders by depth, name, id, so pages are
 * stable). A big graph is read page by page, since the server caps each answer; a short page
 * of 500 rows or more is checked with one more request, in case the server's cap is lower.
 */
export async function listRelatedConfigs(
  client: ApiClient,
  params: RelatedConfigsParams,
  options: { signal?: AbortSignal } = {},
): Promise<RelatedConfigsResult> {
  const rows: RelatedConfig[] = [];
  for (;;) {
    const query = relatedConfigsQuery(params).limit(RELATED_CONFIGS_PAGE_SIZE);
    if (rows.length > 0) query.offset(rows.length);
    const page = await selectRows<RelatedConfig>(client, query, options);
    rows.push(...page.rows);
    if (rows.length >= RELATED_CONFIGS_MAX_ROWS) {
      return { rows: rows.slice(0, RELATED_CONFIGS_MAX_ROWS), truncated: true };
    }
    if (page.rows.length === 0 || page.rows.length < 500) return { rows, truncated: false };
  }
}

// ---- keys and query options ----

export const catalogRelationshipKeys = {
  all: (baseUrl: string) => ['catalog', baseUrl] as const,
  related: (baseUrl: string, params: RelatedConfigsParams) =>
    [
      ...catalogRelationshipKeys.all(baseUrl),
      'config',
      params.configId,
      'related',
      params,
    ] as const,
};

export const catalogRelationshipQueries = {
  related: (client: ApiClient, params: RelatedConfigsParams) =>
    queryOptions({
      queryKey: catalogRelationshipKeys.related(client.baseUrl, params),
      queryFn: ({ signal }) => listRelatedConfigs(client, params, { signal }),
      staleTime: CATALOG_STALE_TIME_MS,
      // Keep the previous graph while a toggle refetches, never another config's.
      placeholderData: (previous, previousQuery) =>
        previousQuery?.queryKey[3] === params.configId ? previous : undefined,
    }),
};
