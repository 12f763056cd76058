// integration: a GitHub- or Shopify-signed delivery (body-only signatures, no timestamp) replayed long after
// it was accepted starts nothing (issue 31 item 6) — the use case against DynamoDB Local, the clock injected
// and moved forward (25 hours, past the providers' redelivery windows, a year), never waited for.
import { createHmac, randomUUID } from 'node:crypto';
import { sign as signGithub } from '@octokit/webhooks-methods';
import { describe, expect, it } from 'vitest';
import type { Canvas } from '#core/canvas/model';
import type { WorkflowEngine } from '#core/ports';
import { PROVIDER_REDELIVERY_WINDOW_SECONDS } from '#core/webhooks/provider-windows';
import { registerWebhook, triggerWebhook } from '#core/webhooks/use-cases';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { table } from '#adapters/dynamodb/client';
import { DynamoCanvasRepository } from '#adapters/dynamodb/canvas-repository';
import { TTL_ATTRIBUTE } from '#adapters/dynamodb/table-design';
import { DynamoRateLimiter, DynamoWebhookRepository } from '#adapters/dynamodb/webhook-repository';
import { signatureVerifiers } from '#adapters/webhook-signatures/verifiers';
import { newWorkspaceId, noBlobs, runs, seedCanvas } from './support/inline-runs.ts';

const canvases = new DynamoCanvasRepository();
const webhooks = new DynamoWebhookRepository();
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Step Functions is not needed: the canvas runs inline. */
const engine: WorkflowEngine = {
  start: async () => 'started',
  stop: async () => {},
  redrive: async () => 'missing',
};

/** hook (webhook-trigger) ─body-out─► tpl (text) ─► out (output): instant nodes only. */
const WEBHOOK_GRAPH = {
  nodes: [
    { id: 'hook', type: 'webhook-trigger', position: { x: 0, y: 0 }, data: {} },
    { id: 'tpl', type: 'text', position: { x: 300, y: 0 }, data: { template: 'Got: {{input}}' } },
    { id: 'out', type: 'output', position: { x: 600, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'e1', source: 'hook', sourceHandle: 'body-out', target: 'tpl', targetHandle: 'text-in' },
    { id: 'e2', source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
  ],
} as Pick<Canvas, 'nodes' | 'edges'>;

async function harness() {
  // Prepare: a workspace, its canvas, a registered trigger; a clock the test moves
  const workspaceId = newWorkspaceId();
  const canvas = await seedCanvas(workspaceId, 'Replay window', WEBHOOK_GRAPH);
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const serviceKey = async () => 'replay-window-test-service-key-0123456789abcdef';
  const registration = await registerWebhook(
    { workspaceId, scopes: ['write:canvas'] } as never,
    { canvasId: canvas.id, triggerNodeId: 'hook' },
    { webhooks, canvases, clock, serviceKey, publicBaseUrl: 'https://api.test' },
  );
  const deps = {
    runs,
    engine,
    clock,
    blobs: noBlobs,
    inlineRuns: () => true,
    webhooks,
    serviceKey,
    rateLimiter: new DynamoRateLimiter(),
    rateLimit: { limit: 1000, windowSeconds: 60 },
    verifiers: signatureVerifiers,
  };
  const deliver = (scheme: 'github' | 'shopify', headers: Record<string, string>, body: string) => {
    const url = new URL(registration.signedUrls[scheme]);
    return triggerWebhook(
      {
        method: 'POST',
        url: url.href,
        headers: { 'content-type': 'application/json', ...headers },
        query: Object.fromEntries(url.searchParams),
        body: Buffer.from(body),
      },
      deps,
      async (raw) => raw,
    );
  };
  /** The workspace's idempotency records, as stored. */
  const records = async () => {
    const { client, tableName } = table();
    const found = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :idem)',
        ExpressionAttributeValues: { ':pk': `WS#${workspaceId}`, ':idem': 'IDEMP#' },
        ConsistentRead: true,
      }),
    );
    return found.Items ?? [];
  };
  return { registration, deliver, records, later: (ms: number) => (offsetMs += ms) };
}

describe('body-only signed deliveries replayed after their record would have expired', () => {
  it.each([
    ['25 hours', 25 * HOUR_MS],
    [
      "past the providers' longest redelivery window",
      1000 * Math.max(...Object.values(PROVIDER_REDELIVERY_WINDOW_SECONDS)) + DAY_MS,
    ],
    ['a year', 365 * DAY_MS],
  ])('a GitHub delivery replayed after %s starts no second run', async (_after, ms) => {
    // Prepare
    const { registration, deliver, later } = await harness();
    const body = JSON.stringify({ ref: 'refs/heads/main', after: randomUUID() });
    const signature = await signGithub(registration.webhookSecret, body);
    const headers = (id: string) => ({
      'x-github-delivery': id,
      'x-github-event': 'push',
      'x-hub-signature-256': signature,
    });
    const first = await deliver('github', headers(randomUUID()), body);
    // Act: the captured delivery, resent later under a new delivery id
    later(ms);
    const replay = await deliver('github', headers(randomUUID()), body);
    // Assess
    expect(first.replayed).toBe(false);
    expect(replay).toMatchObject({ replayed: true, executionId: first.executionId });
  });

  it.each([
    ['25 hours', 25 * HOUR_MS],
    ['a year', 365 * DAY_MS],
  ])(
    'a Shopify delivery replayed after %s, with a fresh X-Shopify-Triggered-At, starts no second run',
    async (_after, ms) => {
      // Prepare
      const { registration, deliver, later } = await harness();
      const body = JSON.stringify({ id: randomUUID(), total_price: '10.00' });
      const hmac = createHmac('sha256', registration.webhookSecret).update(body).digest('base64');
      const headers = (at: Date) => ({
        'x-shopify-webhook-id': randomUUID(),
        'x-shopify-topic': 'orders/create',
        'x-shopify-triggered-at': at.toISOString(),
        'x-shopify-hmac-sha256': hmac,
      });
      const first = await deliver('shopify', headers(new Date()), body);
      // Act: the header is outside the signature, so a replayer sets it to "now"
      later(ms);
      const replay = await deliver('shopify', headers(new Date(Date.now() + ms)), body);
      // Assess
      expect(replay).toMatchObject({ replayed: true, executionId: first.executionId });
    },
  );

  it('stores the record of a body-only delivery without a TTL, so DynamoDB never deletes it', async () => {
    // Prepare
    const { registration, deliver, records } = await harness();
    const body = JSON.stringify({ zen: randomUUID() });
    // Act
    await deliver(
      'github',
      {
        'x-github-delivery': randomUUID(),
        'x-github-event': 'ping',
        'x-hub-signature-256': await signGithub(registration.webhookSecret, body),
      },
      body,
    );
    // Assess
    const stored = await records();
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toHaveProperty(TTL_ATTRIBUTE);
  });
});
