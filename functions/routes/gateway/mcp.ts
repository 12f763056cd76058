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
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { UnauthorizedError, ValidationError } from '#core/errors';
import type { Principal } from '#core/keys/api-key';
import { telemetry } from '#core/telemetry';
import { observed } from '#adapters/observability/powertools';
import { errorResponse } from '#http/errors';
import { publicAppUrlFor, publicBaseUrlFor } from '#http/public-url';
import { header } from '#http/request';
import { jsonResponse } from '#http/responses';
import { GATEWAY_METHODS, corsHeaders, isAllowedOrigin } from '#gateway/cors';
import { GATEWAY_CREDENTIAL_MESSAGES, authenticateKeyOrOAuth } from '#http/auth/key-or-oauth';
import { createGatewayServer } from '#gateway/tools';
import { TOOLSETS_HEADER, TOOLSETS_QUERY, selectionOf, type ToolSelection } from '#gateway/toolsets';
import { fromWebResponse, toWebRequest } from '#gateway/web-bridge';

export const handler = observed(serveGateway);

async function serveGateway(event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> {
  const origin = header(event, 'origin');
  const cors = corsHeaders(origin);
  const requestId = event.requestContext?.requestId ?? context.awsRequestId;
  const method = event.httpMethod.toUpperCase();
  try {
    if (method === 'OPTIONS') return { statusCode: 204, headers: { ...cors, allow: GATEWAY_METHODS }, body: '' };
    if (!isAllowedOrigin(origin))
      return jsonResponse(403, { error: `Origin ${origin} may not call this gateway` }, cors);
    if (method !== 'POST') {
      return jsonResponse(
        405,
        { error: `${method} is not served: this gateway is stateless (no session stream); POST JSON-RPC messages` },
        {
          ...cors,
          allow: GATEWAY_METHODS,
        },
      );
    }

    const appUrl = publicAppUrlFor(event);
    let principal: Principal;
    try {
      principal = await authenticateKeyOrOAuth(
        header(event, 'authorization'),
        () => appUrl,
        GATEWAY_CREDENTIAL_MESSAGES,
      );
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      const metadata = `${appUrl}/.well-known/oauth-protected-resource/api/mcp`;
      return jsonResponse(
        401,
        { error: error.message },
        { ...cors, 'www-authenticate': `Bearer resource_metadata="${metadata}"` },
      );
    }

    let selection: ToolSelection;
    try {
      selection = selectionOf(event.queryStringParameters?.[TOOLSETS_QUERY], header(event, TOOLSETS_HEADER));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return jsonResponse(400, { error: error.message }, cors);
    }

    telemetry.tag({ workspaceId: principal.workspaceId });
    const server = createGatewayServer({
      principal,
      selection,
      remainingMs: () => context.getRemainingTimeInMillis(),
      publicBaseUrl: () => publicBaseUrlFor(event),
      requestId,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const { request, parsedBody } = toWebRequest(event, appUrl);
      const response = await transport.handleRequest(request, {
        authInfo: { token: '', clientId: principal.keyId, scopes: principal.scopes },
        parsedBody,
      });
      return await fromWebResponse(response, cors);
    } finally {
      await server.close();
    }
  } catch (error) {
    const response = errorResponse(error, requestId);
    return { ...response, headers: { ...response.headers, ...cors } };
  }
}
