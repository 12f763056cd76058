// integration: what the on-call engineer gets from the logs (issue 8, "The on-call hour"). Real
// handlers run in this process (the whole local stack, workflow tasks included) with the logger at
// DEBUG and EMF printing on, and everything written to stdout and stderr is captured:
//   - no secret ever reaches a line: the workspace key, the webhook secret (as Bearer, as
//     x-webhook-secret, in a refused ?secret=, as a signing key), the callback signing secrets (the
//     deployment's and the workspace's default), the service's webhook key, a provider credential in the
//     environment, any Authorization header;
//   - every handler line carries its request id, and the workspace and execution ids once known;
//   - the counts leave as CloudWatch EMF (accepted and failed runs, callbacks delivered and failed,
//     webhook deliveries, 429s).
import { randomBytes } from 'node:crypto';
import { sign as signGithub } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallbackReceiver,
  WebhookClient,
  startRunsStack,
  type Registration,
  type RunsStack,
} from './support/webhooks-stack.ts';

const CALLBACK_SIGNING_SECRET = `cbsig_${randomBytes(24).toString('hex')}`;
const PROVIDER_CREDENTIAL = `sk-provider-${randomBytes(24).toString('hex')}`;
const UNKNOWN_KEY = `workspace_${randomBytes(16).toString('hex')}`;

const captured: string[] = [];
const originalWrites = { stdout: process.stdout.write, stderr: process.stderr.write };

function capture(stream: NodeJS.WriteStream): void {
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as typeof stream.write;
}

let receiver: CallbackReceiver;
let stack: RunsStack;
let client: WebhookClient;
let hook: Registration & { signedUrls: Record<string, string> };
let secrets: Record<string, string>;
const executionIds: string[] = [];

beforeAll(async () => {
  capture(process.stdout);
  capture(process.stderr);
  receiver = await new CallbackReceiver().start();
  stack = await startRunsStack({
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    CALLBACK_SIGNING_SECRET,
    PROVIDER_API_KEY: PROVIDER_CREDENTIAL,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '4',
    POWERTOOLS_LOG_LEVEL: 'DEBUG',
    POWERTOOLS_METRICS_DISABLED: 'false',
  });
  client = new WebhookClient(stack.baseUrl, stack.key);
  const registered = await client.registeredCanvas('Got: {{input}}');
  hook = registered.registration as typeof hook;
  secrets = {
    'workspace key': stack.key,
    'webhook secret': hook.webhookSecret,
    'webhook secret (Standard Webhooks spelling)': (hook as unknown as { standardWebhooksSecret: string })
      .standardWebhooksSecret,
    'callback signing secret': CALLBACK_SIGNING_SECRET,
    'service webhook key': process.env.SERVICE_ROOT_KEY!,
    'provider credential': PROVIDER_CREDENTIAL,
    'unknown key sent in Authorization': UNKNOWN_KEY,
  };
  // The workspace's own callback secret, which signs its callbacks below: answered once, logged never.
  const revealed = await client.request('POST', '/api/mcp/callbacks/signing-secret', { body: { action: 'reveal' } });
  expect(revealed.status, JSON.stringify(revealed.body)).toBe(200);
  secrets["workspace's default callback secret"] = revealed.body.secret;
  secrets["workspace's default callback secret (Standard Webhooks spelling)"] = revealed.body.standardWebhooksSecret;

  // A run with a delivered callback, one whose callback fails.
  const canvasId = await client.linearCanvas();
  for (const path of ['/ok', '/fail']) {
    const accepted = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { path },
      callbackUrl: `${receiver.origin}${path}`,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    executionIds.push(accepted.body.executionId);
  }
  // Webhook calls: Bearer, x-webhook-secret, a GitHub-signed delivery; a refused ?secret=; a bad key.
  const secretHeaders: Record<string, string>[] = [
    { authorization: `Bearer ${hook.webhookSecret}` },
    { 'x-webhook-secret': hook.webhookSecret },
  ];
  for (const headers of secretHeaders) {
    const answer = await client.callWebhook({ secret: null, headers, body: { n: 1 } });
    expect(answer.status, answer.text).toBe(202);
    executionIds.push(answer.body.executionId);
  }
  const body = JSON.stringify({ signed: true });
  const signed = await client.callWebhook({
    secret: null,
    search: new URL(hook.signedUrls.github!).search,
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': `d-${randomBytes(4).toString('hex')}`,
      'x-hub-signature-256': await signGithub(hook.webhookSecret, body),
    },
    body,
  });
  expect(signed.status, signed.text).toBe(202);
  executionIds.push(signed.body.executionId);
  expect(
    (await client.callWebhook({ secret: hook.webhookSecret, search: `?secret=${hook.webhookSecret}` })).status,
  ).toBe(400);
  expect((await client.request('GET', '/api/canvases', { key: UNKNOWN_KEY })).status).toBe(401);
  // A run that fails (the text node renders past the port limit) and a webhook pushed past its rate limit.
  const failing = await client.registeredCanvas('{{input}}'.repeat(100));
  const failed = await client.callWebhook({
    secret: failing.registration.webhookSecret,
    body: { pad: 'p'.repeat(20_000) },
  });
  expect(failed.status).toBe(202);
  executionIds.push(failed.body.executionId);
  let status = 0;
  for (let call = 0; call < 8 && status !== 429; call++)
    status = (await client.callWebhook({ secret: failing.registration.webhookSecret, body: { call } })).status;
  expect(status).toBe(429);

  for (const executionId of executionIds) await client.settled(executionId);
  // The callbacks of instant runs go out through the run outbox (docs/runs.md): sweep now, with no hold,
  // rather than wait for local mode's sweeper.
  const { sweep } = await import('../../functions/workers/sweep-runs.ts');
  await sweep(0, 0);
  await client.waitFor(executionIds[1]!, (snapshot) => snapshot.callback?.delivered === false, 'callback failed');
  await client.waitFor(executionIds[0]!, (snapshot) => snapshot.callback?.delivered === true, 'callback delivered');
}, 180_000);

