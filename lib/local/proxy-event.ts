// local: the API Gateway REST (v1) proxy integration, both ways — a node:http request becomes the proxy
// event the deployed Lambda receives (headers and query as single- and multi-value maps, the body as text
// or base64, the request context), and a proxy result becomes the HTTP answer (both header maps merged).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, type RouteDefinition } from '../../functions/route-table/manifest.ts';
import { LOOPBACK } from './ports.ts';

/**
 * Content types API Gateway would pass as text; every other body is base64-encoded with
 * `isBase64Encoded: true`, as it is for the binary media types of the deployed API.
 */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
}

export function toProxyEvent(
  request: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
  server: Server,
  requestId: string,
): APIGatewayProxyEvent {
  // Header names keep the casing the client sent; `headers` holds the last value of a repeated header.
  const method = (request.method ?? 'GET').toUpperCase();
  // Prototype-free maps: a header or query name such as `constructor` or `__proto__` is just a name
  // (API Gateway builds the event as JSON, where they are plain keys too).
  const headers: Record<string, string> = Object.create(null);
  const multiValueHeaders: Record<string, string[]> = Object.create(null);
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i]!;
    const value = request.rawHeaders[i + 1]!;
    headers[name] = value;
    appendTo(multiValueHeaders, name, value);
  }
  const query: Record<string, string> = Object.create(null);
  const multiValueQuery: Record<string, string[]> = Object.create(null);
  for (const [name, value] of url.searchParams) {
    query[name] = value;
    appendTo(multiValueQuery, name, value);
  }
  const hasQuery = Object.keys(query).length > 0;
  const isText = isTextContentType(request.headers['content-type']);
  const now = new Date();
  const domainName = request.headers.host ?? `${LOOPBACK}:${(server.address() as AddressInfo).port}`;
  const sourceIp = (request.socket.remoteAddress ?? LOOPBACK).replace(/^::ffff:/, '');
  return {
    resource: route.path,
    path: url.pathname,
    httpMethod: method,
    headers,
    multiValueHeaders,
    // API Gateway sends null, not {}, when there is no query string or no path parameter.
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiValueQuery : null,
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : null,
    stageVariables: null,
    body: body.length === 0 ? null : isText ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      authorizer: null,
      domainName,
      domainPrefix: domainName.split('.')[0],
      extendedRequestId: requestId,
      httpMethod: method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp,
        user: null,
        userAgent: request.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: url.pathname,
      protocol: `HTTP/${request.httpVersion}`,
      requestId,
      requestTime: apiGatewayTime(now),
      requestTimeEpoch: now.getTime(),
      resourceId: route.id,
      resourcePath: route.path,
      stage: 'local',
    },
  };
}

/** The parts of the Lambda context a handler (and the request shell's deadline) may read. */
export function lambdaContext(route: RouteDefinition, requestId: string): Context {
  const deadline = Date.now() + (route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS) * 1000;
  const functionName = `local-${route.id}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:123456789012:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Adds `value` to the list under `name`, starting the list on first use. */
function appendTo(lists: Record<string, string[]>, name: string, value: string): void {
  const list = lists[name] ?? [];
  list.push(value);
  lists[name] = list;
}

/** Writes a proxy result as API Gateway answers it. */
export function writeResult(response: ServerResponse, result: APIGatewayProxyResult): void {
  const headers: Record<string, string[]> = Object.create(null);
  const add = (name: string, value: boolean | number | string): void => {
    appendTo(headers, name.toLowerCase(), String(value));
  };
  for (const [name, value] of Object.entries(result.headers ?? {})) add(name, value);
  for (const [name, values] of Object.entries(result.multiValueHeaders ?? {})) {
    // API Gateway merges both maps; a value present in both is sent once.
    for (const value of values) if (!headers[name.toLowerCase()]?.includes(String(value))) add(name, value);
  }
  headers['content-type'] ??= ['application/json'];
  const body = result.body === undefined || result.body === null ? '' : result.body;
  const payload = result.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  response.statusCode = result.statusCode;
  for (const [name, values] of Object.entries(headers))
    response.setHeader(name, values.length === 1 ? values[0]! : values);
  response.setHeader('content-length', payload.length);
  response.end(payload);
}

function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number): string => String(value).padStart(2, '0');
  const day = `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}
