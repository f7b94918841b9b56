/**
 * Guards a page or control by `resource:action`. A guarded page shows either the Unauthorized
 * message or nothing (spec doc 1 §2); controls usually pass `fallback={null}`.
 */
import type { ReactNode } from 'react';
import type { Action, Resource } from './roles';
import { useCan } from './use-can';

export const UNAUTHORIZED_MESSAGE = 'Unauthorized – You do not have permission to access this page';

/** The Unauthorized screen's text, as a landmark-friendly block. */
export function UnauthorizedMessage() {
  return (
    <div
      role="alert"
      className="flex flex-col items-center justify-center gap-2 px-6 py-16 text-center"
    >
      <p className="text-base font-semibold text-fg">{UNAUTHORIZED_MESSAGE}</p>
    </div>
  );
}

export interface RequirePermissionProps {
  resource: Resource;
  action?: Action;
  children: ReactNode;
  /** What to render without permission: the Unauthorized message (default) or e.g. null. */
  fallback?: ReactNode;
}

export function RequirePermission({
  resource,
  action = 'read',
  children,
  fallback = <UnauthorizedMessage />,
}: RequirePermissionProps) {
  return useCan(resource, action) ? <>{children}</> : <>{fallback}</>;
}
