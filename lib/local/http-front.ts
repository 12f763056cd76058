// local: the thin HTTP front of local mode. One node:http server per host turns each request into the
// API Gateway REST (v1) proxy event the deployed Lambda receives and writes the proxy result back, so
// route handlers run unchanged.
//
//   request ──► match ROUTES (host, path) ─┬─ no path ──────────► 404 {"error"}
//                                          ├─ path, not method ─► 405 {"error"} + Allow
//                                          └─ route ─► body ≤ 10 MB? ─ no ─► 413 {"error"} (rest unread)
//                                                          │ yes
//                                                          ▼
//                       handler(event, context) (module imported once) ─ throws ─► 500 {"error"}
//                                                          │
//                                                          ▼
//                                     statusCode, headers, multiValueHeaders, body
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import {
  DEFAULT_ROUTE_TIMEOUT_SECONDS,
  ROUTES,
  type Host,
  type RouteDefinition,
} from '../../functions/routes/manifest.ts';
import { PayloadTooLargeError } from '../../functions/core/errors.ts';
import { errorBody } from '../../functions/http/errors.ts';
import { unknownRouteMessage } from '../../functions/http/unknown-route.ts';
import type { Operation } from '../../functions/operations/operation.ts';
import type { RequestRecord } from './activity-log.ts';
import { LOOPBACK, listenOnLoopback } from './ports.ts';
import { studioSecurityHeaders } from '../../web/headers.ts';
import { serveStudioFallback, serveStudioFile } from './studio-files.ts';

/** API Gateway refuses payloads over 10 MB before any Lambda runs. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export type RouteHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface HttpFrontOptions {
  readonly host: Host;
  /** 0 picks a free port. */
  readonly port: number;
  /** @default ROUTES from functions/routes/manifest.ts (the only route list) */
  readonly routes?: readonly RouteDefinition[];
  /** @default importRouteHandler, once per route handler */
  readonly loadHandler?: (route: RouteDefinition) => Promise<RouteHandler>;
  /** Where errors are logged. @default console.error */
  readonly log?: (message: string, error?: unknown) => void;
  /**
   * Called once per request when its answer is sent (or the client went away). Local mode prints a
   * line from it (activity-log.ts). @default none
   */
  readonly onRequest?: (record: RequestRecord) => void;
  /** The studio's build (web/dist), served at `/` for browsers (studio-files.ts). @default none */
  readonly studioDir?: string;
  /**
   * Origins the studio's CSP must allow for media, images and fetches: the local S3 front, where
   * presigned upload and download URLs point (docs/studio.md, Content Security Policy). @default none
   */
  readonly studioMediaOrigins?: readonly string[];
}

