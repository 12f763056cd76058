// The member tools the screen uses
// (functions/operations/workspace/{list-workspace-members,invite-member,remove-member,change-member-role}.ts),
// typed by their output schemas.
import type { ToolClient } from '../../mcp/tools.ts';
import type { Role } from './roles.ts';

export interface Member {
  userId: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export interface CreatedInvite {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  /** The link to send: not stored, in this answer only. */
  inviteUrl: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const MAX_PAGES = 10;

export async function listMembers(tools: ToolClient): Promise<Member[]> {
  const items: Member[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: Page<Member> = await tools.call<Page<Member>>('list_workspace_members', {
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

export const inviteMember = (tools: ToolClient, input: { email: string; role: Role }) =>
  tools.call<CreatedInvite>('invite_member', input);
export const changeRole = (tools: ToolClient, userId: string, role: Role) =>
  tools.call<Member>('change_member_role', { userId, role });
export const removeMember = (tools: ToolClient, userId: string) =>
  tools.call<{ userId: string; removed: true }>('remove_member', { userId });
