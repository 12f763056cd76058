// http: who is calling. One authenticator per kind of credential the manifest names (RouteAuth); the
// handler builder (functions/http/handler.ts) picks the one a route's manifest entry asks for and refuses
// a mismatch at cold start, so a route cannot be served with a weaker check than its manifest declares.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Principal } from '#core/keys/api-key';
import type { HandWrittenRoute, RouteAuth } from '#route-table/hand-written-routes';

export interface Authenticator<Caller> {
  /** The manifest auth kind this authenticator serves. */
  readonly kind: RouteAuth;
  /** The caller of `event`, or a thrown UnauthorizedError / ForbiddenError / ValidationError. */
  authenticate(event: APIGatewayProxyEvent, route: HandWrittenRoute): Promise<Caller>;
  /**
   * The workspace principal the caller acts as, if any: the builder tags the invocation's log lines with
   * its workspace and checks the route's manifest scope against it.
   */
  principalOf(caller: Caller): Principal | undefined;
}
