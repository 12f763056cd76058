// unit: an incoming webhook call taken apart (functions/core/webhooks/request.ts) — the secret, the
// body and its size limit, the six trigger ports with secrets removed. Provider hints and idempotency:
// request-keys.test.ts.
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError, ValidationError } from '#core/errors';
import {
  WEBHOOK_MAX_BODY_BYTES,
  parseWebhookBody,
  triggerPorts,
  webhookSecretOf,
  type WebhookCall,
} from '#core/webhooks/request';

const SECRET = 'whsec_unit-test-secret';

/** A call as the trigger route builds it: header names lower-cased. */
function call(overrides: Partial<WebhookCall> = {}): WebhookCall {
  return {
    method: 'POST',
    url: 'https://hooks.example.com/webhook/trigger',
    headers: {},
    query: {},
    body: Buffer.alloc(0),
    ...overrides,
  };
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json' },
  body: Buffer.from(JSON.stringify(value)),
});

describe('webhookSecretOf', () => {
  it('takes the secret from Authorization: Bearer', () => {
    expect(webhookSecretOf(call({ headers: { authorization: `Bearer ${SECRET}` } }))).toBe(SECRET);
  });

  it('accepts the Bearer scheme in any case', () => {
    expect(webhookSecretOf(call({ headers: { authorization: `bearer ${SECRET}` } }))).toBe(SECRET);
  });

  it('takes the secret from x-webhook-secret', () => {
    expect(webhookSecretOf(call({ headers: { 'x-webhook-secret': SECRET } }))).toBe(SECRET);
  });

  it('refuses ?secret= with 400 (ValidationError), even when a valid header is present', () => {
    // Prepare
    const withHeader = call({ headers: { authorization: `Bearer ${SECRET}` }, query: { secret: SECRET } });
    const alone = call({ query: { secret: SECRET } });
    const empty = call({ headers: { 'x-webhook-secret': SECRET }, query: { secret: '' } });

    // Act + Assess
    for (const candidate of [withHeader, alone, empty]) {
      expect(() => webhookSecretOf(candidate)).toThrow(ValidationError);
    }
  });

  it('does not echo the secret in the ?secret= error message', () => {
    // Act
    let message = '';
    try {
      webhookSecretOf(call({ query: { secret: SECRET } }));
    } catch (error) {
      message = (error as Error).message;
    }

    // Assess
    expect(message).not.toBe('');
    expect(message).not.toContain(SECRET);
  });

  it('refuses a call without a secret with 400 (ValidationError)', () => {
    const missing: Record<string, string>[] = [
      {},
      { authorization: 'Bearer ' },
      { authorization: 'Basic abc' },
      { 'x-webhook-secret': '   ' },
    ];
    for (const headers of missing) {
      expect(() => webhookSecretOf(call({ headers })), JSON.stringify(headers)).toThrow(ValidationError);
    }
  });
});

