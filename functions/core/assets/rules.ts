// use cases: the checks both the upload lifecycle and the library apply to an asset.
import type { Canvas } from '../canvas/model.ts';
import { sourceAssetKind } from '../canvas/node-types.ts';
import { ValidationError } from '../errors.ts';
import type { AssetKind } from './kinds.ts';

/**
 * A source node (`image-asset`, `audio-asset`, `video-asset`) takes only assets of its kind; any other node may show
 * any asset. An unknown node is left to the canvas operation, which answers 404 for it.
 */
export function assertAssetFitsNode(
  canvas: Pick<Canvas, 'nodes'>,
  nodeId: string,
  asset: { id: string; kind: AssetKind },
): void {
  const node = canvas.nodes.find((candidate) => candidate.id === nodeId);
  const wanted = node === undefined ? undefined : sourceAssetKind(node.type);
  if (wanted !== undefined && wanted !== asset.kind) {
    throw new ValidationError(
      `Node ${nodeId} (${node!.type}) takes only ${wanted} assets; asset ${asset.id} is ${asset.kind}`,
    );
  }
}

export function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}
