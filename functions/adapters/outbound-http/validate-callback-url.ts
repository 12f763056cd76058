// adapter: the request-time check of a callbackUrl — its form (url-policy.ts) and, for a host name,
// where it resolves now. Delivery checks again after its own resolution and connects only to the
// address it checked; this earlier check lets a client learn at once that its URL can never work.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { ValidationError } from '#core/errors';
import { isAllowListed, isPublicAddress, parseCallbackUrl } from '#core/outbound/url-policy';
import { OUTBOUND_ALLOW_HOSTS_ENV, allowHostsApply } from './config.ts';

export type Resolve = (hostname: string, options: { all: true }) => Promise<readonly LookupAddress[]>;

/** Answers that say the name has no address; anything else (timeouts, SERVFAIL) is left to delivery. */
const DEFINITELY_UNRESOLVABLE = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * @param options.local whether OUTBOUND_ALLOW_HOSTS can apply here (outside Lambda): then a URL refused
 *   as not https or not public says how to allow it for local development. @default outside Lambda
 */
export async function validateCallbackUrl(
  raw: string,
  options: { allowHosts: readonly string[]; lookup?: Resolve; timeoutMs?: number; local?: boolean; field?: string },
): Promise<string> {
  try {
    return await checkCallbackUrl(raw, options);
  } catch (error) {
    const hint =
      (options.local ?? allowHostsApply()) && error instanceof ValidationError ? allowHostsHint(raw, error) : undefined;
    if (hint) throw new ValidationError(`${error instanceof Error ? error.message : String(error)}. ${hint}`);
    throw error;
  }
}

/** For the refusals OUTBOUND_ALLOW_HOSTS lifts (https, public host): the setting that would allow this URL. */
function allowHostsHint(raw: string, error: ValidationError): string | undefined {
  if (!/must use https|must point to a public host/.test(error.message)) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `In local mode, allow it for development by starting npm start with ${OUTBOUND_ALLOW_HOSTS_ENV}=${url.hostname}:${port} (ignored in AWS)`;
}

async function checkCallbackUrl(
  raw: string,
  options: { allowHosts: readonly string[]; lookup?: Resolve; timeoutMs?: number; field?: string },
): Promise<string> {
  const field = options.field ?? 'callbackUrl';
  const url = parseCallbackUrl(raw, options);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  // IP literals were judged by parseCallbackUrl; allow-listed hosts are exempt by definition.
  if (isIP(host) !== 0 || isAllowListed(url, options.allowHosts)) return url.href;
  let addresses: readonly LookupAddress[] | 'unknown';
  try {
    addresses = await Promise.race([
      (options.lookup ?? dnsLookup)(host, { all: true }),
      new Promise<'unknown'>((resolve) => setTimeout(() => resolve('unknown'), options.timeoutMs ?? 2000).unref()),
    ]);
  } catch (error) {
    if (DEFINITELY_UNRESOLVABLE.has((error as NodeJS.ErrnoException).code ?? '')) {
      throw new ValidationError(`${field} host ${host} does not resolve`);
    }
    return url.href;
  }
  if (addresses !== 'unknown' && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new ValidationError(`${field} must point to a public host: ${host} resolves to a non-public address`);
  }
  return url.href;
}
