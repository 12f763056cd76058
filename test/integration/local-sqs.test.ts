// integration: the local SQS endpoint and its event-source-mapping consumer, driven through the real
// @aws-sdk/client-sqs (which checks the MD5 of every body it sends and receives).
import { createHash } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
  type Message,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startSqsLocal, type SqsLocal } from '../../lib/local/sqs-local.ts';
import { localSqsClient, startLocalQueue, waitUntil } from '../support/local-sqs.ts';

let sqs: SqsLocal;
let client: SQSClient;
let queueSeq = 0;
/** A fresh queue per test, so tests never see each other's messages. */
const uniqueQueueName = (prefix = 'q'): string => `${prefix}-${Date.now().toString(36)}-${++queueSeq}`;

const md5 = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');
const SILENT = { debug() {}, info() {}, warn() {}, error() {} };

beforeAll(async () => {
  sqs = await startSqsLocal({ port: await freePort(), region: 'us-east-1' });
  client = localSqsClient(sqs.endpoint);
});

afterAll(async () => {
  client?.destroy();
  await sqs?.stop();
});

async function receive(queueUrl: string, input: { wait?: number; max?: number; visibility?: number } = {}): Promise<Message[]> {
  const { Messages } = await client.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: input.max ?? 10,
      WaitTimeSeconds: input.wait ?? 0,
      ...(input.visibility !== undefined && { VisibilityTimeout: input.visibility }),
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
  );
  return Messages ?? [];
}

