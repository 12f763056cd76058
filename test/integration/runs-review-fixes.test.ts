// integration: behaviours added after review, over HTTP against one local stack — expired idempotency
// records, a webhook node deleted and re-added under the same id, forged blob references in inputs,
// and cancel still calling back when StopExecution fails.
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackReceiver, WebhookClient, startRunsStack, type RunsStack } from './support/webhooks-stack.ts';

let stack: RunsStack;
let client: WebhookClient;
let receiver: CallbackReceiver;

beforeAll(async () => {
  receiver = await new CallbackReceiver().start();
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
  client = new WebhookClient(stack.baseUrl, stack.key);
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.stop();
});

function documentClient() {
  return DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.local.dynamodb.endpoint }));
}

describe('idempotency records past their expiry', () => {
  it('no longer replay: the same request after expiry starts a new run', async () => {
    // Prepare: a run, then its idempotency record aged past its TTL (DynamoDB deletes lazily)
    const canvasId = await client.linearCanvas();
    const body = { canvasId, triggerNodeId: 'prompt', inputs: { prompt: `expiry-${Date.now()}` } };
    const first = await client.run(body);
    expect(first.status).toBe(202);
    const tableName = process.env.TABLE_NAME!;
    const documents = documentClient();
    const { Items = [] } = await documents.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'executionId = :id AND entity = :idem',
        ExpressionAttributeValues: { ':id': first.body.executionId, ':idem': 'Idempotency' },
      }),
    );
    expect(Items).toHaveLength(1);
    await documents.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: Items[0]!.PK, SK: Items[0]!.SK },
        UpdateExpression: 'SET #ttl = :past',
        ExpressionAttributeNames: { '#ttl': 'ttl' },
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
      }),
    );

    // Act
    const second = await client.run(body);

    // Assess
    expect(second.status).toBe(202);
    expect(second.headers.get('x-idempotent-replay')).toBeNull();
    expect(second.body.executionId).not.toBe(first.body.executionId);
  });
});

describe('a webhook node deleted and re-added under the same id in one patch', () => {
  it('kills the old secret (404) and shows the node Not configured', async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } })).status).toBe(202);

    // Act
    const patched = await client.post('/api/mcp/canvas/patch', {
      canvasId,
      operations: [
        { op: 'node/delete', nodeId: 'hook' },
        { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
      ],
    });

    // Assess
    expect(patched.status).toBe(200);
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { n: 2 } })).status).toBe(404);
    const state = await client.get('/api/mcp/canvas/state', { canvasId });
    expect(state.body.nodes.find((node: { id: string }) => node.id === 'hook').webhook.configuration).toBe(
      'Not configured',
    );
  });
});

describe('forged blob references in run inputs', () => {
  it("stay inert user data: a run cannot read another run's stored values", async () => {
    // Prepare: a run with a large (stored) prompt, and another run whose inputs name that object
    const canvasId = await client.linearCanvas();
    const victim = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: `secret-${'s'.repeat(10_000)}` },
    });
    await client.waitForStatus(victim.body.executionId, 'succeeded');
    const key = `runs/${stack.workspaceId}/${victim.body.executionId}/inputs.json`;
    const forged = { $blob: { key, bytes: 1 } };

    // Act
    const attacker = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'x', stolen: forged } });
    const done = await client.waitForStatus(attacker.body.executionId, 'succeeded', 'failed');

    // Assess
    expect(done.inputs.stolen).toEqual(forged);
    expect(JSON.stringify(done)).not.toContain('secret-');
  });
});

describe('cancel when StopExecution fails', () => {
  it('still answers cancelled and sends the one callback', async () => {
    // Prepare: a run held queued (its starts are throttled), then StopExecution made to fail. On the state
    // machine (read per run): an instant run is otherwise run inline and finished before its 202.
    const canvasId = await client.linearCanvas();
    stack.local.sfn.injectFault({ action: 'StartExecution', count: 50 });
    process.env.INLINE_INSTANT_RUNS = 'off';
    let executionId: string;
    try {
      const accepted = await client.run({
        canvasId,
        triggerNodeId: 'prompt',
        inputs: { prompt: 'hold' },
        callbackUrl: `${receiver.origin}/ok/cancel-stop-fails`,
      });
      expect(accepted.status).toBe(202);
      executionId = accepted.body.executionId;
      stack.local.sfn.injectFault({
        action: 'StopExecution',
        count: 5,
        errorType: 'ServiceUnavailable',
        statusCode: 503,
      });

      // Act
      const cancelled = await client.post('/api/mcp/executions/cancel', { executionId });

      // Assess: the stop failed, but the run is cancelled and its callback went out once
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
    } finally {
      stack.local.sfn.clearFaults();
      delete process.env.INLINE_INSTANT_RUNS;
    }
    const after = await client.waitFor(
      executionId,
      (snapshot) => snapshot.callback?.delivered === true,
      'callback delivered',
    );
    expect(after.status).toBe('cancelled');
    expect(receiver.for(executionId).map((callback) => callback.body.status)).toEqual(['cancelled']);
  });
});

describe('replay with an Idempotency-Key', () => {
  it('answers a retried replay with the run the first one started, and refuses the key for another execution (409)', async () => {
    // Prepare
    const canvasId = await client.linearCanvas();
    const original = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: `replay-${Date.now()}` },
    });
    const other = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { prompt: `other-${Date.now()}` } });
    await client.waitForStatus(original.body.executionId, 'succeeded');
    const key = `replay-key-${Date.now()}`;

    // Act
    const first = await client.post(
      '/api/mcp/executions/replay',
      { executionId: original.body.executionId },
      { 'Idempotency-Key': key },
    );
    const retried = await client.post(
      '/api/mcp/executions/replay',
      { executionId: original.body.executionId },
      { 'Idempotency-Key': key },
    );
    const misused = await client.post(
      '/api/mcp/executions/replay',
      { executionId: other.body.executionId },
      { 'Idempotency-Key': key },
    );
    const unkeyed = await client.post('/api/mcp/executions/replay', { executionId: original.body.executionId });

    // Assess
    expect(first.status).toBe(202);
    expect(retried.status).toBe(202);
    expect(retried.headers.get('x-idempotent-replay')).toBe('true');
    expect(retried.body.executionId).toBe(first.body.executionId);
    expect(retried.body).toMatchObject({ replayed: true, replayOf: original.body.executionId });
    expect(first.body.replayed).toBeUndefined();
    expect(misused.status).toBe(409);
    expect(unkeyed.status).toBe(202);
    expect(unkeyed.body.executionId).not.toBe(first.body.executionId);
    const replayed = await client.waitForStatus(first.body.executionId, 'succeeded');
    expect(replayed.trigger).toEqual({ kind: 'replay', replayOf: original.body.executionId });
  });
});
