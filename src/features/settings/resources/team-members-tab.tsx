/** The Members tab of a team (spec doc 3 §2.5): the team members panel. */
import { TeamMembersPanel } from '../teams-members';

export function TeamMembersTab({ teamId }: { teamId: string }) {
  return <TeamMembersPanel teamId={teamId} />;
}
