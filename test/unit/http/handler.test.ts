// unit: the request shell (functions/http/handler.ts) answers every failure itself: a domain error as its
// status and { error, code }, a handler still running just before the function's timeout as a 500, both with
// the route's own headers; a caller without a Lambda context (local mode) is served too.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ConflictError } from '#core/errors';
import { anyone } from '#http/auth/public';
import { TIMEOUT_MARGIN_MS } from '#http/deadline';
import { defineHandlerFor, type HandlerRequest } from '#http/handler';
import type { HandWrittenRoute } from '#route-table/hand-written-routes';

const route: HandWrittenRoute = {
  id: 'shell-test',
  method: 'GET',
  path: '/shell-test',
  host: 'base',
  scope: null,
  auth: 'public',
  area: 'keys',
};

const event = {
  httpMethod: 'GET',
  path: route.path,
  resource: route.path,
  headers: {},
  queryStringParameters: null,
  body: null,
  requestContext: { requestId: 'req-1' },
} as unknown as APIGatewayProxyEvent;

const cors = () => ({ 'access-control-allow-origin': 'https://app.example.test' });

function shell(run: (request: HandlerRequest<undefined, undefined, undefined>) => Promise<unknown>) {
  return defineHandlerFor([route], { auth: anyone, headers: cors }, run);
}

const lambdaContext = (remainingMs: number) =>
  ({ awsRequestId: 'aws-1', getRemainingTimeInMillis: () => remainingMs }) as unknown as Context;

// The shell's log lines (the request line, an unhandled error), kept off the test output and read by one test.
let logged: string[] = [];
let stdout: MockInstance<typeof process.stdout.write>;
let stderr: MockInstance<typeof process.stderr.write>;
beforeEach(() => {
  logged = [];
  const keep = (chunk: string | Uint8Array) => logged.push(String(chunk)) > 0;
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  stderr = vi.spyOn(process.stderr, 'write').mockImplementation(keep);
});
afterEach(() => {
  stdout.mockRestore();
  stderr.mockRestore();
  vi.useRealTimers();
});

describe('defineHandlerFor', () => {
  it('answers a domain error as its status and { error, code }, with the route headers', async () => {
    // Prepare
    const handler = shell(async () => {
      throw new ConflictError('already there');
    });

    // Act
    const answer = await handler(event, lambdaContext(10_000));

    // Assess
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body)).toEqual({ error: 'already there', code: 'conflict' });
    expect(answer.headers).toMatchObject(cors());
  });

  it('answers a 500 with the route headers when the handler is still running just before the timeout', async () => {
    // Prepare
    vi.useFakeTimers();
    const handler = shell(() => new Promise(() => {}));

    // Act
    const pending = handler(event, lambdaContext(1_000));
    await vi.advanceTimersByTimeAsync(1_000 - TIMEOUT_MARGIN_MS);
    const answer = await pending;

    // Assess
    expect(answer.statusCode).toBe(500);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Internal server error', code: 'internal_error' });
    expect(answer.headers).toMatchObject(cors());
    const errors = logged.filter((line) => line.includes('"Unhandled error"'));
    expect(errors.map((line) => JSON.parse(line).error.name)).toEqual(['TimeoutError']);
  });

  it('does not stop a handler that finishes in time', async () => {
    // Prepare
    vi.useFakeTimers();
    const handler = shell(
      () => new Promise((resolve) => setTimeout(() => resolve({ done: true }), 1_000 - TIMEOUT_MARGIN_MS - 1)),
    );

    // Act
    const pending = handler(event, lambdaContext(1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    const answer = await pending;

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ done: true });
  });

  it('serves a caller without a Lambda context, giving the route an empty one', async () => {
    // Prepare
    const handler = shell(async ({ context }) => ({ requestId: context.awsRequestId ?? null }));

    // Act
    const answer = await handler(event);

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ requestId: null });
    expect(answer.headers).toMatchObject(cors());
  });
});
