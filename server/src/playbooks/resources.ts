/**
 * The resource a playbook runs on (a config item, a component or a check): loading it, matching
 * it against the playbook's selectors (`spec.configs`, `spec.components`, `spec.checks`) and the
 * view of it that templates see (`{{.config.name}}`, `{{.component.name}}`, `{{.check.name}}`).
 */
import {
  LabelSelectorError,
  parseLabelSelector,
  type Requirement,
} from '../catalog/label-selector';
import type { Queryable } from '../db/types';
import type { PlaybookSpec, Selector } from './spec';

export type ResourceKind = 'config' | 'component' | 'check';

export interface Resource {
  kind: ResourceKind;
  id: string;
  name: string;
  namespace: string;
  type: string;
  status: string;
  agentId: string;
  labels: Record<string, string>;
  /** What templates see as `.config` / `.component` / `.check`. */
  view: Record<string, unknown>;
}

const LOCAL_AGENT = '00000000-0000-0000-0000-000000000000';

const QUERIES: Record<ResourceKind, string> = {
  config: `SELECT id, name, type, config_class, status, health, agent_id, labels, tags,
      coalesce(tags ->> 'namespace', '') AS namespace, external_id, properties
    FROM config_items WHERE id = $1 AND deleted_at IS NULL`,
  component: `SELECT id, name, type, status, health, agent_id, labels, namespace, external_id,
      properties, topology_id
    FROM components WHERE id = $1 AND deleted_at IS NULL`,
  check: `SELECT id, name, type, status, agent_id, labels, namespace, canary_id, description
    FROM checks WHERE id = $1 AND deleted_at IS NULL`,
};

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, string> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (item !== null && item !== undefined) out[key] = String(item);
  }
  return out;
}

/** The resource, or undefined when it does not exist (or is deleted). `id` must be a uuid. */
export async function loadResource(
  db: Queryable,
  kind: ResourceKind,
  id: string,
): Promise<Resource | undefined> {
  const result = await db.query<Record<string, unknown>>(QUERIES[kind], [id]);
  const row = result.rows[0];
  if (!row) return undefined;
  const labels =
    kind === 'config'
      ? { ...stringMap(row.tags), ...stringMap(row.labels) }
      : stringMap(row.labels);
  const view: Record<string, unknown> = { ...row, labels };
  delete view.tags;
  if (kind === 'config') view.tags = stringMap(row.tags);
  return {
    kind,
    id: String(row.id),
    name: typeof row.name === 'string' ? row.name : '',
    namespace: typeof row.namespace === 'string' ? row.namespace : '',
    type: typeof row.type === 'string' ? row.type : '',
    status: String(kind === 'check' ? (row.status ?? '') : (row.health ?? row.status ?? '')),
    agentId: typeof row.agent_id === 'string' ? row.agent_id : LOCAL_AGENT,
    labels,
    view,
  };
}

function wildcard(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const escaped = pattern.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`, 'i').test(value);
}

function labelsMatch(requirements: Requirement[], labels: Record<string, string>): boolean {
  return requirements.every((requirement) => {
    const value = labels[requirement.key];
    switch (requirement.op) {
      case 'eq':
        return value === requirement.value;
      case 'neq':
        return value !== requirement.value;
      case 'in':
        return value !== undefined && requirement.values.includes(value);
      case 'notin':
        return value === undefined || !requirement.values.includes(value);
      case 'exists':
        return value !== undefined;
      case 'absent':
        return value === undefined;
    }
    return false;
  });
}

/** Why `selector` rejects `resource`, or undefined when it matches. */
function rejects(selector: Selector, resource: Resource): string | undefined {
  if (selector.id && selector.id !== resource.id) return `id is not ${selector.id}`;
  if (selector.name && !wildcard(selector.name, resource.name)) {
    return `name "${resource.name}" does not match "${selector.name}"`;
  }
  if (selector.namespace && !wildcard(selector.namespace, resource.namespace)) {
    return `namespace "${resource.namespace}" does not match "${selector.namespace}"`;
  }
  if (selector.agent) {
    const local = selector.agent === 'local' && resource.agentId === LOCAL_AGENT;
    if (!local && selector.agent !== resource.agentId) return `agent is not ${selector.agent}`;
  }
  if (selector.types?.length && !selector.types.some((type) => wildcard(type, resource.type))) {
    return `type "${resource.type}" is not one of ${selector.types.join(', ')}`;
  }
  if (
    selector.statuses?.length &&
    !selector.statuses.some((status) => status.toLowerCase() === resource.status.toLowerCase())
  ) {
    return `status "${resource.status}" is not one of ${selector.statuses.join(', ')}`;
  }
  if (selector.labelSelector) {
    let requirements: Requirement[];
    try {
      requirements = parseLabelSelector(selector.labelSelector);
    } catch (error) {
      if (error instanceof LabelSelectorError) return `labelSelector: ${error.message}`;
      throw error;
    }
    if (!labelsMatch(requirements, resource.labels)) {
      return `labels do not match "${selector.labelSelector}"`;
    }
  }
  if (selector.fieldSelector) {
    let requirements: Requirement[];
    try {
      requirements = parseLabelSelector(selector.fieldSelector);
    } catch (error) {
      if (error instanceof LabelSelectorError) return `fieldSelector: ${error.message}`;
      throw error;
    }
    const fields = stringMap(resource.view);
    if (!labelsMatch(requirements, fields)) {
      return `fields do not match "${selector.fieldSelector}"`;
    }
  }
  return undefined;
}

const SELECTOR_KEY: Record<ResourceKind, 'configs' | 'components' | 'checks'> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/**
 * Why the playbook cannot run on the resource (no selector of its kind, or none matches), or
 * undefined when one selector matches.
 */
export function selectorRejection(spec: PlaybookSpec, resource: Resource): string | undefined {
  const key = SELECTOR_KEY[resource.kind];
  const selectors = spec[key] ?? [];
  if (selectors.length === 0) return `the playbook does not run on ${key}`;
  const reasons: string[] = [];
  for (const selector of selectors) {
    const reason = rejects(selector, resource);
    if (reason === undefined) return undefined;
    reasons.push(reason);
  }
  return `${resource.kind} "${resource.name}" matches none of the playbook's ${key} selectors (${reasons.join('; ')})`;
}
