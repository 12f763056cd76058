// core: which callbackUrl the service will POST a result to (pure, no I/O). The request edge calls
// parseCallbackUrl to answer 400; functions/adapters/outbound-http/deliver.ts calls it again at delivery
// time and then checks every address the host name resolves to with isPublicAddress.
import { isIP } from 'node:net';
import { ValidationError } from '#core/errors';

/** Longest callbackUrl accepted, in UTF-16 code units of the raw string. */
export const MAX_CALLBACK_URL_LENGTH = 2048;

export interface CallbackUrlOptions {
  /**
   * Exact `host:port` entries (lower case; IPv6 in brackets, e.g. `[::1]:8080`) exempt from the https
   * and public-host rules, so a test receiver on `http://127.0.0.1:PORT` can be reached. Filled from
   * OUTBOUND_ALLOW_HOSTS in local mode and tests only; always empty in AWS (see outboundConfig()).
   */
  readonly allowHosts: readonly string[];
  /** The field the URL came from, as error messages name it. @default 'callbackUrl' */
  readonly field?: string;
}

/**
 * Parses a client-supplied callback URL and enforces the outbound policy: an absolute `https:` URL of at
 * most 2048 characters, without credentials, whose host is a public DNS name or a public IP literal.
 *
 * WHATWG URL parsing normalises the host first, so the numeric IPv4 spellings (`2130706433`,
 * `0x7f.0.0.1`, `0177.0.0.1`, `127.1`) arrive here as `127.0.0.1`, and `[::ffff:127.0.0.1]` as
 * `[::ffff:7f00:1]`; the checks below see only the canonical form.
 *
 * A host name is checked by name only; the caller that connects must resolve it and check every
 * address (deliverCallback does).
 *
 * @throws ValidationError (400) with a message safe to return to the client.
 */
