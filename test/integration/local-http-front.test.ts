// integration: lib/local/http-front.ts turns HTTP requests into API Gateway REST proxy events and
// proxy results back into HTTP, with stand-in handlers so that only the front is under test.
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RouteDefinition } from '../../functions/route-table/manifest.ts';
import { MAX_PAYLOAD_BYTES, startHttpFront, type HttpFront } from '../../lib/local/http-front.ts';
import { matchPath, type RouteHandler } from '../../lib/local/route-handlers.ts';

const route = (
  id: string,
  method: RouteDefinition['method'],
  path: string,
  host: RouteDefinition['host'] = 'base',
): RouteDefinition => ({
  id,
  method,
  path,
  host,
  entry: `test/${id}`,
  scope: null,
  access: { table: 'read' },
  area: 'keys',
});

const routes = [
  route('echo-post', 'POST', '/echo'),
  route('echo-get', 'GET', '/echo'),
  route('item', 'GET', '/items/{id}'),
  route('boom', 'GET', '/boom'),
  route('binary', 'GET', '/binary'),
  route('app-only', 'GET', '/app-only', 'app'),
];

let events: APIGatewayProxyEvent[] = [];
const loads: string[] = [];
const logged: string[] = [];

const echo: RouteHandler = async (event) => {
  events.push(event);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ok: true }) };
};
const handlers: Record<string, RouteHandler> = {
  'test/echo-post': echo,
  'test/echo-get': echo,
  'test/item': echo,
  'test/app-only': echo,
  'test/boom': async () => {
    throw new Error('handler exploded');
  },
  'test/binary': async (): Promise<APIGatewayProxyResult> => ({
    statusCode: 201,
    headers: { 'content-type': 'application/octet-stream', 'x-single': 'one' },
    multiValueHeaders: { 'set-cookie': ['a=1', 'b=2'] },
    body: Buffer.from([0, 1, 2, 255]).toString('base64'),
    isBase64Encoded: true,
  }),
};

let front: HttpFront;

beforeAll(async () => {
  front = await startHttpFront({
    host: 'base',
    port: 0,
    routes,
    loadHandler: async ({ entry = '' }) => {
      loads.push(entry);
      await new Promise((resolve) => setTimeout(resolve, 20)); // a slow cold start
      return handlers[entry]!;
    },
    log: (message) => logged.push(message),
  });
});

afterAll(async () => {
  await front?.stop();
});

