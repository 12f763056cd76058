// operation: POST /api/mcp/workspace/invite → inviteMember → MembershipRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { EmailSchema } from '#core/users/model';
import { inviteMember } from '#core/workspaces/members';
import { configuredAppUrl } from '#adapters/app-url';
import { memberships } from '#adapters/composition/stores';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { writeRoute } from '#operations/route-facts';

const Role = z.enum(['owner', 'admin', 'editor', 'viewer']);

export const operation = defineOperation({
  name: 'invite_member',
  title: 'Invite a member',
  description:
    'Invites a person by email with a role (owner, admin, editor or viewer). Returns an invite link, valid 7 days and shown only now: send it to them; they sign in (or choose a password) and accept. Only an owner can invite owners.',
  example: {
    input: { email: 'dana@acme.example', role: 'editor' },
    status: 201,
    output: {
      id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a',
      email: 'dana@acme.example',
      role: 'editor',
      expiresAt: '2026-11-30T20:00:00.000Z',
      inviteUrl: 'http://127.0.0.1:3000/oauth/invite/Qm9vdHN0cmFwSW52aXRlVG9rZW4xMjM0NTY',
    },
  },
  route: 'workspace-invite',
  http: writeRoute('/api/mcp/workspace/invite', 'manage:integrations', 'workspace'),
  input: z.strictObject({
    email: EmailSchema.check(z.describe('Email address of the person to invite')),
    role: Role.check(z.describe('Role they get on accepting')),
  }),
  output: z.looseObject({
    id: z.string().check(z.describe('Invite id (to revoke it)')),
    email: z.string().check(z.describe('Invited email address, normalised')),
    role: Role.check(z.describe('Role the invited person gets')),
    expiresAt: z.string().check(z.describe('When the link stops working (ISO 8601)')),
    inviteUrl: z.string().check(z.describe('The link to send; it is not stored and cannot be shown again')),
  }),
  audit: 'member.invite',
  annotations: CREATES,
  run: async (input, { principal }) =>
    created(await inviteMember(principal, input, configuredAppUrl(), { memberships, clock: systemClock })),
});
