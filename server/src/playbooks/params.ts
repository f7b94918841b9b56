/**
 * Parameters of a run (spec doc 3 §3, §5; api.md §10.2–10.3): defaults templated against the
 * resource, the request's string values checked against each parameter's type and properties,
 * required parameters present, unknown names refused. The problems are the texts the console
 * shows (`missing required parameter(s): a,b`, `unknown parameter(s): x, valid parameters are: …`).
 */
import type { Queryable } from '../db/types';
import { isUuid } from '../http/validate';
import type { Parameter, PlaybookSpec } from './spec';
import { renderTemplate, TemplateError, type TemplateContext } from './template';

export const MAX_PARAMETERS = 100;
export const MAX_PARAMETER_LENGTH = 64 * 1024;

const FORMATS: Record<string, { pattern: RegExp; description: string }> = {
  bytes: {
    pattern: /^\d+(\.\d+)?(B|k|K|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei|KB|MB|GB|TB|PB|EB)?$/,
    description: 'a size such as 512Mi or 2G',
  },
  millicores: { pattern: /^\d+(\.\d+)?m?$/, description: 'CPU such as 500m or 2' },
  dns1123: {
    pattern: /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/,
    description: 'lowercase letters, digits, hyphens and dots',
  },
};

const TABLE: Record<string, { sql: string; what: string }> = {
  team: { sql: 'SELECT 1 FROM teams WHERE id = $1 AND deleted_at IS NULL', what: 'team' },
  people: { sql: 'SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL', what: 'person' },
  component: {
    sql: 'SELECT 1 FROM components WHERE id = $1 AND deleted_at IS NULL',
    what: 'component',
  },
  config: {
    sql: 'SELECT 1 FROM config_items WHERE id = $1 AND deleted_at IS NULL',
    what: 'config',
  },
  check: { sql: 'SELECT 1 FROM checks WHERE id = $1 AND deleted_at IS NULL', what: 'check' },
};

export type ParamsResult =
  { ok: true; params: Record<string, string> } | { ok: false; status: 400 | 422; error: string };

/** A parameter with its default rendered against the resource (what /params answers). */
export function renderParameters(spec: PlaybookSpec, context: TemplateContext): Parameter[] {
  return (spec.parameters ?? []).map((parameter) => {
    if (typeof parameter.default !== 'string') return parameter;
    try {
      return { ...parameter, default: renderTemplate(parameter.default, context) };
    } catch (error) {
      if (error instanceof TemplateError) return parameter;
      throw error;
    }
  });
}

function defaultText(parameter: Parameter): string | undefined {
  const value = parameter.default;
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Why `value` is not acceptable for `parameter`, or undefined. */
async function problem(
  db: Queryable,
  parameter: Parameter,
  value: string,
): Promise<string | undefined> {
  const label = `parameter "${parameter.name}"`;
  if (value.length > MAX_PARAMETER_LENGTH) return `${label}: longer than 64 KiB`;
  const properties = parameter.properties ?? {};
  const type = parameter.type ?? 'text';
  if (type === 'checkbox') {
    return value === 'true' || value === 'false' ? undefined : `${label}: must be true or false`;
  }
  if (type === 'list') {
    const options = properties.options ?? [];
    if (options.length === 0) return undefined;
    const allowed = options.map((option) => String(option.value ?? option.label ?? ''));
    return allowed.includes(value)
      ? undefined
      : `${label}: "${value.slice(0, 60)}" is not one of ${allowed.join(', ')}`;
  }
  const table = TABLE[type];
  if (table) {
    if (!isUuid(value)) return `${label}: must be the id of a ${table.what}`;
    const found = await db.query(table.sql, [value]);
    return found.rows.length > 0 ? undefined : `${label}: ${table.what} ${value} not found`;
  }
  // text, code, bytes, millicores
  if (properties.minLength !== undefined && value.length < properties.minLength) {
    return `${label}: at least ${properties.minLength} characters`;
  }
  if (properties.maxLength !== undefined && value.length > properties.maxLength) {
    return `${label}: at most ${properties.maxLength} characters`;
  }
  if (properties.regex) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(properties.regex, 'u');
    } catch {
      return `${label}: the playbook's regex is not valid`;
    }
    if (!pattern.test(value)) return `${label}: does not match ${properties.regex}`;
  }
  const format = type === 'bytes' || type === 'millicores' ? type : properties.format;
  if (format && FORMATS[format] && !FORMATS[format].pattern.test(value)) {
    return `${label}: must be ${FORMATS[format].description}`;
  }
  if (format === 'dns1123' && value.length > 253) return `${label}: at most 253 characters`;
  if (properties.min !== undefined || properties.max !== undefined) {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return `${label}: must be a number`;
    if (properties.min !== undefined && number < properties.min) {
      return `${label}: must be at least ${properties.min}`;
    }
    if (properties.max !== undefined && number > properties.max) {
      return `${label}: must be at most ${properties.max}`;
    }
  }
  if (type !== 'code' && properties.multiline !== true && properties.multiline !== 'true') {
    if (/[\r\n]/.test(value)) return `${label}: must be one line`;
  }
  return undefined;
}

/**
 * The run's parameters: the request's values (strings; other JSON values are refused) with the
 * rendered defaults for the missing ones, every value checked.
 */
export async function resolveParams(
  db: Queryable,
  spec: PlaybookSpec,
  requested: unknown,
  context: TemplateContext,
): Promise<ParamsResult> {
  if (requested !== undefined && requested !== null) {
    if (typeof requested !== 'object' || Array.isArray(requested)) {
      return { ok: false, status: 400, error: 'params must be an object of strings' };
    }
  }
  const given = (requested ?? {}) as Record<string, unknown>;
  const entries = Object.entries(given);
  if (entries.length > MAX_PARAMETERS) {
    return { ok: false, status: 400, error: `at most ${MAX_PARAMETERS} parameters` };
  }
  const parameters = renderParameters(spec, context);
  const names = parameters.map((parameter) => parameter.name);
  const unknown = entries.map(([name]) => name).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    return {
      ok: false,
      status: 400,
      error: `unknown parameter(s): ${unknown.join(', ')}, valid parameters are: ${names.join(', ') || '(none)'}`,
    };
  }
  for (const [name, value] of entries) {
    if (typeof value !== 'string') {
      return { ok: false, status: 400, error: `parameter "${name}": values are strings` };
    }
  }
  const params: Record<string, string> = {};
  const missing: string[] = [];
  for (const parameter of parameters) {
    const raw = given[parameter.name] as string | undefined;
    const value = raw === undefined || raw === '' ? defaultText(parameter) : raw;
    if (value === undefined || value === '') {
      if (parameter.required) missing.push(parameter.name);
      else if (raw !== undefined) params[parameter.name] = '';
      continue;
    }
    const why = await problem(db, parameter, value);
    if (why) return { ok: false, status: 422, error: why };
    params[parameter.name] = value;
  }
  if (missing.length > 0) {
    return { ok: false, status: 400, error: `missing required parameter(s): ${missing.join(',')}` };
  }
  return { ok: true, params };
}
