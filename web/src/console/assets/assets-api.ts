// The asset tools the screen calls, typed by their output schemas (functions/operations/assets/asset-fields.ts).
import type { ItemOf } from '../../mcp/pages.ts';
import type { ToolClient, ToolOutput } from '../../mcp/tools.ts';
import type { ListArgs } from './filters.ts';

export type Asset = ItemOf<'list_assets'>;
export type AssetDetail = ToolOutput<'get_asset'>;
export type Reservation = ToolOutput<'reserve_asset_upload'>;
export type AssetUsages = ToolOutput<'get_asset_usages'>;

export const listAssets = (tools: ToolClient, args: ListArgs, cursor?: string | null) =>
  tools.call('list_assets', { ...args, ...(cursor ? { cursor } : {}) });
export const getAsset = (tools: ToolClient, assetId: string) => tools.call('get_asset', { assetId });
export const assetUsages = (tools: ToolClient, assetId: string) => tools.call('get_asset_usages', { assetId });

export const reserveUpload = (
  tools: ToolClient,
  input: { name: string; contentType: string; size: number; sha256: string; folder?: string; tags?: string[] },
) => tools.call('reserve_asset_upload', input);
export const finalizeUpload = (tools: ToolClient, uploadId: string) =>
  tools.call('finalize_asset_upload', { uploadId });
export const cancelUpload = (tools: ToolClient, uploadId: string) => tools.call('cancel_asset_upload', { uploadId });

export const renameAsset = (tools: ToolClient, assetId: string, name: string) =>
  tools.call('rename_asset', { assetId, name });
export const moveAsset = (tools: ToolClient, assetId: string, folder: string) =>
  tools.call('move_asset', { assetId, folder });
export const tagAsset = (tools: ToolClient, assetId: string, tags: string[]) =>
  tools.call('tag_asset', { assetId, tags });
export const placeAsset = (tools: ToolClient, assetId: string, canvasId: string, nodeId: string) =>
  tools.call('place_asset', {
    assetId,
    canvasId,
    nodeId,
  });
export const trashAsset = (tools: ToolClient, assetId: string) => tools.call('trash_asset', { assetId });
export const restoreAsset = (tools: ToolClient, assetId: string) => tools.call('restore_asset', { assetId });
export const purgeAsset = (tools: ToolClient, assetId: string) => tools.call('purge_asset', { assetId });

export type CanvasNodeSummary = ToolOutput<'get_canvas'>['nodes'][number];

export const canvasNodes = async (tools: ToolClient, canvasId: string) =>
  (await tools.call('get_canvas', { canvasId })).nodes;
