// integration: the bodies of calls to /webhook/trigger over HTTP against the whole local stack — the six
// trigger outputs with secrets redacted, body size over the local HTTP front, form bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookClient, Registration } from './support/webhooks-stack.ts';
import {
  EXECUTION_ID,
  runCount,
  startTriggerStack,
  stopTriggerStack,
  type TriggerStack,
} from './support/trigger-stack.ts';

let trigger: TriggerStack;
let client: WebhookClient;
let canvasId: string;
let hook: Registration;

beforeAll(async () => {
  trigger = await startTriggerStack();
  ({ client, canvasId, hook } = trigger);
});

afterAll(async () => stopTriggerStack(trigger ?? {}));

describe('bodies', () => {
  it('accepts a body of exactly 512 KiB over the local HTTP front', async () => {
    // Prepare: a text/plain body of exactly 512 * 1024 bytes
    const body = 'x'.repeat(512 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body.executionId).toMatch(EXECUTION_ID);
  });

  it('accepts a JSON body of exactly 512 KiB over the local HTTP front', async () => {
    // Prepare
    const body = `{"pad":"${'y'.repeat(512 * 1024 - 10)}"}`;
    expect(Buffer.byteLength(body)).toBe(512 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
  });

  it('runs a 100 KiB body (well under the 512 KiB limit) to success', async () => {
    // Prepare: a canvas whose text node does not repeat the body (only the trigger carries it)
    const { registration } = await client.registeredCanvas('size check');
    const body = 'z'.repeat(100 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: registration.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.settled(accepted.body.executionId, 5_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    // Over the 64 KiB inline limit of API responses: the value comes as a download URL of the stored blob.
    const blob = done.outputs.hook['raw-body-out'].blob as { url: string; bytes: number };
    expect(blob.bytes).toBe(Buffer.byteLength(JSON.stringify(body)));
    const download = await fetch(blob.url);
    expect(download.status).toBe(200);
    expect(JSON.parse(await download.text())).toBe(body);
  });

  it('runs a 500 KiB JSON body through hook → text → output to success (values live in the blob store, not the item)', async () => {
    // Prepare
    const raw = JSON.stringify({ pad: 'p'.repeat(500 * 1024 - 10) });

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: raw,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.settled(accepted.body.executionId, 10_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.outputs.hook['body-out'].blob.bytes).toBeGreaterThan(500 * 1024);
  });

  it('runs a 60 KiB JSON body (under the 64 KiB port limit) through hook → text → output to success', async () => {
    // Prepare
    const raw = JSON.stringify({ pad: 'q'.repeat(60 * 1024 - 10) });
    expect(Buffer.byteLength(raw)).toBe(60 * 1024);

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: raw,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    // (runs of small bodies settle well within a second here; this one gets 5 s)
    const done = await client.settled(accepted.body.executionId, 5_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    expect(done.result).toEqual({ out: `Got: ${raw}` });
  });

  it('answers 413 to 512 KiB + 1 byte and starts no run', async () => {
    // Prepare
    const before = await runCount(client, canvasId);
    const body = 'x'.repeat(512 * 1024 + 1);

    // Act
    const refused = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body,
    });

    // Assess
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ error: expect.any(String), code: 'payload_too_large' });
    expect(await runCount(client, canvasId)).toBe(before);
  });

  it('keeps a non-form, non-JSON body raw: empty inputs, body-out and raw-body-out are the text', async () => {
    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'text/plain' },
      body: 'plain text payload',
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.inputs).toEqual({});
    expect(done.outputs.hook['body-out']).toBe('plain text payload');
    expect(done.outputs.hook['raw-body-out']).toBe('plain text payload');
  });

  it('answers 400 to malformed JSON and starts no run', async () => {
    // Prepare
    const before = await runCount(client, canvasId);

    // Act
    const answer = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });

    // Assess
    expect(answer.status).toBe(400);
    expect(await runCount(client, canvasId)).toBe(before);
  });

  it("accepts a JSON body with an integer beyond 2^53, as in Shopify's sample payloads", async () => {
    // Prepare: the order id of Shopify's documented orders/create sample
    const raw = '{"id":820982911946154508,"email":"jon@example.com"}';

    // Act
    const accepted = await client.callWebhook({
      secret: hook.webhookSecret,
      headers: { 'content-type': 'application/json' },
      body: raw,
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.outputs.hook['raw-body-out']).toBe(raw);
  });

  it('makes form fields the workflow inputs ({{inputs.name}} renders them)', async () => {
    // Prepare
    const { registration } = await client.registeredCanvas('Hello {{inputs.name}} ({{inputs.plan}})');

    // Act
    const accepted = await client.callWebhook({
      secret: registration.webhookSecret,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ada+Lovelace&plan=pro',
    });

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed');
    expect(done.status).toBe('succeeded');
    expect(done.inputs).toEqual({ name: 'Ada Lovelace', plan: 'pro' });
    expect(done.result).toEqual({ out: 'Hello Ada Lovelace (pro)' });
    expect(done.outputs.hook['raw-body-out']).toBe('name=Ada+Lovelace&plan=pro');
  });
});
