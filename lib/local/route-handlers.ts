// local: which handler answers a request — an API Gateway resource path matched against the request's, and
// the route's handler module imported as a deployed function's entry imports it.
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { RouteDefinition } from '../../functions/route-table/manifest.ts';
import type { Operation } from '../../functions/operations/operation.ts';

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The source file of a route's handler: its own module, or its operation's (served by operationRoute). */
export function routeHandlerFile(route: Pick<RouteDefinition, 'entry' | 'operation'>): string {
  return route.operation ? `functions/operations/${route.operation}.ts` : `functions/routes/${route.entry}.ts`;
}

/**
 * Default loader, what a deployed function's entry does: imports `functions/routes/<entry>.ts` and
 * returns its `handler`, or, for an operation's route, imports the operation and builds its handler
 * as functions/http/operation-entry.ts does.
 */
export async function importRouteHandler(route: Pick<RouteDefinition, 'entry' | 'operation'>): Promise<RouteHandler> {
  const file = routeHandlerFile(route);
  const module = (await import(new URL(`../../${file}`, import.meta.url).href)) as {
    handler?: unknown;
    operation?: Operation;
  };
  if (route.operation) {
    if (!module.operation) throw new Error(`${file} does not export an operation`);
    // Imported here, not at the top: like a handler module, it reads its configuration at first use.
    const { operationRoute } = await import('../../functions/http/operation-route.ts');
    return operationRoute(module.operation);
  }
  if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler function`);
  return module.handler as RouteHandler;
}

/** Whether every %-escape of `path` decodes (path parameters are decoded; a broken escape cannot be). */
export function isDecodablePath(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** Matches an API Gateway resource path (`/a/{id}`, `/a/{proxy+}`) and returns the path parameters. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const have = path.split('/');
  const parameters: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i]!;
    const greedy = /^\{(.+)\+\}$/.exec(segment);
    if (greedy) {
      const rest = have.slice(i).join('/');
      if (rest === '') return undefined;
      parameters[greedy[1]!] = decodeURIComponent(rest);
      return parameters;
    }
    const actual = have[i];
    if (actual === undefined) return undefined;
    const parameter = /^\{(.+)\}$/.exec(segment);
    if (parameter) {
      if (actual === '') return undefined;
      parameters[parameter[1]!] = decodeURIComponent(actual);
    } else if (segment !== actual) return undefined;
  }
  return want.length === have.length ? parameters : undefined;
}
