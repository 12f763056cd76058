// route: ANY /mcp/s/{slug} (app host) → a published canvas as an MCP server (docs/published-servers.md):
// stateless streamable HTTP, JSON responses, a fresh server and transport per request, like /api/mcp.
//
//   OPTIONS ──────────────────────────────► 204 preflight
//   Origin present and not allowed ───────► 403
//   GET / DELETE ─────────────────────────► 405 Allow: POST, OPTIONS
//   POST ─ slug unknown ──────────────────► 404
//        ─ protected, no own umcp_ ───────► 401 (workspace keys and OAuth tokens included)
//        ─ tools/call past a limit ───────► 429 Retry-After (nothing started)
//        └ Server + transport ────────────► JSON-RPC answer
import { asActor } from '#core/audit/scope';
import { ValidationError } from '#core/errors';
import { admitCall, serverPrincipal } from '#core/published/calls';
import { GET_RUN_RESULT_TOOL } from '#core/published/tools';
import { authenticatePublishedCaller, type PublishedCaller } from '#core/published/use-cases';
import type { Authenticator } from '#http/auth/authenticator';
import { asIs, defineHandler } from '#http/handler';
import { publicAppUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { jsonResponse } from '#http/responses';
import { GATEWAY_METHODS, corsHeaders, isAllowedOrigin } from '#gateway/cors';
import { serveStateless, toWebRequest } from '#gateway/web-bridge';
import { callWaitMs, limitDeps, publishDeps } from './deps.ts';
import { createPublishedServer } from './server.ts';

/** Manifest auth 'published-server': the server's own `umcp_` credential, or nobody on a public server. */
const publishedCaller: Authenticator<PublishedCaller> = {
  kind: 'published-server',
  authenticate: (event) =>
    authenticatePublishedCaller(event.pathParameters?.slug ?? '', header(event, 'authorization'), publishDeps),
  principalOf: (caller) => serverPrincipal(caller.server),
};

/** Whether the JSON-RPC message starts a run: a tools/call of an exposed trigger (get_run_result only reads). */
function startsRun(message: unknown): boolean {
  // Not JSON (undefined): the transport answers the parse error.
  const call = message as { method?: unknown; params?: { name?: unknown } } | null | undefined;
  return call?.method === 'tools/call' && call.params?.name !== GET_RUN_RESULT_TOOL;
}

export const handler = defineHandler(
  {
    route: 'published-server',
    auth: publishedCaller,
    headers: (event) => corsHeaders(header(event, 'origin')),
    before(event) {
      const method = event.httpMethod.toUpperCase();
      if (method === 'OPTIONS') return { statusCode: 204, headers: { allow: GATEWAY_METHODS }, body: '' };
      const origin = header(event, 'origin');
      if (!isAllowedOrigin(origin)) return jsonResponse(403, { error: `Origin ${origin} may not call this server` });
      if (method !== 'POST')
        return jsonResponse(
          405,
          { error: `${method} is not served: this server is stateless; POST JSON-RPC messages` },
          { allow: GATEWAY_METHODS },
        );
      return undefined;
    },
    // No resource metadata: a published server's credential is its own, not the workspace's OAuth.
    challenge: (event) => `Bearer realm="${publicAppUrlFor(event)}/mcp/s/${event.pathParameters?.slug ?? ''}"`,
  },
  async ({ caller, event, context }) => {
    if (!event.pathParameters?.slug) throw new ValidationError('Missing server slug');
    // The body is parsed once, here: the limits read it, the transport takes it parsed.
    const message = toWebRequest(event, publicAppUrlFor(event));
    // Limits before anything starts: a refused call is a 429 with Retry-After and no run.
    if (startsRun(message.parsedBody)) await admitCall(caller.server, limitDeps);
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    const server = createPublishedServer({
      server: caller.server,
      waitMs: () => callWaitMs(context.getRemainingTimeInMillis()),
      requestId,
    });
    // The runs this request starts name the credential that called (docs/audit.md).
    const actor = { kind: 'published-server', serverId: caller.server.id, credentialId: caller.credentialId } as const;
    return asIs(await asActor(actor, () => serveStateless(server, message)));
  },
);
