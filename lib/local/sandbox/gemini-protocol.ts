// local: a loopback server speaking the Gemini API's Veo protocol as @google/genai 2.32.0 uses it
// (docs/generation-provider-one.md): predictLongRunning, the long-running operation (not done → done with
// generated samples, an error, or samples withheld by the safety filters), and the file download that
// redirects to storage — so our own client code is exercised over HTTP. Finished videos are named by
// file URIs on Google's real host, as the SDK expects; a client pointed here asks this server for them.
// Tests start it through test/support/fakes/gemini-server.ts; local mode through sandbox/gemini.ts, with a
// journal and a clock: its operations run for a set time and outlive a restart, as Google's outlive ours.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue } from '../faults.ts';
import { openJobJournal } from './job-journal.ts';
import { syntheticMp4 } from './synthetic-media.ts';

export type GeminiAction = 'submit' | 'operation' | 'download' | 'media';

/** A scripted answer for the next call of `action`: a status and body, or no answer at all (`hang`). */
export interface GeminiFault {
  action: GeminiAction;
  count?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

export interface GeminiOperationRecord {
  name: string;
  model: string;
  fileId: string;
  body: { instances: Record<string, unknown>[]; parameters?: Record<string, unknown> };
  polls: number;
  outcome: 'succeed' | 'fail' | 'filtered';
  /** Epoch milliseconds. */
  submittedAt: number;
}

export interface GeminiProtocolOptions {
  /** The key (or keys: several accounts) callers must send (`x-goog-api-key`); any key when absent. */
  key?: string | readonly string[];
  /** Operation reads answered not-done before it is done. @default 2 */
  pollsUntilDone?: number;
  /**
   * Seconds an operation runs after its submit, read or not; replaces pollsUntilDone. A provider's
   * clock: an operation submitted before our crash is done after it.
   */
  runSeconds?: number;
  /** A file where operations are kept across restarts (job-journal.ts). @default in memory only */
  journal?: string;
}

export interface GeminiProtocolServer {
  readonly url: string;
  readonly operations: Map<string, GeminiOperationRecord>;
  /** Every request: method, path (with query), parsed JSON body and the API key header. */
  readonly calls: { method: string; path: string; body?: unknown; key?: string }[];
  readonly faults: FaultQueue<GeminiFault>;
  /** The outcome of the next submitted operations, in order (default succeed). */
  scriptOutcomes(...outcomes: GeminiOperationRecord['outcome'][]): void;
  close(): Promise<void>;
}

const GOOGLE_FILES = 'https://generativelanguage.googleapis.com/v1beta/files';
const error = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason
      ? { details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }] }
      : {}),
  },
});