describe('local SQS endpoint', () => {
  it('round-trips a message: send, receive (body MD5 checked by the SDK), delete', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    const body = JSON.stringify({ runId: 'run_1', note: 'héllo ✓' });
    // Act
    const sent = await client.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: body,
        MessageAttributes: {
          kind: { DataType: 'String', StringValue: 'start-run' },
          attempt: { DataType: 'Number', StringValue: '1' },
          blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
        },
      }),
    );
    const [message] = await receive(queueUrl, { wait: 1 });
    await client.send(new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message!.ReceiptHandle }));
    // Assess
    expect(sent.MD5OfMessageBody).toBe(md5(body));
    expect(message).toMatchObject({ MessageId: sent.MessageId, Body: body, MD5OfBody: md5(body) });
    expect(message!.MD5OfMessageAttributes).toBe(sent.MD5OfMessageAttributes);
    expect(message!.MessageAttributes).toEqual({
      kind: { DataType: 'String', StringValue: 'start-run' },
      attempt: { DataType: 'Number', StringValue: '1' },
      blob: { DataType: 'Binary', BinaryValue: new Uint8Array([1, 2, 3]) },
    });
    expect(message!.Attributes).toMatchObject({ ApproximateReceiveCount: '1', SenderId: 'S3RVER' });
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('computes MD5OfMessageAttributes as SQS does (the documented length-prefixed encoding)', async () => {
    // Prepare: the expected digest, built by hand for one string attribute.
    const queueUrl = sqs.createQueue(uniqueQueueName());
    const part = (text: string): Buffer => {
      const bytes = Buffer.from(text, 'utf8');
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.length);
      return Buffer.concat([length, bytes]);
    };
    const expected = createHash('md5')
      .update(Buffer.concat([part('kind'), part('String'), Buffer.from([1]), part('start-run')]))
      .digest('hex');
    // Act
    const sent = await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x', MessageAttributes: { kind: { DataType: 'String', StringValue: 'start-run' } } }),
    );
    // Assess
    expect(sent.MD5OfMessageAttributes).toBe(expected);
  });

  it('returns only the attributes asked for, as SQS does', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName());
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'plain', MessageAttributes: { kind: { DataType: 'String', StringValue: 'k' } } }));
    // Act
    const { Messages } = await client.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    // Assess
    expect(Messages).toHaveLength(1);
    expect(Messages![0]!.Attributes).toBeUndefined();
    expect(Messages![0]!.MessageAttributes).toBeUndefined();
  });

  it('redelivers a message that was not deleted once its visibility timeout is over, with a higher ApproximateReceiveCount', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 30 });
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'again' }));
    const [first] = await receive(queueUrl, { visibility: 1 });
    // Act
    const whileInFlight = await receive(queueUrl);
    const depthInFlight = sqs.depth(queueUrl);
    const [second] = await receive(queueUrl, { wait: 5 });
    // Assess
    expect(first!.Attributes!.ApproximateReceiveCount).toBe('1');
    expect(whileInFlight).toEqual([]);
    expect(depthInFlight).toEqual({ visible: 0, inFlight: 1, delayed: 0 });
    expect(second).toMatchObject({ MessageId: first!.MessageId, Body: 'again' });
    expect(second!.Attributes!.ApproximateReceiveCount).toBe('2');
    expect(second!.Attributes!.ApproximateFirstReceiveTimestamp).toBe(first!.Attributes!.ApproximateFirstReceiveTimestamp);
    expect(second!.ReceiptHandle).not.toBe(first!.ReceiptHandle);
  });

  it('makes a message visible at once with ChangeMessageVisibility 0, and refuses a superseded receipt handle', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 30 });
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'release me' }));
    const [first] = await receive(queueUrl);
    // Act
    await client.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: first!.ReceiptHandle, VisibilityTimeout: 0 }));
    const [second] = await receive(queueUrl);
    const stale = client.send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: first!.ReceiptHandle, VisibilityTimeout: 0 }));
    // Assess
    expect(second!.Attributes!.ApproximateReceiveCount).toBe('2');
    await expect(stale).rejects.toMatchObject({ name: 'InvalidParameterValue', $metadata: { httpStatusCode: 400 } });
  });

  it('holds back a message sent with DelaySeconds, then a long poll receives it', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName());
    // Act
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'later', DelaySeconds: 1 }));
    const atOnce = await receive(queueUrl);
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }));
    const afterDelay = await receive(queueUrl, { wait: 5 });
    // Assess
    expect(atOnce).toEqual([]);
    expect(Attributes).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesDelayed: '1', ApproximateNumberOfMessagesNotVisible: '0' });
    expect(afterDelay.map((message) => message.Body)).toEqual(['later']);
  });

  it('sends and deletes in batches, reporting a bad receipt handle as a failed entry', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName());
    const sent = await client.send(
      new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'a', MessageBody: 'A' }, { Id: 'b', MessageBody: 'B', DelaySeconds: 0 }] }),
    );
    const messages = await receive(queueUrl);
    // Act
    const deleted = await client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [...messages.map((message, index) => ({ Id: `m${index}`, ReceiptHandle: message.ReceiptHandle })), { Id: 'bad', ReceiptHandle: 'not-a-handle' }],
      }),
    );
    // Assess
    expect(sent.Successful!.map((entry) => entry.Id).sort()).toEqual(['a', 'b']);
    expect(messages.map((message) => message.Body).sort()).toEqual(['A', 'B']);
    expect(deleted.Successful!.map((entry) => entry.Id).sort()).toEqual(['m0', 'm1']);
    expect(deleted.Failed).toEqual([expect.objectContaining({ Id: 'bad', Code: 'ReceiptHandleIsInvalid', SenderFault: true })]);
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('answers an unknown queue with QueueDoesNotExist (query code AWS.SimpleQueueService.NonExistentQueue)', async () => {
    // Act
    const byName = client.send(new GetQueueUrlCommand({ QueueName: 'no-such-queue' }));
    const byUrl = client.send(new SendMessageCommand({ QueueUrl: `${sqs.endpoint}/123456789012/no-such-queue`, MessageBody: 'x' }));
    // Assess
    const expected = { name: 'QueueDoesNotExist', Code: 'AWS.SimpleQueueService.NonExistentQueue', $fault: 'client', $metadata: { httpStatusCode: 400 } };
    await expect(byName).rejects.toMatchObject(expected);
    await expect(byUrl).rejects.toMatchObject(expected);
  });

  it('finds the queue by its URL: GetQueueUrl, and a client with no endpoint setting that follows the QueueUrl host', async () => {
    // Prepare
    const name = uniqueQueueName();
    const queueUrl = sqs.createQueue(name);
    const followsQueueUrl = new SQSClient({ region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, logger: SILENT });
    // Act
    const { QueueUrl } = await client.send(new GetQueueUrlCommand({ QueueName: name }));
    const sent = await followsQueueUrl.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'via the queue URL' }));
    followsQueueUrl.destroy();
    // Assess
    expect(QueueUrl).toBe(queueUrl);
    expect(queueUrl).toBe(`${sqs.endpoint}/123456789012/${name}`);
    expect(sent.MD5OfMessageBody).toBe(md5('via the queue URL'));
    expect(sqs.depth(queueUrl).visible).toBe(1);
  });

  it('answers the next N calls with RequestThrottled when a fault is injected; the default retry rides through one', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName());
    const noRetry = localSqsClient(sqs.endpoint, { maxAttempts: 1 });
    sqs.injectFault({ action: 'SendMessage', count: 2 });
    // Act
    const throttled = noRetry.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    await expect(throttled).rejects.toMatchObject({ name: 'RequestThrottled', $metadata: { httpStatusCode: 403 } });
    const retried = await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'x' }));
    noRetry.destroy();
    // Assess
    expect(retried.$metadata.attempts).toBe(2);
    expect(sqs.depth(queueUrl).visible).toBe(1);
  });
});

