// integration: provider-chosen signing secrets on a trigger's signed URLs (issue 8 item 7) over HTTP
// against the whole local stack. Stripe and Shopify sign with secrets they choose, so the workspace
// stores them per scheme: Stripe's own `whsec_…` (signed here with stripe's generateTestHeaderString,
// as Stripe's servers sign) and a Shopify store key. Covered: the stored secret verifies and the
// trigger's own then does not; clearing falls back; the plaintext is in no stored item and no answer;
// shape checks; another workspace's key cannot set it; a revoked trigger forgets it.
import { createHmac, randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WebhookClient,
  otherWorkspace,
  startRunsStack,
  unique,
  wholeTable,
  type Registration,
  type RunsStack,
} from './support/webhooks-stack.ts';

interface SignedRegistration extends Registration {
  canvasId: string;
  signedUrls: Record<'github' | 'stripe' | 'shopify' | 'standard-webhooks', string>;
}

let stack: RunsStack;
let client: WebhookClient;
let canvasId: string;
let hook: SignedRegistration;

const STRIPE_ENDPOINT_SECRET = `whsec_${randomBytes(24).toString('hex')}`;
const SHOPIFY_STORE_KEY = randomBytes(32).toString('hex');

beforeAll(async () => {
  stack = await startRunsStack();
  client = new WebhookClient(stack.baseUrl, stack.key);
  const registered = await client.registeredCanvas('Got: {{input}}');
  canvasId = registered.canvasId;
  hook = registered.registration as SignedRegistration;
});

afterAll(async () => {
  await stack?.stop();
});

const setSecret = (scheme: string, secret: string | null, key?: string) =>
  client.request('POST', '/api/mcp/webhooks/signing-secret', {
    body: { canvasId, triggerNodeId: 'hook', scheme, secret },
    key,
  });

const stripeDelivery = async (secret: string) => {
  const id = unique('evt');
  const body = JSON.stringify({ id, type: 'checkout.session.completed', object: 'event' });
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload: body, secret });
  return client.callWebhook({
    secret: null,
    search: new URL(hook.signedUrls.stripe).search,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
};

const shopifyDelivery = (secret: string) => {
  const id = unique('shopify');
  const body = JSON.stringify({ id, total_price: '42.00' });
  const signature = createHmac('sha256', secret).update(body).digest('base64');
  return client.callWebhook({
    secret: null,
    search: new URL(hook.signedUrls.shopify).search,
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': signature,
      'x-shopify-webhook-id': id,
      'x-shopify-topic': 'orders/create',
    },
    body,
  });
};

describe('a stored Stripe endpoint secret', () => {
  it('is accepted, answered only as a masked hint, and from then on verifies the Stripe URL instead of the trigger secret', async () => {
    // Act
    const stored = await setSecret('stripe', STRIPE_ENDPOINT_SECRET);

    // Assess: the answer names the source per scheme and never the secret
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.signingSecrets.stripe).toMatchObject({
      source: 'provider',
      hint: `whsec_…${STRIPE_ENDPOINT_SECRET.slice(-4)}`,
    });
    expect(stored.body.signingSecrets.github).toEqual({ source: 'trigger' });
    expect(JSON.stringify(stored.body)).not.toContain(STRIPE_ENDPOINT_SECRET.slice(6));

    const signedByStripe = await stripeDelivery(STRIPE_ENDPOINT_SECRET);
    expect(signedByStripe.status, signedByStripe.text).toBe(202);
    expect(signedByStripe.body).toMatchObject({ provider: 'stripe' });
    const done = await client.waitForStatus(signedByStripe.body.executionId, 'succeeded', 'failed', 'cancelled');
    expect(done.status).toBe('succeeded');

    const signedWithTriggerSecret = await stripeDelivery(hook.webhookSecret);
    expect(signedWithTriggerSecret.status, signedWithTriggerSecret.text).toBe(401);
  });

  it('is stored sealed: no item of the table holds the plaintext', async () => {
    const everything = await wholeTable(stack.local.dynamodb.endpoint);
    expect(everything).toContain('signingSecrets');
    expect(everything).not.toContain(STRIPE_ENDPOINT_SECRET);
    expect(everything).not.toContain(STRIPE_ENDPOINT_SECRET.slice(6));
  });

  it('leaves the other schemes on the trigger secret', async () => {
    const signature = createHmac('sha256', hook.webhookSecret).update('{"id":"o-1"}').digest('base64');
    const answer = await client.callWebhook({
      secret: null,
      search: new URL(hook.signedUrls.shopify).search,
      headers: {
        'content-type': 'application/json',
        'x-shopify-hmac-sha256': signature,
        'x-shopify-webhook-id': unique('o'),
      },
      body: '{"id":"o-1"}',
    });
    expect(answer.status, answer.text).toBe(202);
  });

  it('cleared with null, the trigger secret verifies Stripe deliveries again and the stored one does not', async () => {
    const cleared = await setSecret('stripe', null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.signingSecrets.stripe).toEqual({ source: 'trigger' });

    expect((await stripeDelivery(hook.webhookSecret)).status).toBe(202);
    expect((await stripeDelivery(STRIPE_ENDPOINT_SECRET)).status).toBe(401);
  });
});

