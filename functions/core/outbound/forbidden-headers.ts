// core: the request headers a caller of an outbound call may not set. One list for both places that
// enforce it — the http-call schema refuses them up front (400), and the adapter that sends every
// outbound request drops them whatever reached it — so the two cannot drift apart again.

/** Headers a caller may not send: they belong to our connection, or would speak for our caller. */
export const FORBIDDEN_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'expect',
]);

/** Whether `name` (any case) is a header the caller may not set. */
export function isForbiddenRequestHeader(name: string): boolean {
  return FORBIDDEN_REQUEST_HEADERS.has(name.toLowerCase());
}
