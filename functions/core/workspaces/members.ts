// use cases: invite people to a workspace, revoke invites, accept them, change and remove members.
//
//   invite ──► Invite (token hash, TTL 7 d) ──► link {app_url}/oauth/invite/<token>
//                                                   │ the invited person signs in (or sets a password)
//                                                   ▼
//                               acceptInvite: same email? ─ no ─► 403
//                                                   │ yes
//                                                   ▼
//                               one transaction: delete invite + add Member
import type { Clock } from '../clock.ts';
import { ForbiddenError, LastOwnerError, NotFoundError, OwnerOnlyError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Principal } from '../keys/api-key.ts';
import type { MembershipRepository } from '../users/ports.ts';
import type { User } from '../users/model.ts';
import { normaliseEmail } from '../users/model.ts';
import {
  INVITE_TTL_DAYS,
  generateInviteToken,
  hashInviteToken,
  isInviteTokenFormat,
  type ChangeRoleInput,
  type Invite,
  type InviteInput,
  type RemoveMemberInput,
  type RevokeInviteInput,
} from './invites.ts';
import type { Member, MemberRole } from './model.ts';
import { withAudit } from '../audit/scope.ts';

const INVITE_ID_PREFIX = 'invite';

export interface MemberDeps {
  memberships: MembershipRepository;
  clock: Clock;
}

export interface CreatedInvite {
  id: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
  /** Shown once: the token in it is stored only as a hash. */
  inviteUrl: string;
}

/** Where an invite link points: the accept page of the app host. */
export function inviteUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, '')}/oauth/invite/${token}`;
}

/** Only an owner may hand out the owner role; a workspace key (no user behind it) counts as the workspace's own. */
async function assertMayGrant(principal: Principal, role: MemberRole, deps: MemberDeps): Promise<void> {
  if (role !== 'owner' || !principal.userId) return;
  const self = await deps.memberships.getMember(principal.workspaceId, principal.userId);
  if (self?.role !== 'owner') throw new OwnerOnlyError('Only an owner can grant the owner role');
}

export async function inviteMember(
  principal: Principal,
  input: InviteInput,
  appUrl: string,
  deps: MemberDeps,
): Promise<CreatedInvite> {
  await assertMayGrant(principal, input.role, deps);
  const now = deps.clock.now();
  const token = generateInviteToken();
  const invite: Invite = {
    id: newId(INVITE_ID_PREFIX, now.getTime()),
    workspaceId: principal.workspaceId,
    email: normaliseEmail(input.email),
    role: input.role,
    tokenHash: hashInviteToken(token),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000).toISOString(),
    invitedBy: principal.userId ?? principal.keyId,
  };
  await deps.memberships.createInvite(invite);
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role,
    expiresAt: invite.expiresAt,
    inviteUrl: inviteUrl(appUrl, token),
  };
}

export async function revokeInvite(
  principal: Principal,
  input: RevokeInviteInput,
  deps: MemberDeps,
): Promise<{ id: string; revoked: true }> {
  const invite = await deps.memberships.getInvite(principal.workspaceId, input.id);
  if (!invite || !(await deps.memberships.deleteInvite(invite))) throw new NotFoundError('Invite not found');
  return { id: invite.id, revoked: true };
}

/** An invite by the token of its link, if it is still open. */
export async function findOpenInvite(token: string, deps: MemberDeps): Promise<Invite | undefined> {
  if (!isInviteTokenFormat(token)) return undefined;
  const invite = await deps.memberships.findInviteByTokenHash(hashInviteToken(token));
  // TTL deletion is lazy: expiry is checked here too.
  if (!invite || Date.parse(invite.expiresAt) <= deps.clock.now().getTime()) return undefined;
  return invite;
}

export async function acceptInvite(token: string, user: User, deps: MemberDeps): Promise<Member> {
  const invite = await findOpenInvite(token, deps);
  if (!invite) throw new NotFoundError('This invite does not exist, was revoked or has expired');
  if (invite.email !== user.email) throw new ForbiddenError('This invite was sent to another email address');
  const member: Member = {
    workspaceId: invite.workspaceId,
    userId: user.id,
    email: user.email,
    role: invite.role,
    joinedAt: deps.clock.now().toISOString(),
  };
  // The person joining is the actor; the entry joins the transaction that makes them a member.
  const audit = {
    workspaceId: invite.workspaceId,
    action: 'member.join',
    actor: { kind: 'user', userId: user.id },
  } as const;
  await withAudit(audit, () => deps.memberships.acceptInvite(invite, member));
  return member;
}

async function memberOrNotFound(principal: Principal, userId: string, deps: MemberDeps): Promise<Member> {
  const member = await deps.memberships.getMember(principal.workspaceId, userId);
  if (!member) throw new NotFoundError('Member not found');
  return member;
}

/** Refuses a change that would leave the workspace without an owner (the repository re-checks atomically). */
async function assertOwnerRemains(member: Member, newRole: MemberRole | null, deps: MemberDeps): Promise<void> {
  if (member.role !== 'owner' || newRole === 'owner') return;
  const owners = await deps.memberships.owners(member.workspaceId);
  if (!owners.some((owner) => owner.userId !== member.userId)) {
    throw new LastOwnerError('The last owner of a workspace cannot be removed or demoted');
  }
}

export async function removeMember(
  principal: Principal,
  input: RemoveMemberInput,
  deps: MemberDeps,
): Promise<{ userId: string; removed: true }> {
  const member = await memberOrNotFound(principal, input.userId, deps);
  if (member.role === 'owner') await assertMayGrant(principal, 'owner', deps);
  await assertOwnerRemains(member, null, deps);
  await deps.memberships.changeMember(member, { role: null });
  return { userId: member.userId, removed: true };
}

export async function changeMemberRole(
  principal: Principal,
  input: ChangeRoleInput,
  deps: MemberDeps,
): Promise<Member> {
  const member = await memberOrNotFound(principal, input.userId, deps);
  if (member.role === 'owner' || input.role === 'owner') await assertMayGrant(principal, 'owner', deps);
  if (member.role === input.role) return member;
  await assertOwnerRemains(member, input.role, deps);
  await deps.memberships.changeMember(member, { role: input.role });
  return { ...member, role: input.role };
}

/** Adds an existing user to a workspace directly (admin CLI, local bootstrap). */
export async function addMember(
  input: { workspaceId: string; user: User; role: MemberRole },
  deps: MemberDeps,
): Promise<Member> {
  if (!input.workspaceId) throw new ValidationError('workspaceId is required');
  const member: Member = {
    workspaceId: input.workspaceId,
    userId: input.user.id,
    email: input.user.email,
    role: input.role,
    joinedAt: deps.clock.now().toISOString(),
  };
  await deps.memberships.addMember(member);
  return member;
}
