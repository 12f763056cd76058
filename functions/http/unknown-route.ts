// http: the answer to a path no route of this host serves. The two hosts split the routes (REST on the
// base host; the MCP gateway and OAuth on the app host), and the easiest mistake is calling one host with
// the other's path: the 404 then names the host that does serve it, with its origin from the
// configuration, instead of leaving the caller to guess.
import { ENV } from '#adapters/env';
import { ROUTES, type Host, type RouteDefinition } from '#route-table/manifest';

const OTHER: Record<Host, Host> = { base: 'app', app: 'base' };
const WHAT_LIVES_THERE: Record<Host, string> = {
  base: 'REST routes (keys, canvases, runs, webhooks, assets, credits) live on the base host',
  app: 'the MCP gateway (POST /api/mcp) and OAuth live on the app host',
};
const ORIGIN_SETTING: Record<Host, string> = { base: ENV.publicBaseUrl, app: ENV.publicAppUrl };

/** Whether a manifest path template (with `{name}` and greedy `{name+}` segments) matches `path`. */
function matches(template: string, path: string): boolean {
  const want = template.split('/');
  const have = path.split('/');
  for (let i = 0; i < want.length; i++) {
    if (/^\{.+\+\}$/.test(want[i]!)) return have.slice(i).join('/') !== '';
    if (have[i] === undefined || (!/^\{.+\}$/.test(want[i]!) && want[i] !== have[i])) return false;
  }
  return want.length === have.length;
}

/**
 * What an unknown path's 404 adds on a host whose paths are easily mistaken for the other host's, given
 * that host's origin: `on the app host; REST routes (…) live on the base host: https://…`. API
 * Gateway's own 404 on the app host carries it (lib/constructs/rest-api.ts), as the local front does.
 */
export function otherHostHint(host: Host, otherOrigin: string): string {
  return `on the ${host} host; ${WHAT_LIVES_THERE[OTHER[host]]}: ${otherOrigin.replace(/\/+$/, '')}`;
}

/**
 * `No route for GET /api/canvases on the app host; REST routes (…) live on the base host:
 * http://127.0.0.1:8788/api/canvases` when the other host serves the path; else the plain 404 message,
 * which on the app host still says where the REST routes are (any `/api/…` path a caller tries there
 * is most likely one of them, misspelt or not).
 */
export function unknownRouteMessage(
  host: Host,
  method: string,
  path: string,
  env: Record<string, string | undefined> = process.env,
  routes: readonly RouteDefinition[] = ROUTES,
): string {
  const plain = `No route for ${method} ${path}`;
  const other = OTHER[host];
  const servedThere = routes.some((route) => route.host === other && matches(route.path, path));
  if (!servedThere && host !== 'app') return plain;
  const origin = env[ORIGIN_SETTING[other]]?.replace(/\/+$/, '');
  const where = origin ? `: ${origin}${servedThere ? path : ''}` : ` (${ORIGIN_SETTING[other]})`;
  return `${plain} on the ${host} host; ${WHAT_LIVES_THERE[other]}${where}`;
}
