/**
 * The relationships tab's URL state (spec doc 2 §2 "Relationships page", §4 "Relationship
 * defaults", §7): view (table or graph), incoming (default off) and outgoing (default on),
 * relation (`hard` by default; `both`, or `soft` as the reference frontend wrote it, for every
 * relation), configTypes (`Kubernetes__Pod:1,AWS__EC2__Instance:-1`), and the graph's layout
 * (left-right or top-bottom) and edge style (bezier or smoothstep). A bad value reads as the
 * default; both directions off reads as outgoing on.
 */
import type {
  RelatedConfigsParams,
  RelationKind,
  RelationTypeFilter,
} from '../../../api/catalog-relationships';
import type { TriStateFilter } from '../../../api/catalog';
import {
  booleanCodec,
  enumCodec,
  param,
  readParams,
  type Codec,
  type ParamValues,
} from '../../../lib/url-state';
import { configTypesCodec } from '../catalog-params';

export const RELATIONSHIP_VIEWS = ['table', 'graph'] as const;
export type RelationshipView = (typeof RELATIONSHIP_VIEWS)[number];
export const GRAPH_LAYOUTS = ['left-right', 'top-bottom'] as const;
export type GraphLayout = (typeof GRAPH_LAYOUTS)[number];
export const GRAPH_EDGE_STYLES = ['bezier', 'smoothstep'] as const;
export type GraphEdgeStyle = (typeof GRAPH_EDGE_STYLES)[number];

/** `hard` or `both`; `soft` (the reference frontend's word) reads as `both`. */
const relationCodec: Codec<RelationKind> = {
  parse: (raw) => {
    const value = raw.trim().toLowerCase();
    if (value === 'hard') return 'hard';
    if (value === 'both' || value === 'soft') return 'both';
    return undefined;
  },
  serialize: (value) => value,
};

export const relationshipsUrlSchema = {
  view: param(enumCodec(RELATIONSHIP_VIEWS), 'table' as RelationshipView),
  incoming: param(booleanCodec, false),
  outgoing: param(booleanCodec, true),
  relation: param(relationCodec, 'hard' as RelationKind),
  configTypes: param(configTypesCodec, {} as TriStateFilter),
  layout: param(enumCodec(GRAPH_LAYOUTS), 'left-right' as GraphLayout),
  edges: param(enumCodec(GRAPH_EDGE_STYLES), 'bezier' as GraphEdgeStyle),
};
export type RelationshipsUrlValues = ParamValues<typeof relationshipsUrlSchema>;

/** The walk always has a direction: both off reads as the default (outgoing on). */
export function normalizeDirections<T extends { incoming: boolean; outgoing: boolean }>(
  values: T,
): T {
  return !values.incoming && !values.outgoing ? { ...values, outgoing: true } : values;
}

export function parseRelationshipsParams(search: string | URLSearchParams): RelationshipsUrlValues {
  return normalizeDirections(readParams(search, relationshipsUrlSchema));
}

/**
 * The patch for flipping one direction. "Turning incoming off forces outgoing on"; turning
 * outgoing off while incoming is off turns incoming on, so one direction is always walked.
 */
export function directionPatch(
  current: { incoming: boolean; outgoing: boolean },
  which: 'incoming' | 'outgoing',
  on: boolean,
): { incoming: boolean; outgoing: boolean } {
  if (which === 'incoming') {
    return on
      ? { incoming: true, outgoing: current.outgoing }
      : { incoming: false, outgoing: true };
  }
  return on || current.incoming
    ? { incoming: current.incoming, outgoing: on }
    : { incoming: true, outgoing: false };
}

/** `type_filter`: outgoing only → outgoing, incoming only → incoming, both → all. */
export function relationTypeFilter(values: {
  incoming: boolean;
  outgoing: boolean;
}): RelationTypeFilter {
  const { incoming, outgoing } = normalizeDirections(values);
  if (incoming && outgoing) return 'all';
  return incoming ? 'incoming' : 'outgoing';
}

/** The call's parameters for the URL state and the 'Hide Deleted Catalog' preference. */
export function relatedConfigsParams(
  configId: string,
  values: RelationshipsUrlValues,
  hideDeleted: boolean,
): RelatedConfigsParams {
  const configTypes = Object.keys(values.configTypes).length > 0 ? values.configTypes : undefined;
  return {
    configId,
    typeFilter: relationTypeFilter(values),
    relation: values.relation,
    includeDeleted: !hideDeleted,
    ...(configTypes ? { configTypes } : {}),
  };
}
