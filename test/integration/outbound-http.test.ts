// integration: SafeOutboundHttp (what the relay and the http-request node send through) against a
// local HTTPS server, with the resolver injected: a host name is judged by every address it resolves
// to, the connection goes to the address that was checked, and TLS is verified (a self-signed
// certificate is trusted only when given as an extra CA).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SafeOutboundHttp } from '#adapters/outbound-http/outbound-http';
import type { ResolveAll } from '#adapters/outbound-http/safe-request';

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CA = readFileSync(join(TLS, 'localhost.crt'), 'utf8');
let server: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = createServer({ key: readFileSync(join(TLS, 'localhost.key')), cert: CA }, (_request, response) => {
    hits++;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const resolverReturning =
  (...addresses: string[]): ResolveAll =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const get = (http: SafeOutboundHttp, url: string) => http.send({ method: 'GET', url, headers: {}, timeoutMs: 2000 });

describe('SafeOutboundHttp', () => {
  it('refuses a name that resolves to a private address, or to a mix of public and private, and sends nothing', async () => {
    const before = hits;
    for (const addresses of [['127.0.0.1'], ['93.184.216.34', '10.1.2.3'], ['::1'], ['169.254.169.254']]) {
      const answer = await get(
        new SafeOutboundHttp({ allowHosts: [], lookup: resolverReturning(...addresses) }),
        `https://rebinding.example:${port}/`,
      );
      expect(answer, addresses.join(',')).toMatchObject({
        ok: false,
        refused: true,
        error: 'url host resolves to a non-public address',
      });
    }
    expect(hits).toBe(before);
  });

  it('connects to the checked address (the allow-listed loopback here) and verifies TLS against the extra CA', async () => {
    const http = new SafeOutboundHttp({
      allowHosts: [`localhost:${port}`],
      extraCa: [CA],
      lookup: resolverReturning('127.0.0.1'),
    });
    const answer = await get(http, `https://localhost:${port}/`);
    expect(answer).toMatchObject({ ok: true, status: 200 });
    expect(Buffer.from((answer as { body: Uint8Array }).body).toString()).toBe('hello');
  });

  it('refuses a certificate it does not trust: the extra CA is what lets the test server in', async () => {
    const http = new SafeOutboundHttp({
      allowHosts: [`localhost:${port}`],
      extraCa: [],
      lookup: resolverReturning('127.0.0.1'),
    });
    const answer = await get(http, `https://localhost:${port}/`);
    expect(answer).toMatchObject({
      ok: false,
      refused: false,
      error: 'connection failed: DEPTH_ZERO_SELF_SIGNED_CERT',
    });
  });
});
