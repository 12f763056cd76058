// operation (tool only): change_member_role → changeMemberRole → MembershipRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { RoleSchema } from '#core/workspaces/invites';
import { changeMemberRole } from '#core/workspaces/members';
import { memberships } from '#adapters/composition/stores';
import { UPDATES, defineOperation } from '#operations/operation';
import { MemberView } from '#operations/views';
import { AT, WORKSPACE } from '#operations/example-values';

export const operation = defineOperation({
  name: 'change_member_role',
  title: 'Change a member’s role',
  description:
    "Sets a member's role (owner, admin, editor, viewer; see list_workspace_members for user ids). Their OAuth access follows on their very next call: a lowered role loses its scopes at once. The last owner cannot be demoted, and only an owner can grant or take away ownership.",
  example: {
    input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', role: 'viewer' },
    status: 200,
    output: {
      workspaceId: WORKSPACE,
      userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b',
      email: 'kai@acme.example',
      role: 'viewer',
      joinedAt: AT,
    },
  },
  route: null,
  scope: 'manage:integrations',
  withoutRoute:
    'The interface names no HTTP route for changing a role (its workspace routes are invite, invite/revoke and remove-member); people and agents change roles through the gateway.',
  input: z.strictObject({
    userId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('User id of the member')),
    role: RoleSchema.check(z.describe('The new role: owner, admin, editor or viewer')),
  }),
  output: MemberView,
  audit: 'member.role-change',
  annotations: UPDATES,
  run: (input, { principal }) => changeMemberRole(principal, input, { memberships, clock: systemClock }),
});
