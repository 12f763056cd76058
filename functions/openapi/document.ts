// openapi: the OpenAPI 3.1 document of every route, built from the route manifest and the operation
// catalogue — the same zod schemas the handlers validate with, as JSON Schema draft 2020-12 (OpenAPI
// 3.1's dialect). Pure and deterministic: `npm run openapi` writes it to docs/openapi.json, a test keeps
// that file equal to this function's answer, and both hosts serve it (narrowed to their routes).
//
// Scopes: a workspace-key route's scope is both the role name in its security requirement (OpenAPI 3.1
// lets non-OAuth schemes list roles) and a line of its description; routes any key may call list none.
// A scope pair ("read:assets or read:canvases") is one security requirement per scope, any one suffices.
import * as z from '#core/schema';
import { acceptedScopes } from '#core/scopes';
import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '#core/errors';
import { ROUTES, type Host, type RouteDefinition } from '#route-table/manifest';
import { OPERATIONS } from '#operations/catalogue';
import type { Operation } from '#operations/operation';
import { describedPaths } from './described.ts';
import { LOCAL_SERVERS } from './servers.ts';
import type { JsonSchema, OperationObject, ParameterObject, PathItem, ResponseObject } from './types.ts';

const ERROR_RESPONSES: Record<string, readonly [number, string, string, ErrorCode]> = {
  BadRequest: [
    400,
    'Invalid input: the message names the field and the rule',
    'canvasId: Too small: expected string to have >=1 characters',
    'validation_failed',
  ],
  Unauthorized: [
    401,
    'Missing, unknown, expired or revoked credential',
    'Missing API key: send Authorization: Bearer workspace_…',
    'unauthenticated',
  ],
  Forbidden: [403, 'The credential lacks the scope of the route', 'Missing scope: write:canvas', 'missing_scope'],
  PayloadTooLarge: [413, 'The body is over the route limit', 'Request body exceeds 262144 bytes', 'payload_too_large'],
  TooManyRequests: [
    429,
    'Rate limited; Retry-After says when to try again',
    'Rate limit exceeded: 60 calls per minute',
    'rate_limited',
  ],
  BadGateway: [
    502,
    'The target or provider could not be reached, or answered something unusable',
    'The target could not be reached: connection failed: ECONNREFUSED',
    'upstream_failed',
  ],
  GatewayTimeout: [
    504,
    'The target or provider did not answer in time',
    'The target did not answer in time: timeout after 10000ms',
    'upstream_timeout',
  ],
  InternalError: [
    500,
    'A fault of the service; the message carries nothing internal',
    'Internal server error',
    'internal_error',
  ],
  NotConfigured: [
    503,
    'The deployment lacks a setting this route needs (a signing secret not set); the message says which',
    'Payment webhooks are not configured: no signing secret is set (PAYMENTS_WEBHOOK_SECRET in local mode, the PaymentsWebhookSecret secret in AWS)',
    'not_configured',
  ],
  Default: [
    0,
    'Any other error, with the status of docs/api.md: 404 not found, 405 method not allowed, 409 conflict (stale expectedVersion, in-flight idempotency key), 429 rate limited',
    'Canvas cnv_missing not found',
    'not_found',
  ],
} as const;

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: Record<string, unknown>;
  jsonSchemaDialect: string;
  servers: { url: string; description: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: Record<string, unknown>;
}

