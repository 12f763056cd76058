// local: the AWS JSON 1.0 protocol of the local Step Functions endpoint — `X-Amz-Target` routing to the
// action table, injected faults, and AWS's error shapes (`__type`, message, status code). What the
// actions do is sfn-local.ts's business; this changes only with the wire protocol.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FaultQueue } from './faults.ts';
import type { Fault, SfnAction } from './sfn-local-model.ts';

/** An error the endpoint answers as AWS does: `{ __type, message }` with its status code. */
export class SfnError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}

/** What each action does with its parsed body; its return value is the 200 answer. */
export type SfnActions = Record<SfnAction, (body: Record<string, unknown>) => unknown>;

/** The endpoint's HTTP server (not yet listening): routes each request to its action. */
export function createSfnServer(actions: SfnActions, faults: FaultQueue<Fault>): Server {
  return createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const requestId = randomUUID();
    const send = (statusCode: number, payload: unknown): void => {
      response.writeHead(statusCode, { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': requestId });
      response.end(JSON.stringify(payload));
    };
    try {
      const target = String(request.headers['x-amz-target'] ?? '');
      const [service, action = ''] = target.split('.');
      const raw = await readBody(request);
      const body = (raw.length > 0 ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (service === 'LocalStepFunctions' && action === 'InjectFault') {
        faults.inject(body as unknown as Fault);
        return send(200, {});
      }
      if (service !== 'AWSStepFunctions' || !Object.hasOwn(actions, action)) {
        throw new SfnError('UnknownOperationException', `Operation not supported by the local endpoint: ${target}`);
      }
      const fault = faults.take(action);
      if (fault)
        throw new SfnError(
          fault.errorType ?? 'ThrottlingException',
          fault.message ?? 'Rate exceeded',
          fault.statusCode ?? 400,
        );
      send(200, actions[action as SfnAction](body));
    } catch (error) {
      if (error instanceof SfnError) return send(error.statusCode, { __type: error.type, message: error.message });
      if (error instanceof SyntaxError) return send(400, { __type: 'SerializationException', message: error.message });
      console.error('[sfn-local] unexpected error', error);
      send(500, { __type: 'InternalFailure', message: 'internal error in the local Step Functions endpoint' });
    }
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
