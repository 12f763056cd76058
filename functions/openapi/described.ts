// openapi: the routes that are not operations, described by hand from what their code does — the webhook
// trigger, the MCP gateway, the OAuth discovery documents and endpoints, and the meta routes. A test
// fails when a manifest route is neither an operation nor described here.
import { protectedResourceMetadata } from '#core/oauth/resource';
import { SCOPES } from '#core/scopes';
import { WEBHOOK_MAX_BODY_BYTES, WEBHOOK_METHODS } from '#core/webhooks/request';
import type { RouteDefinition } from '#routes/manifest';
import { OAUTH_ROUTES } from '../oauth/provider.ts';
import { billingPaths } from './billing-paths.ts';
import { paymentsPaths } from './payments-paths.ts';
import { providerPaths } from './provider-paths.ts';
import { relayPaths } from './relay-paths.ts';
import { LOCAL_SERVERS } from './servers.ts';
import type { OperationObject, PathItem } from './types.ts';

const json = (schema: Record<string, unknown>, example: unknown) => ({ 'application/json': { schema, example } });
const error = (description: string) => ({ $ref: `#/components/responses/${description}` });
// Loose, like functions/operations/views.ts: the named fields are what a client may rely on, not all there is.
const object = (properties: Record<string, Record<string, unknown>>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: true,
});
const string = (description: string) => ({ type: 'string', description });

const APP = LOCAL_SERVERS.app.url;
const EXECUTION = 'exec_01jd8x5d7f9h1k3m5p7r9t1v3x';

function webhookTrigger(method: (typeof WEBHOOK_METHODS)[number]): OperationObject {
  const withBody = method !== 'GET' && method !== 'DELETE';
  return {
    operationId: method === 'POST' ? 'trigger_webhook' : `trigger_webhook_${method.toLowerCase()}`,
    summary: `Trigger a webhook run (${method})`,
    description: [
      'Starts a run of the canvas whose webhook-trigger node owns the secret. The request (method, query, headers with',
      "credentials redacted, body) becomes the node's outputs. Authenticated by the trigger's secret (x-webhook-secret",
      'or Authorization: Bearer), never a workspace key; `?secret=` is refused (400). Repeats with the same ' +
        'Idempotency-Key',
      'and request answer the first 202. ' +
        'Every method answers ' +
        'the same way; OPTIONS gets ' +
        'the CORS ' +
        'preflight. See docs/webhooks.md.',
    ].join(' '),
    tags: ['webhooks'],
    security: [{ webhookSecret: [] }, { webhookSecretHeader: [] }],
    parameters: [
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Answer a repeat with the first run instead of a new one',
        schema: { type: 'string' },
        example: 'evt_8842',
      },
    ],
    ...(withBody
      ? {
          requestBody: {
            required: false,
            description:
              `Any body up to ` +
              `${WEBHOOK_MAX_BODY_BYTES} ` +
              `bytes, ` +
              `passed ` +
              `to the run as it came (JSON ` +
              `is parsed)`,
            content: { '*/*': { schema: {}, example: { event: 'order.created', orderId: 'ord_123' } } },
          },
        }
      : {}),
    responses: {
      '202': {
        description: 'Accepted: the run started (or, for a repeat, the first run)',
        content: json(
          object(
            {
              ok: { type: 'boolean' },
              executionId: string('Execution id (exec_…)'),
              message: string('What to do next'),
              replayed: { type: 'boolean', const: true, description: 'Present on a repeat: this is the first run' },
              provider: string('Sender recognised by its signature headers'),
              eventId: string("The sender's event id"),
            },
            ['ok', 'executionId'],
          ),
          {
            ok: true,
            executionId: EXECUTION,
            message: `Run accepted; poll GET /api/executions?executionId=${EXECUTION}`,
          },
        ),
      },
      '400': error('BadRequest'),
      '404': {
        description: 'Unknown or revoked secret, or the trigger node is gone',
        content: json({ $ref: '#/components/schemas/Error' }, { error: 'Unknown webhook secret' }),
      },
      '413': error('PayloadTooLarge'),
      '429': error('TooManyRequests'),
      '500': error('InternalError'),
    },
  };
}

