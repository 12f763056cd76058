// integration: the life of a webhook trigger over HTTP against the whole local stack — register
// (create or retrieve), scope and workspace isolation, revoke, the status row in canvas state,
// clean-up when the node is deleted or retyped or the canvas is deleted. The per-trigger rate limit:
// webhooks-rate-limit.test.ts.
//
// WEBHOOK_RATE_LIMIT_PER_MINUTE is read once per cold start, so this file sets it (to 3) before
// startLocalMode. Every test here therefore calls any one trigger at most 3 times (calls refused
// before the limiter — unknown secret, trigger gone — do not count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  otherWorkspace,
  startLimitedWebhookStack,
  type RunsStack,
  type WebhookClient,
} from './support/webhooks-stack.ts';

const LIMIT = 3;

let stack: RunsStack;
let client: WebhookClient;

beforeAll(async () => {
  ({ stack, client } = await startLimitedWebhookStack(LIMIT));
});

afterAll(async () => {
  await stack?.stop();
});

const NOT_CONFIGURED = {
  configuration: 'Not configured',
  execution: 'Idle',
  lastTriggeredAt: null,
  lastExecutionId: null,
};

describe('register', () => {
  it('creates a webhook (201): URL on the base host ending /webhook/trigger, secret, ready Bearer header, created: true', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();

    // Act
    const answer = await client.register(canvasId);

    // Assess
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      webhookUrl: `${stack.baseUrl}/webhook/trigger`,
      webhookSecret: expect.stringMatching(/^\S{32,}$/),
      triggerNodeId: 'hook',
      created: true,
    });
    expect(answer.body.webhookUrl.endsWith('/webhook/trigger')).toBe(true);
    expect(answer.body.webhookAuthorizationHeader).toBe(`Bearer ${answer.body.webhookSecret}`);

    // Assess: the URL and header work as given
    const called = await fetch(answer.body.webhookUrl, {
      method: 'POST',
      headers: { authorization: answer.body.webhookAuthorizationHeader, 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(called.status).toBe(202);
  });

  it('retrieves the existing webhook on a repeat (created: false, same secret)', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();
    const first = await client.register(canvasId);

    // Act
    const again = await client.register(canvasId);

    // Assess
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, created: false });
  });

  it('creates one webhook for five concurrent registrations of the same node', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();

    // Act
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.register(canvasId)));

    // Assess
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.body.created === true)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.body.webhookSecret)).size).toBe(1);
    expect((await client.callWebhook({ secret: answers[0]!.body.webhookSecret, body: { raced: true } })).status).toBe(
      202,
    );
  });

  it('gives each trigger node its own secret', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();
    await client.addNode(canvasId, { id: 'hook2', type: 'webhook-trigger' });

    // Act
    const one = await client.registered(canvasId, 'hook');
    const two = await client.registered(canvasId, 'hook2');

    // Assess
    expect(two.webhookSecret).not.toBe(one.webhookSecret);
  });

  it('answers 400 for a node that is not a webhook trigger, and 404 for a missing node', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();

    // Act
    const text = await client.register(canvasId, 'tpl');
    const missing = await client.register(canvasId, 'nope');

    // Assess
    expect(text.status).toBe(400);
    expect(text.body).toEqual({ error: expect.any(String), code: 'validation_failed' });
    expect(missing.status).toBe(404);
  });

  it("answers 404 for another workspace's canvas", async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();
    const other = await otherWorkspace();

    // Act
    const answer = await client.register(canvasId, 'hook', other.apiKey);

    // Assess
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: expect.any(String), code: 'not_found' });
    expect(await client.statusRow(canvasId)).toEqual(NOT_CONFIGURED);
  });

  it('answers 403 to a key without write:canvas', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();
    const created = await client.post('/api/mcp/api-keys/create', {
      name: 'read only',
      scopes: ['read:canvases', 'run:workflows'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const readOnlyKey = created.body.key ?? created.body.apiKey;
    expect(readOnlyKey, JSON.stringify(created.body)).toEqual(expect.any(String));

    // Act
    const answer = await client.register(canvasId, 'hook', readOnlyKey);

    // Assess
    expect(answer.status).toBe(403);
    expect(answer.body.error).toContain('write:canvas');
  });
});

