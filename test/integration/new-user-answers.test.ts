// integration: what a new user is told (issue 21, item 19), over HTTP against the whole local stack —
// a sync replay explains itself like the async one; upload verify takes the canvasId reserve and
// finalize take; a REST path on the app host names the base host; a sender's redelivery to a webhook
// trigger is not told to "send a new key"; the admin CLI lists the workspaces of the running stack.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookClient, startRunsStack, type RunsStack } from './support/webhooks-stack.ts';

let stack: RunsStack;
let client: WebhookClient;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new WebhookClient(stack.baseUrl, stack.key);
});

afterAll(async () => {
  await stack?.stop();
});

const ROOT = new URL('../../', import.meta.url).pathname;

describe('POST /api/run replayed with sync: true', () => {
  it('carries the same explanation as the async replay', async () => {
    // Prepare
    const canvasId = await client.linearCanvas('Echo: {{input}}', 'hi');
    const key = `sync-replay-${Date.now()}`;
    const body = { canvasId, triggerNodeId: 'prompt', inputs: {} };
    const first = await client.run(body, { 'Idempotency-Key': key });

    // Act
    const asyncAgain = await client.run(body, { 'Idempotency-Key': key });
    const syncAgain = await client.run({ ...body, sync: true, timeoutSeconds: 20 }, { 'Idempotency-Key': key });

    // Assess
    expect(first.status).toBe(202);
    expect(asyncAgain.body).toMatchObject({ replayed: true, message: expect.stringContaining('idempotency key') });
    expect(syncAgain.status).toBe(200);
    expect(syncAgain.body).toMatchObject({
      executionId: first.body.executionId,
      replayed: true,
      message: asyncAgain.body.message,
    });
  });
});

describe('POST /api/mcp/canvas/r2-upload/verify', () => {
  it('takes the canvasId of the reservation, and refuses another canvas with a 400 naming the reserved one', async () => {
    // Prepare
    const canvasId = await client.createCanvas('Uploads');
    const other = await client.createCanvas('Other');
    const reserved = await client.post('/api/mcp/canvas/r2-upload/reserve', {
      canvasId,
      name: 'a.png',
      contentType: 'image/png',
      size: 70,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const { uploadId } = reserved.body;

    // Act
    const same = await client.post('/api/mcp/canvas/r2-upload/verify', { uploadId, canvasId });
    const wrong = await client.post('/api/mcp/canvas/r2-upload/verify', { uploadId, canvasId: other });
    const without = await client.post('/api/mcp/canvas/r2-upload/verify', { uploadId });

    // Assess: nothing was PUT yet, so the check answers not ready, with or without the canvasId
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body).toMatchObject({ uploadId, ready: false, received: false });
    expect(without.body).toEqual(same.body);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toContain(`reserved for canvas ${canvasId}`);
  });
});

describe('a REST path on the app host', () => {
  it('answers 404 naming the base host and where the path lives', async () => {
    const answer = await fetch(`${stack.local.appUrl}/api/canvases`, {
      headers: { authorization: `Bearer ${stack.key}` },
    });
    expect(answer.status).toBe(404);
    const { error } = (await answer.json()) as { error: string };
    expect(error).toContain('No route for GET /api/canvases');
    expect(error).toContain('base host');
    expect(error).toContain(`${stack.baseUrl}/api/canvases`);
  });
});

describe('a Stripe redelivery to a webhook trigger', () => {
  it('is answered as a replay of the event, not told to send a new key', async () => {
    // Prepare
    const { registration } = await client.registeredCanvas();
    const eventId = `evt_${Date.now()}`;
    const deliver = (attempt: number) =>
      client.callWebhook({
        secret: registration.webhookSecret,
        headers: { 'Stripe-Signature': `t=${1700000000 + attempt},v1=${'ab'.repeat(32)}` },
        body: { id: eventId, type: 'invoice.paid', object: 'event' },
      });
    const first = await deliver(1);

    // Act
    const again = await deliver(2);

    // Assess
    expect(first.status, first.text).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toMatchObject({
      executionId: first.body.executionId,
      replayed: true,
      provider: 'stripe',
      eventId,
    });
    expect(again.body.message).not.toMatch(/new (idempotency )?key/i);
    expect(again.body.message).toContain(`Stripe delivered event ${eventId} before`);
  });
});

describe('npm run admin -- list-workspaces --local', () => {
  it("lists the running stack's workspaces with the bootstrap one marked", async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(
        join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['scripts/admin.ts', 'list-workspaces', '--local', '--data-dir', stack.local.dataDir],
        { cwd: ROOT },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });

    expect(result.code, result.stderr).toBe(0);
    const line = result.stdout.split('\n').find((row) => row.startsWith(stack.workspaceId));
    expect(line, result.stdout).toBeDefined();
    expect(line).toContain('(bootstrap)');
    expect(line).toMatch(/1 active \/ 1/);
    expect(result.stdout).toMatch(/^workspaceId\s+name\s+created\s+keys\s+members\s+owners/m);
  });
});
