// use cases: the workspace library (get, list, detail, usages, rename, move, tags, place, trash, restore,
// purge) and the assets of a canvas. Every asset id is looked up under the caller's workspace, so another
// workspace's asset is simply not found.
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page } from '../pagination.ts';
import { applyEdit } from '../canvas/edits.ts';
import { editCanvas, getCanvas } from '../canvas/use-cases.ts';
import type { Asset, AssetUsage, TemplateUsage } from './model.ts';
import type { LibraryFilter } from './ports.ts';
import { assertAssetFitsNode, dedupe } from './rules.ts';
import { type AssetDeps, DOWNLOAD_URL_TTL_SECONDS } from './deps.ts';

export async function getAsset(principal: Principal, assetId: string, deps: Pick<AssetDeps, 'assets'>): Promise<Asset> {
  const asset = await deps.assets.get(principal.workspaceId, assetId);
  if (!asset) throw new NotFoundError(`Asset ${assetId} not found`);
  return asset;
}

/** Applies a change to an asset under its version (a concurrent change answers 409). */
async function changeAsset(
  principal: Principal,
  assetId: string,
  deps: AssetDeps,
  change: (draft: Asset) => void,
): Promise<Asset> {
  const stored = await getAsset(principal, assetId, deps);
  const draft = structuredClone(stored);
  change(draft);
  draft.version = stored.version + 1;
  draft.updatedAt = deps.clock.now().toISOString();
  await deps.assets.replace(draft, stored.version);
  return draft;
}

function assertLive(asset: Asset): void {
  if (asset.trashedAt) throw new ConflictError(`Asset ${asset.id} is in the trash; restore it first`);
}

export function promoteToLibrary(
  principal: Principal,
  input: { assetId: string; folder?: string; tags?: string[] },
  deps: AssetDeps,
) {
  return changeAsset(principal, input.assetId, deps, (draft) => {
    assertLive(draft);
    draft.library = true;
    if (input.folder !== undefined) draft.folder = input.folder;
    if (input.tags !== undefined) draft.tags = dedupe([...draft.tags, ...input.tags]);
  });
}

export function listLibrary(
  principal: Principal,
  query: LibraryFilter & { limit: number; cursor?: string },
  deps: Pick<AssetDeps, 'assets'>,
): Promise<Page<Asset>> {
  const { limit, cursor, ...filter } = query;
  return deps.assets.listLibrary(principal.workspaceId, filter, { limit, cursor });
}

export async function assetDetail(principal: Principal, input: { assetId: string }, deps: AssetDeps) {
  const asset = await getAsset(principal, input.assetId, deps);
  const downloadUrl = await deps.storage.downloadUrl(asset.storageKey, {
    fileName: asset.name,
    contentType: asset.contentType,
    expiresInSeconds: DOWNLOAD_URL_TTL_SECONDS,
  });
  const expiresAt = new Date(deps.clock.now().getTime() + DOWNLOAD_URL_TTL_SECONDS * 1000).toISOString();
  return { asset, downloadUrl, downloadUrlExpiresAt: expiresAt };
}

export async function assetUsages(
  principal: Principal,
  input: { assetId: string },
  deps: AssetDeps,
): Promise<{ assetId: string; usages: AssetUsage[]; templates: TemplateUsage[] }> {
  const asset = await getAsset(principal, input.assetId, deps);
  return { assetId: asset.id, ...(await usesOf(principal, asset, deps)) };
}

/** The canvases and the templates that name an asset (both read in parallel). */
async function usesOf(principal: Principal, asset: Asset, deps: AssetDeps) {
  const [usages, templates] = await Promise.all([
    deps.assets.usages(principal.workspaceId, asset),
    deps.assets.templateUsages(principal.workspaceId, asset.id),
  ]);
  return { usages, templates };
}

export const renameAsset = (principal: Principal, input: { assetId: string; name: string }, deps: AssetDeps) =>
  changeAsset(principal, input.assetId, deps, (draft) => {
    draft.name = input.name;
  });

export const moveAsset = (principal: Principal, input: { assetId: string; folder: string }, deps: AssetDeps) =>
  changeAsset(principal, input.assetId, deps, (draft) => {
    draft.folder = input.folder;
  });

