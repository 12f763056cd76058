// core: invitations to a workspace. The link carries a random token; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import * as z from '../schema.ts';
import { EmailSchema } from '../users/model.ts';
import type { MemberRole } from './model.ts';

export const INVITE_TOKEN_PREFIX = 'inv_';
/** An invite can be accepted for seven days; DynamoDB TTL removes it some time after. */
export const INVITE_TTL_DAYS = 7;

export interface Invite {
  id: string;
  workspaceId: string;
  /** Normalised; only a user signed in with this address can accept. */
  email: string;
  role: MemberRole;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
  /** The user (OAuth) or key (workspace key) that invited. */
  invitedBy: string;
}

export const RoleSchema = z.enum(['owner', 'admin', 'editor', 'viewer']);

export const InviteInput = z.strictObject({ email: EmailSchema, role: RoleSchema });
export type InviteInput = z.infer<typeof InviteInput>;

export const RevokeInviteInput = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export type RevokeInviteInput = z.infer<typeof RevokeInviteInput>;

export const RemoveMemberInput = z.strictObject({ userId: z.string().check(z.minLength(1), z.maxLength(64)) });
export type RemoveMemberInput = z.infer<typeof RemoveMemberInput>;

export const ChangeRoleInput = z.strictObject({
  userId: z.string().check(z.minLength(1), z.maxLength(64)),
  role: RoleSchema,
});
export type ChangeRoleInput = z.infer<typeof ChangeRoleInput>;

export function generateInviteToken(): string {
  return INVITE_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isInviteTokenFormat(candidate: string): boolean {
  return /^inv_[A-Za-z0-9_-]{43}$/.test(candidate);
}
