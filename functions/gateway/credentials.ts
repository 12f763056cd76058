// gateway: who is calling. The gateway takes two credential families, told apart by their prefix: a
// workspace key (one GetItem by its hash, as on every route) or an OAuth access token. Everything else
// (umcp_ credentials, webhook secrets, Basic, garbage) is a 401.
import { systemClock } from '#core/clock';
import { UnauthorizedError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX, type Principal } from '#core/keys/api-key';
import { authenticate, bearerToken } from '#core/keys/use-cases';
import { authenticateOAuthToken } from '#core/oauth/authenticate';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '#core/oauth/tokens';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { oauthTokens } from '#adapters/dynamodb/oauth-store';
import { memberships } from '#adapters/dynamodb/user-repository';

const keyDeps = { apiKeys, clock: systemClock };

/** `appUrl`: the public app origin; OAuth tokens must be bound to its /api/mcp. */
export async function authenticateGatewayCaller(authorization: string | undefined, appUrl: string): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token)
    throw new UnauthorizedError('Missing credential: send Authorization: Bearer workspace_… or sign in with OAuth');
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) return authenticate(authorization, keyDeps);
  // OAuth access tokens: effective scopes = consented ∩ the user's role now (functions/core/oauth/authenticate.ts).
  if (token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX))
    return authenticateOAuthToken(token, { tokens: oauthTokens, memberships, clock: systemClock, appUrl });
  throw new UnauthorizedError('Invalid credential: the gateway takes workspace_ keys and OAuth access tokens');
}
