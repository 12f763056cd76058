// http: "a workspace key or a signed-in member's OAuth access token", told apart by their prefix. One
// implementation for the two surfaces that take both: the MCP gateway (manifest auth 'gateway') and the
// FOCUS billing routes ('key-or-session', which add the workspace choice: ./key-or-session.ts). Every
// other credential (umcp_, webhook secrets, relay_, Basic, garbage) is a 401 whose words are the surface's.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { UnauthorizedError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX, type Principal } from '#core/keys/api-key';
import { bearerToken } from '#core/keys/use-cases';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '#core/oauth/tokens';
import { publicAppUrlFor } from '../public-url.ts';
import { header } from '../request.ts';
import type { Authenticator } from './authenticator.ts';
import { authenticateOAuthSession } from './oauth-session.ts';
import { authenticateWorkspaceKey } from './workspace-key.ts';

/** What a surface tells a caller with no Bearer credential, and with one of neither family. */
export interface CredentialMessages {
  readonly missing: string;
  readonly invalid: string;
}

const GATEWAY_CREDENTIAL_MESSAGES: CredentialMessages = {
  missing: 'Missing credential: send Authorization: Bearer workspace_… or sign in with OAuth',
  invalid: 'Invalid credential: the gateway takes workspace_ keys and OAuth access tokens',
};

/**
 * The principal of a workspace key or an OAuth access token (`principal.credential` says which).
 * `appUrl`: the public app origin (OAuth tokens must be bound to its /api/mcp); asked only for a token.
 */
export async function authenticateKeyOrOAuth(
  authorization: string | undefined,
  appUrl: () => string,
  messages: CredentialMessages,
): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError(messages.missing);
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) return authenticateWorkspaceKey(authorization);
  if (token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) return authenticateOAuthSession(token, appUrl());
  throw new UnauthorizedError(messages.invalid);
}

/** The gateway's authenticator (manifest auth 'gateway'): a key or a token, the app host's origin from the request. */
export const keyOrOAuth: Authenticator<Principal> = {
  kind: 'gateway',
  authenticate: (event: APIGatewayProxyEvent) =>
    authenticateKeyOrOAuth(header(event, 'authorization'), () => publicAppUrlFor(event), GATEWAY_CREDENTIAL_MESSAGES),
  principalOf: (principal) => principal,
};
