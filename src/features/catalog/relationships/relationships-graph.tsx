/**
 * The relationships graph (spec doc 2 §2, §4), loaded lazily by the relationships tab so React
 * Flow stays out of the main and catalog bundles. React Flow draws, pans, zooms and fits; the
 * layout and the grouping come from `relationships-graph-model.ts`. Keyboard: Tab reaches the
 * nodes, arrow keys move to the nearest node that way, Enter opens a config or expands/collapses
 * a group. Every node carries `data-graph-node`.
 */
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './relationships-graph.css';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { cx } from '../../../lib/class-names';
import { ComponentIcon } from '../../../entities/topology-card/component-icon';
import { ChevronDownIcon, ChevronRightIcon } from '../../../ui/icons';
import { StatusIcon, STATUS_TONE_LABELS, type StatusTone } from '../../../ui/status-icon';
import { catalogPaths } from '../catalog-paths';
import { configTone, shortType, type RelatedConfigRow, type RelatedGraph } from './related-configs';
import {
  graphSize,
  nearestNode,
  timedGraphModel,
  NODE_HEIGHT,
  NODE_WIDTH,
  type ArrowDirection,
  type GraphGroup,
  type GraphModel,
  type GraphSide,
} from './relationships-graph-model';
import type { GraphEdgeStyle, GraphLayout } from './relationships-params';

interface ConfigNodeData extends Record<string, unknown> {
  row: RelatedConfigRow;
  isRoot: boolean;
  horizontal: boolean;
}
interface GroupNodeData extends Record<string, unknown> {
  group: GraphGroup;
  horizontal: boolean;
}
type ConfigFlowNode = Node<ConfigNodeData, 'config'>;
// Not 'group': React Flow's stylesheet draws its own box around nodes of that type.
type GroupFlowNode = Node<GroupNodeData, 'configGroup'>;
type FlowNode = ConfigFlowNode | GroupFlowNode;

const BORDER: Record<StatusTone, string> = {
  unhealthy: 'border-2 border-unhealthy',
  warning: 'border-2 border-warning',
  healthy: 'border border-border-strong',
  unknown: 'border border-border-strong',
};

function Handles({ horizontal }: { horizontal: boolean }) {
  return (
    <>
      <Handle
        type="target"
        position={horizontal ? Position.Left : Position.Top}
        isConnectable={false}
      />
      <Handle
        type="source"
        position={horizontal ? Position.Right : Position.Bottom}
        isConnectable={false}
      />
    </>
  );
}

const ConfigNode = memo(function ConfigNode({ data }: NodeProps<ConfigFlowNode>) {
  const { config } = data.row;
  const tone = configTone(config.health);
  const deleted = Boolean(config.deleted_at);
  return (
    <div
      data-health={tone}
      className={cx(
        'flex h-full w-full items-center gap-2.5 rounded-lg bg-surface px-3 text-left shadow-sm',
        BORDER[tone],
        data.isRoot && 'ring-2 ring-primary ring-offset-2 ring-offset-surface-sunken',
        deleted && 'border-dashed opacity-80',
      )}
    >
      <Handles horizontal={data.horizontal} />
      <ComponentIcon icon={config.type} size={20} className="shrink-0 text-fg-muted" />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-medium text-fg" title={config.name}>
          {config.name}
        </div>
        <div className="flex min-w-0 items-center gap-1.5 text-xs text-fg-muted">
          <span className="truncate" title={config.type}>
            {shortType(config.type)}
          </span>
          {data.isRoot ? (
            <span className="shrink-0 rounded bg-primary-soft px-1 font-medium text-fg">
              This config
            </span>
          ) : null}
          {deleted ? <span className="shrink-0 font-medium text-fg">Deleted</span> : null}
        </div>
      </div>
      <StatusIcon
        tone={tone}
        label={config.health ? STATUS_TONE_LABELS[tone] : 'No health'}
        showLabel={tone === 'unhealthy' || tone === 'warning'}
        size={14}
        className="shrink-0 text-xs"
      />
    </div>
  );
});

