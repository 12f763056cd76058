// adapter: CallbackDispatch — how the accepting process asks for a finished run's callback to be sent
// soon (functions/core/runs/callbacks-prompt.ts). In AWS an asynchronous invoke of the deliver-callback
// function (InvocationType 'Event': Lambda queues it and answers 202 at once, so the accept waits only for
// the hand-over, not the delivery). Locally, the same handler called in this process, off the request.
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { CallbackDispatch } from '#core/ports';

/**
 * The environment variable naming the deliver-callback function (name or ARN) to the routes that accept
 * runs; set by lib/constructs/callback-delivery.ts. Unset: no asynchronous invoke (local mode, tests).
 */
export const DELIVER_CALLBACK_FUNCTION_ENV = 'DELIVER_CALLBACK_FUNCTION';

/** What the deliver-callback function is invoked with. */
export interface DeliverCallbackEvent {
  workspaceId: string;
  executionId: string;
}

/** An asynchronous invoke of the deliver-callback function named `functionName` (name or ARN). */
export class LambdaCallbackDispatch implements CallbackDispatch {
  constructor(
    private readonly functionName: string,
    private readonly client: Pick<LambdaClient, 'send'> = new LambdaClient({}),
  ) {}

  async soon(workspaceId: string, executionId: string): Promise<void> {
    const event: DeliverCallbackEvent = { workspaceId, executionId };
    await this.client.send(
      new InvokeCommand({
        FunctionName: this.functionName,
        InvocationType: 'Event',
        Payload: new TextEncoder().encode(JSON.stringify(event)),
      }),
    );
  }
}

/**
 * The deliver-callback handler run in this process (local mode, tests): started on the next turn of the
 * event loop, never awaited by the accept, so the request answers first. Its failures are logged by
 * `onError`; the run stays in the outbox for the sweeper.
 */
export class InProcessCallbackDispatch implements CallbackDispatch {
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly deliver: (event: DeliverCallbackEvent) => Promise<unknown>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async soon(workspaceId: string, executionId: string): Promise<void> {
    const delivery = new Promise((resolve) => setImmediate(resolve))
      .then(() => this.deliver({ workspaceId, executionId }))
      .catch(this.onError);
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** Waits for the deliveries under way (a clean stop of local mode, the end of a test). */
  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
