// integration: the webhook relay (issue 12 item 5) over HTTP against the whole local stack, forwarding
// to a local HTTPS server whose self-signed certificate only this test trusts (OUTBOUND_EXTRA_CA_FILE,
// ignored in Lambda) and which the local allow-list exempts from the public-address rule. Credentials
// (service token, a member's session, a workspace key refused), what is forwarded and answered, and
// the outbound rules (redirects, size cap, deadline, forbidden headers, refused URLs).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveRelayToken } from '#core/outbound/relay';
import { encodeAccountId } from '#core/oauth/tokens';
import { startRunsStack, type RunsStack } from './support/runs-stack.ts';

const TLS = join(import.meta.dirname, '../support/fixtures/tls');
const CERT = join(TLS, 'localhost.crt');

let stack: RunsStack;
let target: Server;
let targetOrigin: string;
let serviceToken: string;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  target = createServer(
    { key: readFileSync(join(TLS, 'localhost.key')), cert: readFileSync(CERT) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({
          method: request.method!,
          url: request.url!,
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        if (request.url === '/redirect')
          return void response.writeHead(302, { location: `${targetOrigin}/final` }).end();
        if (request.url === '/big')
          return void response.writeHead(200, { 'content-type': 'text/plain' }).end('x'.repeat(1024 * 1024 + 1));
        if (request.url === '/slow') return; // never answers
        if (request.url === '/binary')
          return void response
            .writeHead(200, { 'content-type': 'image/png' })
            .end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
        response.writeHead(201, { 'content-type': 'application/json', 'x-target': 'yes' });
        response.end(JSON.stringify({ method: request.method, body: Buffer.concat(chunks).toString('utf8') }));
      });
    },
  );
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetOrigin = `https://127.0.0.1:${(target.address() as AddressInfo).port}`;
  stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: new URL(targetOrigin).host, OUTBOUND_EXTRA_CA_FILE: CERT });
  serviceToken = deriveRelayToken(process.env.SERVICE_ROOT_KEY!);
});

afterAll(async () => {
  target?.closeAllConnections();
  await new Promise((resolve) => target?.close(resolve));
  await stack?.stop();
  delete process.env.OUTBOUND_EXTRA_CA_FILE;
});

