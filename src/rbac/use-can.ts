import { can, type Action, type Resource } from './roles';
import { useSession } from './session-context';

/** Whether the current user may perform `action` on `resource` (spec doc 1 §6). */
export function useCan(resource: Resource, action: Action): boolean {
  const { roles } = useSession();
  return can(roles, resource, action);
}
