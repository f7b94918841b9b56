/**
 * The settings actions of each of the five roles against the real server and database (one seeded
 * PGlite for the file): every write a settings screen makes — add, update, soft delete of the nine
 * resource tables, feature flags, team members, connections and their test, user invitations and
 * state — is accepted for the roles the role table grants it (rbac-and-flags.md §3.1) and refused
 * with 403 `unauthorized. Access Denied` for the others, and a refused write leaves no row behind.
 *
 * The role table, copied for this test:
 *   admin     — writes everything
 *   editor    — writes everything except connections, identities, rbac
 *   commander, responder — write only responder, incident, evidences, comments
 *   viewer    — writes nothing; commander, responder and viewer cannot read connections or
 *               identities
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/types';
import { createEngine } from '../src/postgrest/engine';
import {
  buildApp,
  openTestDb,
  requester,
  signInDemoAccounts,
  type Requester,
  type TestApp,
} from './fixtures/app';

const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
type Role = (typeof ROLES)[number];

/** Who may write which settings resource (the role table). */
const WRITERS: Record<string, readonly Role[]> = {
  canaries: ['admin', 'editor'],
  topologies: ['admin', 'editor'],
  config_scrapers: ['admin', 'editor'],
  logging_backends: ['admin', 'editor'],
  notifications: ['admin', 'editor'],
  feature_flags: ['admin', 'editor'],
  database: ['admin', 'editor'],
  connections: ['admin'],
  identities: ['admin'],
};
const READS_CONNECTIONS: readonly Role[] = ['admin', 'editor'];

/** One add per settings table, as the console's editors send it (the base table's columns). */
interface TableCase {
  table: string;
  resource: keyof typeof WRITERS;
  body: (name: string) => Record<string, unknown>;
  /** The column a row is found by (properties are keyed by name). */
  key?: 'name';
}

const TABLES: readonly TableCase[] = [
  {
    table: 'canaries',
    resource: 'canaries',
    body: (name) => ({
      name,
      namespace: 'default',
      source: 'UI',
      spec: { schedule: '@every 5m', http: [{ name: `${name}-check`, url: 'http://127.0.0.1:1' }] },
    }),
  },
  {
    table: 'topologies',
    resource: 'topologies',
    body: (name) => ({
      name,
      namespace: 'default',
      source: 'UI',
      spec: { type: 'Application', icon: 'application', components: [] },
    }),
  },
  {
    table: 'config_scrapers',
    resource: 'config_scrapers',
    body: (name) => ({
      name,
      source: 'UI',
      spec: { schedule: '@every 1h', http: [{ url: 'http://127.0.0.1:1', type: 'T', id: '$.id' }] },
    }),
  },
  {
    table: 'logging_backends',
    resource: 'logging_backends',
    body: (name) => ({ name, source: 'UI', spec: { loki: { url: 'http://127.0.0.1:1' } } }),
  },
  {
    table: 'notifications',
    resource: 'notifications',
    body: (name) => ({
      name,
      source: 'UI',
      events: ['check.failed'],
      title: name,
      template: 'failed',
      person_id: null,
      team_id: null,
      custom_services: null,
    }),
  },
  {
    table: 'incident_rules',
    resource: 'database',
    body: (name) => ({
      name,
      source: 'UI',
      spec: { priority: 1, filter: { status: ['unhealthy'] } },
    }),
  },
  {
    table: 'teams',
    resource: 'database',
    body: (name) => ({ name, icon: 'group', source: 'UI', spec: {} }),
  },
  {
    table: 'properties',
    resource: 'feature_flags',
    key: 'name',
    body: (name) => ({ name, value: 'true' }),
  },
  {
    table: 'connections',
    resource: 'connections',
    body: (name) => ({
      name,
      namespace: 'default',
      type: 'http',
      url: 'http://127.0.0.1:1',
      password: 'hunter2',
      source: 'UI',
    }),
  },
];

