// adapter: one POST of a result callback to a client-supplied URL, under the outbound rules of
// safe-request.ts (public HTTPS checked after DNS, pinned address, no redirects, one deadline). A
// callback is delivered by a 2xx answer; the receiver's body is read a little and discarded.
import { safeRequest, type ResolveAll } from './safe-request.ts';

export type { ResolveAll } from './safe-request.ts';

/** Sent as `user-agent` unless the caller's headers set one. */
export const CALLBACK_USER_AGENT = 'workspace-automation-callback/1';

/** @default timeoutMs of deliverCallback */
export const DEFAULT_CALLBACK_TIMEOUT_MS = 5000;

/** How much of a receiver's response body is read (then discarded) before the connection is closed. */
const MAX_RESPONSE_BYTES = 4096;

export interface DeliverCallbackInput {
  /** The client-supplied callbackUrl (checked again here: the policy may have changed since the request). */
  url: string;
  /** The JSON body, exactly the bytes that were signed. */
  body: string;
  /** Extra request headers, e.g. from signCallback. Host, content-type and content-length are ours. */
  headers?: Readonly<Record<string, string>>;
  /** One deadline for DNS, connect and the whole response. @default 5000 */
  timeoutMs?: number;
  /** Exact host:port entries exempt from the https and public-address rules (outboundConfig().allowHosts). */
  allowHosts: readonly string[];
  /** Resolver, injectable for tests. @default dns.promises.lookup */
  lookup?: ResolveAll;
}

export interface DeliveryOutcome {
  /** True only for a 2xx answer. */
  delivered: boolean;
  /** The receiver's status code, when it answered. */
  statusCode?: number;
  /** Why it was not delivered; never contains the body, headers or secrets. */
  error?: string;
  /** The address connected to (checked, pinned), for the delivery log. */
  address?: string;
  durationMs: number;
}

/**
 * Delivers one callback. Never throws: every failure (refused URL, DNS, connect, timeout, non-2xx,
 * redirect) comes back as `delivered: false` so the caller can record it.
 */
export async function deliverCallback(input: DeliverCallbackInput): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {}))
    if (name.toLowerCase() !== 'content-type') headers[name] = value;
  headers['content-type'] = 'application/json';
  const answer = await safeRequest({
    method: 'POST',
    url: input.url,
    headers,
    body: input.body,
    timeoutMs: input.timeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS,
    maxResponseBytes: MAX_RESPONSE_BYTES,
    overflow: 'truncate',
    allowHosts: input.allowHosts,
    field: 'callbackUrl',
    hostLabel: 'callback host',
    userAgent: CALLBACK_USER_AGENT,
    lookup: input.lookup,
  });
  const where = { ...(answer.address ? { address: answer.address } : {}), durationMs: answer.durationMs };
  // A status line that arrived decides, even if the body then failed or ran past the deadline.
  if (answer.ok || answer.status !== undefined) return { ...byStatus(answer.status!), ...where };
  return { delivered: false, error: answer.error, ...where };
}

function byStatus(statusCode: number): Omit<DeliveryOutcome, 'durationMs'> {
  if (statusCode >= 200 && statusCode < 300) return { delivered: true, statusCode };
  if (statusCode >= 300 && statusCode < 400) {
    return { delivered: false, statusCode, error: `receiver answered ${statusCode}; redirects are not followed` };
  }
  return { delivered: false, statusCode, error: `receiver answered ${statusCode}` };
}
