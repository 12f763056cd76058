// integration: the signed URL variants of /webhook/trigger (issue 8 item 7) over HTTP against the whole
// local stack. Each provider's delivery is signed with that provider's own signing helper where one
// exists (GitHub: @octokit/webhooks-methods sign; Stripe: stripe's generateTestHeaderString; Standard
// Webhooks: standardwebhooks' Webhook.sign; Shopify publishes no signing helper outside its app
// framework, so its scheme — base64 HMAC-SHA256 of the body — is computed with node:crypto), using the
// trigger's secret from webhooks/register: valid, tampered, stale (schemes with a timestamp), missing.
import { createHmac } from 'node:crypto';
import { sign as signGithub } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookClient, startRunsStack, unique, type Registration, type RunsStack } from './support/webhooks-stack.ts';

interface SignedRegistration extends Registration {
  signedUrls: Record<'github' | 'stripe' | 'shopify' | 'standard-webhooks', string>;
  standardWebhooksSecret: string;
}

let stack: RunsStack;
let client: WebhookClient;
let canvasId: string;
let hook: SignedRegistration;

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

const nowSeconds = () => Math.floor(Date.now() / 1000);
const TEN_MINUTES = 600;

/** One scheme: how its sender signs a body (at a time, for schemes that carry one). */
interface Scheme {
  scheme: keyof SignedRegistration['signedUrls'];
  provider: string;
  /** Headers of a delivery of `body` with delivery id `id`, signed at `at` (Unix seconds). */
  sign(body: string, id: string, at: number): Promise<Record<string, string>>;
  /** Header names whose absence makes the delivery unsigned. */
  signatureHeaders: string[];
  /** Signing times (seconds from now) the scheme refuses; empty when it signs no timestamp. */
  staleOffsets: number[];
}

const schemes: Scheme[] = [
  {
    scheme: 'github',
    provider: 'github',
    sign: async (body, id) => ({
      'x-github-delivery': id,
      'x-github-event': 'push',
      'x-hub-signature-256': await signGithub(hook.webhookSecret, body),
    }),
    signatureHeaders: ['x-hub-signature-256'],
    staleOffsets: [],
  },
  {
    scheme: 'stripe',
    provider: 'stripe',
    sign: async (body, _id, at) => ({
      'stripe-signature': await Stripe.webhooks.generateTestHeaderStringAsync({
        payload: body,
        secret: hook.webhookSecret,
        timestamp: at,
      }),
    }),
    signatureHeaders: ['stripe-signature'],
    // Stripe's library refuses old timestamps only; the verifier adds the future bound (issue 21 item 10).
    staleOffsets: [-TEN_MINUTES, TEN_MINUTES],
  },
  {
    scheme: 'shopify',
    provider: 'shopify',
    sign: async (body, id) => ({
      'x-shopify-webhook-id': id,
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': createHmac('sha256', hook.webhookSecret).update(body).digest('base64'),
    }),
    signatureHeaders: ['x-shopify-hmac-sha256'],
    staleOffsets: [],
  },
  {
    scheme: 'standard-webhooks',
    provider: 'standard-webhooks',
    sign: async (body, id, at) => ({
      'webhook-id': id,
      'webhook-timestamp': String(at),
      'webhook-signature': new Webhook(hook.standardWebhooksSecret).sign(id, new Date(at * 1000), body),
    }),
    signatureHeaders: ['webhook-signature'],
    staleOffsets: [-TEN_MINUTES, TEN_MINUTES],
  },
];

/** A delivery body; Stripe's event id lives in it. */
const deliveryBody = (id: string) => JSON.stringify({ id, type: 'order.paid', amount: 4200 });