let db: Db;
let t: TestApp;
let as: Requester;
/** Each role's person (the console sends it as `created_by`). */
const personOf = new Map<Role, string>();

beforeAll(async () => {
  db = await openTestDb({ seed: true });
  t = buildApp(db, { auth: 'basic' }, await createEngine({ db }));
  as = requester(t.app, await signInDemoAccounts(t.app));
  for (const role of ROLES) {
    const person = await db.query<{ id: string }>(`SELECT id FROM people WHERE email = $1`, [
      `${role}@vigil.local`,
    ]);
    personOf.set(role, person.rows[0]!.id);
  }
});
/** A table's add body as `role` sends it. */
const addBody = (tableCase: TableCase, name: string, role: Role) =>
  json({ ...tableCase.body(name), created_by: personOf.get(role) });
afterAll(async () => db.close());

const json = (value: unknown): RequestInit['body'] => JSON.stringify(value);
const representation = { Prefer: 'return=representation' };

async function expectRefused(response: Response, resource: string) {
  const text = await response.text();
  expect(response.status, text).toBe(403);
  expect(text).toBe('unauthorized. Access Denied');
  expect(response.headers.get('x-rbac-object')).toBe(resource);
}

/** Live rows of that name (not soft-deleted; properties have no soft delete). */
async function countRows(tableCase: TableCase, name: string): Promise<number> {
  const live = tableCase.key === 'name' ? '' : ' AND deleted_at IS NULL';
  const result = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${tableCase.table} WHERE name = $1${live}`,
    [name],
  );
  return result.rows[0]?.count ?? 0;
}

describe('settings writes by role (real /api/db)', () => {
  for (const tableCase of TABLES) {
    it(`${tableCase.table}: add, update and delete only for ${WRITERS[tableCase.resource]!.join(', ')}`, async () => {
      const writers = WRITERS[tableCase.resource]!;
      // An existing row to update and delete: the admin's.
      const target = `rbac-${tableCase.table}-target`;
      const created = await as('admin', `/api/db/${tableCase.table}`, {
        method: 'POST',
        headers: representation,
        body: addBody(tableCase, target, 'admin'),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const [row] = (await created.json()) as { id?: string; name: string }[];
      const filter =
        tableCase.key === 'name' ? `name=eq.${target}` : `id=eq.${row?.id ?? 'missing'}`;

      for (const role of ROLES) {
        const name = `rbac-${tableCase.table}-${role}`;
        const add = await as(role, `/api/db/${tableCase.table}`, {
          method: 'POST',
          body: addBody(tableCase, name, role),
        });
        const update = await as(role, `/api/db/${tableCase.table}?${filter}`, {
          method: 'PATCH',
          body: json(tableCase.key === 'name' ? { value: role } : { updated_at: 'now()' }),
        });
        if (writers.includes(role)) {
          expect(add.status, `${role} add: ${await add.text()}`).toBe(201);
          expect(update.status, `${role} update: ${await update.text()}`).toBeLessThan(300);
          expect(await countRows(tableCase, name)).toBe(1);
        } else {
          await expectRefused(add, tableCase.resource);
          await expectRefused(update, tableCase.resource);
          expect(await countRows(tableCase, name)).toBe(0);
        }
      }

      // Soft delete (properties are deleted outright), refused first, then the admin's.
      for (const role of ROLES.filter((r) => !writers.includes(r))) {
        const refused =
          tableCase.key === 'name'
            ? await as(role, `/api/db/${tableCase.table}?${filter}`, { method: 'DELETE' })
            : await as(role, `/api/db/${tableCase.table}?${filter}`, {
                method: 'PATCH',
                body: json({ deleted_at: 'now()' }),
              });
        await expectRefused(refused, tableCase.resource);
      }
      expect(await countRows(tableCase, target)).toBe(1);
      const removed =
        tableCase.key === 'name'
          ? await as('editor', `/api/db/${tableCase.table}?${filter}`, { method: 'DELETE' })
          : await as('admin', `/api/db/${tableCase.table}?${filter}`, {
              method: 'PATCH',
              body: json({ deleted_at: 'now()' }),
            });
      expect(removed.status, await removed.text()).toBeLessThan(300);
      expect(await countRows(tableCase, target)).toBe(0);
    });
  }

  it('team members: added and removed by admin and editor only', async () => {
    const team = await db.query<{ id: string }>(`SELECT id FROM teams LIMIT 1`);
    const person = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE deleted_at IS NULL
         AND id NOT IN (SELECT person_id FROM team_members WHERE team_id = $1) LIMIT 1`,
      [team.rows[0]!.id],
    );
    const member = { team_id: team.rows[0]!.id, person_id: person.rows[0]!.id };
    const filter = `team_id=eq.${member.team_id}&person_id=eq.${member.person_id}`;
    for (const role of ROLES) {
      const add = await as(role, '/api/db/team_members', { method: 'POST', body: json([member]) });
      if (WRITERS.database!.includes(role)) {
        expect(add.status, await add.text()).toBe(201);
        const remove = await as(role, `/api/db/team_members?${filter}`, { method: 'DELETE' });
        expect(remove.status, await remove.text()).toBeLessThan(300);
      } else {
        await expectRefused(add, 'database');
        await expectRefused(
          await as(role, `/api/db/team_members?${filter}`, { method: 'DELETE' }),
          'database',
        );
      }
    }
  });
});

