// gateway: browser rules. Requests without Origin (servers, CLIs, Claude's cloud) pass; a browser's
// Origin must be the app's own or a configured one, else 403 — the DNS-rebinding defence the MCP
// transport requires. CORS headers go on every answer, errors included, so a browser can read them.
import * as z from '#core/schema';
import { ENV } from '#adapters/env';

const CorsConfig = z.object({
  [ENV.publicAppUrl]: z.optional(z.url()),
  [ENV.gatewayAllowedOrigins]: z.optional(z.string()),
});

/** Request headers MCP clients send (the 2026 revision's Mcp-Method/Mcp-Name included), and the toolset choice. */
const ALLOWED_HEADERS =
  'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, Mcp-Method, Mcp-Name, X-MCP-Toolsets';
const EXPOSED_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate';
export const GATEWAY_METHODS = 'POST, OPTIONS';

let origins: Set<string> | undefined;

/** The allowed browser origins: PUBLIC_APP_URL's origin plus GATEWAY_ALLOWED_ORIGINS (comma-separated). */
export function allowedOrigins(): Set<string> {
  if (origins) return origins;
  const config = CorsConfig.parse(process.env);
  const listed = (config[ENV.gatewayAllowedOrigins] ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const app = config[ENV.publicAppUrl];
  origins = new Set([...(app ? [app] : []), ...listed].map((origin) => new URL(origin).origin));
  return origins;
}

export function isAllowedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true;
  return allowedOrigins().has(origin);
}

/** Headers every gateway answer carries. The origin is echoed only when it is allowed. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    vary: 'Origin',
    'access-control-allow-methods': GATEWAY_METHODS,
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-expose-headers': EXPOSED_HEADERS,
    'access-control-max-age': '600',
  };
  if (origin !== undefined && isAllowedOrigin(origin)) headers['access-control-allow-origin'] = origin;
  return headers;
}