const GroupNode = memo(function GroupNode({ data }: NodeProps<GroupFlowNode>) {
  const { group } = data;
  const tone: StatusTone =
    group.health.unhealthy > 0 ? 'unhealthy' : group.health.warning > 0 ? 'warning' : 'healthy';
  const issues = (['unhealthy', 'warning'] as const).filter((key) => group.health[key] > 0);
  return (
    <div
      data-health={tone}
      className={cx(
        'flex h-full w-full items-center gap-2.5 rounded-lg bg-surface-raised px-3 text-left shadow-sm',
        BORDER[tone],
        'outline-1 outline-offset-2 outline-border outline-dashed',
      )}
    >
      <Handles horizontal={data.horizontal} />
      {group.expandable ? (
        group.expanded ? (
          <ChevronDownIcon size={16} className="shrink-0 text-fg-muted" />
        ) : (
          <ChevronRightIcon size={16} className="shrink-0 text-fg-muted" />
        )
      ) : null}
      <ComponentIcon icon={group.type} size={20} className="shrink-0 text-fg-muted" />
      <div className="min-w-0 flex-1">
        <div className="truncate text-sm font-medium text-fg" title={group.type}>
          {group.memberIds.length} × {shortType(group.type)}
        </div>
        <div className="flex min-w-0 items-center gap-2 overflow-hidden text-xs whitespace-nowrap text-fg-muted">
          {issues.length > 0
            ? issues.map((key) => (
                <StatusIcon
                  key={key}
                  tone={key}
                  showLabel
                  size={12}
                  label={`${group.health[key]} ${key}`}
                />
              ))
            : null}
          <span>
            {group.expandable ? (group.expanded ? 'Expanded' : 'Collapsed') : 'Group of 3'}
          </span>
        </div>
      </div>
    </div>
  );
});

/**
 * The first view: everything if it fits at 40 % or more (a typical chain of six levels beside
 * the details sidebar needs about that), otherwise 40 % around the middle (the Fit View control
 * still shows the whole graph).
 */
const INITIAL_FIT = { padding: 0.1, minZoom: 0.4, maxZoom: 1.1, duration: 0 } as const;

const nodeTypes = { config: ConfigNode, configGroup: GroupNode };

function ariaLabelOf(
  node: GraphModel['nodes'][number],
  rootId: string,
  side: GraphSide | 'root',
): string {
  if (node.kind === 'group' && node.group) {
    const { group } = node;
    const state = group.expandable
      ? group.expanded
        ? 'expanded group, press Enter to collapse'
        : 'collapsed group, press Enter to expand'
      : 'group';
    return `${group.memberIds.length} ${group.type} configs, ${side}, ${state}`;
  }
  const config = node.row?.config;
  if (!config) return node.id;
  const health = config.health ? STATUS_TONE_LABELS[configTone(config.health)] : 'no health';
  const where = node.id === rootId ? 'this config' : side;
  return `${config.name}, ${config.type}, ${health}${config.deleted_at ? ', deleted' : ''}, ${where}`;
}

export interface RelationshipsGraphProps {
  graph: RelatedGraph;
  layout: GraphLayout;
  edgeStyle: GraphEdgeStyle;
  /** Only incoming walked: configs reached neither way go on the incoming side. */
  incomingOnly: boolean;
}

