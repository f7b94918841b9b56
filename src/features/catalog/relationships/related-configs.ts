/**
 * The rows of `related_configs_recursive` as a graph around one config: the edges they name
 * (`related_ids`: config_id → related_id), and for every config its direction from the root
 * (outgoing: reachable along edges; incoming: reaches the root) and its depth, found by a
 * breadth-first walk each way. A config reachable neither way (a type filter removed the configs
 * in between) is `indirect`. Pure functions, shared by the table and the graph.
 */
import type { RelatedConfig } from '../../../api/catalog-relationships';
import { healthTone, type StatusTone } from '../../../ui/status-icon';

export type RelatedDirection = 'root' | 'outgoing' | 'incoming' | 'indirect';

export interface RelatedConfigRow {
  config: RelatedConfig;
  direction: RelatedDirection;
  /** Steps from the root; null for `indirect`. */
  depth: number | null;
  /** The config this one was reached from on the shortest walk (null for the root, indirect). */
  via: string | null;
}

export interface RelatedGraph {
  rootId: string;
  /** Rows by id, in the server's order (nearest first). */
  rows: Map<string, RelatedConfigRow>;
  /** Edges between returned configs, without repeats or self-loops. */
  edges: { source: string; target: string }[];
}

/** Breadth-first from `start` over `next`; depth and predecessor of every reached node. */
function walk(
  start: string,
  next: ReadonlyMap<string, readonly string[]>,
): Map<string, { depth: number; via: string | null }> {
  const seen = new Map<string, { depth: number; via: string | null }>([
    [start, { depth: 0, via: null }],
  ]);
  let frontier = [start];
  for (let depth = 1; frontier.length > 0; depth += 1) {
    const following: string[] = [];
    for (const id of frontier) {
      for (const to of next.get(id) ?? []) {
        if (seen.has(to)) continue;
        seen.set(to, { depth, via: id });
        following.push(to);
      }
    }
    frontier = following;
  }
  return seen;
}

/**
 * The graph of `rows` around `rootId`. When the root itself is missing from the rows (a type
 * filter that leaves it out), `root` (from the config's detail) stands in for it.
 */
export function relatedGraph(
  rows: readonly RelatedConfig[],
  rootId: string,
  root?: RelatedConfig,
): RelatedGraph {
  const byId = new Map<string, RelatedConfig>();
  if (root && !rows.some((row) => row.id === rootId)) byId.set(rootId, root);
  for (const row of rows) if (!byId.has(row.id)) byId.set(row.id, row);

  const edges: { source: string; target: string }[] = [];
  const outgoing = new Map<string, string[]>();
  const incoming = new Map<string, string[]>();
  const seenEdges = new Set<string>();
  for (const row of byId.values()) {
    for (const target of row.related_ids ?? []) {
      if (target === row.id || !byId.has(target)) continue;
      const key = `${row.id}>${target}`;
      if (seenEdges.has(key)) continue;
      seenEdges.add(key);
      edges.push({ source: row.id, target });
      outgoing.set(row.id, [...(outgoing.get(row.id) ?? []), target]);
      incoming.set(target, [...(incoming.get(target) ?? []), row.id]);
    }
  }

  const down = byId.has(rootId) ? walk(rootId, outgoing) : new Map();
  const up = byId.has(rootId) ? walk(rootId, incoming) : new Map();
  const result = new Map<string, RelatedConfigRow>();
  for (const [id, config] of byId) {
    if (id === rootId) {
      result.set(id, { config, direction: 'root', depth: 0, via: null });
      continue;
    }
    const d = down.get(id);
    const u = up.get(id);
    if (d && (!u || d.depth <= u.depth)) {
      result.set(id, { config, direction: 'outgoing', depth: d.depth, via: d.via });
    } else if (u) {
      result.set(id, { config, direction: 'incoming', depth: u.depth, via: u.via });
    } else {
      result.set(id, { config, direction: 'indirect', depth: null, via: null });
    }
  }
  return { rootId, rows: result, edges };
}

/** Table order: the root, then incoming and outgoing configs by depth, then indirect ones. */
export function relatedRows(graph: RelatedGraph, options: { includeRoot?: boolean } = {}) {
  const rank: Record<RelatedDirection, number> = { root: 0, incoming: 1, outgoing: 2, indirect: 3 };
  return [...graph.rows.values()]
    .filter((row) => options.includeRoot || row.direction !== 'root')
    .sort(
      (a, b) =>
        rank[a.direction] - rank[b.direction] ||
        (a.depth ?? 0) - (b.depth ?? 0) ||
        a.config.type.localeCompare(b.config.type) ||
        a.config.name.localeCompare(b.config.name),
    );
}

const DIRECTION_LABELS: Record<RelatedDirection, string> = {
  root: 'This config',
  outgoing: 'Outgoing',
  incoming: 'Incoming',
  indirect: 'Indirect',
};

/** 'Outgoing', 'Incoming', 'Indirect' (reached only through configs a filter left out). */
export function directionLabel(direction: RelatedDirection): string {
  return DIRECTION_LABELS[direction];
}

/** The last segment of a namespaced type: `Kubernetes::Pod` → `Pod`. */
export function shortType(type: string | null | undefined): string {
  const parts = (type ?? '').split('::').filter((part) => part !== '');
  return parts[parts.length - 1] ?? '';
}

/** A config's health tone; no health reads as unknown. */
export function configTone(health: string | null | undefined): StatusTone {
  return health ? healthTone({ status: health }) : 'unknown';
}
