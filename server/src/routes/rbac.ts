/**
 * `/rbac` (api.md §8.6): `POST /rbac/{id}/update_role` adds roles to a person, `GET /rbac/dump`
 * returns the policy table. Both need `rbac` permissions, which only admins hold. The console does
 * not call them; Mission Control clients and scripts do.
 */
import { Hono } from 'hono';
import { isRole, ROLES } from '../../../src/rbac/roles';
import type { Queryable } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { requirePermission } from '../http/rbac';
import { isUuid } from '../http/validate';

interface RuleRow {
  id: string;
  ptype: string;
  v0: string | null;
  v1: string | null;
  v2: string | null;
  v3: string | null;
  v4: string | null;
  v5: string | null;
}

async function rolesOf(c: { req: { text(): Promise<string> } }): Promise<string[] | string> {
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    return 'the body must be JSON: {"roles": ["editor"]}';
  }
  const roles = (body as { roles?: unknown } | null)?.roles;
  if (!Array.isArray(roles) || roles.length === 0 || roles.length > ROLES.length) {
    return `roles must be a list of 1 to ${ROLES.length} role names`;
  }
  const unknown = roles.find((role) => !isRole(role));
  if (unknown !== undefined) {
    return `unknown role ${JSON.stringify(unknown).slice(0, 80)}: use one of ${ROLES.join(', ')}`;
  }
  return roles as string[];
}

export function rbacRoutes(db: Queryable): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/:id/update_role', requirePermission('rbac', 'write'), async (c) => {
    const id = c.req.param('id');
    const roles = await rolesOf(c);
    if (typeof roles === 'string') return c.json({ error: roles, message: 'Invalid request' }, 400);
    if (!isUuid(id)) return jsonError(c, 404, `person ${id.slice(0, 80)} not found`);
    const person = await db.query(
      `SELECT 1 FROM people WHERE id = $1 AND deleted_at IS NULL AND coalesce(type, '') <> 'agent'`,
      [id],
    );
    if (person.rows.length === 0) return jsonError(c, 404, `person ${id} not found`);
    for (const role of roles) {
      await db.query(
        `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2) ON CONFLICT DO NOTHING`,
        [id, role],
      );
    }
    return c.json({ message: 'Role updated successfully' });
  });

  app.get('/dump', requirePermission('rbac', 'read'), async (c) => {
    const rows = await db.query<RuleRow>(
      `SELECT id::text AS id, ptype, v0, v1, v2, v3, v4, v5 FROM casbin_rule ORDER BY id`,
    );
    return c.json(
      rows.rows.map((row) => ({
        id: Number(row.id),
        ptype: row.ptype,
        v0: row.v0 ?? '',
        v1: row.v1 ?? '',
        v2: row.v2 ?? '',
        v3: row.v3 ?? '',
        v4: row.v4 ?? '',
        v5: row.v5 ?? '',
      })),
    );
  });

  app.all('/:id/update_role', (c) => jsonError(c, 405, 'method not allowed'));
  app.all('/dump', (c) => jsonError(c, 405, 'method not allowed'));
  return app;
}
