/**
 * The topology dashboard's URL state and pure rules (spec doc 2 §2 "Topology", §4, §9; contract
 * api.md §3.5).
 *
 * Parameters: refererId, labels (`key=value`, comma-separated), team, type and status (comma
 * lists, `!x` excludes x), agent_id, showHiddenComponents (`yes`/`no`, default `no`), sortBy
 * (default `status`; `name`, `type`, `updated_at` or `field:<property>`), sortOrder (default
 * `desc`). A value of `All` is dropped; a bad value reads as the default. They are carried over
 * when navigating into a component, with refererId set to the component the user came from.
 */
import { TOPOLOGY_CARD_WIDTHS } from '../../entities/topology-card/topology-card-format';
import type { TopologyCardSize } from '../../entities/topology-card/topology-card-format';
import type { TopologyComponent, TopologyParams } from '../../api/topology';
import { isComponentId } from '../../api/topology-sidebar';
import {
  enumCodec,
  param,
  readParams,
  writeParams,
  type Codec,
  type ParamValues,
  type TriStateMap,
} from '../../lib/url-state';

// ---- constants (spec doc 2 §4, §9) ----

/** "Health sort order: unhealthy (1), warning (2), healthy (3), info (4)"; anything else after. */
export const HEALTH_SORT_ORDER: Readonly<Record<string, number>> = {
  unhealthy: 1,
  warning: 2,
  healthy: 3,
  info: 4,
};
/** "topology card width slider 250 to 768 in steps of 2, stored locally". */
export const CARD_WIDTH_MIN = 250;
export const CARD_WIDTH_MAX = 768;
export const CARD_WIDTH_STEP = 2;
export const DEFAULT_CARD_WIDTH = 350;

/** The spec's texts (§8). */
export const NO_COMPONENTS_TEXT = 'There are no components matching this criteria';
export const LOAD_ERROR_TEXT = 'Unable to load components!';
export const MULTIPLE_COMPONENTS_TEXT = 'Response has multiple components for the id.';

// ---- codecs ----

function isAll(value: string): boolean {
  return value.trim().toLowerCase() === 'all';
}

/** A plain text; `All` and blanks read as empty. */
const textCodec: Codec<string> = {
  parse: (raw) => (isAll(raw) ? '' : raw.trim().slice(0, 200)),
  serialize: (value) => value,
};

/** `a,!b` ⇄ `{a: 1, b: -1}`; `All` items are dropped. */
export const valueListCodec: Codec<TriStateMap> = {
  parse: (raw) => {
    const map: Record<string, 1 | -1> = {};
    for (const part of raw.split(',')) {
      const item = part.trim();
      if (item === '' || item === '!' || isAll(item)) continue;
      if (item.startsWith('!')) map[item.slice(1)] = -1;
      else map[item] = 1;
    }
    return map;
  },
  serialize: (value) =>
    Object.entries(value)
      .map(([item, state]) => (state === -1 ? `!${item}` : item))
      .join(','),
  equals: (a, b) => {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
  },
};

/** `key=value,key2=value2`; pairs without a key are dropped. */
export function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const part of text.split(',')) {
    const pair = part.trim();
    const at = pair.indexOf('=');
    if (at <= 0 || isAll(pair)) continue;
    const key = pair.slice(0, at).trim();
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    labels[key] = pair.slice(at + 1).trim();
  }
  return labels;
}

const refererCodec: Codec<string> = {
  parse: (raw) => (isComponentId(raw) ? raw.toLowerCase() : undefined),
  serialize: (value) => value,
};

const agentCodec: Codec<string> = {
  parse: (raw) => (raw === 'local' || isComponentId(raw) ? raw.toLowerCase() : undefined),
  serialize: (value) => value,
};

export type SortOrder = 'asc' | 'desc';

/** `status`, `name`, `type`, `updated_at` or `field:<property name>`. */
export function isSortKey(value: string): boolean {
  return (
    ['status', 'name', 'type', 'updated_at'].includes(value) ||
    (value.startsWith('field:') && value.length > 'field:'.length && value.length <= 200)
  );
}

const sortByCodec: Codec<string> = {
  parse: (raw) => (isSortKey(raw) ? raw : undefined),
  serialize: (value) => value,
};

export const TOPOLOGY_URL_SCHEMA = {
  refererId: param(refererCodec, ''),
  labels: param(textCodec, ''),
  team: param(textCodec, ''),
  type: param(valueListCodec, {} as TriStateMap),
  status: param(valueListCodec, {} as TriStateMap),
  agent_id: param(agentCodec, ''),
  showHiddenComponents: param(enumCodec(['yes', 'no'] as const), 'no'),
  sortBy: param(sortByCodec, 'status'),
  sortOrder: param(enumCodec<SortOrder>(['asc', 'desc']), 'desc'),
};

