import { describe, expect, it } from 'vitest';
import type { RelatedConfig } from '../../../api/catalog-relationships';
import { directionLabel, relatedGraph, relatedRows } from './related-configs';
import {
  buildGraphModel,
  groupChildren,
  groupNodeId,
  nearestNode,
  timedGraphModel,
} from './relationships-graph-model';

function config(
  id: string,
  type: string,
  related: string[] = [],
  health = 'healthy',
): RelatedConfig {
  return { id, name: id, type, related_ids: related, health };
}

/** root → 2 nodes, 3 namespaces, 5 pods; ns-0 → deployment → replicaset; parent → root. */
function sample(): RelatedConfig[] {
  const pods = ['pod-0', 'pod-1', 'pod-2', 'pod-3', 'pod-4'];
  return [
    config('root', 'Kubernetes::Cluster', ['node-0', 'node-1', 'ns-0', 'ns-1', 'ns-2', ...pods]),
    config('node-0', 'Kubernetes::Node', ['pod-0'], 'warning'),
    config('node-1', 'Kubernetes::Node'),
    config('ns-0', 'Kubernetes::Namespace', ['deploy-0']),
    config('ns-1', 'Kubernetes::Namespace'),
    config('ns-2', 'Kubernetes::Namespace'),
    ...pods.map((id, index) =>
      config(id, 'Kubernetes::Pod', [], index === 0 ? 'unhealthy' : 'healthy'),
    ),
    config('deploy-0', 'Kubernetes::Deployment', ['rs-0']),
    config('rs-0', 'Kubernetes::ReplicaSet', ['pod-1']),
    config('account', 'AWS::::Account', ['root']),
  ];
}

