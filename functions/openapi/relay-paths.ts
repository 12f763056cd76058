// openapi: the webhook relay, described by hand (not an operation: workspace keys are refused, so it is
// no MCP tool). The request schema is the one the handler validates with. See docs/webhooks.md "Relay".
import * as z from '#core/schema';
import { RELAY_RATE_LIMIT, RelayRequest } from '#core/outbound/relay';
import { HTTP_CALL_LIMITS } from '#core/outbound/http-call';
import type { RouteDefinition } from '#route-table/manifest';
import type { OperationObject, PathItem } from './types.ts';

const error = (name: string) => ({ $ref: `#/components/responses/${name}` });

const RESULT = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'headers', 'body', 'bodyEncoding', 'durationMs'],
  properties: {
    status: {
      type: 'integer',
      description: "The target's status code (3xx included: redirects are answered, not followed)",
    },
    headers: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'The target\'s response headers (repeated ones joined with ", ")',
    },
    body: { type: 'string', description: 'The response body: text when it is text (bodyEncoding utf8), else base64' },
    bodyEncoding: { enum: ['utf8', 'base64'] },
    durationMs: { type: 'integer', description: 'DNS, connect and response, in milliseconds' },
  },
};

function withoutDialect({ $schema: _dialect, ...schema }: Record<string, unknown>) {
  return schema;
}

export function relayPaths(route: RouteDefinition): Record<string, PathItem> | undefined {
  if (route.id !== 'webhook-relay') return undefined;
  const post: OperationObject = {
    operationId: 'webhook_relay',
    summary: 'Relay one HTTP request',
    description:
      `Forwards one request under the outbound rules of result callbacks: public HTTPS only, every address checked after DNS and the connection pinned to it, no redirects followed, one deadline (timeoutMs, ${HTTP_CALL_LIMITS.minTimeoutMs}–${HTTP_CALL_LIMITS.maxTimeoutMs} ms), a response of at most ` +
      `${HTTP_CALL_LIMITS.maxResponseBytes} bytes. Authenticated by ` +
      `a signed-in member's OAuth access token ` +
      `(scope run:workflows) or the deployment's relay_ token; a ` +
      `workspace key is refused (403). 400 for a ` +
      `refused URL, 502 when the target cannot be reached, 504 when it does not answer in time, 429 over ` +
      `${RELAY_RATE_LIMIT.limit} requests a minute per caller.`,
    tags: ['webhooks'],
    security: [{ relayCaller: [] }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: withoutDialect(z.toJSONSchema(RelayRequest, { io: 'input' }) as Record<string, unknown>),
          example: {
            method: 'POST',
            url: 'https://hooks.example.com/orders',
            headers: { 'content-type': 'application/json' },
            body: '{"orderId":"o-1042"}',
            timeoutMs: 10000,
          },
        },
      },
    },
    responses: {
      '200': {
        description: "The target's answer, whatever its status",
        content: {
          'application/json': {
            schema: RESULT,
            example: {
              status: 202,
              headers: { 'content-type': 'application/json' },
              body: '{"queued":true}',
              bodyEncoding: 'utf8',
              durationMs: 184,
            },
          },
        },
      },
      '400': error('BadRequest'),
      '401': error('Unauthorized'),
      '403': error('Forbidden'),
      '413': error('PayloadTooLarge'),
      '429': error('TooManyRequests'),
      '502': error('BadGateway'),
      '504': error('GatewayTimeout'),
      '500': error('InternalError'),
    },
  };
  return { [route.path]: { post } };
}
