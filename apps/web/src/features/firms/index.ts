/** What other features use of firms; everything else in the folder is its own. */
export { ClientMembersPanel } from './client-members-panel';
export { readFirmInvitationToken } from './invitation-token';
export { TeamPanel } from './team-panel';
