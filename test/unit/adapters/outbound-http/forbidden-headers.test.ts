// unit: one list of request headers a caller may not set, enforced in both places. Before issue 32 the
// http-call schema and the sending adapter each kept a list, and they had drifted (the adapter let
// `proxy-authorization` and `expect` through). Every header either list held is checked here against
// both: the schema refuses it, and the adapter does not send the caller's value.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpCallHeaders } from '#core/outbound/http-call';
import { safeRequest } from '#adapters/outbound-http/safe-request';

// The two lists as they stood (history, written out on purpose: the test must not read the list it checks).
const HTTP_CALL_LIST_BEFORE = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'proxy-authorization',
  'te',
  'trailer',
  'expect',
];
const SAFE_REQUEST_LIST_BEFORE = [
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
];
const EITHER = [...new Set([...HTTP_CALL_LIST_BEFORE, ...SAFE_REQUEST_LIST_BEFORE])];
const PROBE = 'caller-chosen-probe';

let received: IncomingHttpHeaders[] = [];
const server = createServer((request, response) => {
  received.push(request.headers);
  request.resume();
  request.on('end', () => response.end('ok'));
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe('forbidden request headers', () => {
  it.each(EITHER)('the http-call schema refuses %s, in any case', (name) => {
    // Act
    const lower = HttpCallHeaders.safeParse({ [name]: PROBE });
    const upper = HttpCallHeaders.safeParse({ [name.toUpperCase()]: PROBE });
    // Assess
    expect(lower.success).toBe(false);
    expect(upper.success).toBe(false);
  });

  it.each(EITHER)('the sending adapter does not send a caller-set %s', async (name) => {
    // Prepare
    received = [];
    // Act
    const answer = await safeRequest({
      method: 'POST',
      url: `http://${origin}/hook`,
      headers: { [name.toUpperCase()]: PROBE, 'x-kept': 'yes' },
      body: '{}',
      timeoutMs: 5_000,
      maxResponseBytes: 1024,
      overflow: 'fail',
      allowHosts: [origin],
      userAgent: 'forbidden-headers-test',
    });
    // Assess
    expect(answer.ok).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]!['x-kept']).toBe('yes');
    expect(received[0]![name]).not.toBe(PROBE);
  });
});
