// route-table: the single source of truth for every HTTP route. CDK builds API Gateway methods and one
// Lambda per entry from it; the local HTTP front mounts the same handlers from it; tests walk it. The
// routes of operations come from the operations themselves (operation-routes.generated.json); the rest
// are written in functions/route-table/hand-written-routes.ts, where their handlers look them up (without
// this table's operation routes).
import {
  authOf,
  HAND_WRITTEN_ROUTES,
  type HandWrittenRoute,
  type RouteAccess,
  type RouteDefinition,
} from './hand-written-routes.ts';
import OPERATION_ROUTES_JSON from './operation-routes.generated.json' with { type: 'json' };

export type {
  Host,
  HttpMethod,
  RouteAccess,
  RouteArea,
  RouteAuth,
  RouteDefinition,
  RouteMethod,
} from './hand-written-routes.ts';
export { authOf, DEFAULT_ROUTE_TIMEOUT_SECONDS } from './hand-written-routes.ts';

/**
 * The routes of the catalogue's operations, each from the operation's own `http` facts
 * (functions/operations/<toolset>/<name>.ts), written by `npm run tool-index` in catalogue order
 * (functions/route-table/operation-routes.ts; test/unit/gateway/tool-index.test.ts fails when it differs).
 * Their handler is the generic operation entry (functions/http/operation-entry.ts).
 */
const OPERATION_ROUTES = OPERATION_ROUTES_JSON as unknown as readonly RouteDefinition[];

/** What a function serving all of `routes` needs: the union of their grants. */
function accessOfAll(routes: readonly RouteDefinition[]): RouteAccess {
  const has = (level: 'readWrite') => (access: RouteAccess) => access.table === level;
  const accesses = routes.map((route) => route.access);
  const buckets = accesses.map((access) => access.bucket).filter((bucket) => bucket !== undefined);
  const workflow = [...new Set(accesses.flatMap((access) => access.workflow ?? []))].sort();
  const credentials = [...new Set(accesses.flatMap((access) => access.credentials ?? []))].sort();
  return {
    table: accesses.some(has('readWrite')) ? 'readWrite' : 'read',
    ...(buckets.length > 0 ? { bucket: buckets.includes('readWrite') ? 'readWrite' : 'read' } : {}),
    ...(workflow.length > 0 ? { workflow } : {}),
    ...(accesses.some((access) => access.callbacks) ? { callbacks: true } : {}),
    ...(accesses.some((access) => access.webhookKey) ? { webhookKey: true } : {}),
    ...(credentials.length > 0 ? { credentials } : {}),
    ...(accesses.some((access) => access.codehost) ? { codehost: true } : {}),
    ...(accesses.some((access) => access.prices) ? { prices: true } : {}),
    ...(accesses.some((access) => access.generation) ? { generation: true } : {}),
  };
}

const hasAccess = (route: HandWrittenRoute): route is RouteDefinition => route.access !== undefined;

// Operations first, then the hand-written routes in their order; a hand-written route without `access`
// (the MCP gateway) runs every workspace-key route's operation in-process, so it needs all their grants.
export const ROUTES: readonly RouteDefinition[] = /* @__PURE__ */ (() => {
  const routes = [...OPERATION_ROUTES, ...HAND_WRITTEN_ROUTES.filter(hasAccess)];
  const workspaceKeyRoutes = routes.filter((route) => authOf(route) === 'workspace-key');
  const withAccess = (route: HandWrittenRoute): RouteDefinition =>
    hasAccess(route) ? route : { ...route, access: accessOfAll(workspaceKeyRoutes) };
  return [...OPERATION_ROUTES, ...HAND_WRITTEN_ROUTES.map(withAccess)];
})();

/** Finds a route by id; throws if there is none. */
export function routeById(id: string): RouteDefinition {
  const route = ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`No route with id ${id} in the manifest`);
  return route;
}
