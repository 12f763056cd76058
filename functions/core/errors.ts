// core: every failure the domain can report, modelled once, each with a stable machine code.
// functions/http/errors.ts maps them to HTTP; functions/gateway/tool-results.ts to MCP results.

/**
 * Every code a client may see, with what it means and what the client should do. A code names a
 * meaning, never a message: messages may be reworded, codes are kept. Each error class below declares
 * one (`static code`); a subclass refines its parent's code where a client would act differently
 * (`missing_scope` is a `forbidden`, `version_conflict` a `conflict`). docs/api.md's table, the OpenAPI
 * `Error` schema and the studio (web/src/mcp/errors.ts) are built from or checked against this list.
 */
export const ERROR_CODES = {
  validation_failed: {
    meaning: 'The request is malformed or breaks a rule of the interface; the message names the field',
    action: 'Fix the request; sending it unchanged fails again',
  },
  unauthenticated: {
    meaning: 'No credential, or one that is unknown, revoked, expired or of the wrong family',
    action: 'Sign in again or use a valid workspace key or OAuth token',
  },
  signature_rejected: {
    meaning: 'A signed webhook delivery whose signature does not match or is too old',
    action: 'Check the signing secret and the clock; re-sign and resend',
  },
  payment_required: {
    meaning: 'The workspace cannot pay for what was asked',
    action: 'Add credits or change the plan, then retry',
  },
  insufficient_credits: {
    meaning: 'The workspace has fewer credits than the operation needs; nothing was charged',
    action: 'Add credits (a credit pack, a plan, or an operator grant), then retry',
  },
  forbidden: {
    meaning: 'The credential is valid but may not do this (another workspace, a role that does not allow it)',
    action: 'Ask a workspace owner for access; retrying does not help',
  },
  missing_scope: {
    meaning: 'The credential lacks the scope this call needs; `scope` names it',
    action: 'Use a key or grant that holds the scope',
  },
  owner_only: {
    meaning: 'Only an owner of the workspace may do this (grant the owner role)',
    action: 'Ask an owner to do it',
  },
  monthly_cap_reached: {
    meaning: "The workspace's monthly generation credit cap would be passed; nothing was held",
    action: 'An owner raises the cap in the integration policy, or wait for the next UTC month',
  },
  provider_access_denied: {
    meaning: "The workspace's integration policy does not allow this provider, model or credential",
    action: 'An owner changes the integration policy or connects a credential; or choose another provider',
  },
  not_found: {
    meaning: 'The resource does not exist or belongs to another workspace (never told which)',
    action: 'Check the id; list what exists',
  },
  method_not_allowed: {
    meaning: 'The HTTP method is not served on this path; `Allow` lists those that are',
    action: 'Use one of the allowed methods',
  },
  conflict: {
    meaning: 'The request conflicts with the current state (archived, in use, already exists, finished)',
    action: 'Read the current state again before deciding to retry; honour `Retry-After` when present',
  },
  version_conflict: {
    meaning: 'Someone else changed the resource since it was read (a stale expected version)',
    action: 'Reload the resource, reapply the change and send it again',
  },
  last_owner: {
    meaning: 'The change would leave the workspace without an owner; nothing changed',
    action: 'Make another member an owner first',
  },
  idempotency_conflict: {
    meaning: 'The idempotency key was used before for a different request',
    action: 'Use a new idempotency key for a new request',
  },
  payload_too_large: {
    meaning: 'The body is larger than the route accepts',
    action: 'Send less in one call (split a patch into several)',
  },
  rate_limited: {
    meaning: 'Too many requests',
    action: 'Retry after the seconds `Retry-After` gives',
  },
  node_failed: {
    meaning: 'A node could not do its work; the message says why',
    action: 'Fix the node (its inputs, settings or credential) and run again',
  },
  not_configured: {
    meaning: 'The deployment lacks a setting this request needs; the message says which',
    action: 'Tell the operator; retrying does not help until it is configured',
  },
  upstream_failed: {
    meaning: 'A provider the service depends on failed or answered something unusable',
    action: 'Retry later',
  },
  upstream_timeout: {
    meaning: 'A provider or a caller-chosen URL did not answer in time',
    action: 'Retry later; check first whether the work was done',
  },
  internal_error: {
    meaning: 'A fault of the service; details are only in its log',
    action: 'Retry later; quote the request id when reporting it',
  },
} as const satisfies Record<string, { meaning: string; action: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes in their documented order (the OpenAPI enum, the docs table). */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/**
 * Base of every error a client may see. The message is safe to return as `{ "error": message }`; the
 * class's `code` goes beside it. Not thrown bare: throw the subclass that says what happened.
 */
export class DomainError extends Error {
  /** The machine code of this class (and of its subclasses that do not refine it). */
  static readonly code: ErrorCode = 'validation_failed';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  get code(): ErrorCode {
    return (this.constructor as typeof DomainError).code;
  }
}

/** The request is malformed or breaks a rule of the interface (400). */
export class ValidationError extends DomainError {
  static override readonly code: ErrorCode = 'validation_failed';
}

/** No credential, or one that is unknown, revoked, expired or of the wrong family (401). */
export class UnauthorizedError extends DomainError {
  static override readonly code: ErrorCode = 'unauthenticated';
}

/** A signed webhook delivery whose signature does not match or is too old (401, without a Bearer challenge). */
export class SignatureRejectedError extends UnauthorizedError {
  static override readonly code: ErrorCode = 'signature_rejected';
}

/** The credential is valid but lacks a scope or the workspace (403). */
export class ForbiddenError extends DomainError {
  static override readonly code: ErrorCode = 'forbidden';
}

/** Only an owner of the workspace may do this, e.g. grant the owner role (403, code `owner_only`). */
export class OwnerOnlyError extends ForbiddenError {
  static override readonly code: ErrorCode = 'owner_only';
}

/** The credential lacks the scope (or each scope of an any-of pair) a call needs (403, code `missing_scope`). */
export class MissingScopeError extends ForbiddenError {
  static override readonly code: ErrorCode = 'missing_scope';

  /** `Missing scope: <scope>`, and after it why, when there is more to say. */
  constructor(
    readonly scope: string,
    reason?: string,
  ) {
    super(reason ? `Missing scope: ${scope} (${reason})` : `Missing scope: ${scope}`);
  }
}

/** The workspace cannot pay for what was asked: not enough credits (402). */
export class PaymentRequiredError extends DomainError {
  static override readonly code: ErrorCode = 'payment_required';
}

/** The resource does not exist, or belongs to another workspace (404; never tells which). */
export class NotFoundError extends DomainError {
  static override readonly code: ErrorCode = 'not_found';
}

/** The HTTP method is not served on this path (405). */
export class MethodNotAllowedError extends DomainError {
  static override readonly code: ErrorCode = 'method_not_allowed';

  constructor(
    message: string,
    readonly allow: readonly string[],
  ) {
    super(message);
  }
}

/** The request conflicts with the current state: a stale version, a duplicate id (409). */
export class ConflictError extends DomainError {
  static override readonly code: ErrorCode = 'conflict';

  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  readonly retryAfterSeconds: number | undefined;
}

/** The change would leave the workspace without an owner (409, code `last_owner`). */
export class LastOwnerError extends ConflictError {
  static override readonly code: ErrorCode = 'last_owner';
}

/** The resource changed since the caller read it: its expected version is stale (409, `version_conflict`). */
export class VersionConflictError extends ConflictError {
  static override readonly code: ErrorCode = 'version_conflict';
}

/** An idempotency key replayed with a different request (409, `idempotency_conflict`). */
export class IdempotencyConflictError extends ConflictError {
  static override readonly code: ErrorCode = 'idempotency_conflict';
}

/** The request body is larger than the route accepts (413). */
export class PayloadTooLargeError extends DomainError {
  static override readonly code: ErrorCode = 'payload_too_large';
}

/** Too many requests; retry after the given number of seconds (429). */
export class RateLimitedError extends DomainError {
  static override readonly code: ErrorCode = 'rate_limited';

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
export class NotConfiguredError extends DomainError {
  static override readonly code: ErrorCode = 'not_configured';
}

/** A provider the service depends on failed or answered something unusable (502). */
export class UpstreamError extends DomainError {
  static override readonly code: ErrorCode = 'upstream_failed';
}

/** A provider or a caller-chosen URL did not answer in time (504). */
export class UpstreamTimeoutError extends UpstreamError {
  static override readonly code: ErrorCode = 'upstream_timeout';
}
