// integration: deliverCallback against real HTTP receivers on 127.0.0.1 (free ports, closed after
// each test), with injected resolvers standing in for DNS.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLBACK_USER_AGENT, deliverCallback } from '#adapters/outbound-http/deliver';
import { signCallback } from '#core/outbound/signing';

interface Hit {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  localAddress: string | undefined;
}

interface Receiver {
  port: number;
  /** `127.0.0.1:PORT`, the allow-list entry for this receiver. */
  hostPort: string;
  hits: Hit[];
  /** TCP connections accepted, whether or not a request followed. */
  connections: number;
}

const servers: Server[] = [];

// A throwaway self-signed certificate for CN/SAN callback.test (P-256, valid until 2126), made with
// `openssl req -x509 -newkey ec ...` for this test only. Not a secret; trusted by nothing.
const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQghqvV1F5PZWD8JCu4
UPBxVnHWug+04Yq8NpUhF5/2IKOhRANCAASZYnyrbMq2dRNQRN4TioWTfahcy7+C
bfXHToXPKWwKo3lKvFUeTe76y8k4Rtk4PilNWvmt2JxnIUiMha/7iDJt
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBoTCCAUegAwIBAgIUCH1NbuanvTxsEu9War07w4pgjJowCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNY2FsbGJhY2sudGVzdDAgFw0yNjExMjEyMjE2MjhaGA8yMTI2
MTAyODIyMTYyOFowGDEWMBQGA1UEAwwNY2FsbGJhY2sudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABJlifKtsyrZ1E1BE3hOKhZN9qFzLv4Jt9cdOhc8pbAqj
eUq8VR5N7vrLyThG2Tg+KU1a+a3YnGchSIyFr/uIMm2jbTBrMB0GA1UdDgQWBBRu
fDRatV/N9raiONmJR8f/DPnXmDAfBgNVHSMEGDAWgBRufDRatV/N9raiONmJR8f/
DPnXmDAPBgNVHRMBAf8EBTADAQH/MBgGA1UdEQQRMA+CDWNhbGxiYWNrLnRlc3Qw
CgYIKoZIzj0EAwIDSAAwRQIgaTPOJjOcFcSTVxqmtehG6nvCtrCkyjCARO2MHObP
XZACIQDfQSdXIkZcHRoS2WqpdD+QfYvhi7B2prsa0VrT3IVQNw==
-----END CERTIFICATE-----
`,
};

/** Starts an HTTP receiver on a free 127.0.0.1 port; `respond` answers each request (or never does). */
async function startReceiver(
  respond: (hit: Hit, res: ServerResponse) => void = (_hit, res) => res.end(),
): Promise<Receiver> {
  const receiver: Receiver = { port: 0, hostPort: '', hits: [], connections: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const hit = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        localAddress: req.socket.localAddress,
      };
      receiver.hits.push(hit);
      respond(hit, res);
    });
  });
  server.on('connection', () => {
    receiver.connections += 1;
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.hostPort = `127.0.0.1:${receiver.port}`;
  return receiver;
}

/** A resolver spy answering fixed addresses, as dns.promises.lookup(host, { all: true }) would. */
function resolverReturning(...answers: (readonly string[])[]) {
  let call = 0;
  return vi.fn(async (_hostname: string, _options: { all: true }): Promise<LookupAddress[]> => {
    const addresses = answers[Math.min(call, answers.length - 1)]!;
    call += 1;
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
}

/** The receiver's side of v2, written from the spec rather than imported. */
function independentlyVerifies(secret: string, hit: Hit): boolean {
  const timestamp = String(hit.headers['x-service-signature-timestamp']);
  const nonce = String(hit.headers['x-service-signature-nonce']);
  const expected = createHmac('sha256', secret).update(`${timestamp}.${nonce}.${hit.body}`).digest();
  const received = Buffer.from(String(hit.headers['x-service-signature-v2']).replace(/^sha256=/, ''), 'hex');
  return received.length === expected.length && timingSafeEqual(received, expected);
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

describe('deliverCallback', () => {
  it('POSTs the body and signature headers to an allow-listed local receiver', async () => {
    // Prepare
    const receiver = await startReceiver((_hit, res) => res.writeHead(204).end());
    const secret = 'whsec_integration';
    const body = JSON.stringify({ executionId: 'exe_123', status: 'succeeded', output: { text: 'naïve ✓' } });
    const signature = signCallback(secret, body);

    // Act
    const outcome = await deliverCallback({
      url: `http://${receiver.hostPort}/hooks/result?run=exe_123`,
      body,
      headers: { ...signature },
      allowHosts: [receiver.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: true, statusCode: 204, address: '127.0.0.1' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.hits).toHaveLength(1);
    const [hit] = receiver.hits as [Hit];
    expect(hit.path).toBe('/hooks/result?run=exe_123');
    expect(hit.body).toBe(body);
    expect(hit.headers).toMatchObject({
      host: receiver.hostPort,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': CALLBACK_USER_AGENT,
      'x-service-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      'x-service-signature-timestamp': signature['X-Service-Signature-Timestamp'],
      'x-service-signature-nonce': signature['X-Service-Signature-Nonce'],
    });
    expect(independentlyVerifies(secret, hit)).toBe(true);
    expect(JSON.stringify(outcome)).not.toContain(secret);
  });

  it('refuses a name that resolves to a private address, without connecting', async () => {
    // Prepare
    const lookup = resolverReturning(['10.0.0.5']);

    // Act
    const outcome = await deliverCallback({ url: 'https://hooks.example.test/cb', body: '{}', allowHosts: [], lookup });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'callback host resolves to a non-public address' });
    expect(outcome.statusCode).toBeUndefined();
    expect(outcome.address).toBeUndefined();
    expect(outcome.error).not.toContain('10.0.0.5');
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('hooks.example.test', { all: true });
  });

  it('refuses a name resolving to loopback: the listening receiver sees no connection at all', async () => {
    // Prepare
    const receiver = await startReceiver();
    const lookup = resolverReturning(['127.0.0.1']);

    // Act
    const outcome = await deliverCallback({
      url: `https://hooks.example.test:${receiver.port}/cb`,
      body: '{}',
      allowHosts: [],
      lookup,
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'callback host resolves to a non-public address' });
    expect(receiver.connections).toBe(0);
  });

  it('refuses when any one of the resolved addresses is not public', async () => {
    // Prepare
    const receiver = await startReceiver();
    const lookup = resolverReturning(['93.184.216.34', '127.0.0.1']);

    // Act
    const outcome = await deliverCallback({
      url: `https://hooks.example.test:${receiver.port}/cb`,
      body: '{}',
      allowHosts: [],
      lookup,
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'callback host resolves to a non-public address' });
    expect(receiver.connections).toBe(0);
  });

  it('refuses a policy-breaking URL before resolving it', async () => {
    // Prepare
    const receiver = await startReceiver();
    const lookup = resolverReturning(['93.184.216.34']);
    const urls = [
      `https://${receiver.hostPort}/cb`,
      `http://${receiver.hostPort}/cb`,
      `https://[::ffff:7f00:1]:${receiver.port}/`,
      'https://metadata.google.internal/',
    ];

    // Act
    const outcomes = await Promise.all(urls.map((url) => deliverCallback({ url, body: '{}', allowHosts: [], lookup })));

    // Assess
    for (const outcome of outcomes)
      expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/^callbackUrl /) });
    expect(lookup).not.toHaveBeenCalled();
    expect(receiver.connections).toBe(0);
  });

  it('does not follow a 302: recorded as not delivered, the redirect target is never hit', async () => {
    // Prepare
    const target = await startReceiver();
    const redirecting = await startReceiver((_hit, res) =>
      res.writeHead(302, { location: `http://${target.hostPort}/stolen` }).end(),
    );

    // Act
    const outcome = await deliverCallback({
      url: `http://${redirecting.hostPort}/cb`,
      body: '{}',
      allowHosts: [redirecting.hostPort, target.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({
      delivered: false,
      statusCode: 302,
      error: expect.stringMatching(/redirects are not followed/),
    });
    expect(redirecting.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(0);
    expect(target.connections).toBe(0);
  });

  it.each([400, 404, 410, 500, 503])('records a %i answer as not delivered', async (status) => {
    // Prepare
    const receiver = await startReceiver((_hit, res) =>
      res.writeHead(status, { 'content-type': 'text/plain' }).end('nope'),
    );

    // Act
    const outcome = await deliverCallback({
      url: `http://${receiver.hostPort}/cb`,
      body: '{}',
      allowHosts: [receiver.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, statusCode: status, error: `receiver answered ${status}` });
  });

  it('gives up after timeoutMs when the receiver never answers', async () => {
    // Prepare
    const receiver = await startReceiver(() => {
      /* never respond */
    });

    // Act
    const outcome = await deliverCallback({
      url: `http://${receiver.hostPort}/cb`,
      body: '{}',
      timeoutMs: 300,
      allowHosts: [receiver.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'timeout after 300ms' });
    expect(outcome.statusCode).toBeUndefined();
    expect(receiver.hits).toHaveLength(1);
  });

  it('gives up after timeoutMs when the resolver never answers', async () => {
    // Prepare
    const lookup = vi.fn((): Promise<LookupAddress[]> => new Promise(() => {}));

    // Act
    const outcome = await deliverCallback({
      url: 'https://hooks.example.test/cb',
      body: '{}',
      timeoutMs: 300,
      allowHosts: [],
      lookup,
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'timeout after 300ms' });
  });

  it('decides on a 2xx status line even if the receiver then streams a large body', async () => {
    // Prepare
    const receiver = await startReceiver((_hit, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write(Buffer.alloc(256 * 1024, 1)); // and never end
    });

    // Act
    const outcome = await deliverCallback({
      url: `http://${receiver.hostPort}/cb`,
      body: '{}',
      timeoutMs: 5000,
      allowHosts: [receiver.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: true, statusCode: 200 });
    expect(outcome.error).toBeUndefined();
  });

  it('reports a refused connection by its code, without naming the address', async () => {
    // Prepare: a port that was free a moment ago and is now closed.
    const receiver = await startReceiver();
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));

    // Act
    const outcome = await deliverCallback({
      url: `http://${receiver.hostPort}/cb`,
      body: '{}',
      allowHosts: [receiver.hostPort],
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: false, error: 'connection failed: ECONNREFUSED' });
  });

  it('resolves once and dials the checked address, so a rebinding resolver cannot redirect the socket', async () => {
    // Prepare: the receiver listens on 127.0.0.1 only. The resolver answers 127.0.0.1 the first time and
    // 127.0.0.2 after that (a rebind): a second resolution would dial 127.0.0.2 and be refused, and a
    // fallback to the system resolver would fail on the made-up name.
    const receiver = await startReceiver();
    const hostPort = `callback.test:${receiver.port}`;
    const lookup = resolverReturning(['127.0.0.1'], ['127.0.0.2']);

    // Act
    const outcome = await deliverCallback({
      url: `http://${hostPort}/cb`,
      body: '{"ok":true}',
      allowHosts: [hostPort],
      lookup,
    });

    // Assess
    expect(outcome).toMatchObject({ delivered: true, statusCode: 200, address: '127.0.0.1' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('callback.test', { all: true });
    expect(receiver.hits).toHaveLength(1);
    expect(receiver.hits[0]!.localAddress).toBe('127.0.0.1');
    expect(receiver.hits[0]!.headers.host).toBe(hostPort); // Host (and SNI for https) keep the name
  });

  it('speaks TLS to the pinned address with SNI = host name and certificate checks on', async () => {
    // Prepare: an https receiver with a self-signed certificate that records the SNI it is offered.
    const offeredNames: string[] = [];
    const hits: string[] = [];
    const server = createTlsServer(
      {
        ...TEST_TLS,
        SNICallback: (servername, done) => {
          offeredNames.push(servername);
          done(null, undefined);
        },
      },
      (req, res) => {
        hits.push(req.url ?? '');
        res.end();
      },
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const hostPort = `callback.test:${(server.address() as AddressInfo).port}`;
    const lookup = resolverReturning(['127.0.0.1'], ['127.0.0.2']);

    // Act
    const outcome = await deliverCallback({
      url: `https://${hostPort}/cb`,
      body: '{}',
      allowHosts: [hostPort],
      lookup,
    });

    // Assess: the handshake reached our receiver under the right name, and the untrusted certificate
    // was refused (no request sent).
    expect(offeredNames).toEqual(['callback.test']);
    expect(outcome).toMatchObject({ delivered: false, error: 'connection failed: DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(hits).toHaveLength(0);
  });
});
