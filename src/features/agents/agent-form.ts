/**
 * The agent form's pure parts: property rows ↔ the label map, validation with the spec's texts
 * (doc 1 §5), the scrape interval options (doc 1 §9) and the request body of `POST
 * /agent/generate` (api.md §7.1).
 */
import type { GenerateAgentRequest } from '../../api/types';

export const REQUIRED_MESSAGE = 'This field is required';
export const DUPLICATE_KEY_MESSAGE = 'Keys must be unique (case does not matter)';

/** Scrape interval options and the default (spec doc 1 §9). */
export const SCRAPE_INTERVALS = ['1m', '5m', '10m', '30m', '1h', '2h', '6h', '12h', '24h'] as const;
export type ScrapeInterval = (typeof SCRAPE_INTERVALS)[number];
export const DEFAULT_SCRAPE_INTERVAL: ScrapeInterval = '30m';

export function isScrapeInterval(value: string): value is ScrapeInterval {
  return (SCRAPE_INTERVALS as readonly string[]).includes(value);
}

/** One editable key/value row; `id` keeps React keys stable while rows are added and removed. */
export interface PropertyRow {
  id: number;
  key: string;
  value: string;
}

let nextRowId = 1;

export function newPropertyRow(key = '', value = ''): PropertyRow {
  return { id: nextRowId++, key, value };
}

/** Rows for a label map, in the map's order. */
export function rowsFromProperties(
  properties: Record<string, unknown> | null | undefined,
): PropertyRow[] {
  return Object.entries(properties ?? {}).map(([key, value]) =>
    newPropertyRow(key, typeof value === 'string' ? value : JSON.stringify(value)),
  );
}

export interface PropertyErrors {
  /** Error of a row's key, by row id. */
  keys: Record<number, string>;
}

/**
 * The label map of the rows, or the errors: blank rows are skipped; a value needs a key; keys
 * are trimmed and unique case-insensitively (the server matches them so).
 */
export function propertiesFromRows(
  rows: readonly PropertyRow[],
): { ok: true; properties: Record<string, string> } | { ok: false; errors: PropertyErrors } {
  const properties: Record<string, string> = {};
  const seen = new Set<string>();
  const errors: PropertyErrors = { keys: {} };
  for (const row of rows) {
    const key = row.key.trim();
    if (key === '' && row.value.trim() === '') continue;
    if (key === '') {
      errors.keys[row.id] = REQUIRED_MESSAGE;
      continue;
    }
    const folded = key.toLowerCase();
    if (seen.has(folded)) {
      errors.keys[row.id] = DUPLICATE_KEY_MESSAGE;
      continue;
    }
    seen.add(folded);
    properties[key] = row.value;
  }
  return Object.keys(errors.keys).length > 0 ? { ok: false, errors } : { ok: true, properties };
}

export interface CreateAgentValues {
  name: string;
  properties: PropertyRow[];
  kubernetes: { enabled: boolean; interval: ScrapeInterval };
  pushTelemetry: { enabled: boolean; topologyName: string };
}

export function emptyCreateAgentValues(): CreateAgentValues {
  return {
    name: '',
    properties: [],
    kubernetes: { enabled: true, interval: DEFAULT_SCRAPE_INTERVAL },
    pushTelemetry: { enabled: false, topologyName: '' },
  };
}

export interface CreateAgentErrors {
  name?: string;
  topologyName?: string;
  properties?: PropertyErrors;
}

/** Validate the create form; on success, the request body. */
export function validateCreateAgent(
  values: CreateAgentValues,
): { ok: true; request: GenerateAgentRequest } | { ok: false; errors: CreateAgentErrors } {
  const errors: CreateAgentErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = REQUIRED_MESSAGE;
  const topologyName = values.pushTelemetry.topologyName.trim();
  if (values.pushTelemetry.enabled && topologyName === '') errors.topologyName = REQUIRED_MESSAGE;
  const properties = propertiesFromRows(values.properties);
  if (!properties.ok) errors.properties = properties.errors;
  if (Object.keys(errors).length > 0 || !properties.ok) return { ok: false, errors };
  return {
    ok: true,
    request: {
      name,
      properties: properties.properties,
      kubernetes: { enabled: values.kubernetes.enabled, interval: values.kubernetes.interval },
      pushTelemetry: values.pushTelemetry.enabled
        ? { enabled: true, topologyName }
        : { enabled: false },
    },
  };
}