export function parseCallbackUrl(raw: string, options: CallbackUrlOptions): URL {
  const field = options.field ?? 'callbackUrl';
  if (typeof raw !== 'string' || raw.length === 0) throw new ValidationError(`${field} must be a non-empty string`);
  if (raw.length > MAX_CALLBACK_URL_LENGTH) {
    throw new ValidationError(`${field} must be at most ${MAX_CALLBACK_URL_LENGTH} characters`);
  }
  // WHATWG URL silently strips surrounding spaces and inner tabs/newlines; refuse them instead, so the URL
  // we check is the URL the client wrote.
  if (/[\u0000-\u0020\u007f]/.test(raw))
    throw new ValidationError(`${field} must not contain spaces or control characters`);

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(`${field} must be a valid absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ValidationError(`${field} must use https`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ValidationError(`${field} must not contain credentials`);
  }

  if (isAllowListed(url, options.allowHosts)) return url;

  if (url.protocol !== 'https:') throw new ValidationError(`${field} must use https`);
  const problem = hostProblem(url.hostname);
  if (problem) throw new ValidationError(`${field} must point to a public host: ${problem}`);
  return url;
}

/**
 * Whether the URL's `host:port` (default port filled in) is one of the exempt entries. deliverCallback
 * uses this to skip the resolved-address check for the same entries parseCallbackUrl exempted.
 */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  if (allowHosts.length === 0) return false;
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
  const key = `${url.hostname}:${port}`;
  return allowHosts.some((entry) => entry.toLowerCase() === key);
}

/**
 * Host names that reach the machine itself, the local network or a cloud metadata service. Names are
 * compared after WHATWG lower-casing and with trailing dots removed (`localhost.` is `localhost`).
 */
const BLOCKED_NAMES = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'broadcasthost',
  'metadata',
  'metadata.goog',
  'metadata.google.internal',
  'instance-data',
  'instance-data.ec2.internal',
]);
const BLOCKED_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.home.arpa', '.intranet', '.lan'];

/** Why a URL hostname (as WHATWG URL gives it) is not a public host, or undefined when it is. */
function hostProblem(hostname: string): string | undefined {
  if (hostname.startsWith('[')) {
    const address = hostname.slice(1, -1);
    const range = addressRange(address);
    return range === 'public' ? undefined : `${address} is not a public address (${range})`;
  }
  if (isIP(hostname) === 4) {
    const range = addressRange(hostname);
    return range === 'public' ? undefined : `${hostname} is not a public address (${range})`;
  }
  const name = hostname.replace(/\.+$/, '');
  if (name === '') return 'the host name is empty';
  if (BLOCKED_NAMES.has(name) || BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix))) {
    return `${name} is a local or internal host name`;
  }
  // A single label (`intranet`, `router`) is completed by the resolver's search domains: never public.
  if (!name.includes('.')) return `${name} is not a fully qualified host name`;
  return undefined;
}

// ─── Address classification ───────────────────────────────────────────────────────────────────────
//
// A small table instead of a dependency (the `ip` package is unsafe: CVE-2024-29415). Anything that does
// not parse strictly (dotted quads only, no leading zeros, no IPv6 zone) is treated as not public.

/** The IANA special-purpose range an address falls in, or 'public'. Unparsable input is 'invalid'. */
export type AddressRange =
  | 'public'
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared (CGNAT)'
  | 'link-local'
  | 'IETF protocol assignment'
  | 'documentation'
  | '6to4 relay'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'IPv4-compatible'
  | 'local-use NAT64'
  | 'Teredo'
  | 'segment routing'
  | 'unique-local'
  | 'site-local';

/** True only for a unicast address reachable on the public internet (IPv4 dotted quad or IPv6). */
export function isPublicAddress(ip: string): boolean {
  return addressRange(ip) === 'public';
}

/**
 * Classifies an IP address string. IPv6 may be given with or without brackets; addresses that embed an
 * IPv4 address (IPv4-mapped `::ffff:0:0/96`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are classified by
 * the embedded address.
 */
export function addressRange(ip: string): AddressRange {
  const text = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return ipv4Range(v4);
  const v6 = parseIPv6(text);
  if (v6 !== undefined) return ipv6Range(v6);
  return 'invalid';
}

type V4Rule = readonly [base: string, prefix: number, range: AddressRange];

// RFC 6890 / IANA IPv4 special-purpose registry; order matters only where ranges nest (broadcast in 240/4).
const IPV4_RULES: readonly V4Rule[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (CGNAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // includes 169.254.169.254, the instance metadata service
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignment'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV4_TABLE = IPV4_RULES.map(([base, prefix, range]) => {
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { network: (parseIPv4(base)! & mask) >>> 0, mask, range };
});

function ipv4Range(address: number): AddressRange {
  for (const rule of IPV4_TABLE) if ((address & rule.mask) >>> 0 === rule.network) return rule.range;
  return 'public';
}

type V6Rule = readonly [base: string, prefix: number, range: AddressRange | 'embedded-v4'];

// Checked top to bottom, first match wins. Everything outside 2000::/3 (global unicast) that is not
// listed is 'reserved', so fc00::/7 (incl. fd00:ec2::254, the AWS IPv6 metadata address), fe80::/10 and
// ff00::/8 are refused whichever row names them.
const IPV6_RULES: readonly V6Rule[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::ffff:0:0', 96, 'embedded-v4'], // IPv4-mapped: embedded address in the last 32 bits
  ['::', 96, 'IPv4-compatible'], // deprecated (RFC 4291); never routed, so never public
  ['64:ff9b::', 96, 'embedded-v4'], // NAT64 well-known prefix (RFC 6052)
  ['64:ff9b:1::', 48, 'local-use NAT64'], // RFC 8215
  ['2001::', 32, 'Teredo'],
  ['2001::', 23, 'IETF protocol assignment'], // benchmarking 2001:2::/48, ORCHID, …
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, 'embedded-v4'], // 6to4: embedded address in bits 16–47
  ['3fff::', 20, 'documentation'], // RFC 9637
  ['5f00::', 16, 'segment routing'], // RFC 9602
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

const IPV6_TABLE = IPV6_RULES.map(([base, prefix, range]) => {
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(128 - prefix);
  return { network: toBigInt(parseIPv6(base)!) & mask, mask, range };
});
const GLOBAL_UNICAST = { network: 0x2n << 124n, mask: 0x7n << 125n }; // 2000::/3

function ipv6Range(groups: readonly number[]): AddressRange {
  const value = toBigInt(groups);
  for (const rule of IPV6_TABLE) {
    if ((value & rule.mask) !== rule.network) continue;
    if (rule.range !== 'embedded-v4') return rule.range;
    // 6to4 carries the IPv4 address in groups 1–2; IPv4-mapped and NAT64 in groups 6–7.
    const [high, low] = groups[0] === 0x2002 ? [groups[1]!, groups[2]!] : [groups[6]!, groups[7]!];
    return ipv4Range(((high << 16) | low) >>> 0);
  }
  return (value & GLOBAL_UNICAST.mask) === GLOBAL_UNICAST.network ? 'public' : 'reserved';
}

/** Strict dotted-quad IPv4 (no leading zeros, which some parsers read as octal) → uint32, else undefined. */
function parseIPv4(text: string): number | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return undefined;
  let value = 0;
  for (const part of match.slice(1)) {
    if (part.length > 1 && part.startsWith('0')) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

/** IPv6 text (no zone id) → eight 16-bit groups, else undefined. */
function parseIPv6(text: string): number[] | undefined {
  if (text.includes('%') || isIP(text) !== 6) return undefined;
  let source = text.toLowerCase();
  const lastColon = source.lastIndexOf(':');
  const tail = source.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = parseIPv4(tail);
    if (v4 === undefined) return undefined;
    source = `${source.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = source.split('::');
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const parts = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const groups: number[] = [];
  for (const part of parts) {
    if (!/^[0-9a-f]{1,4}$/.test(part)) return undefined;
    groups.push(parseInt(part, 16));
  }
  return groups;
}

function toBigInt(groups: readonly number[]): bigint {
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}
