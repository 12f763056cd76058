// integration: a workspace's own callback signing secret (issue 21 item 7) through the real route, the
// real sender and DynamoDB Local, with callbacks delivered to a receiver on 127.0.0.1. With one
// deployment secret any workspace's callback verified at any workspace's receiver; with its own secret
// a workspace's callbacks verify with that secret and no other. Rotation overlap with a pinned clock.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialCipher } from '#adapters/credentials/cipher';
import { table } from '#adapters/dynamodb/client';
import { callbackSecrets } from '#adapters/dynamodb/callback-secret-repository';
import { ENV } from '#adapters/env';
import { callbackSignatureHeaders, HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { setCallbackSigningSecret } from '#core/outbound/callback-secrets';
import { verifyCallbackSignature } from '#core/outbound/signing';
import type { Principal } from '#core/keys/api-key';
import { tempFolders } from '../support/temp-folders.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const newFolder = tempFolders('callback-signing-secrets');
const DEPLOYMENT_SECRET = 'deployment-wide-callback-secret-0123456789';

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let receiverUrl: string;
let hostPort: string;
const hits: Hit[] = [];

beforeAll(async () => {
  process.env[ENV.credentialsMasterKeyFile] = path.join(newFolder(), 'credentials-master.key');
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hostPort = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiverUrl = `http://${hostPort}/callbacks`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

const rotate = (apiKey: string, body: Record<string, unknown> = { action: 'rotate' }) =>
  call('POST', '/api/mcp/callbacks/signing-secret', { key: apiKey, body });

function sender(now: () => number = Date.now) {
  return new HttpCallbackSender({
    allowHosts: [hostPort],
    signing: { clock: { now: () => new Date(now()) }, deploymentSecret: async () => DEPLOYMENT_SECRET },
  });
}

/** Sends a callback of `workspaceId` and returns what the receiver got. */
async function deliver(workspaceId: string, send = sender()): Promise<Hit> {
  const before = hits.length;
  const outcome = await send.send(receiverUrl, {
    executionId: 'exe_1',
    workspaceId,
    status: 'succeeded',
    result: 'ok',
  });
  expect(outcome).toMatchObject({ delivered: true });
  expect(hits).toHaveLength(before + 1);
  return hits.at(-1)!;
}

const verifies = (secret: string, hit: Hit, now?: number) =>
  verifyCallbackSignature(secret, hit.body, hit.headers as Record<string, string>, now === undefined ? {} : { now })
    .valid;

describe("a workspace's own callback signing secret", () => {
  it(
    "signs that workspace's callbacks: " +
      'they verify with its ' +
      'secret, not with another ' +
      "workspace's nor the " +
      "deployment's",
    async () => {
      // Prepare
      const a = await seedWorkspace('A');
      const b = await seedWorkspace('B');
      const rotatedA = await rotate(a.apiKey);
      const rotatedB = await rotate(b.apiKey);
      expect(rotatedA.status, JSON.stringify(rotatedA.body)).toBe(200);
      const secretA: string = rotatedA.body.secret;
      const secretB: string = rotatedB.body.secret;
      expect(secretA).toMatch(/^cbsec_[A-Za-z0-9_-]{43}$/);
      expect(secretB).not.toBe(secretA);
      expect(rotatedA.body).toMatchObject({
        workspaceId: a.workspaceId,
        signedWith: 'workspace',
        current: { hint: `cbsec_…${secretA.slice(-4)}` },
        previous: null,
      });

      // Act
      const toA = await deliver(a.workspaceId);
      const toB = await deliver(b.workspaceId);

      // Assess
      expect(JSON.parse(toA.body).workspaceId).toBe(a.workspaceId);
      expect(verifies(secretA, toA)).toBe(true);
      expect(verifies(secretB, toA)).toBe(false);
      expect(verifies(DEPLOYMENT_SECRET, toA)).toBe(false);
      expect(verifies(secretB, toB)).toBe(true);
      expect(verifies(secretA, toB)).toBe(false);
      // One signature per header outside a rotation overlap.
      expect(toA.headers['x-service-signature-v2']).toMatch(/^sha256=[0-9a-f]{64}$/);
    },
  );

  it("a workspace without one is signed with the deployment's secret; clear returns to it", async () => {
    const c = await seedWorkspace('C');
    expect(verifies(DEPLOYMENT_SECRET, await deliver(c.workspaceId))).toBe(true);
    const { secret } = (await rotate(c.apiKey)).body;
    expect(verifies(DEPLOYMENT_SECRET, await deliver(c.workspaceId))).toBe(false);
    const cleared = await rotate(c.apiKey, { action: 'clear' });
    expect(cleared.body).toMatchObject({ signedWith: 'deployment', current: null, previous: null });
    const after = await deliver(c.workspaceId);
    expect(verifies(DEPLOYMENT_SECRET, after)).toBe(true);
    expect(verifies(secret, after)).toBe(false);
  });

  it('is shown once: show answers hints only, and the table holds no plaintext', async () => {
    const d = await seedWorkspace('D');
    const { secret } = (await rotate(d.apiKey)).body;
    const shown = await rotate(d.apiKey, { action: 'show' });
    expect(shown.status).toBe(200);
    expect(shown.body.secret).toBeUndefined();
    expect(JSON.stringify(shown.body)).not.toContain(secret.slice(6));
    expect(shown.body.current.hint).toBe(`cbsec_…${secret.slice(-4)}`);
    const { client, tableName } = table();
    // Every page: the table is shared with the whole integration run, far past one Scan page (1 MB).
    const Items: Record<string, unknown>[] = [];
    for await (const page of paginateScan({ client }, { TableName: tableName })) Items.push(...(page.Items ?? []));
    const serialised = JSON.stringify(Items, (_key, value: unknown) =>
      value instanceof Uint8Array ? Buffer.from(value).toString('latin1') : value,
    );
    expect(serialised).toContain(`"SK":"CBSECRET"`);
    expect(serialised).not.toContain(secret.slice(6));
  });

  it('refuses an overlap beyond a week with 400', async () => {
    const e = await seedWorkspace('E');
    const answer = await rotate(e.apiKey, { action: 'rotate', overlapSeconds: 8 * 24 * 3600 });
    expect(answer.status).toBe(400);
  });
});

describe('rotation with overlap (pinned clock)', () => {
  it('signs with both secrets during the overlap, then with the new one alone', async () => {
    // Prepare: a secret drawn at t0, replaced a month later with a one-hour overlap
    const { workspaceId } = await seedWorkspace('R');
    const principal = { workspaceId } as Principal;
    let now = Date.UTC(2026, 0, 1);
    const clock = { now: () => new Date(now) };
    const deps = { callbackSecrets, cipher: credentialCipher, clock };
    const first = await setCallbackSigningSecret(principal, { action: 'rotate' }, deps);
    now += 30 * 24 * 3600_000;
    const rotatedAt = now;
    const second = await setCallbackSigningSecret(principal, { action: 'rotate', overlapSeconds: 3600 }, deps);
    expect(second.previous).toMatchObject({
      hint: first.current!.hint,
      signsUntil: new Date(rotatedAt + 3600_000).toISOString(),
    });
    const send = sender(() => now);

    // Act: ten minutes into the overlap, then a second after it ended
    now = rotatedAt + 10 * 60_000;
    const during = await deliver(workspaceId, send);
    now = rotatedAt + 3600_000 + 1000;
    const after = await deliver(workspaceId, send);

    // Assess
    expect(during.headers['x-service-signature-v2']).toMatch(/^sha256=[0-9a-f]{64} sha256=[0-9a-f]{64}$/);
    expect(during.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64} sha256=[0-9a-f]{64}$/);
    expect(verifies(second.secret!, during, rotatedAt + 10 * 60_000)).toBe(true);
    expect(verifies(first.secret!, during, rotatedAt + 10 * 60_000)).toBe(true);
    expect(after.headers['x-service-signature-v2']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifies(second.secret!, after, now)).toBe(true);
    expect(verifies(first.secret!, after, now)).toBe(false);
    expect((await setCallbackSigningSecret(principal, { action: 'show' }, deps)).previous).toBeNull();
  });

  it('with overlapSeconds 0 drops the replaced secret at once', async () => {
    const { workspaceId } = await seedWorkspace('R0');
    const principal = { workspaceId } as Principal;
    const deps = { callbackSecrets, cipher: credentialCipher, clock: { now: () => new Date() } };
    const first = await setCallbackSigningSecret(principal, { action: 'rotate' }, deps);
    const second = await setCallbackSigningSecret(principal, { action: 'rotate', overlapSeconds: 0 }, deps);
    expect(second.previous).toBeNull();
    const body = JSON.stringify({ workspaceId });
    const headers: Record<string, string> = {
      ...(await callbackSignatureHeaders(workspaceId, body, {
        callbackSecrets,
        cipher: credentialCipher,
        clock: deps.clock,
        deploymentSecret: async () => undefined,
      })),
    };
    expect(verifyCallbackSignature(second.secret!, body, headers).valid).toBe(true);
    expect(verifyCallbackSignature(first.secret!, body, headers).valid).toBe(false);
  });
});