const relay = async (body: unknown, token: string | null = serviceToken) => {
  const response = await fetch(`${stack.baseUrl}/api/webhook-relay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

/** An access token of the app host's authorization server for a member, stored as oidc-provider stores it. */
async function sessionToken(workspaceId: string, userId: string, scope = 'run:workflows'): Promise<string> {
  const { DynamoOAuthAdapter } = await import('#adapters/dynamodb/oauth-store');
  const token = `oat_${randomBytes(32).toString('base64url')}`;
  const exp = Math.floor(Date.now() / 1000) + 900;
  const payload = {
    accountId: encodeAccountId(userId, workspaceId),
    clientId: 'app',
    grantId: `grant_${randomUUID()}`,
    scope,
    aud: `${stack.local.appUrl}/api/mcp`,
    exp,
    kind: 'AccessToken',
  };
  await new DynamoOAuthAdapter('AccessToken').upsert(token, payload, 900);
  return token;
}

describe('who may relay', () => {
  it('the service token: forwards method, headers and body over HTTPS and answers the target status, headers and body', async () => {
    // Act
    const answer = await relay({
      method: 'PUT',
      url: `${targetOrigin}/orders?id=7`,
      headers: { 'content-type': 'application/json', 'x-trace': 't-1' },
      body: '{"n":1}',
    });

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ status: 201, bodyEncoding: 'utf8', headers: { 'x-target': 'yes' } });
    expect(JSON.parse(answer.body.body)).toEqual({ method: 'PUT', body: '{"n":1}' });
    const received = seen.at(-1)!;
    expect(received).toMatchObject({ method: 'PUT', url: '/orders?id=7', body: '{"n":1}' });
    expect(received.headers).toMatchObject({ 'x-trace': 't-1', 'user-agent': 'workspace-automation-outbound/1' });
    expect(received.headers.authorization).toBeUndefined();
  });

  it("a member's signed-in session with run:workflows", async () => {
    const { seedWorkspace } = await import('./support/invoke.ts');
    const owner = await seedWorkspace('Relay members');
    expect(
      (await relay({ url: `${targetOrigin}/ping` }, await sessionToken(owner.workspaceId, owner.ownerUserId))).status,
    ).toBe(200);
    expect(
      (
        await relay(
          { url: `${targetOrigin}/ping` },
          await sessionToken(owner.workspaceId, owner.ownerUserId, 'read:canvases'),
        )
      ).status,
    ).toBe(403);
    expect(
      (await relay({ url: `${targetOrigin}/ping` }, await sessionToken(owner.workspaceId, 'usr_not_a_member'))).status,
    ).toBe(401);
  });

  it.each([
    ['a workspace key', () => stack.key, 403, /Workspace keys cannot use the webhook relay/],
    ['no credential', () => null, 401, /Missing credential/],
    ['a forged relay token', () => `relay_${randomBytes(32).toString('base64url')}`, 401, /Invalid relay token/],
    ['a webhook secret', () => `whsec_${randomBytes(32).toString('base64url')}`, 401, /Invalid credential/],
  ])('%s is refused before anything is sent', async (_label, token, status, message) => {
    const before = seen.length;
    const answer = await relay({ url: `${targetOrigin}/should-not-arrive` }, token());
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
    expect(seen.length).toBe(before);
  });
});

describe('the outbound rules', () => {
  it('answers a redirect without following it', async () => {
    const answer = await relay({ method: 'GET', url: `${targetOrigin}/redirect` });
    expect(answer.body).toMatchObject({ status: 302, headers: { location: `${targetOrigin}/final` } });
    expect(seen.some((request) => request.url === '/final')).toBe(false);
  });

  it('refuses a response over the cap with 502', async () => {
    const answer = await relay({ method: 'GET', url: `${targetOrigin}/big` });
    expect(answer.status).toBe(502);
    expect(answer.body.error).toMatch(/larger than 1048576 bytes/);
  });

  it('gives up at timeoutMs with 504', async () => {
    const answer = await relay({ method: 'GET', url: `${targetOrigin}/slow`, timeoutMs: 1000 });
    expect(answer.status).toBe(504);
    expect(answer.body.error).toMatch(/timeout after 1000ms/);
  });

  it('answers a binary body as base64', async () => {
    const answer = await relay({ method: 'GET', url: `${targetOrigin}/binary` });
    expect(answer.body).toMatchObject({
      status: 200,
      bodyEncoding: 'base64',
      body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]).toString('base64'),
    });
  });

  it.each([
    ['host', { host: 'internal.example' }],
    ['proxy-authorization', { 'proxy-authorization': 'Basic eA==' }],
    ['transfer-encoding', { 'Transfer-Encoding': 'chunked' }],
  ])('refuses the %s header (400)', async (_name, headers) => {
    const answer = await relay({ url: `${targetOrigin}/x`, headers });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/set by the service/);
  });

  // The callback matrix (test/unit/core/outbound/url-policy.test.ts, test/integration/outbound-delivery.test.ts)
  // applies unchanged; these are its classes as the relay's callers meet them.
  it.each([
    ['plain http', 'http://example.com/hook', /url must use https/],
    ['loopback', 'https://127.0.0.1:1/hook', /url must point to a public host/],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data/', /url must point to a public host/],
    ['private network', 'https://10.0.0.8/hook', /url must point to a public host/],
    ['IPv6 loopback', 'https://[::1]/hook', /url must point to a public host/],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/hook', /url must point to a public host/],
    ['numeric IPv4 spelling', 'https://2130706433/hook', /url must point to a public host/],
    ['localhost', 'https://localhost/hook', /url must point to a public host/],
    ['credentials in the URL', 'https://user:pw@example.com/hook', /url must not contain credentials/],
    ['not a URL', 'hook', /url must be a valid absolute URL/],
  ])('refuses %s with 400', async (_label, url, message) => {
    const answer = await relay({ url });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(message);
  });
});
