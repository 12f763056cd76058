// route: the OAuth authorization server and its discovery documents on the app host (public routes).
//
//   /.well-known/oauth-protected-resource[/api/mcp]   RFC 9728 document (built here, CORS *)
//   /.well-known/oauth-authorization-server           RFC 8414: the provider's metadata document
//   /.well-known/openid-configuration                 the same document, as OIDC discovery
//   /oauth/*                                          oidc-provider + our pages (functions/oauth)
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type Provider from 'oidc-provider';
import { protectedResourceMetadata } from '#core/oauth/resource';
import { SCOPES } from '#core/scopes';
import { ENV } from '#adapters/env';
import { readServiceKey } from '#adapters/composition/service-key';
import { readOriginSecret } from '#adapters/composition/origin-secret';
import { clientAddressOf } from '#http/client-address';
import { anyone } from '#http/auth/public';
import { asIs, defineHandler } from '#http/handler';
import { publicAppUrlFor } from '#http/public-url';
import { jsonResponse } from '#http/responses';
import { serveEvent } from '../../oauth/bridge.ts';
import { deriveOAuthKeys } from '../../oauth/keys.ts';
import { createProvider, OAUTH_ROUTES, OIDC_SCOPES } from '../../oauth/provider.ts';

const PROTECTED_RESOURCE_PATHS = new Set([
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/api/mcp',
]);
const DISCOVERY_PATHS = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);

// One provider per cold start (per issuer: the issuer is fixed by configuration, so in practice one).
let provider: Promise<ReturnType<Provider['callback']>> | undefined;
function providerFor(issuer: string): Promise<ReturnType<Provider['callback']>> {
  provider ??= (async () => {
    const secret = await readServiceKey();
    if (!secret)
      throw new Error(`${ENV.serviceRootKey} or ${ENV.serviceRootKeyArn} must be set: the OAuth keys derive from it`);
    return createProvider(issuer, deriveOAuthKeys(secret)).callback();
  })().catch((error: unknown) => {
    provider = undefined;
    throw error;
  });
  return provider;
}

// Both manifest routes of this function: the discovery documents and /oauth/* (oauth/well-known.ts re-exports).
export const handler = defineHandler({ route: ['oauth-well-known', 'oauth-server'], auth: anyone }, async ({ event }) =>
  asIs(await serveOAuth(event)),
);

async function serveOAuth(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  const issuer = publicAppUrlFor(event);
  if (PROTECTED_RESOURCE_PATHS.has(event.path)) {
    if (event.httpMethod === 'OPTIONS') return { statusCode: 204, headers: corsHeaders(), body: '' };
    return jsonResponse(200, protectedResourceMetadata(issuer), {
      ...corsHeaders(),
      'cache-control': 'public, max-age=300',
    });
  }
  const app = await providerFor(issuer);
  // RFC 8414 and OIDC discovery are one document here (oidc-provider serves it as openid-configuration).
  const path = DISCOVERY_PATHS.has(event.path) ? '/.well-known/openid-configuration' : event.path;
  // The sign-in limiter counts per client address: behind CloudFront, the viewer's, never an edge server's.
  const clientAddress = clientAddressOf(event, await readOriginSecret());
  const response = await serveEvent(app, withoutRegistrationScope(event), issuer, path, clientAddress);
  if (!DISCOVERY_PATHS.has(event.path)) return response;
  // oidc-provider lists its OIDC scopes only; the gateway's scopes are part of what this server grants.
  const document =
    response.statusCode === 200
      ? { ...JSON.parse(response.body), scopes_supported: [...OIDC_SCOPES, ...SCOPES] }
      : undefined;
  return {
    ...response,
    headers: { ...response.headers, ...corsHeaders() },
    body: document ? JSON.stringify(document) : response.body,
  };
}

/** Discovery documents are public and read by browser-based clients too. */
function corsHeaders(): Record<string, string> {
  return {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, OPTIONS',
    'access-control-allow-headers': 'mcp-protocol-version',
  };
}

/**
 * Clients registering dynamically often send `scope` (the MCP SDK sends the protected resource's
 * scopes_supported). oidc-provider would check it against its OIDC scopes only and refuse the
 * registration; and a registered `scope` would cap the scopes the client may request. What a client
 * gets is decided at consent and by the user's role, so the registration's `scope` is dropped.
 */
function withoutRegistrationScope(event: APIGatewayProxyEvent): APIGatewayProxyEvent {
  if (event.path !== OAUTH_ROUTES.registration || event.httpMethod !== 'POST' || !event.body) return event;
  try {
    const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
    const metadata = JSON.parse(text) as unknown;
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata) || !('scope' in metadata)) return event;
    const { scope: _ignored, ...rest } = metadata as Record<string, unknown>;
    return { ...event, body: JSON.stringify(rest), isBase64Encoded: false };
  } catch {
    return event; // Not JSON: oidc-provider answers with its own error.
  }
}
