// use case: the webhook relay — forwards one HTTP request for a signed-in member (the app's own pages
// reaching a URL the browser cannot: CORS, mixed content) or for the deployment itself (its service
// token), under the outbound rules of callbacks. Workspace keys are refused: a key in a script can
// make its own requests, and the relay must not become a proxy for anyone holding one.
//
//   credential ─► relay_ service token? ── yes ─► caller "service"
//        │ no
//   oauth access token of a member now? ── yes ─► caller = member's workspace (scope run:workflows)
//        │ no                    workspace_ key ─► 403;   anything else ─► 401
//   rate limit per caller (429 + Retry-After) ─► callOut (400 refused URL, 502 unreachable, 504 timeout)
import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from '../schema.ts';
import { RateLimitedError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { RateLimiter } from '../ports.ts';
import {
  HTTP_CALL_LIMITS,
  HTTP_CALL_METHODS,
  HttpCallHeaders,
  TimeoutMs,
  callOut,
  type OutboundHttp,
} from './http-call.ts';

export const RELAY_TOKEN_PREFIX = 'relay_';

/** The deployment's relay token, derived from the service key (so nothing new is stored). */
export function deriveRelayToken(serviceKey: string): string {
  return (
    RELAY_TOKEN_PREFIX + createHmac('sha256', serviceKey).update('webhook-relay-service-token\nv1').digest('base64url')
  );
}

export function isRelayToken(presented: string, serviceKey: string): boolean {
  const expected = Buffer.from(deriveRelayToken(serviceKey));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const RelayRequest = z.strictObject({
  method: z._default(z.enum(HTTP_CALL_METHODS), 'POST'),
  url: z.string().check(z.minLength(1), z.maxLength(HTTP_CALL_LIMITS.maxUrlLength)),
  headers: z._default(HttpCallHeaders, {}),
  body: z.optional(z.string()),
  bodyEncoding: z._default(z.enum(['utf8', 'base64']), 'utf8'),
  timeoutMs: z._default(TimeoutMs, HTTP_CALL_LIMITS.defaultTimeoutMs),
});
export type RelayRequest = z.infer<typeof RelayRequest>;

/** Calls per minute one caller may relay. */
export const RELAY_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

export type RelayCaller = { kind: 'service' } | { kind: 'session'; principal: Principal };

export interface RelayDeps {
  http: OutboundHttp;
  rateLimiter: RateLimiter;
  clock: Clock;
}

export async function relay(caller: RelayCaller, request: RelayRequest, deps: RelayDeps) {
  const limited = await deps.rateLimiter.hit(
    { workspaceId: caller.kind === 'service' ? 'service' : caller.principal.workspaceId, name: 'webhook-relay' },
    RELAY_RATE_LIMIT.limit,
    RELAY_RATE_LIMIT.windowSeconds,
    deps.clock.now(),
  );
  if (!limited.allowed)
    throw new RateLimitedError(
      `Too many relayed requests (limit ${RELAY_RATE_LIMIT.limit} per ${RELAY_RATE_LIMIT.windowSeconds} s)`,
      limited.retryAfterSeconds,
    );
  const body =
    request.body === undefined
      ? undefined
      : Buffer.from(request.body, request.bodyEncoding === 'base64' ? 'base64' : 'utf8');
  return callOut(
    { method: request.method, url: request.url, headers: request.headers, body, timeoutMs: request.timeoutMs },
    deps.http,
  );
}
