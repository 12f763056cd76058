// adapter: the request-time check of a callbackUrl — its form (url-policy.ts) and, for a host name,
// where it resolves now. Delivery checks again after its own resolution and connects only to the
// address it checked; this earlier check lets a client learn at once that its URL can never work.
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { ValidationError } from '#core/errors';
import { isAllowListed, isPublicAddress, parseCallbackUrl } from '#core/outbound/url-policy';

export type Resolve = (hostname: string, options: { all: true }) => Promise<readonly LookupAddress[]>;

/** Answers that say the name has no address; anything else (timeouts, SERVFAIL) is left to delivery. */
const DEFINITELY_UNRESOLVABLE = new Set(['ENOTFOUND', 'ENODATA']);

export async function validateCallbackUrl(
  raw: string,
  options: { allowHosts: readonly string[]; lookup?: Resolve; timeoutMs?: number },
): Promise<string> {
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
      throw new ValidationError(`callbackUrl host ${host} does not resolve`);
    }
    return url.href;
  }
  if (addresses !== 'unknown' && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new ValidationError(`callbackUrl must point to a public host: ${host} resolves to a non-public address`);
  }
  return url.href;
}
