// routes: what the two FOCUS routes share — who may call them, their query string, their errors. They are
// direct routes that answer files and documents, not MCP tools, so they are built here rather than as
// operations. The same handler serves the base host and the app host (manifest: auth 'key-or-session').
//
//   Authorization ─► workspace_ key? ─ yes ─► its workspace (workspaceId, if given, must be the same: else 403)
//         │ no
//         ▼
//   OAuth access token (a signed-in member)? ─ yes ─► still a member now (else 401); workspaceId required
//         │ no                                          (400) and must be the token's workspace (else 403)
//         ▼
//        401                       then: scope read:billing (403 naming it) ─► parse query (400) ─► run
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { systemClock } from '#core/clock';
import { ForbiddenError, UnauthorizedError, ValidationError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX, type Principal } from '#core/keys/api-key';
import { authenticate, bearerToken, requireScope } from '#core/keys/use-cases';
import { authenticateOAuthToken } from '#core/oauth/authenticate';
import { OAUTH_ACCESS_TOKEN_PREFIX } from '#core/oauth/tokens';
import * as z from '#core/schema';
import { telemetry } from '#core/telemetry';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { oauthTokens } from '#adapters/dynamodb/oauth-store';
import { memberships } from '#adapters/dynamodb/user-repository';
import { observed } from '#adapters/observability/powertools';
import { errorResponse } from '#http/errors';
import { parseQuery } from '#http/parse';
import { publicAppUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { routeById } from '#routes/manifest';

/** The query string of both routes (focus-metadata ignores `format`). */
export const BillingQuery = z.object({
  from: z.optional(z.string().check(z.maxLength(64))),
  to: z.optional(z.string().check(z.maxLength(64))),
  format: z.optional(z.enum(['jsonl', 'csv'])),
  workspaceId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type BillingQuery = z.infer<typeof BillingQuery>;

const keyDeps = { apiKeys, clock: systemClock };

/** Authenticates a billing caller and returns the principal of the workspace it may read. */
/** `appUrl`: the app host's origin (OAuth tokens must be bound to its /api/mcp); only asked for with a token. */
export async function authenticateBillingCaller(
  authorization: string | undefined,
  workspaceId: string | undefined,
  appUrl: () => string,
): Promise<Principal> {
  const token = bearerToken(authorization);
  if (!token)
    throw new UnauthorizedError(
      'Missing credential: send Authorization: Bearer workspace_… (a signed-in session sends its access token and workspaceId)',
    );
  let principal: Principal;
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) {
    principal = await authenticate(authorization, keyDeps);
  } else if (token.startsWith(OAUTH_ACCESS_TOKEN_PREFIX)) {
    principal = await authenticateOAuthToken(token, {
      tokens: oauthTokens,
      memberships,
      clock: systemClock,
      appUrl: appUrl(),
    });
    if (workspaceId === undefined)
      throw new ValidationError('workspaceId is required when calling with a signed-in session');
  } else {
    throw new UnauthorizedError(
      "Invalid credential: billing routes take a workspace_ key or a signed-in session's access token",
    );
  }
  if (workspaceId !== undefined && workspaceId !== principal.workspaceId) {
    throw new ForbiddenError(`This credential is not for workspace ${workspaceId}`);
  }
  requireScope(principal, 'read:billing');
  return principal;
}

export type BillingHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The Lambda handler of a billing route: authenticate, parse the query, run; errors as `{ "error" }`. */
export function billingRoute(
  routeId: string,
  run: (principal: Principal, query: BillingQuery) => Promise<APIGatewayProxyResult>,
): BillingHandler {
  const route = routeById(routeId);
  if (route.auth !== 'key-or-session' || route.scope !== 'read:billing')
    throw new Error(`Route ${routeId} is not a billing route of the manifest`);
  return observed(
    middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
      .onError((request) => {
        request.response = errorResponse(request.error, request.event.requestContext?.requestId);
      })
      .handler(async (event) => {
        const rawWorkspaceId = event.queryStringParameters?.workspaceId;
        const principal = await authenticateBillingCaller(
          header(event, 'authorization'),
          rawWorkspaceId || undefined,
          () => publicAppUrlFor(event),
        );
        telemetry.tag({ workspaceId: principal.workspaceId });
        return run(principal, parseQuery(event, BillingQuery));
      }),
  );
}