/** Sets the tags: `tags` replaces them all; `add` and `remove` edit them. */
export function tagAsset(
  principal: Principal,
  input: { assetId: string; tags?: string[]; add?: string[]; remove?: string[] },
  deps: AssetDeps,
) {
  if (input.tags === undefined && input.add === undefined && input.remove === undefined) {
    throw new ValidationError('tags, add or remove: give at least one');
  }
  return changeAsset(principal, input.assetId, deps, (draft) => {
    const base = input.tags ?? draft.tags;
    const removed = new Set(input.remove ?? []);
    const next = dedupe([...base, ...(input.add ?? [])]).filter((tag) => !removed.has(tag));
    if (next.length > 20)
      throw new ValidationError(`tags: an asset holds at most 20 tags (this would make ${next.length})`);
    draft.tags = next;
  });
}

export async function trashAsset(principal: Principal, input: { assetId: string }, deps: AssetDeps) {
  const now = deps.clock.now().toISOString();
  // Trashing twice keeps the first trashedAt.
  return changeAsset(principal, input.assetId, deps, (draft) => {
    draft.trashedAt ??= now;
  });
}

export const restoreAsset = (principal: Principal, input: { assetId: string }, deps: AssetDeps) =>
  changeAsset(principal, input.assetId, deps, (draft) => {
    draft.trashedAt = null;
  });

/** Places an asset onto a canvas node: the node's data names it (data.assetId). */
export async function placeAsset(
  principal: Principal,
  input: { assetId: string; canvasId: string; nodeId: string; expectedVersion?: number },
  deps: AssetDeps,
) {
  const asset = await getAsset(principal, input.assetId, deps);
  assertLive(asset);
  // The kind is checked on the very version the edit writes: no extra read, no race with a node change.
  const { canvas } = await editCanvas(
    principal,
    { canvasId: input.canvasId, expectedVersion: input.expectedVersion },
    (draft, now) => {
      assertAssetFitsNode(draft, input.nodeId, asset);
      applyEdit(draft, { op: 'node/update', nodeId: input.nodeId, data: { assetId: asset.id }, merge: true }, now);
    },
    deps,
  );
  return { assetId: asset.id, canvasId: canvas.id, nodeId: input.nodeId, canvasVersion: canvas.version };
}

/**
 * Deletes the bytes (the exact S3 version) and then the record. An asset some canvas still uses is
 * refused unless `force`; a forced purge leaves the nodes naming an asset that no longer exists.
 * Bytes first: a crash in between leaves a record whose purge can simply be repeated.
 */
export async function purgeAsset(principal: Principal, input: { assetId: string; force: boolean }, deps: AssetDeps) {
  const asset = await getAsset(principal, input.assetId, deps);
  const { usages, templates } = await usesOf(principal, asset, deps);
  if ((usages.length > 0 || templates.length > 0) && !input.force) {
    const where = [
      ...usages.map((usage) =>
        usage.nodeIds.length > 0 ? `${usage.canvasId} (nodes ${usage.nodeIds.join(', ')})` : usage.canvasId,
      ),
      ...templates.map((template) => `template ${template.templateId}`),
    ].join('; ');
    throw new ConflictError(`Asset ${asset.id} is in use on ${where}; remove it there or purge with force: true`);
  }
  await deps.storage.delete(asset.storageKey, asset.storageVersionId);
  await deps.assets.delete(asset, asset.version);
  return { purged: true as const, assetId: asset.id, usagesLeft: usages.length + templates.length };
}

/**
 * The assets of a canvas: those uploaded or generated for it and those its nodes name, in id order
 * (oldest first). The set is bounded by the canvas, so it is assembled whole and paged by id.
 */
export async function listCanvasAssets(
  principal: Principal,
  query: { canvasId: string; limit: number; cursor?: string },
  deps: AssetDeps,
): Promise<Page<Asset>> {
  const canvas = await getCanvas(principal, query.canvasId, deps);
  const referenced = [
    ...new Set(canvas.nodes.map((node) => node.data?.assetId).filter((id): id is string => typeof id === 'string')),
  ];
  const [attached, named] = await Promise.all([
    deps.assets.listByCanvas(principal.workspaceId, canvas.id),
    deps.assets.getMany(principal.workspaceId, referenced),
  ]);
  const byId = new Map([...attached, ...named].map((asset) => [asset.id, asset]));
  const after = query.cursor === undefined ? '' : decodeIdCursor(query.cursor);
  const sorted = [...byId.values()].filter((asset) => asset.id > after).sort((a, b) => (a.id < b.id ? -1 : 1));
  const items = sorted.slice(0, query.limit);
  const more = sorted.length > query.limit;
  return { items, nextCursor: more ? Buffer.from(items.at(-1)!.id, 'utf8').toString('base64url') : null };
}

function decodeIdCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^ast_[0-9a-z]{26}$/.test(id)) throw new ValidationError('cursor is not valid');
  return id;
}