describe('settings reads and non-/db actions by role', () => {
  it('connections: read by admin and editor only; secrets masked; test only for admin', async () => {
    const [connection] = (await (
      await as('admin', '/api/db/connections?name=eq.rbac-connections-admin&select=id,password')
    ).json()) as { id: string; password: string }[];
    expect(connection?.password).toBe('***');
    for (const role of ROLES) {
      const read = await as(role, '/api/db/connections?select=id,password');
      if (READS_CONNECTIONS.includes(role)) {
        expect(read.status).toBe(200);
        const rows = (await read.json()) as { password: string | null }[];
        expect(rows.every((row) => row.password === null || row.password === '***')).toBe(true);
      } else {
        await expectRefused(read, 'connections');
      }
      const test = await as(role, `/api/connection/test/${connection!.id}`, { method: 'POST' });
      if (WRITERS.connections!.includes(role)) {
        // The URL answers nothing: a refused connection, but the test ran.
        expect(test.status, await test.text()).toBe(400);
      } else {
        await expectRefused(test, 'connections');
      }
    }
  });

  it('users: listed by admin and editor, invited and (de)activated by admin only', async () => {
    const viewer = await db.query<{ id: string }>(
      `SELECT id FROM identities WHERE traits->>'email' = 'viewer@vigil.local'`,
    );
    const viewerId = viewer.rows[0]!.id;
    for (const role of ROLES) {
      const list = await as(role, '/api/db/identities?select=id');
      if (role === 'admin' || role === 'editor') expect(list.status).toBe(200);
      else await expectRefused(list, 'identities');

      const invite = await as(role, '/api/auth/invite_user', {
        method: 'POST',
        body: json({
          firstName: 'Rbac',
          lastName: role,
          email: `rbac-${role}@vigil.local`,
          role: 'viewer',
        }),
      });
      const state = await as(role, `/api/auth/${viewerId}/update_state`, {
        method: 'POST',
        body: json({ state: 'active' }),
      });
      if (WRITERS.identities!.includes(role)) {
        expect(invite.status, await invite.text()).toBeLessThan(300);
        expect(state.status, await state.text()).toBeLessThan(300);
      } else {
        await expectRefused(invite, 'identities');
        await expectRefused(state, 'identities');
        const invited = await db.query(`SELECT 1 FROM identities WHERE traits->>'email' = $1`, [
          `rbac-${role}@vigil.local`,
        ]);
        expect(invited.rows).toHaveLength(0);
      }
    }
  });
});
