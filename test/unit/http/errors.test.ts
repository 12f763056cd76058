// unit: the one map from domain errors to HTTP statuses and { error, code } bodies.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  MethodNotAllowedError,
  NotConfiguredError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '#core/errors';
import { InsufficientCreditsError } from '#core/credits/errors';
import { errorResponse, statusOf } from '#http/errors';

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  consoleError.mockRestore();
});

describe('errorResponse', () => {
  it.each([
    [new ValidationError('bad input'), 400, 'validation_failed'],
    [new UnauthorizedError('no key'), 401, 'unauthenticated'],
    [new InsufficientCreditsError(30, 12), 402, 'insufficient_credits'],
    [new ForbiddenError('Not a member of this workspace'), 403, 'forbidden'],
    [new NotFoundError('Canvas x not found'), 404, 'not_found'],
    [new MethodNotAllowedError('Method TRACE not allowed', ['GET', 'POST']), 405, 'method_not_allowed'],
    [new ConflictError('stale'), 409, 'conflict'],
    [new PayloadTooLargeError('too big'), 413, 'payload_too_large'],
    [new RateLimitedError('slow down', 12), 429, 'rate_limited'],
  ])('returns %s as status %i with { error: message, code: %s }', (error, status, code) => {
    // Act
    const response = errorResponse(error);

    // Assess
    expect(response.statusCode).toBe(status);
    expect(JSON.parse(response.body)).toEqual({ error: error.message, code });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('answers a NotConfiguredError 503 in words and logs a warning, not an unhandled error', () => {
    // Act
    const response = errorResponse(new NotConfiguredError('Payment webhooks are not configured'), 'req-1');

    // Assess
    expect(response.statusCode).toBe(503);
    expect(JSON.parse(response.body)).toEqual({ error: 'Payment webhooks are not configured', code: 'not_configured' });
    const lines = consoleError.mock.calls.map(([line]) => JSON.parse(String(line)));
    expect(lines).toEqual([
      { level: 'warn', message: 'Not configured', requestId: 'req-1', error: 'Payment webhooks are not configured' },
    ]);
  });

  it('sets Retry-After on a RateLimitedError', () => {
    // Act
    const response = errorResponse(new RateLimitedError('Too many requests', 30));

    // Assess
    expect(response.statusCode).toBe(429);
    expect(response.headers?.['retry-after']).toBe('30');
  });

  it('sets Retry-After on a ConflictError that carries one, and not otherwise', () => {
    // Act
    const withRetry = errorResponse(new ConflictError('Request in flight', { retryAfterSeconds: 2 }));
    const without = errorResponse(new ConflictError('stale'));

    // Assess
    expect(withRetry.headers?.['retry-after']).toBe('2');
    expect(without.headers).not.toHaveProperty('retry-after');
  });

  it('sets WWW-Authenticate: Bearer on a 401', () => {
    // Act
    const response = errorResponse(new UnauthorizedError('Invalid API key'));

    // Assess
    expect(response.headers?.['www-authenticate']).toBe('Bearer');
  });

  it('sets Allow on a 405', () => {
    // Act
    const response = errorResponse(new MethodNotAllowedError('Method TRACE not allowed', ['GET', 'POST', 'PUT']));

    // Assess
    expect(response.headers?.allow).toBe('GET, POST, PUT');
  });

  it('returns a generic 500 for an unknown error, without its message, and logs it', () => {
    // Prepare
    const internal = new Error('connect ECONNREFUSED 10.0.3.7:8000 table=prod-secret-table');

    // Act
    const response = errorResponse(internal, 'req-123');

    // Assess
    expect(response.statusCode).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(response.body).not.toContain('ECONNREFUSED');
    expect(JSON.stringify(response.headers)).not.toContain('ECONNREFUSED');
    expect(consoleError).toHaveBeenCalledTimes(1);
    const logged = JSON.parse(String(consoleError.mock.calls[0]?.[0]));
    expect(logged).toMatchObject({
      level: 'error',
      requestId: 'req-123',
      error: { name: 'Error', message: internal.message },
    });
  });

  it('returns a generic 500 for a thrown non-Error value', () => {
    // Act
    const response = errorResponse('secret string thrown by a library');

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('secret string');
  });

  it('returns a generic 500 for an SDK-like error that only looks like a domain error', () => {
    // Prepare
    const sdkError = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });

    // Act
    const response = errorResponse(sdkError);

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('conditional');
  });
});

describe('statusOf', () => {
  it('maps each subclass to its own status', () => {
    // Act
    const statuses = [
      new ValidationError(''),
      new UnauthorizedError(''),
      new ForbiddenError(''),
      new NotFoundError(''),
      new MethodNotAllowedError('', []),
      new ConflictError(''),
      new PayloadTooLargeError(''),
      new RateLimitedError('', 1),
    ].map(statusOf);

    // Assess
    expect(statuses).toEqual([400, 401, 403, 404, 405, 409, 413, 429]);
  });

  it('maps a bare DomainError to 400', () => {
    // Act
    const status = statusOf(new DomainError('unclassified'));

    // Assess
    expect(status).toBe(400);
  });
});
