// use case: turn a presented OAuth access token into the gateway's Principal.
//
//   token ─► stored (by hash)? ─ no ─► 401        expired? ─ yes ─► 401
//                │                                 resource ≠ gateway URL? ─ yes ─► 401
//                ▼
//   member of the workspace now? ─ no ─► 401 (removed users lose access on the very next call)
//                │ yes
//                ▼
//   scopes = consented ∩ ROLE_SCOPES[current role]   (demotion takes effect on the next call)
import type { Clock } from '../clock.ts';
import { UnauthorizedError } from '../errors.ts';
import type { Principal } from '../keys/api-key.ts';
import { effectiveScopes } from '../users/roles.ts';
import type { MembershipRepository } from '../users/ports.ts';
import { gatewayResourceUrl } from './resource.ts';
import { hashOAuthId, OAUTH_ACCESS_TOKEN_PREFIX, parseAccountId } from './tokens.ts';

/** What the authorization server stored for an access token (oidc-provider's payload, the fields we read). */
export interface StoredAccessToken {
  accountId: string;
  clientId: string;
  grantId: string;
  /** Space-separated consented scopes. */
  scope?: string;
  /** The resource (audience) the token was issued for. */
  aud?: string | string[];
  /** Epoch seconds. */
  exp: number;
}

export interface OAuthTokenReader {
  /** One strongly consistent read by the token's hash; revoked tokens are deleted, so not found. */
  findAccessToken(tokenHash: string): Promise<StoredAccessToken | undefined>;
}

export interface OAuthAuthDeps {
  tokens: OAuthTokenReader;
  memberships: Pick<MembershipRepository, 'getMember'>;
  clock: Clock;
  /** The public app origin (PUBLIC_APP_URL): the token must be bound to its /api/mcp. */
  appUrl: string;
}

const INVALID = 'Invalid or expired OAuth access token';

export async function authenticateOAuthToken(token: string, deps: OAuthAuthDeps): Promise<Principal> {
  if (!token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) throw new UnauthorizedError(INVALID);
  const stored = await deps.tokens.findAccessToken(hashOAuthId(token));
  if (!stored || stored.exp * 1000 <= deps.clock.now().getTime()) throw new UnauthorizedError(INVALID);
  const audiences = Array.isArray(stored.aud) ? stored.aud : stored.aud ? [stored.aud] : [];
  if (!audiences.includes(gatewayResourceUrl(deps.appUrl)))
    throw new UnauthorizedError('OAuth access token was issued for another resource');
  const account = parseAccountId(stored.accountId);
  if (!account) throw new UnauthorizedError(INVALID);
  const member = await deps.memberships.getMember(account.workspaceId, account.userId);
  if (!member) throw new UnauthorizedError('The user of this token is no longer a member of the workspace');
  return {
    workspaceId: account.workspaceId,
    keyId: stored.grantId,
    userId: account.userId,
    credential: 'oauth',
    scopes: effectiveScopes((stored.scope ?? '').split(' '), member.role),
  };
}