describe('a stored Shopify store key', () => {
  it('verifies X-Shopify-Hmac-Sha256 made with that key', async () => {
    expect((await setSecret('shopify', SHOPIFY_STORE_KEY)).status).toBe(200);

    const answer = await shopifyDelivery(SHOPIFY_STORE_KEY);
    expect(answer.status, answer.text).toBe(202);
    expect((await shopifyDelivery(hook.webhookSecret)).status).toBe(401);

    expect((await setSecret('shopify', null)).status).toBe(200);
  });
});

describe('bad input and other callers', () => {
  it.each([
    ['stripe', 'sk_live_not_a_signing_secret', /provider's signing secret/],
    ['stripe', 'whsec_short', /provider's signing secret/],
    ['standard-webhooks', 'not-whsec', /provider's signing secret/],
    ['shopify', 'has spaces in it, too many', /printable ASCII/],
    ['paypal', 'whsec_abcdefabcdefabcdefabcdef', /scheme/],
  ])('%s with %j → 400 naming the problem, nothing stored', async (scheme, secret, message) => {
    const answer = await setSecret(scheme, secret);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
    const everything = await wholeTable(stack.local.dynamodb.endpoint);
    expect(everything).not.toContain(secret);
  });

  it('404 for a node without a registered webhook', async () => {
    const answer = await client.request('POST', '/api/mcp/webhooks/signing-secret', {
      body: { canvasId, triggerNodeId: 'not-a-node', scheme: 'stripe', secret: STRIPE_ENDPOINT_SECRET },
    });
    expect(answer.status).toBe(404);
  });

  it("404 for another workspace's key: it cannot see, let alone set, this trigger's secrets", async () => {
    const other = await otherWorkspace();
    const answer = await setSecret('stripe', STRIPE_ENDPOINT_SECRET, other.apiKey);
    expect(answer.status).toBe(404);
    expect((await stripeDelivery(STRIPE_ENDPOINT_SECRET)).status).toBe(401);
  });

  it('a revoked and re-registered trigger starts with no stored secret', async () => {
    expect((await setSecret('stripe', STRIPE_ENDPOINT_SECRET)).status).toBe(200);
    expect((await client.revoke(canvasId)).status).toBe(200);
    hook = (await client.registered(canvasId)) as SignedRegistration;

    const answer = await setSecret('github', 'a-github-secret-123');
    expect(answer.body.signingSecrets.stripe).toEqual({ source: 'trigger' });
    expect((await stripeDelivery(STRIPE_ENDPOINT_SECRET)).status).toBe(401);
    expect((await stripeDelivery(hook.webhookSecret)).status).toBe(202);
  });
});
