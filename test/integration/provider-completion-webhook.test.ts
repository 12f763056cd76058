// Provider completion by webhook, end to end on the local stack: the fal stand-in calls our completion
// route with a real ED25519 signature (its own key, served as its JWKS), the route wakes the run's
// WaitForProvider task token, and the run finishes without polling round after round. Deliveries that
// arrive twice, late, forged or for another job change nothing; a webhook that never comes is polled.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalMode, type LocalMode } from '../../lib/local/local-mode.ts';
import { freePort } from '../../lib/local/ports.ts';
import { startFalProtocolServer, type FalProtocolServer } from '../../lib/local/sandbox/fal-protocol.ts';
import { falWebhookSender } from '../../lib/local/sandbox/fal-webhooks.ts';

const KEY = 'test-key:0123456789abcdef0123';
/** The stand-in finishes a job this long after its submit and then calls the webhook. */
const JOB_MS = 1500;

let fal: FalProtocolServer;
let stack: LocalMode;
let dataDir: string;
const apiKey = `workspace_${randomBytes(32).toString('base64url')}`;

beforeAll(async () => {
  fal = await startFalProtocolServer({ key: KEY, pollsUntilDone: 2, webhookAfterMs: JOB_MS });
  Object.assign(process.env, {
    FAL_KEY: KEY,
    PROVIDER_TWO_BASE_URL: fal.url,
    OUTBOUND_ALLOW_HOSTS: new URL(fal.url).host,
    FAL_JWKS_URL: `${fal.url}/.well-known/jwks.json`,
    PROVIDER_WEBHOOK_FALLBACK_SECONDS: '30',
  });
  dataDir = await mkdtemp(join(tmpdir(), 'completion-webhook-'));
  stack = await startLocalMode({
    appPort: await freePort(),
    basePort: await freePort(),
    dataDir,
    bootstrapApiKey: apiKey,
  });
  const { grantCredits } = await import('#core/credits/ledger');
  const { DynamoLedgerRepository } = await import('#adapters/dynamodb/ledger-repository');
  const { priceBook } = await import('#core/credits/prices');
  const { systemClock } = await import('#core/clock');
  await grantCredits(
    {
      workspaceId: stack.bootstrap.workspaceId!,
      credits: 100_000,
      reason: 'test',
      grantedBy: 'test',
      operationId: 'completion-webhook-grant',
    },
    { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await fal?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  for (const name of ['PROVIDER_WEBHOOK_BASE_URL', 'PROVIDER_WEBHOOK_FALLBACK_SECONDS', 'FAL_JWKS_URL'])
    delete process.env[name];
});

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as any;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function videoRun() {
  const canvas = await api('POST', '/api/mcp/canvas/create', { name: 'webhook video' });
  await api('POST', '/api/mcp/canvas/patch', {
    canvasId: canvas.id,
    operations: [
      { op: 'node/add', id: 'prompt', type: 'prompt', data: { prompt: 'Waves at dusk' } },
      {
        op: 'node/add',
        id: 'video',
        type: 'video-generation',
        data: { endpointId: 'fal-ai/wan/v2.7/text-to-video', modelParams: { duration: 5 } },
      },
      { op: 'node/add', id: 'out', type: 'output' },
      {
        op: 'edge/add',
        id: 'e1',
        source: 'prompt',
        sourceHandle: 'prompt-out',
        target: 'video',
        targetHandle: 'prompt-in',
      },
      { op: 'edge/add', id: 'e2', source: 'video', sourceHandle: 'video-out', target: 'out', targetHandle: 'value-in' },
    ],
  });
  const began = Date.now();
  const accepted = await api('POST', '/api/run', { canvasId: canvas.id, triggerNodeId: 'prompt' });
  let run: any;
  for (;;) {
    run = await api('GET', `/api/executions?executionId=${accepted.executionId}`);
    if (['succeeded', 'failed', 'cancelled'].includes(run.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const job = [...fal.jobs.values()].at(-1)!;
  return { run, job, seconds: (Date.now() - began) / 1000 };
}

async function storedJob(executionId: string) {
  const { videoJobs } = await import('#adapters/composition/provider-jobs');
  const { videoJobId } = await import('#core/generation/video-jobs');
  const jobId = videoJobId(new Date(), `run:${executionId}:video:1`);
  return (await videoJobs.get(stack.bootstrap.workspaceId!, jobId))!;
}

const statusPollsOf = (requestId: string) =>
  fal.calls.filter((call) => call.path.includes(`/requests/${requestId}/status`)).length;

/** The run's RUNWAIT item, where WaitForProvider parks its task token (undefined: it never parked one). */
async function runWaitItem(executionId: string) {
  const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { table } = await import('#adapters/dynamodb/client');
  const { runWaitKey } = await import('#adapters/sfn/run-waits');
  const { client, tableName } = table();
  const key = runWaitKey(stack.bootstrap.workspaceId!, executionId);
  return (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
}

async function deliver(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
}

describe('a video run completed by the provider webhook', () => {
  let done: Awaited<ReturnType<typeof videoRun>>;

  beforeAll(async () => {
    process.env.PROVIDER_WEBHOOK_BASE_URL = stack.baseUrl;
    done = await videoRun();
  }, 60_000);

  it('finishes when the webhook arrives, long before the fallback poll, with one status poll', async () => {
    expect(done.run.status).toBe('succeeded');
    expect(done.job.webhookUrl).toContain('/api/providers/completions?');
    expect(done.job.webhookStatuses).toEqual([200]);
    // The fallback is 30 s: only the webhook can have ended the wait this early.
    expect(done.seconds).toBeLessThan(20);
    expect(statusPollsOf(done.job.requestId)).toBe(1);
    const job = await storedJob(done.run.executionId);
    expect(job).toMatchObject({ status: 'succeeded', completionWebhook: true });
    expect(job.providerCompletedAt).toEqual(expect.any(String));
  });

  it("parks its token on a RUNWAIT item that expires (TTL) after the job's deadline plus an hour", async () => {
    const { TTL_ATTRIBUTE } = await import('#adapters/dynamodb/table-design');
    const { VIDEO_JOB_DEADLINE_SECONDS } = await import('#core/generation/video-jobs');
    const job = await storedJob(done.run.executionId);
    const item = await runWaitItem(done.run.executionId);
    expect(item).toBeDefined();
    expect(item!.taskToken).toBeUndefined(); // the webhook took it
    const deadline = Math.ceil(Date.parse(job.createdAt) / 1000) + VIDEO_JOB_DEADLINE_SECONDS;
    if (item!.completedAt === undefined) expect(item![TTL_ATTRIBUTE]).toBe(deadline + 60 * 60);
    // A webhook that beat the park marked the item instead, with its own TTL (two days from then).
    else expect(item![TTL_ATTRIBUTE]).toBeGreaterThan(deadline);
  });

  it('a second, late delivery of the same webhook changes nothing', async () => {
    const before = await storedJob(done.run.executionId);
    const body = fal.webhookBodyOf(done.job);
    const again = await deliver(
      done.job.webhookUrl!,
      body,
      fal.webhooks.headersFor(JSON.stringify(body), done.job.requestId),
    );
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'late' } });
    expect(await storedJob(done.run.executionId)).toEqual(before);
  });

  it('a forged delivery is refused (401) and changes nothing', async () => {
    const before = await storedJob(done.run.executionId);
    const body = fal.webhookBodyOf(done.job);
    const text = JSON.stringify(body);
    const stranger = falWebhookSender();
    const forged = await deliver(done.job.webhookUrl!, body, stranger.headersFor(text, done.job.requestId));
    expect(forged.status).toBe(401);
    const tampered = { ...(body as Record<string, unknown>), status: 'ERROR' };
    const altered = await deliver(done.job.webhookUrl!, tampered, fal.webhooks.headersFor(text, done.job.requestId));
    expect(altered.status).toBe(401);
    expect(await storedJob(done.run.executionId)).toEqual(before);
  });

  it("a genuine delivery for another job, sent to this job's URL, changes nothing", async () => {
    const before = await storedJob(done.run.executionId);
    const other = { request_id: 'another-request', gateway_request_id: 'another-request', status: 'OK', payload: {} };
    const answer = await deliver(
      done.job.webhookUrl!,
      other,
      fal.webhooks.headersFor(JSON.stringify(other), 'another-request'),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    expect(await storedJob(done.run.executionId)).toEqual(before);
  });
});

describe('a webhook that never comes', () => {
  it('is polled after the fallback wait, and the run still succeeds', async () => {
    // fal cannot reach this URL (nothing listens there), so no delivery ever arrives.
    process.env.PROVIDER_WEBHOOK_BASE_URL = `http://127.0.0.1:${await freePort()}`;
    process.env.PROVIDER_WEBHOOK_FALLBACK_SECONDS = '3';
    const done = await videoRun();
    expect(done.run.status).toBe('succeeded');
    expect(done.job.webhookStatuses).toEqual([0]);
    const job = await storedJob(done.run.executionId);
    expect(job).toMatchObject({ status: 'succeeded', completionWebhook: true, providerCompletedAt: null });
    expect(done.seconds).toBeGreaterThanOrEqual(3);
  }, 60_000);
});

describe('a job submitted without a completion webhook', () => {
  it('is polled with a plain Wait: the run parks no task token (no RUNWAIT write per poll round)', async () => {
    delete process.env.PROVIDER_WEBHOOK_BASE_URL;
    const done = await videoRun();
    expect(done.run.status).toBe('succeeded');
    expect(done.job.webhookUrl).toBeUndefined();
    expect(statusPollsOf(done.job.requestId)).toBeGreaterThanOrEqual(2);
    const job = await storedJob(done.run.executionId);
    expect(job.completionWebhook ?? false).toBe(false);
    expect(await runWaitItem(done.run.executionId)).toBeUndefined();
  }, 60_000);
});
