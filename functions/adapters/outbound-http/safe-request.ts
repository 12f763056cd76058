// adapter: one HTTP request to a URL someone else chose (a result callback, the webhook relay, an
// http-request node), under the outbound rules, with SSRF protection. Every outbound call to a
// caller-chosen URL goes through here, so the rules live in one place.
//
//   parseCallbackUrl ──400──▶ { ok: false, error }
//        │
//   IP literal? ── yes ─────────────────────────────┐
//        │ no                                        │
//   lookup(host, { all: true })  (the ONE resolution)│
//        │                                           │
//   allow-listed host:port? ── no ─▶ every address public? ── no ─▶ { ok: false, error }
//        │ yes                               │ yes
//        ▼                                   ▼
//   http(s).request to the hostname, with a `lookup` that answers the checked address (no second DNS
//   query, so a rebinding resolver cannot swap it); SNI and Host stay the hostname. Redirects are
//   answered, never followed; one deadline covers DNS, connect and the whole response; the response
//   body is read up to a cap.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { isForbiddenRequestHeader } from '#core/outbound/forbidden-headers';
import { isAllowListed, isPublicAddress, parseCallbackUrl } from '#core/outbound/url-policy';

/** Resolves a host name to all its addresses; `dns.promises.lookup` fits. */
export type ResolveAll = (hostname: string, options: { all: true }) => Promise<readonly LookupAddress[]>;

export interface SafeRequestInput {
  method: string;
  /** The caller-chosen URL (checked here, whatever was checked before: the policy may have changed). */
  url: string;
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
  /** One deadline for DNS, connect and the whole response. */
  timeoutMs: number;
  /** Bytes of response body kept. */
  maxResponseBytes: number;
  /**
   * What a longer body means: `fail` (the relay and the node: a partial body would be read as whole) or
   * `truncate` (callbacks: the status decides, the body is discarded anyway).
   */
  overflow: 'fail' | 'truncate';
  /** Exact host:port entries exempt from the https and public-address rules (outboundConfig().allowHosts). */
  allowHosts: readonly string[];
  /** How error messages name the URL. @default 'url' */
  field?: string;
  /** How error messages name its host. @default `${field} host` */
  hostLabel?: string;
  /** Sent unless the caller's headers set one. */
  userAgent: string;
  /** Resolver, injectable for tests. @default dns.promises.lookup */
  lookup?: ResolveAll;
  /** Extra trusted certificate authorities (PEM): local mode and tests only, see outboundConfig(). */
  ca?: readonly string[];
  /**
   * Hand the body over as a stream instead of reading it (large media): the deadline then covers the
   * answer's status line and headers, `idleTimeoutMs` each later pause, and `maxResponseBytes` the
   * stream (it errors once more arrives).
   */
  stream?: { idleTimeoutMs: number };
}

export interface SafeResponse {
  ok: true;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body was longer than maxResponseBytes and cut (overflow `truncate` only). */
  truncated: boolean;
  /** The address connected to (checked, pinned), for logs. */
  address: string;
  durationMs: number;
}

/** A streamed answer (SafeRequestInput.stream): read `body` to its end or destroy it. */
export interface SafeStreamResponse {
  ok: true;
  status: number;
  headers: IncomingHttpHeaders;
  body: NodeJS.ReadableStream;
  address: string;
  durationMs: number;
}

export interface SafeFailure {
  ok: false;
  /** Why; never the body, headers, secrets or the resolved addresses of a refused host. */
  error: string;
  /** The status line, when one arrived before the failure (e.g. a deadline while reading the body). */
  status?: number;
  /** The URL itself was refused (form or address), as opposed to a network failure. */
  refused?: boolean;
  address?: string;
  durationMs: number;
}

/** Sends one request. Never throws: every failure comes back as `ok: false`. */
export async function safeRequest(
  input: SafeRequestInput & { stream: { idleTimeoutMs: number } },
): Promise<SafeStreamResponse | SafeFailure>;
export async function safeRequest(input: SafeRequestInput): Promise<SafeResponse | SafeFailure>;
export async function safeRequest(input: SafeRequestInput): Promise<SafeResponse | SafeStreamResponse | SafeFailure> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (failure: Omit<SafeFailure, 'ok' | 'durationMs'>): SafeFailure => ({
    ok: false,
    ...failure,
    durationMs: elapsed(),
  });
  const field = input.field ?? 'url';
  const hostLabel = input.hostLabel ?? `${field} host`;

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), input.timeoutMs);
  });
  const timedOut = `timeout after ${input.timeoutMs}ms`;

  try {
    let url: URL;
    try {
      url = parseCallbackUrl(input.url, { allowHosts: input.allowHosts, field });
    } catch (error) {
      return fail({ error: (error as Error).message, refused: true });
    }

    const resolved = await Promise.race([resolve(url, input.lookup ?? dnsLookup, hostLabel), deadline]);
    if (resolved === 'timeout') return fail({ error: timedOut });
    if ('error' in resolved) return fail({ error: resolved.error });
    const { addresses } = resolved;
    if (!isAllowListed(url, input.allowHosts) && !addresses.every((entry) => isPublicAddress(entry.address))) {
      // The addresses are not echoed: for a split-horizon name they would tell the caller our network.
      return fail({ error: `${hostLabel} resolves to a non-public address`, refused: true });
    }
    const target = addresses[0]!;

    const exchange = send(url, target, input);
    const answered = await Promise.race([exchange.result, deadline]);
    if (answered !== 'timeout') {
      return 'error' in answered
        ? fail({ ...answered, address: target.address })
        : { ok: true, ...answered, address: target.address, durationMs: elapsed() };
    }
    exchange.abort();
    return fail({ error: timedOut, status: exchange.status(), address: target.address });
  } catch (error) {
    // Defensive: send() and resolve() report failures as values; anything else is a bug, still not thrown.
    return fail({ error: `request failed: ${describe(error)}` });
  } finally {
    clearTimeout(timer);
  }
}

