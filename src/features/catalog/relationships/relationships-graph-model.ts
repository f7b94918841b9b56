/**
 * The relationships graph as plain data (spec doc 2 §4 "Topology"): the configs around the root
 * laid out as two trees — outgoing configs on one side, incoming ones (and ancestors) on the
 * other — along each config's shortest walk from the root. "Groups of 3 or more same-type related
 * configs collapse into an intermediary node; it is expandable if it has more than 3 children
 * and expanded automatically when 3 or fewer." A collapsed group hides its members and
 * everything below them, so a graph of thousands of configs starts as a few dozen nodes. The
 * other edges between shown configs are kept as cross links. Layout by d3-hierarchy's tidy tree
 * (linear in the number of nodes shown).
 */
import { hierarchy, tree, type HierarchyPointNode } from 'd3-hierarchy';
import type { StatusTone } from '../../../ui/status-icon';
import { configTone, type RelatedConfigRow, type RelatedGraph } from './related-configs';
import type { GraphLayout } from './relationships-params';

/** "groups of 3 or more same-type related configs collapse into an intermediary node". */
export const GROUP_MIN_SIZE = 3;
/** "expandable if it has more than 3 children and expanded automatically when 3 or fewer". */
export const GROUP_AUTO_EXPAND_MAX = 3;
/** Node box in px (the graph's nodes are drawn at this size). */
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 64;
/** Gaps between neighbouring nodes and between tree levels, in px. */
const SIBLING_GAP = { 'left-right': 18, 'top-bottom': 28 } as const;
const LEVEL_GAP = { 'left-right': 96, 'top-bottom': 72 } as const;
/** Cross links drawn at most (beyond the tree's own edges). */
export const MAX_CROSS_EDGES = 1500;

export type GraphSide = 'outgoing' | 'incoming';

export interface GraphGroup {
  id: string;
  type: string;
  side: GraphSide;
  parentId: string;
  memberIds: string[];
  /** More than 3 members: the user can expand and collapse it. */
  expandable: boolean;
  expanded: boolean;
  /** Members by health tone, for the group's border and summary. */
  health: Record<StatusTone, number>;
}

interface TreeItem {
  id: string;
  kind: 'config' | 'group';
  row?: RelatedConfigRow;
  group?: GraphGroup;
  children: TreeItem[];
}

export interface GraphNodeModel {
  id: string;
  kind: 'config' | 'group';
  /** Top-left corner, px. */
  x: number;
  y: number;
  side: GraphSide | 'root';
  row?: RelatedConfigRow;
  group?: GraphGroup;
  /** The node drawn before this one on the walk from the root (tree parent). */
  parentId: string | null;
}

export interface GraphEdgeModel {
  id: string;
  source: string;
  target: string;
  /** A relation beyond the tree's own (drawn dashed). */
  cross: boolean;
}

export interface GraphModel {
  nodes: GraphNodeModel[];
  edges: GraphEdgeModel[];
  /** Configs in the data (including hidden ones) and groups in the graph. */
  configCount: number;
  groupCount: number;
}

export function groupNodeId(side: GraphSide, parentId: string, type: string): string {
  return `group:${side}:${parentId}:${type}`;
}

/**
 * One parent's children, same-type runs of `GROUP_MIN_SIZE` or more as groups. Order: by type,
 * then name; a group stands where its type sorts.
 */
export function groupChildren(
  children: readonly RelatedConfigRow[],
  parentId: string,
  side: GraphSide,
  expanded: ReadonlySet<string>,
): ({ kind: 'config'; row: RelatedConfigRow } | { kind: 'group'; group: GraphGroup })[] {
  const byType = new Map<string, RelatedConfigRow[]>();
  const sorted = [...children].sort(
    (a, b) =>
      a.config.type.localeCompare(b.config.type) || a.config.name.localeCompare(b.config.name),
  );
  for (const row of sorted) {
    const list = byType.get(row.config.type);
    if (list) list.push(row);
    else byType.set(row.config.type, [row]);
  }
  const result: (
    { kind: 'config'; row: RelatedConfigRow } | { kind: 'group'; group: GraphGroup }
  )[] = [];
  for (const [type, rows] of byType) {
    if (rows.length < GROUP_MIN_SIZE) {
      for (const row of rows) result.push({ kind: 'config', row });
      continue;
    }
    const id = groupNodeId(side, parentId, type);
    const expandable = rows.length > GROUP_AUTO_EXPAND_MAX;
    const health: Record<StatusTone, number> = { healthy: 0, unhealthy: 0, warning: 0, unknown: 0 };
    for (const row of rows) health[configTone(row.config.health)] += 1;
    result.push({
      kind: 'group',
      group: {
        id,
        type,
        side,
        parentId,
        memberIds: rows.map((row) => row.config.id),
        expandable,
        expanded: !expandable || expanded.has(id),
        health,
      },
    });
  }
  return result;
}

