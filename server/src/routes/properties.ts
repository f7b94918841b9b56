import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import type { PropertyRow } from '../../../src/api/types';
import { ConfigError, type ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { requireCaller } from '../http/rbac';

/**
 * Server-local properties from `VIGIL_PROPERTIES`: inline JSON (`{"incidents.disable":"true"}`),
 * or a path to a JSON object file or a `name=value` properties file (`#` comments).
 */
export function loadLocalProperties(config: ServerConfig): Map<string, string> {
  const source = config.properties;
  const properties = new Map<string, string>();
  if (source === undefined) return properties;
  let text = source;
  if (!source.trimStart().startsWith('{')) {
    try {
      text = readFileSync(source, 'utf8');
    } catch (error: unknown) {
      const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
      throw new ConfigError(
        `VIGIL_PROPERTIES file ${JSON.stringify(source)} cannot be read (${reason})`,
      );
    }
  }
  if (text.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ConfigError(
        'VIGIL_PROPERTIES must be a JSON object of strings or a name=value file',
      );
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new ConfigError(
        'VIGIL_PROPERTIES must be a JSON object of strings or a name=value file',
      );
    }
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw new ConfigError(`VIGIL_PROPERTIES value of ${JSON.stringify(name)} must be a string`);
      }
      properties.set(name, String(value));
    }
    return properties;
  }
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('!')) continue;
    const separator = trimmed.search(/[=:]/);
    if (separator <= 0)
      throw new ConfigError(`VIGIL_PROPERTIES line ${JSON.stringify(trimmed)} is not name=value`);
    properties.set(trimmed.slice(0, separator).trim(), trimmed.slice(separator + 1).trim());
  }
  return properties;
}

/** The merged properties of api.md §9.1: local first (shadowing), then non-deleted DB rows. */
export async function readProperties(
  db: Db,
  local: ReadonlyMap<string, string>,
): Promise<PropertyRow[]> {
  const rows = await db.query<{ name: string; value: string }>(
    'SELECT name, value FROM properties WHERE deleted_at IS NULL ORDER BY name',
  );
  const merged: PropertyRow[] = [...local].map(([name, value]) => ({
    name,
    value,
    source: 'local',
    type: '',
    description: '',
  }));
  for (const row of rows.rows) {
    if (!local.has(row.name))
      merged.push({ name: row.name, value: row.value, source: 'db', type: '', description: '' });
  }
  return merged;
}

export function propertiesRoutes(db: Db, local: ReadonlyMap<string, string>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/', requireCaller(), async (c) => c.json(await readProperties(db, local)));
  return app;
}
