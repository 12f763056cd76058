// openapi: the document one host serves at GET /openapi.json — the paths that host serves, with its own
// public origin as the only server. Pure; the caller caches it per origin (once per cold start).
import type { Host } from '#route-table/manifest';
import { hostOfServer, LOCAL_SERVERS } from './servers.ts';

/** The parts of an OpenAPI document this needs to know (the rest is carried over as is). */
export interface OpenApiLike {
  readonly servers?: readonly { url: string; description?: string }[];
  readonly paths: Record<string, { servers?: readonly { url: string }[] } & Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/**
 * The committed document narrowed to `host`: a path item without `servers` is the base host's (the
 * document's top-level server); one with `servers` belongs to the hosts they name.
 */
export function hostDocument<D extends OpenApiLike>(document: D, host: Host, origin: string): D {
  const paths: OpenApiLike['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    const hosts = item.servers ? item.servers.map(hostOfServer) : ['base'];
    if (!hosts.includes(host)) continue;
    const { servers: _servers, ...rest } = item;
    paths[path] = rest;
  }
  return {
    ...document,
    paths,
    servers: [{ url: origin, description: LOCAL_SERVERS[host].description.replace(/, local mode;.*$/, '') }],
  };
}
