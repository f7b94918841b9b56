/**
 * `POST /api/resources/search` (api.md §4.3): what the pickers of playbook parameters list. Read on
 * the catalog (`database`, any role); a malformed body or selector is a 400 `{"error"}`.
 */
import { Hono } from 'hono';
import { parseSearchRequest, searchResources } from '../catalog/resource-search';
import { CatalogRequestError } from '../catalog/summary';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';

export function resourceRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('database', 'read'));
  app.post('/search', async (c) => {
    const raw = await c.req.text();
    try {
      let body: unknown = {};
      if (raw.trim() !== '') {
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          throw new CatalogRequestError('request body is not valid JSON');
        }
      }
      return c.json(await searchResources(db, parseSearchRequest(body)));
    } catch (error) {
      if (error instanceof CatalogRequestError) return jsonError(c, 400, error.message);
      throw error;
    }
  });
  app.all('/search', (c) => jsonError(c, 405, 'method not allowed'));
  return app;
}
