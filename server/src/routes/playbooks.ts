/**
 * `/api/playbook` (api.md §10, docs/playbooks.md): runnable playbooks for a resource, their
 * parameters, starting a run, reading one, approving it, plus Vigil's reject and cancel. Permissions
 * per rbac-and-flags.md §3.3: list needs read on playbooks, params/run/approve/reject/cancel write
 * on playbook_runs (approve and reject also need the caller to be a listed approver), reading a run
 * read on playbook_runs. Every refusal is a 4xx with `{"error", "message"?}`.
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requirePermission } from '../http/rbac';
import {
  approveRun,
  cancelRun,
  createRun,
  getRun,
  listForResource,
  paramsFor,
  PlaybookRefusal,
  rejectRun,
  triggerWebhook,
} from '../playbooks/service';
import { wakePlaybookRunners } from '../playbooks/start';

/** A playbook request body is small (parameters included). */
export const PLAYBOOK_BODY_LIMIT = 256 * 1024;

function refusal(c: Context<AppEnv>, error: PlaybookRefusal): Response {
  return c.json(
    { error: error.error, ...(error.message !== undefined ? { message: error.message } : {}) },
    error.status,
  );
}

async function handle(c: Context<AppEnv>, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PlaybookRefusal) return refusal(c, error);
    throw error;
  }
}

/** The JSON object body (empty → {}), or a refusal. */
async function objectBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (Buffer.byteLength(text) > PLAYBOOK_BODY_LIMIT) {
    throw new PlaybookRefusal(
      400,
      `the request body is larger than ${PLAYBOOK_BODY_LIMIT} bytes`,
      'invalid request',
    );
  }
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new PlaybookRefusal(400, 'the body is not valid JSON', 'invalid request');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new PlaybookRefusal(400, 'the body must be a JSON object', 'invalid request');
  }
  return body as Record<string, unknown>;
}

export function playbookRoutes(db: Db): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/list', requirePermission('playbooks', 'read'), (c) =>
    handle(c, async () => c.json(await listForResource(db, c.req.query()))),
  );

  app.post('/run', requirePermission('playbook_runs', 'write'), (c) =>
    handle(c, async () => {
      const created = await createRun(db, await objectBody(c), callerOf(c));
      wakePlaybookRunners();
      return c.json(created, 201);
    }),
  );

  app.get('/run/:id', requirePermission('playbook_runs', 'read'), (c) =>
    handle(c, async () => c.json(await getRun(db, c.req.param('id')))),
  );

  app.post('/run/approve/:run_id', requirePermission('playbook_runs', 'write'), (c) =>
    handle(c, async () => {
      const scheduled = await approveRun(db, c.req.param('run_id'), callerOf(c));
      if (scheduled) wakePlaybookRunners();
      return c.json({ message: 'playbook run approved' });
    }),
  );

  app.post('/run/reject/:run_id', requirePermission('playbook_runs', 'write'), (c) =>
    handle(c, async () => {
      const body = await objectBody(c);
      const reason = body.reason;
      if (reason !== undefined && (typeof reason !== 'string' || reason.length > 1000)) {
        throw new PlaybookRefusal(400, 'reason must be a text of at most 1000 characters');
      }
      await rejectRun(db, c.req.param('run_id'), callerOf(c), reason || undefined);
      return c.json({ message: 'playbook run rejected' });
    }),
  );

  app.post('/run/cancel/:run_id', requirePermission('playbook_runs', 'write'), (c) =>
    handle(c, async () => {
      await cancelRun(db, c.req.param('run_id'), callerOf(c));
      return c.json({ message: 'playbook run cancelled' });
    }),
  );

  app.post('/:id/params', requirePermission('playbook_runs', 'write'), (c) =>
    handle(c, async () => {
      const body = await objectBody(c);
      // MC reads the body's id; the console sends the same id in both places (api.md §10.2).
      if (body.id === undefined) body.id = c.req.param('id');
      return c.json(await paramsFor(db, body, callerOf(c)));
    }),
  );

  // Public (api.md §2): the playbook's own webhook authentication decides (docs/playbooks.md).
  app.post('/webhook/:path', (c) =>
    handle(c, async () => {
      const body = await c.req.text();
      if (Buffer.byteLength(body) > PLAYBOOK_BODY_LIMIT) {
        throw new PlaybookRefusal(
          400,
          `the request body is larger than ${PLAYBOOK_BODY_LIMIT} bytes`,
        );
      }
      const created = await triggerWebhook(db, c.req.param('path'), {
        authorization: c.req.header('authorization'),
        contentType: c.req.header('content-type'),
        body,
      });
      wakePlaybookRunners();
      return c.json(created, 201);
    }),
  );

  app.get('/events', requirePermission('playbook_runs', 'read'), async (c) => {
    const events = await db.query(
      `SELECT id::text, name, properties, error, attempts, created_at FROM event_queue
       WHERE name LIKE 'playbook.%' ORDER BY created_at DESC LIMIT 100`,
    );
    return c.json(events.rows);
  });

  app.all('*', (c) => jsonError(c, 404, 'not found'));
  return app;
}
