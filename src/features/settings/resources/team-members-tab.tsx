/**
 * The Members tab of a team (spec doc 3 §2.5). The members panel (list, Add Members, Remove user)
 * is built separately; until it is mounted here this tab says so.
 */
import { EmptyState } from '../../../ui/empty-state';
import { InfoIcon } from '../../../ui/icons';

export function TeamMembersTab({ teamId }: { teamId: string }) {
  return (
    <EmptyState
      icon={<InfoIcon size={22} />}
      title="Members"
      description={`The members panel of this team (${teamId}) is not available in this build yet.`}
    />
  );
}
