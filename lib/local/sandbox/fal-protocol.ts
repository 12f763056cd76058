// local: a loopback server speaking fal.ai's queue protocol (docs/generation-provider-two.md) — submit,
// status, result, cancel; IN_QUEUE → IN_PROGRESS → COMPLETED, or a model error on the result — and
// serving the finished synthetic MP4, so our own client code is exercised over HTTP. Tests start it
// through test/support/fakes/fal-server.ts; local mode through lib/local/sandbox/fal.ts (no FAL_KEY),
// with a journal and a clock: its jobs run for a set time and outlive a restart, as fal's outlive ours.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue } from '../faults.ts';
import { openJobJournal } from './job-journal.ts';
import { syntheticMp4 } from './synthetic-media.ts';
import { falWebhookSender, type FalWebhookSender } from './fal-webhooks.ts';

export type FalAction = 'submit' | 'status' | 'result' | 'cancel' | 'file';

/** A scripted answer for the next call of `action`: a status and body, or no answer at all (`hang`). */
export interface FalFault {
  action: FalAction;
  count?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

export interface FalJob {
  requestId: string;
  endpointId: string;
  input: Record<string, unknown>;
  statusPolls: number;
  resultReads: number;
  cancelled: boolean;
  outcome: 'succeed' | 'fail';
  /** Epoch milliseconds. */
  submittedAt: number;
  /** The `fal_webhook` URL given at submit: the outcome is POSTed there, signed, when the job finishes. */
  webhookUrl?: string;
  /** HTTP statuses our webhook route answered, in order (0: no connection). */
  webhookStatuses?: number[];
  /** When its webhook is sent (and it finishes), in milliseconds after submit; absent: never sent. */
  webhookAfterMs?: number;
}

export interface FalProtocolOptions {
  /** The key callers must send (`Authorization: Key <key>`); any key when absent. */
  key?: string;
  /** Status polls a job answers before COMPLETED (the first IN_QUEUE, then IN_PROGRESS). @default 2 */
  pollsUntilDone?: number;
  /**
   * Seconds a job runs after its submit, polled or not (the first half IN_QUEUE); replaces pollsUntilDone.
   * A provider's clock: a job submitted before our crash is done after it.
   */
  runSeconds?: number;
  /** A file where jobs are kept across restarts (job-journal.ts). @default in memory only */
  journal?: string;
  /** Seconds of the synthetic video. @default 5 */
  videoSeconds?: number;
  /**
   * Milliseconds after its submit a job with a `fal_webhook` finishes and calls it (fal finishes by its
   * own clock, not by our polls); `never`: the webhook is never sent (the job finishes as without one).
   * @default runSeconds, else 1000
   */
  webhookAfterMs?: number | 'never';
}

export interface FalProtocolServer {
  readonly url: string;
  readonly jobs: Map<string, FalJob>;
  /** Every request: method, path (with query) and parsed JSON body. */
  readonly calls: { method: string; path: string; body?: unknown }[];
  readonly faults: FaultQueue<FalFault>;
  /** The outcome of the next submitted jobs, in order (default succeed). */
  scriptOutcomes(...outcomes: FalJob['outcome'][]): void;
  /** Signs webhook deliveries as fal does; its public key is at `${url}/.well-known/jwks.json`. */
  readonly webhooks: FalWebhookSender;
  /** The body fal POSTs to a job's webhook when it finishes (OK with the video, or ERROR). */
  webhookBodyOf(job: FalJob): unknown;
  close(): Promise<void>;
}

export async function startFalProtocolServer(
  options: FalProtocolOptions = {},
  host = '127.0.0.1',
  port = 0,
): Promise<FalProtocolServer> {
  const jobs = new Map<string, FalJob>();
  const calls: FalProtocolServer['calls'] = [];
  const faults = new FaultQueue<FalFault>();
  const outcomes: FalJob['outcome'][] = [];
  const hanging = new Set<ServerResponse>();
  const pollsUntilDone = options.pollsUntilDone ?? 2;
  const journal =
    options.journal === undefined ? undefined : openJobJournal<Journaled>(options.journal, (job) => job.requestId);
  for (const job of journal?.restored ?? []) jobs.set(job.requestId, { ...job, statusPolls: 0, resultReads: 0 });
  const remember = ({ statusPolls: _polls, resultReads: _reads, ...job }: FalJob) => journal?.write(job);
  const elapsed = (job: FalJob) => Date.now() - job.submittedAt;
  const webhooks = falWebhookSender();
  const timers = new Set<NodeJS.Timeout>();
  // Read per job: a bench may change options.webhookAfterMs between runs.
  const webhookAfterMs = () => options.webhookAfterMs ?? (options.runSeconds ?? 1) * 1000;
  /** A job whose webhook is due finishes by the clock, as fal's do. */
  const byWebhook = (job: FalJob) => job.webhookUrl !== undefined && job.webhookAfterMs !== undefined;
  const done = (job: FalJob) =>
    byWebhook(job)
      ? elapsed(job) >= job.webhookAfterMs!
      : options.runSeconds === undefined
        ? job.statusPolls >= pollsUntilDone
        : elapsed(job) >= options.runSeconds * 1000;
  const queued = (job: FalJob) =>
    options.runSeconds === undefined ? job.statusPolls === 1 : elapsed(job) < (options.runSeconds * 1000) / 2;
  let origin = '';

  const reply = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const urlsOf = (job: FalJob) => {
    const base = `${origin}/${appOf(job.endpointId)}/requests/${job.requestId}`;
    return { response_url: base, status_url: `${base}/status`, cancel_url: `${base}/cancel` };
  };

  const server: Server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    const body = await readBody(request);
    calls.push({ method: request.method ?? 'GET', path, body });
    const { pathname, searchParams } = new URL(path, 'http://fal.local');
    const action: FalAction = pathname.startsWith('/files/')
      ? 'file'
      : request.method === 'POST'
        ? 'submit'
        : request.method === 'PUT'
          ? 'cancel'
          : pathname.endsWith('/status')
            ? 'status'
            : 'result';

    if (pathname === '/.well-known/jwks.json') return reply(response, 200, webhooks.jwks());
    const fault = faults.take(action);
    if (fault?.hang) return void hanging.add(response);
    if (fault) return reply(response, fault.status ?? 500, fault.body ?? { detail: 'Injected fault' }, fault.headers);

    if (action === 'file') {
      const job = jobs.get(pathname.slice('/files/'.length).replace(/\.mp4$/, ''));
      if (!job) return reply(response, 404, { detail: 'Not found' });
      response.writeHead(200, { 'content-type': 'video/mp4' });
      return void response.end(syntheticMp4(job.requestId, options.videoSeconds ?? 5));
    }

    const authorization = String(request.headers.authorization ?? '');
    if (!/^Key \S+/.test(authorization) || (options.key !== undefined && authorization !== `Key ${options.key}`)) {
      return reply(response, 401, { detail: 'Unauthorized' });
    }

    if (action === 'submit') {
      if (body === undefined || typeof body !== 'object' || Array.isArray(body))
        return reply(response, 422, {
          detail: [{ loc: ['body'], msg: 'Input should be a valid dictionary', type: 'dict_type' }],
        });
      const job: FalJob = {
        requestId: randomUUID(),
        endpointId: pathname.slice(1),
        input: body as Record<string, unknown>,
        statusPolls: 0,
        resultReads: 0,
        cancelled: false,
        outcome: outcomes.shift() ?? 'succeed',
        submittedAt: Date.now(),
        ...(searchParams.get('fal_webhook')
          ? { webhookUrl: searchParams.get('fal_webhook')!, webhookStatuses: [] }
          : {}),
      };
      const after = webhookAfterMs();
      if (job.webhookUrl !== undefined && after !== 'never') job.webhookAfterMs = after;
      if (byWebhook(job)) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (job.cancelled) return;
          void webhooks
            .deliver(job.webhookUrl!, webhookBodyOf(job), job.requestId)
            .then((status) => job.webhookStatuses!.push(status));
        }, job.webhookAfterMs);
        timers.add(timer);
      }
      jobs.set(job.requestId, job);
      remember(job);
      return reply(response, 200, { status: 'IN_QUEUE', request_id: job.requestId, ...urlsOf(job), queue_position: 0 });
    }

    // status, result and cancel: /{owner}/{app}/requests/{id}[/status|/cancel]
    const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status|\/cancel)?$/.exec(pathname);
    const job = match ? jobs.get(match[2]!) : undefined;
    if (!match || !job || appOf(job.endpointId) !== match[1])
      return reply(response, 404, { detail: 'Request not found' });

    if (action === 'cancel') {
      // A cancelled job stays cancelled, though its time (or its polls) may run out later.
      const finished = done(job) && !job.cancelled;
      if (!finished && !job.cancelled) {
        job.cancelled = true;
        remember(job);
      }
      return reply(response, finished ? 400 : 202, {
        status: finished ? 'ALREADY_COMPLETED' : 'CANCELLATION_REQUESTED',
      });
    }
    if (action === 'status') {
      job.statusPolls++;
      if (!done(job) && !job.cancelled) {
        const status = queued(job) ? 'IN_QUEUE' : 'IN_PROGRESS';
        return reply(response, 202, {
          status,
          request_id: job.requestId,
          ...urlsOf(job),
          ...(status === 'IN_QUEUE' ? { queue_position: 0 } : { logs: [] }),
        });
      }
      return reply(response, 200, {
        status: 'COMPLETED',
        request_id: job.requestId,
        ...urlsOf(job),
        logs: [],
        metrics: { inference_time: 1.5 },
      });
    }
    // result
    job.resultReads++;
    if (!done(job) && !job.cancelled) return reply(response, 400, { detail: 'Request is still in progress' });
    if (job.cancelled) return reply(response, 400, { detail: 'Request was cancelled' });
    if (job.outcome === 'fail') {
      return reply(
        response,
        422,
        {
          detail: [
            {
              loc: ['body', 'prompt'],
              msg: 'The prompt was flagged by the content checker',
              type: 'content_policy_violation',
            },
          ],
        },
        { 'x-fal-request-id': job.requestId },
      );
    }
    return reply(response, 200, resultOf(job), { 'x-fal-request-id': job.requestId });
  });

  const resultOf = (job: FalJob) => {
    const seconds = options.videoSeconds ?? 5;
    return {
      video: {
        url: `${origin}/files/${job.requestId}.mp4`,
        content_type: 'video/mp4',
        file_name: `${job.requestId}.mp4`,
        file_size: syntheticMp4(job.requestId, seconds).length,
        duration: seconds,
      },
      seed: 42,
    };
  };
  const webhookBodyOf = (job: FalJob) =>
    job.outcome === 'fail'
      ? {
          request_id: job.requestId,
          gateway_request_id: job.requestId,
          status: 'ERROR',
          error: 'Invalid status code: 422',
          payload: { detail: [{ loc: ['body', 'prompt'], msg: 'flagged', type: 'content_policy_violation' }] },
        }
      : { request_id: job.requestId, gateway_request_id: job.requestId, status: 'OK', payload: resultOf(job) };

  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    jobs,
    calls,
    faults,
    scriptOutcomes: (...next) => void outcomes.push(...next),
    webhooks,
    webhookBodyOf,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      journal?.close();
    },
  };
}

/** A job as journaled: what it is, not how often this process was asked about it. */
type Journaled = Omit<FalJob, 'statusPolls' | 'resultReads'>;

/** fal's status, result and cancel paths name only owner/app, not the endpoint's own path. */
export const appOf = (endpointId: string) => endpointId.split('/').slice(0, 2).join('/');

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
