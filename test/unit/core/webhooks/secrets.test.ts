// unit: webhook secrets (functions/core/webhooks/secrets.ts) — derived from the service key and a
// per-registration salt, never stored: registration keeps only the SHA-256 hash and the salt.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebhookRepository } from '#core/ports';
import type { WebhookTrigger } from '#core/webhooks/model';
import { WEBHOOK_SECRET_PREFIX, deriveWebhookSecret, hashWebhookSecret, newSalt } from '#core/webhooks/secrets';
import { registerWebhook, revokeWebhook, type WebhookDeps } from '#core/webhooks/use-cases';
import { emptyCanvas, node } from '../../support/canvases.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { principal } from '../../support/principals.ts';

const KEY = 'service-key-for-unit-tests';
const identity = { workspaceId: 'ws_test', canvasId: 'cnv_test', triggerNodeId: 'hook', salt: 'salt-one' };

describe('deriveWebhookSecret', () => {
  it('is deterministic: the same key, trigger and salt give the same secret', () => {
    expect(deriveWebhookSecret(KEY, identity)).toBe(deriveWebhookSecret(KEY, { ...identity }));
  });

  it('is a whsec_ value carrying a 256-bit MAC in base64url', () => {
    expect(WEBHOOK_SECRET_PREFIX).toBe('whsec_');
    expect(deriveWebhookSecret(KEY, identity)).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('changes with the salt, the service key, and each part of the trigger identity', () => {
    // Prepare
    const base = deriveWebhookSecret(KEY, identity);

    // Act
    const variants = [
      deriveWebhookSecret(KEY, { ...identity, salt: 'salt-two' }),
      deriveWebhookSecret('another-service-key', identity),
      deriveWebhookSecret(KEY, { ...identity, workspaceId: 'ws_other' }),
      deriveWebhookSecret(KEY, { ...identity, canvasId: 'cnv_other' }),
      deriveWebhookSecret(KEY, { ...identity, triggerNodeId: 'hook2' }),
    ];

    // Assess
    expect(new Set([base, ...variants]).size).toBe(6);
  });

  it('does not let fields run into each other (a/bc ≠ ab/c)', () => {
    expect(deriveWebhookSecret(KEY, { ...identity, canvasId: 'a', triggerNodeId: 'bc' })).not.toBe(
      deriveWebhookSecret(KEY, { ...identity, canvasId: 'ab', triggerNodeId: 'c' }),
    );
  });
});

describe('newSalt', () => {
  it('draws 128 random bits each time', () => {
    // Act
    const salts = Array.from({ length: 50 }, () => newSalt());

    // Assess
    expect(new Set(salts).size).toBe(50);
    for (const salt of salts) expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('hashWebhookSecret', () => {
  it('is the hex SHA-256 of the secret', () => {
    expect(hashWebhookSecret('whsec_abc')).toBe(createHash('sha256').update('whsec_abc').digest('hex'));
  });
});

/** WebhookRepository in memory: keeps exactly what the use case hands it. */
class InMemoryWebhookRepository implements WebhookRepository {
  readonly items = new Map<string, WebhookTrigger>();
  private key = (t: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId'>) =>
    `${t.workspaceId}/${t.canvasId}/${t.triggerNodeId}`;

  async get(workspaceId: string, canvasId: string, triggerNodeId: string) {
    const found = this.items.get(this.key({ workspaceId, canvasId, triggerNodeId }));
    return found && structuredClone(found);
  }
  async create(trigger: WebhookTrigger) {
    const existing = this.items.get(this.key(trigger));
    if (existing) return { created: false as const, existing: structuredClone(existing) };
    this.items.set(this.key(trigger), structuredClone(trigger));
    return { created: true as const };
  }
  async delete(trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId'>) {
    this.items.delete(this.key(trigger));
  }
  async findBySecretHash(secretHash: string) {
    return [...this.items.values()].find((trigger) => trigger.secretHash === secretHash);
  }
  async listForCanvas(workspaceId: string, canvasId: string) {
    return [...this.items.values()].filter(
      (trigger) => trigger.workspaceId === workspaceId && trigger.canvasId === canvasId,
    );
  }
  async recordTriggered() {}
  async putSigningSecrets() {
    throw new Error('not used by these tests');
  }
}

describe('registerWebhook and the stored secret', () => {
  async function setUp() {
    const canvases = new InMemoryCanvasRepository();
    await canvases.create(emptyCanvas({ nodes: [node('hook', 'webhook-trigger'), node('tpl', 'text')] }));
    const webhooks = new InMemoryWebhookRepository();
    const deps: WebhookDeps = {
      webhooks,
      canvases,
      clock: new FakeClock(),
      serviceKey: async () => KEY,
      publicBaseUrl: 'https://api.example.test/',
    };
    return { webhooks, deps };
  }

  it('stores the hash and the salt, never the secret, and the secret is derived from that salt', async () => {
    // Prepare
    const { webhooks, deps } = await setUp();

    // Act
    const registration = await registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);

    // Assess
    const stored = [...webhooks.items.values()];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.secretHash).toBe(createHash('sha256').update(registration.webhookSecret).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(registration.webhookSecret);
    expect(JSON.stringify(stored)).not.toContain(registration.webhookSecret.slice(WEBHOOK_SECRET_PREFIX.length));
    expect(registration.webhookSecret).toBe(deriveWebhookSecret(KEY, stored[0]!));
    const keyBytes = Buffer.from(registration.webhookSecret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64url');
    const hook = stored[0]!.secretHash;
    expect(registration).toEqual({
      webhookUrl: 'https://api.example.test/webhook/trigger',
      webhookSecret: expect.stringMatching(/^whsec_/),
      webhookAuthorizationHeader: `Bearer ${registration.webhookSecret}`,
      triggerNodeId: 'hook',
      canvasId: 'cnv_test',
      created: true,
      signedUrls: {
        github: `https://api.example.test/webhook/trigger?verify=github&hook=${hook}`,
        stripe: `https://api.example.test/webhook/trigger?verify=stripe&hook=${hook}`,
        shopify: `https://api.example.test/webhook/trigger?verify=shopify&hook=${hook}`,
        'standard-webhooks': `https://api.example.test/webhook/trigger?verify=standard-webhooks&hook=${hook}`,
      },
      // The same key bytes, in standard base64.
      standardWebhooksSecret: `whsec_${keyBytes.toString('base64')}`,
    });
  });

  it('retrieves the same secret on a second register (created: false)', async () => {
    // Prepare
    const { deps } = await setUp();
    const first = await registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);

    // Act
    const again = await registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);

    // Assess
    expect(again).toEqual({ ...first, created: false });
  });

  it('draws a fresh salt, hence a different secret, after a revoke', async () => {
    // Prepare
    const { deps } = await setUp();
    const first = await registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);
    await revokeWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);

    // Act
    const second = await registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps);

    // Assess
    expect(second.created).toBe(true);
    expect(second.webhookSecret).not.toBe(first.webhookSecret);
  });

  it('refuses a node that is not a webhook trigger (400), and an unknown node or canvas (404)', async () => {
    // Prepare
    const { deps } = await setUp();

    // Act + Assess
    await expect(
      registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'tpl' }, deps),
    ).rejects.toMatchObject({ name: 'ValidationError' });
    await expect(
      registerWebhook(principal(), { canvasId: 'cnv_test', triggerNodeId: 'nope' }, deps),
    ).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(
      registerWebhook(principal(), { canvasId: 'cnv_other', triggerNodeId: 'hook' }, deps),
    ).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(
      registerWebhook(principal({ workspaceId: 'ws_other' }), { canvasId: 'cnv_test', triggerNodeId: 'hook' }, deps),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });
});
