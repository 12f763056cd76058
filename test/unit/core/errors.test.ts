// unit: the domain error hierarchy.
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '#core/errors';

describe('DomainError', () => {
  it.each([ValidationError, UnauthorizedError, ForbiddenError, NotFoundError, ConflictError, PayloadTooLargeError])(
    '%o is a DomainError named after its class',
    (ErrorClass) => {
      // Act
      const error = new ErrorClass('message');

      // Assess
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe(ErrorClass.name);
      expect(error.message).toBe('message');
    },
  );

  it('keeps the cause', () => {
    // Prepare
    const cause = new Error('ConditionalCheckFailedException');

    // Act
    const error = new ConflictError('Canvas changed', { cause });

    // Assess
    expect(error.cause).toBe(cause);
  });

  it('carries Retry-After seconds on RateLimitedError and optionally on ConflictError', () => {
    // Act
    const limited = new RateLimitedError('slow down', 30);
    const conflict = new ConflictError('in flight', { retryAfterSeconds: 2 });
    const plain = new ConflictError('stale');

    // Assess
    expect(limited).toMatchObject({ name: 'RateLimitedError', retryAfterSeconds: 30 });
    expect(conflict.retryAfterSeconds).toBe(2);
    expect(plain.retryAfterSeconds).toBeUndefined();
  });

  it('carries the allowed methods on MethodNotAllowedError', () => {
    // Act
    const error = new MethodNotAllowedError('Method TRACE not allowed', ['GET', 'POST']);

    // Assess
    expect(error).toMatchObject({ name: 'MethodNotAllowedError', allow: ['GET', 'POST'] });
  });
});