export interface HttpFront {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

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

/** Starts the front for one host on 127.0.0.1; rejects with the listen error (e.g. EADDRINUSE). */
export async function startHttpFront(options: HttpFrontOptions): Promise<HttpFront> {
  const routes = (options.routes ?? ROUTES).filter((route) => route.host === options.host);
  const studioHeaders = studioSecurityHeaders(options.studioMediaOrigins);
  const loadHandler = options.loadHandler ?? importRouteHandler;
  const log = options.log ?? ((message: string, error?: unknown) => console.error(message, error ?? ''));
  // One import per entry, shared by concurrent first requests: the module scope is the cold start.
  const handlers = new Map<string, Promise<RouteHandler>>();
  const handlerFor = (route: RouteDefinition): Promise<RouteHandler> => {
    const file = routeHandlerFile(route);
    let handler = handlers.get(file);
    if (!handler) {
      handler = loadHandler(route);
      handler.catch(() => handlers.delete(file)); // retry the import on the next request
      handlers.set(file, handler);
    }
    return handler;
  };

  const server: Server = createServer((request, response) => {
    // One id per request, for every answer (404s too): in the event, the log line and the
    // x-amzn-requestid header, as API Gateway does.
    const requestId = randomUUID();
    const started = performance.now();
    response.setHeader('x-amzn-requestid', requestId);
    if (options.onRequest) {
      response.once('close', () => {
        const path = (request.url ?? '/').split('?')[0]!;
        const status = response.writableFinished ? response.statusCode : undefined;
        const method = (request.method ?? 'GET').toUpperCase();
        options.onRequest!({ host: options.host, method, path, status, ms: performance.now() - started, requestId });
      });
    }
    serve(request, response, requestId).catch((error: unknown) => {
      // The path only: a query string may carry a secret.
      log(`[${options.host}] ${request.method} ${(request.url ?? '/').split('?')[0]} failed`, error);
      if (!response.headersSent) sendJson(response, 500, { error: 'Internal server error' });
      else response.destroy();
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = (request.method ?? 'GET').toUpperCase();
    if (!isDecodablePath(url.pathname)) {
      return sendJson(response, 400, { error: `Malformed percent-encoding in the path ${url.pathname}` });
    }
    const studioDir = options.studioDir;
    if (studioDir && (await serveStudioFile(studioDir, request, response, url.pathname, studioHeaders)) === 'served')
      return;
    const candidates = routes.flatMap((route) => {
      const pathParameters = matchPath(route.path, url.pathname);
      return pathParameters ? [{ route, pathParameters }] : [];
    });
    if (candidates.length === 0) {
      if (
        studioDir &&
        (await serveStudioFallback(studioDir, request, response, url.pathname, studioHeaders)) === 'served'
      )
        return;
      return sendJson(response, 404, { error: unknownRouteMessage(options.host, method, url.pathname) });
    }
    // An ANY route takes every method, as its API Gateway ANY method does; the handler decides.
    const match = candidates.find((candidate) => candidate.route.method === method || candidate.route.method === 'ANY');
    if (!match) {
      const allow = [...new Set(candidates.map((candidate) => candidate.route.method))].join(', ');
      return sendJson(response, 405, { error: `Method ${method} is not allowed on ${url.pathname}` }, { allow });
    }

    // Never buffer more than the route accepts (API Gateway's own cap otherwise).
    const limit = Math.min(match.route.maxBodyBytes ?? MAX_PAYLOAD_BYTES, MAX_PAYLOAD_BYTES);
    const body = await readBody(request, limit);
    if (body === 'too-large') {
      // The handler's own 413 in AWS (a route limit under API Gateway's cap), with its code.
      const tooLarge = errorBody(new PayloadTooLargeError(`Request body exceeds ${limit} bytes`));
      return sendJson(response, 413, tooLarge, { connection: 'close' });
    }

    const event = toProxyEvent(request, url, match.route, match.pathParameters, body, server, requestId);
    const handler = await handlerFor(match.route);
    let result: APIGatewayProxyResult;
    try {
      result = await handler(event, lambdaContext(match.route, event.requestContext.requestId));
    } catch (error) {
      // What API Gateway shows for a crashed Lambda is a bare 502; we answer the project's 500 shape.
      log(`[${options.host}] handler ${routeHandlerFile(match.route)} threw`, error);
      return sendJson(response, 500, { error: 'Internal server error' });
    }
    writeResult(response, result);
  }

  // Requests Node's parser refuses (a raw non-ASCII byte in the URL, e.g. a pasted `exec_…` placeholder;
  // a malformed header) would get Node's bodiless 400: answer in the project's shape, saying why.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: unparseableRequestMessage(error) });
    const requestId = randomUUID();
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ` +
        `${Buffer.byteLength(body)}\r\nx-amzn-requestid: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
    options.onRequest?.({
      host: options.host,
      method: '-',
      path: '(unparseable request)',
      status: 400,
      ms: 0,
      requestId,
    });
  });

  await listenOnLoopback(server, options.port);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    port,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Why Node's HTTP parser refused a request, in words a curl user can act on. */
export function unparseableRequestMessage(error: NodeJS.ErrnoException): string {
  if (error.code === 'HPE_INVALID_URL' || error.code === 'HPE_INVALID_CHAR' || error.code === 'HPE_INVALID_TOKEN') {
    return (
      'Malformed request: the URL or a header contains a character HTTP does not allow (for example a ' +
      'non-ASCII character such as the "…" of a placeholder like exec_… copied from the docs); ' +
      'percent-encode it or put the real value in'
    );
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'Malformed request: the request headers are too large';
  return `Malformed request (${error.code ?? 'unparseable'})`;
}

/** Whether every %-escape of `path` decodes (path parameters are decoded; a broken escape cannot be). */
function isDecodablePath(path: string): boolean {
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

/**
 * Reads the body, or gives up at `limit` bytes and stops reading (the reply carries Connection: close
 * so the unread rest is dropped with the socket). Not `for await`: leaving that loop early destroys
 * the request and its socket before the 413 can be written.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) return Promise.resolve('too-large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', onData);
      request.off('end', onEnd);
      request.pause();
      resolve('too-large');
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', reject);
  });
}

function toProxyEvent(
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

/** The parts of the Lambda context a handler (and middy) may read. */
function lambdaContext(route: RouteDefinition, requestId: string): Context {
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

function writeResult(response: ServerResponse, result: APIGatewayProxyResult): void {
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

function sendJson(
  response: ServerResponse,
  statusCode: number,
  payload: unknown,
  extraHeaders: Record<string, string> = {},
): void {
  const body = JSON.stringify(payload);
  response.writeHead(statusCode, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...extraHeaders,
  });
  response.end(body);
}

function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (value: number): string => String(value).padStart(2, '0');
  const day = `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}
