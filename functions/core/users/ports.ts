// core: persistence ports for users, memberships and invites. functions/adapters/dynamodb/user-repository.ts implements
// them.
import type { Member, MemberRole } from '../workspaces/model.ts';
import type { Invite } from '../workspaces/invites.ts';
import type { User } from './model.ts';

export interface UserRepository {
  /** Writes the user and its email lookup in one transaction; ConflictError if the email is taken. */
  create(user: User): Promise<void>;
  get(userId: string): Promise<User | undefined>;
  findByEmail(normalisedEmail: string): Promise<User | undefined>;
}

export interface MembershipRepository {
  /** Strongly consistent: the OAuth token check reads it on every gateway call. */
  getMember(workspaceId: string, userId: string): Promise<Member | undefined>;
  /** The workspaces a user belongs to (GSI1, eventually consistent; for the workspace picker). */
  membershipsOf(userId: string): Promise<Member[]>;
  /** ConflictError if the user is a member already. */
  addMember(member: Member): Promise<void>;
  /**
   * Removes the member (`role: null`) or changes its role. When that takes an owner away, the write is
   * conditioned on every other owner still being one, so two concurrent changes can never leave a
   * workspace without an owner: ConflictError then.
   */
  changeMember(member: Member, change: { role: MemberRole | null }): Promise<void>;
  /** The other owners of a workspace (used to refuse removing the last one). */
  owners(workspaceId: string): Promise<Member[]>;
  createInvite(invite: Invite): Promise<void>;
  getInvite(workspaceId: string, inviteId: string): Promise<Invite | undefined>;
  findInviteByTokenHash(tokenHash: string): Promise<Invite | undefined>;
  /** Deletes the invite; false if it was already gone. */
  deleteInvite(invite: Invite): Promise<boolean>;
  /** Deletes the invite and adds the member in one transaction (ConflictError if either fails). */
  acceptInvite(invite: Invite, member: Member): Promise<void>;
  /** Workspace id of the bootstrap workspace of local mode, if one was created. */
  bootstrapWorkspaceId(): Promise<string | undefined>;
}
