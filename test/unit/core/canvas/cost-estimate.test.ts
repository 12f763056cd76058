// unit: a generation node's cost before the run (estimate_canvas_cost) — from the price book and the
// model contracts, and equal to what the ledger holds and charges for the same node data when the
// provider makes what was asked for.
import { describe, expect, it } from 'vitest';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { chargeHold, holdCredits, type CreditDeps } from '#core/credits/ledger';
import type { CreditLedgerStore, CreditHold } from '#core/credits/ports';
import type { LedgerEntry, UsageEntry } from '#core/credits/ledger-entry';
import { priceBookFrom } from '#core/credits/prices';
import { prepareFalJob } from '#core/generation/fal-request';
import { prepareVeoJob } from '#core/generation/veo-request';
import { VIDEO_SKU } from '#core/generation/video-jobs';
import type { CanvasNode } from '#core/canvas/model';
import { FakeClock } from '../../support/fake-clock.ts';
import { edge, emptyCanvas, node } from '../../support/canvases.ts';

const book = priceBookFrom({});
const canvasOf = (nodes: CanvasNode[], edges: ReturnType<typeof edge>[] = []) =>
  emptyCanvas({ id: 'cnv_cost', version: 7, nodes, edges });
const only = (nodes: CanvasNode[], edges: ReturnType<typeof edge>[] = [], prices = book) =>
  estimateCanvasCost(canvasOf(nodes, edges), prices).nodes[0]!;

/** Just enough of a ledger for one hold and its charge, with credits to spare. */
function memoryLedger(): CreditLedgerStore {
  const holds = new Map<string, CreditHold>();
  const entries = new Map<string, LedgerEntry>();
  const store = {
    async getBalance(workspaceId: string) {
      return { workspaceId, balance: 1_000_000, held: 0, available: 1_000_000, unit: 'credits', updatedAt: null };
    },
    async append(entry: LedgerEntry) {
      entries.set(entry.operationId, entry);
      return { applied: true, entry };
    },
    async placeHold(hold: CreditHold) {
      holds.set(hold.operationId, hold);
      return { placed: true, hold };
    },
    async getHold(_workspaceId: string, operationId: string) {
      return holds.get(operationId);
    },
    async settleHold(hold: CreditHold, entry: UsageEntry | null, closedAt: string) {
      const settled: CreditHold = {
        ...hold,
        status: 'settled',
        closedAt,
        ...(entry ? { entryId: entry.id, chargedCredits: -entry.credits } : {}),
      };
      if (entry) entries.set(entry.operationId, entry);
      holds.set(hold.operationId, settled);
      return settled;
    },
    async entryOfOperation(_workspaceId: string, operationId: string) {
      return entries.get(operationId);
    },
  };
  return store as unknown as CreditLedgerStore;
}

/** What a video job of `prepared` holds and, producing `producedSeconds`, is charged (as video-jobs.ts does). */
async function heldAndCharged(prepared: { priceModel: string; durationSeconds: number }, producedSeconds: number) {
  const deps: CreditDeps = { ledger: memoryLedger(), clock: new FakeClock('2026-11-26T10:00:00.000Z'), prices: book };
  const operationId = 'run:exec_1:video:1';
  const hold = await holdCredits(
    {
      workspaceId: 'ws_test',
      operationId,
      sku: VIDEO_SKU,
      model: prepared.priceModel,
      quantity: prepared.durationSeconds,
    },
    deps,
  );
  const { entry } = await chargeHold({ workspaceId: 'ws_test', operationId, quantity: producedSeconds }, deps);
  return { held: hold.credits, charged: -(entry?.credits ?? 0) };
}

