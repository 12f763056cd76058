// adapter: what the video providers' fetch clients share about reading an answer — its JSON (or nothing),
// a transport failure described by its code, and a provider's Retry-After bounded to something sane.

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
