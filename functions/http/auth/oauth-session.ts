// http: a signed-in member's OAuth access token (oat_…), as the gateway's authorization server issued it.
// Effective scopes = consented ∩ the user's role now (functions/core/oauth/authenticate.ts).
import { systemClock } from '#core/clock';
import type { Principal } from '#core/keys/api-key';
import { authenticateOAuthToken } from '#core/oauth/authenticate';
import { memberships, oauthTokens } from '#adapters/composition/stores';

/** `appUrl`: the public app origin; the token must be bound to its /api/mcp. */
export function authenticateOAuthSession(token: string, appUrl: string): Promise<Principal> {
  return authenticateOAuthToken(token, { tokens: oauthTokens, memberships, clock: systemClock, appUrl });
}
