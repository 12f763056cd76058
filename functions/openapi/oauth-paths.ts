// openapi: the OAuth 2.1 routes described by hand — the discovery documents under /.well-known and the
// authorization server's endpoints (authorize, token, registration, revocation, JWKS).
import { protectedResourceMetadata } from '#core/oauth/resource';
import { SCOPES } from '#core/scopes';
import { OAUTH_ROUTES } from '../oauth/provider.ts';
import { APP, json, object, publicOperation, queryParam, string } from './described-blocks.ts';
import type { PathItem } from './types.ts';

const discoveryDocument = {
  issuer: APP,
  authorization_endpoint: `${APP}${OAUTH_ROUTES.authorization}`,
  token_endpoint: `${APP}${OAUTH_ROUTES.token}`,
  registration_endpoint: `${APP}${OAUTH_ROUTES.registration}`,
  revocation_endpoint: `${APP}${OAUTH_ROUTES.revocation}`,
  jwks_uri: `${APP}${OAUTH_ROUTES.jwks}`,
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  scopes_supported: ['openid', 'offline_access', 'email', ...SCOPES],
};
const DISCOVERY_SCHEMA = object(
  {
    issuer: string('The app host origin'),
    authorization_endpoint: { type: 'string' },
    token_endpoint: { type: 'string' },
    registration_endpoint: { type: 'string' },
    revocation_endpoint: { type: 'string' },
    scopes_supported: { type: 'array', items: { type: 'string' } },
  },
  ['issuer', 'authorization_endpoint', 'token_endpoint'],
);

export const wellKnown: Record<string, PathItem> = {
  '/.well-known/oauth-protected-resource/api/mcp': {
    get: publicOperation(
      'get_protected_resource_metadata',
      'Protected resource metadata (RFC 9728)',
      'Names the gateway as a resource and its authorization server; also served at /.well-known/oauth-protected-resource.',
      'oauth',
      {
        '200': {
          description: 'The metadata document',
          content: json(
            object(
              {
                resource: { type: 'string' },
                authorization_servers: { type: 'array', items: { type: 'string' } },
                scopes_supported: { type: 'array', items: { type: 'string' } },
              },
              ['resource', 'authorization_servers'],
            ),
            protectedResourceMetadata(APP),
          ),
        },
      },
    ),
  },
  '/.well-known/oauth-authorization-server': {
    get: publicOperation(
      'get_authorization_server_metadata',
      'Authorization server metadata (RFC 8414)',
      'Endpoints, grants and scopes of the OAuth 2.1 server (the same document as /.well-known/openid-configuration).',
      'oauth',
      {
        '200': {
          description: 'The metadata document (abridged example)',
          content: json(DISCOVERY_SCHEMA, discoveryDocument),
        },
      },
    ),
  },
  '/.well-known/openid-configuration': {
    get: publicOperation(
      'get_openid_configuration',
      'OpenID discovery document',
      'The authorization server metadata as OIDC discovery.',
      'oauth',
      {
        '200': {
          description: 'The metadata document (abridged example)',
          content: json(DISCOVERY_SCHEMA, discoveryDocument),
        },
      },
    ),
  },
};

const oauthError = (example: string) => ({
  description: 'An OAuth error (RFC 6749 §5.2)',
  content: json(object({ error: { type: 'string' }, error_description: { type: 'string' } }, ['error']), {
    error: example,
    error_description: 'See the OAuth 2.1 specification',
  }),
});
const form = (
  properties: Record<string, Record<string, unknown>>,
  required: string[],
  example: Record<string, string>,
) => ({
  required: true,
  content: { 'application/x-www-form-urlencoded': { schema: object(properties, required), example } },
});

