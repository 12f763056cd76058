// routes: what the two FOCUS routes share — who may call them (manifest auth 'key-or-session': a workspace
// key, or a signed-in member's access token with workspaceId; functions/http/auth/key-or-session.ts), their
// query string, and that they answer files and documents as they are. They are direct routes, not MCP
// tools, so they are built here rather than as operations. The same handler serves the base host and the
// app host.
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Principal } from '#core/keys/api-key';
import * as z from '#core/schema';
import { keyOrSession } from '#http/auth/key-or-session';
import { asIs, defineHandler, type RouteHandler } from '#http/handler';
import { handWrittenRouteById as routeById } from '#route-table/hand-written-routes';

/** The query string of both routes (focus-metadata ignores `format`). */
export const BillingQuery = z.object({
  from: z.optional(z.string().check(z.maxLength(64))),
  to: z.optional(z.string().check(z.maxLength(64))),
  format: z.optional(z.enum(['jsonl', 'csv'])),
  workspaceId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type BillingQuery = z.infer<typeof BillingQuery>;

export type BillingHandler = RouteHandler;

/** The Lambda handler of a billing route: authenticate, read:billing, parse the query, run; errors as `{ "error" }`. */
export function billingRoute(
  routeId: string,
  run: (principal: Principal, query: BillingQuery) => Promise<APIGatewayProxyResult>,
): BillingHandler {
  if (routeById(routeId).scope !== 'read:billing')
    throw new Error(`Route ${routeId} is not a billing route of the manifest`);
  return defineHandler({ route: routeId, auth: keyOrSession, query: BillingQuery }, async ({ caller, query }) =>
    asIs(await run(caller, query)),
  );
}
