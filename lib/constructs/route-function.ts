// infra: one Lambda per manifest route — a ServiceFunction whose handler, timeout and descriptions come
// from the route's manifest entry. The bind* helpers (table, bucket, workflow, callbacks) are
// ServiceFunction's; RouteAreaStack calls them from the route's `access` field.
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, type RouteDefinition } from '#route-table/manifest';
import { OPERATION_ENTRY, operationEntryPoint } from './bundling.ts';
import { PROJECT_ROOT, ServiceFunction } from './service-function.ts';

export { BUCKET_ACTIONS, PROJECT_ROOT, TABLE_ACTIONS, WORKFLOW_ACTIONS } from './service-function.ts';

/** Absolute path of a route's handler module: its own, or for an operation's route the generic operation entry. */
export function routeEntryPath(route: Pick<RouteDefinition, 'entry' | 'operation'>): string {
  if (route.operation) return OPERATION_ENTRY;
  if (!route.entry) throw new Error('A route names its handler module (entry) or its operation');
  return path.join(PROJECT_ROOT, 'functions', 'routes', `${route.entry}.ts`);
}

/** A route's bundle entry point (an esbuild build with the operationEntries plugin, lib/constructs/bundling.ts). */
export function routeBundleEntry(route: Pick<RouteDefinition, 'entry' | 'operation'>): string {
  return route.operation ? operationEntryPoint(route.operation) : routeEntryPath(route);
}

export interface RouteFunctionProps {
  /** The manifest entry this function serves. */
  readonly route: RouteDefinition;
  /**
   * Memory in MB (also buys CPU).
   * @default 1024
   */
  readonly memorySize?: number;
  /**
   * How long the function's logs are kept.
   * @default CDK context `logRetentionDays`, else logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
}

/** A route's Lambda (see ServiceFunction for the runtime defaults). */
export class RouteFunction extends ServiceFunction {
  readonly route: RouteDefinition;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    const { route } = props;
    super(scope, id, {
      entry: routeBundleEntry(route),
      label: `route ${route.id}`,
      description: `${route.method} ${route.path} (${route.host} host)`,
      roleDescription: `Route ${route.method} ${route.path}`,
      timeout: Duration.seconds(route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS),
      memorySize: props.memorySize,
      logRetention: props.logRetention,
      codeSplitting: route.codeSplitting,
    });
    this.route = route;
  }
}