describe('revoke', () => {
  it('invalidates the secret at once, returns the node to Not configured, and a new registration gets a fresh secret', async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { before: 'revoke' } })).status).toBe(
      202,
    );

    // Act
    const revoked = await client.revoke(canvasId);
    const afterRevoke = await client.callWebhook({ secret: registration.webhookSecret, body: { after: 'revoke' } });
    const row = await client.statusRow(canvasId);
    const again = await client.register(canvasId);

    // Assess
    expect(revoked.status).toBe(200);
    expect(afterRevoke.status).toBe(404);
    expect(afterRevoke.body).toEqual({ error: 'Unknown webhook secret', code: 'not_found' });
    expect(row).toEqual(NOT_CONFIGURED);
    expect(again.status).toBe(201);
    expect(again.body.created).toBe(true);
    expect(again.body.webhookSecret).not.toBe(registration.webhookSecret);
    expect((await client.callWebhook({ secret: again.body.webhookSecret, body: { fresh: true } })).status).toBe(202);
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { old: true } })).status).toBe(404);
  });

  it('is harmless twice, like revoking a key: a node without a webhook answers 200 wasRegistered false', async () => {
    // Prepare
    const { canvasId } = await client.registeredCanvas();
    const never = await client.webhookCanvas();

    // Act
    const first = await client.revoke(canvasId);
    const second = await client.revoke(canvasId);
    const unregistered = await client.revoke(never);

    // Assess
    expect(first).toMatchObject({
      status: 200,
      body: { revoked: true, wasRegistered: true, canvasId, triggerNodeId: 'hook' },
    });
    expect(second).toMatchObject({
      status: 200,
      body: { revoked: true, wasRegistered: false, canvasId, triggerNodeId: 'hook' },
    });
    expect(unregistered).toMatchObject({ status: 200, body: { revoked: true, wasRegistered: false } });
  });

  it('answers 404 for a node or canvas that does not exist', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();

    // Act
    const noNode = await client.revoke(canvasId, 'ghost');
    const noCanvas = await client.revoke('cnv_00000000000000000000000000');

    // Assess
    expect(noNode).toMatchObject({ status: 404, body: { error: expect.stringContaining('ghost') } });
    expect(noCanvas.status).toBe(404);
  });
});

describe('status row in canvas state', () => {
  it('goes Not configured → Ready/Idle → Ready/Running|Triggered → Ready/Triggered with the last run', async () => {
    // Prepare
    const canvasId = await client.webhookCanvas();

    // Act + Assess: before registration
    expect(await client.statusRow(canvasId)).toEqual(NOT_CONFIGURED);
    const state = await client.get('/api/mcp/canvas/state', { canvasId });
    expect(state.body.nodes.find((node: { id: string }) => node.id === 'tpl').webhook).toBeUndefined();

    // Act + Assess: registered
    const registration = await client.registered(canvasId);
    expect(await client.statusRow(canvasId)).toEqual({
      configuration: 'Ready',
      execution: 'Idle',
      lastTriggeredAt: null,
      lastExecutionId: null,
    });

    // Act + Assess: called
    const accepted = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } });
    expect(accepted.status).toBe(202);
    const { executionId } = accepted.body;
    const called = await client.statusRow(canvasId);
    expect(called).toMatchObject({
      configuration: 'Ready',
      lastExecutionId: executionId,
      lastTriggeredAt: expect.any(String),
    });
    expect(['Running', 'Triggered']).toContain(called.execution);

    // Act + Assess: the run finished
    const done = await client.waitForStatus(executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    const finished = await client.statusRow(canvasId);
    expect(finished).toEqual({
      configuration: 'Ready',
      execution: 'Triggered',
      lastTriggeredAt: called.lastTriggeredAt,
      lastExecutionId: executionId,
    });
    // Recorded once the run was accepted: not before the execution was created
    expect(Date.parse(finished.lastTriggeredAt)).toBeGreaterThanOrEqual(Date.parse(done.createdAt));
  });

  it('shows Ready/Error after a run that fails (a text node rendering over the 1 MiB port limit)', async () => {
    // Prepare: the template repeats the body 100 times, so a 20 KB body renders ~2 MB
    const { canvasId, registration } = await client.registeredCanvas('{{input}}'.repeat(100));

    // Act
    const accepted = await client.callWebhook({
      secret: registration.webhookSecret,
      body: { pad: 'p'.repeat(20_000) },
    });
    expect(accepted.status).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');

    // Assess
    expect(done.status).toBe('failed');
    expect(done.error).toMatchObject({ nodeId: 'tpl' });
    expect(await client.statusRow(canvasId)).toMatchObject({
      configuration: 'Ready',
      execution: 'Error',
      lastExecutionId: accepted.body.executionId,
    });
  });

  it('is back to Triggered after a later successful call', async () => {
    // Prepare: a failing run first (the 20 KB body is rendered 100 times: ~2 MB)
    const { canvasId, registration } = await client.registeredCanvas('{{input}}'.repeat(100));
    const failing = await client.callWebhook({ secret: registration.webhookSecret, body: { pad: 'p'.repeat(20_000) } });
    await client.waitForStatus(failing.body.executionId, 'failed');
    expect((await client.statusRow(canvasId)).execution).toBe('Error');

    // Act: a small body renders well under the limit
    const small = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } });
    await client.waitForStatus(small.body.executionId, 'succeeded');

    // Assess
    expect(await client.statusRow(canvasId)).toMatchObject({
      configuration: 'Ready',
      execution: 'Triggered',
      lastExecutionId: small.body.executionId,
    });
  });
});

