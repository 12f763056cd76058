// http: input validation at the edge. Bodies and query strings are parsed with zod; the first
// problem of each field is named in the 400 so a client can fix its request without guessing.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type * as z from '#core/schema';
import { PayloadTooLargeError, ValidationError } from '#core/errors';
import { rawBody } from './request.ts';

/** Default largest JSON body a route accepts; routes may raise it in the manifest. */
export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export function describeIssues(where: string, error: z.core.$ZodError): string {
  const details = error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid ${where}: ${details.join('; ')}`;
}

export function parseJsonBody<T>(event: APIGatewayProxyEvent, schema: z.ZodMiniType<T>, maxBytes: number): T {
  const bytes = rawBody(event);
  if (bytes.length > maxBytes)
    throw new PayloadTooLargeError(`Request body is ${bytes.length} bytes; this route accepts at most ${maxBytes}`);
  let value: unknown = {};
  if (bytes.length > 0) {
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new ValidationError('Malformed JSON body');
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ValidationError('Request body must be a JSON object');
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(describeIssues('request body', parsed.error));
  return parsed.data;
}

export function parseQuery<T>(event: APIGatewayProxyEvent, schema: z.ZodMiniType<T>): T {
  const parsed = schema.safeParse(event.queryStringParameters ?? {});
  if (!parsed.success) throw new ValidationError(describeIssues('query string', parsed.error));
  return parsed.data;
}
