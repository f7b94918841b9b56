/**
 * The rules of the specialised forms (spec doc 3 §5), pure: which scraper fields each kind
 * requires, the retention rules, the incident-rule numbers, and one function that says what a
 * form kind finds wrong in a spec (errors keyed by field path, e.g. `check.url`,
 * `retention.changes.0.name`). Tested beside.
 */
import { SCRAPER_KINDS, type ScraperKind } from '../../../entities/scraper-kind/scraper-kind';
import type { ResourceFormKind } from './resource-descriptions';
import {
  numberFieldError,
  REQUIRED_MESSAGE,
  specCheckKind,
  validateCheck,
} from './health-check-kinds';

export interface ScraperField {
  key: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
}

/** Each kind's main fields; required ones as spec doc 3 §5 lists them. */
export const SCRAPER_FIELDS: Record<ScraperKind, readonly ScraperField[]> = {
  kubernetes: [
    { key: 'clusterName', label: 'Cluster name', required: true },
    { key: 'namespace', label: 'Namespace' },
  ],
  azure: [
    { key: 'subscriptionID', label: 'Subscription ID' },
    { key: 'tenantID', label: 'Tenant ID' },
    { key: 'connection', label: 'Connection' },
  ],
  kubernetesFile: [
    { key: 'type', label: 'Type', required: true },
    { key: 'id', label: 'ID', required: true },
  ],
  sql: [
    { key: 'connection', label: 'Connection', required: true },
    { key: 'query', label: 'Query', required: true, multiline: true },
    { key: 'type', label: 'Type', required: true },
    { key: 'id', label: 'ID', required: true },
  ],
  trivy: [{ key: 'version', label: 'Trivy version' }],
  aws: [
    { key: 'connection', label: 'Connection' },
    { key: 'accountID', label: 'Account ID' },
  ],
  file: [
    { key: 'format', label: 'Format', required: true },
    { key: 'icon', label: 'Icon', required: true },
    { key: 'url', label: 'URL' },
  ],
  githubActions: [
    { key: 'owner', label: 'Owner', required: true },
    { key: 'repository', label: 'Repository', required: true },
  ],
  http: [
    { key: 'url', label: 'URL', required: true },
    { key: 'type', label: 'Type', required: true },
    { key: 'id', label: 'ID', required: true },
  ],
  azureDevops: [
    { key: 'organization', label: 'Organization' },
    { key: 'connection', label: 'Connection' },
  ],
  custom: [],
};

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function blank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** The first scraper kind of a spec with its first entry. */
export function specScraper(
  spec: Record<string, unknown>,
): { kind: ScraperKind; item: Record<string, unknown> } | null {
  for (const kind of SCRAPER_KINDS) {
    const list = spec[kind];
    if (Array.isArray(list)) return { kind, item: record(list[0]) };
  }
  return null;
}

function numberError(value: unknown, options: { required?: boolean; min?: number } = {}) {
  return numberFieldError(value === undefined || value === null ? '' : String(value), options);
}

/** What a form kind finds wrong in a spec; empty when it may be saved. */
export function validateSpecForm(
  kind: ResourceFormKind,
  spec: Record<string, unknown>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind === 'health-check') {
    const checkKind = specCheckKind(spec);
    if (!checkKind) return errors;
    const list = spec[checkKind.id] as unknown[];
    const found = validateCheck(checkKind, record(list[0]));
    for (const [key, message] of Object.entries(found)) errors[`check.${key}`] = message;
    return errors;
  }
  if (kind === 'scraper') {
    const scraper = specScraper(spec);
    if (scraper) {
      for (const field of SCRAPER_FIELDS[scraper.kind]) {
        if (field.required && blank(scraper.item[field.key])) {
          errors[`item.${field.key}`] = REQUIRED_MESSAGE;
        }
      }
    }
    const retention = record(spec.retention);
    const changes = Array.isArray(retention.changes) ? retention.changes : [];
    changes.forEach((change, index) => {
      const entry = record(change);
      if (blank(entry.name)) errors[`retention.changes.${index}.name`] = REQUIRED_MESSAGE;
      const count = numberError(entry.count, { min: 0 });
      if (count) errors[`retention.changes.${index}.count`] = count;
    });
    const types = Array.isArray(retention.types) ? retention.types : [];
    types.forEach((type, index) => {
      if (blank(record(type).name)) errors[`retention.types.${index}.name`] = REQUIRED_MESSAGE;
    });
    return errors;
  }
  if (kind === 'incident-rule') {
    const priority = numberError(spec.priority, { min: 0 });
    if (priority) errors.priority = priority;
    const hours = numberError(spec.hoursSinceLastIncident, { min: 0 });
    if (hours) errors.hoursSinceLastIncident = hours;
    return errors;
  }
  return errors;
}

/** A number input's text stored as a number when it is one (else as typed, so it is reported). */
export function numberInput(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A comma-separated list input. */
export function listInput(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Set (or with undefined, remove) a key of an object, immutably. */
export function withKey(
  object: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const next = { ...object };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}