const TAGS: Record<RouteDefinition['area'], string> = {
  keys: 'Workspace keys and the identity of the caller',
  canvas: 'Canvases: read and author nodes and edges',
  workspace: 'The workspace and its members',
  runs: 'Runs: start, poll, cancel, replay, redrive',
  webhooks: 'Webhook triggers: register, revoke, and the trigger route other systems call',
  gateway: 'The MCP gateway (app host): every operation as a tool',
  oauth: 'OAuth 2.1 authorization server of the gateway (app host)',
  meta: 'What runs here: the index, liveness and this document (both hosts)',
  billing: 'FOCUS 1.3 cost and usage export and its metadata (read:billing, both hosts)',
  credits: 'Credits: balance, transactions and the billing summary (read:billing)',
  payments: 'Payment-provider webhooks (authenticated by the provider signature)',
  templates: 'Templates: publish a canvas as a frozen copy, list, read, start new canvases from one',
  assets: 'Assets: presigned uploads, the workspace library, canvas assets, usages, trash and purge',
  integrations: 'Integrations: providers, bring-your-own credentials, policies, the workspace suite, the webhook relay',
  codehost:
    'The code host (GitHub App): installations, repositories, source links, sync, draft pull requests, its webhooks',
  generation:
    'Generation: video jobs (submit, poll with the signed status token) bound to a canvas, their results durable assets',
};

/** A JSON Schema as OpenAPI embeds it: the dialect is the document's, so no `$schema` per schema. */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonSchema;
  return rest;
}

function operationObject(operation: Operation, route: RouteDefinition): OperationObject {
  const example = operation.example;
  if (!example)
    throw new Error(`Operation ${operation.name} has no example: give it an \`example\`, then run npm run openapi`);
  const input = jsonSchema(operation.input, 'input');
  const output = jsonSchema(operation.output, 'output');
  const accepted = acceptedScopes(route.scope);
  const scope = accepted.length > 0;
  const object: OperationObject = {
    operationId: operation.name,
    summary: operation.title,
    description:
      `${operation.description}\n\nScope: ` +
      `${scope ? accepted.map((name) => `\`${name}\``).join(' or ') : 'none (any valid workspace key)'}. ` +
      `MCP ` +
      `tool: \`${operation.name}\`.`,
    tags: [route.area],
    // An any-of pair is one security requirement per scope: OpenAPI satisfies a list of them by any one.
    security: scope ? accepted.map((name) => ({ workspaceKey: [name] })) : [{ workspaceKey: [] }],
    responses: {
      [String(example.status)]: {
        description: STATUS_TEXT[example.status]!,
        content: { 'application/json': { schema: output, example: example.output } },
      },
      ...(example.also
        ? {
            [String(example.also.status)]: {
              description: example.also.description,
              content: { 'application/json': { schema: output, example: example.also.output } },
            },
          }
        : {}),
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      ...(scope ? { '403': { $ref: '#/components/responses/Forbidden' } } : {}),
      ...(route.method !== 'GET' ? { '413': { $ref: '#/components/responses/PayloadTooLarge' } } : {}),
      '500': { $ref: '#/components/responses/InternalError' },
      default: { $ref: '#/components/responses/Default' },
    },
  };
  if (route.method === 'GET') {
    const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required ?? []) as string[]);
    object.parameters = Object.entries(properties).map(
      ([name, { description, ...schema }]): ParameterObject => ({
        name,
        in: 'query',
        required: required.has(name),
        description: description as string,
        schema,
        ...(name in example.input ? { example: example.input[name] } : {}),
      }),
    );
  } else {
    object.requestBody = { required: true, content: { 'application/json': { schema: input, example: example.input } } };
  }
  return object;
}

/** Every error answer: the spec's `error`, the machine `code` (core/errors.ts), `scope` for `missing_scope`. */
const ERROR_SCHEMA = {
  type: 'object',
  description: 'Every error answer (functions/http/errors.ts maps the domain errors to statuses and codes once)',
  properties: {
    error: {
      type: 'string',
      description: 'What went wrong and, where it helps, what to do; for people, may be reworded',
    },
    code: {
      type: 'string',
      enum: ERROR_CODE_LIST,
      description: [
        'Stable machine code; switch on this, never on the words.',
        ...ERROR_CODE_LIST.map((code) => `\`${code}\`: ${ERROR_CODES[code].meaning}.`),
      ].join(' '),
    },
    scope: { type: 'string', description: 'With `missing_scope`: the scope (or any-of pair) the call needs' },
  },
  required: ['error', 'code'],
};

