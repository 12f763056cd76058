// test support (integration, fuzz): what the generated cases point at — a canvas of the examples'
// shape (prompt ─► tpl ─► out, a registered webhook trigger `hook`), a finished run, a key made to be
// revoked — so near-valid inputs get past "not found" into the use cases.
import { expect } from 'vitest';
import type { Operation } from '#operations/operation';
import type { Client } from './runs-stack.ts';
import { schemaKeys } from './fuzz-arbitraries.ts';

export class FuzzFixtures {
  /** A finished run: the executionId every run operation's seed names. */
  executionId = '';

  constructor(private readonly client: Client) {}

  /** Creates the shared finished run; call once per stack. */
  async start(): Promise<this> {
    const canvasId = await this.canvas();
    const run = await this.client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'hi' },
      sync: true,
      timeoutSeconds: 20,
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    this.executionId = run.body.executionId;
    return this;
  }

  /** prompt ─► tpl ─► out plus a registered webhook trigger `hook`: the ids the examples name. */
  async canvas(): Promise<string> {
    const canvasId = await this.client.createCanvas('Fuzz canvas');
    // One request for the whole graph (patch is all or nothing), to keep the per-route setup short.
    const patched = await this.client.post('/api/mcp/canvas/patch', {
      canvasId,
      operations: [
        { op: 'node/add', id: 'prompt', type: 'prompt', data: { prompt: 'Hello' } },
        { op: 'node/add', id: 'tpl', type: 'text', data: { template: 'You said: {{input}}' } },
        { op: 'node/add', id: 'out', type: 'output' },
        { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
        {
          op: 'edge/add',
          id: 'edge_prompt_tpl',
          source: 'prompt',
          sourceHandle: 'prompt-out',
          target: 'tpl',
          targetHandle: 'text-in',
        },
        { op: 'edge/add', id: 'e2', source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const registered = await this.client.post('/api/mcp/webhooks/register', { canvasId, triggerNodeId: 'hook' });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    return canvasId;
  }

  /**
   * The operation's documented example (its `example`, functions/operations/operation.ts) with its ids
   * pointing at things that exist: a canvas of its own (so a destructive case cannot starve the other operations), the
   * finished run, a key made to be revoked. Also the input schema's field names.
   */
  async seedOf(operation: Operation): Promise<{ seed: Record<string, unknown>; keys: string[] }> {
    const seed: Record<string, unknown> = { ...(operation.example?.input ?? {}) };
    if ('canvasId' in seed) seed.canvasId = await this.canvas();
    if ('executionId' in seed) seed.executionId = this.executionId;
    if ('templateId' in seed) {
      // A template of its own, published from a fresh canvas, so use/delete cases reach the use cases.
      const published = await this.client.post('/api/mcp/templates/publish', { canvasId: await this.canvas() });
      expect(published.status, JSON.stringify(published.body)).toBe(201);
      seed.templateId = published.body.id;
    }
    if (operation.name === 'revoke_api_key') {
      const created = await this.client.post('/api/mcp/api-keys/create', {
        name: 'to revoke',
        scopes: ['read:canvases'],
      });
      expect(created.status).toBe(201);
      seed.id = created.body.id;
    }
    return { seed, keys: schemaKeys(operation.input) };
  }

  /** Waits for a run an accepted call started (or redrove) to finish, so the next baseline is quiet. */
  async settle(answer: unknown): Promise<void> {
    const started = (answer as { executionId?: unknown } | undefined)?.executionId;
    if (typeof started === 'string') await this.client.waitForStatus(started, 'succeeded', 'failed', 'cancelled');
  }
}
