// route-table: an operation's route, from its own `http` facts, and the generated table of them all
// (operation-routes.generated.json, which the manifest reads: a Lambda that needs the route table loads
// that JSON, never the operations). `npm run tool-index` writes it from the catalogue. Imports no
// operation: the generic operation entry uses routeOfOperation for the one operation it serves.
import type { Toolset } from '#operations/catalogue';
import type { Operation } from '#operations/operation';
import type { RouteDefinition } from './manifest.ts';

export const OPERATION_ROUTES_FILE = new URL('./operation-routes.generated.json', import.meta.url);

/** An operation's module id under functions/operations: `<toolset>/<tool name in kebab case>`. */
export function operationModuleOf(toolset: Pick<Toolset, 'name'>, operation: Pick<Operation, 'name'>): string {
  return `${toolset.name}/${operation.name.replace(/_/g, '-')}`;
}

/** The route table's entry of an operation with a route (its id is the operation's `route`). */
export function routeOfOperation(operation: Operation, module?: string): RouteDefinition {
  if (!operation.route || !operation.http) throw new Error(`Operation ${operation.name} has no route`);
  const { method, path, host, scope, access, timeoutSeconds, maxBodyBytes, area } = operation.http;
  return {
    id: operation.route,
    method,
    path,
    host: host ?? 'base',
    ...(module ? { operation: module } : {}),
    scope,
    access,
    ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    area,
  };
}

/** Every operation's route, in catalogue order. */
export function operationRoutes(toolsets: readonly Toolset[]): RouteDefinition[] {
  return toolsets.flatMap((toolset) =>
    toolset.operations
      .filter((operation) => operation.route)
      .map((operation) => routeOfOperation(operation, operationModuleOf(toolset, operation))),
  );
}

/** operation-routes.generated.json. */
export function renderOperationRoutes(toolsets: readonly Toolset[]): string {
  return `${JSON.stringify(operationRoutes(toolsets), null, 2)}\n`;
}