export type TopologyUrlValues = ParamValues<typeof TOPOLOGY_URL_SCHEMA>;

export function readTopologyParams(search: string): TopologyUrlValues {
  return readParams(search, TOPOLOGY_URL_SCHEMA);
}

/** The id of `/topology/{id}`; undefined on `/topology`. */
export function componentIdOf(location: string): string | undefined {
  const match = /^\/topology\/([^/]+)/.exec(location);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]).toLowerCase();
  } catch {
    return match[1].toLowerCase();
  }
}

// ---- the request ----

function includes(map: TriStateMap): string[] {
  return Object.keys(map).filter((key) => map[key] === 1);
}

/** The topology request of the page (api.md §3.5). */
export function topologyRequest(values: TopologyUrlValues, id: string | undefined): TopologyParams {
  const wire = (map: TriStateMap) =>
    Object.entries(map).map(([item, state]) => (state === -1 ? `!${item}` : item));
  const labels = parseLabels(values.labels);
  const type = wire(values.type);
  return {
    id,
    status: wire(values.status),
    type,
    team: values.team || undefined,
    labels: Object.keys(labels).length > 0 ? labels : undefined,
    agentId: values.agent_id || undefined,
    hidden: values.showHiddenComponents === 'no' ? false : undefined,
    // "flatten=true only when a type is chosen".
    flatten: includes(values.type).length > 0 ? true : undefined,
    // Cards show a component and its summary (computed over everything below it).
    depth: 1,
    sortBy:
      values.sortBy === 'name' || values.sortBy.startsWith('field:') ? values.sortBy : undefined,
    sortOrder: values.sortOrder,
  };
}

// ---- links ----

/** The query string of a link into another component: every parameter kept, refererId set. */
export function componentSearch(search: string, refererId: string | undefined): string {
  return writeParams(search, TOPOLOGY_URL_SCHEMA, { refererId: refererId ?? '' });
}

