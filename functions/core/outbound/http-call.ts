// core: one outbound HTTP call to a URL a user chose — what the webhook relay forwards and what an
// http-request node sends. Its shape and limits are defined once here; the call itself goes through
// the OutboundHttp port, whose adapter applies the outbound rules of result callbacks (public HTTPS,
// checked after DNS, pinned address, no redirects, one deadline, a response size cap).
import * as z from '../schema.ts';
import { UpstreamError, UpstreamTimeoutError, ValidationError } from '../errors.ts';
import { FORBIDDEN_REQUEST_HEADERS, isForbiddenRequestHeader } from './forbidden-headers.ts';

export const HTTP_CALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export type HttpCallMethod = (typeof HTTP_CALL_METHODS)[number];

export const HTTP_CALL_LIMITS = {
  maxUrlLength: 2048,
  maxHeaders: 50,
  maxHeaderValueLength: 8 * 1024,
  /** Request body, in bytes once encoded. */
  maxBodyBytes: 1024 * 1024,
  /** Response body kept; a longer one fails the call (a cut body would be read as whole). */
  maxResponseBytes: 1024 * 1024,
  defaultTimeoutMs: 10_000,
  minTimeoutMs: 1_000,
  /** Under API Gateway's 29 s integration limit, with room for the function's own work. */
  maxTimeoutMs: 25_000,
} as const;

const HeaderName = z.string().check(z.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'header names must be HTTP tokens'));

export const HttpCallHeaders = z
  .record(
    HeaderName,
    z
      .string()
      .check(
        z.maxLength(HTTP_CALL_LIMITS.maxHeaderValueLength),
        z.regex(/^[^\r\n\0]*$/, 'header values must not contain line breaks'),
      ),
  )
  .check(
    z.refine(
      (headers) => Object.keys(headers).length <= HTTP_CALL_LIMITS.maxHeaders,
      `at most ${HTTP_CALL_LIMITS.maxHeaders} headers`,
    ),
    z.refine((headers) => Object.keys(headers).every((name) => !isForbiddenRequestHeader(name)), {
      message: `these headers are set by the service: ${[...FORBIDDEN_REQUEST_HEADERS].join(', ')}`,
    }),
  );

export const TimeoutMs = z
  .int()
  .check(z.minimum(HTTP_CALL_LIMITS.minTimeoutMs), z.maximum(HTTP_CALL_LIMITS.maxTimeoutMs));

export interface OutboundRequest {
  method: HttpCallMethod;
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  timeoutMs: number;
}

export type OutboundAnswer =
  | { ok: true; status: number; headers: Record<string, string>; body: Uint8Array; durationMs: number }
  | { ok: false; error: string; refused: boolean; timedOut: boolean };

/** Sends one request under the outbound rules. Never throws for a network failure; answers it. */
export interface OutboundHttp {
  send(request: OutboundRequest): Promise<OutboundAnswer>;
}

/** What the caller sees of an answer: text when it is text, else base64. */
export interface HttpCallResult {
  status: number;
  headers: Record<string, string>;
  body: string;
  bodyEncoding: 'utf8' | 'base64';
  durationMs: number;
}

const TEXTUAL = /^(text\/|application\/([\w.+-]*\+)?(json|xml|x-www-form-urlencoded|javascript|ecmascript)\b)/i;

/** Sends and maps failures to errors: a refused URL is the caller's (400), the network's is 502/504. */
export async function callOut(request: OutboundRequest, http: OutboundHttp): Promise<HttpCallResult> {
  if (request.body && request.body.length > HTTP_CALL_LIMITS.maxBodyBytes) {
    throw new ValidationError(`body must be at most ${HTTP_CALL_LIMITS.maxBodyBytes} bytes`);
  }
  const answer = await http.send(request);
  if (!answer.ok) {
    if (answer.refused) throw new ValidationError(answer.error);
    if (answer.timedOut) throw new UpstreamTimeoutError(`The target did not answer in time: ${answer.error}`);
    throw new UpstreamError(`The target could not be reached: ${answer.error}`);
  }
  const contentType = answer.headers['content-type'] ?? '';
  const text = decodeText(answer.body, contentType);
  return {
    status: answer.status,
    headers: answer.headers,
    body: text ?? Buffer.from(answer.body).toString('base64'),
    bodyEncoding: text === undefined ? 'base64' : 'utf8',
    durationMs: answer.durationMs,
  };
}

function decodeText(body: Uint8Array, contentType: string): string | undefined {
  if (body.length === 0) return '';
  if (contentType !== '' && !TEXTUAL.test(contentType)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return undefined;
  }
}
