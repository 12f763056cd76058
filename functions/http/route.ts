// http: the workspace-key face of the handler builder (./handler.ts): authenticate the key (401), the
// manifest scope (403), parse (400/413), run, shape the response; errors in functions/http/errors.ts.
// Every operation route is built by it (functions/http/operation-route.ts).
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { Principal } from '#core/keys/api-key';
import type * as z from '#core/schema';
import { workspaceKey } from './auth/workspace-key.ts';
import { defineHandler, type RouteHandler } from './handler.ts';

export type { RouteHandler } from './handler.ts';

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

/**
 * Builds the Lambda handler of the workspace-key route `routeId`. The scope comes from the manifest, so
 * the route table and the enforcement cannot disagree.
 */
export function defineRoute<B = undefined, Q = undefined>(
  routeId: string,
  spec: RouteSpec<B, Q>,
  run: (request: RouteRequest<B, Q>) => Promise<unknown>,
): RouteHandler {
  return defineHandler<Principal, B, Q>(
    { route: routeId, auth: workspaceKey, body: spec.body, query: spec.query },
    ({ caller, body, query, event, context }) => run({ body, query, principal: caller, event, context }),
  );
}
