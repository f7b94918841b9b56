import { hostname } from 'node:os';
import { Hono, type Context } from 'hono';
import type { WhoamiResponse } from '../../../src/api/types';
import { isRole } from '../../../src/rbac/roles';
import {
  InviteConflict,
  acceptInvite,
  createInvite,
  findInvite,
  type InviteInput,
} from '../auth/invites';
import { passwordPolicyMessage, passwordPolicyProblem } from '../auth/password-policy';
import type { ServerConfig } from '../config';
import type { Db } from '../db/types';
import type { AppEnv } from '../http/env';
import { jsonError } from '../http/errors';
import { callerOf, requireCaller, requirePermission } from '../http/rbac';
import { isUuid } from '../http/validate';

/** The path of the page an invitee opens; the token travels in the fragment, never to a server. */
export const INVITE_PAGE_PATH = '/invite';
const MAX_NAME_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
/** A basic address pattern (spec doc 3 §5 "matching a basic address pattern"). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STATES = ['active', 'inactive'] as const;

/** A JSON object body, or undefined. */
async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = JSON.parse(await c.req.text());
    return body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function invalid(c: Context<AppEnv>, error: string, message = 'Invalid request body'): Response {
  return c.json({ error, message }, 400);
}

/** The invite body of api.md §8.2, or why it is refused. */
export function parseInvite(body: Record<string, unknown> | undefined): InviteInput | string {
  if (!body) return 'expected a JSON object';
  const text = (key: string): string | undefined =>
    typeof body[key] === 'string' ? (body[key] as string).trim() : undefined;
  const firstName = text('firstName');
  const lastName = text('lastName');
  const email = text('email');
  const role = text('role') ?? '';
  if (!firstName) return 'firstName is required';
  if (!lastName) return 'lastName is required';
  if (!email) return 'email is required';
  if (firstName.length > MAX_NAME_LENGTH || lastName.length > MAX_NAME_LENGTH) {
    return `names must be at most ${MAX_NAME_LENGTH} characters`;
  }
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) {
    return 'email is not a valid address';
  }
  if (role !== '' && !isRole(role)) return `unknown role: ${role}`;
  return { firstName, lastName, email, role };
}

/**
 * `/api/auth` (api.md §8): whoami; invitations (`POST /invite_user`, write on identities, own-login
 * mode only) with the invitee's two public calls (`POST /invite/lookup`, `POST /invite/accept`);
 * account state (`POST /{id}/update_state`) and properties (`POST /{id}/properties`).
 */
export function authRoutes(db: Db, config: ServerConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/whoami', requireCaller(), (c) => {
    const caller = callerOf(c);
    const body: WhoamiResponse = {
      message: 'success',
      payload: {
        user: {
          id: caller.id,
          name: caller.name,
          ...(caller.email ? { email: caller.email } : {}),
          ...(caller.type ? { type: caller.type } : {}),
          ...(caller.avatar ? { avatar: caller.avatar } : {}),
          ...(caller.externalId ? { external_id: caller.externalId } : {}),
          ...(caller.properties && Object.keys(caller.properties).length > 0
            ? { properties: caller.properties }
            : {}),
        },
        roles: caller.roles,
        permissions: [],
        hostname: hostname(),
      },
    };
    return c.json(body);
  });

  app.post('/invite_user', requirePermission('identities', 'write'), async (c) => {
    if (config.auth !== 'basic') {
      return jsonError(c, 400, 'inviting users is only supported when using Kratos auth mode');
    }
    const input = parseInvite(await jsonBody(c));
    if (typeof input === 'string') return invalid(c, input);
    try {
      const { token } = await createInvite(db, input, callerOf(c).id);
      const link = `${new URL(c.req.url).origin}${INVITE_PAGE_PATH}#token=${token}`;
      return c.json({ link });
    } catch (error: unknown) {
      if (error instanceof InviteConflict) {
        return c.json({ error: 'User already exists', message: 'Error creating user' }, 409);
      }
      throw error;
    }
  });

  // The invitee has no session: these two answer to the token alone (single-use, expiring).
  const tokenOf = (body: Record<string, unknown> | undefined): string =>
    typeof body?.token === 'string' ? body.token : '';
  const gone = (c: Context<AppEnv>, reason: 'unknown' | 'expired'): Response =>
    c.json(
      {
        error:
          reason === 'expired'
            ? 'This invitation has expired. Ask an administrator for a new one.'
            : 'This invitation link is not valid or has already been used.',
      },
      reason === 'expired' ? 410 : 404,
    );

  app.post('/invite/lookup', async (c) => {
    if (config.auth !== 'basic') return jsonError(c, 404, 'not found');
    const found = await findInvite(db, tokenOf(await jsonBody(c)));
    if (!found.ok) return gone(c, found.reason);
    const { email, firstName, lastName } = found.invite;
    return c.json({ email, firstName, lastName });
  });

  app.post('/invite/accept', async (c) => {
    if (config.auth !== 'basic') return jsonError(c, 404, 'not found');
    const body = await jsonBody(c);
    const token = tokenOf(body);
    const password = typeof body?.password === 'string' ? body.password : '';
    const found = await findInvite(db, token);
    if (!found.ok) return gone(c, found.reason);
    // Registration's policy and text (message 4000005), so an invitee meets the same rules.
    const problem = passwordPolicyProblem(password, found.invite.email);
    if (problem) return jsonError(c, 400, passwordPolicyMessage(problem).text);
    const accepted = await acceptInvite(db, token, password);
    if (!accepted.ok) return gone(c, accepted.reason);
    return c.json({ message: 'success', email: accepted.invite.email });
  });

  app.post('/:id/update_state', requirePermission('identities', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) return jsonError(c, 404, `identity ${id} not found`);
    const body = await jsonBody(c);
    const state = body?.state;
    if (typeof state !== 'string' || !(STATES as readonly string[]).includes(state)) {
      return c.json(
        {
          error: `Invalid state: ${typeof state === 'string' ? state.slice(0, 40) : String(state)}`,
          message: 'Invalid state. Allowed values are [active inactive]',
        },
        400,
      );
    }
    if (state === 'inactive' && id === callerOf(c).id) {
      return jsonError(c, 400, 'You cannot deactivate your own account');
    }
    const updated = await db.query(
      `UPDATE identities SET state = $2, state_changed_at = now() AT TIME ZONE 'UTC', updated_at = now() AT TIME ZONE 'UTC'
       WHERE id = $1`,
      [id, state],
    );
    if (updated.affectedRows === 0) return jsonError(c, 404, `identity ${id} not found`);
    // A deactivated account is signed out everywhere (and cannot sign in: the login checks it).
    if (state === 'inactive')
      await db.query('DELETE FROM vigil_sessions WHERE identity_id = $1', [id]);
    return c.json({ message: 'success' });
  });

  app.post('/:id/properties', requirePermission('identities', 'write'), async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) return jsonError(c, 404, `person ${id} not found`);
    const body = await jsonBody(c);
    if (!body) return invalid(c, 'expected a JSON object');
    if (JSON.stringify(body).length > 4096) return invalid(c, 'properties are too large');
    const updated = await db.query(
      `UPDATE people SET properties = coalesce(properties, '{}'::jsonb) || $2::jsonb WHERE id = $1 AND deleted_at IS NULL`,
      [id, JSON.stringify(body)],
    );
    if (updated.affectedRows === 0) return jsonError(c, 404, `person ${id} not found`);
    return c.json({ message: 'success' });
  });
  return app;
}