function components(): Record<string, unknown> {
  const error = { $ref: '#/components/schemas/Error' };
  const responses: Record<string, ResponseObject> = {};
  for (const [name, [status, description, message, code]] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description: status ? `${status}: ${description}` : description,
      content: {
        'application/json': {
          schema: error,
          // A missing_scope names the scope beside the message (functions/http/errors.ts errorBody).
          example:
            code === 'missing_scope' ? { error: message, code, scope: 'write:canvas' } : { error: message, code },
        },
      },
    };
  }
  responses.Unauthorized!.headers = { 'WWW-Authenticate': { description: 'Bearer', schema: { type: 'string' } } };
  responses.TooManyRequests!.headers = {
    'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
  };
  return {
    schemas: {
      Error: ERROR_SCHEMA,
    },
    responses,
    securitySchemes: {
      workspaceKey: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'workspace_…',
        description:
          'A workspace key (Authorization: Bearer workspace_…). Each route names the scope the key must hold as the role of its security requirement.',
      },
      gatewayToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'The MCP gateway: a workspace key, or an OAuth access token (oat_…) of the app host authorization server (discovery at /.well-known/oauth-protected-resource/api/mcp).',
      },
      webhookSecret: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'whsec_…',
        description: "A webhook trigger's secret as a Bearer token",
      },
      relayCaller: {
        type: 'http',
        scheme: 'bearer',
        description:
          "The webhook relay: a signed-in member's OAuth access token (oat_…, scope run:workflows) or the deployment's relay_ token (npm run admin -- relay-token). Workspace keys are refused.",
      },
      webhookSecretHeader: {
        type: 'apiKey',
        in: 'header',
        name: 'x-webhook-secret',
        description: "A webhook trigger's secret in x-webhook-secret (wins over Authorization)",
      },
    },
  };
}

/** Path-level servers: none for base-only paths (the document's server), the hosts otherwise. */
function serversFor(hosts: ReadonlySet<Host>): PathItem['servers'] {
  if (hosts.size === 1 && hosts.has('base')) return undefined;
  return (['base', 'app'] as const).filter((host) => hosts.has(host)).map((host) => ({ ...LOCAL_SERVERS[host] }));
}

/** The document of `routes` (every route of the manifest by default). */
export function buildOpenApiDocument(
  routes: readonly RouteDefinition[] = ROUTES,
  operations: readonly Operation[] = OPERATIONS,
): OpenApiDocument {
  const byRoute = new Map(
    operations.filter((operation) => operation.route).map((operation) => [operation.route!, operation]),
  );
  const paths: Record<string, PathItem> = {};
  const hostsOf = new Map<string, Set<Host>>();
  for (const route of routes) {
    const operation = byRoute.get(route.id);
    const items = operation
      ? { [route.path]: { [route.method.toLowerCase()]: operationObject(operation, route) } }
      : describedPaths(route);
    if (!items)
      throw new Error(`Route ${route.id} is neither an operation nor described in functions/openapi/described.ts`);
    for (const [path, item] of Object.entries(items)) {
      paths[path] = { ...paths[path], ...item };
      hostsOf.set(path, (hostsOf.get(path) ?? new Set()).add(route.host));
    }
  }
  for (const [path, hosts] of hostsOf) {
    const servers = serversFor(hosts);
    if (servers) paths[path] = { servers, ...paths[path] };
  }
  const areas = [...new Set(routes.map((route) => route.area))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace automation service',
      version: '1.0.0',
      summary:
        'Canvases of nodes and edges that run as workflows, on two hosts: the base host (REST API) and the app host (MCP gateway, OAuth).',
      description: [
        'Generated from the route manifest and the operation catalogue (the zod schemas the handlers validate with): `npm run openapi`.',
        'Every operation is also an MCP tool of the gateway, under its operationId. GET operations take their input as the query string,',
        'the others as a JSON body. Errors are `{ "error": string }`. Each host serves the paths it owns at /openapi.json with its own origin.',
      ].join(' '),
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ ...LOCAL_SERVERS.base }],
    tags: areas.map((area) => ({ name: area, description: TAGS[area] })),
    paths,
    components: components(),
  };
}
