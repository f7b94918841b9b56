/**
 * A config's Relationships tab (/catalog/{id}/relationships; spec doc 2 §2, §4, §7): the configs
 * related to it from `related_configs_recursive`, as a table or a graph. Everything the user
 * picks is in the URL (view, incoming/outgoing, relation, configTypes, layout, edges); 'Hide
 * Deleted Catalog' is the stored catalog preference. The graph is a lazily loaded chunk.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useApiClient } from '../../../api/api-context';
import { catalogConfigQueries } from '../../../api/catalog-config';
import { catalogOptionQueries } from '../../../api/catalog-options';
import {
  catalogRelationshipQueries,
  RELATED_CONFIGS_MAX_ROWS,
  type RelatedConfig,
} from '../../../api/catalog-relationships';
import { errorMessage } from '../../../api/client';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { FilterBar, TriStateFilter } from '../../../ui/filter-bar';
import { AlertCircleIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/spinner';
import { Switch } from '../../../ui/switch';
import { useUrlState } from '../../../ui/use-url-state';
import { useCatalogPreferences } from '../use-catalog-preferences';
import { relatedGraph } from './related-configs';
import { RelationshipsTable } from './relationships-table';
import {
  directionPatch,
  normalizeDirections,
  relatedConfigsParams,
  relationshipsUrlSchema,
  type GraphEdgeStyle,
  type GraphLayout,
  type RelationshipView,
} from './relationships-params';
import { SegmentedToggle } from '../../../ui/segmented-toggle';

/** The graph's code (the graph library and its layout): loaded once, when a graph is shown. */
const loadGraph = () => import('./relationships-graph');
const RelationshipsGraph = lazy(() =>
  loadGraph().then((module) => ({ default: module.RelationshipsGraph })),
);

/**
 * The tab's state from the URL and its related-configs read; with the graph view, the graph's
 * code starts loading at once, beside the read, instead of after it.
 */
function useRelatedConfigs(configId: string) {
  const client = useApiClient();
  const [raw, setState] = useUrlState(relationshipsUrlSchema);
  const values = normalizeDirections(raw);
  const hideDeleted = useCatalogPreferences((state) => state.hideDeleted);
  const setHideDeleted = useCatalogPreferences((state) => state.setHideDeleted);
  const params = relatedConfigsParams(configId, values, hideDeleted);
  const related = useQuery(catalogRelationshipQueries.related(client, params));
  const graphView = values.view === 'graph';
  useEffect(() => {
    if (graphView) void loadGraph();
  }, [graphView]);
  return { client, values, setState, hideDeleted, setHideDeleted, related };
}

/**
 * Mounted by the config page while the config itself loads: the tab's read and the graph's code
 * start then, not after the config has arrived.
 */
export function ConfigRelationshipsPrefetch({ configId }: { configId: string }) {
  useRelatedConfigs(configId);
  return null;
}

const VIEW_OPTIONS = [
  { value: 'table', label: 'Table' },
  { value: 'graph', label: 'Graph' },
] as const satisfies readonly { value: RelationshipView; label: string }[];
const LAYOUT_OPTIONS = [
  { value: 'left-right', label: 'Left-right' },
  { value: 'top-bottom', label: 'Top-bottom' },
] as const satisfies readonly { value: GraphLayout; label: string }[];
const EDGE_OPTIONS = [
  { value: 'bezier', label: 'Bezier' },
  { value: 'smoothstep', label: 'Smooth step' },
] as const satisfies readonly { value: GraphEdgeStyle; label: string }[];
const RELATION_OPTIONS = [
  { value: 'hard', label: 'Hard' },
  { value: 'both', label: 'Both' },
] as const;

function GraphFallback() {
  return (
    <div className="flex h-96 items-center justify-center rounded-lg border border-border bg-surface-sunken">
      <Spinner label="Loading graph" />
    </div>
  );
}

