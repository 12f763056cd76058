// local: the thin HTTP front of local mode. One node:http server per host turns each request into the
// API Gateway REST (v1) proxy event the deployed Lambda receives and writes the proxy result back, so
// route handlers run unchanged.
//
//   request ──► match ROUTES (host, path) ─┬─ no path ──────────► 404 {"error", "code"}
//                                          ├─ path, not method ─► 405 {"error", "code"} + Allow
//                                          └─ route ─► body ≤ 10 MB? ─ no ─► 413 {"error", "code"} (rest unread)
//                                                          │ yes
//                                                          ▼
//                       handler(event, context) (module imported once) ─ throws ─► 500 {"error", "code"}
//                                                          │
//                                                          ▼
//                                     statusCode, headers, multiValueHeaders, body
//
// The event and the answer are built in proxy-event.ts; the path match and the handler's import are in
// route-handlers.ts.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { ROUTES, type Host, type RouteDefinition } from '../../functions/route-table/manifest.ts';
import {
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../../functions/core/errors.ts';
import { errorBody, INTERNAL_ERROR_BODY } from '../../functions/http/errors.ts';
import { unknownRouteMessage } from '../../functions/http/unknown-route.ts';
import type { RequestRecord } from './activity-log.ts';
import { LOOPBACK, listenOnLoopback } from './ports.ts';
import { lambdaContext, toProxyEvent, writeResult } from './proxy-event.ts';
import {
  importRouteHandler,
  isDecodablePath,
  matchPath,
  type RouteHandler,
  routeHandlerFile,
} from './route-handlers.ts';
import { studioSecurityHeaders } from '../../web/headers.ts';
import { serveStudioFallback, serveStudioFile } from './studio-files.ts';

/** API Gateway refuses payloads over 10 MB before any Lambda runs. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

export interface HttpFrontOptions {
  readonly host: Host;
  /** 0 picks a free port. */
  readonly port: number;
  /** @default ROUTES from functions/route-table/manifest.ts (the only route list) */
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
      if (!response.headersSent) sendJson(response, 500, INTERNAL_ERROR_BODY);
      else response.destroy();
    });
  });

  async function serve(request: IncomingMessage, response: ServerResponse, requestId: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local');
    const method = (request.method ?? 'GET').toUpperCase();
    if (!isDecodablePath(url.pathname)) {
      return sendJson(
        response,
        400,
        errorBody(new ValidationError(`Malformed percent-encoding in the path ${url.pathname}`)),
      );
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
      return sendJson(
        response,
        404,
        errorBody(new NotFoundError(unknownRouteMessage(options.host, method, url.pathname))),
      );
    }
    // An ANY route takes every method, as its API Gateway ANY method does; the handler decides.
    const match = candidates.find((candidate) => candidate.route.method === method || candidate.route.method === 'ANY');
    if (!match) {
      const allowed = [...new Set(candidates.map((candidate) => candidate.route.method))];
      const refusal = new MethodNotAllowedError(`Method ${method} is not allowed on ${url.pathname}`, allowed);
      return sendJson(response, 405, errorBody(refusal), { allow: allowed.join(', ') });
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
      return sendJson(response, 500, INTERNAL_ERROR_BODY);
    }
    writeResult(response, result);
  }

  // Requests Node's parser refuses (a raw non-ASCII byte in the URL, e.g. a pasted `exec_…` placeholder;
  // a malformed header) would get Node's bodiless 400: answer in the project's shape, saying why.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const body = JSON.stringify(errorBody(new ValidationError(unparseableRequestMessage(error))));
    const requestId = randomUUID();
    socket.end(
      `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nx-amzn-requestid: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
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
    return 'Malformed request: the URL or a header contains a character HTTP does not allow (for example a non-ASCII character such as the "…" of a placeholder like exec_… copied from the docs); percent-encode it or put the real value in';
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') return 'Malformed request: the request headers are too large';
  return `Malformed request (${error.code ?? 'unparseable'})`;
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
