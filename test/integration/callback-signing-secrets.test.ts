// integration: a workspace's own callback signing secret (issue 21 item 7; every workspace has one by
// default, issue 31 item 3) through the real route, the real sender and DynamoDB Local, with callbacks
// delivered to a receiver on 127.0.0.1 and checked by the verifier docs/callbacks.md shows (the standardwebhooks
// library). With one deployment secret any workspace's callback verified at any workspace's receiver; with
// its own secret a workspace's callbacks verify with that secret and no other. Rotation overlap with a
// pinned clock; the X-Service-Signature headers receivers verify today are still covered.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { credentialCipher } from '#adapters/composition/credentials';
import { table } from '#adapters/dynamodb/client';
import { readServiceKey } from '#adapters/composition/service-key';
import { callbackSecrets } from '#adapters/composition/stores';
import { ENV } from '#adapters/env';
import { callbackSignatureHeaders, HttpCallbackSender } from '#adapters/outbound-http/callback-sender';
import { setCallbackSigningSecret } from '#core/outbound/callback-secrets';
import {
  signCallback,
  signStandardWebhook,
  standardWebhooksSecret,
  verifyCallbackSignature,
} from '#core/outbound/signing';
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
  // As local mode and AWS always have one: the workspaces' default secrets derive from it.
  process.env[ENV.serviceRootKey] = randomBytes(32).toString('base64url');
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

/** The X-Service-Signature-V2 check receivers wrote from the docs before the workspaces' own secrets. */
const verifies = (secret: string, hit: Hit, now?: number) =>
  verifyCallbackSignature(secret, hit.body, hit.headers as Record<string, string>, now === undefined ? {} : { now })
    .valid;

/**
 * The receiver docs/callbacks.md shows: `new Webhook(whsec).verify(rawBody, headers)`, at the receiver's clock
 * `at` (the library reads Date.now(), so only Date is faked, and only for the check).
 */