describe('parseWebhookBody', () => {
  it('makes a JSON object the inputs and re-serialises it as body-out', () => {
    // Act
    const parsed = parseWebhookBody(json({ order: 42, customer: { name: 'Ada' } }));

    // Assess
    expect(parsed.inputs).toEqual({ order: 42, customer: { name: 'Ada' } });
    expect(JSON.parse(parsed.bodyOut)).toEqual({ order: 42, customer: { name: 'Ada' } });
    expect(parsed.callbackUrl).toBeUndefined();
    expect(parsed.idempotencyKey).toBeUndefined();
  });

  it('treats +json media types and a JSON object without a content type as JSON', () => {
    // Act
    const vendor = parseWebhookBody({
      headers: { 'content-type': 'application/vnd.api+json; charset=utf-8' },
      body: Buffer.from('{"a":1}'),
    });
    const untyped = parseWebhookBody({ headers: {}, body: Buffer.from(' {"b":2}') });

    // Assess
    expect(vendor.inputs).toEqual({ a: 1 });
    expect(untyped.inputs).toEqual({ b: 2 });
  });

  it('parses application/x-www-form-urlencoded, a repeated field becoming an array', () => {
    // Prepare
    const body = Buffer.from('name=Ada+Lovelace&tag=a&tag=b&tag=c&note=caf%C3%A9');

    // Act
    const parsed = parseWebhookBody({
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });

    // Assess
    expect(parsed.inputs).toEqual({ name: 'Ada Lovelace', tag: ['a', 'b', 'c'], note: 'café' });
    expect(JSON.parse(parsed.bodyOut)).toEqual(parsed.inputs);
  });

  it('keeps other content types raw: empty inputs, body-out is the text', () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/octet-stream']) {
      // Act
      const parsed = parseWebhookBody({
        headers: { 'content-type': contentType },
        body: Buffer.from('<a>{"not":"parsed"}</a>'),
      });

      // Assess
      expect(parsed.inputs, contentType).toEqual({});
      expect(parsed.bodyOut).toBe('<a>{"not":"parsed"}</a>');
      expect(parsed.callbackUrl).toBeUndefined();
    }
  });

  it('gives empty inputs and an empty body-out for an empty body', () => {
    expect(parseWebhookBody({ headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0) })).toEqual({
      inputs: {},
      bodyOut: '',
    });
    expect(parseWebhookBody({ headers: {}, body: Buffer.alloc(0) })).toEqual({ inputs: {}, bodyOut: '' });
  });

  it('refuses malformed JSON with 400 (ValidationError)', () => {
    for (const text of ['{"a":', '{a:1}', "{'a':1}"]) {
      expect(
        () => parseWebhookBody({ headers: { 'content-type': 'application/json' }, body: Buffer.from(text) }),
        text,
      ).toThrow(ValidationError);
    }
  });

  it('strips callbackUrl from the inputs and from body-out, and returns it apart', () => {
    // Act
    const parsed = parseWebhookBody(json({ event: 'paid', callbackUrl: 'https://hooks.example.com/cb' }));

    // Assess
    expect(parsed.callbackUrl).toBe('https://hooks.example.com/cb');
    expect(parsed.inputs).toEqual({ event: 'paid' });
    expect(parsed.bodyOut).not.toContain('callbackUrl');
    expect(JSON.parse(parsed.bodyOut)).toEqual({ event: 'paid' });
  });

  it('strips callbackUrl from a form body too', () => {
    // Act
    const parsed = parseWebhookBody({
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.from(`a=1&callbackUrl=${encodeURIComponent('https://hooks.example.com/cb')}`),
    });

    // Assess
    expect(parsed.callbackUrl).toBe('https://hooks.example.com/cb');
    expect(parsed.inputs).toEqual({ a: '1' });
  });

  it('refuses a callbackUrl that is not a string with 400', () => {
    expect(() => parseWebhookBody(json({ callbackUrl: 42 }))).toThrow(ValidationError);
  });

  it('picks up the body idempotencyKey (and keeps it in the inputs)', () => {
    // Act
    const parsed = parseWebhookBody(json({ idempotencyKey: 'order-42', n: 1 }));

    // Assess
    expect(parsed.idempotencyKey).toBe('order-42');
    expect(parsed.inputs).toEqual({ idempotencyKey: 'order-42', n: 1 });
  });

  it('accepts exactly 512 KiB and refuses one byte more with 413 (PayloadTooLargeError)', () => {
    // Prepare: JSON bodies of exactly the limit and the limit + 1
    expect(WEBHOOK_MAX_BODY_BYTES).toBe(512 * 1024);
    const padded = (size: number) => Buffer.from(`{"pad":"${'x'.repeat(size - '{"pad":""}'.length)}"}`);
    const atLimit = padded(512 * 1024);
    const overLimit = padded(512 * 1024 + 1);
    expect(atLimit.length).toBe(512 * 1024);
    expect(overLimit.length).toBe(512 * 1024 + 1);

    // Act
    const parsed = parseWebhookBody({ headers: { 'content-type': 'application/json' }, body: atLimit });

    // Assess
    expect((parsed.inputs.pad as string).length).toBe(512 * 1024 - 10);
    expect(() => parseWebhookBody({ headers: { 'content-type': 'application/json' }, body: overLimit })).toThrow(
      PayloadTooLargeError,
    );
    expect(() =>
      parseWebhookBody({ headers: { 'content-type': 'text/plain' }, body: Buffer.alloc(512 * 1024 + 1, 0x61) }),
    ).toThrow(PayloadTooLargeError);
  });

  it('counts bytes, not characters (multi-byte UTF-8 over the limit is refused)', () => {
    // Prepare: 200 000 three-byte characters = 600 000 bytes, fewer than 512 Ki characters
    const body = Buffer.from('€'.repeat(200_000), 'utf8');

    // Act + Assess
    expect(() => parseWebhookBody({ headers: { 'content-type': 'text/plain' }, body })).toThrow(PayloadTooLargeError);
  });
});

describe('triggerPorts', () => {
  const received = call({
    method: 'PATCH',
    url: 'https://hooks.example.com/webhook/trigger?source=crm&secret=leaked&x=1',
    headers: {
      authorization: `Bearer ${SECRET}`,
      cookie: `session=${SECRET}`,
      'x-webhook-secret': SECRET,
      'content-type': 'application/json',
      'x-custom': 'kept',
    },
    query: { source: 'crm', secret: 'leaked', x: '1' },
    body: Buffer.from('{"a":1,"callbackUrl":"https://hooks.example.com/cb"}'),
  });

  it('puts the method, the URL without the secret parameter, and the query without the secret on their ports', () => {
    // Act
    const ports = triggerPorts(received, '{"a":1}');

    // Assess
    expect(ports['method-out']).toBe('PATCH');
    expect(ports['url-out']).toBe('https://hooks.example.com/webhook/trigger?source=crm&x=1');
    expect(JSON.parse(ports['query-out'])).toEqual({ source: 'crm', x: '1' });
  });

  it('redacts the authorization, cookie and x-webhook-secret headers and keeps the others', () => {
    // Act
    const ports = triggerPorts(received, '{"a":1}');

    // Assess
    const headers = JSON.parse(ports['headers-out']);
    expect(headers).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-webhook-secret': '[redacted]',
      'content-type': 'application/json',
      'x-custom': 'kept',
    });
    expect(JSON.stringify(ports)).not.toContain(SECRET);
    expect(JSON.stringify(ports)).not.toContain('leaked');
  });

  it('carries body-out as given and raw-body-out exactly as received', () => {
    // Act
    const ports = triggerPorts(received, '{"a":1}');

    // Assess
    expect(ports['body-out']).toBe('{"a":1}');
    expect(ports['raw-body-out']).toBe('{"a":1,"callbackUrl":"https://hooks.example.com/cb"}');
    expect(Object.keys(ports).sort()).toEqual([
      'body-out',
      'headers-out',
      'method-out',
      'query-out',
      'raw-body-out',
      'url-out',
    ]);
  });

  it('gives the full url-out and {} for the query when there is none', () => {
    // Act
    const ports = triggerPorts(call({ method: 'GET', url: 'https://hooks.example.com/webhook/trigger' }), '');

    // Assess
    expect(ports).toEqual({
      'method-out': 'GET',
      'url-out': 'https://hooks.example.com/webhook/trigger',
      'headers-out': '{}',
      'query-out': '{}',
      'body-out': '',
      'raw-body-out': '',
    });
  });
});
