// support: the arrange/act steps the generation integration tests share (video, Veo, audio, run usage):
// wiring a canvas's edges, running it from its prompt node to its end, reading back the credit entries of
// one operation and the bytes a run stored in the bucket.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ENV } from '#adapters/env';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../lib/local/provision.ts';
import type { Client, HttpAnswer } from './runs-stack.ts';

/** Adds edges given as `node.handle` pairs, in order: `['prompt.prompt-out', 'video.prompt-in']`. */
export async function connect(client: Client, canvasId: string, ...edges: [from: string, to: string][]) {
  for (const [from, to] of edges) {
    const [source, sourceHandle] = endOf(from);
    const [target, targetHandle] = endOf(to);
    await client.addEdge(canvasId, { source, sourceHandle, target, targetHandle });
  }
}

const endOf = (end: string) => {
  const dot = end.indexOf('.');
  return [end.slice(0, dot), end.slice(dot + 1)] as const;
};

/** Runs the canvas from its `prompt` node; waits (at most `timeoutMs`) until it succeeded, failed or was cancelled. */
export async function runToEnd(
  client: Client,
  canvasId: string,
  timeoutMs: number,
): Promise<{ accepted: HttpAnswer; done: any }> {
  const accepted = await client.run({ canvasId, triggerNodeId: 'prompt' });
  const done = await client.waitFor(
    accepted.body.executionId,
    (run) => ['succeeded', 'failed', 'cancelled'].includes(run.status),
    'a finished run',
    timeoutMs,
  );
  return { accepted, done };
}

/** The workspace's credit entries of one operation (`video:<jobId>`, `run:<executionId>:<node>:<attempt>`). */
export async function creditEntriesOf(client: Client, operationId: string, limit = '50'): Promise<any[]> {
  const answer = await client.request('GET', '/api/mcp/credits/transactions', { query: { limit } });
  return answer.body.items.filter((entry: { operationId: string }) => entry.operationId === operationId);
}

/** The bytes stored under `key` in the local bucket. */
export async function storedBytes(key: string): Promise<Buffer> {
  const s3 = new S3Client({
    endpoint: process.env[ENV.s3Endpoint],
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
  });
  const object = await s3.send(new GetObjectCommand({ Bucket: process.env[ENV.bucketName], Key: key }));
  const bytes = Buffer.from(await object.Body!.transformToByteArray());
  s3.destroy();
  return bytes;
}
