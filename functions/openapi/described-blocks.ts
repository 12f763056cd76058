// openapi: the small builders every hand-described path item shares — JSON bodies, loose object schemas,
// error references, public (unauthenticated) operations and query parameters.
import { LOCAL_SERVERS } from './servers.ts';
import type { OperationObject, ParameterObject } from './types.ts';

export const json = (schema: Record<string, unknown>, example: unknown) => ({
  'application/json': { schema, example },
});
export const error = (description: string) => ({ $ref: `#/components/responses/${description}` });
// Loose, like functions/operations/views.ts: the named fields are what a client may rely on, not all there is.
export const object = (properties: Record<string, Record<string, unknown>>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: true,
});
export const string = (description: string) => ({ type: 'string', description });

export const APP = LOCAL_SERVERS.app.url;
export const EXECUTION = 'exec_01jd8x5d7f9h1k3m5p7r9t1v3x';

export const publicOperation = (
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

/** A query parameter with a string-like schema and an example (schema defaults to a plain string). */
export const queryParam = (
  name: string,
  required: boolean,
  example: string,
  schema: Record<string, unknown> = { type: 'string' },
): ParameterObject => ({ name, in: 'query', required, schema, example });
