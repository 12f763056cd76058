// route: ANY /api/mcp (app host) → the MCP gateway: stateless streamable HTTP, JSON responses, a fresh
// server and transport per request. The SDK transport speaks the protocol; this file keeps the edges.
//
//   OPTIONS ─────────────────────────────► 204 preflight
//   Origin present and not allowed ──────► 403
//   GET / DELETE (session transport) ────► 405 Allow: POST, OPTIONS (stateless: no stream, no session)
//   POST ─ credential? ─ no/bad ─────────► 401 WWW-Authenticate: Bearer resource_metadata="…"
//            └ yes ─ toolsets known? ─ no ► 400 naming the toolsets (?toolsets= / X-MCP-Toolsets)
//                      └ yes ─► Server + transport ─► JSON-RPC answer
// Every answer carries the CORS headers.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { publicAppUrlFor, publicBaseUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { errorResponse } from '#http/errors';
import { ForbiddenError, MethodNotAllowedError } from '#core/errors';
import { GATEWAY_METHODS, corsHeaders, isAllowedOrigin } from '#gateway/cors';
import { keyOrOAuth } from '#http/auth/key-or-oauth';
import { asIs, defineHandler } from '#http/handler';
import { createGatewayServer } from '#gateway/tools';
import { TOOLSETS_HEADER, TOOLSETS_QUERY, selectionOf } from '#gateway/toolsets';
import { serveStateless, toWebRequest } from '#gateway/web-bridge';

const corsOf = (event: APIGatewayProxyEvent) => corsHeaders(header(event, 'origin'));

/**
 * The preflight, a refused Origin and the methods a stateless gateway does not serve, before any credential.
 * (The CORS headers are added by defineHandler, as on every answer.)
 */
function beforeCredential(event: APIGatewayProxyEvent): APIGatewayProxyResult | undefined {
  const origin = header(event, 'origin');
  const method = event.httpMethod.toUpperCase();
  if (method === 'OPTIONS') return { statusCode: 204, headers: { allow: GATEWAY_METHODS }, body: '' };
  if (!isAllowedOrigin(origin)) return errorResponse(new ForbiddenError(`Origin ${origin} may not call this gateway`));
  if (method !== 'POST') {
    return errorResponse(
      new MethodNotAllowedError(
        `${method} is not served: this gateway is stateless (no session stream); POST JSON-RPC messages`,
        GATEWAY_METHODS.split(', '),
      ),
    );
  }
  return undefined;
}

/** A 401 points the client at the protected resource's metadata (RFC 9728), where OAuth starts. */
const challenge = (event: APIGatewayProxyEvent) =>
  `Bearer resource_metadata="${publicAppUrlFor(event)}/.well-known/oauth-protected-resource/api/mcp"`;

// The credential: a workspace key or an OAuth access token (functions/http/auth/key-or-oauth.ts).
export const handler = defineHandler(
  { route: 'gateway', auth: keyOrOAuth, headers: corsOf, before: beforeCredential, challenge },
  async ({ caller: principal, event, context }) => {
    // An unknown toolset name is a ValidationError: 400 naming the known ones.
    const selection = selectionOf(event.queryStringParameters?.[TOOLSETS_QUERY], header(event, TOOLSETS_HEADER));
    const server = createGatewayServer({
      principal,
      selection,
      remainingMs: () => context.getRemainingTimeInMillis(),
      publicBaseUrl: () => publicBaseUrlFor(event),
      requestId: event.requestContext?.requestId ?? context.awsRequestId,
    });
    const authInfo = { token: '', clientId: principal.keyId, scopes: principal.scopes };
    return asIs(await serveStateless(server, toWebRequest(event, publicAppUrlFor(event)), authInfo));
  },
);