async function resolve(
  url: URL,
  lookup: ResolveAll,
  hostLabel: string,
): Promise<{ addresses: readonly LookupAddress[] } | { error: string }> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const family = isIP(host);
  if (family !== 0) return { addresses: [{ address: host, family }] };
  try {
    const addresses = await lookup(host, { all: true });
    if (addresses.length === 0) return { error: `${hostLabel} did not resolve` };
    return { addresses };
  } catch (error) {
    return { error: `${hostLabel} did not resolve (${describe(error)})` };
  }
}

type Answer =
  | Omit<SafeResponse, 'ok' | 'address' | 'durationMs'>
  | Omit<SafeStreamResponse, 'ok' | 'address' | 'durationMs'>
  | { error: string; status?: number };

interface Exchange {
  result: Promise<Answer>;
  status(): number | undefined;
  abort(): void;
}

function send(url: URL, target: LookupAddress, input: SafeRequestInput): Exchange {
  let request: ClientRequest | undefined;
  let response: IncomingMessage | undefined;

  // Answers the address that was checked, whatever Node asks (with autoSelectFamily Node 20 asks for
  // `all: true` and expects an array), so the socket dials exactly that address.
  const family = isIP(target.address);
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family }]);
    else callback(null, target.address, family);
  };

  const result = new Promise<Answer>((settle) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(input.headers ?? {})) {
      // Dropped, not refused: a caller that skipped the schema (a callback) still cannot set them.
      if (!isForbiddenRequestHeader(name)) headers[name] = value;
    }
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'user-agent'))
      headers['user-agent'] = input.userAgent;
    const body = input.body === undefined ? undefined : Buffer.from(input.body);
    headers.host = url.host;
    if (body !== undefined) headers['content-length'] = String(body.length);
    headers.connection = 'close';

    const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    const options = {
      method: input.method,
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
            httpsRequest({
              ...options,
              servername: isIP(hostname) === 0 ? hostname : undefined,
              ...(input.ca?.length ? { ca: [...input.ca] } : {}),
            })
          : httpRequest(options);
    } catch (error) {
      settle({ error: `request failed: ${describe(error)}` });
      return;
    }

    request.on('error', (error) => {
      if (response && input.overflow === 'truncate')
        settle({ error: `response failed: ${describe(error)}`, status: response.statusCode });
      else
        settle({
          error: `${response ? 'response' : 'connection'} failed: ${describe(error)}`,
          status: response?.statusCode,
        });
    });
    request.on('response', (incoming) => {
      response = incoming;
      if (input.stream) {
        settle({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: capped(incoming, input.maxResponseBytes, input.stream.idleTimeoutMs),
        });
        return;
      }
      const chunks: Buffer[] = [];
      let kept = 0;
      let truncated = false;
      const finish = () => {
        settle({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks), truncated });
        request?.destroy();
      };
      incoming.on('data', (chunk: Buffer) => {
        const room = input.maxResponseBytes - kept;
        if (chunk.length <= room) {
          chunks.push(chunk);
          kept += chunk.length;
          return;
        }
        if (input.overflow === 'fail') {
          settle({
            error: `response body is larger than ${input.maxResponseBytes} bytes`,
            status: incoming.statusCode,
          });
          request?.destroy();
          return;
        }
        chunks.push(chunk.subarray(0, room));
        kept += room;
        truncated = true;
        finish(); // read what is kept, hang up
      });
      incoming.on('end', finish);
      incoming.on('aborted', finish);
      incoming.on('error', finish);
    });
    request.end(body);
  });

  return {
    result,
    status: () => response?.statusCode,
    abort: () => request?.destroy(),
  };
}

/** The answer's body, erroring once it carries more than `maxBytes` or pauses longer than `idleMs`. */
function capped(incoming: IncomingMessage, maxBytes: number, idleMs: number): NodeJS.ReadableStream {
  let received = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) done(new Error(`response body is larger than ${maxBytes} bytes`));
      else done(null, chunk);
    },
  });
  incoming.setTimeout(idleMs, () => incoming.destroy(new Error(`no data for ${idleMs}ms`)));
  incoming.on('error', (error) => limited.destroy(error));
  limited.on('close', () => incoming.destroy());
  return incoming.pipe(limited);
}

/** An error code (ECONNREFUSED, ENOTFOUND, CERT_HAS_EXPIRED…) rather than a message that may name addresses. */
export function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown error';
}
