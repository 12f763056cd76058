// oauth: the authorization server — oidc-provider (OpenID Certified) configured for the MCP gateway.
//
//   DCR ─► /oauth/authorize (PKCE S256, resource = {app_url}/api/mcp) ─► our pages (interactions.ts):
//   sign-in ─► workspace ─► consent ─► code ─► /oauth/token ─► opaque oat_… access token (15 min)
//   + ort_… refresh token (rotated on every use) ─► /oauth/revoke
//
// Storage is the single table (adapters/dynamodb/oauth-store.ts); every URL comes from `issuer`.
import { timingSafeEqual } from 'node:crypto';
import Provider, { errors, type Configuration } from 'oidc-provider';
import {
  parseAccountId,
  ACCESS_TOKEN_TTL_SECONDS,
  OAUTH_ACCESS_TOKEN_PREFIX,
  OAUTH_REFRESH_TOKEN_PREFIX,
  REFRESH_TOKEN_TTL_SECONDS,
} from '#core/oauth/tokens';
import { gatewayResourceUrl } from '#core/oauth/resource';
import { SCOPES } from '#core/scopes';
import { telemetry } from '#core/telemetry';
import { clientSecretDigest, DynamoOAuthAdapter } from '#adapters/dynamodb/oauth-store';
import { memberships } from '#adapters/composition/stores';
import type { OAuthKeys } from './keys.ts';
import { interactionRoutes } from './interactions.ts';
import { loadExistingGrant, studioClient } from './first-party.ts';
import { messagePage, signOutPage } from './pages.ts';

/** Endpoint paths, all under /oauth so that one API Gateway proxy resource serves them. */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
} as const;

/** OIDC scopes a client may also ask for; ours are the workspace scopes. */
export const OIDC_SCOPES = ['openid', 'offline_access', 'email'];
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Exact redirect URIs that are HTTPS, or http on a loopback host (any port), as MCP clients need. */
function assertRedirectUris(uris: unknown): void {
  for (const uri of Array.isArray(uris) ? uris : []) {
    const parsed = URL.parse(String(uri));
    const ok =
      parsed && (parsed.protocol === 'https:' || (parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)));
    if (!ok) throw new errors.InvalidRedirectUri('redirect_uris must use https, or http on a loopback address');
  }
}

export function createProvider(issuer: string, keys: OAuthKeys): Provider {
  const resource = gatewayResourceUrl(issuer);
  const configuration: Configuration = {
    adapter: DynamoOAuthAdapter,
    // The studio (first party, static); every other client registers itself (DCR).
    clients: [studioClient(issuer)],
    loadExistingGrant: loadExistingGrant(resource),
    async findAccount(_ctx, sub) {
      const account = parseAccountId(sub);
      const member = account && (await memberships.getMember(account.workspaceId, account.userId));
      // A user removed from the workspace no longer exists as this account: sessions and refreshes end.
      if (!member) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email: member.email }) };
    },
    claims: { openid: ['sub'], email: ['email'] },
    // OIDC scopes only: the workspace scopes belong to the gateway resource (getResourceServerInfo);
    // listed here too they would count as OIDC scopes and the consent check would never be satisfied.
    scopes: OIDC_SCOPES,
    jwks: { keys: [keys.signingJwk] },
    cookies: {
      keys: keys.cookieKeys,
      // Secure is added by oidc-provider whenever the request is HTTPS (X-Forwarded-Proto behind API Gateway).
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // The studio's sign-out ends the session here too, or the next sign-in would be silent.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out.');
        },
      },
      // PAR would carry authorization parameters past the `resource` check below; MCP clients do not use it.
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // Called when an authorization request names no resource: MCP clients MUST send it (RFC 8707),
        // so refuse (invalid_target, redirected to the client). `oneOf`: the token endpoint choosing
        // among several granted resources, which here is only ever the gateway.
        defaultResource(_ctx, _client, oneOf) {
          if (oneOf) return oneOf.includes(resource) ? resource : oneOf;
          throw new errors.InvalidTarget('the resource parameter is required');
        },
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource served here is ${resource}`);
          return {
            scope: SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    pkce: { required: () => true },
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    extraClientMetadata: {
      // A hook on a harmless RFC 7591 field: the validator sees the whole metadata and checks redirect_uris.
      properties: ['software_id'],
      validator(_ctx, _key, _value, metadata) {
        assertRedirectUris(metadata.redirect_uris);
      },
    },
    rotateRefreshToken: true,
    // Public clients (Claude, the Inspector) rarely ask for offline_access; a refresh token is what
    // lets a 15-minute access token be short-lived, so every client allowed the grant gets one.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: REFRESH_TOKEN_TTL_SECONDS,
      IdToken: 3600,
      Interaction: 1800,
      Session: 3600,
    },
    interactions: { url: (_ctx, interaction) => `${issuer}/oauth/interaction/${interaction.uid}` },
    routes: {
      ...OAUTH_ROUTES,
      end_session: '/oauth/session/end',
      code_verification: '/oauth/device',
      device_authorization: '/oauth/device/auth',
      introspection: '/oauth/introspect',
      pushed_authorization_request: '/oauth/par',
      backchannel_authentication: '/oauth/backchannel',
      challenge: '/oauth/challenge',
    },
    clientBasedCORS: () => true,
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('Authorization failed', String(out.error_description ?? out.error));
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = true;
  // What the client sees is a generic server_error; the cause goes to the log.
  provider.on('server_error', (_ctx, error: Error) =>
    telemetry.error('OAuth server error', { error: { name: error.name, message: error.message, stack: error.stack } }),
  );

  // Our prefixes on the opaque tokens: the gateway routes oat_… to the OAuth check, and a refresh
  // token presented as a bearer token is recognisably the wrong kind.
  for (const [model, prefix] of [
    [provider.AccessToken, OAUTH_ACCESS_TOKEN_PREFIX],
    [provider.RefreshToken, OAUTH_REFRESH_TOKEN_PREFIX],
  ] as const) {
    const prototype = model.prototype as unknown as { generateTokenId(): string };
    const generate = prototype.generateTokenId;
    prototype.generateTokenId = function prefixed(this: unknown) {
      return prefix + generate.call(this);
    };
  }

  // The table holds a client secret only as its digest (oauth-store.ts), so the presented one is
  // digested to compare; both are the same length, as timingSafeEqual needs.
  provider.Client.prototype.compareClientSecret = async function compareDigests(
    this: { clientSecret?: string },
    actual: string,
  ) {
    const stored = Buffer.from(this.clientSecret ?? '');
    const presented = Buffer.from(clientSecretDigest(actual));
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  };

  provider.use(interactionRoutes(provider, { keys, resource }));
  return provider;
}
