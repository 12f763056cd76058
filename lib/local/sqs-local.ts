// local: a small SQS endpoint for local mode and tests, plus an in-process stand-in for a Lambda SQS
// event source mapping. It speaks the protocol @aws-sdk/client-sqs 3.x really uses — AWS JSON 1.0
// (`Content-Type: application/x-amz-json-1.0`, `X-Amz-Target: AmazonSQS.<Action>`) in awsQuery-compatible
// mode (the client sends `x-amzn-query-mode: true` and reads the error code from `x-amzn-query-error`) —
// so the real client talks to it unchanged, including its MD5 checks of message bodies.
//
//   SQSClient ──HTTP──► node:http ──► action table ──┐
//                                                    ├──► Queue (in memory: Map of messages, in order)
//   attachConsumer ──► poll loop (no HTTP) ──────────┘          │ receive: visible? ─ no ─► skip
//        │                                                      │           │ yes
//        ▼                                                      │   receiveCount ≥ maxReceiveCount?
//   handler(SQSEvent, context) ─ ok ───────► delete all         │      ├─ yes ─► move to the DLQ
//        ├─ { batchItemFailures } ─────────► delete the others  │      └─ no ──► count + 1, invisible
//        └─ throws / unknown itemIdentifier ► delete none       │                for the visibility timeout
//           (they reappear after the visibility timeout)
//
// Supported actions: CreateQueue, GetQueueUrl, GetQueueAttributes, SendMessage, SendMessageBatch,
// ReceiveMessage (long polling), DeleteMessage, DeleteMessageBatch, ChangeMessageVisibility,
// ChangeMessageVisibilityBatch, PurgeQueue. Other actions answer 400 UnknownOperationException. Non-AWS
// action for tests in another process: `LocalSQS.InjectFault` (same body as injectFault()).
//
// The request path is not needed: the client posts to `/` of its endpoint with QueueUrl in the body
// (without an `endpoint` setting it posts to the QueueUrl's origin). A queue is found by the
// `/<account>/<name>` path of its QueueUrl, whatever the host, as AWS accepts any of its endpoints.
//
// Faithful to AWS (standard queues):
// - A message counts one receive per ReceiveMessage that returns it and is then invisible for the
//   VisibilityTimeout given to ReceiveMessage, or the queue's. Long polling answers as soon as one
//   message is available (it does not wait to fill MaxNumberOfMessages).
// - Redrive: a message whose receive count has reached maxReceiveCount is moved to the dead-letter queue
//   when it would be received once more, keeping its MessageId, body, attributes, SentTimestamp and
//   receive count, and gaining the DeadLetterQueueSourceArn attribute.
// - Message system attributes and message attributes are returned only when asked for
//   (MessageSystemAttributeNames / AttributeNames, MessageAttributeNames: names, `All`, `.*`, `prefix.*`).
// - MD5OfMessageBody / MD5OfBody / MD5OfMessageAttributes are computed as AWS does (the client checks
//   the body MD5 on SendMessage, SendMessageBatch and ReceiveMessage).
// - DeleteMessage with a receipt handle of a message already gone succeeds; ChangeMessageVisibility
//   with a superseded handle answers InvalidParameterValue ("The receipt handle has expired").
// - The consumer behaves like an event source mapping with ReportBatchItemFailures on: a thrown error
//   keeps the whole batch; a `batchItemFailures` entry naming a message that is not in the batch makes
//   the whole batch count as failed, as Lambda does.
//
// Differences from AWS: everything is in memory and lost on stop (runs hand a start request to the
// queue only while Step Functions throttles, and the run record in DynamoDB is the durable truth: the
// run outbox's sweeper starts a run whose queued start was lost);
// no FIFO queues, no retention period expiry, no 12-hour cap on total visibility, no KMS, no
// signature checks, ordering is strictly the send order (AWS standard queues only try). The consumer
// polls with one poller (AWS starts five), uses at most 10 messages per batch and has no batching
// window; it does not stop a handler at its timeout. Message size limit: 256 KiB (the pre-2025 AWS
// limit) so that what fits here fits in every region and in a Lambda event.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Context, SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from 'aws-lambda';
import { FaultQueue } from './faults.ts';
import { LOOPBACK, listenOnLoopback } from './ports.ts';

/** The in-process stand-in for the Lambda function an SQS event source mapping invokes. */
export type SqsConsumerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

export type SqsAction =
  | 'CreateQueue'
  | 'GetQueueUrl'
  | 'GetQueueAttributes'
  | 'SendMessage'
  | 'SendMessageBatch'
  | 'ReceiveMessage'
  | 'DeleteMessage'
  | 'DeleteMessageBatch'
  | 'ChangeMessageVisibility'
  | 'ChangeMessageVisibilityBatch'
  | 'PurgeQueue';

/** Makes the next `count` calls of `action` fail before doing anything, as AWS would under load. */
export interface SqsFault {
  readonly action: SqsAction;
  /** @default 1 */
  readonly count?: number;
  /** The error code the client sees as `error.name` (a code the SDK retries by default). @default 'RequestThrottled' */
  readonly errorType?: string;
  /** @default 403 (what the SQS model gives RequestThrottled) */
  readonly statusCode?: number;
  /** @default 'Rate exceeded' */
  readonly message?: string;
}

