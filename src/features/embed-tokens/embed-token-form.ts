/**
 * The create form of an embed token as plain data: the values the fields edit, their validation
 * and the request they become (docs/embed-tokens.md). Ids are typed one per line or separated by
 * commas or spaces; labels as `key=value` lines.
 */
import type { CreateEmbedTokenInput, EmbedTokenScope } from '../../api/embed-tokens';

/** Expiry choices, shortest first (the server accepts up to 366 days). */
export const EMBED_TOKEN_EXPIRIES = [
  { value: '1h', label: '1 hour' },
  { value: '1d', label: '1 day' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '365d', label: '1 year' },
] as const;
export type EmbedTokenExpiry = (typeof EMBED_TOKEN_EXPIRIES)[number]['value'];
export const DEFAULT_EMBED_TOKEN_EXPIRY: EmbedTokenExpiry = '30d';

export function isEmbedTokenExpiry(value: string): value is EmbedTokenExpiry {
  return EMBED_TOKEN_EXPIRIES.some((option) => option.value === value);
}

/** The id-list fields of the scope, with their labels, in form order. */
export const SCOPE_ID_FIELDS = [
  { key: 'checks', label: 'Health checks', noun: 'check' },
  { key: 'canaries', label: 'Canaries (all their checks)', noun: 'canary' },
  { key: 'components', label: 'Components', noun: 'component' },
  { key: 'configs', label: 'Config items', noun: 'config item' },
  { key: 'incident_components', label: 'Incidents of components', noun: 'component' },
  { key: 'incident_configs', label: 'Incidents of config items', noun: 'config item' },
] as const;
export type ScopeIdField = (typeof SCOPE_ID_FIELDS)[number]['key'];

/** Limits of the server (docs/embed-tokens.md). */
export const MAX_IDS_PER_FIELD = 100;
export const MAX_LABELS = 20;
export const MAX_NAME_LENGTH = 255;

export interface EmbedTokenFormValues {
  name: string;
  expiresIn: EmbedTokenExpiry;
  ids: Record<ScopeIdField, string>;
  /** `key=value` per line. */
  labels: string;
}

export type EmbedTokenFormErrors = Partial<
  Record<'name' | 'scope' | 'labels' | ScopeIdField, string>
>;

export function emptyEmbedTokenValues(): EmbedTokenFormValues {
  return {
    name: '',
    expiresIn: DEFAULT_EMBED_TOKEN_EXPIRY,
    ids: {
      checks: '',
      canaries: '',
      components: '',
      configs: '',
      incident_components: '',
      incident_configs: '',
    },
    labels: '',
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Split an id list; `invalid` is the first entry that is not a uuid. */
export function parseIdList(text: string): { ids: string[]; invalid?: string } {
  const ids: string[] = [];
  for (const entry of text.split(/[\s,]+/)) {
    if (entry === '') continue;
    if (!UUID.test(entry)) return { ids, invalid: entry };
    const id = entry.toLowerCase();
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}

/** Read `key=value` lines; `error` names the first bad line. */
export function parseLabelLines(text: string): { labels: Record<string, string>; error?: string } {
  const labels = new Map<string, string>();
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const eq = line.indexOf('=');
    const key = eq < 0 ? '' : line.slice(0, eq).trim();
    if (key === '') {
      return {
        labels: Object.fromEntries(labels),
        error: `Line ${index + 1}: write labels as key=value`,
      };
    }
    labels.set(key, line.slice(eq + 1).trim());
  }
  // Own properties only: a label key such as `__proto__` stays a key.
  return { labels: Object.fromEntries(labels) };
}

export type EmbedTokenFormResult =
  { ok: true; request: CreateEmbedTokenInput } | { ok: false; errors: EmbedTokenFormErrors };

/** Validate the form; on success the body of `POST /embed-tokens`. */
export function validateEmbedTokenForm(values: EmbedTokenFormValues): EmbedTokenFormResult {
  const errors: EmbedTokenFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'This field is required';
  else if (name.length > MAX_NAME_LENGTH) {
    errors.name = `At most ${MAX_NAME_LENGTH} characters`;
  }
  const scope: EmbedTokenScope = {};
  for (const field of SCOPE_ID_FIELDS) {
    const { ids, invalid } = parseIdList(values.ids[field.key]);
    if (invalid !== undefined) {
      errors[field.key] = `"${invalid.slice(0, 40)}" is not a ${field.noun} id`;
    } else if (ids.length > MAX_IDS_PER_FIELD) {
      errors[field.key] = `At most ${MAX_IDS_PER_FIELD} ids`;
    } else if (ids.length > 0) {
      scope[field.key] = ids;
    }
  }
  const { labels, error } = parseLabelLines(values.labels);
  if (error) errors.labels = error;
  else if (Object.keys(labels).length > MAX_LABELS) errors.labels = `At most ${MAX_LABELS} labels`;
  else if (Object.keys(labels).length > 0) scope.check_labels = labels;
  if (Object.keys(errors).length === 0 && Object.keys(scope).length === 0) {
    errors.scope = 'Name at least one resource the token may read';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: { name, scope, expires_in: values.expiresIn } };
}

/** One line per scope entry, for the list and the created-token view. */
export function describeScope(scope: EmbedTokenScope): { label: string; values: string[] }[] {
  const lines: { label: string; values: string[] }[] = [];
  for (const field of SCOPE_ID_FIELDS) {
    const ids = scope[field.key];
    if (ids && ids.length > 0) lines.push({ label: field.label, values: ids });
  }
  if (scope.check_labels && Object.keys(scope.check_labels).length > 0) {
    lines.push({
      label: 'Checks labelled',
      values: Object.entries(scope.check_labels).map(([key, value]) => `${key}=${value}`),
    });
  }
  return lines;
}
