/**
 * `/api/notification` (api.md §11):
 *
 * - `POST /silence` creates a `notification_silences` row (source `UI`, created_by = caller,
 *   namespace as given or ''); `from` and `until` are datemath or RFC 3339; at least one resource
 *   id. 200 with an empty body. Write on notifications (rbac-and-flags.md §3.3).
 * - `GET /events` lists recent notification events of the queue (monitoring): the spec's events
 *   and the `notification.send` queue, newest first, `?limit=` (1–1000, default 100) and
 *   `?name=`. Read on notifications.
 *
 * Bad input is a 400 with the contract's texts; resources that do not exist are a 404.
 */
import { Hono, type Context } from 'hono';
import { parseDatemath } from '../catalog/datemath';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requirePermission } from '../http/rbac';
import { isUuid } from '../http/validate';
import { NOTIFICATION_EVENTS, SEND_EVENT } from '../notifications/events';

const RESOURCE_KEYS = ['config_id', 'component_id', 'check_id', 'canary_id'] as const;
const RESOURCE_TABLES: Record<(typeof RESOURCE_KEYS)[number], string> = {
  config_id: 'config_items',
  component_id: 'components',
  check_id: 'checks',
  canary_id: 'canaries',
};
const DESCRIPTION_MAX = 4_000;
const NAMESPACE_MAX = 253;

export interface SilenceRequest {
  from: Date;
  until: Date;
  description: string | null;
  recursive: boolean;
  namespace: string;
  ids: Partial<Record<(typeof RESOURCE_KEYS)[number], string>>;
}

/** The silence of a request body, or the error text of api.md §11.1. */
export function parseSilence(body: unknown, now = new Date()): SilenceRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return 'the request body must be a JSON object';
  }
  const record = body as Record<string, unknown>;
  const fromText = record.from;
  if (fromText === undefined || fromText === null || fromText === '')
    return '`from` time is required';
  if (typeof fromText !== 'string') return '`from` must be a string (datemath or RFC 3339)';
  const untilText = record.until;
  if (untilText === undefined || untilText === null || untilText === '')
    return '`until` is required';
  if (typeof untilText !== 'string') return '`until` must be a string (datemath or RFC 3339)';
  const from = parseDatemath(fromText, now);
  if (!from)
    return `invalid \`from\` time ${JSON.stringify(fromText.slice(0, 100))}: not datemath or RFC 3339`;
  const until = parseDatemath(untilText, now);
  if (!until)
    return `invalid \`until\` time ${JSON.stringify(untilText.slice(0, 100))}: not datemath or RFC 3339`;
  if (from.getTime() >= until.getTime()) return '`from` time must be before `until';
  const description = record.description ?? null;
  if (description !== null && typeof description !== 'string')
    return '`description` must be a string';
  if (typeof description === 'string' && description.length > DESCRIPTION_MAX) {
    return `\`description\` is longer than ${DESCRIPTION_MAX} characters`;
  }
  const recursive = record.recursive ?? false;
  if (typeof recursive !== 'boolean') return '`recursive` must be true or false';
  const namespace = record.namespace ?? '';
  if (typeof namespace !== 'string' || namespace.length > NAMESPACE_MAX) {
    return '`namespace` must be a string of at most 253 characters';
  }
  const ids: SilenceRequest['ids'] = {};
  for (const key of RESOURCE_KEYS) {
    const value = record[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !isUuid(value)) return `\`${key}\` must be a UUID`;
    ids[key] = value;
  }
  if (Object.keys(ids).length === 0) {
    return 'at least one of `config_id`, `canary_id`, `check_id` or `component_id` is required';
  }
  return {
    from,
    until,
    description: typeof description === 'string' ? description : null,
    recursive,
    namespace,
    ids,
  };
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json<unknown>();
  } catch {
    return undefined;
  }
}

export function notificationRoutes(db: Queryable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/silence', requirePermission('notifications', 'write'), async (c) => {
    const body = await jsonBody(c);
    if (body === undefined) return jsonError(c, 400, 'the request body must be a JSON object');
    const silence = parseSilence(body);
    if (typeof silence === 'string') return jsonError(c, 400, silence);
    for (const [key, id] of Object.entries(silence.ids)) {
      const table = RESOURCE_TABLES[key as keyof typeof RESOURCE_TABLES];
      const found = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
      if (found.rows.length === 0)
        return jsonError(c, 404, `${key.replace(/_id$/, '')} (${id}) was not found`);
    }
    await db.query(
      `INSERT INTO notification_silences
         (namespace, description, "from", until, recursive, config_id, component_id, check_id,
          canary_id, source, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'UI', (SELECT id FROM people WHERE id = $10))`,
      [
        silence.namespace,
        silence.description,
        silence.from.toISOString(),
        silence.until.toISOString(),
        silence.recursive,
        silence.ids.config_id ?? null,
        silence.ids.component_id ?? null,
        silence.ids.check_id ?? null,
        silence.ids.canary_id ?? null,
        isUuid(callerOf(c).id) ? callerOf(c).id : null,
      ],
    );
    return c.body(null, 200);
  });

  app.get('/events', requirePermission('notifications', 'read'), async (c) => {
    const limitText = c.req.query('limit') ?? '100';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1 || limit > 1000) {
      return jsonError(c, 400, '`limit` must be an integer from 1 to 1000');
    }
    const names: string[] = [...NOTIFICATION_EVENTS, SEND_EVENT];
    const name = c.req.query('name');
    if (name !== undefined && !names.includes(name)) {
      return jsonError(c, 400, `\`name\` must be one of ${names.join(', ')}`);
    }
    const result = await db.query(
      `SELECT id, name, properties, error, attempts, last_attempt, delay, priority, created_at
       FROM event_queue WHERE name = ANY($1::text[])
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [name ? [name] : names, limit],
    );
    return c.json(result.rows);
  });

  return app;
}
