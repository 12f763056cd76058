// http: an operation's own route, built from its `http` facts (no route table: the function of one
// operation loads nothing of the others). GET routes read the operation's input from the query string,
// every other method from the JSON body; workspace-key authentication, the scope and errors are the
// handler builder's (./handler.ts). The operation's Outcome becomes the status (201, 202) and the replay
// header; a plain answer is a 200.
import type { Principal } from '#core/keys/api-key';
import type { Operation, OperationContext } from '#operations/operation';
import { Outcome, type OutcomeKind } from '#operations/outcome';
import { runOperation } from '#operations/run-operation';
import { routeOfOperation } from '#route-table/operation-routes';
import { workspaceKey } from './auth/workspace-key.ts';
import { asIs, defineHandlerFor, type RouteHandler } from './handler.ts';
import { publicBaseUrlFor } from './public-url.ts';
import { header } from './request.ts';
import { jsonResponse } from './responses.ts';

export function operationRoute(operation: Operation): RouteHandler {
  const route = routeOfOperation(operation);
  const spec = route.method === 'GET' ? { query: operation.input } : { body: operation.input };
  return defineHandlerFor<Principal, unknown, unknown>(
    [route],
    { auth: workspaceKey, ...spec },
    async ({ caller, body, query, event, context }) => {
      const input = route.method === 'GET' ? query : body;
      const operationContext: OperationContext = {
        principal: caller,
        surface: 'http',
        remainingMs: () => context.getRemainingTimeInMillis(),
        header: (name) => header(event, name),
        publicBaseUrl: () => publicBaseUrlFor(event),
      };
      return renderOutcome(await runOperation(operation, input, operationContext), operation);
    },
  );
}

const STATUS_OF: Readonly<Record<OutcomeKind, number>> = { ok: 200, created: 201, accepted: 202 };

/** An operation's answer as HTTP: its kind's status, and a replay says so in a header. */
function renderOutcome(answer: unknown, operation: Pick<Operation, 'http'>): unknown {
  if (!(answer instanceof Outcome)) return answer;
  const replayHeader = operation.http?.replayHeader ?? 'x-idempotent-replay';
  return asIs(jsonResponse(STATUS_OF[answer.kind], answer.value, answer.replayed ? { [replayHeader]: 'true' } : {}));
}
