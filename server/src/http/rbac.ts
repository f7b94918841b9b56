import type { Context, MiddlewareHandler } from 'hono';
import {
  can,
  effectiveRoles,
  type Action,
  type Resource,
  type Role,
} from '../../../src/rbac/roles';
import type { Caller } from '../auth/accounts';
import type { AppEnv } from './env';

/**
 * An agent principal: a person of type `agent` (created by `POST /agent/generate` with the
 * server-only role `agent`, rbac-and-flags.md §2), or a caller whose only role is `agent`. The
 * role table (§3.1) lists user roles only, so an agent's token must not fall back to viewer (the
 * rule for users without roles): it gets none of the table's permissions — no `/db` relation and
 * no role-guarded endpoint. Agents talk to their own endpoints (push, playbook actions), each of
 * which grants agents explicitly.
 */
export function isAgentPrincipal(caller: Caller): boolean {
  if (caller.type === 'agent') return true;
  return caller.roles.includes('agent') && caller.roles.every((role) => role === 'agent');
}

/** `resource:action` for a caller: the role table for users, nothing for agent principals. */
export function callerCan(caller: Caller, resource: Resource, action: Action): boolean {
  if (isAgentPrincipal(caller)) return false;
  return can(caller.roles, resource, action);
}

/** The Mission Control denial (api.md §0.3): plain text plus the X-Rbac-* headers. */
export function forbidden(
  c: Context<AppEnv>,
  subject: string,
  object: string,
  action: string,
): Response {
  c.header('X-Rbac-Subject', subject);
  c.header('X-Rbac-Object', object);
  c.header('X-Rbac-Action', action);
  return c.text('unauthorized. Access Denied', 403);
}

/** 401 plain text with the reason the auth middleware recorded. */
export function unauthenticated(c: Context<AppEnv>): Response {
  return c.text(c.get('authFailure') || 'Not logged in', 401);
}

/** Any signed-in caller (rbac-and-flags.md §3.3 "any signed-in user"). */
export function requireCaller(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('caller')) return unauthenticated(c);
    await next();
  };
}

/** `resource:action` from the shared role table. */
export function requirePermission(resource: Resource, action: Action): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get('caller');
    if (!caller) return unauthenticated(c);
    if (!callerCan(caller, resource, action)) return forbidden(c, caller.id, resource, action);
    await next();
  };
}

/** One of the listed roles (the hard-coded "Run Now" check of rbac-and-flags.md §3.2). */
export function requireAnyRole(
  roles: readonly Role[],
  object: string,
  action: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const caller = c.get('caller');
    if (!caller) return unauthenticated(c);
    if (
      isAgentPrincipal(caller) ||
      !effectiveRoles(caller.roles).some((role) => roles.includes(role))
    ) {
      return forbidden(c, caller.id, object, action);
    }
    await next();
  };
}

/** The caller of a route behind one of the guards above. */
export function callerOf(c: Context<AppEnv>): Caller {
  const caller = c.get('caller');
  if (!caller) throw new Error('route reached without a caller: a guard is missing');
  return caller;
}
