// route: POST /api/webhook-relay → relay (session or service token; workspace keys refused) → OutboundHttp
// Not an operation: no workspace key reaches it, so it is no MCP tool (the gateway speaks for keys and
// OAuth clients). Errors still go through the one error mapper.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { systemClock } from '#core/clock';
import { ForbiddenError, UnauthorizedError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX } from '#core/keys/api-key';
import { bearerToken, requireScope } from '#core/keys/use-cases';
import { authenticateOAuthToken } from '#core/oauth/authenticate';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '#core/oauth/tokens';
import { RELAY_TOKEN_PREFIX, RelayRequest, isRelayToken, relay, type RelayCaller } from '#core/outbound/relay';
import { oauthTokens } from '#adapters/dynamodb/oauth-store';
import { memberships } from '#adapters/dynamodb/user-repository';
import { DynamoRateLimiter } from '#adapters/dynamodb/webhook-repository';
import { SafeOutboundHttp } from '#adapters/outbound-http/outbound-http';
import { observed } from '#adapters/observability/powertools';
import { errorResponse } from '#http/errors';
import { parseJsonBody } from '#http/parse';
import { publicAppUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { jsonResponse } from '#http/responses';
import { routeById } from '#routes/manifest';
import { registrationDeps } from '../webhooks/deps.ts';

const route = routeById('webhook-relay');
const deps = { http: new SafeOutboundHttp(), rateLimiter: new DynamoRateLimiter(), clock: systemClock };

async function authenticateRelayCaller(event: APIGatewayProxyEvent): Promise<RelayCaller> {
  const token = bearerToken(header(event, 'authorization'));
  if (!token)
    throw new UnauthorizedError(
      "Missing credential: the relay takes a signed-in session's access token or the service's relay_ token",
    );
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) {
    throw new ForbiddenError(
      'Workspace keys cannot use the webhook relay: call the URL directly, or use an http-request node in a workflow',
    );
  }
  if (token.startsWith(RELAY_TOKEN_PREFIX)) {
    if (!isRelayToken(token, await registrationDeps.serviceKey())) throw new UnauthorizedError('Invalid relay token');
    return { kind: 'service' };
  }
  if (token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) {
    const principal = await authenticateOAuthToken(token, {
      tokens: oauthTokens,
      memberships,
      clock: systemClock,
      appUrl: publicAppUrlFor(event),
    });
    requireScope(principal, 'run:workflows');
    return { kind: 'session', principal };
  }
  throw new UnauthorizedError(
    "Invalid credential: the relay takes a signed-in session's access token or the service's relay_ token",
  );
}

export const handler = observed(
  middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .onError((request) => {
      request.response = errorResponse(request.error, request.event.requestContext?.requestId);
    })
    .handler(async (event) => {
      const caller = await authenticateRelayCaller(event);
      const request = parseJsonBody(event, RelayRequest, route.maxBodyBytes!);
      return jsonResponse(200, await relay(caller, request, deps));
    }),
);
