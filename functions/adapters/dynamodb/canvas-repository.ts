// adapter: CanvasRepository on the single table: one item per canvas, written under a version condition.
import type { Canvas, CanvasSummary } from '#core/canvas/model';
import { assetReferences } from '#core/assets/usages';
import type { CanvasRepository } from '#core/ports';
import { VersionConflictError } from '#core/errors';
import { deleteExisting, getEntity, putIfVersion, putNew, queryPrefix } from './entities.ts';
import { keys } from './table-design.ts';

const SUMMARY_ATTRIBUTES = ['id', 'name', 'workspaceId', 'updatedAt', 'createdAt', 'archived', 'version'] as const;

/**
 * The stored item. `assetUses` (assetId → ids of the nodes naming it) is derived from the nodes on
 * every write, in the same item, so asset usages are right after any edit (asset-repository.ts reads it).
 */
export function canvasItem(canvas: Canvas) {
  const uses = assetReferences(canvas);
  return {
    ...keys.canvas(canvas.workspaceId, canvas.id),
    entity: 'Canvas',
    ...canvas,
    ...(Object.keys(uses).length > 0 ? { assetUses: uses } : {}),
  };
}

export class DynamoCanvasRepository implements CanvasRepository {
  async get(workspaceId: string, canvasId: string): Promise<Canvas | undefined> {
    // assetUses is derived on write (canvasItem), not part of the canvas.
    return getEntity<Canvas>(keys.canvas(workspaceId, canvasId), 'assetUses');
  }

  async create(canvas: Canvas): Promise<void> {
    await putNew(canvasItem(canvas), `Canvas ${canvas.id} already exists`);
  }

  async replace(canvas: Canvas, expectedVersion: number): Promise<void> {
    await putIfVersion(
      canvasItem(canvas),
      expectedVersion,
      () => new VersionConflictError('Canvas was changed by another request; reload and retry'),
    );
  }

  async delete(workspaceId: string, canvasId: string): Promise<boolean> {
    return deleteExisting(keys.canvas(workspaceId, canvasId));
  }

  async list(workspaceId: string, page: { limit: number; cursor?: string; includeArchived: boolean }) {
    const names = Object.fromEntries(SUMMARY_ATTRIBUTES.map((attribute) => [`#${attribute}`, attribute]));
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.canvasPrefix, page, {
      // Only the summary crosses the wire; nodes and edges stay behind.
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
      ...(page.includeArchived
        ? {}
        : { FilterExpression: '#archived = :false', ExpressionAttributeValues: { ':false': false } }),
    });
    return { items: items as unknown as CanvasSummary[], nextCursor };
  }
}
