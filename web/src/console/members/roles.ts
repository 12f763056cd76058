// Roles and the one rule the screen explains before anyone trips on it: a workspace keeps at least one
// owner (functions/core/workspaces/members.ts assertOwnerRemains). The service decides — the list here
// may be stale, another tab may have added an owner — so the screen still asks it, says why up front,
// and words the service's refusal the same way.
import { ToolError, type ToolOutput } from '../../mcp/tools.ts';
import { describeError } from '../../ui/describe-error.ts';

/** The service's roles (its member view's `role`), in the order the screen offers them. */
export type Role = ToolOutput<'change_member_role'>['role'];
export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const satisfies readonly Role[];

/** What each role may do (functions/core/users/roles.ts ROLE_SCOPES), in words. */
export const ROLE_HELP: Readonly<Record<Role, string>> = {
  owner: 'everything, including granting ownership',
  admin: 'everything but ownership',
  editor: 'builds and runs canvases and assets; no keys, members or billing',
  viewer: 'reads canvases and assets',
};

export const LAST_OWNER_REASON =
  'A workspace must always have an owner, so its only owner cannot be removed or demoted. Make another member an owner first.';

/** The members who are the workspace's only owner (none, or exactly one). */
export function protectedOwners(members: readonly { userId: string; role: Role }[]): Set<string> {
  const owners = members.filter((member) => member.role === 'owner');
  return new Set(owners.length === 1 ? [owners[0]!.userId] : []);
}

/**
 * The words for a failed member call, by its code. The last-owner refusal is a 409 from the service, which
 * the generic wording would call someone else's concurrent change; it is the rule, so say the rule.
 */
export function describeMemberError(error: unknown): string {
  if (error instanceof ToolError && error.code === 'last_owner') return `Refused: ${LAST_OWNER_REASON}`;
  if (error instanceof ToolError && error.code === 'owner_only')
    return 'Refused: only an owner can grant or take away the owner role.';
  return describeError(error);
}
