/**
 * `GET /canary/api/topology` (api.md §3.5): the component tree of the topology pages and the
 * `/view/topology/{id}` card. Requires read on `topologies` (rbac-and-flags.md §3.3); an embed
 * token is answered by the embed gate through {@link topologyResponse} with its scope.
 */
import { Hono, type Context } from 'hono';
import type { TopologyResponse } from '../../../src/api/types';
import { KeptReads } from '../db/kept-reads';
import type { Db, Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';
import { parseTopologyParams } from '../topology/params';
import { readKeptTopology, readTopology, type TopologyScope } from '../topology/read';

/** Read the query, answer 400 for a bad one, else the topology (limited to `scope` if given). */
export async function topologyResponse(
  c: Context<AppEnv>,
  db: Queryable,
  scope?: TopologyScope,
): Promise<Response> {
  const params = parseTopologyParams((name) => c.req.query(name));
  if (typeof params === 'string') return jsonError(c, 400, params);
  return c.json(await readTopology(db, params, scope));
}

/**
 * Routes mounted at `/api/canary/api` (beside the health-check endpoints of canary.ts). The tree
 * is the same for every caller the route lets in and depends only on the stored data and the
 * query, so on PGlite an answer is kept while the database has not changed (db/kept-reads.ts):
 * at the `large` scale (5,000 components) reading it takes about half a second.
 */
export function topologyRoutes(
  db: Db,
  kept: KeptReads<TopologyResponse> = new KeptReads(db),
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/topology', requirePermission('topologies', 'read'), async (c) => {
    const params = parseTopologyParams((name) => c.req.query(name));
    if (typeof params === 'string') return jsonError(c, 400, params);
    return c.json(await readKeptTopology(kept, db, params));
  });
  return app;
}
