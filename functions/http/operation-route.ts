// http: an operation's own route. GET routes read the operation's input from the query string, every
// other method from the JSON body; authentication, the manifest scope and errors are defineRoute's.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Operation, OperationContext } from '#operations/operation';
import { Outcome, type OutcomeKind } from '#operations/outcome';
import { routeById } from '#routes/manifest';
import { header } from './request.ts';
import { HttpResult } from './responses.ts';
import { defineRoute, type RouteHandler } from './route.ts';
import { publicBaseUrlFor } from './public-url.ts';

export function operationRoute(operation: Operation): RouteHandler {
  if (!operation.route) throw new Error(`Operation ${operation.name} has no route`);
  const route = routeById(operation.route);
  const spec = route.method === 'GET' ? { query: operation.input } : { body: operation.input };
  return defineRoute<unknown, unknown>(operation.route, spec, async ({ body, query, principal, event, context }) => {
    const input = route.method === 'GET' ? query : body;
    const operationContext: OperationContext = {
      principal,
      surface: 'http',
      remainingMs: () => context.getRemainingTimeInMillis(),
      header: (name) => header(event as APIGatewayProxyEvent, name),
      publicBaseUrl: () => publicBaseUrlFor(event),
    };
    return renderOutcome(await operation.run(input, operationContext), operation);
  });
}

const STATUS_OF: Readonly<Record<OutcomeKind, number>> = { ok: 200, created: 201, accepted: 202 };

/** An operation's answer as HTTP: its kind's status, and a replay says so in a header. */
export function renderOutcome(answer: unknown, operation: Pick<Operation, 'http'>): unknown {
  if (!(answer instanceof Outcome)) return answer;
  const replayHeader = operation.http?.replayHeader ?? 'x-idempotent-replay';
  return new HttpResult(STATUS_OF[answer.kind], answer.value, answer.replayed ? { [replayHeader]: 'true' } : {});
}
