// route: ANY /mcp/s/{slug} (app host) → a published canvas as an MCP server (docs/published-servers.md):
// stateless streamable HTTP, JSON responses, a fresh server and transport per request, like /api/mcp.
//
//   OPTIONS ──────────────────────────────► 204 preflight
//   Origin present and not allowed ───────► 403
//   GET / DELETE ─────────────────────────► 405 Allow: POST, OPTIONS
//   POST ─ slug unknown ──────────────────► 404
//        ─ protected, no own umcp_ ───────► 401 (workspace keys and OAuth tokens included)
//        └ Server + transport ────────────► JSON-RPC answer; each tools/call passes the limits on its own
//            ─ one message, refused ──────► 429 Retry-After (nothing started)
//            └ a batch ───────────────────► 200, each refused call answered isError with its Retry-After
import { asActor } from '#core/audit/scope';
import { ForbiddenError, MethodNotAllowedError, type RateLimitedError, ValidationError } from '#core/errors';
import { serverPrincipal } from '#core/published/calls';
import { authenticatePublishedCaller, type PublishedCaller } from '#core/published/use-cases';
import type { Authenticator } from '#http/auth/authenticator';
import { asIs, defineHandler } from '#http/handler';
import { publicAppUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { errorResponse } from '#http/errors';
import { GATEWAY_METHODS, corsHeaders, isAllowedOrigin } from '#gateway/cors';
import { serveStateless, toWebRequest } from '#gateway/web-bridge';
import { callWaitMs, publishDeps } from './deps.ts';
import { createPublishedServer } from './server.ts';

/** Manifest auth 'published-server': the server's own `umcp_` credential, or nobody on a public server. */
const publishedCaller: Authenticator<PublishedCaller> = {
  kind: 'published-server',
  authenticate: (event) =>
    authenticatePublishedCaller(event.pathParameters?.slug ?? '', header(event, 'authorization'), publishDeps),
  principalOf: (caller) => serverPrincipal(caller.server),
};

export const handler = defineHandler(
  {
    route: 'published-server',
    auth: publishedCaller,
    headers: (event) => corsHeaders(header(event, 'origin')),
    before(event) {
      const method = event.httpMethod.toUpperCase();
      if (method === 'OPTIONS') return { statusCode: 204, headers: { allow: GATEWAY_METHODS }, body: '' };
      const origin = header(event, 'origin');
      if (!isAllowedOrigin(origin))
        return errorResponse(new ForbiddenError(`Origin ${origin} may not call this server`));
      if (method !== 'POST')
        return errorResponse(
          new MethodNotAllowedError(
            `${method} is not served: this server is stateless; POST JSON-RPC messages`,
            GATEWAY_METHODS.split(', '),
          ),
        );
      return undefined;
    },
    // No resource metadata: a published server's credential is its own, not the workspace's OAuth.
    challenge: (event) => `Bearer realm="${publicAppUrlFor(event)}/mcp/s/${event.pathParameters?.slug ?? ''}"`,
  },
  async ({ caller, event, context }) => {
    if (!event.pathParameters?.slug) throw new ValidationError('Missing server slug');
    const message = toWebRequest(event, publicAppUrlFor(event));
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    let refusal: RateLimitedError | undefined;
    const server = createPublishedServer({
      server: caller.server,
      waitMs: () => callWaitMs(context.getRemainingTimeInMillis()),
      requestId,
      refused: (error) => {
        refusal = error;
      },
    });
    // The runs this request starts name the credential that called (docs/audit.md).
    const actor = { kind: 'published-server', serverId: caller.server.id, credentialId: caller.credentialId } as const;
    const answer = await asActor(actor, () => serveStateless(server, message));
    // A request of one refused call keeps its HTTP meaning, 429 with Retry-After (clients and proxies back
    // off on it); in a batch, the other calls' answers matter, so each refused one answers for itself.
    if (refusal && !Array.isArray(message.parsedBody)) throw refusal;
    return asIs(answer);
  },
);
