// unit: the source nodes (image-asset, audio-asset) in an engine step — the asset placed on the node
// becomes a media value on its output, read when the run reaches it; an asset gone, trashed or of the
// wrong kind fails the node with a message saying which and why, and nothing runs after it.
import { describe, expect, it } from 'vitest';
import type { Asset } from '#core/assets/model';
import { sourceNodeExecutors } from '#core/assets/source-nodes';
import { advance } from '#core/runs/engine';
import { EXECUTORS } from '#core/runs/executors';
import { freezeGraph } from '#core/runs/lifecycle';
import { sourceAssetKind } from '#core/canvas/node-types';
import { edge, executionOf, node, tickingNow } from '../runs/support.ts';

const WORKSPACE = 'ws_test';

function asset(id: string, overrides: Partial<Asset> = {}): Asset {
  return {
    id,
    workspaceId: WORKSPACE,
    kind: 'image',
    name: `${id}.png`,
    contentType: 'image/png',
    size: 68,
    sha256: null,
    storageKey: `assets/${WORKSPACE}/${id}`,
    storageVersionId: null,
    canvasId: 'cnv_test',
    library: false,
    folder: '/',
    tags: [],
    trashedAt: null,
    source: { type: 'upload', uploadId: 'upl_test' },
    version: 1,
    createdAt: '2025-01-15T09:00:00.000Z',
    updatedAt: '2025-01-15T09:00:00.000Z',
    ...overrides,
  };
}

/** The asset store as the executors see it: reads by workspace and id, counted. */
function assetStore(...stored: Asset[]) {
  const reads: string[] = [];
  return {
    reads,
    assets: {
      async get(workspaceId: string, assetId: string) {
        reads.push(assetId);
        return stored.find((candidate) => candidate.workspaceId === workspaceId && candidate.id === assetId);
      },
    },
  };
}

/** prompt → out, with an image-asset node (holding `assetId`) feeding out as well. */
async function runWithImage(
  assetId: string | undefined,
  store: ReturnType<typeof assetStore>,
  type: 'image-asset' | 'audio-asset' = 'image-asset',
) {
  const canvas = {
    nodes: [
      node('prompt', 'prompt', { data: { prompt: 'p' } }),
      node('media', type, { data: assetId === undefined ? {} : { assetId } }),
      node('out', 'output'),
    ],
    edges: [
      edge('p-o', 'prompt', 'prompt-out', 'out', 'value-in'),
      edge('m-o', 'media', type === 'image-asset' ? 'image-out' : 'audio-out', 'out', 'value-in'),
    ],
  };
  const frozen = freezeGraph(canvas, 'prompt');
  const execution = executionOf(frozen, { triggerNodeId: 'prompt' });
  const outcome = await advance(execution, frozen, { ...EXECUTORS, ...sourceNodeExecutors(() => store) }, tickingNow());
  return { outcome, execution };
}

describe('source nodes', () => {
  it('put the asset placed on the node on its output as a media value, in the same step as the trigger', async () => {
    // Prepare
    const store = assetStore(asset('ast_still'));

    // Act
    const { outcome, execution } = await runWithImage('ast_still', store);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.media).toEqual({
      'image-out': { assetId: 'ast_still', kind: 'image', contentType: 'image/png', size: 68, name: 'ast_still.png' },
    });
    expect(execution.result.out).toEqual(['p', execution.outputs.media!['image-out']]);
    expect(store.reads).toEqual(['ast_still']);
  });

  it('carry audio on audio-asset nodes', async () => {
    const store = assetStore(asset('ast_voice', { kind: 'audio', contentType: 'audio/mpeg', name: 'take.mp3' }));

    const { outcome, execution } = await runWithImage('ast_voice', store, 'audio-asset');

    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.media).toEqual({
      'audio-out': expect.objectContaining({ assetId: 'ast_voice', kind: 'audio', contentType: 'audio/mpeg' }),
    });
  });

  it.each([
    ['no asset placed', undefined, [], /has no asset: place one of the workspace's image assets on it/],
    ['an asset that no longer exists', 'ast_gone', [], /Asset ast_gone on the image-asset node no longer exists/],
    [
      'an asset in the trash',
      'ast_trashed',
      [asset('ast_trashed', { trashedAt: '2025-01-15T09:30:00.000Z' })],
      /ast_trashed .* is in the trash; restore it or place another/,
    ],
    [
      'an asset of another kind',
      'ast_song',
      [asset('ast_song', { kind: 'audio', contentType: 'audio/mpeg' })],
      /ast_song on the image-asset node is audio, not image/,
    ],
    [
      'an asset of another workspace',
      'ast_theirs',
      [asset('ast_theirs', { workspaceId: 'ws_other' })],
      /ast_theirs on the image-asset node no longer exists/,
    ],
  ] as const)(
    'fail the node and the run for %s, and the output never runs',
    async (_case, assetId, stored, message) => {
      // Act
      const { outcome, execution } = await runWithImage(assetId, assetStore(...stored));

      // Assess
      expect(outcome).toEqual({ status: 'failed', reason: 'node' });
      expect(execution.nodes.media).toMatchObject({ status: 'failed', error: expect.stringMatching(message) });
      expect(execution.error).toEqual({ nodeId: 'media', message: execution.nodes.media!.error });
      expect(execution.nodes.out!.status).toBe('pending');
      expect(execution.outputs.media).toBeUndefined();
    },
  );

  it('are what sourceAssetKind names: the kind of their one output, and no other node type has one', () => {
    expect(sourceAssetKind('image-asset')).toBe('image');
    expect(sourceAssetKind('audio-asset')).toBe('audio');
    expect(sourceAssetKind('video-asset')).toBe('video');
    for (const type of [
      'prompt',
      'webhook-trigger',
      'text',
      'http-request',
      'video-generation',
      'audio-generation',
      'speech-to-speech',
      'output',
    ] as const) {
      expect(sourceAssetKind(type), type).toBeUndefined();
    }
  });
});
