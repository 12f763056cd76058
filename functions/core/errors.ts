// core: every failure the domain can report, modelled once. functions/http/errors.ts maps them to HTTP.

/** Base of every error a client may see. The message is safe to return as `{ "error": message }`. */
export class DomainError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The request is malformed or breaks a rule of the interface (400). */
export class ValidationError extends DomainError {}

/** No credential, or one that is unknown, revoked, expired or of the wrong family (401). */
export class UnauthorizedError extends DomainError {}

/** A signed webhook delivery whose signature does not match or is too old (401, without a Bearer challenge). */
export class SignatureRejectedError extends UnauthorizedError {}

/** The credential is valid but lacks a scope or the workspace (403). */
export class ForbiddenError extends DomainError {}

/** The workspace cannot pay for what was asked: not enough credits (402). */
export class PaymentRequiredError extends DomainError {}

/** The resource does not exist, or belongs to another workspace (404; never tells which). */
export class NotFoundError extends DomainError {}

/** The HTTP method is not served on this path (405). */
export class MethodNotAllowedError extends DomainError {
  constructor(
    message: string,
    readonly allow: readonly string[],
  ) {
    super(message);
  }
}

/** The request conflicts with the current state: a stale version, a duplicate id (409). */
export class ConflictError extends DomainError {
  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
}

/** The request body is larger than the route accepts (413). */
export class PayloadTooLargeError extends DomainError {}

/** Too many requests; retry after the given number of seconds (429). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * The deployment lacks a setting this request needs, such as a signing secret the operator has not put in
 * place yet (503). A configuration state, not a fault in the code: counted apart and never paged on.
 */
export class NotConfiguredError extends DomainError {}

/** A provider the service depends on failed or answered something unusable (502). */
export class UpstreamError extends DomainError {}

/** A provider or a caller-chosen URL did not answer in time (504). */
export class UpstreamTimeoutError extends UpstreamError {}