describe('local SQS consumer (Lambda event source mapping stand-in)', () => {
  it('invokes the handler with SQS records and deletes the batch when it succeeds', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }));
    const seen: SQSRecord[] = [];
    const detach = sqs.attachConsumer(queueUrl, async (event: SQSEvent) => void seen.push(...event.Records), { pollIntervalMs: 100 });
    // Act
    await client.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: '{"runId":"r1"}', MessageAttributes: { kind: { DataType: 'String', StringValue: 'start' } } }),
    );
    await waitUntil(() => seen.length === 1 && sqs.depth(queueUrl).inFlight === 0, { what: 'the message to be handled and deleted' });
    await detach();
    // Assess
    expect(seen[0]).toMatchObject({
      body: '{"runId":"r1"}',
      md5OfBody: md5('{"runId":"r1"}'),
      eventSource: 'aws:sqs',
      eventSourceARN: Attributes!.QueueArn,
      awsRegion: 'us-east-1',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { kind: { dataType: 'String', stringValue: 'start', stringListValues: [], binaryListValues: [] } },
    });
    expect(seen[0]!.receiptHandle).toEqual(expect.any(String));
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('deletes the successful items of a partial batch response and redelivers only the failed one', async () => {
    // Prepare: the three messages are in the queue before the consumer starts, so they arrive as one batch.
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    await client.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: ['ok-1', 'fail-once', 'ok-2'].map((body, index) => ({ Id: `e${index}`, MessageBody: body })),
      }),
    );
    const batches: SQSRecord[][] = [];
    const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
      batches.push(event.Records);
      const failing = batches.length === 1 ? event.Records.filter((record) => record.body === 'fail-once') : [];
      return { batchItemFailures: failing.map((record) => ({ itemIdentifier: record.messageId })) };
    };
    // Act
    const detach = sqs.attachConsumer(queueUrl, handler, { batchSize: 10, pollIntervalMs: 100 });
    await waitUntil(() => batches.length === 2 && sqs.depth(queueUrl).inFlight === 0, { what: 'the failed item to be redelivered and handled' });
    await detach();
    // Assess
    expect(batches[0]!.map((record) => record.body)).toEqual(['ok-1', 'fail-once', 'ok-2']);
    expect(batches[1]!.map((record) => [record.body, record.attributes.ApproximateReceiveCount])).toEqual([['fail-once', '2']]);
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('keeps the whole batch when the handler throws or names a message that is not in the batch', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    await client.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: [{ Id: 'a', MessageBody: 'A' }, { Id: 'b', MessageBody: 'B' }] }));
    const errors: unknown[] = [];
    const invocations: string[][] = []; // ApproximateReceiveCount of each record, per invocation
    const handler = async (event: SQSEvent): Promise<SQSBatchResponse | void> => {
      invocations.push(event.Records.map((record) => record.attributes.ApproximateReceiveCount));
      if (invocations.length === 1) throw new Error('provider down');
      if (invocations.length === 2) return { batchItemFailures: [{ itemIdentifier: 'not-in-this-batch' }] };
    };
    // Act
    const detach = sqs.attachConsumer(queueUrl, handler, { pollIntervalMs: 100, onError: (error) => errors.push(error) });
    await waitUntil(() => invocations.length === 3 && sqs.depth(queueUrl).inFlight === 0, { what: 'three invocations of the same batch' });
    await detach();
    // Assess
    expect(errors).toEqual([expect.objectContaining({ message: 'provider down' })]);
    expect(invocations).toEqual([['1', '1'], ['2', '2'], ['3', '3']]);
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives', async () => {
    // Prepare
    const name = uniqueQueueName();
    const queueUrl = sqs.createQueue(name, { visibilityTimeoutSeconds: 1, deadLetter: { queueName: `${name}-dlq`, maxReceiveCount: 2 } });
    const deadLetterQueueUrl = sqs.createQueue(`${name}-dlq`);
    const { Attributes } = await client.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn', 'RedrivePolicy'] }));
    const { MessageId } = await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'poison' }));
    const receiveCounts: string[] = [];
    const detach = sqs.attachConsumer(
      queueUrl,
      async (event) => {
        receiveCounts.push(...event.Records.map((record) => record.attributes.ApproximateReceiveCount));
        throw new Error('always fails');
      },
      { pollIntervalMs: 100, onError: () => undefined },
    );
    // Act
    await waitUntil(() => sqs.depth(deadLetterQueueUrl).visible === 1, { what: 'the message to reach the dead-letter queue' });
    await detach();
    const [dead] = await receive(deadLetterQueueUrl);
    // Assess
    expect(JSON.parse(Attributes!.RedrivePolicy!)).toEqual({ deadLetterTargetArn: `${Attributes!.QueueArn}-dlq`, maxReceiveCount: 2 });
    expect(receiveCounts).toEqual(['1', '2']);
    expect(dead).toMatchObject({ MessageId, Body: 'poison', MD5OfBody: md5('poison') });
    expect(dead!.Attributes).toMatchObject({ DeadLetterQueueSourceArn: Attributes!.QueueArn, ApproximateReceiveCount: '3' });
    expect(sqs.depth(queueUrl)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('stops polling on detach(): messages sent afterwards stay in the queue', async () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    let calls = 0;
    const detach = sqs.attachConsumer(queueUrl, async () => void (calls += 1), { pollIntervalMs: 100 });
    // Act
    await detach();
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'after detach' }));
    // Assess
    expect(calls).toBe(0);
    expect(sqs.depth(queueUrl)).toEqual({ visible: 1, inFlight: 0, delayed: 0 });
  });

  it('refuses a consumer whose function timeout exceeds the queue visibility timeout, as AWS does', () => {
    // Prepare
    const queueUrl = sqs.createQueue(uniqueQueueName(), { visibilityTimeoutSeconds: 1 });
    // Act
    const attach = () => sqs.attachConsumer(queueUrl, async () => undefined, { timeoutSeconds: 5 });
    // Assess
    expect(attach).toThrow(/visibility timeout: 1 seconds is less than Function timeout: 5 seconds/);
  });
});

