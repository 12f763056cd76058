// http: the one place where domain errors become HTTP statuses and `{ "error": "...", "code": "..." }` bodies.
import type { APIGatewayProxyResult } from 'aws-lambda';
import {
  ConflictError,
  DomainError,
  type ErrorCode,
  ForbiddenError,
  MethodNotAllowedError,
  MissingScopeError,
  NotConfiguredError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  RateLimitedError,
  SignatureRejectedError,
  UnauthorizedError,
  UpstreamError,
  UpstreamTimeoutError,
  ValidationError,
} from '#core/errors';
import { telemetry } from '#core/telemetry';
import { jsonResponse } from './responses.ts';

const STATUS_BY_ERROR: ReadonlyArray<readonly [new (...args: never[]) => DomainError, number]> = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [PaymentRequiredError, 402],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [MethodNotAllowedError, 405],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [RateLimitedError, 429],
  [NotConfiguredError, 503],
  [UpstreamTimeoutError, 504],
  [UpstreamError, 502],
];

export function statusOf(error: DomainError): number {
  return STATUS_BY_ERROR.find(([type]) => error instanceof type)?.[1] ?? 400;
}

/**
 * The body of every error answer: the spec's `error` (the message), the machine `code` beside it, and for
 * `missing_scope` the scope, so that a client can word it without parsing the message.
 */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  scope?: string;
}

export function errorBody(error: DomainError): ErrorBody {
  return {
    error: error.message,
    code: error.code,
    ...(error instanceof MissingScopeError ? { scope: error.scope } : {}),
  };
}

/** The body of a fault of ours: nothing internal, only that it happened. */
export const INTERNAL_ERROR_BODY: ErrorBody = { error: 'Internal server error', code: 'internal_error' };

/** Maps any thrown value to a response. Unknown errors are logged and answered with a bare 500. */
export function errorResponse(error: unknown, requestId?: string): APIGatewayProxyResult {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = {};
    // A rejected signature is not a missing Bearer token: no challenge that would mislead the sender.
    if (error instanceof UnauthorizedError && !(error instanceof SignatureRejectedError))
      headers['www-authenticate'] = 'Bearer';
    if (error instanceof MethodNotAllowedError) headers.allow = error.allow.join(', ');
    const retryAfter =
      error instanceof RateLimitedError || error instanceof ConflictError ? error.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    if (error instanceof RateLimitedError) telemetry.count('RateLimited');
    if (error instanceof NotConfiguredError) {
      // The operator's to-do, not a bug: a warning and its own count, where a Fault would page.
      telemetry.warn('Not configured', { requestId, error: error.message });
      telemetry.count('NotConfigured');
    }
    return jsonResponse(statusOf(error), errorBody(error), headers);
  }
  // The message and stack go to the log only; the client never sees internals. The handler does not
  // throw (the client gets an answer), so Lambda counts no error: `Fault` is what pages (RouteFaults).
  telemetry.error('Unhandled error', { requestId, error: describe(error) });
  telemetry.count('Fault');
  return jsonResponse(500, INTERNAL_ERROR_BODY);
}

function describe(error: unknown) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}
