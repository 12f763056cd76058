// unit: every route of the manifest is served by an `observed` handler (request line, request and
// workspace ids, EMF flush), including the ones assembled by hand rather than by defineHandler: the
// billing, payment-webhook, GitHub-webhook and meta routes skipped it once and answered correctly,
// silently unlogged. The hand-built ones are also called, each with a request it answers without any
// I/O, and must print their Request line.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isObserved, logger } from '#adapters/observability/powertools';
import { ROUTES, routeById } from '#route-table/manifest';
import { importRouteHandler, routeHandlerFile } from '../../../lib/local/route-handlers.ts';

// One route per handler file (an operation's route is served by the generic entry around its operation).
const routes = [...new Map(ROUTES.map((route) => [routeHandlerFile(route), route])).entries()];

describe('route handlers', () => {
  it.each(routes)('%s gives an observed handler', async (file, route) => {
    const handler = await importRouteHandler(route);
    expect(typeof handler).toBe('function');
    expect(isObserved(handler), `${file}: wrap its handler with observed()`).toBe(true);
  });
});

describe('hand-built route handlers log their Request line', () => {
  const lines: string[] = [];
  const write = process.stdout.write;
  const level = logger.getLevelName();
  beforeAll(() => {
    // The logger is quiet (WARN) where DYNAMODB_ENDPOINT is set, as it is in every worker of a run that
    // also starts the integration project's local services (forks inherit the env they set).
    logger.setLogLevel('INFO');
    // Only read by the payment routes, and only to refuse an unsigned delivery (no network).
    process.env.PAYMENTS_WEBHOOK_SECRET ??= `whsec_${randomUUID()}`;
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      (rest.find((arg) => typeof arg === 'function') as (() => void) | undefined)?.();
      return true;
    }) as typeof process.stdout.write;
  });
  afterAll(() => {
    process.stdout.write = write;
    logger.setLogLevel(level);
  });

  // Each answered without I/O: no credential (billing), no signature (payments), a GET (GitHub), /health (meta).
  const cases = [
    ['billing-focus-export', 'GET', 401],
    ['billing-focus-export-app', 'GET', 401],
    ['billing-focus-metadata', 'GET', 401],
    ['billing-focus-metadata-app', 'GET', 401],
    ['payments-webhooks', 'POST', 400],
    ['payments-plan-webhooks', 'POST', 400],
    ['webhooks-github', 'GET', 405],
    ['meta-health-base', 'GET', 200],
    ['meta-health-app', 'GET', 200],
  ] as const;

  it.each(cases)('%s', async (routeId, method, status) => {
    const route = routeById(routeId);
    const requestId = randomUUID();
    const event = {
      httpMethod: method,
      path: route.path,
      resource: route.path,
      headers: {},
      multiValueHeaders: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      stageVariables: null,
      body: method === 'POST' ? '{}' : null,
      isBase64Encoded: false,
      requestContext: { requestId, stage: 'test', domainName: 'example.test', path: route.path },
    } as unknown as APIGatewayProxyEvent;
    const handler = await importRouteHandler(route);

    const answer = await handler(event, {
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => 10_000,
    } as Context);

    expect(answer.statusCode).toBe(status);
    const logged = lines
      .join('')
      .split('\n')
      .filter((line) => line.includes(requestId))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toContainEqual(
      expect.objectContaining({ message: 'Request', requestId, method, path: route.path, status }),
    );
  });
});
