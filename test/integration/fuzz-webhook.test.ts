// Bad input, generated, at /webhook/trigger (every method; authenticated by the trigger's secret) over
// the local stack: generated methods, secrets (header, Bearer, odd spellings, none, ?secret=), bodies
// (JSON of any shape, form fields, bytes, broken JSON, odd content types), query strings and headers
// (huge and odd idempotency keys, provider delivery ids). Properties: never a 5xx; a refusal is
// `{ "error": string }`; a refused call writes nothing but its rate-limit count.
// A fixed number of cases and a fixed seed (test/integration/support/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { FuzzFixtures } from './support/fuzz-fixtures.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { expectHonestAnswer, fc, fuzzParameters, send, type FuzzRequest } from './support/fuzz.ts';
import {
  anyString,
  contentType,
  extraHeaders,
  jsonValue,
  queryStrings,
  rawJsonValue,
} from './support/fuzz-arbitraries.ts';
import { StoreWatch } from './support/fuzz-store.ts';

let stack: RunsStack;
let fixtures: FuzzFixtures;
let secret: string;

beforeAll(async () => {
  // Every generated call counts against the trigger's rate limit; the limit itself is tested elsewhere.
  stack = await startRunsStack({ [ENV.webhookRateLimit]: '100000' });
  const client = new Client(stack.baseUrl, stack.key);
  fixtures = await new FuzzFixtures(client).start();
  const canvasId = await fixtures.canvas();
  // fixtures.canvas() registered `hook` already; registering again hands out the same secret.
  const registration = await client.post('/api/mcp/webhooks/register', { canvasId, triggerNodeId: 'hook' });
  expect(registration.status, JSON.stringify(registration.body)).toBe(200);
  secret = registration.body.webhookSecret;
});
afterAll(async () => stack?.stop());

/** Rate windows count every call, accepted or not: that write is the limiter's job, not a partial write. */
const isRateWindow = (key: string) => key.includes('|RATE#');

describe('generated calls to /webhook/trigger', () => {
  it('never a 5xx, refusals are { error }, a refused call writes nothing', async () => {
    const methods = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('POST', 'PUT', 'PATCH', 'GET', 'DELETE') },
      { weight: 1, arbitrary: fc.constantFrom('OPTIONS', 'HEAD', 'TRACE', 'PROPFIND') },
    );
    const secrets = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom<[string, string]>(
          ['authorization', `Bearer ${secret}`],
          ['x-webhook-secret', secret],
        ),
      },
      {
        weight: 2,
        arbitrary: fc.constantFrom<[string, string] | undefined>(
          undefined,
          ['authorization', `bearer ${secret}`],
          ['authorization', `Bearer ${secret}x`],
          ['authorization', `Basic ${secret}`],
          ['authorization', 'Bearer'],
          ['x-webhook-secret', ` ${secret} `],
          ['x-webhook-secret', ''],
          ['x-webhook-secret', secret.slice(0, -1)],
          ['authorization', `Bearer ${stack.key}`],
        ),
      },
    );
    const form = fc
      .array(
        fc.tuple(
          anyString.filter((name) => name !== '' && !name.includes('=')),
          anyString,
        ),
        { maxLength: 5 },
      )
      .map((pairs) => ({
        body: new URLSearchParams(pairs).toString(),
        type: 'application/x-www-form-urlencoded' as string | undefined,
      }));
    const json = fc.oneof(
      jsonValue(4).map((value) => JSON.stringify(value) ?? 'null'),
      fc
        .dictionary(
          anyString.filter((name) => name !== ''),
          jsonValue(3),
          { maxKeys: 5 },
        )
        .map((value) => JSON.stringify(value)),
      fc.constantFrom(
        '{"callbackUrl":5}',
        '{"callbackUrl":"http://169.254.169.254/"}',
        '{"callbackUrl":"not a url"}',
        '{"idempotencyKey":7}',
        '{"secret":"x"}',
        '{',
        '[',
        '{"a":1}x',
        '\uFEFF{}',
      ),
      rawJsonValue.filter((text) => !/e-3\d\d|\{""/.test(text)),
    );
    const bodies = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          body: json,
          type: fc.constantFrom<string | undefined>('application/json', 'application/vnd.x+json', undefined),
        }),
      },
      { weight: 2, arbitrary: form },
      {
        weight: 1,
        arbitrary: fc.record({
          body: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
          type: contentType.filter((type) => type === undefined || !/json|form-urlencoded/.test(type)),
        }),
      },
      { weight: 1, arbitrary: fc.constant({ body: undefined, type: undefined }) },
    );
    const requests = fc
      .record({
        method: methods,
        secret: secrets,
        body: bodies,
        query: queryStrings({ source: 'crm' }, ['secret', 'source']),
        extras: extraHeaders,
        delivery: fc.option(
          fc.tuple(
            fc.constantFrom('x-github-delivery', 'webhook-id', 'x-request-id', 'x-shopify-webhook-id'),
            fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/),
          ),
        ),
      })
      .map(({ method, secret, body, query, extras, delivery }): FuzzRequest => {
        const headers: Record<string, string | string[]> = Object.fromEntries(extras);
        if (secret) headers[secret[0]] = secret[1];
        if (body.type !== undefined) headers['content-type'] = body.type;
        if (delivery) headers[delivery[0]] = delivery[1];
        return {
          method,
          path: `/webhook/trigger${query}`,
          headers,
          body:
            body.body === undefined
              ? undefined
              : Buffer.isBuffer(body.body)
                ? body.body
                : Buffer.from(body.body, 'utf8'),
        };
      });
    const watch = new StoreWatch({ ignore: isRateWindow, bucket: true });
    await watch.reset();

    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const answer = await send(stack.baseUrl, request);
        // A HEAD answer has no body to hold `{ error }`: only its status says anything.
        if (request.method === 'HEAD') expect(answer.status).toBeLessThan(500);
        else expectHonestAnswer(request, answer);
        await watch.afterAnswer(request, answer, () => fixtures.settle(answer.json));
      }),
      fuzzParameters('webhook-trigger', 2 * Number(process.env.FUZZ_RUNS ?? 25)),
    );
  }, 120_000);
});