export interface SqsLocalOptions {
  readonly port: number;
  /** @default 'us-east-1' */
  readonly region?: string;
  /** @default '123456789012' */
  readonly accountId?: string;
}

export interface CreateQueueOptions {
  /** What ReceiveMessage uses unless it gives VisibilityTimeout (0–43200). @default 30 */
  readonly visibilityTimeoutSeconds?: number;
  /** Delay of every message unless SendMessage gives DelaySeconds (0–900). @default 0 */
  readonly delaySeconds?: number;
  /**
   * Redrive policy. The dead-letter queue is created with default settings if it does not exist yet
   * (in AWS it must exist first; CDK creates both).
   */
  readonly deadLetter?: { readonly queueName: string; readonly maxReceiveCount: number };
}

export interface AttachConsumerOptions {
  /** Messages per invocation (1–10). @default 10 */
  readonly batchSize?: number;
  /**
   * How long one empty poll waits (a long poll: it returns at once when a message becomes available,
   * so this bounds idle wake-ups, not latency). @default 1000
   */
  readonly pollIntervalMs?: number;
  /** Reported in the Lambda context. @default 'local-sqs-consumer' */
  readonly functionName?: string;
  /**
   * The function's timeout, for context.getRemainingTimeInMillis(). AWS refuses an event source mapping
   * whose queue visibility timeout is shorter; so does attachConsumer.
   * @default the queue's visibility timeout
   */
  readonly timeoutSeconds?: number;
  /** Told about each invocation that threw (the batch is then kept). @default console.error */
  readonly onError?: (error: unknown, event: SQSEvent) => void;
}

/** Messages of a queue by state, as GetQueueAttributes counts them. */
export interface QueueDepth {
  /** ApproximateNumberOfMessages */
  readonly visible: number;
  /** ApproximateNumberOfMessagesNotVisible: received, not deleted, visibility timeout not over */
  readonly inFlight: number;
  /** ApproximateNumberOfMessagesDelayed */
  readonly delayed: number;
}

export interface SqsLocal {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  /** Creates a queue (idempotent for the same settings) and returns its QueueUrl. */
  createQueue(name: string, options?: CreateQueueOptions): string;
  /**
   * Polls the queue in this process and invokes `handler` as a Lambda event source mapping would.
   * Returns detach(), which stops polling and resolves once the invocation under way has finished.
   */
  attachConsumer(queueUrl: string, handler: SqsConsumerHandler, options?: AttachConsumerOptions): () => Promise<void>;
  /** Queues a fault for the HTTP API (not the in-process consumer); faults for one action are consumed in order. */
  injectFault(fault: SqsFault): void;
  clearFaults(): void;
  /** Message counts of a queue, for tests. */
  depth(queueUrl: string): QueueDepth;
  /** Detaches every consumer, ends pending long polls and closes the server. */
  stop(): Promise<void>;
}

interface MessageAttributeValue {
  readonly DataType: string;
  readonly StringValue?: string;
  /** base64, as the JSON protocol carries blobs */
  readonly BinaryValue?: string;
}

interface StoredMessage {
  readonly messageId: string;
  readonly body: string;
  readonly md5OfBody: string;
  readonly attributes: Readonly<Record<string, MessageAttributeValue>>;
  readonly senderId: string;
  readonly sentTimestamp: number;
  /** Epoch ms from which the message can be received (end of its delay or visibility timeout). */
  visibleAt: number;
  receiveCount: number;
  firstReceiveTimestamp?: number;
  /** The handle of the latest receive; only it can change the visibility. */
  receiptHandle?: string;
  deadLetterQueueSourceArn?: string;
}

interface Queue {
  readonly name: string;
  readonly url: string;
  readonly arn: string;
  readonly createdTimestamp: number;
  readonly visibilityTimeoutSeconds: number;
  readonly delaySeconds: number;
  readonly redrive?: { readonly deadLetterTargetArn: string; readonly maxReceiveCount: number };
  /** In send order; a Map keeps insertion order and deletes in O(1). */
  readonly messages: Map<string, StoredMessage>;
  /** Long polls (and consumers) waiting for a message to arrive. */
  readonly waiters: Set<() => void>;
}

/** A received message: a snapshot of the stored one with the handle of this receive. */
interface Received {
  readonly message: StoredMessage;
  readonly receiptHandle: string;
  readonly receiveCount: number;
}

class SqsError extends Error {
  constructor(
    /** Smithy shape name (`__type`), e.g. QueueDoesNotExist. */
    readonly type: string,
    message: string,
    /** The awsQuery error code the client reads from `x-amzn-query-error` and reports as `name`. */
    readonly queryCode = type,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = type;
  }
}

const queueDoesNotExist = (): SqsError =>
  new SqsError('QueueDoesNotExist', 'The specified queue does not exist.', 'AWS.SimpleQueueService.NonExistentQueue');
const invalidParameter = (message: string): SqsError => new SqsError('InvalidParameterValue', message);
const receiptHandleIsInvalid = (handle: unknown): SqsError =>
  new SqsError('ReceiptHandleIsInvalid', `The input receipt handle "${String(handle)}" is not a valid receipt handle.`, 'ReceiptHandleIsInvalid', 404);