afterAll(async () => {
  process.stdout.write = originalWrites.stdout;
  process.stderr.write = originalWrites.stderr;
  await stack?.stop();
  await receiver?.stop();
});

/** Every captured JSON line (log lines and EMF documents). */
const jsonLines = () =>
  captured
    .join('')
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line);
        return parsed && typeof parsed === 'object' ? [parsed as Record<string, any>] : [];
      } catch {
        return [];
      }
    });

describe('logs', () => {
  it('never contain a secret, in any encoding the service uses', () => {
    const text = captured.join('');
    expect(text.length).toBeGreaterThan(1000);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret, what).toBeTruthy();
      for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')]) {
        expect(text.includes(form), `${what} appears in the logs`).toBe(false);
      }
    }
    expect(text).not.toMatch(/"authorization"\s*:/i);
    expect(text).not.toMatch(/Bearer\s+\S/);
  });

  it('log one Request line per handled request with the request id, and the workspace id once authenticated', () => {
    const requests = jsonLines().filter((line) => line.message === 'Request');
    expect(requests.length).toBeGreaterThan(10);
    for (const line of requests) {
      expect(line).toMatchObject({
        level: 'INFO',
        service: 'workspace-automation',
        requestId: expect.any(String),
        method: expect.any(String),
        path: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(line.path).not.toContain('?');
    }
    const run = requests.find((line) => line.path === '/api/run' && line.status === 202);
    expect(run).toMatchObject({ workspaceId: stack.workspaceId, executionId: executionIds[0] });
    const webhook = requests.find((line) => line.path === '/webhook/trigger' && line.status === 202);
    expect(webhook).toMatchObject({ workspaceId: stack.workspaceId, executionId: expect.stringMatching(/^exec_/) });
    const refused = requests.find((line) => line.path === '/api/canvases' && line.status === 401);
    expect(refused?.workspaceId).toBeUndefined();
  });

  it("carry the execution and workspace ids on the workflow tasks' lines (a failed callback is an INFO line)", () => {
    const warned = jsonLines().find((line) => line.message === 'Callback not delivered');
    expect(warned).toMatchObject({
      level: 'INFO',
      executionId: executionIds[1],
      workspaceId: stack.workspaceId,
      error: expect.stringContaining('500'),
    });
  });
});