export async function startGeminiProtocolServer(
  options: GeminiProtocolOptions = {},
  host = '127.0.0.1',
  port = 0,
): Promise<GeminiProtocolServer> {
  const operations = new Map<string, GeminiOperationRecord>();
  const calls: GeminiProtocolServer['calls'] = [];
  const faults = new FaultQueue<GeminiFault>();
  const outcomes: GeminiOperationRecord['outcome'][] = [];
  const hanging = new Set<ServerResponse>();
  const pollsUntilDone = options.pollsUntilDone ?? 2;
  const journal =
    options.journal === undefined
      ? undefined
      : openJobJournal<Omit<GeminiOperationRecord, 'polls'>>(options.journal, (operation) => operation.name);
  for (const operation of journal?.restored ?? []) operations.set(operation.name, { ...operation, polls: 0 });
  const done = (operation: GeminiOperationRecord) =>
    options.runSeconds === undefined
      ? operation.polls >= pollsUntilDone
      : Date.now() - operation.submittedAt >= options.runSeconds * 1000;
  let origin = '';

  const reply = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const secondsOf = (operation: GeminiOperationRecord) => Number(operation.body.parameters?.durationSeconds ?? 8) || 8;

  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const body = await readBody(request);
    const key = request.headers['x-goog-api-key'];
    calls.push({ method: request.method ?? 'GET', path, body, ...(typeof key === 'string' ? { key } : {}) });
    const { pathname } = new URL(path, 'http://gemini.local');
    const action: GeminiAction = pathname.startsWith('/storage/')
      ? 'media'
      : pathname.startsWith('/v1beta/files/')
        ? 'download'
        : request.method === 'POST'
          ? 'submit'
          : 'operation';

    const fault = faults.take(action);
    if (fault?.hang) return void hanging.add(response);
    if (fault)
      return reply(
        response,
        fault.status ?? 500,
        fault.body ?? error(500, 'INTERNAL', 'Injected fault'),
        fault.headers,
      );

    if (action === 'media') {
      // Storage: the redirect target, reachable without the API key (its URL is the credential).
      const operation = [...operations.values()].find((candidate) => pathname === `/storage/${candidate.fileId}.mp4`);
      if (!operation) return reply(response, 404, error(404, 'NOT_FOUND', 'No such object'));
      response.writeHead(200, { 'content-type': 'video/mp4' });
      return void response.end(syntheticMp4(operation.fileId, secondsOf(operation)));
    }

    if (typeof key !== 'string' || key === '' || (options.key !== undefined && ![options.key].flat().includes(key))) {
      return reply(
        response,
        400,
        error(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID'),
      );
    }

    if (action === 'download') {
      const match = /^\/v1beta\/files\/([^/:]+):download$/.exec(pathname);
      const operation = match ? [...operations.values()].find((candidate) => candidate.fileId === match[1]) : undefined;
      if (!operation || !done(operation)) return reply(response, 404, error(404, 'NOT_FOUND', 'File not found'));
      response.writeHead(302, { location: `${origin}/storage/${operation.fileId}.mp4?sig=${randomUUID()}` });
      return void response.end();
    }

    if (action === 'submit') {
      const match = /^\/v1beta\/models\/([^/:]+):predictLongRunning$/.exec(pathname);
      if (!match) return reply(response, 404, error(404, 'NOT_FOUND', `Not found: ${pathname}`));
      const instances = (body as { instances?: unknown } | undefined)?.instances;
      const prompt = Array.isArray(instances) ? (instances[0] as { prompt?: unknown } | undefined)?.prompt : undefined;
      if (!Array.isArray(instances) || instances.length !== 1 || typeof prompt !== 'string' || prompt === '') {
        return reply(
          response,
          400,
          error(400, 'INVALID_ARGUMENT', 'Invalid JSON payload: instances[0].prompt is required'),
        );
      }
      const name = `models/${match[1]}/operations/${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const operation: GeminiOperationRecord = {
        name,
        model: match[1]!,
        fileId: randomUUID().replace(/-/g, '').slice(0, 16),
        body: body as GeminiOperationRecord['body'],
        polls: 0,
        outcome: outcomes.shift() ?? 'succeed',
        submittedAt: Date.now(),
      };
      operations.set(name, operation);
      const { polls: _polls, ...journaled } = operation;
      journal?.write(journaled);
      return reply(response, 200, { name });
    }

    // GET /v1beta/models/{model}/operations/{id}
    const operation = operations.get(pathname.replace(/^\/v1beta\//, ''));
    if (!operation) return reply(response, 404, error(404, 'NOT_FOUND', 'Operation not found'));
    operation.polls++;
    if (!done(operation)) return reply(response, 200, { name: operation.name });
    if (operation.outcome === 'fail')
      return reply(response, 200, {
        name: operation.name,
        done: true,
        error: { code: 3, message: 'The prompt could not be used: it names a real person.' },
      });
    const filtered = operation.outcome === 'filtered';
    return reply(response, 200, {
      name: operation.name,
      done: true,
      response: {
        '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.PredictLongRunningResponse',
        generateVideoResponse: filtered
          ? { raiMediaFilteredCount: 1, raiMediaFilteredReasons: ['The video was withheld by the safety filters.'] }
          : { generatedSamples: [{ video: { uri: `${GOOGLE_FILES}/${operation.fileId}:download?alt=media` } }] },
      },
    });
  });

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    operations,
    calls,
    faults,
    scriptOutcomes: (...next) => void outcomes.push(...next),
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      journal?.close();
    },
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
