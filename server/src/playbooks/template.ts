/**
 * Go-template-like rendering of action fields (docs/playbooks.md, "Templating"): `{{.params.x}}`,
 * `{{.config.name}}`, `{{.check.name}}`, `{{.component.name}}`, `{{.env.NAME}}`, `{{.run.id}}`,
 * `{{.playbook.name}}`, `{{.user.email}}` — a dotted path into the run's context — with optional
 * pipes `upper`, `lower`, `trim`, `quote`, `toJSON` and `default "x"`, and Go's `{{-` / `-}}`
 * whitespace trimming. A missing value renders as the empty string (Go's `missingkey=zero` for
 * maps). Anything else inside `{{ }}` is a TemplateError naming it, so a typo fails the action
 * with a clear message instead of running with half a command.
 */

export class TemplateError extends Error {}

export type TemplateContext = Record<string, unknown>;

const MAX_OUTPUT = 1_000_000;
const PATH = /^\.[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$|^\.$/;

function lookup(context: TemplateContext, path: string): unknown {
  if (path === '.') return context;
  let current: unknown = context;
  for (const key of path.slice(1).split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function literal(token: string): string | undefined {
  const match = /^"((?:[^"\\]|\\.)*)"$/.exec(token);
  if (!match) return undefined;
  return JSON.parse(`"${match[1] ?? ''}"`) as string;
}

function applyPipe(value: unknown, pipe: string): unknown {
  const [name, ...args] = pipe.trim().split(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  switch (name) {
    case 'upper':
      return text(value).toUpperCase();
    case 'lower':
      return text(value).toLowerCase();
    case 'trim':
      return text(value).trim();
    case 'quote':
      return JSON.stringify(text(value));
    case 'toJSON':
    case 'toJson':
      return JSON.stringify(value ?? null);
    case 'default': {
      const fallback = literal(args.join(' '));
      if (fallback === undefined) throw new TemplateError('default needs a quoted value');
      return value === undefined || value === null || value === '' ? fallback : value;
    }
    default:
      throw new TemplateError(`unknown function "${name ?? ''}"`);
  }
}

function evaluate(expression: string, context: TemplateContext): string {
  const [head = '', ...pipes] = expression.split(/\|(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const source = head.trim();
  let value: unknown;
  if (PATH.test(source)) value = lookup(context, source);
  else {
    const quoted = literal(source);
    if (quoted === undefined) throw new TemplateError(`cannot evaluate "{{${expression}}}"`);
    value = quoted;
  }
  for (const pipe of pipes) value = applyPipe(value, pipe);
  return text(value);
}

/** Render one text. Throws TemplateError on an expression it cannot evaluate. */
export function renderTemplate(template: string, context: TemplateContext): string {
  if (!template.includes('{{')) return template;
  let out = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{{', index);
    if (open < 0) {
      out += template.slice(index);
      break;
    }
    const close = template.indexOf('}}', open + 2);
    if (close < 0) throw new TemplateError('"{{" without a closing "}}"');
    let before = template.slice(index, open);
    let inner = template.slice(open + 2, close);
    let after = close + 2;
    if (inner.startsWith('-')) {
      before = before.replace(/\s+$/, '');
      inner = inner.slice(1);
    }
    if (inner.endsWith('-')) {
      inner = inner.slice(0, -1);
      while (after < template.length && /\s/.test(template[after] ?? '')) after += 1;
    }
    out += before + evaluate(inner, context);
    if (out.length > MAX_OUTPUT) throw new TemplateError('the rendered text is too long');
    index = after;
  }
  return out;
}

/** Render every string inside a JSON-like value (objects and arrays are walked). */
export function renderDeep<T>(value: T, context: TemplateContext): T {
  if (typeof value === 'string') return renderTemplate(value, context) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => renderDeep(item, context)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [
        key,
        renderDeep(item, context),
      ]),
    ) as T;
  }
  return value;
}
