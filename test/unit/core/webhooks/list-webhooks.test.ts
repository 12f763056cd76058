// listWebhooks: the workspace's webhook-trigger nodes derived from its canvases, with nothing secret in
// the answer and no trigger query for canvases without hook nodes.
import { describe, expect, it } from 'vitest';
import type { Canvas, CanvasNode, CanvasSummary } from '#core/canvas/model';
import type { Principal } from '#core/keys/api-key';
import { listWebhooks, type ListWebhooksDeps } from '#core/webhooks/list';
import type { WebhookTrigger } from '#core/webhooks/model';

const principal: Principal = { workspaceId: 'ws_1', keyId: 'key_1', scopes: ['read:canvases'] };
const T0 = '2026-01-01T00:00:00.000Z';
const T1 = '2026-01-02T00:00:00.000Z';

const node = (id: string, type: string, extra: Partial<CanvasNode> = {}): CanvasNode =>
  ({ id, type, position: { x: 0, y: 0 }, data: {}, createdAt: T0, updatedAt: T0, ...extra }) as CanvasNode;
const canvas = (id: string, nodes: CanvasNode[], extra: Partial<Canvas> = {}): Canvas =>
  ({
    id,
    workspaceId: 'ws_1',
    name: `Canvas ${id}`,
    nodes,
    edges: [],
    archived: false,
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    ...extra,
  }) as Canvas;
const trigger = (canvasId: string, nodeId: string, extra: Partial<WebhookTrigger> = {}): WebhookTrigger => ({
  workspaceId: 'ws_1',
  canvasId,
  triggerNodeId: nodeId,
  salt: 'salt-value',
  secretHash: 'a'.repeat(64),
  createdAt: T1,
  lastTriggeredAt: null,
  lastExecutionId: null,
  ...extra,
});

function deps(canvases: Canvas[], triggers: WebhookTrigger[], nextCursor: string | null = null) {
  const queried: string[] = [];
  const fake: ListWebhooksDeps = {
    canvases: {
      list: async () => ({ items: canvases.map((c) => ({ id: c.id, name: c.name }) as CanvasSummary), nextCursor }),
      get: async (_ws, id) => canvases.find((c) => c.id === id),
    },
    webhooks: {
      listForCanvas: async (_ws, canvasId) => {
        queried.push(canvasId);
        return triggers.filter((t) => t.canvasId === canvasId);
      },
    },
    publicBaseUrl: 'https://hooks.example.com/',
  };
  return { fake, queried };
}

describe('listWebhooks', () => {
  it('lists registered and unregistered hook nodes, skipping canvases without one', async () => {
    // Prepare
    const { fake, queried } = deps(
      [
        canvas('c1', [
          node('hook', 'webhook-trigger', { data: { label: 'Orders' } }),
          node('other', 'text'),
          node('spare', 'webhook-trigger'),
        ]),
        canvas('c2', [node('t', 'text')]),
      ],
      [
        trigger('c1', 'hook', {
          lastTriggeredAt: T1,
          lastExecutionId: 'exec_1',
          signingSecrets: { stripe: { sealed: {} as never, hint: 'whsec_…abcd', setAt: T1 } },
        }),
      ],
      'next-page',
    );
    // Act
    const page = await listWebhooks(principal, { limit: 25 }, fake);
    // Assess
    expect(queried).toEqual(['c1']);
    expect(page.nextCursor).toBe('next-page');
    expect(page.items.map((item) => [item.triggerNodeId, item.registered])).toEqual([
      ['hook', true],
      ['spare', false],
    ]);
    const [hook, spare] = page.items;
    expect(hook).toMatchObject({
      canvasName: 'Canvas c1',
      nodeLabel: 'Orders',
      webhookUrl: 'https://hooks.example.com/webhook/trigger',
      lastExecutionId: 'exec_1',
    });
    expect(hook!.signedUrls!.stripe).toBe(
      `https://hooks.example.com/webhook/trigger?verify=stripe&hook=${'a'.repeat(64)}`,
    );
    expect(hook!.signingSecrets!.stripe).toEqual({ set: true, setAt: T1 });
    expect(hook!.signingSecrets!.github).toEqual({ set: false, setAt: null });
    expect(spare).toMatchObject({ registered: false, webhookUrl: null, signedUrls: null, signingSecrets: null });
  });

  it('answers neither the salt, the hash as such, nor a stored secret hint', async () => {
    const { fake } = deps(
      [canvas('c1', [node('hook', 'webhook-trigger')])],
      [
        trigger('c1', 'hook', {
          signingSecrets: { github: { sealed: { ciphertext: 'sealed-bytes' } as never, hint: 'gh…wxyz', setAt: T1 } },
        }),
      ],
    );
    const text = JSON.stringify(await listWebhooks(principal, { limit: 25 }, fake));
    expect(text).not.toContain('salt-value');
    expect(text).not.toContain('sealed-bytes');
    expect(text).not.toContain('wxyz');
    expect(text).not.toContain('secretHash');
  });

  it('does not attribute an older trigger to a node re-created under the same id', async () => {
    const { fake } = deps(
      [canvas('c1', [node('hook', 'webhook-trigger', { createdAt: '2026-02-01T00:00:00.000Z' })])],
      [trigger('c1', 'hook')],
    );
    const page = await listWebhooks(principal, { limit: 25 }, fake);
    expect(page.items[0]!.registered).toBe(false);
  });
});
