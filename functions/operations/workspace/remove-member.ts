// operation: POST /api/mcp/workspace/remove-member → removeMember → MembershipRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { removeMember } from '#core/workspaces/members';
import { memberships } from '#adapters/composition/stores';
import { DESTROYS, defineOperation } from '#operations/operation';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'remove_member',
  title: 'Remove a member',
  description:
    'Removes a person from the workspace by user id (see list_workspace_members). Their OAuth access ends on their very next call. The last owner cannot be removed, and only an owner can remove an owner.',
  example: {
    input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b' },
    status: 200,
    output: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', removed: true },
  },
  route: 'workspace-remove-member',
  http: writeRoute('/api/mcp/workspace/remove-member', 'manage:integrations', 'workspace'),
  input: z.strictObject({
    userId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('User id of the member to remove')),
  }),
  output: z.looseObject({
    userId: z.string().check(z.describe('The removed user')),
    removed: z.literal(true).check(z.describe('Always true: the member is gone')),
  }),
  audit: 'member.remove',
  annotations: DESTROYS,
  run: (input, { principal }) => removeMember(principal, input, { memberships, clock: systemClock }),
});
