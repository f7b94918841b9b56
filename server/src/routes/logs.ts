/**
 * `POST /api/logs` (api.md §6, docs/logs.md): a search of Vigil's log store for one component.
 * Needs read on `database` (rbac-and-flags.md §3.3: every role has it). The body is small (64 KiB
 * at most); bad input is a 400, an unknown component a 404, with the contract's bodies.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';
import { answerLogs, LOGS_BODY_LIMIT, parseLogsRequest } from '../logs/search';

export function logsRoutes(db: Queryable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', requirePermission('database', 'read'), async (c) => {
    // The app-wide guard already bounds every body (VIGIL_BODY_LIMIT, read as a stream); a log
    // search needs far less.
    const text = await c.req.text();
    if (Buffer.byteLength(text) > LOGS_BODY_LIMIT) {
      return c.json(
        {
          error: 'request body too large',
          message: `a log search body is at most ${LOGS_BODY_LIMIT} bytes`,
        },
        413,
      );
    }
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return c.json({ error: 'invalid request body', message: 'the body is not valid JSON' }, 400);
    }
    const request = parseLogsRequest(body);
    if ('status' in request) return c.json(request.body, request.status);
    const answer = await answerLogs(db, request);
    return c.json(answer.body, answer.status);
  });
  app.all('/', (c) => jsonError(c, 405, 'method not allowed'));
  return app;
}
