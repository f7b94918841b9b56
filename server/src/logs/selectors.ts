/**
 * A component's log selectors (components.log_selectors, api.md §6): `[{name, type?, labels?}]`.
 * Label values may be templates over the component (`{{.name}}`, `{{ .labels.app }}`), rendered
 * before the search as Mission Control renders them; only field lookups are understood, anything
 * else is a template error.
 */

export interface LogSelector {
  name: string;
  /** The route: `vigil` reads the server's own stream instead of the component's. */
  type: string | undefined;
  labels: Record<string, string>;
}

/** The component fields a template can name. */
export interface SelectorComponent {
  id: string;
  name: string;
  external_id: string | null;
  type: string | null;
  namespace: string | null;
  labels: Record<string, unknown> | null;
}

/** A selector label whose template cannot be rendered. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The selectors stored on a component; malformed entries (no string name) are left out. */
export function readSelectors(stored: unknown): LogSelector[] {
  if (!Array.isArray(stored)) return [];
  const selectors: LogSelector[] = [];
  for (const entry of stored) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const labels: Record<string, string> = {};
    if (isRecord(entry.labels)) {
      for (const [key, value] of Object.entries(entry.labels)) {
        if (typeof value === 'string') labels[key] = value;
        else if (typeof value === 'number' || typeof value === 'boolean')
          labels[key] = String(value);
      }
    }
    selectors.push({
      name: entry.name,
      type: typeof entry.type === 'string' && entry.type !== '' ? entry.type : undefined,
      labels,
    });
  }
  return selectors;
}

const ACTION = /\{\{-?\s*(.*?)\s*-?\}\}/g;
const FIELD = /^\.([A-Za-z_][A-Za-z0-9_]*)(?:\.([A-Za-z0-9_./-]+))?$/;

function lookup(component: SelectorComponent, field: string, key: string | undefined): string {
  const value: unknown =
    field === 'labels'
      ? key === undefined
        ? undefined
        : component.labels?.[key]
      : key === undefined
        ? (component as unknown as Record<string, unknown>)[field]
        : undefined;
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const FIELDS = new Set(['id', 'name', 'external_id', 'type', 'namespace', 'labels']);

/** Render one label value; throws {@link TemplateError} for anything but a field lookup. */
export function renderTemplate(template: string, component: SelectorComponent): string {
  if (!template.includes('{{')) return template;
  const rendered = template.replace(ACTION, (_whole, inner: string) => {
    const match = FIELD.exec(inner);
    const field = match?.[1];
    if (!match || field === undefined || !FIELDS.has(field)) {
      throw new TemplateError(`unsupported template action {{${inner}}}`);
    }
    return lookup(component, field, match[2]);
  });
  if (rendered.includes('{{') || rendered.includes('}}')) {
    throw new TemplateError(`unterminated template in "${template}"`);
  }
  return rendered;
}

/** The selector's labels with their templates rendered against the component. */
export function renderSelectorLabels(
  selector: LogSelector,
  component: SelectorComponent,
): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const [key, value] of Object.entries(selector.labels)) {
    labels[key] = renderTemplate(value, component);
  }
  return labels;
}
