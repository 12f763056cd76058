// The member tools the screen uses
// (functions/operations/workspace/{list-workspace-members,invite-member,remove-member,change-member-role}.ts),
// typed by the generated contract.
import { readPages } from '../../mcp/pages.ts';
import type { ToolClient, ToolOutput } from '../../mcp/tools.ts';
import type { Role } from './roles.ts';

export type Member = ToolOutput<'change_member_role'>;
export type CreatedInvite = ToolOutput<'invite_member'>;

export const listMembers = async (tools: ToolClient): Promise<Member[]> =>
  (await readPages(tools, 'list_workspace_members', { limit: 200 })).items;

export const inviteMember = (tools: ToolClient, input: { email: string; role: Role }) =>
  tools.call('invite_member', input);
export const changeRole = (tools: ToolClient, userId: string, role: Role) =>
  tools.call('change_member_role', { userId, role });
export const removeMember = (tools: ToolClient, userId: string) => tools.call('remove_member', { userId });