describe('estimateCanvasCost', () => {
  it('prices a video node by its endpoint, duration and price class: the credits the run holds and, making that length, is charged', async () => {
    const data = {
      provider: 'provider-two',
      endpointId: 'bytedance/seedance-2.0/fast/text-to-video',
      modelParams: { duration: '5' },
    };
    const estimate = only([node('video', 'video-generation', { data })]);
    expect(estimate).toMatchObject({
      nodeId: 'video',
      credits: 40,
      sku: 'video.generate',
      priceModel: 'fast',
      unit: 'Seconds',
      unitPrice: 8,
      quantity: 5,
    });

    const prepared = prepareFalJob({
      prompt: 'A lighthouse at dusk',
      model: data.endpointId,
      params: data.modelParams,
    });
    const { held, charged } = await heldAndCharged(prepared, 5);
    expect(held).toBe(estimate.credits);
    expect(charged).toBe(estimate.credits);
    // A shorter video is charged less: the estimate is the most a run costs.
    expect((await heldAndCharged(prepared, 3)).charged).toBeLessThan(estimate.credits!);
  });

  it("uses the endpoint's default duration when the node names none", () => {
    const estimate = only([
      node('video', 'video-generation', { data: { endpointId: 'bytedance/seedance-2.0/fast/text-to-video' } }),
    ]);
    expect(estimate).toMatchObject({ credits: 15 * 8, quantity: 15 });
  });

  it('prices provider one by its model contract (duration, resolution, price class)', async () => {
    const data = { provider: 'provider-one', modelParams: { duration: 8, resolution: '1080p' } };
    const estimate = only([node('video', 'video-generation', { data })]);
    const prepared = prepareVeoJob({ prompt: 'x', params: data.modelParams });
    const { held } = await heldAndCharged(prepared, prepared.durationSeconds);
    expect(estimate.credits).toBe(held);
    expect(estimate).toMatchObject({ quantity: 8, priceModel: prepared.priceModel });
  });

  it(
    'counts connected references: the default reference-to-video endpoint is refused without one, priced with ' + 'one',
    () => {
      const bare = only([node('video', 'video-generation')]);
      expect(bare.credits).toBeNull();
      expect(bare.reason).toMatch(/^A run would be refused: .*needs at least one reference image or video/);

      const withImage = only(
        [node('img', 'image-asset', { data: { assetId: 'ast_1' } }), node('video', 'video-generation')].reverse(),
        [edge('e1', 'img', 'image-out', 'video', 'image-in')],
      );
      expect(withImage.credits).toBeGreaterThan(0);
      expect(withImage.quantity).toBe(
        prepareFalJob({ prompt: 'x', referenceImages: [{ url: 'https://a.example/i.png' }] }).durationSeconds,
      );
    },
  );

  it('follows a configured price: no second price table', () => {
    const configured = priceBookFrom({
      prices: JSON.stringify([{ sku: 'video.generate', model: 'fast', unit: 'Seconds', creditsPerUnit: 3 }]),
    });
    const estimate = only(
      [
        node('video', 'video-generation', {
          data: { endpointId: 'bytedance/seedance-2.0/fast/text-to-video', modelParams: { duration: '5' } },
        }),
      ],
      [],
      configured,
    );
    expect(estimate).toMatchObject({ credits: 15, unitPrice: 3 });
  });

  it("prices text to speech by the node's text, and says when the text only arrives at run time", () => {
    const spoken = 'x'.repeat(1500);
    expect(only([node('voice', 'audio-generation', { data: { text: spoken } })])).toMatchObject({
      credits: 2 * 6,
      sku: 'audio.tts',
      quantity: 1.5,
    });
    const fed = only(
      [node('voice', 'audio-generation'), node('p', 'prompt')],
      [edge('e1', 'p', 'prompt-out', 'voice', 'text-in')],
    );
    expect(fed.credits).toBeNull();
    expect(fed.reason).toMatch(/text-in/);
  });

  it('sums the known estimates and says when the total is incomplete', () => {
    const estimate = estimateCanvasCost(
      canvasOf([
        node('p', 'prompt'),
        node('video', 'video-generation', {
          data: { endpointId: 'bytedance/seedance-2.0/fast/text-to-video', modelParams: { duration: '5' } },
        }),
        node('sts', 'speech-to-speech'),
      ]),
      book,
    );
    expect(estimate).toMatchObject({ canvasId: 'cnv_cost', canvasVersion: 7, totalCredits: 40, complete: false });
    expect(estimate.nodes.map((entry) => entry.nodeId)).toEqual(['video', 'sts']);
    expect(estimate.nodes[1]).toMatchObject({ credits: null, sku: 'audio.sts' });
  });
});
