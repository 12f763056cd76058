// gateway: the API Gateway proxy event as a web Request and a web Response back, so the MCP SDK's
// web-standard transport runs unchanged in Lambda and behind the local front; and one request served by a
// stateless Server (the gateway's and a published server's, the same way).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import * as streamableHttp from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { rawBody } from '#http/request';

/** The SDK transport's own body limit (4 MiB → 413); a larger body is left for it to refuse. */
const MAX_PARSED_BODY_BYTES = 4 * 1024 * 1024;

export interface WebMcpRequest {
  readonly request: Request;
  /**
   * The JSON body, already parsed, for the transport's `parsedBody`: a web Request that carries its body
   * as a stream costs more to build and read than the whole rest of a warm tools/list. Undefined when
   * the body is not JSON or too large: the Request then carries it, and the SDK answers 400 or 413.
   */
  readonly parsedBody: unknown;
}

/** The event as a web Request plus its JSON body parsed, for `transport.handleRequest(request, { parsedBody })`. */
export function toWebRequest(event: APIGatewayProxyEvent, origin: string): WebMcpRequest {
  const method = event.httpMethod.toUpperCase();
  if (method === 'GET' || method === 'HEAD')
    return { request: new Request(urlOf(event, origin), { method, headers: headersOf(event) }), parsedBody: undefined };
  const bytes = rawBody(event);
  const parsedBody = bytes.length <= MAX_PARSED_BODY_BYTES ? parseJson(bytes) : undefined;
  const body = parsedBody === undefined ? new Uint8Array(bytes) : undefined;
  return { request: new Request(urlOf(event, origin), { method, headers: headersOf(event), body }), parsedBody };
}

function urlOf(event: APIGatewayProxyEvent, origin: string): URL {
  const url = new URL(event.path, origin);
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {}))
    if (value !== undefined) url.searchParams.set(name, value);
  return url;
}

/**
 * The headers the MCP transport reads (content negotiation, the protocol version, the session and stream
 * headers it refuses or ignores, the 2026 revision's method headers). API Gateway adds twenty-odd more
 * (X-Forwarded-*, CloudFront-*, Via…) that no MCP code reads; copying each into a web Headers costs more
 * than the rest of the bridge. Credentials reach the server as authInfo, never as a header.
 */
const MCP_HEADERS = new Set([
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'origin',
  'host',
]);

function headersOf(event: APIGatewayProxyEvent): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (value !== undefined && MCP_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  return headers;
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The web Response as a proxy result; the route's own headers (CORS) are added by its handler (defineHandler). */
export async function fromWebResponse(response: Response): Promise<APIGatewayProxyResult> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
}

/**
 * One request answered by a Server built for it: stateless streamable HTTP (no session), JSON responses
 * (no SSE stream), the Server closed whatever happens.
 */
export async function serveStateless(
  server: Server,
  { request, parsedBody }: WebMcpRequest,
  authInfo?: AuthInfo,
): Promise<APIGatewayProxyResult> {
  const transport = new streamableHttp.WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    return await fromWebResponse(await transport.handleRequest(request, { authInfo, parsedBody }));
  } finally {
    await server.close();
  }
}
