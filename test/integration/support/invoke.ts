// test support: call a route's real handler with the API Gateway REST proxy event it receives in AWS,
// against the DynamoDB Local started by the global setup. Also seeds workspaces through the real adapters.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { systemClock } from '#core/clock';
import { provisionWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/composition/stores';
import { ROUTES, type HttpMethod, type RouteDefinition, type RouteMethod } from '#route-table/manifest';
import { importRouteHandler, type RouteHandler } from '../../../lib/local/route-handlers.ts';

const loaded = new Map<string, Promise<RouteHandler>>();

function loadHandler(route: RouteDefinition): Promise<RouteHandler> {
  let handler = loaded.get(route.id);
  if (!handler) {
    // As the local front and each deployed function load it: the route's module, or its operation's.
    handler = importRouteHandler(route);
    loaded.set(route.id, handler);
  }
  return handler;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  /** Sent as is (for malformed-JSON and size tests); wins over `body`. */
  rawBody?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  body: any;
  headers: Record<string, string>;
}

export function findRoute(method: RouteMethod, path: string): RouteDefinition {
  const route = ROUTES.find(
    (candidate) => (candidate.method === method || candidate.method === 'ANY') && candidate.path === path,
  );
  if (!route) throw new Error(`No ${method} ${path} in the manifest`);
  return route;
}

export function proxyEvent(
  route: RouteDefinition,
  options: CallOptions,
  method: HttpMethod = route.method === 'ANY' ? 'POST' : route.method,
): APIGatewayProxyEvent {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.key !== undefined) headers.Authorization = `Bearer ${options.key}`;
  const body = options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body));
  if (body !== null) headers['Content-Type'] ??= 'application/json';
  return {
    httpMethod: method,
    path: route.path,
    resource: route.path,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: options.query ?? null,
    multiValueQueryStringParameters: options.query
      ? Object.fromEntries(Object.entries(options.query).map(([name, value]) => [name, [value]]))
      : null,
    pathParameters: null,
    stageVariables: null,
    body,
    isBase64Encoded: false,
    requestContext: { requestId: randomUUID(), stage: 'test' } as APIGatewayProxyEvent['requestContext'],
  };
}

export async function call(method: RouteMethod, path: string, options: CallOptions = {}): Promise<CallResult> {
  const route = findRoute(method, path);
  const handler = await loadHandler(route);
  const result = await handler(proxyEvent(route, options, method === 'ANY' ? undefined : method), {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 10_000,
  } as Context);
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined, headers };
}

/** A fresh workspace with an all-scopes key, created through the real provisioning use case. */
export async function seedWorkspace(name = 'Test workspace') {
  const provisioned = await provisionWorkspace(
    { name, ownerEmail: `owner-${randomUUID()}@example.test` },
    { workspaces, clock: systemClock },
  );
  if (!provisioned) throw new Error('provisioning failed');
  return provisioned;
}
