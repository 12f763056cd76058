// unit: the CallbackDispatch adapters — AWS: one asynchronous invoke (InvocationType 'Event') of the named
// function with the run's ids; in-process: the handler runs after the ask has returned, never inside it.
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { describe, expect, it } from 'vitest';
import { InProcessCallbackDispatch, LambdaCallbackDispatch } from '#adapters/lambda/callback-dispatch';

describe('LambdaCallbackDispatch', () => {
  it('invokes the named function asynchronously with the workspace and execution ids', async () => {
    const sent: { input: Record<string, unknown> }[] = [];
    const client = { send: async (command: { input: Record<string, unknown> }) => sent.push(command) };
    const dispatch = new LambdaCallbackDispatch(
      'arn:aws:lambda:eu-west-1:123456789012:function:deliver',
      client as never,
    );

    await dispatch.soon('ws_1', 'exec_1');

    expect(sent).toHaveLength(1);
    const input = sent[0]!.input;
    expect(input).toMatchObject({
      FunctionName: 'arn:aws:lambda:eu-west-1:123456789012:function:deliver',
      InvocationType: 'Event',
    });
    expect(JSON.parse(new TextDecoder().decode(input.Payload as Uint8Array))).toEqual({
      workspaceId: 'ws_1',
      executionId: 'exec_1',
    });
  });

  it('rejects when the invoke is refused (the accept logs it and leaves the callback to the sweeper)', async () => {
    const client: Pick<LambdaClient, 'send'> = {
      send: async () => {
        throw Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' });
      },
    };
    await expect(new LambdaCallbackDispatch('deliver', client).soon('ws_1', 'exec_1')).rejects.toThrow('Rate');
  });
});

describe('InProcessCallbackDispatch', () => {
  it('runs the handler after soon() has returned, and drain() waits for it', async () => {
    const order: string[] = [];
    const dispatch = new InProcessCallbackDispatch(async (event) => {
      order.push(`deliver ${event.executionId}`);
    });

    await dispatch.soon('ws_1', 'exec_1');
    order.push('answered');
    await dispatch.drain();

    expect(order).toEqual(['answered', 'deliver exec_1']);
  });

  it('hands a failing delivery to onError instead of rejecting', async () => {
    const errors: unknown[] = [];
    const dispatch = new InProcessCallbackDispatch(
      async () => {
        throw new Error('table unavailable');
      },
      (error) => errors.push(error),
    );
    await dispatch.soon('ws_1', 'exec_1');
    await dispatch.drain();
    expect(errors).toEqual([expect.objectContaining({ message: 'table unavailable' })]);
  });
});
