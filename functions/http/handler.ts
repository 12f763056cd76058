// http: how every Lambda handler of an HTTP route is assembled, whatever its credential.
//
//   before (preflight, 405) ─► authenticate (the manifest's auth kind: 401/403) ─► tag the workspace
//     ─► the manifest scope (403) ─► parse body / query (400/413) ─► run ─► shape the answer
//
// Any error becomes `{ "error": ... }` in functions/http/errors.ts, with the route's own headers (CORS)
// on it, and so does a handler still running just before the function's timeout (./deadline.ts); the whole
// is `observed` (request line, ids, metrics). The authenticator must serve the kind the route's manifest
// entry names, checked at cold start: the route table and the check cannot disagree. Straight-line code,
// no middleware chain: docs/architecture.md says why.
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Principal } from '#core/keys/api-key';
import { requireScope } from '#core/keys/use-cases';
import type * as z from '#core/schema';
import { telemetry } from '#core/telemetry';
import { observed } from '#adapters/observability/powertools';
import { authOf, type HandWrittenRoute, handWrittenRouteById } from '#route-table/hand-written-routes';
import type { Authenticator } from './auth/authenticator.ts';
import { beforeDeadline } from './deadline.ts';
import { errorResponse } from './errors.ts';
import { DEFAULT_MAX_BODY_BYTES, parseJsonBody, parseQuery } from './parse.ts';
import { jsonResponse } from './responses.ts';

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;
/** What defineHandler builds: a RouteHandler that callers without a Lambda context (local mode, tests) may call too. */
export type BuiltHandler = (event: APIGatewayProxyEvent, context?: Context) => Promise<APIGatewayProxyResult>;

export interface HandlerSpec<Caller, B, Q> {
  /**
   * The hand-written route (functions/route-table/hand-written-routes.ts) this handler serves, or the routes
   * (one auth kind) one function serves.
   */
  readonly route: string | readonly string[];
  readonly auth: Authenticator<Caller>;
  /** The JSON body's schema (at most the route's maxBodyBytes). */
  readonly body?: z.ZodMiniType<B>;
  readonly query?: z.ZodMiniType<Q>;
  /** Headers every answer carries, errors included (CORS). */
  readonly headers?: (event: APIGatewayProxyEvent) => Record<string, string>;
  /** Answers (or refuses, by throwing) before authentication: a preflight, a method the route does not serve. */
  readonly before?: (event: APIGatewayProxyEvent) => APIGatewayProxyResult | undefined;
  /** The WWW-Authenticate challenge of a 401, when the route's protocol names more than `Bearer`. */
  readonly challenge?: (event: APIGatewayProxyEvent) => string;
}

export interface HandlerRequest<Caller, B, Q> {
  readonly caller: Caller;
  /** The workspace principal the caller acts as, if any (always, for key and session routes). */
  readonly principal: Principal | undefined;
  readonly body: B;
  readonly query: Q;
  readonly route: HandWrittenRoute;
  readonly event: APIGatewayProxyEvent;
  /** The Lambda context (remaining time, request id). */
  readonly context: Context;
}

/**
 * A complete answer a route made itself (a file, a page, another status than 200, another library's
 * response): sent as it is.
 */
export class ProxyAnswer {
  constructor(readonly response: APIGatewayProxyResult) {}
}
export const asIs = (response: APIGatewayProxyResult) => new ProxyAnswer(response);

/**
 * The Lambda handler of `spec.route`. `run` answers with a value (200 JSON) or asIs(a complete response:
 * jsonResponse for another status or headers).
 */
export function defineHandler<Caller, B = undefined, Q = undefined>(
  spec: HandlerSpec<Caller, B, Q>,
  run: (request: HandlerRequest<Caller, B, Q>) => Promise<unknown>,
): BuiltHandler {
  // The hand-written routes only: a non-operation handler bundles none of the operations' route table.
  const routes = (typeof spec.route === 'string' ? [spec.route] : spec.route).map(handWrittenRouteById);
  return defineHandlerFor(routes, spec, run);
}

/**
 * defineHandler for routes given whole rather than by id: an operation's own route, built from its `http`
 * facts (functions/http/operation-route.ts), so its function never loads the route table; or the routes a
 * handler picks from the hand-written table itself (a host's meta routes: functions/routes/meta/handler.ts).
 */
export function defineHandlerFor<Caller, B = undefined, Q = undefined>(
  routes: readonly HandWrittenRoute[],
  spec: Omit<HandlerSpec<Caller, B, Q>, 'route'>,
  run: (request: HandlerRequest<Caller, B, Q>) => Promise<unknown>,
): BuiltHandler {
  if (routes.length === 0) throw new Error('A handler serves at least one route; none was given');
  for (const route of routes) {
    const kind = authOf(route);
    // A handler whose authenticator is not the manifest's would refuse every caller, or admit the wrong ones.
    if (kind !== spec.auth.kind)
      throw new Error(
        `Route ${route.id} is authenticated by ${kind}; this handler's authenticator is ${spec.auth.kind}`,
      );
  }
  // One function may serve several routes (the meta routes of a host); each is told apart by its resource.
  const routeOf = (event: APIGatewayProxyEvent) =>
    routes.find((route) => route.path === event.resource) ?? (routes[0] as HandWrittenRoute);
  const withHeaders = (event: APIGatewayProxyEvent, response: APIGatewayProxyResult): APIGatewayProxyResult =>
    spec.headers ? { ...response, headers: { ...response.headers, ...spec.headers(event) } } : response;

  const respond = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const early = spec.before?.(event);
    if (early) return withHeaders(event, early);
    const route = routeOf(event);
    const caller = await spec.auth.authenticate(event, route);
    const principal = spec.auth.principalOf(caller);
    if (principal) {
      telemetry.tag({ workspaceId: principal.workspaceId });
      requireScope(principal, route.scope);
    }
    const body = spec.body
      ? parseJsonBody(event, spec.body, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)
      : (undefined as B);
    const query = spec.query ? parseQuery(event, spec.query) : (undefined as Q);
    const result = await run({ caller, principal, body, query, route, event, context });
    return withHeaders(event, answer(result));
  };
  const failed = (error: unknown, event: APIGatewayProxyEvent, context: Context): APIGatewayProxyResult => {
    const response = errorResponse(error, event.requestContext?.requestId ?? context.awsRequestId);
    if (spec.challenge && response.headers?.['www-authenticate']) {
      // The challenge names this host's origin; where that cannot be told, the plain `Bearer` still answers.
      try {
        response.headers['www-authenticate'] = spec.challenge(event);
      } catch {}
    }
    return withHeaders(event, response);
  };
  // A caller without a Lambda context (local mode, tests) gets an empty one: a route reads only what is there.
  return observed(async (event: APIGatewayProxyEvent, context: Context = {} as Context) => {
    try {
      return await beforeDeadline(respond(event, context), context);
    } catch (error) {
      return failed(error, event, context);
    }
  });
}

function answer(result: unknown): APIGatewayProxyResult {
  if (result instanceof ProxyAnswer) return result.response;
  return jsonResponse(200, result);
}