const MAX_MESSAGE_BYTES = 256 * 1024;
const MAX_BATCH_ENTRIES = 10;
const MAX_MESSAGE_ATTRIBUTES = 10;
const DEFAULT_VISIBILITY_TIMEOUT = 30;
const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;
// The characters SQS accepts in a message body (XML 1.0's Char production).
const INVALID_BODY_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
// Valid in AWS, never set here: asking for them is not an error, they are just absent.
const OTHER_QUEUE_ATTRIBUTES = new Set(['RedrivePolicy', 'Policy', 'RedriveAllowPolicy', 'KmsMasterKeyId', 'KmsDataKeyReusePeriodSeconds', 'FifoQueue', 'ContentBasedDeduplication', 'DeduplicationScope', 'FifoThroughputLimit']);
const SYSTEM_ATTRIBUTES = ['ApproximateReceiveCount', 'ApproximateFirstReceiveTimestamp', 'SentTimestamp', 'SenderId', 'DeadLetterQueueSourceArn'] as const;

/** Starts the endpoint on 127.0.0.1:`port`. */
export async function startSqsLocal(options: SqsLocalOptions): Promise<SqsLocal> {
  const region = options.region ?? 'us-east-1';
  const accountId = options.accountId ?? '123456789012';
  const endpoint = `http://${LOOPBACK}:${options.port}`;
  const queues = new Map<string, Queue>(); // by name
  const faults = new FaultQueue<SqsFault>();
  const consumers = new Set<() => Promise<void>>();
  let stopped = false;

  const arnOf = (name: string): string => `arn:aws:sqs:${region}:${accountId}:${name}`;

  const createQueue = (name: string, settings: CreateQueueOptions = {}): string => {
    if (!QUEUE_NAME.test(name)) {
      throw invalidParameter(
        name.endsWith('.fifo')
          ? `FIFO queues are not supported by the local SQS endpoint: ${name}`
          : `Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length: ${name}`,
      );
    }
    const visibilityTimeoutSeconds = settings.visibilityTimeoutSeconds ?? DEFAULT_VISIBILITY_TIMEOUT;
    const delaySeconds = settings.delaySeconds ?? 0;
    checkRange('VisibilityTimeout', visibilityTimeoutSeconds, 0, 43_200);
    checkRange('DelaySeconds', delaySeconds, 0, 900);
    let redrive: Queue['redrive'];
    if (settings.deadLetter) {
      const { queueName, maxReceiveCount } = settings.deadLetter;
      checkRange('maxReceiveCount', maxReceiveCount, 1, 1000);
      if (queueName === name) throw invalidParameter('A queue cannot be its own dead-letter queue.');
      if (!queues.has(queueName)) createQueue(queueName);
      redrive = { deadLetterTargetArn: arnOf(queueName), maxReceiveCount };
    }
    const existing = queues.get(name);
    if (existing) {
      const same =
        existing.visibilityTimeoutSeconds === visibilityTimeoutSeconds &&
        existing.delaySeconds === delaySeconds &&
        JSON.stringify(existing.redrive) === JSON.stringify(redrive);
      if (!same) throw new SqsError('QueueNameExists', `A queue already exists with the same name and a different value for attribute(s): ${name}`, 'QueueAlreadyExists');
      return existing.url;
    }
    const queue: Queue = {
      name,
      url: `${endpoint}/${accountId}/${name}`,
      arn: arnOf(name),
      createdTimestamp: Date.now(),
      visibilityTimeoutSeconds,
      delaySeconds,
      ...(redrive && { redrive }),
      messages: new Map(),
      waiters: new Set(),
    };
    queues.set(name, queue);
    return queue.url;
  };

  /** Finds a queue by the `/<account>/<name>` path of its URL, as AWS does on any of its endpoints. */
  const queueByUrl = (queueUrl: unknown): Queue => {
    if (typeof queueUrl !== 'string' || queueUrl.length === 0) throw missingParameter('QueueUrl');
    let path: string;
    try {
      path = new URL(queueUrl).pathname;
    } catch {
      throw new SqsError('InvalidAddress', `The address ${queueUrl} is not valid for this endpoint.`, 'InvalidAddress', 404);
    }
    const [, account, name, ...rest] = path.split('/');
    if (account !== accountId || !name || rest.length > 0) throw queueDoesNotExist();
    const queue = queues.get(decodeURIComponent(name));
    if (!queue) throw queueDoesNotExist();
    return queue;
  };

  const queueByArn = (arn: string): Queue | undefined => {
    const name = arn.split(':').at(-1) ?? '';
    const queue = queues.get(name);
    return queue?.arn === arn ? queue : undefined;
  };

  const notify = (queue: Queue): void => {
    for (const wake of [...queue.waiters]) wake();
  };

  const enqueue = (queue: Queue, message: StoredMessage): void => {
    queue.messages.set(message.messageId, message);
    notify(queue);
  };

  const send = (queue: Queue, input: { MessageBody?: unknown; DelaySeconds?: unknown; MessageAttributes?: unknown }, senderId: string) => {
    const body = input.MessageBody;
    if (typeof body !== 'string' || body.length === 0) throw missingParameter('MessageBody');
    if (INVALID_BODY_CHAR.test(body)) {
      throw new SqsError('InvalidMessageContents', 'Invalid binary character in the message body. Allowed: #x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF');
    }
    const delaySeconds = input.DelaySeconds === undefined ? queue.delaySeconds : input.DelaySeconds;
    checkRange('DelaySeconds', delaySeconds, 0, 900);
    const attributes = parseMessageAttributes(input.MessageAttributes);
    const size = Buffer.byteLength(body) + attributesSize(attributes);
    if (size > MAX_MESSAGE_BYTES) throw invalidParameter(`One or more parameters are invalid. Reason: Message must be shorter than ${MAX_MESSAGE_BYTES} bytes.`);
    const now = Date.now();
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5Hex(body),
      attributes,
      senderId,
      sentTimestamp: now,
      visibleAt: now + (delaySeconds as number) * 1000,
      receiveCount: 0,
    };
    enqueue(queue, message);
    const attributesMd5 = md5OfMessageAttributes(attributes);
    return {
      MessageId: message.messageId,
      MD5OfMessageBody: message.md5OfBody,
      ...(attributesMd5 && { MD5OfMessageAttributes: attributesMd5 }),
    };
  };

  /** Moves a message that has used up its receives to the dead-letter queue (if that queue exists). */
  const redrive = (queue: Queue, message: StoredMessage): boolean => {
    const target = queue.redrive && queueByArn(queue.redrive.deadLetterTargetArn);
    if (!target) return false;
    queue.messages.delete(message.messageId);
    message.visibleAt = 0;
    delete message.receiptHandle;
    message.deadLetterQueueSourceArn = queue.arn;
    enqueue(target, message);
    return true;
  };

  /** One receive without waiting: up to `max` visible messages, each now in flight. */
  const receiveNow = (queue: Queue, max: number, visibilityTimeoutSeconds: number): Received[] => {
    const now = Date.now();
    const received: Received[] = [];
    for (const message of [...queue.messages.values()]) {
      if (received.length >= max) break;
      if (message.visibleAt > now) continue;
      if (queue.redrive && message.receiveCount >= queue.redrive.maxReceiveCount && redrive(queue, message)) continue;
      message.receiveCount += 1;
      message.firstReceiveTimestamp ??= now;
      message.visibleAt = now + visibilityTimeoutSeconds * 1000;
      message.receiptHandle = encodeReceiptHandle(queue.name, message.messageId);
      received.push({ message, receiptHandle: message.receiptHandle, receiveCount: message.receiveCount });
    }
    return received;
  };

  /** A long poll: returns as soon as a message can be received, or empty after `waitMs` (or on abort/stop). */
  const receive = async (queue: Queue, max: number, visibilityTimeoutSeconds: number, waitMs: number, signal?: AbortSignal): Promise<Received[]> => {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (stopped || signal?.aborted) return [];
      const received = receiveNow(queue, max, visibilityTimeoutSeconds);
      const now = Date.now();
      if (received.length > 0 || now >= deadline) return received;
      // Sleep until a send/visibility change wakes us, the next hidden message becomes visible, or the deadline.
      let wakeAt = deadline;
      for (const message of queue.messages.values()) wakeAt = Math.min(wakeAt, message.visibleAt);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          queue.waiters.delete(wake);
          signal?.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(1, wakeAt - now));
        queue.waiters.add(wake);
        signal?.addEventListener('abort', wake, { once: true });
      });
    }
  };

  /** The message a receipt handle names, if it is still in the queue. Throws if the handle is not one of ours. */
  const messageOf = (queue: Queue, handle: unknown): StoredMessage | undefined => {
    const decoded = decodeReceiptHandle(handle);
    if (!decoded || decoded.queueName !== queue.name) throw receiptHandleIsInvalid(handle);
    return queue.messages.get(decoded.messageId);
  };

  const deleteMessage = (queue: Queue, handle: unknown): void => {
    const message = messageOf(queue, handle);
    if (message) queue.messages.delete(message.messageId);
  };

  const changeVisibility = (queue: Queue, handle: unknown, timeout: unknown): void => {
    checkRange('VisibilityTimeout', timeout, 0, 43_200);
    const message = messageOf(queue, handle);
    const now = Date.now();
    if (!message || message.receiveCount === 0 || message.visibleAt <= now) {
      throw new SqsError('MessageNotInflight', 'The message referred to is not in flight.', 'AWS.SimpleQueueService.MessageNotInflight');
    }
    if (message.receiptHandle !== handle) {
      throw invalidParameter(`Value ${String(handle)} for parameter ReceiptHandle is invalid. Reason: The receipt handle has expired.`);
    }
    message.visibleAt = now + (timeout as number) * 1000;
    notify(queue);
  };

  const depth = (queue: Queue): QueueDepth => {
    const now = Date.now();
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const message of queue.messages.values()) {
      if (message.visibleAt <= now) visible += 1;
      else if (message.receiveCount > 0) inFlight += 1;
      else delayed += 1;
    }
    return { visible, inFlight, delayed };
  };


  /** Batch actions: validates the entries, runs `each`, and reports per-entry failures as AWS does. */
  const batch = <T>(entries: unknown, each: (entry: Record<string, unknown>) => T) => {
    if (!Array.isArray(entries) || entries.length === 0) {
      throw new SqsError('EmptyBatchRequest', 'There should be at least one entry in the request.', 'AWS.SimpleQueueService.EmptyBatchRequest');
    }
    if (entries.length > MAX_BATCH_ENTRIES) {
      throw new SqsError('TooManyEntriesInBatchRequest', `Maximum number of entries per request are ${MAX_BATCH_ENTRIES}. You have sent ${entries.length}.`, 'AWS.SimpleQueueService.TooManyEntriesInBatchRequest');
    }
    const ids = new Set<string>();
    for (const entry of entries as Record<string, unknown>[]) {
      if (typeof entry.Id !== 'string' || !BATCH_ENTRY_ID.test(entry.Id)) {
        throw new SqsError('InvalidBatchEntryId', `A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long.`, 'AWS.SimpleQueueService.InvalidBatchEntryId');
      }
      if (ids.has(entry.Id)) throw new SqsError('BatchEntryIdsNotDistinct', `Id ${entry.Id} repeated.`, 'AWS.SimpleQueueService.BatchEntryIdsNotDistinct');
      ids.add(entry.Id);
    }
    const Successful: (T & { Id: string })[] = [];
    const Failed: { Id: string; SenderFault: boolean; Code: string; Message: string }[] = [];
    for (const entry of entries as (Record<string, unknown> & { Id: string })[]) {
      try {
        Successful.push({ Id: entry.Id, ...each(entry) });
      } catch (error) {
        if (!(error instanceof SqsError)) throw error;
        Failed.push({ Id: entry.Id, SenderFault: error.statusCode < 500, Code: error.queryCode, Message: error.message });
      }
    }
    return { Successful, Failed };
  };

  const actions: Record<SqsAction, (body: Record<string, unknown>, senderId: string) => unknown> = {
    CreateQueue(body) {
      if (typeof body.QueueName !== 'string') throw missingParameter('QueueName');
      const attributes = (body.Attributes ?? {}) as Record<string, string>;
      let deadLetter: CreateQueueOptions['deadLetter'];
      if (attributes.RedrivePolicy !== undefined) {
        const policy = JSON.parse(attributes.RedrivePolicy) as { deadLetterTargetArn?: string; maxReceiveCount?: number | string };
        const target = policy.deadLetterTargetArn ? queueByArn(policy.deadLetterTargetArn) : undefined;
        if (!target) throw invalidParameter('Value for parameter RedrivePolicy is invalid. Reason: Dead letter target does not exist.');
        deadLetter = { queueName: target.name, maxReceiveCount: Number(policy.maxReceiveCount) };
      }
      const number = (name: string): number | undefined => (attributes[name] === undefined ? undefined : Number(attributes[name]));
      const visibilityTimeoutSeconds = number('VisibilityTimeout');
      const delaySeconds = number('DelaySeconds');
      return {
        QueueUrl: createQueue(body.QueueName, {
          ...(visibilityTimeoutSeconds !== undefined && { visibilityTimeoutSeconds }),
          ...(delaySeconds !== undefined && { delaySeconds }),
          ...(deadLetter && { deadLetter }),
        }),
      };
    },
    GetQueueUrl(body) {
      if (typeof body.QueueName !== 'string') throw missingParameter('QueueName');
      const queue = queues.get(body.QueueName);
      if (!queue) throw queueDoesNotExist();
      return { QueueUrl: queue.url };
    },
    GetQueueAttributes(body) {
      const queue = queueByUrl(body.QueueUrl);
      const names = Array.isArray(body.AttributeNames) ? (body.AttributeNames as string[]) : [];
      const { visible, inFlight, delayed } = depth(queue);
      const all: Record<string, string> = {
        QueueArn: queue.arn,
        ApproximateNumberOfMessages: String(visible),
        ApproximateNumberOfMessagesNotVisible: String(inFlight),
        ApproximateNumberOfMessagesDelayed: String(delayed),
        VisibilityTimeout: String(queue.visibilityTimeoutSeconds),
        DelaySeconds: String(queue.delaySeconds),
        ReceiveMessageWaitTimeSeconds: '0',
        MaximumMessageSize: String(MAX_MESSAGE_BYTES),
        MessageRetentionPeriod: '345600',
        CreatedTimestamp: String(Math.floor(queue.createdTimestamp / 1000)),
        LastModifiedTimestamp: String(Math.floor(queue.createdTimestamp / 1000)),
        SqsManagedSseEnabled: 'false',
        ...(queue.redrive && { RedrivePolicy: JSON.stringify(queue.redrive) }),
      };
      if (names.includes('All')) return { Attributes: all };
      const Attributes: Record<string, string> = {};
      for (const name of names) {
        if (!(name in all) && !OTHER_QUEUE_ATTRIBUTES.has(name)) throw new SqsError('InvalidAttributeName', `Unknown Attribute ${name}.`);
        if (all[name] !== undefined) Attributes[name] = all[name];
      }
      return names.length > 0 ? { Attributes } : {};
    },
    SendMessage(body, senderId) {
      return send(queueByUrl(body.QueueUrl), body, senderId);
    },
    SendMessageBatch(body, senderId) {
      const queue = queueByUrl(body.QueueUrl);
      const entries = body.Entries as Record<string, unknown>[] | undefined;
      if (Array.isArray(entries)) {
        const total = entries.reduce((sum, entry) => sum + Buffer.byteLength(String(entry.MessageBody ?? '')), 0);
        if (total > MAX_MESSAGE_BYTES) {
          throw new SqsError('BatchRequestTooLong', `Batch requests cannot be longer than ${MAX_MESSAGE_BYTES} bytes.`, 'AWS.SimpleQueueService.BatchRequestTooLong');
        }
      }
      return batch(entries, (entry) => send(queue, entry, senderId));
    },
    async ReceiveMessage(body) {
      const queue = queueByUrl(body.QueueUrl);
      const max = body.MaxNumberOfMessages ?? 1;
      checkRange('MaxNumberOfMessages', max, 1, 10);
      const visibility = body.VisibilityTimeout ?? queue.visibilityTimeoutSeconds;
      checkRange('VisibilityTimeout', visibility, 0, 43_200);
      const wait = body.WaitTimeSeconds ?? 0;
      checkRange('WaitTimeSeconds', wait, 0, 20);
      const received = await receive(queue, max as number, visibility as number, (wait as number) * 1000);
      if (received.length === 0) return {};
      const systemNames = [...asStrings(body.AttributeNames), ...asStrings(body.MessageSystemAttributeNames)];
      const attributeNames = asStrings(body.MessageAttributeNames);
      return { Messages: received.map((item) => toSdkMessage(item, systemNames, attributeNames)) };
    },
    DeleteMessage(body) {
      deleteMessage(queueByUrl(body.QueueUrl), body.ReceiptHandle);
      return {};
    },
    DeleteMessageBatch(body) {
      const queue = queueByUrl(body.QueueUrl);
      return batch(body.Entries, (entry) => {
        deleteMessage(queue, entry.ReceiptHandle);
        return {};
      });
    },
    ChangeMessageVisibility(body) {
      changeVisibility(queueByUrl(body.QueueUrl), body.ReceiptHandle, body.VisibilityTimeout);
      return {};
    },
    ChangeMessageVisibilityBatch(body) {
      const queue = queueByUrl(body.QueueUrl);
      return batch(body.Entries, (entry) => {
        changeVisibility(queue, entry.ReceiptHandle, entry.VisibilityTimeout);
        return {};
      });
    },
    PurgeQueue(body) {
      queueByUrl(body.QueueUrl).messages.clear();
      return {};
    },
  };

  const attachConsumer = (queueUrl: string, handler: SqsConsumerHandler, settings: AttachConsumerOptions = {}): (() => Promise<void>) => {
    const queue = queueByUrl(queueUrl);
    const batchSize = settings.batchSize ?? 10;
    checkRange('BatchSize', batchSize, 1, 10);
    const pollIntervalMs = settings.pollIntervalMs ?? 1000;
    const timeoutSeconds = settings.timeoutSeconds ?? queue.visibilityTimeoutSeconds;
    if (timeoutSeconds > queue.visibilityTimeoutSeconds) {
      // What CreateEventSourceMapping answers: a message would reappear while its first invocation runs.
      throw invalidParameter(
        `Queue visibility timeout: ${queue.visibilityTimeoutSeconds} seconds is less than Function timeout: ${timeoutSeconds} seconds`,
      );
    }
    const functionName = settings.functionName ?? 'local-sqs-consumer';
    const onError = settings.onError ?? ((error: unknown) => console.error(`[sqs-local] ${functionName} failed; the batch stays in ${queue.name}`, error));
    const controller = new AbortController();

    const invoke = async (batchOfMessages: Received[]): Promise<void> => {
      const event: SQSEvent = { Records: batchOfMessages.map((item) => toLambdaRecord(item, queue.arn, region)) };
      let failed: ReadonlySet<string>;
      try {
        const result = await handler(event, lambdaContext(functionName, region, accountId, timeoutSeconds));
        failed = failedMessageIds(result, batchOfMessages);
      } catch (error) {
        onError(error, event);
        failed = new Set(batchOfMessages.map((item) => item.message.messageId));
      }
      // Failed messages are left alone: they reappear when their visibility timeout ends.
      for (const item of batchOfMessages) {
        if (!failed.has(item.message.messageId)) deleteMessage(queue, item.receiptHandle);
      }
    };

    const loop = (async () => {
      while (!controller.signal.aborted && !stopped) {
        const received = await receive(queue, batchSize, queue.visibilityTimeoutSeconds, pollIntervalMs, controller.signal);
        if (received.length > 0) await invoke(received);
      }
    })();

    const detach = async (): Promise<void> => {
      controller.abort();
      await loop;
      consumers.delete(detach);
    };
    consumers.add(detach);
    return detach;
  };

  const server: Server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const reply = (statusCode: number, payload: unknown, headers: Record<string, string> = {}): void => {
      response.writeHead(statusCode, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': requestId, ...headers });
      response.end(JSON.stringify(payload));
    };
    try {
      const raw = await readBody(request);
      const contentType = String(request.headers['content-type'] ?? '');
      if (contentType.startsWith('application/x-www-form-urlencoded')) {
        throw new SqsError('UnsupportedOperation', 'The local SQS endpoint speaks only the AWS JSON protocol that current AWS SDKs use, not the older query protocol.', 'AWS.SimpleQueueService.UnsupportedOperation');
      }
      const target = String(request.headers['x-amz-target'] ?? '');
      const [service, action = ''] = target.split('.');
      const body = (raw.length > 0 ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (service === 'LocalSQS' && action === 'InjectFault') {
        faults.inject(body as unknown as SqsFault);
        return reply(200, {});
      }
      if (service !== 'AmazonSQS' || !Object.hasOwn(actions, action)) {
        throw new SqsError('UnknownOperationException', `Operation not supported by the local SQS endpoint: ${target}`);
      }
      // A client whose endpoint is the queue URL itself posts to that path.
      if (body.QueueUrl === undefined && /^\/[^/]+\/[^/]+\/?$/.test(request.url ?? '')) body.QueueUrl = `${endpoint}${request.url}`;
      const fault = faults.take(action);
      if (fault) {
        const type = fault.errorType ?? 'RequestThrottled';
        throw new SqsError(type, fault.message ?? 'Rate exceeded', type, fault.statusCode ?? 403);
      }
      reply(200, await actions[action as SqsAction](body, senderIdOf(request, accountId)));
    } catch (error) {
      if (error instanceof SqsError) {
        const fault = error.statusCode >= 500 ? 'Receiver' : 'Sender';
        return reply(
          error.statusCode,
          { __type: `com.amazonaws.sqs#${error.type}`, message: error.message },
          { 'x-amzn-query-error': `${error.queryCode};${fault}` },
        );
      }
      if (error instanceof SyntaxError) return reply(400, { __type: 'com.amazonaws.sqs#SerializationException', message: error.message });
      console.error('[sqs-local] unexpected error', error);
      reply(500, { __type: 'com.amazonaws.sqs#InternalFailure', message: 'internal error in the local SQS endpoint' });
    }
  }


  await listenOnLoopback(server, options.port);

  return {
    endpoint,
    createQueue,
    attachConsumer,
    injectFault: faults.inject,
    clearFaults: faults.clear,
    depth: (queueUrl) => depth(queueByUrl(queueUrl)),
    async stop() {
      stopped = true;
      for (const queue of queues.values()) notify(queue); // ends pending long polls with no messages
      await Promise.allSettled([...consumers].map((detach) => detach()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The message as ReceiveMessage returns it, with only the attributes asked for. */
function toSdkMessage(item: Received, systemNames: readonly string[], attributeNames: readonly string[]) {
  const { message } = item;
  const system = systemAttributes(item);
  const wantedSystem = systemNames.includes('All') ? Object.keys(system) : systemNames.filter((name) => name in system);
  const attributes = selectAttributes(message.attributes, attributeNames);
  const attributesMd5 = md5OfMessageAttributes(attributes);
  return {
    MessageId: message.messageId,
    ReceiptHandle: item.receiptHandle,
    MD5OfBody: message.md5OfBody,
    Body: message.body,
    ...(wantedSystem.length > 0 && { Attributes: Object.fromEntries(wantedSystem.map((name) => [name, system[name]!])) }),
    ...(attributesMd5 && { MD5OfMessageAttributes: attributesMd5, MessageAttributes: attributes }),
  };
}

function systemAttributes(item: Received): Record<string, string> {
  const { message } = item;
  const all: Record<(typeof SYSTEM_ATTRIBUTES)[number], string | undefined> = {
    ApproximateReceiveCount: String(item.receiveCount),
    ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp ?? Date.now()),
    SentTimestamp: String(message.sentTimestamp),
    SenderId: message.senderId,
    DeadLetterQueueSourceArn: message.deadLetterQueueSourceArn,
  };
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The record a Lambda function receives from an SQS event source mapping. */
function toLambdaRecord(item: Received, eventSourceARN: string, awsRegion: string): SQSRecord {
  const { message } = item;
  const messageAttributes: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(message.attributes)) {
    messageAttributes[name] = {
      ...(value.StringValue !== undefined && { stringValue: value.StringValue }),
      ...(value.BinaryValue !== undefined && { binaryValue: value.BinaryValue }),
      stringListValues: [],
      binaryListValues: [],
      dataType: value.DataType,
    };
  }
  const attributesMd5 = md5OfMessageAttributes(message.attributes);
  return {
    messageId: message.messageId,
    receiptHandle: item.receiptHandle,
    body: message.body,
    attributes: systemAttributes(item) as unknown as SQSRecord['attributes'],
    messageAttributes,
    md5OfBody: message.md5OfBody,
    ...(attributesMd5 && { md5OfMessageAttributes: attributesMd5 }),
    eventSource: 'aws:sqs',
    eventSourceARN,
    awsRegion,
  };
}

/**
 * Which messages of the batch stay in the queue, per Lambda's partial batch response rules:
 *
 *   no result / no batchItemFailures / []            → none (all deleted)
 *   every itemIdentifier is a messageId of the batch → those
 *   any itemIdentifier empty or not in the batch     → all (the whole batch failed)
 */
function failedMessageIds(result: unknown, batch: readonly Received[]): ReadonlySet<string> {
  const ids = new Set(batch.map((item) => item.message.messageId));
  const failures = (result as Partial<SQSBatchResponse> | null | undefined)?.batchItemFailures;
  if (!Array.isArray(failures)) return new Set();
  const failed = new Set<string>();
  for (const failure of failures) {
    const id = (failure as { itemIdentifier?: unknown } | null)?.itemIdentifier;
    if (typeof id !== 'string' || !ids.has(id)) return ids;
    failed.add(id);
  }
  return failed;
}

/** The parts of the Lambda context a handler (and middy) may read. */
function lambdaContext(functionName: string, region: string, accountId: string, timeoutSeconds: number): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${accountId}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function parseMessageAttributes(input: unknown): Record<string, MessageAttributeValue> {
  if (input === undefined || input === null) return {};
  const entries = Object.entries(input as Record<string, Partial<MessageAttributeValue>>);
  if (entries.length > MAX_MESSAGE_ATTRIBUTES) throw invalidParameter(`Number of message attributes [${entries.length}] exceeds the allowed maximum [${MAX_MESSAGE_ATTRIBUTES}].`);
  const attributes: Record<string, MessageAttributeValue> = {};
  for (const [name, value] of entries) {
    const dataType = value?.DataType;
    const base = typeof dataType === 'string' ? dataType.split('.')[0] : undefined;
    if (base !== 'String' && base !== 'Number' && base !== 'Binary') {
      throw invalidParameter(`The type of message (user) attribute '${name}' is invalid. You must use only the following supported type prefixes: Binary, Number, String.`);
    }
    const present = base === 'Binary' ? value.BinaryValue : value.StringValue;
    if (typeof present !== 'string' || present.length === 0) {
      throw invalidParameter(`The message attribute '${name}' must contain non-empty message attribute value for message attribute type '${base}'.`);
    }
    attributes[name] = base === 'Binary' ? { DataType: dataType!, BinaryValue: present } : { DataType: dataType!, StringValue: present };
  }
  return attributes;
}

function selectAttributes(attributes: Readonly<Record<string, MessageAttributeValue>>, names: readonly string[]): Record<string, MessageAttributeValue> {
  const wanted = (name: string): boolean =>
    names.some((pattern) => pattern === 'All' || pattern === '.*' || pattern === name || (pattern.endsWith('.*') && name.startsWith(pattern.slice(0, -1))));
  return Object.fromEntries(Object.entries(attributes).filter(([name]) => wanted(name)));
}

function attributesSize(attributes: Readonly<Record<string, MessageAttributeValue>>): number {
  let size = 0;
  for (const [name, value] of Object.entries(attributes)) {
    size += Buffer.byteLength(name) + Buffer.byteLength(value.DataType);
    size += value.BinaryValue !== undefined ? Buffer.from(value.BinaryValue, 'base64').length : Buffer.byteLength(value.StringValue ?? '');
  }
  return size;
}

function md5Hex(data: string | Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

/**
 * MD5OfMessageAttributes as SQS computes it: for each attribute, sorted by name, the name, the data type
 * and the value, each as a 4-byte big-endian length and its bytes, with a transport byte (1 string,
 * 2 binary) before the value. Undefined when there are no attributes.
 */
function md5OfMessageAttributes(attributes: Readonly<Record<string, MessageAttributeValue>>): string | undefined {
  const names = Object.keys(attributes).sort();
  if (names.length === 0) return undefined;
  const parts: Buffer[] = [];
  const lengthPrefixed = (bytes: Buffer): void => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    parts.push(length, bytes);
  };
  for (const name of names) {
    const value = attributes[name]!;
    lengthPrefixed(Buffer.from(name, 'utf8'));
    lengthPrefixed(Buffer.from(value.DataType, 'utf8'));
    if (value.BinaryValue !== undefined) {
      parts.push(Buffer.from([2]));
      lengthPrefixed(Buffer.from(value.BinaryValue, 'base64'));
    } else {
      parts.push(Buffer.from([1]));
      lengthPrefixed(Buffer.from(value.StringValue ?? '', 'utf8'));
    }
  }
  return md5Hex(Buffer.concat(parts));
}

/** Opaque to clients, like AWS's: queue, message and a nonce, so each receive gets a new handle. */
function encodeReceiptHandle(queueName: string, messageId: string): string {
  return Buffer.from(JSON.stringify({ q: queueName, m: messageId, n: randomUUID() })).toString('base64url');
}

function decodeReceiptHandle(handle: unknown): { queueName: string; messageId: string } | undefined {
  if (typeof handle !== 'string' || handle.length === 0) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(handle, 'base64url').toString('utf8')) as { q?: unknown; m?: unknown };
    return typeof decoded.q === 'string' && typeof decoded.m === 'string' ? { queueName: decoded.q, messageId: decoded.m } : undefined;
  } catch {
    return undefined;
  }
}

/** SenderId: the access key of the SigV4 signature (AWS gives the caller's IAM id), else the account. */
function senderIdOf(request: IncomingMessage, accountId: string): string {
  const match = /Credential=([^/,\s]+)\//.exec(String(request.headers.authorization ?? ''));
  return match?.[1] ?? accountId;
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function checkRange(name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalidParameter(`Value ${String(value)} for parameter ${name} is invalid. Reason: Must be an integer from ${min} to ${max}.`);
  }
}

function missingParameter(name: string): SqsError {
  return new SqsError('MissingParameter', `The request must contain the parameter ${name}.`);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
