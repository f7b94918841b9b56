/**
 * Topology: the component tree of `GET /canary/api/topology` (contract api.md §3.5), used by the
 * topology pages, the public `/view/topology/{id}` card and `<vigil-topology-card>`.
 * Types → fetchers → keys → query options.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './client';
import type { TopologyComponent, TopologyResponse } from './types';

export type {
  SeverityCounts,
  TopologyComponent,
  TopologyProperty,
  TopologyPropertyLink,
  TopologyResponse,
  TopologySummary,
} from './types';

/** Query parameters of the topology endpoint, as the console sends them. `All` is never sent. */
export interface TopologyParams {
  /** One component (first in `components`) with its children. */
  id?: string;
  /** Component statuses, comma-separated on the wire. */
  status?: readonly string[];
  /** Component types, comma-separated on the wire. */
  type?: readonly string[];
  team?: string;
  /** Label pairs the components must carry (`key=value,…` on the wire). */
  labels?: Readonly<Record<string, string>>;
  agentId?: string;
  owner?: string;
  /** `false` leaves hidden components out. */
  hidden?: boolean;
  /** A flat list instead of a tree (the console sends it when a type is chosen). */
  flatten?: boolean;
  /** Levels of children (server default 3). */
  depth?: number;
  /** `name` or `field:<property name>`; other keys (`status`…) are sorted by the client. */
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
}

/** The wire query of {@link TopologyParams}: unset values and empty lists are left out. */
export function topologyQuery(params: TopologyParams): Record<string, string | undefined> {
  const list = (values: readonly string[] | undefined) =>
    values && values.length > 0 ? values.join(',') : undefined;
  const labels = params.labels
    ? Object.entries(params.labels)
        .map(([key, value]) => `${key}=${value}`)
        .join(',')
    : '';
  return {
    id: params.id,
    status: list(params.status),
    type: list(params.type),
    team: params.team,
    labels: labels || undefined,
    agent_id: params.agentId,
    owner: params.owner,
    hidden: params.hidden === undefined ? undefined : String(params.hidden),
    flatten: params.flatten ? 'true' : undefined,
    depth: params.depth === undefined ? undefined : String(params.depth),
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  };
}

export async function getTopology(
  client: ApiClient,
  params: TopologyParams,
  options: { signal?: AbortSignal } = {},
): Promise<TopologyResponse> {
  const body = await client.get<TopologyResponse | null>('/canary/api/topology', {
    query: topologyQuery(params),
    signal: options.signal,
  });
  return { ...body, components: body?.components ?? [] };
}

/**
 * One component for its card: `components[0]` of an `id` query, or null when there is none
 * ("Component not found"). `depth: 1` — the card shows the component and its summary, not the
 * tree below.
 */
export async function getTopologyComponent(
  client: ApiClient,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<TopologyComponent | null> {
  const body = await getTopology(client, { id, depth: 1 }, options);
  return body.components[0] ?? null;
}

/** The parameters that choose which components come back: everything but the sort. */
function treeKeyParams(params: TopologyParams): TopologyParams {
  const { sortBy: _sortBy, sortOrder: _sortOrder, ...rest } = params;
  return rest;
}

/**
 * Query keys. The client's base URL is part of every key: widgets may talk to several APIs. A
 * tree's key leaves out `sortBy` and `sortOrder` (as Mission Control's cache does, api.md §3.5):
 * the answer holds the same components in any order and the console sorts them itself, so a new
 * order re-sorts what is on screen without asking again (the next refresh sends it).
 */
export const topologyKeys = {
  all: (baseUrl: string) => ['topology', baseUrl] as const,
  tree: (baseUrl: string, params: TopologyParams) =>
    [...topologyKeys.all(baseUrl), 'tree', treeKeyParams(params)] as const,
  component: (baseUrl: string, id: string) =>
    [...topologyKeys.all(baseUrl), 'component', id] as const,
};

/** The component id of a tree's query key (undefined: the roots), e.g. to keep data per id. */
export function treeKeyId(queryKey: readonly unknown[]): string | undefined {
  const params = queryKey[3] as TopologyParams | undefined;
  return params?.id;
}

/**
 * How long a tree answer counts as fresh: long enough that the page does not ask again for the
 * tree its start-up prefetch has just brought (src/api/prefetch.ts); refreshes ask explicitly.
 */
export const TOPOLOGY_TREE_FRESH_MS = 5_000;

export const topologyQueries = {
  tree: (client: ApiClient, params: TopologyParams) =>
    queryOptions({
      queryKey: topologyKeys.tree(client.baseUrl, params),
      queryFn: ({ signal }) => getTopology(client, params, { signal }),
      staleTime: TOPOLOGY_TREE_FRESH_MS,
    }),
  /** One component's card; `refetchInterval` is the refresh rate in ms (false = off). */
  component: (client: ApiClient, id: string, refetchInterval: number | false = false) =>
    queryOptions({
      queryKey: topologyKeys.component(client.baseUrl, id),
      queryFn: ({ signal }) => getTopologyComponent(client, id, { signal }),
      refetchInterval,
    }),
};
