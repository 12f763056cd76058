// core: the OAuth credential family of the gateway — how its tokens look and how they are stored.
import { createHash } from 'node:crypto';

/** Opaque OAuth access tokens start with this, so the gateway can tell them from workspace keys. */
export const OAUTH_ACCESS_TOKEN_PREFIX = 'oat_';
/** Refresh tokens get their own prefix: presenting one as a bearer token is recognisably wrong. */
export const OAUTH_REFRESH_TOKEN_PREFIX = 'ort_';

/** Access tokens live 15 minutes: short, because a refresh re-checks the user each time anyway. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens rotate on every use; an unused one lapses after 30 days. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 86_400;

/** SHA-256 hex: the only form in which the server keeps a token (or any OAuth model id). */
export function hashOAuthId(id: string): string {
  return createHash('sha256').update(id, 'utf8').digest('hex');
}

/**
 * The OAuth "account" a token acts for is a membership: a user in one workspace, chosen at sign-in.
 * Encoded as `<userId>:<workspaceId>`; ids never contain a colon.
 */
export function encodeAccountId(userId: string, workspaceId: string): string {
  return `${userId}:${workspaceId}`;
}

export function parseAccountId(accountId: string): { userId: string; workspaceId: string } | undefined {
  const [userId, workspaceId, extra] = accountId.split(':');
  if (!userId || !workspaceId || extra !== undefined) return undefined;
  return { userId, workspaceId };
}
