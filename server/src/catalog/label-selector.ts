/**
 * Kubernetes label selectors over a jsonb column (api.md §4.2 `tags`): `k=v`, `k==v`, `k!=v`,
 * `k in (a,b)`, `k notin (a,b)`, `k` (exists) and `!k` (absent), comma-separated. Keys and values
 * become bind parameters; a malformed selector throws LabelSelectorError.
 */
import type { SqlParams } from './sql-params';

export class LabelSelectorError extends Error {}

export type Requirement =
  | { key: string; op: 'eq' | 'neq'; value: string }
  | { key: string; op: 'in' | 'notin'; values: string[] }
  | { key: string; op: 'exists' | 'absent' };

const KEY = /^[A-Za-z0-9]([A-Za-z0-9._/-]*[A-Za-z0-9])?$/;
const VALUE = /^([A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (depth < 0) throw new LabelSelectorError('unbalanced parenthesis');
    if (character === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  if (depth !== 0) throw new LabelSelectorError('unbalanced parenthesis');
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

function key(text: string): string {
  const trimmed = text.trim();
  if (!KEY.test(trimmed)) throw new LabelSelectorError(`invalid key "${trimmed}"`);
  return trimmed;
}

function value(text: string): string {
  const trimmed = text.trim();
  if (!VALUE.test(trimmed)) throw new LabelSelectorError(`invalid value "${trimmed}"`);
  return trimmed;
}

export function parseLabelSelector(text: string): Requirement[] {
  return splitTopLevel(text).map((part): Requirement => {
    const set = /^(.+?)\s+(in|notin)\s*\((.*)\)$/.exec(part);
    if (set) {
      const values = (set[3] ?? '').split(',').map(value);
      return { key: key(set[1] ?? ''), op: set[2] === 'in' ? 'in' : 'notin', values };
    }
    const inequality = /^(.+?)!=(.*)$/.exec(part);
    if (inequality) {
      return { key: key(inequality[1] ?? ''), op: 'neq', value: value(inequality[2] ?? '') };
    }
    const equality = /^(.+?)==?(.*)$/.exec(part);
    if (equality) {
      return { key: key(equality[1] ?? ''), op: 'eq', value: value(equality[2] ?? '') };
    }
    if (part.startsWith('!')) return { key: key(part.slice(1)), op: 'absent' };
    return { key: key(part), op: 'exists' };
  });
}

/** The requirements as one predicate on `column` (a fixed jsonb column expression). */
export function labelSelectorSql(
  column: string,
  requirements: readonly Requirement[],
  params: SqlParams,
): string | undefined {
  const parts = requirements.map((requirement) => {
    // `exists`/`absent` test the key itself: binding `column->>key` for them too would leave an
    // unused parameter whose type PostgreSQL cannot determine (42P18).
    if (requirement.op === 'exists') return `${column} ? ${params.add(requirement.key)}::text`;
    if (requirement.op === 'absent') {
      return `NOT coalesce(${column} ? ${params.add(requirement.key)}::text, false)`;
    }
    const field = `${column}->>${params.add(requirement.key)}::text`;
    switch (requirement.op) {
      case 'eq':
        return `${field} = ${params.add(requirement.value)}`;
      case 'neq':
        return `${field} IS DISTINCT FROM ${params.add(requirement.value)}`;
      case 'in':
        return `${field} = ANY(${params.add(requirement.values)}::text[])`;
      case 'notin':
        return `(${field} IS NULL OR NOT (${field} = ANY(${params.add(requirement.values)}::text[])))`;
    }
  });
  return parts.length > 0 ? parts.join(' AND ') : undefined;
}