describe('relatedGraph', () => {
  it('finds each config’s direction and depth from the root', () => {
    const graph = relatedGraph(sample(), 'root');
    expect(graph.rows.get('root')).toMatchObject({ direction: 'root', depth: 0 });
    expect(graph.rows.get('ns-0')).toMatchObject({ direction: 'outgoing', depth: 1, via: 'root' });
    expect(graph.rows.get('rs-0')).toMatchObject({ direction: 'outgoing', depth: 3 });
    expect(graph.rows.get('account')).toMatchObject({ direction: 'incoming', depth: 1 });
    // pod-1 is both a child of the root and of rs-0: the shortest walk wins.
    expect(graph.rows.get('pod-1')).toMatchObject({ depth: 1, via: 'root' });
  });

  it('marks configs reached neither way (a type filter removed the way) as indirect', () => {
    const rows = [config('root', 'Kubernetes::Cluster'), config('pod-9', 'Kubernetes::Pod')];
    const graph = relatedGraph(rows, 'root');
    expect(graph.rows.get('pod-9')).toMatchObject({ direction: 'indirect', depth: null });
    expect(directionLabel('indirect')).toBe('Indirect');
  });

  it('uses the stand-in root when the rows leave the root out', () => {
    const graph = relatedGraph([config('pod-9', 'Kubernetes::Pod')], 'root', config('root', 'X'));
    expect(graph.rows.get('root')?.direction).toBe('root');
  });

  it('drops edges to configs not returned, repeats and self-loops', () => {
    const graph = relatedGraph(
      [config('root', 'A', ['a', 'a', 'root', 'gone']), config('a', 'B')],
      'root',
    );
    expect(graph.edges).toEqual([{ source: 'root', target: 'a' }]);
  });

  it('lists the table rows incoming first, then outgoing by depth, without the root', () => {
    const rows = relatedRows(relatedGraph(sample(), 'root'));
    expect(rows[0]?.config.id).toBe('account');
    expect(rows.map((row) => row.config.id)).not.toContain('root');
    const depths = rows.filter((row) => row.direction === 'outgoing').map((row) => row.depth);
    expect(depths).toEqual([...depths].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });
});

describe('groups of same-type configs', () => {
  const graph = relatedGraph(sample(), 'root');
  const children = [...graph.rows.values()].filter(
    (row) => row.via === 'root' && row.direction === 'outgoing',
  );

  it('keeps fewer than 3 as configs, groups 3 (auto-expanded, not expandable) and more (collapsed)', () => {
    const entries = groupChildren(children, 'root', 'outgoing', new Set());
    const groups = entries.flatMap((entry) => (entry.kind === 'group' ? [entry.group] : []));
    const configs = entries.flatMap((entry) =>
      entry.kind === 'config' ? [entry.row.config.id] : [],
    );
    expect(configs).toEqual(['node-0', 'node-1']);
    const namespaces = groups.find((group) => group.type === 'Kubernetes::Namespace');
    const pods = groups.find((group) => group.type === 'Kubernetes::Pod');
    expect(namespaces).toMatchObject({ expandable: false, expanded: true });
    expect(namespaces?.memberIds).toHaveLength(3);
    expect(pods).toMatchObject({ expandable: true, expanded: false });
    expect(pods?.memberIds).toHaveLength(5);
    expect(pods?.health.unhealthy).toBe(1);
  });

  it('expands a group of more than 3 when asked', () => {
    const id = groupNodeId('outgoing', 'root', 'Kubernetes::Pod');
    const entries = groupChildren(children, 'root', 'outgoing', new Set([id]));
    const pods = entries.find((entry) => entry.kind === 'group' && entry.group.id === id);
    expect(pods?.kind === 'group' && pods.group.expanded).toBe(true);
  });
});

describe('buildGraphModel', () => {
  const graph = relatedGraph(sample(), 'root');

  it('hides the members of a collapsed group and shows those of a group of 3', () => {
    const model = buildGraphModel(graph, { expanded: new Set(), layout: 'left-right' });
    const ids = model.nodes.map((node) => node.id);
    expect(ids).toContain(groupNodeId('outgoing', 'root', 'Kubernetes::Pod'));
    expect(ids).not.toContain('pod-2');
    expect(ids).toEqual(expect.arrayContaining(['ns-0', 'ns-1', 'ns-2', 'deploy-0', 'rs-0']));
    expect(model.configCount).toBe(graph.rows.size);
    // The namespaces hang off their group node.
    const nsGroup = groupNodeId('outgoing', 'root', 'Kubernetes::Namespace');
    expect(model.nodes.find((node) => node.id === 'ns-0')?.parentId).toBe(nsGroup);
    expect(model.edges).toContainEqual(
      expect.objectContaining({ source: 'root', target: nsGroup, cross: false }),
    );
  });

  it('draws a relation to a hidden config at its collapsed group (dashed cross link)', () => {
    const model = buildGraphModel(graph, { expanded: new Set(), layout: 'left-right' });
    const podGroup = groupNodeId('outgoing', 'root', 'Kubernetes::Pod');
    expect(model.edges).toContainEqual(
      expect.objectContaining({ source: 'node-0', target: podGroup, cross: true }),
    );
    expect(model.edges).toContainEqual(
      expect.objectContaining({ source: 'rs-0', target: podGroup, cross: true }),
    );
  });

  it('shows the members once the group is expanded', () => {
    const podGroup = groupNodeId('outgoing', 'root', 'Kubernetes::Pod');
    const model = buildGraphModel(graph, { expanded: new Set([podGroup]), layout: 'left-right' });
    expect(model.nodes.map((node) => node.id)).toEqual(
      expect.arrayContaining(['pod-1', 'pod-2', 'pod-3', 'pod-4']),
    );
    // root → pod is drawn through the group, not again as a cross link.
    expect(model.edges.filter((edge) => edge.source === 'root' && edge.cross)).toEqual([]);
    expect(model.edges).toContainEqual(
      expect.objectContaining({ source: podGroup, target: 'pod-2', cross: false }),
    );
  });

  it('puts outgoing configs right of the root and incoming left (left-right), below and above (top-bottom)', () => {
    for (const layout of ['left-right', 'top-bottom'] as const) {
      const model = buildGraphModel(graph, { expanded: new Set(), layout });
      const at = (id: string) => model.nodes.find((node) => node.id === id)!;
      const axis = layout === 'left-right' ? 'x' : 'y';
      expect(at('node-1')[axis]).toBeGreaterThan(at('root')[axis]);
      expect(at('account')[axis]).toBeLessThan(at('root')[axis]);
      expect(at('account').side).toBe('incoming');
      expect(model.edges).toContainEqual(
        expect.objectContaining({ source: 'account', target: 'root' }),
      );
    }
  });

  it('never places two nodes on top of each other', () => {
    const podGroup = groupNodeId('outgoing', 'root', 'Kubernetes::Pod');
    const model = buildGraphModel(graph, { expanded: new Set([podGroup]), layout: 'top-bottom' });
    const seen = new Set(model.nodes.map((node) => `${Math.round(node.x)},${Math.round(node.y)}`));
    expect(seen.size).toBe(model.nodes.length);
  });

  it('starts a graph of about 2,000 configs as a few nodes, quickly', () => {
    const rows: RelatedConfig[] = [];
    const namespaces = Array.from({ length: 40 }, (_, index) => `ns-${index}`);
    rows.push(config('root', 'Kubernetes::Cluster', namespaces));
    for (const ns of namespaces) {
      const deployments = Array.from({ length: 10 }, (_, index) => `${ns}-deploy-${index}`);
      rows.push(config(ns, 'Kubernetes::Namespace', deployments));
      for (const deployment of deployments) {
        const pods = Array.from({ length: 4 }, (_, index) => `${deployment}-pod-${index}`);
        rows.push(config(deployment, 'Kubernetes::Deployment', pods));
        for (const pod of pods) rows.push(config(pod, 'Kubernetes::Pod'));
      }
    }
    expect(rows.length).toBeGreaterThan(2000);
    const big = relatedGraph(rows, 'root');
    const collapsed = timedGraphModel(big, { expanded: new Set(), layout: 'left-right' });
    expect(collapsed.model.nodes.length).toBe(2);
    // Everything open: all 2,041 configs and their groups laid out.
    const all = new Set<string>();
    for (const row of big.rows.values()) {
      for (const type of ['Kubernetes::Namespace', 'Kubernetes::Deployment', 'Kubernetes::Pod'])
        all.add(groupNodeId('outgoing', row.config.id, type));
    }
    const open = timedGraphModel(big, { expanded: all, layout: 'left-right' });
    expect(open.model.nodes.filter((node) => node.kind === 'config')).toHaveLength(rows.length);
    console.info(
      `graph model, ${rows.length} configs: collapsed ${collapsed.layoutMs.toFixed(1)} ms, all expanded ${open.layoutMs.toFixed(1)} ms`,
    );
  });
});

describe('nearestNode', () => {
  const nodes = [
    { id: 'a', x: 0, y: 0 },
    { id: 'b', x: 300, y: 0 },
    { id: 'c', x: 300, y: 80 },
    { id: 'd', x: 0, y: 80 },
  ];
  it('moves to the nearest node in line with the arrow', () => {
    expect(nearestNode(nodes, 'a', 'right')).toBe('b');
    expect(nearestNode(nodes, 'a', 'down')).toBe('d');
    expect(nearestNode(nodes, 'c', 'left')).toBe('d');
    expect(nearestNode(nodes, 'c', 'up')).toBe('b');
    expect(nearestNode(nodes, 'a', 'left')).toBeNull();
  });
});
