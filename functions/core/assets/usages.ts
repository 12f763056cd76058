// core: which assets a canvas references. A node names an asset by `data.assetId` (place sets it); the
// canvas item carries this map, derived from its nodes on every write (canvas-repository.ts), so usages
// are right after any edit — node delete, type change, canvas delete — without a second record to keep
// in step.
import type { Canvas } from '../canvas/model.ts';

/** assetId → ids of the nodes that name it, in node order. */
export function assetReferences(canvas: {
  nodes: readonly Pick<Canvas['nodes'][number], 'id' | 'data'>[];
}): Record<string, string[]> {
  const uses: Record<string, string[]> = {};
  for (const node of canvas.nodes) {
    const assetId = node.data?.assetId;
    if (typeof assetId !== 'string') continue;
    const nodeIds = uses[assetId] ?? [];
    nodeIds.push(node.id);
    uses[assetId] = nodeIds;
  }
  return uses;
}