describe('startLocalQueue (test helper)', () => {
  it('starts an endpoint with a queue and its dead-letter queue, sets the named env vars and unsets them on stop', async () => {
    // Prepare
    const local = await startLocalQueue({
      queueName: 'run-start',
      visibilityTimeoutSeconds: 1,
      deadLetter: { queueName: 'run-start-dlq', maxReceiveCount: 3 },
      env: { endpoint: 'TEST_SQS_ENDPOINT', queueUrl: 'TEST_RUN_START_QUEUE_URL' },
    });
    try {
      // Act
      const sent = await local.client.send(new SendMessageCommand({ QueueUrl: process.env.TEST_RUN_START_QUEUE_URL, MessageBody: 'hi' }));
      // Assess
      expect(process.env.TEST_SQS_ENDPOINT).toBe(local.sqs.endpoint);
      expect(local.deadLetterQueueUrl).toBe(`${local.sqs.endpoint}/123456789012/run-start-dlq`);
      expect(sent.MessageId).toEqual(expect.any(String));
      expect(local.sqs.depth(local.queueUrl).visible).toBe(1);
    } finally {
      await local.stop();
    }
    expect(process.env.TEST_SQS_ENDPOINT).toBeUndefined();
    expect(process.env.TEST_RUN_START_QUEUE_URL).toBeUndefined();
  });
});