/**
 * The graph for the shown state: groups in `expanded` are open (groups of 3 always are), the
 * layout left-right or top-bottom. Configs reached neither way hang off the root on
 * `indirectSide`.
 */
export function buildGraphModel(
  graph: RelatedGraph,
  options: {
    expanded: ReadonlySet<string>;
    layout: GraphLayout;
    indirectSide?: GraphSide;
  },
): GraphModel {
  const { rootId } = graph;
  const root = graph.rows.get(rootId);
  if (!root) return { nodes: [], edges: [], configCount: 0, groupCount: 0 };
  const indirectSide = options.indirectSide ?? 'outgoing';

  const childrenOf = new Map<string, RelatedConfigRow[]>();
  for (const row of graph.rows.values()) {
    if (row.direction === 'root') continue;
    const side: GraphSide = row.direction === 'indirect' ? indirectSide : row.direction;
    const parent = row.direction === 'indirect' ? rootId : (row.via ?? rootId);
    const key = `${side}:${parent}`;
    const list = childrenOf.get(key);
    if (list) list.push(row);
    else childrenOf.set(key, [row]);
  }

  const groups: GraphGroup[] = [];
  /** Which group each grouped config belongs to. */
  const groupOf = new Map<string, GraphGroup>();
  const visible = new Set<string>([rootId]);

  const expandItem = (parentId: string, side: GraphSide, depth: number): TreeItem[] => {
    if (depth > 64) return [];
    const kids = childrenOf.get(`${side}:${parentId}`) ?? [];
    return groupChildren(kids, parentId, side, options.expanded).map((entry) => {
      if (entry.kind === 'config') {
        visible.add(entry.row.config.id);
        return {
          id: entry.row.config.id,
          kind: 'config',
          row: entry.row,
          children: expandItem(entry.row.config.id, side, depth + 1),
        };
      }
      const group = entry.group;
      groups.push(group);
      visible.add(group.id);
      for (const id of group.memberIds) groupOf.set(id, group);
      const members = group.expanded
        ? group.memberIds.map((id): TreeItem => {
            const row = graph.rows.get(id) as RelatedConfigRow;
            visible.add(id);
            return { id, kind: 'config', row, children: expandItem(id, side, depth + 1) };
          })
        : [];
      return { id: group.id, kind: 'group', group, children: members };
    });
  };

  const sides: GraphSide[] = ['outgoing', 'incoming'];
  const trees = sides.map((side) => ({
    side,
    item: {
      id: rootId,
      kind: 'config',
      row: root,
      children: expandItem(rootId, side, 0),
    } as TreeItem,
  }));

  const layout = options.layout;
  const horizontal = layout === 'left-right';
  const breadth = (horizontal ? NODE_HEIGHT : NODE_WIDTH) + SIBLING_GAP[layout];
  const step = (horizontal ? NODE_WIDTH : NODE_HEIGHT) + LEVEL_GAP[layout];
  const place = tree<TreeItem>()
    .nodeSize([breadth, step])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.3));

  const nodes: GraphNodeModel[] = [];
  const edges: GraphEdgeModel[] = [];
  const treeEdges = new Set<string>();
  const toNode = (point: HierarchyPointNode<TreeItem>, side: GraphSide): GraphNodeModel => {
    const sign = side === 'outgoing' ? 1 : -1;
    const along = sign * point.y;
    const across = point.x;
    const cx = horizontal ? along : across;
    const cy = horizontal ? across : along;
    return {
      id: point.data.id,
      kind: point.data.kind,
      x: cx - NODE_WIDTH / 2,
      y: cy - NODE_HEIGHT / 2,
      side: point.depth === 0 ? 'root' : side,
      row: point.data.row,
      group: point.data.group,
      parentId: point.parent?.data.id ?? null,
    };
  };
  for (const { side, item } of trees) {
    const laidOut = place(hierarchy(item, (entry) => entry.children));
    laidOut.each((point) => {
      if (point.depth === 0) {
        if (side === 'outgoing') nodes.push(toNode(point, side));
        return;
      }
      nodes.push(toNode(point, side));
      const parent = point.parent?.data.id as string;
      const [source, target] =
        side === 'outgoing' ? [parent, point.data.id] : [point.data.id, parent];
      treeEdges.add(`${source}>${target}`);
      edges.push({ id: `${source}>${target}`, source, target, cross: false });
    });
  }

  // Cross links: every other relation between what is shown, a hidden end drawn at its group.
  const shownAt = (id: string): string | null => {
    let current: string | null = id;
    for (let guard = 0; current !== null && guard < 64; guard += 1) {
      if (visible.has(current)) return current;
      const group = groupOf.get(current);
      if (group && visible.has(group.id)) return group.id;
      current = graph.rows.get(current)?.via ?? null;
    }
    return null;
  };
  let cross = 0;
  for (const edge of graph.edges) {
    if (cross >= MAX_CROSS_EDGES) break;
    // The walk's own steps are drawn by the tree already (through a group when there is one).
    if (
      graph.rows.get(edge.target)?.via === edge.source ||
      graph.rows.get(edge.source)?.via === edge.target
    ) {
      continue;
    }
    const source = shownAt(edge.source);
    const target = shownAt(edge.target);
    if (!source || !target || source === target) continue;
    const id = `${source}>${target}`;
    if (treeEdges.has(id) || treeEdges.has(`${target}>${source}`)) continue;
    treeEdges.add(id);
    edges.push({ id, source, target, cross: true });
    cross += 1;
  }

  return { nodes, edges, configCount: graph.rows.size, groupCount: groups.length };
}

