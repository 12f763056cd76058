// core: the one protected resource (the MCP gateway) and the URLs derived from the public app origin.
// Every OAuth URL comes from this one origin, so discovery documents never name another host.
import { ALL_SCOPES } from '../scopes.ts';

const trim = (origin: string) => origin.replace(/\/+$/, '');

/** The canonical gateway URL: the RFC 8707 resource every token is bound to. */
export function gatewayResourceUrl(appUrl: string): string {
  return `${trim(appUrl)}/api/mcp`;
}

/** RFC 9728 metadata URL, path-inserted for /api/mcp; the 401's `resource_metadata` points here. */
export function resourceMetadataUrl(appUrl: string): string {
  return `${trim(appUrl)}/.well-known/oauth-protected-resource/api/mcp`;
}

/** `WWW-Authenticate` value of a gateway 401 (missing, unknown, expired or wrong-family credential). */
export function bearerChallenge(appUrl: string, error?: 'invalid_token'): string {
  return `Bearer ${error ? `error="${error}", ` : ''}resource_metadata="${resourceMetadataUrl(appUrl)}"`;
}

/** The RFC 9728 document served at both the root and the path-inserted well-known URL. */
export function protectedResourceMetadata(appUrl: string) {
  return {
    resource: gatewayResourceUrl(appUrl),
    authorization_servers: [trim(appUrl)],
    scopes_supported: [...ALL_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Workspace automation MCP gateway',
  };
}
