// bench: the architecture's floor — what accepting a run costs with no service logic at all. A bare
// node:http server (the same HTTP layer as the bare target) that, per request, sends the SDK calls an
// accepted run needs, with the very inputs our handler sent for a real run (captured by SDK
// middleware in host.ts), only the executionId and idempotency key hash swapped for fresh ones:
//
//   POST ──► read + JSON.parse body ──► [GetItem api-key lookup]        (only with `withAuth`)
//                                   ──► BatchGetItem canvas + idempotency record (consistent)
//                                   ──► the accept's writes, in order: today the idempotency claim
//                                       (conditional PutItem) and the queued run (conditional PutItem)
//                                   ──► StartExecution (the captured state machine, or `stateMachineArn`)
//                                   ──► 202 { ok, executionId, message }
//
// Same item sizes as ours (same canvas, same-length ids), same clients (document client with the
// same marshalling options, SFN client with the same retries), same consistent reads and conditions.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ID_PREFIX, newId } from '../../functions/core/ids.ts';
import { LOOPBACK } from '../../lib/local/ports.ts';

/** The inputs of the SDK calls of one real accepted run (document-client form, before marshalling). */
export interface CapturedRun {
  executionId: string;
  keyHash: string;
  getItem: Record<string, any>;
  batchGetItem: Record<string, any>;
  /** The accept's DynamoDB writes in the order it sent them (operation name, document-client input). */
  writes: { operation: string; input: Record<string, any> }[];
  startExecution: Record<string, any>;
}

export interface FloorOptions {
  readonly captured: CapturedRun;
  readonly dynamodbEndpoint: string;
  readonly sfnEndpoint: string;
  /** Also send the api-key GetItem our authenticate() sends. @default false */
  readonly withAuth?: boolean;
  /** Start this state machine instead of the captured one (e.g. a no-op machine). */
  readonly stateMachineArn?: string;
}

export interface Floor {
  readonly url: string;
  stop(): Promise<void>;
}

/** The document-client command of each write operation an accept may send. */
const WRITE_COMMANDS: Record<string, new (input: any) => any> = {
  PutItem: PutCommand,
  UpdateItem: UpdateCommand,
  DeleteItem: DeleteCommand,
  TransactWriteItems: TransactWriteCommand,
  BatchWriteItem: BatchWriteCommand,
};

/**
 * A copy of a captured input with the ids swapped in every string — and inside binary attributes, which
 * the run item deflates (its `details` and `graph` name the executionId): inflated, swapped, deflated
 * again, so the engine reads a run that is the floor's own, as it would read ours.
 */
function swapIds(value: unknown, swap: (text: string) => string): unknown {
  if (typeof value === 'string') return swap(value);
  if (value instanceof Uint8Array) {
    let text: string;
    try {
      text = inflateRawSync(value).toString('utf8');
    } catch {
      return value; // not deflated: opaque bytes, kept as they are
    }
    return new Uint8Array(deflateRawSync(Buffer.from(swap(text), 'utf8')));
  }
  if (Array.isArray(value)) return value.map((item) => swapIds(item, swap));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [swap(key), swapIds(item, swap)]));
  return value;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export async function startFloor(options: FloorOptions): Promise<Floor> {
  const { captured } = options;
  // Same settings as functions/adapters/dynamodb/client.ts and sfn/workflow-engine.ts.
  const dynamodb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: options.dynamodbEndpoint, maxAttempts: 3 }),
    {
      marshallOptions: { removeUndefinedValues: true },
    },
  );
  const sfn = new SFNClient({ endpoint: options.sfnEndpoint, maxAttempts: 2 });
  const writes = captured.writes.map(({ operation, input }) => {
    const Command = WRITE_COMMANDS[operation];
    if (!Command) throw new Error(`the floor cannot replay a ${operation}`);
    return { Command, input };
  });
  const fresh = (template: unknown, executionId: string, keyHash: string) =>
    swapIds(template, (text) =>
      text.replaceAll(captured.executionId, executionId).replaceAll(captured.keyHash, keyHash),
    ) as any;

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const executionId = newId(ID_PREFIX.execution);
        const keyHash = sha256(`run:${String(request.headers['idempotency-key'] ?? executionId)}`);
        if (options.withAuth) await dynamodb.send(new GetCommand(captured.getItem as never));
        await dynamodb.send(new BatchGetCommand(fresh(captured.batchGetItem, executionId, keyHash)));
        for (const { Command, input } of writes) await dynamodb.send(new Command(fresh(input, executionId, keyHash)));
        const start = fresh(captured.startExecution, executionId, keyHash);
        if (options.stateMachineArn) start.stateMachineArn = options.stateMachineArn;
        await sfn.send(new StartExecutionCommand(start));
        const body = JSON.stringify({ ok: true, executionId, message: 'Run accepted' });
        response.writeHead(202, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
        response.end(body);
      })().catch((error: unknown) => {
        console.error('[bench floor]', error);
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      dynamodb.destroy();
      sfn.destroy();
    },
  };
}

/** (a) The HTTP ceiling: reads the body and answers 202, nothing else. */
export async function startBare(): Promise<Floor> {
  const body = JSON.stringify({ ok: true, executionId: newId(ID_PREFIX.execution), message: 'Run accepted' });
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(202, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