/** {@link buildGraphModel} and how long it took in ms (the graph reports it for benchmarks). */
export function timedGraphModel(
  graph: RelatedGraph,
  options: Parameters<typeof buildGraphModel>[1],
): { model: GraphModel; layoutMs: number } {
  const started = performance.now();
  const model = buildGraphModel(graph, options);
  return { model, layoutMs: performance.now() - started };
}

/** Width and height of the laid-out graph in px (0 × 0 when empty). */
export function graphSize(nodes: readonly Pick<GraphNodeModel, 'x' | 'y'>[]): {
  width: number;
  height: number;
} {
  if (nodes.length === 0) return { width: 0, height: 0 };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    minX = Math.min(minX, node.x);
    minY = Math.min(minY, node.y);
    maxX = Math.max(maxX, node.x + NODE_WIDTH);
    maxY = Math.max(maxY, node.y + NODE_HEIGHT);
  }
  return { width: maxX - minX, height: maxY - minY };
}

export type ArrowDirection = 'left' | 'right' | 'up' | 'down';

/**
 * The node to move keyboard focus to from `fromId` with an arrow key: the nearest node whose
 * centre lies that way, preferring nodes in line (distance across counts three times).
 */
export function nearestNode(
  nodes: readonly Pick<GraphNodeModel, 'id' | 'x' | 'y'>[],
  fromId: string,
  direction: ArrowDirection,
): string | null {
  const from = nodes.find((node) => node.id === fromId);
  if (!from) return nodes[0]?.id ?? null;
  let best: string | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const node of nodes) {
    if (node.id === fromId) continue;
    const dx = node.x - from.x;
    const dy = node.y - from.y;
    const [along, across] =
      direction === 'left'
        ? [-dx, dy]
        : direction === 'right'
          ? [dx, dy]
          : direction === 'up'
            ? [-dy, dx]
            : [dy, dx];
    if (along <= 0) continue;
    const score = along + 3 * Math.abs(across);
    if (score < bestScore) {
      bestScore = score;
      best = node.id;
    }
  }
  return best;
}