describe('metrics (EMF)', () => {
  it('count accepted and failed runs, delivered and failed callbacks, webhook deliveries and 429s', () => {
    const totals: Record<string, number> = {};
    for (const line of jsonLines()) {
      const definitions = line._aws?.CloudWatchMetrics as
        | Array<{ Namespace: string; Metrics: Array<{ Name: string }> }>
        | undefined;
      for (const definition of definitions ?? []) {
        expect(definition.Namespace).toBe('WorkspaceAutomation');
        for (const { Name } of definition.Metrics) {
          const value = line[Name];
          totals[Name] =
            (totals[Name] ?? 0) + (Array.isArray(value) ? value.reduce((a: number, b: number) => a + b, 0) : value);
        }
      }
    }
    expect(totals.RunsAccepted).toBeGreaterThanOrEqual(executionIds.length);
    expect(totals.RunsFailed).toBeGreaterThanOrEqual(1);
    expect(totals.CallbacksDelivered).toBeGreaterThanOrEqual(1);
    expect(totals.CallbacksFailed).toBeGreaterThanOrEqual(1);
    expect(totals.WebhookDeliveries).toBeGreaterThanOrEqual(4);
    expect(totals.RateLimited).toBe(1);
  });

  it("count the run outbox on every scheduled sweep, nothing due included (the sweep-runs worker's EMF)", async () => {
    // Prepare: the worker as EventBridge invokes it (observed, default grace: every run here is recent)
    const { handler } = await import('../../functions/workers/sweep-runs.ts');
    const before = jsonLines().length;
    // Act
    await handler({});
    // Assess: the three counts in the service's namespace (the unit test pins their values). Local mode's
    // own timer sweeps outside any handler, so its counts may ride along in this flush (arrays of values).
    const emitted = jsonLines()
      .slice(before)
      .filter((line) => line.OutboxRunsDue !== undefined);
    expect(emitted.length).toBeGreaterThanOrEqual(1);
    for (const key of ['OutboxRunsDue', 'OutboxRunsStarted', 'OutboxResumeFailed']) {
      const values = emitted.flatMap((line) => [line[key]].flat());
      expect(values.length, key).toBeGreaterThanOrEqual(1);
      for (const value of values) expect(value, key).toEqual(expect.any(Number));
    }
    for (const line of emitted) expect(line._aws.CloudWatchMetrics[0].Namespace).toBe('WorkspaceAutomation');
  });

  it('time each accepted POST /api/run (RunAcceptLatency, milliseconds: the latency objective reads it)', () => {
    // Assess: one value per run the route accepted, in milliseconds (what the alarm's p99 is of)
    const accepted = jsonLines().filter((line) => line.message === 'Request' && line.path === '/api/run');
    const timings = jsonLines().flatMap((line) =>
      ((line._aws?.CloudWatchMetrics ?? []) as Array<{ Metrics: Array<{ Name: string; Unit: string }> }>)
        .flatMap((definition) => definition.Metrics)
        .filter((metric) => metric.Name === 'RunAcceptLatency')
        .flatMap((metric) => {
          expect(metric.Unit).toBe('Milliseconds');
          return [line.RunAcceptLatency].flat() as number[];
        }),
    );
    expect(accepted.length).toBeGreaterThan(0);
    expect(timings.length).toBeGreaterThanOrEqual(accepted.filter((line) => line.status === 202).length);
    for (const value of timings) expect(value).toBeGreaterThanOrEqual(0);
  });
});
