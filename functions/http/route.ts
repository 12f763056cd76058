// http: how every route handler is assembled. Authenticate (401/403) → parse (400/413) → run the
// use case → shape the response; any error becomes `{ "error": ... }` in functions/http/errors.ts.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from '#core/schema';
import { systemClock } from '#core/clock';
import type { Principal } from '#core/keys/api-key';
import { authenticate, requireScope } from '#core/keys/use-cases';
import { telemetry } from '#core/telemetry';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { observed } from '#adapters/observability/powertools';
import { routeById } from '#routes/manifest';
import { errorResponse } from './errors.ts';
import { DEFAULT_MAX_BODY_BYTES, parseJsonBody, parseQuery } from './parse.ts';
import { header } from './request.ts';
import { HttpResult, jsonResponse } from './responses.ts';

export interface RouteRequest<B, Q> {
  body: B;
  query: Q;
  principal: Principal;
  event: APIGatewayProxyEvent;
  /** The Lambda context (remaining time, request id). */
  context: Context;
}

export interface RouteSpec<B, Q> {
  body?: z.ZodMiniType<B>;
  query?: z.ZodMiniType<Q>;
}

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/**
 * Builds the Lambda handler of the manifest route `routeId`. The scope comes from the manifest, so the
 * route table and the enforcement cannot disagree.
 */
export function defineRoute<B = undefined, Q = undefined>(
  routeId: string,
  spec: RouteSpec<B, Q>,
  run: (request: RouteRequest<B, Q>) => Promise<unknown>,
): RouteHandler {
  const route = routeById(routeId);
  if ((route.auth ?? 'workspace-key') !== 'workspace-key') {
    // The manifest says this route takes another credential; a workspace-key handler would refuse every caller.
    throw new Error(`Route ${routeId} is authenticated by ${route.auth}; defineRoute serves workspace-key routes only`);
  }
  const maxBodyBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const deps = { apiKeys, clock: systemClock };

  // observed: request id, workspace and execution ids on every line, the request line, EMF counts.
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .onError((request) => {
      request.response = errorResponse(request.error, request.event.requestContext?.requestId);
    })
    .handler(async (event, context) => {
      const principal = await authenticate(header(event, 'authorization'), deps);
      telemetry.tag({ workspaceId: principal.workspaceId });
      requireScope(principal, route.scope);
      const body = spec.body ? parseJsonBody(event, spec.body, maxBodyBytes) : (undefined as B);
      const query = spec.query ? parseQuery(event, spec.query) : (undefined as Q);
      const result = await run({ body, query, principal, event, context });
      if (result instanceof HttpResult) return jsonResponse(result.statusCode, result.body, result.headers);
      return jsonResponse(200, result);
    });
  return observed(handler);
}
