// adapter: what the video providers' fetch clients share — one submit POST and one read GET, each with its
// transport failure mapped once; an answer's JSON (or nothing); a transport failure described by its code;
// and a provider's Retry-After bounded to something sane.
import { UpstreamError } from '#core/errors';
import { SubmitOutcomeUnknownError } from '#core/generation/video-provider';

/**
 * A submit: exactly one request, never retried (no provider here has an idempotency key). When it gets no
 * answer the request may still have been received, so whether a job exists is unknown.
 */
export async function submitOnce(send: typeof fetch, provider: string, url: string, init: RequestInit) {
  try {
    return await send(url, init);
  } catch (error) {
    throw new SubmitOutcomeUnknownError(`${provider} did not answer the submit (${describeFetchError(error)})`);
  }
}

/** A read (status, result): one GET; no answer is an upstream failure the core retries on its own schedule. */
export async function readOnce(
  send: typeof fetch,
  provider: string,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
) {
  try {
    return await send(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new UpstreamError(`${provider} could not be reached (${describeFetchError(error)})`);
  }
}

/** The body as JSON; undefined when empty or not JSON (an HTML error page, a cut connection). */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Seconds from a Retry-After header, 1–300, or `fallback` when it names none. */
export const retryAfterOf = (response: Response, fallback: number) =>
  Math.min(Math.max(Number(response.headers.get('retry-after')) || fallback, 1), 300);

/** A fetch failure as its system code (ECONNRESET, …) or its name (TimeoutError), never its message. */
export function describeFetchError(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if (typeof cause === 'string') return cause;
  return error instanceof Error ? error.name : 'unknown error';
}
