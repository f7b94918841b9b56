/**
 * `GET /api/schemas/<file>` (contract api.md §9.3): the static JSON Schema documents the spec
 * editors validate against, read once from `server/schemas/` (written by
 * `server/schemas/generate.mjs`). Any signed-in user may read them (rbac-and-flags.md §3.3); an
 * unknown file is a 404. `config_scraper.spec.schema.json`, which the reference frontend asked
 * for, is an alias of `scrape_config.spec.schema.json`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requireCaller } from '../http/rbac';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas', import.meta.url));

const ALIASES: Readonly<Record<string, string>> = {
  'config_scraper.spec.schema.json': 'scrape_config.spec.schema.json',
};

const FILE_NAME = /^[A-Za-z0-9_.-]{1,80}\.schema\.json$/;

/** The schema documents by file name, as served (text, parsed once to prove they are JSON). */
export function loadSchemas(dir: string = SCHEMAS_DIR): Map<string, string> {
  const schemas = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    if (!FILE_NAME.test(name)) continue;
    const text = readFileSync(`${dir}/${name}`, 'utf8');
    JSON.parse(text);
    schemas.set(name, text);
  }
  for (const [alias, target] of Object.entries(ALIASES)) {
    const text = schemas.get(target);
    if (text !== undefined) schemas.set(alias, text);
  }
  return schemas;
}

export function schemaRoutes(schemas: Map<string, string> = loadSchemas()) {
  const app = new Hono<AppEnv>();
  app.use('*', requireCaller());
  app.get('/:file', (c) => {
    const file = c.req.param('file');
    const text = FILE_NAME.test(file) ? schemas.get(file) : undefined;
    if (text === undefined) return jsonError(c, 404, `schema ${file.slice(0, 100)} not found`);
    return c.body(text, 200, {
      'Content-Type': 'application/schema+json; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    });
  });
  return app;
}
