/**
 * Who may 'Attach as Evidence' (spec doc 2 §6): write on incident, the incidents feature on and a
 * signed-in person. The action is hidden otherwise (the server refuses it anyway).
 */
import { useFeatureEnabled } from '../../rbac/flags-context';
import { useSession } from '../../rbac/session-context';
import { useCan } from '../../rbac/use-can';

/** The signed-in person's id when evidence may be attached; otherwise null. */
export function useEvidenceAuthor(): string | null {
  const { user } = useSession();
  const canWrite = useCan('incident', 'write');
  const enabled = useFeatureEnabled('incidents');
  return canWrite && enabled && user?.id ? user.id : null;
}
