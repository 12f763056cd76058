// openapi: the routes that are not operations, described by hand from what their code does — the webhook
// trigger, the MCP gateway, the OAuth discovery documents and endpoints, and the meta routes. A test
// fails when a manifest route is neither an operation nor described here.
import { WEBHOOK_MAX_BODY_BYTES, WEBHOOK_METHODS } from '#core/webhooks/request';
import type { RouteDefinition } from '#route-table/manifest';
import { billingPaths } from './billing-paths.ts';
import { EXECUTION, error, json, object, publicOperation, string } from './described-blocks.ts';
import { meta } from './meta-paths.ts';
import { oauthEndpoints, wellKnown } from './oauth-paths.ts';
import { paymentsPaths } from './payments-paths.ts';
import { providerPaths } from './provider-paths.ts';
import { relayPaths } from './relay-paths.ts';
import type { OperationObject, PathItem } from './types.ts';

function webhookTrigger(method: (typeof WEBHOOK_METHODS)[number]): OperationObject {
  const withBody = method !== 'GET' && method !== 'DELETE';
  return {
    operationId: method === 'POST' ? 'trigger_webhook' : `trigger_webhook_${method.toLowerCase()}`,
    summary: `Trigger a webhook run (${method})`,
    description: [
      'Starts a run of the canvas whose webhook-trigger node owns the secret. The request (method, query, headers with',
      "credentials redacted, body) becomes the node's outputs. Authenticated by the trigger's secret (x-webhook-secret",
      'or Authorization: Bearer), never a workspace key; `?secret=` is refused (400). Repeats with the same Idempotency-Key',
      'and request answer the first 202. Every method answers the same way; OPTIONS gets the CORS preflight. See docs/webhooks.md.',
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
            description: `Any body up to ${WEBHOOK_MAX_BODY_BYTES} bytes, passed to the run as it came (JSON is parsed)`,
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
        content: json({ $ref: '#/components/schemas/Error' }, { error: 'Unknown webhook secret', code: 'not_found' }),
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
      'JSON-RPC 2.0 messages of the Model Context Protocol: every operation of this document is a tool (tools/list shows',
      "the ones the credential's scopes allow). Answers application/json (no session, no stream: GET and DELETE get 405).",
      "Credential: a workspace key or an OAuth access token of the app host's authorization server. See docs/gateway.md.",
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
        content: json({ $ref: '#/components/schemas/Error' }, { error: 'Missing credential', code: 'unauthenticated' }),
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

const githubWebhook = publicOperation(
  'receive_github_webhook',
  'Receive a GitHub webhook delivery',
  "GitHub App deliveries. Verified by X-Hub-Signature-256 (HMAC-SHA256 of the raw body with the App's webhook secret); each signed body is applied once, whatever its X-GitHub-Delivery (a redelivery or a replay answers duplicate: true). installation events update or unlink the installation; push events record the new head on sync targets following that branch; other events are acknowledged.",
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
      content: json(
        { $ref: '#/components/schemas/Error' },
        { error: 'Bad X-Hub-Signature-256', code: 'signature_rejected' },
      ),
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