function receiverAccepts(whsec: string, hit: Pick<Hit, 'body' | 'headers'>, at?: number): boolean {
  if (at !== undefined) vi.useFakeTimers({ toFake: ['Date'], now: at });
  try {
    new Webhook(whsec).verify(hit.body, hit.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

const reveal = (apiKey: string) => rotate(apiKey, { action: 'reveal' });

describe("a workspace's own callback signing secret", () => {
  it("signs that workspace's callbacks: they verify with its secret, not with another workspace's nor the deployment's", async () => {
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
      current: { hint: `cbsec_…${secretA.slice(-4)}`, derived: false },
      // Its default secret keeps signing, as a second signature, for the default overlap.
      previous: { derived: true },
      standardWebhooksSecret: standardWebhooksSecret(secretA),
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
    expect(receiverAccepts(rotatedA.body.standardWebhooksSecret, toA)).toBe(true);
    expect(receiverAccepts(rotatedB.body.standardWebhooksSecret, toA)).toBe(false);
    // The drawn secret alone in the older headers, from the first rotate on (as before).
    expect(toA.headers['x-service-signature-v2']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it("without a drawn secret the X-Service-Signature headers keep the deployment's secret alone (receivers that verify them today keep working); clear returns to it", async () => {
    const c = await seedWorkspace('C');
    const before = await deliver(c.workspaceId);
    expect(verifies(DEPLOYMENT_SECRET, before)).toBe(true);
    // Byte for byte what such a receiver compared: one v1 and one v2 signature, nothing else in them.
    expect(before.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(before.headers['x-service-signature-v2']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const { secret } = (await rotate(c.apiKey)).body;
    expect(verifies(DEPLOYMENT_SECRET, await deliver(c.workspaceId))).toBe(false);
    const cleared = await rotate(c.apiKey, { action: 'clear' });
    expect(cleared.body).toMatchObject({ signedWith: 'deployment', current: { derived: true }, previous: null });
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

describe("every workspace's default callback secret (issue 31 item 3)", () => {
  const title =
    "a receiver holding workspace A's secret cannot verify B's callback, nor forge one B's receiver accepts";
  it(title, async () => {
    // Prepare: two workspaces that never drew a secret, on a deployment with a shared secret
    const a = await seedWorkspace('A default');
    const b = await seedWorkspace('B default');
    const revealedA = await reveal(a.apiKey);
    const revealedB = await reveal(b.apiKey);
    expect(revealedA.status, JSON.stringify(revealedA.body)).toBe(200);
    expect(revealedA.body).toMatchObject({
      workspaceId: a.workspaceId,
      current: { derived: true },
      defaultShown: true,
    });
    const whsecA: string = revealedA.body.standardWebhooksSecret;
    const whsecB: string = revealedB.body.standardWebhooksSecret;
    expect(revealedA.body.secret).toMatch(/^cbsec_[A-Za-z0-9_-]{43}$/);
    expect(whsecA).toBe(standardWebhooksSecret(revealedA.body.secret));
    expect(whsecB).not.toBe(whsecA);

    // Act: B's real callback; and one "from B" made by A's receiver with every secret it holds
    const toB = await deliver(b.workspaceId);
    const forgedBody = JSON.stringify({ executionId: 'exe_forged', workspaceId: b.workspaceId, status: 'succeeded' });
    const forged = {
      body: forgedBody,
      headers: {
        ...signCallback(DEPLOYMENT_SECRET, forgedBody),
        ...signStandardWebhook([revealedA.body.secret, DEPLOYMENT_SECRET], forgedBody),
      },
    };

    // Assess
    expect(receiverAccepts(whsecB, toB)).toBe(true);
    expect(receiverAccepts(whsecA, toB)).toBe(false);
    expect(receiverAccepts(whsecB, forged as unknown as Hit)).toBe(false);
    expect(receiverAccepts(whsecA, await deliver(a.workspaceId))).toBe(true);
  });

  it('a callback whose timestamp is older than 5 minutes is refused by the documented verifier', async () => {
    // Prepare: a callback signed now and the same receiver 6 minutes later (a captured callback replayed)
    const w = await seedWorkspace('Replay');
    const { standardWebhooksSecret: whsec } = (await reveal(w.apiKey)).body;
    const sentAt = Date.UTC(2026, 5, 1, 12);
    const hit = await deliver(
      w.workspaceId,
      sender(() => sentAt),
    );

    // Act + Assess
    expect(Number(hit.headers['webhook-timestamp'])).toBe(sentAt / 1000);
    expect(hit.headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9_-]{22}$/);
    expect(receiverAccepts(whsec, hit, sentAt + 60_000)).toBe(true);
    expect(receiverAccepts(whsec, hit, sentAt + 6 * 60_000)).toBe(false);
  });

  it('reveal answers the default secret once; show answers hints only; nothing of it is stored', async () => {
    const w = await seedWorkspace('Reveal');
    const before = await rotate(w.apiKey, { action: 'show' });
    expect(before.body).toMatchObject({ current: { derived: true, createdAt: null }, defaultShown: false });
    const first = await reveal(w.apiKey);
    const second = await reveal(w.apiKey);
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(JSON.stringify(second.body)).not.toContain(first.body.secret.slice(6));
    const shown = await rotate(w.apiKey, { action: 'show' });
    expect(shown.body).toMatchObject({
      current: { hint: `cbsec_…${first.body.secret.slice(-4)}` },
      defaultShown: true,
    });
    expect(shown.body.secret).toBeUndefined();
    // A clear and another reveal do not show it again either.
    await rotate(w.apiKey);
    await rotate(w.apiKey, { action: 'clear' });
    expect((await reveal(w.apiKey)).status).toBe(409);
  });
});

describe('rotation with overlap (pinned clock)', () => {
  it('signs with both secrets during the overlap, then with the new one alone', async () => {
    // Prepare: a secret drawn at t0, replaced a month later with a one-hour overlap
    const { workspaceId } = await seedWorkspace('R');
    const principal = { workspaceId } as Principal;
    let now = Date.UTC(2026, 0, 1);
    const clock = { now: () => new Date(now) };
    const deps = { callbackSecrets, cipher: credentialCipher, clock, serviceKey: readServiceKey };
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
    expect(during.headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(receiverAccepts(second.standardWebhooksSecret!, during, rotatedAt + 10 * 60_000)).toBe(true);
    expect(receiverAccepts(first.standardWebhooksSecret!, during, rotatedAt + 10 * 60_000)).toBe(true);
    expect(receiverAccepts(second.standardWebhooksSecret!, after, now)).toBe(true);
    expect(receiverAccepts(first.standardWebhooksSecret!, after, now)).toBe(false);
    expect((await setCallbackSigningSecret(principal, { action: 'show' }, deps)).previous).toBeNull();
  });

  it("a workspace's first rotate keeps its default secret signing for the overlap, then drops it", async () => {
    // Prepare: the default shown to a receiver, then a rotate with a one-hour overlap
    const { workspaceId } = await seedWorkspace('R default');
    const principal = { workspaceId } as Principal;
    let now = Date.UTC(2026, 2, 1);
    const deps = {
      callbackSecrets,
      cipher: credentialCipher,
      clock: { now: () => new Date(now) },
      serviceKey: readServiceKey,
    };
    const revealed = await setCallbackSigningSecret(principal, { action: 'reveal' }, deps);
    const rotatedAt = now;
    const rotated = await setCallbackSigningSecret(principal, { action: 'rotate', overlapSeconds: 3600 }, deps);
    expect(rotated.previous).toMatchObject({ derived: true, hint: revealed.current.hint });
    const send = sender(() => now);

    // Act
    now = rotatedAt + 59 * 60_000;
    const during = await deliver(workspaceId, send);
    now = rotatedAt + 61 * 60_000;
    const after = await deliver(workspaceId, send);

    // Assess
    expect(receiverAccepts(revealed.standardWebhooksSecret!, during, rotatedAt + 59 * 60_000)).toBe(true);
    expect(receiverAccepts(rotated.standardWebhooksSecret!, during, rotatedAt + 59 * 60_000)).toBe(true);
    expect(receiverAccepts(revealed.standardWebhooksSecret!, after, now)).toBe(false);
    expect(receiverAccepts(rotated.standardWebhooksSecret!, after, now)).toBe(true);
  });

  it('with overlapSeconds 0 drops the replaced secret at once', async () => {
    const { workspaceId } = await seedWorkspace('R0');
    const principal = { workspaceId } as Principal;
    const deps = {
      callbackSecrets,
      cipher: credentialCipher,
      clock: { now: () => new Date() },
      serviceKey: readServiceKey,
    };
    const first = await setCallbackSigningSecret(principal, { action: 'rotate' }, deps);
    const second = await setCallbackSigningSecret(principal, { action: 'rotate', overlapSeconds: 0 }, deps);
    expect(second.previous).toBeNull();
    const body = JSON.stringify({ workspaceId });
    const headers: Record<string, string> = {
      ...(await callbackSignatureHeaders(workspaceId, body, {
        callbackSecrets,
        cipher: credentialCipher,
        clock: deps.clock,
        serviceKey: readServiceKey,
        deploymentSecret: async () => undefined,
      })),
    };
    expect(verifyCallbackSignature(second.secret!, body, headers).valid).toBe(true);
    expect(verifyCallbackSignature(first.secret!, body, headers).valid).toBe(false);
  });
});
