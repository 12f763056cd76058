// http: the FOCUS billing routes' credential (manifest auth 'key-or-session'), on both hosts:
//
//   Authorization ─► workspace_ key? ─ yes ─► its workspace (workspaceId, if given, must be the same: else 403)
//         │ no
//         ▼
//   OAuth access token (a signed-in member)? ─ yes ─► still a member now (else 401); workspaceId required
//         │ no                                          (400) and must be the token's workspace (else 403)
//         ▼
//        401                       then (the builder): the manifest scope, read:billing (403 naming it)
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ForbiddenError, ValidationError } from '#core/errors';
import type { Principal } from '#core/keys/api-key';
import { publicAppUrlFor } from '../public-url.ts';
import { header } from '../request.ts';
import type { Authenticator } from './authenticator.ts';
import { authenticateKeyOrOAuth, type CredentialMessages } from './key-or-oauth.ts';

const BILLING_CREDENTIAL_MESSAGES: CredentialMessages = {
  missing:
    'Missing credential: send Authorization: Bearer workspace_… (a signed-in session sends its access token and workspaceId)',
  invalid: "Invalid credential: billing routes take a workspace_ key or a signed-in session's access token",
};

/**
 * The principal of a billing caller, for the workspace it asked for (`workspaceId`, from the query).
 * `appUrl`: the app host's origin (OAuth tokens must be bound to its /api/mcp); only asked for with a token.
 */
async function authenticateKeyOrSession(
  authorization: string | undefined,
  workspaceId: string | undefined,
  appUrl: () => string,
): Promise<Principal> {
  const principal = await authenticateKeyOrOAuth(authorization, appUrl, BILLING_CREDENTIAL_MESSAGES);
  // A member may belong to several workspaces; a session names the one it reads (a key has only its own).
  if (principal.credential === 'oauth' && workspaceId === undefined)
    throw new ValidationError('workspaceId is required when calling with a signed-in session');
  if (workspaceId !== undefined && workspaceId !== principal.workspaceId)
    throw new ForbiddenError(`This credential is not for workspace ${workspaceId}`);
  return principal;
}

export const keyOrSession: Authenticator<Principal> = {
  kind: 'key-or-session',
  authenticate: (event: APIGatewayProxyEvent) =>
    authenticateKeyOrSession(
      header(event, 'authorization'),
      event.queryStringParameters?.workspaceId || undefined,
      () => publicAppUrlFor(event),
    ),
  principalOf: (principal) => principal,
};