export const oauthEndpoints: Record<string, PathItem> = {
  [OAUTH_ROUTES.authorization]: {
    get: publicOperation(
      'oauth_authorize',
      'Authorization endpoint',
      'Starts the authorization code flow (PKCE S256 and resource={app}/api/mcp required): the browser is sent through sign-in, workspace choice and consent pages, then back to redirect_uri with a code.',
      'oauth',
      {
        '303': { description: 'To the sign-in interaction (or back to redirect_uri with a code or an error)' },
        '400': oauthError('invalid_request'),
      },
      {
        parameters: [
          queryParam('client_id', true, 'c_01jd8x'),
          queryParam('response_type', true, 'code', { const: 'code' }),
          queryParam('redirect_uri', true, 'http://127.0.0.1:33418/callback'),
          queryParam('code_challenge', true, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'),
          queryParam('code_challenge_method', true, 'S256', { const: 'S256' }),
          queryParam('resource', true, `${APP}/api/mcp`),
          queryParam('scope', false, 'read:canvases run:workflows offline_access'),
          queryParam('state', false, 'af0ifjsldkj'),
        ],
      },
    ),
  },
  [OAUTH_ROUTES.token]: {
    post: publicOperation(
      'oauth_token',
      'Token endpoint',
      'Exchanges a code (with its PKCE verifier) or a refresh token for an opaque oat_… access token (15 min) and a rotated ort_… refresh token.',
      'oauth',
      {
        '200': {
          description: 'Tokens',
          content: json(
            object(
              {
                access_token: { type: 'string' },
                token_type: { type: 'string' },
                expires_in: { type: 'integer' },
                refresh_token: { type: 'string' },
                scope: { type: 'string' },
              },
              ['access_token', 'token_type'],
            ),
            {
              access_token: 'oat_Xy3…',
              token_type: 'Bearer',
              expires_in: 900,
              refresh_token: 'ort_Ab9…',
              scope: 'read:canvases run:workflows offline_access',
            },
          ),
        },
        '400': oauthError('invalid_grant'),
      },
      {
        requestBody: form(
          {
            grant_type: { enum: ['authorization_code', 'refresh_token'] },
            code: { type: 'string' },
            code_verifier: { type: 'string' },
            redirect_uri: { type: 'string' },
            refresh_token: { type: 'string' },
            client_id: { type: 'string' },
            resource: { type: 'string' },
          },
          ['grant_type'],
          { grant_type: 'refresh_token', refresh_token: 'ort_Ab9…', client_id: 'c_01jd8x', resource: `${APP}/api/mcp` },
        ),
      },
    ),
  },
  [OAUTH_ROUTES.registration]: {
    post: publicOperation(
      'oauth_register_client',
      'Dynamic client registration (RFC 7591)',
      'Registers a public client; redirect URIs must be https or loopback.',
      'oauth',
      {
        '201': {
          description: 'The registered client',
          content: json(
            object({ client_id: { type: 'string' }, redirect_uris: { type: 'array', items: { type: 'string' } } }, [
              'client_id',
            ]),
            {
              client_id: 'c_01jd8x',
              redirect_uris: ['http://127.0.0.1:33418/callback'],
              token_endpoint_auth_method: 'none',
            },
          ),
        },
        '400': oauthError('invalid_redirect_uri'),
      },
      {
        requestBody: {
          required: true,
          content: json(
            object(
              {
                redirect_uris: { type: 'array', items: { type: 'string' } },
                client_name: { type: 'string' },
                token_endpoint_auth_method: { type: 'string' },
              },
              ['redirect_uris'],
            ),
            {
              redirect_uris: ['http://127.0.0.1:33418/callback'],
              client_name: 'Claude Code',
              token_endpoint_auth_method: 'none',
            },
          ),
        },
      },
    ),
  },
  [OAUTH_ROUTES.revocation]: {
    post: publicOperation(
      'oauth_revoke',
      'Token revocation (RFC 7009)',
      'Revokes an access or refresh token.',
      'oauth',
      { '200': { description: 'Revoked (or unknown: the answer is the same)' }, '400': oauthError('invalid_request') },
      {
        requestBody: form({ token: { type: 'string' }, client_id: { type: 'string' } }, ['token'], {
          token: 'ort_Ab9…',
          client_id: 'c_01jd8x',
        }),
      },
    ),
  },
};
