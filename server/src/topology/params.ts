/**
 * The query of `GET /canary/api/topology` (api.md §3.5), read and checked before any SQL: a bad
 * value is a 400 with a one-line message, never a 500. Nothing from here is pasted into SQL; the
 * reader binds ids and compares everything else in memory.
 */
import { isUuid } from '../http/validate';

/** Components deeper than this below the listed level are never returned. */
export const MAX_TOPOLOGY_DEPTH = 10;
export const DEFAULT_TOPOLOGY_DEPTH = 3;

/** The nil uuid is the local agent (`agent_id=local`). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** A comma list: plain items include (any of them), `!`-items exclude (all of them). */
export interface ValueList {
  include: string[];
  exclude: string[];
}

export type TopologySort = { kind: 'name' } | { kind: 'field'; property: string };

export interface TopologyParams {
  /** Lower-cased component id; without it the roots are listed. */
  id?: string;
  status: ValueList;
  type: ValueList;
  team?: string;
  /** Pairs the component's labels must all contain. */
  labels: [string, string][];
  agentId?: string;
  owner?: string;
  /** `false`: hidden components (and what is below them) are left out. */
  hidden?: boolean;
  flatten: boolean;
  depth: number;
  /** Undefined for `status` and other keys left to the client. */
  sortBy?: TopologySort;
  descending: boolean;
}

export type ParamReader = (name: string) => string | undefined;

function valueList(text: string | undefined): ValueList {
  const list: ValueList = { include: [], exclude: [] };
  for (const raw of (text ?? '').split(',')) {
    const item = raw.trim();
    if (item === '' || item === '!') continue;
    if (item.startsWith('!')) list.exclude.push(item.slice(1));
    else list.include.push(item);
  }
  return list;
}

function booleanParam(name: string, text: string | undefined): boolean | undefined | string {
  const value = text?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return `${name} must be true or false`;
}

function optionalText(text: string | undefined): string | undefined {
  const value = text?.trim();
  return value ? value : undefined;
}

/** Short echo of request text for messages. */
function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/**
 * Read the query.
 * @returns the parameters, or the message of a 400.
 */
export function parseTopologyParams(read: ParamReader): TopologyParams | string {
  const params: TopologyParams = {
    status: valueList(read('status')),
    type: valueList(read('type')),
    labels: [],
    flatten: false,
    depth: DEFAULT_TOPOLOGY_DEPTH,
    descending: false,
  };

  const id = read('id')?.trim();
  if (id) {
    if (!isUuid(id)) return `id is invalid: ${quote(id)} is not a component id (uuid)`;
    params.id = id.toLowerCase();
  }

  const depth = read('depth')?.trim();
  if (depth) {
    const value = /^\d{1,3}$/.test(depth) ? Number(depth) : Number.NaN;
    if (!(value >= 0 && value <= MAX_TOPOLOGY_DEPTH)) {
      return `depth is invalid: ${quote(depth)} (expected a whole number from 0 to ${MAX_TOPOLOGY_DEPTH})`;
    }
    params.depth = value;
  }

  const labels = read('labels')?.trim();
  if (labels) {
    for (const raw of labels.split(',')) {
      const pair = raw.trim();
      if (pair === '') continue;
      const equals = pair.indexOf('=');
      const key = equals > 0 ? pair.slice(0, equals).trim() : '';
      if (key === '') {
        return `labels is invalid: ${quote(pair)} (expected key=value pairs separated by commas)`;
      }
      params.labels.push([key, pair.slice(equals + 1).trim()]);
    }
  }

  const agent = read('agent_id')?.trim();
  if (agent) {
    if (agent === 'local') params.agentId = LOCAL_AGENT_ID;
    else if (isUuid(agent)) params.agentId = agent.toLowerCase();
    else return `agent_id is invalid: ${quote(agent)} (expected a uuid or local)`;
  }

  const hidden = booleanParam('hidden', read('hidden'));
  if (typeof hidden === 'string') return hidden;
  params.hidden = hidden;
  const flatten = booleanParam('flatten', read('flatten'));
  if (typeof flatten === 'string') return flatten;
  params.flatten = flatten ?? false;

  params.team = optionalText(read('team'));
  params.owner = optionalText(read('owner'));

  const sortBy = read('sortBy')?.trim();
  if (sortBy === 'name') {
    params.sortBy = { kind: 'name' };
  } else if (sortBy?.startsWith('field:')) {
    const property = sortBy.slice('field:'.length).trim();
    if (property === '') return 'sortBy is invalid: field: needs a property name (field:<name>)';
    params.sortBy = { kind: 'field', property };
  }
  const order = read('sortOrder')?.trim().toLowerCase();
  if (order) {
    if (order !== 'asc' && order !== 'desc') {
      return `sortOrder is invalid: ${quote(order)} (expected asc or desc)`;
    }
    params.descending = order === 'desc';
  }
  return params;
}

/** Whether a value passes a list (an empty list passes everything). */
export function matchesList(list: ValueList, value: string | null | undefined): boolean {
  const text = value ?? '';
  if (list.exclude.includes(text)) return false;
  return list.include.length === 0 || list.include.includes(text);
}