export function ConfigRelationshipsTab({ configId }: { configId: string }) {
  const { client, values, setState, hideDeleted, setHideDeleted, related } =
    useRelatedConfigs(configId);
  const detail = useQuery(catalogConfigQueries.config(client, configId));
  const typeOptions = useQuery(catalogOptionQueries.options(client, 'configTypes'));

  const rootStandIn = useMemo<RelatedConfig | undefined>(() => {
    const config = detail.data;
    if (!config) return undefined;
    return {
      id: configId,
      name: config.name ?? configId,
      type: config.type,
      related_ids: [],
      health: config.health ?? null,
      status: config.status ?? null,
      deleted_at: config.deleted_at ?? null,
    };
  }, [detail.data, configId]);

  const graph = useMemo(
    () => (related.data ? relatedGraph(related.data.rows, configId, rootStandIn) : null),
    [related.data, configId, rootStandIn],
  );

  const filtersActive =
    values.incoming ||
    !values.outgoing ||
    values.relation !== 'hard' ||
    Object.keys(values.configTypes).length > 0;

  const toolbar = (
    <div className="flex flex-col gap-3">
      <FilterBar
        label="Relationship filters"
        active={filtersActive}
        onClear={() =>
          setState({ incoming: false, outgoing: true, relation: 'hard', configTypes: {} })
        }
        actions={
          <SegmentedToggle
            label="View"
            value={values.view}
            options={VIEW_OPTIONS}
            onChange={(view) => setState({ view })}
          />
        }
      >
        <Switch
          label="Incoming"
          checked={values.incoming}
          onChange={(on) => setState(directionPatch(values, 'incoming', on))}
        />
        <Switch
          label="Outgoing"
          checked={values.outgoing}
          onChange={(on) => setState(directionPatch(values, 'outgoing', on))}
        />
        <SegmentedToggle
          label="Relation"
          showLabel
          value={values.relation}
          options={RELATION_OPTIONS}
          onChange={(relation) => setState({ relation })}
        />
        <TriStateFilter
          label="Config types"
          options={(typeOptions.data ?? []).map((type) => ({ id: type, label: type }))}
          value={values.configTypes}
          onChange={(configTypes) => setState({ configTypes })}
          isLoading={typeOptions.isLoading}
        />
        <Switch label="Hide Deleted Catalog" checked={hideDeleted} onChange={setHideDeleted} />
      </FilterBar>
      {values.view === 'graph' ? (
        <div className="flex flex-wrap items-center gap-3">
          <SegmentedToggle
            label="Layout"
            showLabel
            value={values.layout}
            options={LAYOUT_OPTIONS}
            onChange={(layout) => setState({ layout })}
          />
          <SegmentedToggle
            label="Edges"
            showLabel
            value={values.edges}
            options={EDGE_OPTIONS}
            onChange={(edges) => setState({ edges })}
          />
        </div>
      ) : null}
    </div>
  );

  let body;
  if (related.isError && !related.data) {
    body = (
      <EmptyState
        icon={<AlertCircleIcon size={22} />}
        title="Something went wrong"
        description={errorMessage(related.error)}
        actions={
          <Button variant="primary" onClick={() => void related.refetch()}>
            Try again
          </Button>
        }
      />
    );
  } else if (!graph) {
    body = (
      <div className="flex h-48 items-center justify-center">
        <Spinner label="Loading relationships" />
      </div>
    );
  } else if (values.view === 'graph') {
    body = (
      <Suspense fallback={<GraphFallback />}>
        <RelationshipsGraph
          graph={graph}
          layout={values.layout}
          edgeStyle={values.edges}
          incomingOnly={values.incoming && !values.outgoing}
        />
      </Suspense>
    );
  } else {
    body = <RelationshipsTable graph={graph} isFetching={related.isFetching} />;
  }

  return (
    <section aria-label="Relationships" className="flex flex-col gap-4">
      {toolbar}
      {related.data?.truncated ? (
        <p role="note" className="text-sm text-fg-muted">
          Showing the nearest {RELATED_CONFIGS_MAX_ROWS.toLocaleString('en-US')} related configs;
          narrow the view with the config types filter to see the others.
        </p>
      ) : null}
      {body}
    </section>
  );
}