const JSON_RPC = object(
  {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer'] },
    method: { type: 'string' },
    params: { type: 'object' },
  },
  ['jsonrpc', 'method'],
);

const gateway: PathItem = {
  post: {
    operationId: 'mcp',
    summary: 'MCP gateway (streamable HTTP, stateless)',
    description: [
      'JSON-RPC 2.0 messages of the Model ' +
        'Context Protocol: every ' +
        'operation of this document ' +
        'is a tool ' +
        '(tools/list shows',
      "the ones the credential's scopes " +
        'allow). Answers ' +
        'application/json (no session, no ' +
        'stream: GET and ' +
        'DELETE get 405).',
      'Credential: a workspace key or an ' +
        'OAuth access token of ' +
        "the app host's authorization " +
        'server. See ' +
        'docs/gateway.md.',
    ].join(' '),
    tags: ['gateway'],
    security: [{ gatewayToken: [] }],
    requestBody: {
      required: true,
      content: json(JSON_RPC, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'list_canvases', arguments: { limit: 5 } },
      }),
    },
    responses: {
      '200': {
        description: 'The JSON-RPC response (a tool failure is a result with isError: true)',
        content: json(
          object(
            {
              jsonrpc: { const: '2.0' },
              id: { type: ['string', 'integer', 'null'] },
              result: {},
              error: object({ code: { type: 'integer' }, message: { type: 'string' } }),
            },
            ['jsonrpc'],
          ),
          {
            jsonrpc: '2.0',
            id: 1,
            result: {
              content: [{ type: 'text', text: '{"items":[],"nextCursor":null}' }],
              structuredContent: { items: [], nextCursor: null },
            },
          },
        ),
      },
      '202': { description: 'A notification or response from the client was accepted (no body)' },
      '401': {
        description: 'No usable credential; WWW-Authenticate names the resource metadata document',
        headers: {
          'WWW-Authenticate': {
            description: 'Bearer resource_metadata="…/.well-known/oauth-protected-resource/api/mcp"',
            schema: { type: 'string' },
          },
        },
        content: json({ $ref: '#/components/schemas/Error' }, { error: 'Missing credential' }),
      },
      '403': error('Forbidden'),
      '413': error('PayloadTooLarge'),
      '500': error('InternalError'),
    },
  },
};

// A published server (docs/published-servers.md): one canvas as an MCP server of its own. Its credential is its
// own `umcp_` (or none, public), so no security scheme of the workspace applies; the description says so.
const publishedServer: PathItem = {
  post: {
    operationId: 'publishedMcpServer',
    summary: 'A published canvas as an MCP server (streamable HTTP, stateless)',
    description: [
      'JSON-RPC 2.0 messages of the Model Context Protocol: each trigger node its owner exposed is a tool, plus',
      'get_run_result. A protected server takes only its own credential, Authorization: Bearer umcp_…; a public one',
      'takes none. Workspace keys and OAuth tokens are refused (401). A tools/call past the server limits (calls per',
      'minute, credits per UTC day) gets 429 with Retry-After and starts no run. See docs/published-servers.md.',
    ].join(' '),
    tags: ['gateway'],
    security: [],
    parameters: [
      {
        name: 'slug',
        in: 'path',
        required: true,
        schema: { type: 'string' },
        description: 'The server URL name',
        example: 'ask-docs',
      },
    ],
    requestBody: {
      required: true,
      content: json(JSON_RPC, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'ask', arguments: { prompt: 'What is a canvas?', language: 'en' } },
      }),
    },
    responses: {
      '200': {
        description: "The JSON-RPC response: the run's result, or a runId for get_run_result when it outlasts the call",
        content: json(object({ jsonrpc: { const: '2.0' }, id: {}, result: {}, error: {} }, ['jsonrpc']), {
          jsonrpc: '2.0',
          id: 1,
          result: {
            content: [{ type: 'text', text: '{"runId":"exec_01jd8x5d7f9h1k3m5p7r9t1v3x","status":"running"}' }],
            structuredContent: { runId: EXECUTION, status: 'running' },
          },
        }),
      },
      '202': { description: 'A notification or response from the client was accepted (no body)' },
      '401': error('Unauthorized'),
      '429': error('TooManyRequests'),
      '500': error('InternalError'),
      default: error('Default'),
    },
  },
};

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

