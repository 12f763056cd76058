// test support: a local SQS endpoint for one test file, an SQSClient pointed at it, and a bounded wait.
// Consumers run in the test's own process (their handlers are in-process functions), so, like the
// local Step Functions endpoint, this is started per file rather than by the global setup.
import { SQSClient, type SQSClientConfig } from '@aws-sdk/client-sqs';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../lib/local/ports.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { startSqsLocal, type CreateQueueOptions, type SqsLocal } from '../../lib/local/sqs-local.ts';

export interface LocalQueueOptions extends CreateQueueOptions {
  /** @default 'run-start' */
  readonly queueName?: string;
  /**
   * Names of environment variables to set to the endpoint and the queue URL (for example
   * `{ endpoint: ENV.sqsEndpoint, queueUrl: ENV.runStartQueueUrl }` once env.ts has them); stop() unsets them.
   */
  readonly env?: { readonly endpoint?: string; readonly queueUrl?: string };
}

export interface LocalQueue {
  readonly sqs: SqsLocal;
  /** An SQSClient for the endpoint (region and dummy credentials of local mode). */
  readonly client: SQSClient;
  readonly queueUrl: string;
  /** Set when `deadLetter` was given. */
  readonly deadLetterQueueUrl?: string;
  stop(): Promise<void>;
}

/** An SQSClient for a local endpoint. `overrides` win (e.g. `maxAttempts: 1` to see throttles). */
export function localSqsClient(endpoint: string, overrides: SQSClientConfig = {}): SQSClient {
  return new SQSClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, ...overrides });
}

/** Starts the endpoint on a free loopback port and creates one queue (and its dead-letter queue). */
export async function startLocalQueue(options: LocalQueueOptions = {}): Promise<LocalQueue> {
  const { queueName = 'run-start', env = {}, ...queueOptions } = options;
  const sqs = await startSqsLocal({ port: await freePort(), region: LOCAL_REGION });
  const queueUrl = sqs.createQueue(queueName, queueOptions);
  const deadLetterQueueUrl = queueOptions.deadLetter && sqs.createQueue(queueOptions.deadLetter.queueName);
  const client = localSqsClient(sqs.endpoint);
  if (env.endpoint) process.env[env.endpoint] = sqs.endpoint;
  if (env.queueUrl) process.env[env.queueUrl] = queueUrl;
  return {
    sqs,
    client,
    queueUrl,
    ...(deadLetterQueueUrl && { deadLetterQueueUrl }),
    async stop() {
      client.destroy();
      await sqs.stop();
      if (env.endpoint) delete process.env[env.endpoint];
      if (env.queueUrl) delete process.env[env.queueUrl];
    },
  };
}

/**
 * Polls `probe` until it returns a truthy value and returns that value; fails after `timeoutMs` with
 * `what` in the message. A bound on waiting, not a timing assertion: keep it generous.
 */
export async function waitUntil<T>(
  probe: () => T | Promise<T>,
  { what = 'condition', timeoutMs = 10_000, intervalMs = 20 }: { what?: string; timeoutMs?: number; intervalMs?: number } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`waitUntil: ${what} not reached within ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
