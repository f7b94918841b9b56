/**
 * Catalog endpoints outside the data API (api.md §4.1, §4.2): the grouped summary and the change
 * search. Both need read on `database` (rbac-and-flags.md §3.3). Bad input is a 400 with the
 * contract's `{"error": …}` texts; the SQL only ever receives values as bind parameters.
 */
import { Hono, type Context } from 'hono';
import { catalogChanges, parseChangesRequest } from '../catalog/changes';
import { ChangesCountCache } from '../catalog/changes-count-cache';
import { CatalogRequestError, catalogSummary, parseSummaryRequest } from '../catalog/summary';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CatalogRequestError('request body is not valid JSON');
  }
}

function handled(c: Context<AppEnv>, error: unknown): Response {
  if (error instanceof CatalogRequestError) return jsonError(c, 400, error.message);
  throw error;
}

export function catalogRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requirePermission('database', 'read'));

  app.post('/summary', async (c) => {
    try {
      const request = parseSummaryRequest(await jsonBody(c));
      return c.json(await catalogSummary(db, request));
    } catch (error) {
      return handled(c, error);
    }
  });

  // The change search's totals, kept on PGlite while the data is unchanged (a re-sort counts the
  // same filter again).
  const counts = new ChangesCountCache(db);
  const changes = async (c: Context<AppEnv>, body: unknown): Promise<Response> => {
    try {
      return c.json(await catalogChanges(db, parseChangesRequest(body), counts));
    } catch (error) {
      return handled(c, error);
    }
  };
  app.post('/changes', async (c) => {
    let body: unknown;
    try {
      body = await jsonBody(c);
    } catch (error) {
      return handled(c, error);
    }
    return changes(c, body);
  });
  // Deprecated GET form with the same fields as query parameters.
  app.get('/changes', (c) => changes(c, c.req.query()));
  app.all('/summary', (c) => jsonError(c, 405, 'method not allowed'));
  app.all('/changes', (c) => jsonError(c, 405, 'method not allowed'));
  return app;
}
