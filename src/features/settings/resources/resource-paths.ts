/** Links inside the generic settings screens: a table's list and one resource. */
import type { SettingsResourceRow } from '../../../api/settings-resources';
import type { ResourceDescription } from './resource-descriptions';

/** A row's key (properties are keyed by name). */
export function resourceIdOf(description: ResourceDescription, row: SettingsResourceRow): string {
  return description.table === 'properties' ? row.name : String(row.id ?? row.name);
}

/** `/settings/{table}/{id}`. */
export function resourcePath(description: ResourceDescription, id: string): string {
  return `${description.path}/${encodeURIComponent(id)}`;
}
