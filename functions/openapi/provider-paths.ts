// openapi: a video provider's completion webhook, described by hand (not an operation: the provider calls
// it, authenticated by its own signature, so it is no MCP tool). What functions/routes/providers/completion.ts
// does; see docs/generation.md.
import type { RouteDefinition } from '#route-table/manifest';
import type { OperationObject, PathItem, ParameterObject } from './types.ts';

const error = (name: string) => ({ $ref: `#/components/responses/${name}` });

const OUTCOMES = ['recorded', 'duplicate', 'late', 'ignored'];

const inQuery = (
  name: string,
  description: string,
  schema: Record<string, unknown>,
  example: string,
): ParameterObject => ({
  name,
  in: 'query',
  required: true,
  description,
  schema,
  example,
});
const signedHeader = (name: string, description: string, example: string): ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

export function providerPaths(route: RouteDefinition): Record<string, PathItem> | undefined {
  if (route.id !== 'provider-completions') return undefined;
  const post: OperationObject = {
    operationId: 'receive_provider_completion',
    summary: "Receive a video provider's completion webhook",
    description:
      "provider-two (fal) calls this URL, asked for at submit, when a video job ends. Verified by fal's ED25519 signature over the raw body (the request id, user id and timestamp headers are signed; a forged or stale delivery is 401 and changes nothing). The job named in the query is completed only when the signed request id is that job's, and the run waiting on it resumes. Every verified delivery is answered 200 (outcome recorded, duplicate, late or ignored) so the provider stops retrying; a 500 is retried.",
    tags: [route.area],
    security: [],
    parameters: [
      inQuery('provider', 'The provider that ran the job', { enum: ['provider-two'] }, 'provider-two'),
      inQuery('workspaceId', "The job's workspace", { type: 'string', minLength: 1 }, 'ws_01jd8x5d7f9h1k3m5p7r9t1v3x'),
      inQuery('jobId', 'The video job', { type: 'string', minLength: 1 }, 'vjob_01jd8x5d7f9h1k3m5p7r9t1v3x'),
      signedHeader('x-fal-webhook-request-id', "The provider's request id (signed)", '764cabcf-b745-4b3e-ae38'),
      signedHeader('x-fal-webhook-user-id', "The provider's account id (signed)", 'user_1234'),
      signedHeader('x-fal-webhook-timestamp', 'Unix seconds when sent (signed; a stale one is refused)', '1764143040'),
      signedHeader('x-fal-webhook-signature', 'Hex ED25519 signature of the signed headers and body', 'a4f1c9d2e7b0'),
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: { type: 'object', additionalProperties: true, properties: { request_id: { type: 'string' } } },
          example: { request_id: '764cabcf-b745-4b3e-ae38', status: 'OK', payload: {} },
        },
      },
    },
    responses: {
      '200': {
        description: 'Verified; what the delivery did to the job',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              required: ['received', 'outcome'],
              properties: { received: { const: true }, outcome: { enum: OUTCOMES } },
            },
            example: { received: true, outcome: 'recorded' },
          },
        },
      },
      '400': error('BadRequest'),
      '401': error('Unauthorized'),
      '413': error('PayloadTooLarge'),
      '500': error('InternalError'),
    },
  };
  return { [route.path]: { post } };
}