export function componentHref(id: string, search: string, refererId: string | undefined): string {
  const query = componentSearch(search, refererId);
  return `/topology/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

/** The dashboard (or an ancestor) with the filters kept and no referer. */
export function dashboardHref(search: string, id?: string): string {
  const query = writeParams(search, TOPOLOGY_URL_SCHEMA, { refererId: '' });
  const path = id ? `/topology/${encodeURIComponent(id)}` : '/topology';
  return query ? `${path}?${query}` : path;
}

// ---- the cards ----

export interface TopologyCards {
  /** The component named by the id (undefined on the dashboard). */
  root: TopologyComponent | undefined;
  cards: TopologyComponent[];
  /** The endpoint returned more than one component for the id. */
  multiple: boolean;
}

/**
 * Which cards the page shows: the roots on the dashboard; with an id, the component's children,
 * or the component itself when it has none (a leaf). A flat answer (a type is chosen) lists the
 * component first and then every matching component below it.
 */
export function pickCards(
  components: readonly TopologyComponent[],
  id?: string,
  flat = false,
): TopologyCards {
  if (!id) return { root: undefined, cards: [...components], multiple: false };
  const root = components[0];
  if (!root) return { root: undefined, cards: [], multiple: false };
  if (flat) {
    return { root, cards: components.slice(1), multiple: root.id.toLowerCase() !== id };
  }
  const children = root.components ?? [];
  const hasChildren = children.length > 0 || (root.children?.length ?? 0) > 0;
  return { root, cards: hasChildren ? [...children] : [root], multiple: components.length > 1 };
}

function labelsContain(
  labels: Readonly<Record<string, string>> | null | undefined,
  wanted: Record<string, string>,
): boolean {
  return Object.entries(wanted).every(
    ([key, value]) => Object.hasOwn(labels ?? {}, key) && labels?.[key] === value,
  );
}

function passes(map: TriStateMap, value: string | null | undefined): boolean {
  const text = value ?? '';
  if (map[text] === -1) return false;
  const wanted = includes(map);
  return wanted.length === 0 || wanted.includes(text);
}

/**
 * The filters again on the client (api.md §3.5: Mission Control ignores team, agent_id and hidden),
 * so both backends show the same cards. A leaf shown as its own card is never filtered out.
 */
export function filterCards(
  cards: readonly TopologyComponent[],
  values: TopologyUrlValues,
  root?: TopologyComponent,
): TopologyComponent[] {
  const labels = parseLabels(values.labels);
  const agent = values.agent_id === 'local' ? LOCAL_AGENT : values.agent_id;
  return cards.filter((card) => {
    if (root && card.id === root.id) return true;
    if (values.showHiddenComponents === 'no' && card.hidden === true) return false;
    if (values.team && !(card.team_names ?? []).includes(values.team)) return false;
    if (agent && card.agent_id && card.agent_id !== agent) return false;
    if (!labelsContain(card.labels, labels)) return false;
    return passes(values.status, card.status) && passes(values.type, card.type);
  });
}

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function healthRank(component: TopologyComponent): number {
  const status = (component.status || component.health || '').toLowerCase();
  return HEALTH_SORT_ORDER[status] ?? 5;
}

function propertyValue(component: TopologyComponent, name: string): number | string | undefined {
  const property = (component.properties ?? []).find((item) => item.name === name);
  if (!property) return undefined;
  if (typeof property.value === 'number' && Number.isFinite(property.value)) return property.value;
  if (typeof property.text === 'string' && property.text !== '') return property.text;
  return undefined;
}

function time(value: string | null | undefined): number | undefined {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** Compare two values; empty values last in either direction. */
function compareValues(
  a: number | string | undefined,
  b: number | string | undefined,
  order: SortOrder,
): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  let result: number;
  if (typeof a === 'number' && typeof b === 'number') result = a - b;
  else if (typeof a === 'number') result = -1;
  else if (typeof b === 'number') result = 1;
  else result = collator.compare(a, b);
  return order === 'desc' ? -result : result;
}

/**
 * Sort the cards. Health: `desc` (the default) lists the worst first — unhealthy, warning,
 * healthy, info, then anything else — and `asc` the reverse. Name and type alphabetically, Last
 * Updated by time, a property by its number or text; ties by name.
 */
export function sortCards(
  cards: readonly TopologyComponent[],
  sortBy: string,
  order: SortOrder,
): TopologyComponent[] {
  const byName = (a: TopologyComponent, b: TopologyComponent) => collator.compare(a.name, b.name);
  const compare = (a: TopologyComponent, b: TopologyComponent): number => {
    if (sortBy === 'status') {
      const result = healthRank(a) - healthRank(b);
      return order === 'desc' ? result : -result;
    }
    if (sortBy === 'name') return compareValues(a.name, b.name, order);
    if (sortBy === 'type') return compareValues(a.type ?? undefined, b.type ?? undefined, order);
    if (sortBy === 'updated_at') {
      return compareValues(time(a.updated_at), time(b.updated_at), order);
    }
    if (sortBy.startsWith('field:')) {
      const name = sortBy.slice('field:'.length);
      return compareValues(propertyValue(a, name), propertyValue(b, name), order);
    }
    return 0;
  };
  return [...cards].sort((a, b) => compare(a, b) || byName(a, b));
}

export interface SortOption {
  value: string;
  label: string;
}

/** "Sort options: Health (status), Name, Type, Last Updated, and headline property fields". */
export function sortOptions(cards: readonly TopologyComponent[]): SortOption[] {
  const fixed: SortOption[] = [
    { value: 'status', label: 'Health' },
    { value: 'name', label: 'Name' },
    { value: 'type', label: 'Type' },
    { value: 'updated_at', label: 'Last Updated' },
  ];
  const fields = new Map<string, string>();
  for (const card of cards) {
    for (const property of card.properties ?? []) {
      if (property.headline !== true || !property.name || property.type === 'hidden') continue;
      if (!fields.has(property.name)) fields.set(property.name, property.label || property.name);
    }
  }
  const extra = [...fields.entries()]
    .sort(([, a], [, b]) => collator.compare(a, b))
    .map(([name, label]) => ({ value: `field:${name}`, label }));
  return [...fixed, ...extra];
}

/** The card size whose content fits a width (for the number and columns of properties). */
export function sizeForWidth(width: number): TopologyCardSize {
  if (width < TOPOLOGY_CARD_WIDTHS.medium) return 'small';
  if (width < TOPOLOGY_CARD_WIDTHS.large) return 'medium';
  if (width < TOPOLOGY_CARD_WIDTHS.extra_large) return 'large';
  return 'extra_large';
}

/** A stored or typed width, clamped to the slider's range and step. */
export function clampCardWidth(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return DEFAULT_CARD_WIDTH;
  const clamped = Math.min(CARD_WIDTH_MAX, Math.max(CARD_WIDTH_MIN, number));
  return (
    CARD_WIDTH_MIN + Math.round((clamped - CARD_WIDTH_MIN) / CARD_WIDTH_STEP) * CARD_WIDTH_STEP
  );
}

/** The ancestors' ids from a component's `path` (dot-separated ids, root first). */
export function ancestorIds(component: Pick<TopologyComponent, 'id' | 'path'> | undefined) {
  if (!component?.path) return [];
  return component.path
    .split('.')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => isComponentId(part) && part !== component.id.toLowerCase());
}
