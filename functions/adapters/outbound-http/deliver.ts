// adapter: one POST of a result callback to a client-supplied URL, with SSRF protection.
//
//   parseCallbackUrl ──400──▶ { delivered: false, error }
//        │
//   IP literal? ── yes ─────────────────────────────┐
//        │ no                                        │
//   lookup(host, { all: true })  (the ONE resolution)│
//        │                                           │
//   allow-listed host:port? ── no ─▶ every address public? ── no ─▶ { delivered: false, error }
//        │ yes                               │ yes
//        ▼                                   ▼
//   http(s).request to the hostname, with a `lookup` that answers the checked address (no second DNS
//   query, so a rebinding resolver cannot swap it); SNI and Host stay the hostname. No redirects
//   followed; 2xx = delivered; one deadline covers DNS, connect and the whole response.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isAllowListed, isPublicAddress, parseCallbackUrl } from '#core/outbound/url-policy';

/** Sent as `user-agent` unless the caller's headers set one. */
export const CALLBACK_USER_AGENT = 'workspace-automation-callback/1';

/** @default timeoutMs of deliverCallback */
export const DEFAULT_CALLBACK_TIMEOUT_MS = 5000;

/** How much of a receiver's response body is read (then discarded) before the connection is closed. */
const MAX_RESPONSE_BYTES = 4096;

/** Resolves a host name to all its addresses; `dns.promises.lookup` fits. */
export type ResolveAll = (hostname: string, options: { all: true }) => Promise<readonly LookupAddress[]>;

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
  const started = performance.now();
  const timeoutMs = input.timeoutMs ?? DEFAULT_CALLBACK_TIMEOUT_MS;
  const finish = (outcome: Omit<DeliveryOutcome, 'durationMs'>): DeliveryOutcome => ({
    ...outcome,
    durationMs: Math.round(performance.now() - started),
  });

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const timedOut = { error: `timeout after ${timeoutMs}ms` };

  try {
    let url: URL;
    try {
      url = parseCallbackUrl(input.url, { allowHosts: input.allowHosts });
    } catch (error) {
      return finish({ delivered: false, error: (error as Error).message });
    }

    const resolved = await Promise.race([resolve(url, input.lookup ?? dnsLookup), deadline]);
    if (resolved === 'timeout') return finish({ delivered: false, ...timedOut });
    if ('error' in resolved) return finish({ delivered: false, error: resolved.error });
    const { addresses } = resolved;

    if (!isAllowListed(url, input.allowHosts) && !addresses.every((entry) => isPublicAddress(entry.address))) {
      // The addresses are not echoed: for a split-horizon name they would tell the client our network.
      return finish({ delivered: false, error: 'callback host resolves to a non-public address' });
    }
    const target = addresses[0]!;

    const exchange = post(url, target, input.body, input.headers ?? {});
    const answered = await Promise.race([exchange.result, deadline]);
    if (answered !== 'timeout') return finish({ ...answered, address: target.address });

    // The deadline passed: if the status line has arrived it decides; otherwise it is a timeout.
    exchange.abort();
    const statusCode = exchange.statusCode();
    const late = statusCode === undefined ? { delivered: false, ...timedOut } : byStatus(statusCode);
    return finish({ ...late, address: target.address });
  } catch (error) {
    // Defensive: post() and resolve() report failures as values; anything else is a bug, still not thrown.
    return finish({ delivered: false, error: `delivery failed: ${describe(error)}` });
  } finally {
    clearTimeout(timer);
  }
}

async function resolve(url: URL, lookup: ResolveAll): Promise<{ addresses: readonly LookupAddress[] } | { error: string }> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const family = isIP(host);
  if (family !== 0) return { addresses: [{ address: host, family }] };
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return { error: 'callback host did not resolve' };
    return { addresses };
  } catch (error) {
    return { error: `callback host did not resolve (${describe(error)})` };
  }
}

interface Exchange {
  result: Promise<Omit<DeliveryOutcome, 'durationMs'>>;
  statusCode(): number | undefined;
  abort(): void;
}

function post(url: URL, target: LookupAddress, body: string, extraHeaders: Readonly<Record<string, string>>): Exchange {
  let request: ClientRequest | undefined;
  let response: IncomingMessage | undefined;

  // Answers the address that was checked, whatever Node asks (with autoSelectFamily Node 20 asks for
  // `all: true` and expects an array), so the socket dials exactly that address.
  const family = isIP(target.address);
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family }]);
    else callback(null, target.address, family);
  };

  const result = new Promise<Omit<DeliveryOutcome, 'durationMs'>>((settle) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(extraHeaders)) {
      if (!['host', 'content-length', 'content-type', 'transfer-encoding', 'connection'].includes(name.toLowerCase())) {
        headers[name] = value;
      }
    }
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent')) headers['user-agent'] = CALLBACK_USER_AGENT;
    headers.host = url.host;
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
    headers.connection = 'close';

    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const options = {
      method: 'POST',
      hostname,
      port: url.port !== '' ? Number(url.port) : undefined,
      path: `${url.pathname}${url.search}`,
      headers,
      lookup: pinnedLookup,
      agent: false as const, // a fresh socket: never a pooled one that was dialled to another address
    };
    try {
      request =
        url.protocol === 'https:'
          ? // SNI carries the host name (never an IP literal); certificate checks stay on.
            httpsRequest({ ...options, servername: isIP(hostname) === 0 ? hostname : undefined })
          : httpRequest(options);
    } catch (error) {
      settle({ delivered: false, error: `request failed: ${describe(error)}` });
      return;
    }

    request.on('error', (error) => {
      // After the status line, a reset while draining the body does not change the outcome.
      if (response) settle(byStatus(response.statusCode ?? 0));
      else settle({ delivered: false, error: `connection failed: ${describe(error)}` });
    });
    request.on('response', (incoming) => {
      response = incoming;
      const outcome = byStatus(incoming.statusCode ?? 0);
      let received = 0;
      const done = () => {
        settle(outcome);
        request?.destroy();
      };
      incoming.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= MAX_RESPONSE_BYTES) done(); // read a little, discard it, hang up
      });
      incoming.on('end', done);
      incoming.on('aborted', done);
      incoming.on('error', done);
    });
    request.end(body);
  });

  return {
    result,
    statusCode: () => response?.statusCode,
    abort: () => request?.destroy(),
  };
}

function byStatus(statusCode: number): Omit<DeliveryOutcome, 'durationMs'> {
  if (statusCode >= 200 && statusCode < 300) return { delivered: true, statusCode };
  if (statusCode >= 300 && statusCode < 400) {
    return { delivered: false, statusCode, error: `receiver answered ${statusCode}; redirects are not followed` };
  }
  return { delivered: false, statusCode, error: `receiver answered ${statusCode}` };
}

/** An error code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…) rather than a message that may name addresses. */
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown error';
}
