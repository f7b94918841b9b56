/**
 * Titles and bodies. A rule's `title` and `template` are custom templates; without them the
 * default of the event applies. Templates use Go-template references to the event's variables —
 * `{{.check.name}}`, `{{ .component.health }}`, `{{.summary}}`, `{{.permalink}}` — and nothing
 * else (no pipelines or conditionals): a reference to a missing value renders as empty text.
 */

/** Longest title (one line: also the e-mail subject) and body sent or kept in send history. */
export const TITLE_MAX = 500;
export const BODY_MAX = 20_000;

const REFERENCE = /\{\{-?\s*\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*)\s*-?\}\}/g;

function lookup(vars: Record<string, unknown>, path: string): unknown {
  let value: unknown = vars;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return '';
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** A template with its references replaced by the variables' values. */
export function render(template: string, vars: Record<string, unknown>): string {
  return template.replace(REFERENCE, (_match, path: string) => text(lookup(vars, path)));
}

interface DefaultTemplate {
  title: string;
  body: string;
}

const CHECK_BODY = `Canary: {{.canary.name}}
Severity: {{.check.severity}}
Status: {{.check.status}}
Error: {{.status.error}}
Message: {{.status.message}}

[Open in Vigil]({{.permalink}})`;

const COMPONENT_BODY = `Component {{.component.name}} ({{.component.type}}) is {{.component.health}}.
Status: {{.component.status}} {{.component.status_reason}}

[Open in Vigil]({{.permalink}})`;

const CONFIG_BODY = `{{.config.type}} {{.config.name}}
Health: {{.config.health}}
Status: {{.config.status}} {{.config.description}}

[Open in Vigil]({{.permalink}})`;

const DEFAULTS: Record<string, DefaultTemplate> = {
  'check.failed': { title: 'Check {{.check.name}} has failed', body: CHECK_BODY },
  'check.passed': { title: 'Check {{.check.name}} has passed', body: CHECK_BODY },
  'config.created': { title: '{{.config.type}} {{.config.name}} was created', body: CONFIG_BODY },
  'config.deleted': { title: '{{.config.type}} {{.config.name}} was deleted', body: CONFIG_BODY },
  'config.updated': { title: '{{.config.type}} {{.config.name}} was updated', body: CONFIG_BODY },
  'playbook.approval.inserted': {
    title: 'Playbook {{.playbook.title}}: a run was approved',
    body: `Run {{.run.id}} of playbook {{.playbook.title}} received an approval.
Status: {{.run.status}}

[Open in Vigil]({{.permalink}})`,
  },
  'playbook.spec.approval.updated': {
    title: 'Playbook {{.playbook.title}}: approval settings changed',
    body: `The approval settings of playbook {{.playbook.title}} changed.

[Open in Vigil]({{.permalink}})`,
  },
};

/** The default title and body of an event. */
export function defaultTemplate(event: string): DefaultTemplate {
  const known = DEFAULTS[event];
  if (known) return known;
  if (event.startsWith('component.')) {
    return {
      title: 'Component {{.component.name}} is {{.component.health}}',
      body: COMPONENT_BODY,
    };
  }
  if (event.startsWith('config.')) {
    return { title: '{{.config.type}} {{.config.name}} is {{.config.health}}', body: CONFIG_BODY };
  }
  return { title: event, body: '{{.summary}}' };
}

/** Title and body of one send: the rule's custom templates, else the event's defaults. */
export function compose(
  event: string,
  rule: { title: string | null; template: string | null },
  vars: Record<string, unknown>,
): { title: string; body: string } {
  const fallback = defaultTemplate(event);
  const title = rule.title?.trim() ? rule.title : fallback.title;
  const body = rule.template?.trim() ? rule.template : fallback.body;
  const cap = (value: string, max: number): string =>
    value.length > max ? `${value.slice(0, max - 1)}…` : value;
  return {
    title: cap(render(title, vars).trim().replace(/\s+/g, ' '), TITLE_MAX),
    body: cap(render(body, vars).trim(), BODY_MAX),
  };
}
