// core: where a connection's values may be sent. Someone with manage:integrations names, per connection,
// the origins (scheme://host[:port]) allowed to receive them; a node that sends a connection value checks
// the origin of the URL it actually requests (rendered, as the outbound adapter parses it) against that
// list. Editing a node needs only write:canvas, so without this an editor could point a workspace secret
// at a host of its own, by adding a node or by changing only the URL of someone else's.
//
// A connection stored before origins existed has none and is sent nowhere until a manager names them:
// nobody approved a destination for it, and guessing one (even the vendor's API) would let an editor pick
// the path on that host.
import * as z from '../schema.ts';

export const MAX_ALLOWED_ORIGINS = 20;

// Exact hosts only: a wildcard or an encoded name would not say which host the manager approved.
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/;

// The outbound rules never send plain http to a public host (only to allow-listed local hosts, outside
// AWS), so an http origin could only ever be a local test receiver.
const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);

function parsedOrigin(value: string): URL | undefined {
  if (/[\s?#@\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.pathname !== '/' || !HOST.test(url.hostname)) return undefined;
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))) return url;
  return undefined;
}

/** An origin as a manager writes it, stored as the URL standard serialises it (lower case, default port dropped). */
export const AllowedOrigin = z
  .string()
  .check(
    z.maxLength(300),
    z.refine((value) => parsedOrigin(value) !== undefined, {
      message:
        'must be an origin, https://host or https://host:port: no path, query, credentials or wildcard (http only for localhost, 127.x.x.x or [::1])',
    }),
    z.overwrite((value) => parsedOrigin(value)?.origin ?? value),
  )
  .check(
    z.describe(
      'An origin allowed to receive the connection values, e.g. https://api.example.com or https://api.example.com:8443',
    ),
  );

export const AllowedOrigins = z.array(AllowedOrigin).check(
  z.maxLength(MAX_ALLOWED_ORIGINS),
  z.overwrite((origins) => [...new Set(origins)]),
  z.describe(
    `Origins (scheme://host[:port], at most ${MAX_ALLOWED_ORIGINS}) an http-request node may send this connection's values to; any other destination fails the node. Omitted: kept as stored (none for a new connection, so its values are sent nowhere). [] removes them all.`,
  ),
);

/** The origin a request to `url` goes to, or undefined when `url` is no absolute URL. */
export function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why the `provider` connection's values may not go to `origin`, or undefined when they may. A manager
 * reading the message learns the fix; an editor learns nothing about the values.
 */
export function refusalToSend(
  provider: string,
  allowedOrigins: readonly string[] | undefined,
  origin: string | undefined,
): string | undefined {
  const howToAllow = `someone with manage:integrations can allow it with POST /api/integrations/connections { "provider": "${provider}", "allowedOrigins": [...] }`;
  if (!allowedOrigins || allowedOrigins.length === 0) {
    return `The ${provider} connection has no allowed origins yet, so its values are sent nowhere: ${howToAllow}`;
  }
  if (origin === undefined || origin === 'null')
    return `The ${provider} connection's values are sent to an absolute https URL only`;
  if (allowedOrigins.includes(origin)) return undefined;
  return `The ${provider} connection's values may not be sent to ${origin}: its allowedOrigins are ${allowedOrigins.join(', ')}; ${howToAllow}`;
}
