/**
 * The scope of an embed token: which resources it may read (docs/embed-tokens.md). A scope is a
 * union of grants; each grant names resources by id, except `check_labels`, a label selector over
 * the health checks. Pure validation, no database: existence is checked by the admin route.
 */
import type { EmbedTokenScope } from '../../../src/api/types';
import { isUuid } from '../http/validate';

export type { EmbedTokenScope } from '../../../src/api/types';

/** The id-list keys of a scope, in display order. */
export const SCOPE_ID_KEYS = [
  'checks',
  'canaries',
  'components',
  'configs',
  'incident_components',
  'incident_configs',
] as const;
export type ScopeIdKey = (typeof SCOPE_ID_KEYS)[number];

/** At most this many ids per key, and label pairs in `check_labels`. */
export const MAX_SCOPE_IDS = 100;
export const MAX_SCOPE_LABELS = 20;
const MAX_LABEL_TEXT = 256;

const ALL_KEYS: ReadonlySet<string> = new Set([...SCOPE_ID_KEYS, 'check_labels']);

/** A validated scope: every key present (empty when unused), ids lower-cased and unique. */
export interface NormalisedScope {
  checks: string[];
  canaries: string[];
  check_labels: Record<string, string> | null;
  components: string[];
  configs: string[];
  incident_components: string[];
  incident_configs: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idList(key: ScopeIdKey, value: unknown): string[] | string {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return `scope.${key} must be an array of ids`;
  if (value.length > MAX_SCOPE_IDS) return `scope.${key} may name at most ${MAX_SCOPE_IDS} ids`;
  const ids = new Set<string>();
  for (const item of value) {
    if (typeof item !== 'string' || !isUuid(item.trim())) {
      return `scope.${key} must contain ids (uuid), got ${JSON.stringify(item)?.slice(0, 60)}`;
    }
    ids.add(item.trim().toLowerCase());
  }
  return [...ids];
}

function labelSelector(value: unknown): Record<string, string> | null | string {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) return 'scope.check_labels must be an object of label values';
  const entries = Object.entries(value);
  if (entries.length === 0) {
    // An empty selector would match every check: leave the key out instead.
    return 'scope.check_labels must name at least one label (an empty selector matches every check)';
  }
  if (entries.length > MAX_SCOPE_LABELS) {
    return `scope.check_labels may name at most ${MAX_SCOPE_LABELS} labels`;
  }
  const labels: [string, string][] = [];
  for (const [key, label] of entries) {
    if (key.trim() === '' || key.length > MAX_LABEL_TEXT) {
      return `scope.check_labels keys must be 1 to ${MAX_LABEL_TEXT} characters`;
    }
    if (typeof label !== 'string' || label.length > MAX_LABEL_TEXT) {
      return `scope.check_labels.${key} must be a string of at most ${MAX_LABEL_TEXT} characters`;
    }
    labels.push([key, label]);
  }
  // Own properties only: a label key such as `__proto__` stays a key.
  return Object.fromEntries(labels);
}

/**
 * Validate a scope from a request body. Unknown keys are refused (a typo must not silently widen
 * or narrow a token), and a scope must name at least one resource.
 * @returns the normalised scope, or a one-line message for a 400.
 */
export function parseScope(value: unknown): NormalisedScope | string {
  if (!isRecord(value)) return 'scope must be an object';
  for (const key of Object.keys(value)) {
    if (!ALL_KEYS.has(key)) {
      return `scope.${key.slice(0, 60)} is not a scope key (expected ${[...ALL_KEYS].join(', ')})`;
    }
  }
  const scope: NormalisedScope = {
    checks: [],
    canaries: [],
    check_labels: null,
    components: [],
    configs: [],
    incident_components: [],
    incident_configs: [],
  };
  for (const key of SCOPE_ID_KEYS) {
    const ids = idList(key, value[key]);
    if (typeof ids === 'string') return ids;
    scope[key] = ids;
  }
  const labels = labelSelector(value.check_labels);
  if (typeof labels === 'string') return labels;
  scope.check_labels = labels;
  if (isEmptyScope(scope)) return 'scope must name at least one resource';
  return scope;
}

/** Whether a scope grants nothing. */
export function isEmptyScope(scope: NormalisedScope): boolean {
  return SCOPE_ID_KEYS.every((key) => scope[key].length === 0) && scope.check_labels === null;
}

/** Whether the scope grants any health check (by id, canary or labels). */
export function grantsChecks(scope: NormalisedScope): boolean {
  return scope.checks.length > 0 || scope.canaries.length > 0 || scope.check_labels !== null;
}

/**
 * The stored scope back into the normalised shape. Stored scopes were validated when the token
 * was created; anything unreadable (a hand-edited row) grants nothing rather than failing open.
 */
export function scopeFromStored(value: unknown): NormalisedScope {
  const parsed = parseScope(value);
  if (typeof parsed !== 'string') return parsed;
  return {
    checks: [],
    canaries: [],
    check_labels: null,
    components: [],
    configs: [],
    incident_components: [],
    incident_configs: [],
  };
}

/** The wire form: only the keys in use. */
export function scopeToWire(scope: NormalisedScope): EmbedTokenScope {
  const wire: EmbedTokenScope = {};
  for (const key of SCOPE_ID_KEYS) if (scope[key].length > 0) wire[key] = [...scope[key]];
  if (scope.check_labels !== null) {
    wire.check_labels = Object.fromEntries(Object.entries(scope.check_labels));
  }
  return wire;
}
