// A failed tool call, read by its code. The gateway answers isError with a sentence for agents (the
// message and what to do next) and, for programs, `_meta.error` = { error, code, status, scope? }: the
// body the HTTP route would answer plus its status (docs/gateway.md "Tools", docs/api.md "Error codes",
// functions/core/errors.ts). The studio switches on `code` and shows `error`, the message without the
// advice meant for agents; it never reads a status out of the words.
import { ToolError } from './tools.ts';

/** `_meta.error` of a failed tool call. */
export interface ToolFailure {
  readonly error: string;
  readonly code: string;
  readonly status?: number;
  readonly scope?: string;
}

interface FailedResult {
  readonly content?: unknown;
  readonly _meta?: Record<string, unknown>;
}

/** The failure a result carries, or undefined when it carries none (a gateway older than the codes). */
export function failureOf(result: FailedResult): ToolFailure | undefined {
  const meta = result._meta?.error;
  if (typeof meta !== 'object' || meta === null) return undefined;
  const { error, code, status, scope } = meta as Record<string, unknown>;
  if (typeof error !== 'string' || typeof code !== 'string') return undefined;
  return {
    error,
    code,
    ...(typeof status === 'number' ? { status } : {}),
    ...(typeof scope === 'string' ? { scope } : {}),
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return ['.', '!', '?', ')'].some((end) => trimmed.endsWith(end)) ? trimmed : `${trimmed}.`;
}

/** What a person reads for a failure, chosen by its code (the codes of docs/api.md). */
export function wordingOf(failure: ToolFailure): string {
  switch (failure.code) {
    case 'missing_scope':
      return `You do not have permission for this (it needs the ${failure.scope ?? 'missing'} scope, which your role or sign-in does not include).`;
    case 'forbidden':
      return `You do not have permission for this: ${sentence(failure.error)}`;
    case 'version_conflict':
      // The service's own words ("Canvas is at version 2, not the expected 1") say the same to programs.
      return 'Someone else changed this meanwhile. Reload to see their change, then try again.';
    case 'idempotency_conflict':
      return `This request was already sent with different content. ${sentence(failure.error)}`;
    case 'rate_limited':
      return `Too many requests right now; wait a moment and try again. (${sentence(failure.error)})`;
    case 'not_configured':
      return `The service is not set up for this yet; tell its operator. (${sentence(failure.error)})`;
    case 'upstream_failed':
    case 'upstream_timeout':
      return `A provider the service depends on did not answer properly; try again later. (${sentence(failure.error)})`;
    default:
      // validation_failed, not_found, conflict, insufficient_credits, monthly_cap_reached, …: the
      // service's own sentence says what happened and what to do.
      return sentence(failure.error);
  }
}

function textOf(result: FailedResult): string {
  return Array.isArray(result.content)
    ? (result.content as { text?: string }[])
        .map((block) => block.text ?? '')
        .join(' ')
        .trim()
    : '';
}

/** The ToolError a failed tool call throws: the words for a person, the code and status for screens. */
export function toolErrorOf(result: FailedResult, name: string): ToolError {
  const failure = failureOf(result);
  if (!failure) return new ToolError(textOf(result) || `${name} failed`);
  return new ToolError(wordingOf(failure), {
    code: failure.code,
    ...(failure.status !== undefined ? { status: failure.status } : {}),
    details: failure,
  });
}
