// integration: the local Step Functions endpoint, driven through the real @aws-sdk/client-sfn.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DescribeExecutionCommand,
  ListExecutionsCommand,
  RedriveExecutionCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
  type DescribeExecutionCommandOutput,
} from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSfnLocal, type SfnLocal } from '../../lib/local/sfn-local.ts';
import { startLocalWorkflow } from '../support/local-sfn.ts';

const fixture = fileURLToPath(new URL('../support/fixtures/tiny-workflow.asl.json', import.meta.url));

interface GateInput {
  value: number;
  mode: 'pass' | 'hold' | 'fail' | 'failOnce';
  key: string;
}

class GateError extends Error {
  override name = 'GateError';
}

// What the fixture's two "Lambda functions" saw, per test key.
const doubleCalls = new Map<string, number>();
const gateCalls = new Map<string, number>();
const held = new Map<string, () => void>();

const count = (calls: Map<string, number>, key: string): number => {
  const next = (calls.get(key) ?? 0) + 1;
  calls.set(key, next);
  return next;
};

let sfn: SfnLocal;
let client: SFNClient;
let stateMachineArn: string;
let keySeq = 0;
const uniqueKey = (): string => `k${Date.now().toString(36)}-${++keySeq}`;

beforeAll(async () => {
  sfn = await startSfnLocal();
  stateMachineArn = sfn.registerStateMachine({
    name: 'tiny',
    definitionFile: fixture,
    substitutions: {
      DoubleFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:double',
      GateFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:gate',
    },
    tasks: {
      Double: async (event: GateInput) => {
        count(doubleCalls, event.key);
        return { ...event, value: event.value * 2 };
      },
      Gate: async (event: GateInput) => {
        const calls = count(gateCalls, event.key);
        if (event.mode === 'fail' || (event.mode === 'failOnce' && calls === 1))
          throw new GateError(`gate closed for ${event.key}`);
        if (event.mode === 'hold') await new Promise<void>((release) => held.set(event.key, release));
        return { value: event.value, gateCalls: calls };
      },
    },
  });
  // maxAttempts 1: the SDK would otherwise retry a ThrottlingException by itself.
  client = new SFNClient({
    endpoint: sfn.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  for (const release of held.values()) release();
  client?.destroy();
  await sfn?.stop();
});

async function start(input: GateInput, name = input.key) {
  return client.send(new StartExecutionCommand({ stateMachineArn, name, input: JSON.stringify(input) }));
}

async function describeUntil(executionArn: string, done: (d: DescribeExecutionCommandOutput) => boolean) {
  for (;;) {
    const description = await client.send(new DescribeExecutionCommand({ executionArn }));
    if (done(description)) return description;
    await sleep(20);
  }
}
const closed = (d: DescribeExecutionCommandOutput) => d.status !== 'RUNNING';

async function waitUntilHeld(key: string): Promise<void> {
  while (!held.has(key)) await sleep(10);
}

describe('local Step Functions endpoint', () => {
  it('runs an execution to SUCCEEDED with the Task handlers and the JSON paths of the ASL file', async () => {
    // Prepare
    const key = uniqueKey();
    // Act
    const { executionArn, startDate } = await start({ value: 21, mode: 'pass', key });
    const result = await describeUntil(executionArn!, closed);
    // Assess
    expect(executionArn).toBe(`arn:aws:states:us-east-1:123456789012:execution:tiny:${key}`);
    expect(startDate).toBeInstanceOf(Date);
    expect(result.status).toBe('SUCCEEDED');
    expect(JSON.parse(result.output!)).toEqual({ value: 42, gateCalls: 1 });
    expect(result.stopDate!.getTime()).toBeGreaterThanOrEqual(result.startDate!.getTime());
    expect(result.stateMachineArn).toBe(stateMachineArn);
  });

  it('answers a repeated StartExecution (same name, same input) of a running execution with the same ARN', async () => {
    // Prepare
    const key = uniqueKey();
    const input = { value: 1, mode: 'hold', key } as const;
    const first = await start(input);
    await waitUntilHeld(key);
    // Act
    const second = await start(input);
    const otherInput = start({ ...input, value: 2 });
    // Assess
    expect(second.executionArn).toBe(first.executionArn);
    expect(second.startDate).toEqual(first.startDate);
    await expect(otherInput).rejects.toMatchObject({
      name: 'ExecutionAlreadyExists',
      $metadata: { httpStatusCode: 400 },
    });
    held.get(key)!();
    const result = await describeUntil(first.executionArn!, closed);
    expect(result.status).toBe('SUCCEEDED');
    expect(doubleCalls.get(key)).toBe(1);
  });

  it('refuses to reuse the name of a closed execution, as AWS does', async () => {
    // Prepare
    const key = uniqueKey();
    const input = { value: 3, mode: 'pass', key } as const;
    const { executionArn } = await start(input);
    await describeUntil(executionArn!, closed);
    // Act
    const again = start(input);
    // Assess
    await expect(again).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('reports FAILED with the Lambda error type and cause when a Task handler throws', async () => {
    // Prepare
    const key = uniqueKey();
    // Act
    const { executionArn } = await start({ value: 5, mode: 'fail', key });
    const result = await describeUntil(executionArn!, closed);
    // Assess
    expect(result.status).toBe('FAILED');
    expect(result.error).toBe('GateError');
    expect(JSON.parse(result.cause!)).toMatchObject({ errorType: 'GateError', errorMessage: `gate closed for ${key}` });
    expect(result.redriveStatus).toBe('REDRIVABLE');
  });

  it('stops a running execution: ABORTED with the given error and cause', async () => {
    // Prepare
    const key = uniqueKey();
    const { executionArn } = await start({ value: 1, mode: 'hold', key });
    await waitUntilHeld(key);
    // Act
    const { stopDate } = await client.send(
      new StopExecutionCommand({ executionArn, error: 'UserCancelled', cause: 'test stop' }),
    );
    const result = await client.send(new DescribeExecutionCommand({ executionArn }));
    // Assess
    expect(stopDate).toBeInstanceOf(Date);
    expect(result).toMatchObject({ status: 'ABORTED', error: 'UserCancelled', cause: 'test stop' });
    held.get(key)!();
  });

  it('answers the next N StartExecution calls with ThrottlingException (HTTP 400) when a fault is injected', async () => {
    // Prepare
    const key = uniqueKey();
    const input = { value: 2, mode: 'pass', key } as const;
    sfn.injectFault({ action: 'StartExecution', count: 2 });
    // Act
    const first = start(input);
    await expect(first).rejects.toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
    const second = start(input);
    await expect(second).rejects.toMatchObject({ name: 'ThrottlingException' });
    const third = await start(input);
    // Assess
    const result = await describeUntil(third.executionArn!, closed);
    expect(result.status).toBe('SUCCEEDED');
    expect(doubleCalls.get(key)).toBe(1);
  });

  it('lets the SDK default retry policy ride through one injected throttle', async () => {
    // Prepare
    const retrying = new SFNClient({
      endpoint: sfn.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const key = uniqueKey();
    sfn.injectFault({ action: 'StartExecution', count: 1 });
    // Act
    const started = await retrying.send(
      new StartExecutionCommand({ stateMachineArn, name: key, input: JSON.stringify({ value: 4, mode: 'pass', key }) }),
    );
    retrying.destroy();
    // Assess
    expect(started.$metadata.attempts).toBe(2);
    expect((await describeUntil(started.executionArn!, closed)).status).toBe('SUCCEEDED');
  });

  it('redrives a FAILED execution from the failed state, without re-running the states that succeeded', async () => {
    // Prepare
    const key = uniqueKey();
    const { executionArn } = await start({ value: 10, mode: 'failOnce', key });
    expect((await describeUntil(executionArn!, closed)).status).toBe('FAILED');
    // Act
    const { redriveDate } = await client.send(new RedriveExecutionCommand({ executionArn }));
    const result = await describeUntil(executionArn!, closed);
    // Assess
    expect(redriveDate).toBeInstanceOf(Date);
    expect(result.status).toBe('SUCCEEDED');
    expect(JSON.parse(result.output!)).toEqual({ value: 20, gateCalls: 2 });
    expect(result.redriveCount).toBe(1);
    expect(doubleCalls.get(key)).toBe(1);
    expect(gateCalls.get(key)).toBe(2);
  });

  it('refuses to redrive an execution that succeeded', async () => {
    // Prepare
    const key = uniqueKey();
    const { executionArn } = await start({ value: 1, mode: 'pass', key });
    await describeUntil(executionArn!, closed);
    // Act
    const redrive = client.send(new RedriveExecutionCommand({ executionArn }));
    // Assess
    await expect(redrive).rejects.toMatchObject({ name: 'ExecutionNotRedrivable' });
  });

  it('answers DescribeExecution for an unknown execution with ExecutionDoesNotExist', async () => {
    // Act
    const describeUnknown = client.send(
      new DescribeExecutionCommand({ executionArn: 'arn:aws:states:us-east-1:123456789012:execution:tiny:nope' }),
    );
    // Assess
    await expect(describeUnknown).rejects.toMatchObject({ name: 'ExecutionDoesNotExist' });
  });

  it('lists executions of a state machine, filtered by status', async () => {
    // Prepare
    const key = uniqueKey();
    const { executionArn } = await start({ value: 1, mode: 'fail', key });
    await describeUntil(executionArn!, closed);
    // Act
    const { executions } = await client.send(new ListExecutionsCommand({ stateMachineArn, statusFilter: 'FAILED' }));
    // Assess
    expect(executions!.map((execution) => execution.executionArn)).toContain(executionArn);
    expect(executions!.every((execution) => execution.status === 'FAILED')).toBe(true);
  });

  it('is wired into process.env by the startLocalWorkflow test helper (SFN_ENDPOINT, RUN_STATE_MACHINE_ARN)', async () => {
    // Prepare
    const workflow = await startLocalWorkflow({
      name: 'helper-wired',
      definition: {
        StartAt: 'Echo',
        States: {
          Echo: { Type: 'Task', Resource: 'arn:aws:lambda:us-east-1:123456789012:function:echo', End: true },
        },
      },
      tasks: { Echo: async (event: unknown) => ({ echoed: event }) },
    });
    const fromEnv = new SFNClient({
      endpoint: process.env.SFN_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    try {
      // Act
      const { executionArn } = await fromEnv.send(
        new StartExecutionCommand({ stateMachineArn: process.env.RUN_STATE_MACHINE_ARN, input: '{"n":1}' }),
      );
      let result = await fromEnv.send(new DescribeExecutionCommand({ executionArn }));
      while (result.status === 'RUNNING') result = await fromEnv.send(new DescribeExecutionCommand({ executionArn }));
      // Assess
      expect(result.status).toBe('SUCCEEDED');
      expect(JSON.parse(result.output!)).toEqual({ echoed: { n: 1 } });
    } finally {
      fromEnv.destroy();
      await workflow.stop();
    }
    expect(process.env.SFN_ENDPOINT).toBeUndefined();
  });
});
