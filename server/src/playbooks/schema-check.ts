/**
 * A small JSON Schema (draft-07) checker for the keywords `server/schemas/generate.mjs` writes:
 * type, properties, required, additionalProperties, items, enum, minLength, maxLength, minimum,
 * maximum, pattern, oneOf, anyOf, maxProperties. The playbook runner checks a playbook's spec with
 * the same `playbook-spec.schema.json` the console's spec editor uses, so the two agree on what a
 * valid spec is. Answers the first few problems as `path: message` lines.
 */
import { readFileSync } from 'node:fs';
import { SCHEMAS_DIR } from '../routes/schemas';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  maxProperties?: number;
};

const MAX_PROBLEMS = 5;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, actual: string): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

function walk(schema: JsonSchema, value: unknown, path: string, problems: string[]): void {
  if (problems.length >= MAX_PROBLEMS) return;
  const where = path || '(spec)';
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const expected = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!expected.some((type) => typeMatches(type, actual))) {
      problems.push(`${where}: must be ${expected.join(' or ')}, not ${actual}`);
      return;
    }
  }
  if (schema.enum && !schema.enum.some((option) => option === value)) {
    problems.push(
      `${where}: must be one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`,
    );
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      problems.push(`${where}: must not be empty`);
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      problems.push(`${where}: longer than ${schema.maxLength} characters`);
    }
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      problems.push(`${where}: "${value.slice(0, 60)}" is not valid here`);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) {
      problems.push(`${where}: must be at least ${schema.minimum}`);
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      problems.push(`${where}: must be at most ${schema.maximum}`);
    }
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => walk(schema.items ?? {}, item, `${path}[${index}]`, problems));
  }
  if (actual === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      problems.push(`${where}: at most ${schema.maxProperties} keys`);
    }
    for (const key of schema.required ?? []) {
      if (record[key] === undefined) problems.push(`${path ? `${path}.` : ''}${key}: is required`);
    }
    for (const key of keys) {
      const child = `${path ? `${path}.` : ''}${key}`;
      const property = schema.properties?.[key];
      if (property) walk(property, record[key], child, problems);
      else if (schema.additionalProperties === false) problems.push(`${child}: unknown key`);
      else if (typeof schema.additionalProperties === 'object') {
        walk(schema.additionalProperties, record[key], child, problems);
      }
    }
  }
  for (const [keyword, options] of [
    ['oneOf', schema.oneOf],
    ['anyOf', schema.anyOf],
  ] as const) {
    if (!options) continue;
    const matching = options.filter((option) => {
      const inner: string[] = [];
      walk(option, value, path, inner);
      return inner.length === 0;
    }).length;
    if (matching === 0 || (keyword === 'oneOf' && matching > 1)) {
      problems.push(`${where}: does not match any allowed shape`);
    }
  }
}

/** Problems of `value` against `schema` (empty when valid), at most five. */
export function checkSchema(schema: JsonSchema, value: unknown): string[] {
  const problems: string[] = [];
  walk(schema, value, '', problems);
  return problems.slice(0, MAX_PROBLEMS);
}

let playbookSchema: JsonSchema | undefined;

/** `playbook-spec.schema.json`, read once. */
export function playbookSpecSchema(): JsonSchema {
  playbookSchema ??= JSON.parse(
    readFileSync(`${SCHEMAS_DIR}/playbook-spec.schema.json`, 'utf8'),
  ) as JsonSchema;
  return playbookSchema;
}