beforeEach(() => {
  events = [];
});

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http rather than fetch: repeated headers and a declared-but-unsent body need the low level. */
function send(
  method: string,
  path: string,
  options: { headers?: OutgoingHttpHeaders; body?: Buffer | string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${front.url}${path}`, { method, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
const json = (reply: Reply): unknown => JSON.parse(reply.body.toString('utf8'));

describe('local HTTP front', () => {
  it('builds the REST API proxy event: method, path, resource, headers as sent, query lists, text body, request context', async () => {
    // Act
    const reply = await send('POST', '/echo?a=1&a=2&b=x%20y', {
      headers: { 'Content-Type': 'application/json', 'X-Dup': ['1', '2'], 'User-Agent': 'front-test' },
      body: '{"hello":"world"}',
    });
    // Assess
    expect(reply.status).toBe(200);
    const event = events[0]!;
    expect(event).toMatchObject({
      httpMethod: 'POST',
      path: '/echo',
      resource: '/echo',
      queryStringParameters: { a: '2', b: 'x y' },
      multiValueQueryStringParameters: { a: ['1', '2'], b: ['x y'] },
      pathParameters: null,
      stageVariables: null,
      body: '{"hello":"world"}',
      isBase64Encoded: false,
    });
    expect(event.headers['Content-Type']).toBe('application/json');
    expect(event.headers['X-Dup']).toBe('2');
    expect(event.multiValueHeaders['X-Dup']).toEqual(['1', '2']);
    expect(event.requestContext).toMatchObject({
      stage: 'local',
      httpMethod: 'POST',
      resourcePath: '/echo',
      domainName: front.url.replace('http://', ''),
      identity: { sourceIp: '127.0.0.1', userAgent: 'front-test' },
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(event.requestContext.requestTimeEpoch).toEqual(expect.any(Number));
  });

  it('passes query and header names that are Object.prototype members as plain names (found by the route fuzz: was 500)', async () => {
    // Act
    const reply = await send('GET', '/echo?toString=1&__proto__=x&constructor=0&hasOwnProperty=y', {
      headers: { constructor: 'c' },
    });
    // Assess
    expect(reply.status).toBe(200);
    const event = events[0]!;
    // JSON.parse makes "__proto__" an own key, as API Gateway's JSON event does (a literal would not).
    expect({ ...event.queryStringParameters }).toEqual(
      JSON.parse('{"toString":"1","__proto__":"x","constructor":"0","hasOwnProperty":"y"}'),
    );
    expect(event.multiValueQueryStringParameters!.constructor).toEqual(['0']);
    expect(event.headers.constructor).toBe('c');
  });

  it('answers a path with a malformed %-escape with 400 JSON (found by the OAuth fuzz: was 500)', async () => {
    const reply = await send('GET', '/items/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(json(reply)).toEqual({
      error: 'Malformed percent-encoding in the path /items/%E0%A4%A',
      code: 'validation_failed',
    });
  });

  it('answers a request Node cannot parse (a raw "…" from a pasted exec_… placeholder) with 400 JSON, not a bodiless 400', async () => {
    // Prepare: what curl sends for "$BASE/api/executions?executionId=exec_…" (the raw UTF-8 bytes)
    const { connect } = await import('node:net');
    const socket = connect(front.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise((resolve) => socket.once('close', resolve));

    // Act
    socket.write(
      Buffer.concat([
        Buffer.from('GET /items/1?executionId=exec_'),
        Buffer.from('…', 'utf8'),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    );
    await closed;

    // Assess
    const [head, body] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(body!)).toEqual({
      error: expect.stringMatching(/Malformed request: .*placeholder like exec_…/),
      code: 'validation_failed',
    });
  });

  it('sends null query parameters and a null body when there are none, as API Gateway does', async () => {
    // Act
    await send('GET', '/echo');
    // Assess
    expect(events[0]).toMatchObject({
      httpMethod: 'GET',
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      body: null,
      isBase64Encoded: false,
    });
  });

  it('base64-encodes a binary body and flags it', async () => {
    // Prepare
    const bytes = Buffer.from([0, 159, 146, 150, 255]);
    // Act
    await send('POST', '/echo', { headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    // Assess
    expect(events[0]!.isBase64Encoded).toBe(true);
    expect(Buffer.from(events[0]!.body!, 'base64')).toEqual(bytes);
  });

  it('matches path templates and passes path parameters', async () => {
    // Act
    await send('GET', '/items/abc%20d');
    // Assess
    expect(events[0]).toMatchObject({
      resource: '/items/{id}',
      path: '/items/abc%20d',
      pathParameters: { id: 'abc d' },
    });
    expect(matchPath('/files/{path+}', '/files/a/b')).toEqual({ path: 'a/b' });
    expect(matchPath('/items/{id}', '/items/a/b')).toBeUndefined();
  });

  it('writes status, headers, multi-value headers and a base64 body back', async () => {
    // Act
    const reply = await send('GET', '/binary');
    // Assess
    expect(reply.status).toBe(201);
    expect(reply.headers['x-single']).toBe('one');
    expect(reply.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(reply.body).toEqual(Buffer.from([0, 1, 2, 255]));
  });

  it('answers an unknown path with 404 JSON, and a route of the other host too', async () => {
    // Act
    const unknown = await send('GET', '/nope');
    const otherHost = await send('GET', '/app-only');
    // Assess
    expect(unknown.status).toBe(404);
    expect(json(unknown)).toEqual({ error: expect.any(String), code: 'not_found' });
    expect(otherHost.status).toBe(404);
    expect(events).toEqual([]);
  });

  it('answers a known path with the wrong method with 405 JSON and an Allow header', async () => {
    // Act
    const reply = await send('DELETE', '/echo');
    // Assess
    expect(reply.status).toBe(405);
    expect(reply.headers.allow).toBe('POST, GET');
    expect(json(reply)).toEqual({ error: expect.any(String), code: 'method_not_allowed' });
  });

  it('refuses a declared body over 10 MB with 413 before reading it', async () => {
    // Act: declare more than the limit, send almost nothing
    const reply = await new Promise<Reply>((resolve, reject) => {
      const req = httpRequest(
        `${front.url}/echo`,
        { method: 'POST', headers: { 'content-length': MAX_PAYLOAD_BYTES + 1 } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      req.write('x');
    });
    // Assess
    expect(reply.status).toBe(413);
    expect(json(reply)).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    expect(events).toEqual([]);
  });

  it('refuses a streamed (chunked) body once it passes 10 MB, without waiting for the rest', async () => {
    // Act: stream 1 MiB chunks with no Content-Length until the server answers
    const reply = await new Promise<Reply>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(
        `${front.url}/echo`,
        { method: 'POST', headers: { 'content-type': 'text/plain' } },
        (res) => {
          answered = true;
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', (error) => (answered ? undefined : reject(error)));
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      // 11 MiB, just past the limit, and the request is never ended: the server must answer without the
      // rest. Writing on after its answer would race the closing socket (EPIPE) instead of testing it.
      let sent = 0;
      const pump = (): void => {
        while (sent < 11 && !answered) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
      };
      pump();
    });
    // Assess
    expect(reply.status).toBe(413);
    expect(json(reply)).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    expect(events).toEqual([]);
  });

  it('answers a crashing handler with 500 {"error":"Internal server error"} and logs it', async () => {
    // Act
    const reply = await send('GET', '/boom');
    // Assess
    expect(reply.status).toBe(500);
    expect(json(reply)).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(logged.some((message) => message.includes('test/boom'))).toBe(true);
  });

  it('imports each handler module once, even for concurrent first requests', async () => {
    // Act
    await Promise.all([send('GET', '/items/1'), send('GET', '/items/2'), send('GET', '/items/3')]);
    // Assess
    expect(loads.filter((entry) => entry === 'test/item')).toEqual(['test/item']);
    expect(events).toHaveLength(3);
  });
});
