// http: the webhook relay's credential (manifest auth 'session-or-service'): a signed-in member's OAuth
// access token holding run:workflows, or the deployment's service token (relay_…, derived from the service
// key). A workspace key is refused with 403: it may call the URL itself, or use an http-request node.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { ForbiddenError, UnauthorizedError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX } from '#core/keys/api-key';
import { bearerToken, requireScope } from '#core/keys/use-cases';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '#core/oauth/tokens';
import { RELAY_TOKEN_PREFIX, isRelayToken, type RelayCaller } from '#core/outbound/relay';
import { serviceKey } from '#adapters/composition/service-key';
import { publicAppUrlFor } from '../public-url.ts';
import { header } from '../request.ts';
import type { Authenticator } from './authenticator.ts';
import { authenticateOAuthSession } from './oauth-session.ts';

const NEITHER = "the relay takes a signed-in session's access token or the service's relay_ token";

/** The service token: derived from the service key, so any other relay_ value is a 401. */
async function authenticateServiceToken(token: string): Promise<RelayCaller> {
  if (!isRelayToken(token, await serviceKey())) throw new UnauthorizedError('Invalid relay token');
  return { kind: 'service' };
}

async function authenticateSessionOrService(event: APIGatewayProxyEvent): Promise<RelayCaller> {
  const token = bearerToken(header(event, 'authorization'));
  if (!token) throw new UnauthorizedError(`Missing credential: ${NEITHER}`);
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) {
    throw new ForbiddenError(
      'Workspace keys cannot use the webhook relay: call the URL directly, or use an http-request node in a workflow',
    );
  }
  if (token.startsWith(RELAY_TOKEN_PREFIX)) return authenticateServiceToken(token);
  if (token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) {
    const principal = await authenticateOAuthSession(token, publicAppUrlFor(event));
    // The relay's own requirement for a session; the service token acts for no workspace.
    requireScope(principal, 'run:workflows');
    return { kind: 'session', principal };
  }
  throw new UnauthorizedError(`Invalid credential: ${NEITHER}`);
}

export const sessionOrService: Authenticator<RelayCaller> = {
  kind: 'session-or-service',
  authenticate: authenticateSessionOrService,
  principalOf: (caller) => (caller.kind === 'session' ? caller.principal : undefined),
};
