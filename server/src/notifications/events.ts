/**
 * The events notifications listen to (spec doc 3 §9) and what each one is about: the resource the
 * event names, loaded fresh from the database, as the variables of a rule's CEL filter and of its
 * templates. Triggers produce the events (docs/notifications.md lists which change produces
 * which); this module only reads.
 */
import { NOTIFICATION_EVENTS, type NotificationEvent } from '../../../src/api/notification-events';
import type { Queryable } from '../db/types';

export { NOTIFICATION_EVENTS, type NotificationEvent };

export function isNotificationEvent(name: string): name is NotificationEvent {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(name);
}

/** The queue of single sends, one per rule and recipient (notifications_summary counts them). */
export const SEND_EVENT = 'notification.send';

/** What a resource type is called in send history (notification_send_history_summary). */
export type ResourceType = 'check' | 'component' | 'config' | 'playbook';

/** An event resolved to its resource. */
export interface EventSubject {
  resourceType: ResourceType;
  resourceId: string;
  /** The resource's state now: a check's status, a health, or undefined (not re-evaluated). */
  state: string | undefined;
  /** Variables for the filter and the templates: `check`, `canary`, `component`, `config`, … */
  vars: Record<string, unknown>;
  /** A title for the resource in default templates. */
  label: string;
  /** The console path of the resource (without the public base URL). */
  path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function idOf(properties: unknown, key = 'id'): string | undefined {
  if (typeof properties !== 'object' || properties === null) return undefined;
  const value = (properties as Record<string, unknown>)[key];
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

function iso(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Row values as plain JSON-like data (timestamps as RFC 3339 text, null jsonb as {}). */
function plain(
  row: Record<string, unknown>,
  maps: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = maps.includes(key) ? (value ?? {}) : iso(value);
  }
  return out;
}

/** The state an event announces ('unhealthy' for check.failed, the health of config.warning …). */
export function announcedState(event: string): string | undefined {
  if (event === 'check.failed') return 'unhealthy';
  if (event === 'check.passed') return 'healthy';
  const [kind, health] = event.split('.');
  if (
    (kind === 'component' || kind === 'config') &&
    health &&
    !['created', 'deleted', 'updated'].includes(health)
  ) {
    return health;
  }
  return undefined;
}

async function checkSubjects(db: Queryable, ids: string[]): Promise<Map<string, EventSubject>> {
  const result = await db.query<Record<string, unknown>>(
    `SELECT c.id, c.name, c.type, c.status, c.severity, c.labels, c.description, c.namespace,
       c.owner, c.icon, c.canary_id, c.last_runtime, c.last_transition_time,
       ca.name AS canary_name, ca.namespace AS canary_namespace, ca.labels AS canary_labels,
       s.error AS status_error, s.message AS status_message, s.time AS status_time,
       s.duration AS status_duration
     FROM checks c JOIN canaries ca ON ca.id = c.canary_id
     LEFT JOIN LATERAL (
       SELECT error, message, time, duration FROM check_statuses
       WHERE check_id = c.id ORDER BY time DESC LIMIT 1
     ) s ON true
     WHERE c.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(result.rows.map((row) => [String(row.id), checkSubject(row)]));
}

function checkSubject(row: Record<string, unknown>): EventSubject {
  const id = String(row.id);
  const check = plain(
    {
      id: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      severity: row.severity ?? '',
      labels: row.labels,
      description: row.description ?? '',
      namespace: row.namespace ?? '',
      owner: row.owner ?? '',
      icon: row.icon ?? '',
      canary_id: row.canary_id,
      last_runtime: row.last_runtime,
      last_transition_time: row.last_transition_time,
    },
    ['labels'],
  );
  return {
    resourceType: 'check',
    resourceId: id,
    state: typeof row.status === 'string' ? row.status : undefined,
    label: `Check ${String(row.name)}`,
    path: `/health?checkId=${encodeURIComponent(id)}`,
    vars: {
      check,
      canary: plain(
        {
          id: row.canary_id,
          name: row.canary_name,
          namespace: row.canary_namespace ?? '',
          labels: row.canary_labels,
        },
        ['labels'],
      ),
      status: plain({
        status: row.status,
        error: row.status_error ?? '',
        message: row.status_message ?? '',
        time: row.status_time,
        duration: row.status_duration ?? 0,
      }),
    },
  };
}

async function componentSubjects(db: Queryable, ids: string[]): Promise<Map<string, EventSubject>> {
  const result = await db.query<Record<string, unknown>>(
    `SELECT id, name, type, status, health, status_reason, description, namespace, labels, owner,
       icon, topology_id, parent_id, path FROM components WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(result.rows.map((row) => [String(row.id), componentSubject(row)]));
}

function componentSubject(row: Record<string, unknown>): EventSubject {
  const id = String(row.id);
  const component = plain(
    {
      ...row,
      status_reason: row.status_reason ?? '',
      description: row.description ?? '',
      namespace: row.namespace ?? '',
      owner: row.owner ?? '',
      icon: row.icon ?? '',
      type: row.type ?? '',
      health: row.health ?? '',
    },
    ['labels'],
  );
  return {
    resourceType: 'component',
    resourceId: id,
    state: typeof row.health === 'string' ? row.health : undefined,
    label: `Component ${String(row.name)}`,
    path: `/topology/${encodeURIComponent(id)}`,
    vars: { component },
  };
}

async function configSubjects(db: Queryable, ids: string[]): Promise<Map<string, EventSubject>> {
  const result = await db.query<Record<string, unknown>>(
    `SELECT id, name, type, config_class, status, health, description, labels, tags, path,
       deleted_at, updated_at FROM config_items WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(result.rows.map((row) => [String(row.id), configSubject(row)]));
}

function configSubject(row: Record<string, unknown>): EventSubject {
  const id = String(row.id);
  const config = plain(
    {
      ...row,
      name: row.name ?? '',
      status: row.status ?? '',
      health: row.health ?? '',
      description: row.description ?? '',
    },
    ['labels', 'tags'],
  );
  return {
    resourceType: 'config',
    resourceId: id,
    state: typeof row.health === 'string' ? row.health : undefined,
    label: `${String(row.type)} ${String(row.name ?? id)}`,
    path: `/catalog/${encodeURIComponent(id)}`,
    vars: { config },
  };
}

async function playbookSubject(
  db: Queryable,
  event: string,
  properties: unknown,
): Promise<EventSubject | undefined> {
  const runId = event === 'playbook.approval.inserted' ? idOf(properties, 'run_id') : undefined;
  if (runId) {
    const result = await db.query<Record<string, unknown>>(
      `SELECT r.id, r.status, r.created_at, r.parameters, r.check_id, r.component_id, r.config_id,
         p.id AS playbook_id, p.name AS playbook_name, p.title AS playbook_title,
         p.category AS playbook_category
       FROM playbook_runs r JOIN playbooks p ON p.id = r.playbook_id WHERE r.id = $1`,
      [runId],
    );
    const row = result.rows[0];
    if (!row) return undefined;
    const title = String(row.playbook_title ?? row.playbook_name);
    return {
      resourceType: 'playbook',
      resourceId: runId,
      state: undefined,
      label: `Playbook ${title}`,
      path: `/playbooks/runs/${encodeURIComponent(runId)}`,
      vars: {
        playbook: {
          id: row.playbook_id,
          name: row.playbook_name,
          title,
          category: row.playbook_category ?? '',
        },
        run: plain(
          {
            id: row.id,
            status: row.status,
            created_at: row.created_at,
            parameters: row.parameters,
            check_id: row.check_id ?? '',
            component_id: row.component_id ?? '',
            config_id: row.config_id ?? '',
          },
          ['parameters'],
        ),
      },
    };
  }
  const id = idOf(properties);
  if (!id) return undefined;
  const result = await db.query<Record<string, unknown>>(
    `SELECT id, name, title, category, spec -> 'approval' AS approval FROM playbooks WHERE id = $1`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const title = String(row.title ?? row.name);
  return {
    resourceType: 'playbook',
    resourceId: id,
    state: undefined,
    label: `Playbook ${title}`,
    path: '/playbooks',
    vars: {
      playbook: plain(
        { id, name: row.name, title, category: row.category ?? '', approval: row.approval },
        ['approval'],
      ),
    },
  };
}

const BATCH_LOADERS: Record<
  string,
  (db: Queryable, ids: string[]) => Promise<Map<string, EventSubject>>
> = { check: checkSubjects, component: componentSubjects, config: configSubjects };

/** The resource an event is about, as it is now; undefined when it no longer exists. */
export async function loadSubject(
  db: Queryable,
  event: string,
  properties: unknown,
): Promise<EventSubject | undefined> {
  if (event.startsWith('playbook.')) return playbookSubject(db, event, properties);
  const id = idOf(properties);
  const loader = BATCH_LOADERS[event.split('.')[0] ?? ''];
  if (!id || !loader) return undefined;
  return (await loader(db, [id])).get(id);
}

/**
 * The subjects of many events at once (one query per resource kind), keyed by event index;
 * events whose resource no longer exists have none.
 */
export async function loadSubjects(
  db: Queryable,
  events: readonly { name: string; properties: unknown }[],
): Promise<Map<number, EventSubject>> {
  const out = new Map<number, EventSubject>();
  const byKind = new Map<string, { index: number; id: string }[]>();
  for (const [index, event] of events.entries()) {
    const kind = event.name.split('.')[0] ?? '';
    const id = idOf(event.properties);
    if (kind === 'playbook' || !id || !BATCH_LOADERS[kind]) {
      const subject = await loadSubject(db, event.name, event.properties);
      if (subject) out.set(index, subject);
      continue;
    }
    const list = byKind.get(kind) ?? [];
    list.push({ index, id });
    byKind.set(kind, list);
  }
  for (const [kind, list] of byKind) {
    const loader = BATCH_LOADERS[kind];
    if (!loader) continue;
    const found = await loader(db, [...new Set(list.map((entry) => entry.id))]);
    for (const { index, id } of list) {
      const subject = found.get(id);
      if (subject) out.set(index, subject);
    }
  }
  return out;
}