const send = (url: string, headers: Record<string, string>, body: string) =>
  client.callWebhook({
    secret: null,
    search: new URL(url).search,
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

const runCount = async () => (await client.listExecutions(canvasId)).length;

describe('registration', () => {
  it('returns one signed URL per scheme on the base host, naming the trigger by its id, and the Standard Webhooks spelling of the secret', () => {
    expect(Object.keys(hook.signedUrls).sort()).toEqual(['github', 'shopify', 'standard-webhooks', 'stripe']);
    for (const [scheme, url] of Object.entries(hook.signedUrls)) {
      expect(url).toMatch(new RegExp(`^${stack.baseUrl}/webhook/trigger\\?verify=${scheme}&hook=[0-9a-f]{64}$`));
      expect(url).not.toContain(hook.webhookSecret);
    }
    expect(hook.standardWebhooksSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(hook.standardWebhooksSecret.slice(6), 'base64')).toEqual(
      Buffer.from(hook.webhookSecret.slice(6), 'base64url'),
    );
  });
});

describe.each(schemes)('$scheme', ({ scheme, provider, sign, signatureHeaders, staleOffsets }) => {
  it('accepts a delivery signed with the trigger secret: 202, a run with the body as inputs, the provider delivery id as event id', async () => {
    // Prepare
    const id = unique(scheme);
    const body = deliveryBody(id);

    // Act
    const accepted = await send(hook.signedUrls[scheme], await sign(body, id, nowSeconds()), body);

    // Assess
    expect(accepted.status, accepted.text).toBe(202);
    expect(accepted.body).toMatchObject({ ok: true, provider, eventId: id });
    const done = await client.waitForStatus(accepted.body.executionId, 'succeeded', 'failed', 'cancelled');
    expect(done.status, JSON.stringify(done.error)).toBe('succeeded');
    expect(done.inputs).toEqual(JSON.parse(body));
    expect(done.outputs.hook['raw-body-out']).toBe(body);
    expect(done.outputs.hook['url-out']).toBe(hook.signedUrls[scheme]);
  });

  it('answers 401 to a tampered body (signature of another body) and starts no run', async () => {
    // Prepare
    const id = unique(scheme);
    const headers = await sign(deliveryBody(id), id, nowSeconds());
    const before = await runCount();

    // Act
    const answer = await send(hook.signedUrls[scheme], headers, deliveryBody(id).replace('4200', '1'));

    // Assess
    expect(answer.status, answer.text).toBe(401);
    expect(answer.body.error).toMatch(/signature|does not match/i);
    expect(answer.headers.get('www-authenticate')).toBeNull();
    expect(await runCount()).toBe(before);
  });

  it('answers 401 to a signature made with another secret', async () => {
    const id = unique(scheme);
    const body = deliveryBody(id);
    const saved = hook;
    // Another trigger's secret signs: same URL, wrong key.
    const other = (await client.registeredCanvas()).registration as SignedRegistration;
    hook = { ...saved, webhookSecret: other.webhookSecret, standardWebhooksSecret: other.standardWebhooksSecret };
    let headers: Record<string, string>;
    try {
      headers = await sign(body, id, nowSeconds());
    } finally {
      hook = saved;
    }

    const answer = await send(hook.signedUrls[scheme], headers, body);

    expect(answer.status, answer.text).toBe(401);
  });

  const staleness = staleOffsets.length
    ? `signed ${staleOffsets.map((offset) => `${offset} s`).join(' or ')} from now`
    : 'no timestamp in this scheme: a delivery signed ten minutes ago is accepted';
  it(`answers 401 to a correctly signed but stale delivery (${staleness})`, async () => {
    if (staleOffsets.length === 0) {
      const id = unique(scheme);
      const body = deliveryBody(id);
      expect((await send(hook.signedUrls[scheme], await sign(body, id, nowSeconds() - TEN_MINUTES), body)).status).toBe(
        202,
      );
      return;
    }
    for (const offset of staleOffsets) {
      const id = unique(scheme);
      const body = deliveryBody(id);
      const answer = await send(hook.signedUrls[scheme], await sign(body, id, nowSeconds() + offset), body);
      expect(answer.status, answer.text).toBe(401);
      expect(answer.body.error).toMatch(/timestamp|tolerance|too (old|new)/i);
    }
  });

  it('answers 400 naming the header when the signature is missing, even with the secret in a header', async () => {
    // Prepare
    const id = unique(scheme);
    const body = deliveryBody(id);
    const headers = await sign(body, id, nowSeconds());
    for (const name of signatureHeaders) delete headers[name];
    const before = await runCount();

    // Act: the plain URL's credential does not open a signed URL
    const answer = await send(hook.signedUrls[scheme], { ...headers, 'x-webhook-secret': hook.webhookSecret }, body);

    // Assess
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.error).toContain(`Missing ${signatureHeaders[0]}`);
    expect(await runCount()).toBe(before);
  });
});

describe('the signed URL itself', () => {
  const github = async (url: string, extraSearch = '') => {
    const id = unique('gh');
    const body = deliveryBody(id);
    return send(url + extraSearch, await schemes[0]!.sign(body, id, nowSeconds()), body);
  };

  it('answers 400 to ?secret= on a signed URL too', async () => {
    const answer = await github(hook.signedUrls.github, `&secret=${hook.webhookSecret}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/query string/);
  });

  it('answers 400 to an unknown scheme and to a malformed trigger id', async () => {
    const unknownScheme = await github(hook.signedUrls.github.replace('verify=github', 'verify=gitlab'));
    const malformedHook = await github(hook.signedUrls.github.replace(/hook=[0-9a-f]+/, 'hook=xyz'));
    expect(unknownScheme.status).toBe(400);
    expect(unknownScheme.body.error).toMatch(/verify must be one of github, stripe, shopify, standard-webhooks/);
    expect(malformedHook.status).toBe(400);
  });

  it(
    'answers 404 to an unknown trigger id, and to the URL of a revoked trigger; registering again gives a new ' + 'URL',
    async () => {
      // Prepare
      const { canvasId: revokedCanvas, registration } = await client.registeredCanvas();
      const url = (registration as SignedRegistration).signedUrls.github;
      const saved = hook;
      hook = registration as SignedRegistration;
      try {
        expect((await github(url)).status).toBe(202);
        expect((await client.revoke(revokedCanvas)).status).toBe(200);

        // Act
        const revoked = await github(url);
        const unknown = await github(url.replace(/hook=[0-9a-f]+/, `hook=${'0'.repeat(64)}`));
        const again = (await client.registered(revokedCanvas)) as SignedRegistration;

        // Assess
        expect(revoked.status).toBe(404);
        expect(unknown.status).toBe(404);
        expect(again.signedUrls.github).not.toBe(url);
      } finally {
        hook = saved;
      }
    },
  );
});

// Issue 21 item 9: GitHub and Shopify sign the body alone, so the delivery id (and any idempotency
// header) of a captured delivery can be changed at will. Such a delivery is deduplicated on its body.
describe.each([schemes[0]!, schemes[2]!])('$scheme: a captured delivery sent again', ({ scheme, provider, sign }) => {
  it('with a new delivery id is a replay of the first run, not a second run', async () => {
    // Prepare
    const id = unique(scheme);
    const body = deliveryBody(id);
    const headers = await sign(body, id, nowSeconds());
    const first = await send(hook.signedUrls[scheme], headers, body);
    expect(first.status, first.text).toBe(202);
    const before = await runCount();
    const renamed = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, value === id ? unique('forged') : value]),
    );
    expect(renamed).not.toEqual(headers);

    // Act: a new delivery id; then a new id and an Idempotency-Key of the sender's choosing
    const again = await send(hook.signedUrls[scheme], renamed, body);
    const keyed = await send(hook.signedUrls[scheme], { ...renamed, 'idempotency-key': unique('key') }, body);

    // Assess
    for (const answer of [again, keyed]) {
      expect(answer.status, answer.text).toBe(202);
      expect(answer.headers.get('idempotency-replayed')).toBe('true');
      expect(answer.body).toMatchObject({ executionId: first.body.executionId, replayed: true, provider });
    }
    expect(await runCount()).toBe(before);
  });

  it('a different body with the same delivery id is a new run (the signature covers the body)', async () => {
    const id = unique(scheme);
    const first = await send(hook.signedUrls[scheme], await sign(deliveryBody(id), id, nowSeconds()), deliveryBody(id));
    const otherBody = JSON.stringify({ id, type: 'order.paid', amount: 1 });
    const second = await send(hook.signedUrls[scheme], await sign(otherBody, id, nowSeconds()), otherBody);
    expect(first.status).toBe(202);
    expect(second.status, second.text).toBe(202);
    expect(second.body.executionId).not.toBe(first.body.executionId);
  });
});
