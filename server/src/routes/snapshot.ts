/**
 * `GET /api/snapshot/topology/{id}` (api.md §5, docs/logs.md): a zip of a component's tree, its
 * checks with statuses, its configs with their changes and its log lines in a window, saved as
 * `{name}-snapshot.zip`. Needs read on `topologies` (rbac-and-flags.md §3.3). A malformed id or
 * query is a 400, an unknown (or deleted) component a 404.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';
import { parseSnapshotParams, topologySnapshot, withoutControls } from '../snapshot/topology';

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachment(name: string): string {
  // No folders in a saved file's name.
  const filename = withoutControls(name).replace(/[\\/]/g, '_');
  const ascii = filename.replace(/[^\x20-\x7e]|"/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function snapshotRoutes(db: Queryable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/topology/:id', requirePermission('topologies', 'read'), async (c) => {
    const params = parseSnapshotParams(c.req.param('id'), (name) => c.req.query(name));
    if (typeof params === 'string') return jsonError(c, 400, params);
    const snapshot = await topologySnapshot(db, params);
    if (!snapshot) {
      return c.json({ error: 'component not found', message: 'Error snapshotting topology' }, 404);
    }
    return c.body(snapshot.zip as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${snapshot.name}-snapshot.zip`),
      'Cache-Control': 'no-store',
    });
  });
  app.all('/topology/:id', (c) => jsonError(c, 405, 'method not allowed'));
  return app;
}
