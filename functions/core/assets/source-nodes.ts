// core: the source nodes (`image-asset`, `audio-asset`, `video-asset`) — instant executors that put
// the asset placed on the node onto its output port as a media value, so a canvas can feed stored media
// into generation nodes: several images, a last frame or reference videos and audio into a video node,
// a recording into speech-to-speech. The asset is read when the run reaches the node, so a run sees the
// asset as it is then: one trashed or purged since it was placed fails the node with a message saying
// so, never a broken value downstream.
import { NODE_TYPE_IDS, NODE_TYPES, isSource, sourceAssetKind, type NodeTypeId } from '../canvas/node-types.ts';
import { NodeFailedError, type ExecutorRegistry, type InstantExecutor } from '../runs/executors.ts';
import { mediaValueOf } from '../generation/media-value.ts';
import type { AssetRepository } from './ports.ts';

/**
 * One executor per node type of the `source` category in the catalogue. Repositories are built on first
 * use: a run that never reaches a source node opens none.
 */
export function sourceNodeExecutors(deps: () => { assets: Pick<AssetRepository, 'get'> }): ExecutorRegistry {
  return Object.fromEntries(NODE_TYPE_IDS.filter(isSource).map((type) => [type, sourceNode(type, deps)]));
}

function sourceNode(type: NodeTypeId, deps: () => { assets: Pick<AssetRepository, 'get'> }): InstantExecutor {
  const kind = sourceAssetKind(type)!;
  const port = NODE_TYPES[type].outputs[0]!.name;
  return {
    kind: 'instant',
    async run({ node, run }) {
      const assetId = (node.data as { assetId?: unknown }).assetId;
      if (typeof assetId !== 'string')
        throw new NodeFailedError(
          `The ${type} node has no asset: place one of the workspace's ${kind} assets on it (place_asset)`,
        );
      const asset = await deps().assets.get(run.workspaceId, assetId);
      if (!asset) throw new NodeFailedError(`Asset ${assetId} on the ${type} node no longer exists`);
      if (asset.trashedAt)
        throw new NodeFailedError(`Asset ${asset.id} on the ${type} node is in the trash; restore it or place another`);
      if (asset.kind !== kind)
        throw new NodeFailedError(`Asset ${asset.id} on the ${type} node is ${asset.kind}, not ${kind}`);
      return { [port]: mediaValueOf(asset) };
    },
  };
}
