// operation: POST /api/mcp/workspace/invite/revoke → revokeInvite → MembershipRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { revokeInvite } from '#core/workspaces/members';
import { memberships } from '#adapters/composition/stores';
import { DESTROYS, defineOperation } from '#operations/operation';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'revoke_invite',
  title: 'Revoke an invite',
  description:
    'Revokes an open invite by its id: its link stops working at once. Members who already accepted stay members (use remove_member).',
  example: {
    input: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a' },
    status: 200,
    output: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a', revoked: true },
  },
  route: 'workspace-invite-revoke',
  http: writeRoute('/api/mcp/workspace/invite/revoke', 'manage:integrations', 'workspace'),
  input: z.strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Invite id, as invite_member returned it')),
  }),
  output: z.looseObject({
    id: z.string().check(z.describe('The revoked invite')),
    revoked: z.literal(true).check(z.describe('Always true: the link no longer works')),
  }),
  audit: 'member.invite-revoke',
  annotations: DESTROYS,
  run: (input, { principal }) => revokeInvite(principal, input, { memberships, clock: systemClock }),
});
