// test support (integration, runs): what the tests of inline runs against DynamoDB Local share — the run
// repository, a blob store that holds nothing, the bench's canvas, instant executors whose text node fails,
// the capacity units DynamoDB reports for a piece of work, a sweep until something happened, and a
// callback receiver that keeps the exact bytes it got (to check signatures).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Canvas } from '#core/canvas/model';
import type { BlobStore } from '#core/runs/blobs';
import { EXECUTORS, NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import { sweepStalledRuns } from '#core/runs/sweep';
import { table } from '#adapters/dynamodb/client';
import { DynamoCanvasRepository } from '#adapters/dynamodb/canvas-repository';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';

export const runs = new DynamoRunRepository();
const canvases = new DynamoCanvasRepository();

export const noBlobs: BlobStore = {
  put: async () => {},
  get: async () => 'null',
  url: async (key) => `https://blobs.test/${key}`,
};

/** Instant executors whose text node fails its input: an inline run that fails, to be redriven. */
export const failingText: ExecutorRegistry = {
  ...EXECUTORS,
  text: {
    kind: 'instant',
    run: () => {
      throw new NodeFailedError('t1 refuses');
    },
  },
};

/** A fresh workspace id: every test works in its own. */
export const newWorkspaceId = () => `ws_${randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase()}`;

/** The bench's canvas: prompt → text → output (instant nodes only, so it runs inline), or the graph given. */
export async function seedCanvas(
  workspaceId: string,
  name: string,
  graph?: Pick<Canvas, 'nodes' | 'edges'>,
): Promise<Canvas> {
  const at = new Date().toISOString();
  const canvas = {
    id: `cnv_${randomUUID().replaceAll('-', '').slice(0, 26).toUpperCase()}`,
    workspaceId,
    name,
    archived: false,
    archivedAt: null,
    version: 1,
    createdAt: at,
    updatedAt: at,
    viewport: { x: 0, y: 0, zoom: 1 },
    nodes: [
      { id: 'p0', type: 'prompt', position: { x: 0, y: 0 }, data: { prompt: 'hello' } },
      { id: 't1', type: 'text', position: { x: 300, y: 0 }, data: {} },
      { id: 'o2', type: 'output', position: { x: 600, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'e1', source: 'p0', sourceHandle: 'prompt-out', target: 't1', targetHandle: 'text-in' },
      { id: 'e2', source: 't1', sourceHandle: 'text-out', target: 'o2', targetHandle: 'value-in' },
    ],
    ...graph,
  } as Canvas;
  await canvases.create(canvas);
  return canvas;
}

/** Capacity units of every DynamoDB call of the table client while `work` runs. */
export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; wcu: number; rcu: number }> {
  const { client } = table();
  const units = { wcu: 0, rcu: 0 };
  const name = `capacity-${randomUUID()}`;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = (args as { input: Record<string, unknown> }).input;
      input.ReturnConsumedCapacity = 'TOTAL';
      const output = await next(args);
      const reads = /Get|Query|Scan/.test(String((context as { commandName?: string }).commandName));
      const consumed = (output.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of [consumed ?? []].flat() as { CapacityUnits?: number }[])
        units[reads ? 'rcu' : 'wcu'] += entry.CapacityUnits ?? 0;
      return output;
    },
    { step: 'initialize', name },
  );
  try {
    return { result: await work(), ...units };
  } finally {
    client.middlewareStack.remove(name);
  }
}

/** Sweeps (no grace, no hold) until `done`, as the index lags the table a little. */
export async function sweepUntil(sweepDeps: Parameters<typeof sweepStalledRuns>[0], done: () => boolean) {
  for (let tries = 0; tries < 100 && !done(); tries++) {
    await sweepStalledRuns(sweepDeps, { graceMs: 0, callbackHoldMs: 0 });
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Runs `work` with a receiver on 127.0.0.1 that answers 204 and keeps each request's headers and exact
 * body, then closes it.
 */
export async function withRawReceiver(
  work: (receiver: { port: number; received: { headers: Record<string, unknown>; body: string }[] }) => Promise<void>,
): Promise<void> {
  const received: { headers: Record<string, unknown>; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await work({ port, received });
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
