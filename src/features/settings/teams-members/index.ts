/** A team's Members panel, mounted by the team detail's Members tab. */
export { TeamMembersPanel } from './team-members-panel';