const publicOperation = (
  operationId: string,
  summary: string,
  description: string,
  tag: string,
  responses: OperationObject['responses'],
  rest: Partial<OperationObject> = {},
): OperationObject => ({
  operationId,
  summary,
  description,
  tags: [tag],
  security: [],
  responses,
  ...rest,
});

/** GitHub's deliveries to the code host's webhook (docs/integrations.md). */
const githubWebhook = publicOperation(
  'receive_github_webhook',
  'Receive a GitHub webhook delivery',
  'GitHub App deliveries. Verified by X-Hub-Signature-256 ' +
    "(HMAC-SHA256 of the raw body with the App's " +
    'webhook secret); each X-GitHub-Delivery is applied once (a ' +
    'redelivery answers duplicate: true). ' +
    'installation events update or unlink the installation; push ' +
    'events record the new head on sync targets ' +
    'following that branch; other events are acknowledged.',
  'codehost',
  {
    '200': {
      description: 'Verified and applied (or recognised as a redelivery)',
      content: json(
        object(
          {
            ok: { type: 'boolean' },
            deliveryId: string('X-GitHub-Delivery'),
            event: string('X-GitHub-Event'),
            applied: { type: 'boolean' },
            duplicate: { type: 'boolean' },
            effect: string('What the delivery changed'),
          },
          ['ok', 'deliveryId', 'applied', 'duplicate'],
        ),
        {
          ok: true,
          deliveryId: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
          event: 'push',
          applied: true,
          duplicate: false,
          effect: 'head recorded on 1 sync target(s)',
        },
      ),
    },
    '400': error('BadRequest'),
    '401': {
      description: 'Missing or wrong X-Hub-Signature-256',
      content: json({ $ref: '#/components/schemas/Error' }, { error: 'Bad X-Hub-Signature-256' }),
    },
    '413': error('PayloadTooLarge'),
    '500': error('InternalError'),
  },
  {
    parameters: [
      {
        name: 'X-Hub-Signature-256',
        in: 'header',
        required: true,
        description: 'sha256=<hex HMAC-SHA256 of the raw body>',
        schema: { type: 'string' },
        example: 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
      },
      {
        name: 'X-GitHub-Delivery',
        in: 'header',
        required: true,
        description: 'Delivery GUID; the deduplication key',
        schema: { type: 'string' },
        example: '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      },
      {
        name: 'X-GitHub-Event',
        in: 'header',
        required: true,
        description: 'Event name',
        schema: { type: 'string' },
        example: 'push',
      },
    ],
    requestBody: {
      required: true,
      description: "GitHub's event payload (content type application/json)",
      content: json(
        { type: 'object' },
        {
          ref: 'refs/heads/main',
          after: '3b18e512dba79e4c8300dd08aeb37f8e728b8dad',
          repository: { full_name: 'acme/docs' },
          installation: { id: 4242 },
        },
      ),
    },
  },
);

const wellKnown: Record<string, PathItem> = {
  '/.well-known/oauth-protected-resource/api/mcp': {
    get: publicOperation(
      'get_protected_resource_metadata',
      'Protected resource metadata (RFC 9728)',
      'Names the gateway as a ' +
        'resource and its ' +
        'authorization server; also served at ' +
        '/.well-known/oauth-protected-resource.',
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

const oauthEndpoints: Record<string, PathItem> = {
  [OAUTH_ROUTES.authorization]: {
    get: publicOperation(
      'oauth_authorize',
      'Authorization endpoint',
      'Starts the authorization code flow (PKCE S256 and ' +
        'resource={app}/api/mcp required): the browser is ' +
        'sent through sign-in, workspace choice ' +
        'and consent pages, ' +
        'then back to redirect_uri with a code.',
      'oauth',
      {
        '303': { description: 'To the sign-in interaction (or back to redirect_uri with a code or an error)' },
        '400': oauthError('invalid_request'),
      },
      {
        parameters: [
          { name: 'client_id', in: 'query', required: true, schema: { type: 'string' }, example: 'c_01jd8x' },
          { name: 'response_type', in: 'query', required: true, schema: { const: 'code' }, example: 'code' },
          {
            name: 'redirect_uri',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            example: 'http://127.0.0.1:33418/callback',
          },
          {
            name: 'code_challenge',
            in: 'query',
            required: true,
            schema: { type: 'string' },
            example: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          },
          { name: 'code_challenge_method', in: 'query', required: true, schema: { const: 'S256' }, example: 'S256' },
          { name: 'resource', in: 'query', required: true, schema: { type: 'string' }, example: `${APP}/api/mcp` },
          {
            name: 'scope',
            in: 'query',
            required: false,
            schema: { type: 'string' },
            example: 'read:canvases run:workflows offline_access',
          },
          { name: 'state', in: 'query', required: false, schema: { type: 'string' }, example: 'af0ifjsldkj' },
        ],
      },
    ),
  },
  [OAUTH_ROUTES.token]: {
    post: publicOperation(
      'oauth_token',
      'Token endpoint',
      'Exchanges a code (with its PKCE ' +
        'verifier) or a refresh ' +
        'token for an opaque oat_… ' +
        'access token (15 ' +
        'min) and a rotated ort_… refresh token.',
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

const INDEX_EXAMPLE = '<!doctype html>\n<html lang="en">…<h1>Workspace automation service: base host</h1>…</html>\n';

const meta: Record<string, PathItem> = {
  '/': {
    get: publicOperation(
      'get_index',
      'What runs here',
      'A small static page: what this host serves, links to this document and /health, the route list.',
      'meta',
      {
        '200': {
          description: 'The index page',
          content: { 'text/html': { schema: { type: 'string' }, example: INDEX_EXAMPLE } },
        },
      },
    ),
  },
  '/health': {
    get: publicOperation(
      'get_health',
      'Liveness',
      'Answers 200 when API Gateway reaches a ' +
        'function of this ' +
        'host. It checks no dependency (no DynamoDB ' +
        'call): an unauthenticated route must ' +
        'not drive table reads.',
      'meta',
      {
        '200': {
          description: 'Alive',
          content: json(object({ status: { const: 'ok' } }, ['status']), { status: 'ok' }),
        },
      },
    ),
  },
  '/openapi.json': {
    get: publicOperation(
      'get_openapi',
      'This document',
      "The OpenAPI 3.1 document of this host's routes, with this host's origin as its server.",
      'meta',
      {
        '200': {
          description: 'The document',
          content: json(
            object({ openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } }, [
              'openapi',
              'info',
              'paths',
            ]),
            {
              openapi: '3.1.0',
              info: { title: 'Workspace automation service', version: '1.0.0' },
              paths: {},
            },
          ),
        },
      },
    ),
  },
};

/** The path items a non-operation route serves, or undefined when it is not described. */
export function describedPaths(route: RouteDefinition): Record<string, PathItem> | undefined {
  switch (route.id) {
    case 'webhook-trigger':
      return {
        [route.path]: Object.fromEntries(
          WEBHOOK_METHODS.map((method) => [method.toLowerCase(), webhookTrigger(method)]),
        ),
      };
    case 'gateway':
      return { [route.path]: gateway };
    case 'published-server':
      return { [route.path]: publishedServer };
    case 'webhooks-github':
      return { [route.path]: { post: githubWebhook } };
    case 'oauth-well-known':
      return wellKnown;
    case 'oauth-server':
      return oauthEndpoints;
    case 'webhook-relay':
      return relayPaths(route);
    case 'provider-completions':
      return providerPaths(route);
    default:
      if (route.area === 'payments') return paymentsPaths(route);
      if (route.area === 'billing') return billingPaths(route);
      if (route.area === 'meta' && meta[route.path]) return { [route.path]: meta[route.path]! };
      return undefined;
  }
}
