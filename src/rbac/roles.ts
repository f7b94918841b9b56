/**
 * Roles, resources and the role table of the spec (doc 1 §6, contract rbac-and-flags.md §3.1).
 * Pure and DOM-free: the reference server imports this module so that the permission table exists
 * exactly once and the server enforces what the console shows.
 */

/** The five user roles, highest first: the order is the display precedence (contract decision 16). */
export const ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Permission resources (`resource:action`), with the contract's wire names. */
export const RESOURCES = [
  'database',
  'rbac',
  'auth',
  'responder',
  'incident',
  'evidences',
  'comments',
  'canaries',
  'topologies',
  'config_scrapers',
  'identities',
  'connections',
  'kratos',
  'agents',
  'feature_flags',
  'logging_backends',
  'integrations',
  'notifications',
  'playbooks',
  'playbook_runs',
] as const;
export type Resource = (typeof RESOURCES)[number];

export type Action = 'read' | 'write';
export type Permission = `${Resource}:${Action}`;

const SECRET_RESOURCES: ReadonlySet<Resource> = new Set(['rbac', 'identities', 'connections']);
const INCIDENT_WORK: ReadonlySet<Resource> = new Set([
  'responder',
  'incident',
  'evidences',
  'comments',
]);

/** Whether one role alone grants `action` on `resource`. The table is the spec's, verbatim. */
export function rolePermits(role: Role, resource: Resource, action: Action): boolean {
  switch (role) {
    case 'admin':
      return true;
    case 'editor':
      return action === 'read' || !SECRET_RESOURCES.has(resource);
    case 'commander':
    case 'responder':
      if (SECRET_RESOURCES.has(resource)) return false;
      return action === 'read' || INCIDENT_WORK.has(resource);
    case 'viewer':
      return action === 'read' && !SECRET_RESOURCES.has(resource);
  }
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isResource(value: unknown): value is Resource {
  return typeof value === 'string' && (RESOURCES as readonly string[]).includes(value);
}

/**
 * The roles that count for permissions: known roles only; no (known) role means viewer
 * (spec doc 1 §4 "Roles load").
 */
export function effectiveRoles(roles: readonly string[] | null | undefined): Role[] {
  const known = (roles ?? []).filter(isRole);
  return known.length > 0 ? known : ['viewer'];
}

/** Permissions are the union over all of the user's roles. */
export function can(
  roles: readonly string[] | null | undefined,
  resource: Resource,
  action: Action,
): boolean {
  return effectiveRoles(roles).some((role) => rolePermits(role, resource, action));
}

/** The highest role, for display (admin > editor > commander > responder > viewer). */
export function displayRole(roles: readonly string[] | null | undefined): Role {
  const mine = new Set(effectiveRoles(roles));
  return ROLES.find((role) => mine.has(role)) ?? 'viewer';
}

/** Roles allowed to press "Run Now" on a check (a hard-coded role check in the spec). */
export const RUN_CHECK_ROLES: readonly Role[] = ['admin', 'editor', 'commander', 'responder'];

export function canRunCheck(roles: readonly string[] | null | undefined): boolean {
  return effectiveRoles(roles).some((role) => RUN_CHECK_ROLES.includes(role));
}

/** The Settings submenu is hidden for users whose roles include viewer (spec doc 1 §2). */
export function isViewer(roles: readonly string[] | null | undefined): boolean {
  return effectiveRoles(roles).includes('viewer');
}
