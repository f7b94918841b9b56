/**
 * `/api/people` (api.md §8.4, §8.5): edit a user (`POST /update`: traits, state, and the role
 * replacing all of the user's roles) and delete a user (`DELETE /{id}`: the identity goes, the
 * sync trigger removes the roles and soft-deletes the person). Own-login mode only; write on
 * identities. Nobody deletes or deactivates their own account here (no admin locks themselves out).
 */
import { Hono, type Context } from 'hono';
import { isRole } from '../../../src/rbac/roles';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requirePermission } from '../http/rbac';
import { isUuid } from '../http/validate';
import { EMAIL_PATTERN } from './auth';

const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
const KRATOS_ONLY = 'updating person is only supported when using Kratos auth mode';

interface Traits {
  email?: string;
  name?: { first?: string; last?: string };
}

export interface PersonUpdate {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  role?: string;
  active?: boolean;
}

/** The edit body, or why it is refused. */
export function parsePersonUpdate(body: unknown): PersonUpdate | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'expected a JSON object';
  const record = body as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'string' || !isUuid(id)) return 'id must be a user id';
  const update: PersonUpdate = { id };
  for (const key of ['firstName', 'lastName', 'email', 'role'] as const) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return `${key} must be a string`;
    const trimmed = value.trim();
    if (key === 'email') {
      if (trimmed.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(trimmed)) {
        return 'email is not a valid address';
      }
    } else if (key === 'role') {
      if (trimmed !== '' && !isRole(trimmed)) return `unknown role: ${trimmed.slice(0, 40)}`;
    } else if (trimmed === '' || trimmed.length > MAX_NAME_LENGTH) {
      return `${key} must be 1 to ${MAX_NAME_LENGTH} characters`;
    }
    update[key] = trimmed;
  }
  if (record.active !== undefined && record.active !== null) {
    if (typeof record.active !== 'boolean') return 'active must be true or false';
    update.active = record.active;
  }
  return update;
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text());
  } catch {
    return undefined;
  }
}

export function peopleRoutes(db: Db, config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/update', requirePermission('identities', 'write'), async (c) => {
    if (config.auth !== 'basic') return jsonError(c, 400, KRATOS_ONLY);
    const update = parsePersonUpdate(await jsonBody(c));
    if (typeof update === 'string')
      return c.json({ error: update, message: 'Invalid request body' }, 400);
    if (update.active === false && update.id === callerOf(c).id) {
      return jsonError(c, 400, 'You cannot deactivate your own account');
    }
    const result = await db.transaction(async (tx) => {
      const found = await tx.query<{ traits: Traits | null; state: string | null }>(
        'SELECT traits, state FROM identities WHERE id = $1 FOR UPDATE',
        [update.id],
      );
      const identity = found.rows[0];
      if (!identity) return { status: 404 as const };
      const old = identity.traits ?? {};
      const traits: Traits = {
        ...old,
        email: update.email ?? old.email ?? '',
        name: {
          first: update.firstName ?? old.name?.first ?? '',
          last: update.lastName ?? old.name?.last ?? '',
        },
      };
      if (update.email && update.email.toLowerCase() !== (old.email ?? '').toLowerCase()) {
        const taken = await tx.query(
          `SELECT 1 FROM identities WHERE id <> $1 AND lower(traits ->> 'email') = lower($2) LIMIT 1`,
          [update.id, update.email],
        );
        if (taken.rows.length > 0) return { status: 409 as const };
        // An account that signs in with its e-mail address follows the new one.
        await tx.query(
          `UPDATE vigil_accounts SET username = $2, updated_at = now()
           WHERE identity_id = $1 AND lower(username) = lower($3)`,
          [update.id, update.email, old.email ?? ''],
        );
      }
      const state =
        update.active === undefined ? identity.state : update.active ? 'active' : 'inactive';
      await tx.query(
        `UPDATE identities SET traits = $2::jsonb, state = $3::varchar,
           state_changed_at = CASE WHEN state IS DISTINCT FROM $3::varchar THEN now() AT TIME ZONE 'UTC' ELSE state_changed_at END,
           updated_at = now() AT TIME ZONE 'UTC'
         WHERE id = $1`,
        [update.id, JSON.stringify(traits), state],
      );
      if (state === 'inactive') {
        await tx.query('DELETE FROM vigil_sessions WHERE identity_id = $1', [update.id]);
      }
      if (update.role) {
        await tx.query(`DELETE FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`, [update.id]);
        await tx.query(`INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, $2)`, [
          update.id,
          update.role,
        ]);
      }
      return { status: 200 as const, traits };
    });
    if (result.status === 404) return jsonError(c, 404, `person ${update.id} not found`);
    if (result.status === 409) {
      return c.json({ error: 'User already exists', message: 'Error updating user' }, 409);
    }
    return c.json({ name: result.traits?.name, email: result.traits?.email });
  });

  app.delete('/:id', requirePermission('identities', 'write'), async (c) => {
    if (config.auth !== 'basic') return jsonError(c, 400, KRATOS_ONLY);
    const id = c.req.param('id');
    if (!isUuid(id)) return jsonError(c, 404, `person ${id} not found`);
    if (id === callerOf(c).id) return jsonError(c, 400, 'You cannot delete your own account');
    const deleted = await db.query('DELETE FROM identities WHERE id = $1', [id]);
    if (deleted.affectedRows === 0) return jsonError(c, 404, `person ${id} not found`);
    return c.body(null, 204);
  });

  return app;
}