function GraphCanvas({ graph, layout, edgeStyle, incomingOnly }: RelationshipsGraphProps) {
  const [, navigate] = useLocation();
  const flow = useReactFlow();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const wrapper = useRef<HTMLDivElement>(null);
  const horizontal = layout === 'left-right';

  const { model, layoutMs } = useMemo(
    () =>
      timedGraphModel(graph, {
        expanded,
        layout,
        indirectSide: incomingOnly ? 'incoming' : 'outgoing',
      }),
    [graph, expanded, layout, incomingOnly],
  );

  const nodes = useMemo<FlowNode[]>(
    () =>
      model.nodes.map((node): FlowNode => {
        const common = {
          id: node.id,
          position: { x: node.x, y: node.y },
          width: NODE_WIDTH,
          height: NODE_HEIGHT,
          draggable: false,
          connectable: false,
          selectable: false,
          ariaLabel: ariaLabelOf(node, graph.rootId, node.side),
          domAttributes: { 'data-graph-node': node.kind } as unknown as Node['domAttributes'],
        };
        return node.kind === 'group' && node.group
          ? { ...common, type: 'configGroup', data: { group: node.group, horizontal } }
          : {
              ...common,
              type: 'config',
              data: {
                row: node.row as RelatedConfigRow,
                isRoot: node.id === graph.rootId,
                horizontal,
              },
            };
      }),
    [model, graph.rootId, horizontal],
  );

  const edges = useMemo<Edge[]>(
    () =>
      model.edges.map((edge) => ({
        id: edge.id,
        source: edge.source,
        target: edge.target,
        type: edgeStyle === 'smoothstep' ? 'smoothstep' : 'default',
        className: edge.cross ? 'vigil-cross-edge' : undefined,
        markerEnd: { type: MarkerType.ArrowClosed, width: 14, height: 14 },
        focusable: false,
        selectable: false,
        ariaLabel: '',
      })),
    [model, edgeStyle],
  );

  // A new layout or new data fits the view; expanding a group keeps the viewport.
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      void flow.fitView(INITIAL_FIT);
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, layout, graph]);

  // After a group opens, the view moves to show it with its members.
  const revealGroup = useRef<string | null>(null);
  useEffect(() => {
    const id = revealGroup.current;
    if (!id) return;
    revealGroup.current = null;
    const shown = model.nodes.filter((node) => node.id === id || node.parentId === id);
    const frame = requestAnimationFrame(() => {
      void flow.fitView({
        ...INITIAL_FIT,
        nodes: shown.map((node) => ({ id: node.id })),
        duration: 200,
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [flow, model]);

  const toggleGroup = useCallback((id: string) => {
    setExpanded((current) => {
      if (!current.has(id)) revealGroup.current = id;
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const activate = useCallback(
    (id: string) => {
      const node = model.nodes.find((item) => item.id === id);
      if (!node) return;
      if (node.kind === 'group') {
        if (node.group?.expandable) toggleGroup(id);
        return;
      }
      navigate(catalogPaths.config(id));
    },
    [model, navigate, toggleGroup],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const element = target.closest<HTMLElement>('.react-flow__node');
    const id = element?.dataset.id;
    if (!element || !id || target !== element) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(id);
      return;
    }
    const arrows: Record<string, ArrowDirection> = {
      ArrowLeft: 'left',
      ArrowRight: 'right',
      ArrowUp: 'up',
      ArrowDown: 'down',
    };
    const direction = arrows[event.key];
    if (!direction) return;
    event.preventDefault();
    const next = nearestNode(model.nodes, id, direction);
    if (!next) return;
    const focusNext = () => {
      const found = wrapper.current?.querySelector<HTMLElement>(
        `.react-flow__node[data-id="${CSS.escape(next)}"]`,
      );
      found?.focus();
      return Boolean(found);
    };
    if (!focusNext()) {
      // Off screen nodes are not rendered: bring the next one into view, then focus it.
      const node = model.nodes.find((item) => item.id === next);
      if (node) {
        void flow
          .setCenter(node.x + NODE_WIDTH / 2, node.y + NODE_HEIGHT / 2, {
            zoom: flow.getZoom(),
            duration: 0,
          })
          .then(() => requestAnimationFrame(() => focusNext()));
      }
    }
  };

  // As tall as the graph needs at full size (a small graph wastes no space), within bounds.
  const height = Math.round(Math.min(720, Math.max(360, graphSize(model.nodes).height + 160)));
  const hidden = model.configCount - model.nodes.filter((node) => node.kind === 'config').length;
  return (
    <div className="flex flex-col gap-2">
      {/* Key presses bubble up from the focusable nodes inside; the wrapper itself is not a control. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        ref={wrapper}
        className="vigil-graph max-h-[75vh] overflow-hidden rounded-lg border border-border"
        style={{ height }}
        data-layout-ms={layoutMs.toFixed(1)}
        data-node-count={model.nodes.length}
        onKeyDown={onKeyDown}
      >
        <ReactFlow<FlowNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          onNodeClick={(_event, node) => activate(node.id)}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          edgesFocusable={false}
          nodesFocusable
          onlyRenderVisibleElements={model.nodes.length > 150}
          minZoom={0.05}
          maxZoom={2}
          fitView
          fitViewOptions={INITIAL_FIT}
          defaultMarkerColor="var(--vigil-color-text-subtle)"
          proOptions={{ hideAttribution: false }}
          ariaLabelConfig={{
            'node.a11yDescription.default':
              'Press Enter to open the config or expand a group; arrow keys move between nodes.',
            'node.a11yDescription.keyboardDisabled':
              'Press Enter to open the config or expand a group; arrow keys move between nodes.',
          }}
          aria-label="Relationships graph"
        >
          <Background gap={20} size={1.2} />
          <Controls
            showInteractive={false}
            position="bottom-left"
            fitViewOptions={{ padding: 0.1, duration: 200 }}
          />
        </ReactFlow>
      </div>
      <p className="text-xs text-fg-muted" aria-live="polite">
        {model.configCount.toLocaleString('en-US')} {model.configCount === 1 ? 'config' : 'configs'}{' '}
        · {model.nodes.length.toLocaleString('en-US')} nodes shown
        {model.groupCount > 0
          ? ` · ${model.groupCount} ${model.groupCount === 1 ? 'group' : 'groups'}`
          : ''}
        {hidden > 0 ? ` · ${hidden.toLocaleString('en-US')} inside collapsed groups` : ''}. Groups
        of more than 3 configs of one type open with Enter or a click; dashed lines are further
        relations.
      </p>
    </div>
  );
}

export function RelationshipsGraph(props: RelationshipsGraphProps) {
  return (
    <ReactFlowProvider>
      <GraphCanvas {...props} />
    </ReactFlowProvider>
  );
}
