// integration: a run whose start Step Functions throttles, over HTTP against the whole local stack on the
// state machine (INLINE_INSTANT_RUNS=off): the route still answers 202, the run waits in the run outbox
// marked due, and the sweeper's next pass starts it — before the stall threshold, exactly once, with its
// one callback. The rest of a run's life after it is accepted: runs-control.test.ts.
import { ListExecutionsCommand, SFNClient } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SWEEP } from '../../lib/local/local-mode.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import {
  callbackRecorded as recorded,
  type ControlStack,
  startControlStack,
  stopControlStack,
} from './support/control-stack.ts';
import { type CallbackReceiver, type Client, type RunsStack, waitUntil } from './support/runs-stack.ts';

let control: ControlStack;
let receiver: CallbackReceiver;
let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  control = await startControlStack();
  ({ receiver, stack, client } = control);
});

afterAll(async () => stopControlStack(control ?? {}));

const callbackRecorded = (executionId: string, attempt = 1) => recorded(client, executionId, attempt);

describe('Step Functions throttling', () => {
  it('still accepts the run (202) when StartExecution is throttled; the next sweep starts it, before the stall threshold, exactly once', async () => {
    // Prepare: two throttles use up the route's StartExecution (the SDK tries it at most twice), so
    // the run stays queued in the outbox, marked due at the sweeper's next pass.
    const throttled = await client.linearCanvas('throttled: {{input}}');
    stack.local.sfn.injectFault({ action: 'StartExecution', count: 2 });
    const { DynamoRunRepository } = await import('../../functions/adapters/dynamodb/run-repository.ts');
    const { STALLED_AFTER_SECONDS } = await import('../../functions/core/runs/sweep.ts');
    const { sweep } = await import('../../functions/workers/sweep-runs.ts');
    const runs = new DynamoRunRepository();

    // Act
    const accepted = await client.run({
      canvasId: throttled,
      triggerNodeId: 'prompt',
      callbackUrl: `${receiver.origin}/ok/throttled`,
    });

    // Assess: accepted, and due now although it was queued only a moment ago
    expect(accepted.status).toBe(202);
    const { executionId } = accepted.body;
    const stalledCutoff = () => new Date(Date.now() - STALLED_AFTER_SECONDS * 1000).toISOString();
    await waitUntil(
      async () =>
        (await client.execution(executionId)).body.status !== 'queued' ||
        (await runs.listQueued(stalledCutoff(), 1000)).some((run) => run.executionId === executionId),
      { what: 'the deferred run listed as due by the outbox index' },
    );

    // Act: the sweeper's next pass (the local timer may have got there first: starting is idempotent)
    await sweep(LOCAL_SWEEP.graceMs);

    // Assess
    const done = await callbackRecorded(executionId);
    expect(done).toMatchObject({ status: 'succeeded', result: { out: 'throttled: hello' } });
    expect((await client.listExecutions(throttled)).map((item) => item.executionId)).toEqual([executionId]);
    const sfn = new SFNClient({
      endpoint: stack.local.sfn.endpoint,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    });
    const { executions = [] } = await sfn.send(
      new ListExecutionsCommand({ stateMachineArn: process.env.RUN_STATE_MACHINE_ARN! }),
    );
    sfn.destroy();
    expect(executions.filter((execution) => execution.name === executionId)).toHaveLength(1);
    expect(receiver.for(executionId)).toHaveLength(1);
  });
});
