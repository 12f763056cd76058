// Where the studio signs in: its own origin is the authorization server's issuer and the gateway's
// host (CloudFront in AWS, the local front at home), so nothing is configured at build time.
declare const __STUDIO_SCOPES__: readonly string[];

export const CLIENT_ID = 'studio';
/** functions/oauth/first-party.ts registers exactly this redirect URI for the studio. */
export const CALLBACK_PATH = '/auth/callback';

export interface AuthConfig {
  readonly issuer: URL;
  readonly redirectUri: string;
  readonly postLogoutRedirectUri: string;
  readonly resource: string;
  readonly scope: string;
  /** oauth4webapi refuses http unless told; only local mode serves the studio over http. */
  readonly insecure: boolean;
}

export function authConfig(origin: string = window.location.origin): AuthConfig {
  return {
    issuer: new URL(origin),
    redirectUri: `${origin}${CALLBACK_PATH}`,
    postLogoutRedirectUri: `${origin}/`,
    resource: `${origin}/api/mcp`,
    // No openid: the studio needs no ID token. The workspace scopes come from functions/core/scopes.ts
    // at build time; the server cuts them down to the member's role, so asking for all of them never
    // grants more than the role allows.
    scope: __STUDIO_SCOPES__.join(' '),
    insecure: new URL(origin).protocol === 'http:',
  };
}