describe('clean-up', () => {
  it('makes further calls 404 once the node is deleted, also after a node of the same id is added back', async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } })).status).toBe(202);

    // Act
    const deleted = await client.post('/api/mcp/canvas/node/delete', { canvasId, nodeId: 'hook' });
    const afterDelete = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 2 } });
    await client.addNode(canvasId, { id: 'hook', type: 'webhook-trigger' });
    const afterReAdd = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 3 } });

    // Assess
    expect(deleted.status).toBe(200);
    expect(afterDelete.status).toBe(404);
    expect(afterReAdd.status).toBe(404);
    expect(await client.statusRow(canvasId)).toEqual(NOT_CONFIGURED);
    const fresh = await client.register(canvasId);
    expect(fresh.status).toBe(201);
    expect(fresh.body.webhookSecret).not.toBe(registration.webhookSecret);
  });

  it('makes further calls 404 once the node is retyped (edges permitting), also after retyping it back', async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();

    // Act: the body-out → text-in edge would break, so the type change is refused at first
    const refused = await client.post('/api/mcp/canvas/node/update', { canvasId, nodeId: 'hook', type: 'prompt' });
    const stillWorks = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } });
    const edgeGone = await client.post('/api/mcp/canvas/edge/delete', { canvasId, edgeId: 'e1' });
    const retyped = await client.post('/api/mcp/canvas/node/update', { canvasId, nodeId: 'hook', type: 'prompt' });
    const afterRetype = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 2 } });
    const registerPrompt = await client.register(canvasId);
    const back = await client.post('/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: 'hook',
      type: 'webhook-trigger',
    });
    const afterBack = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 3 } });

    // Assess
    expect(refused.status).toBe(400);
    expect(stillWorks.status).toBe(202);
    expect(edgeGone.status, JSON.stringify(edgeGone.body)).toBe(200);
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    expect(afterRetype.status).toBe(404);
    expect(registerPrompt.status).toBe(400);
    expect(back.status).toBe(200);
    expect(afterBack.status).toBe(404);
    expect(await client.statusRow(canvasId)).toEqual(NOT_CONFIGURED);
  });

  it('makes further calls 404 once the canvas is deleted', async () => {
    // Prepare
    const { canvasId, registration } = await client.registeredCanvas();
    expect((await client.callWebhook({ secret: registration.webhookSecret, body: { n: 1 } })).status).toBe(202);

    // Act
    const deleted = await client.post('/api/mcp/canvas/delete', { canvasId });
    const afterDelete = await client.callWebhook({ secret: registration.webhookSecret, body: { n: 2 } });

    // Assess
    expect(deleted.status).toBe(200);
    expect(afterDelete.status).toBe(404);
  });
});
