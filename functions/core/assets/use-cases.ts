// use cases: the asset upload lifecycle (reserve → PUT to S3 → verify → finalize, or cancel), the
// workspace library (list, detail, usages, rename, move, tags, place, trash, restore, purge) and the
// assets of a canvas. Every asset id is looked up under the caller's workspace, so another workspace's
// asset is simply not found.
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page } from '../pagination.ts';
import type { CanvasRepository } from '../ports.ts';
import type { Canvas } from '../canvas/model.ts';
import { applyEdit, assertCanvasFits } from '../canvas/edits.ts';
import { sourceAssetKind } from '../canvas/node-types.ts';
import { editCanvas, getCanvas } from '../canvas/use-cases.ts';
import { assertAcceptable, type AssetKind } from './kinds.ts';
import {
  ASSET_ID_PREFIX,
  durableKeyOf,
  pendingKeyOf,
  UPLOAD_ID_PREFIX,
  type Asset,
  type AssetUsage,
  type TemplateUsage,
  type UploadReservation,
} from './model.ts';
import type { AssetRepository, AssetStorage, CanvasWrite, LibraryFilter, PresignedUpload } from './ports.ts';

export interface AssetDeps {
  assets: AssetRepository;
  storage: AssetStorage;
  canvases: CanvasRepository;
  clock: Clock;
}

/** How long a presigned PUT works: long enough for a large file on a slow link, short enough to leak little. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
/** How long a reservation may wait for finalize; the bucket's lifecycle rule expires pending bytes after a day too. */
export const RESERVATION_TTL_SECONDS = 24 * 60 * 60;
/** How long a detail download URL works. */
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;

export interface ReserveInput {
  target: 'canvas' | 'library';
  canvasId?: string;
  name: string;
  contentType: string;
  size: number;
  sha256?: string;
  folder?: string;
  tags?: string[];
}

export interface Reserved {
  uploadId: string;
  assetId: string;
  kind: AssetKind;
  upload: PresignedUpload;
  reservationExpiresAt: string;
}

export async function reserveUpload(principal: Principal, input: ReserveInput, deps: AssetDeps): Promise<Reserved> {
  const kind = assertAcceptable(input.contentType, input.size);
  if (input.target === 'canvas') {
    if (!input.canvasId) throw new ValidationError('canvasId: required for a canvas upload');
    const canvas = await getCanvas(principal, input.canvasId, deps);
    if (canvas.archived) throw new ConflictError(`Canvas ${canvas.id} is archived; restore it before adding assets`);
  }
  const now = deps.clock.now();
  const uploadId = newId(UPLOAD_ID_PREFIX, now.getTime());
  const reservation: UploadReservation = {
    id: uploadId,
    workspaceId: principal.workspaceId,
    assetId: newId(ASSET_ID_PREFIX, now.getTime()),
    target: input.target,
    canvasId: input.target === 'canvas' ? input.canvasId! : null,
    folder: input.folder ?? '/',
    tags: dedupe(input.tags ?? []),
    name: input.name,
    kind,
    contentType: input.contentType.toLowerCase(),
    size: input.size,
    sha256: input.sha256 ?? null,
    pendingKey: pendingKeyOf(principal.workspaceId, uploadId),
    expiresAt: new Date(now.getTime() + RESERVATION_TTL_SECONDS * 1000).toISOString(),
    createdAt: now.toISOString(),
  };
  const upload = await deps.storage.presignUpload({
    key: reservation.pendingKey,
    contentType: reservation.contentType,
    size: reservation.size,
    sha256: reservation.sha256,
    expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
    now,
  });
  await deps.assets.reserve(reservation);
  return { uploadId, assetId: reservation.assetId, kind, upload, reservationExpiresAt: reservation.expiresAt };
}

/** A live reservation of the caller's workspace for this surface (canvas or library routes), or 404. */
async function liveReservation(
  principal: Principal,
  uploadId: string,
  target: UploadReservation['target'],
  deps: AssetDeps,
): Promise<UploadReservation> {
  const reservation = await deps.assets.getReservation(principal.workspaceId, uploadId);
  const live =
    reservation && reservation.target === target && Date.parse(reservation.expiresAt) > deps.clock.now().getTime();
  if (!live)
    throw new NotFoundError(
      `Upload ${uploadId} not found (finalized, cancelled, expired, or reserved through the ` +
        `${target === 'canvas' ? 'library' : 'canvas'} routes)`,
    );
  return reservation;
}

/**
 * The live reservation an upload call names. Every step after reserve may repeat the reserve's canvasId
 * (clients carry it through the flow); a different one is the caller's mistake, said as such (400) rather
 * than acted on for the reserved canvas.
 */
async function namedReservation(
  principal: Principal,
  input: { uploadId: string; canvasId?: string },
  target: UploadReservation['target'],
  deps: AssetDeps,
): Promise<UploadReservation> {
  const reservation = await liveReservation(principal, input.uploadId, target, deps);
  if (input.canvasId !== undefined && input.canvasId !== reservation.canvasId) {
    throw new ValidationError(`canvasId: upload ${reservation.id} was reserved for canvas ${reservation.canvasId}`);
  }
  return reservation;
}

export interface UploadCheck {
  uploadId: string;
  assetId: string;
  /** The object is there with the declared size, type and (when declared) checksum. */
  ready: boolean;
  received: boolean;
  size: number | null;
  contentType: string | null;
  sha256: string | null;
  problems: string[];
}

async function checkUpload(reservation: UploadReservation, deps: Pick<AssetDeps, 'storage'>): Promise<UploadCheck> {
  const base = { uploadId: reservation.id, assetId: reservation.assetId };
  const stored = await deps.storage.head(reservation.pendingKey);
  if (!stored) {
    return {
      ...base,
      ready: false,
      received: false,
      size: null,
      contentType: null,
      sha256: null,
      problems: ['no bytes yet: PUT the file to the upload URL first'],
    };
  }
  const problems: string[] = [];
  if (stored.size !== reservation.size)
    problems.push(`size is ${stored.size} bytes, not the declared ${reservation.size}`);
  const storedType = stored.contentType?.split(';')[0]?.trim().toLowerCase();
  if (storedType !== reservation.contentType)
    problems.push(`content type is ${stored.contentType ?? 'missing'}, not the declared ${reservation.contentType}`);
  let sha256 = stored.sha256 ?? null;
  if (reservation.sha256 !== null) {
    // S3 records the checksum the signed PUT carried; a store that does not (s3rver) is hashed here.
    sha256 ??= problems.length === 0 ? await deps.storage.sha256Of(reservation.pendingKey) : null;
    if (sha256 !== null && sha256 !== reservation.sha256)
      problems.push('SHA-256 of the bytes does not match the declared one');
  }
  return {
    ...base,
    ready: problems.length === 0,
    received: true,
    size: stored.size,
    contentType: stored.contentType ?? null,
    sha256,
    problems,
  };
}

export async function verifyUpload(
  principal: Principal,
  input: { uploadId: string; canvasId?: string },
  target: UploadReservation['target'],
  deps: AssetDeps,
): Promise<UploadCheck> {
  return checkUpload(await namedReservation(principal, input, target, deps), deps);
}

/** The canvas with the node now naming the asset, ready to be written in the same transaction. */
function canvasWithAsset(
  canvas: Canvas,
  nodeId: string,
  asset: { id: string; kind: AssetKind },
  now: string,
): CanvasWrite {
  if (canvas.archived) throw new ConflictError(`Canvas ${canvas.id} is archived; restore it before editing`);
  assertAssetFitsNode(canvas, nodeId, asset);
  const assetId = asset.id;
  const draft = structuredClone(canvas);
  applyEdit(draft, { op: 'node/update', nodeId, data: { assetId }, merge: true }, now);
  draft.version = canvas.version + 1;
  draft.updatedAt = now;
  assertCanvasFits(draft);
  return { canvas: draft, expectedVersion: canvas.version };
}

/**
 * Records the asset and attaches it, in one transaction (asset + reservation removal + canvas node).
 * The bytes move from the pending prefix to the durable key by a server-side copy first; a crash after
 * the copy leaves the reservation in place, so finalize can simply be called again.
 */
export async function finalizeUpload(
  principal: Principal,
  input: { uploadId: string; canvasId?: string; nodeId?: string },
  target: UploadReservation['target'],
  deps: AssetDeps,
): Promise<Asset> {
  const reservation = await namedReservation(principal, input, target, deps);
  const check = await checkUpload(reservation, deps);
  if (!check.ready) throw new ConflictError(`Upload ${reservation.id} is not ready: ${check.problems.join('; ')}`);
  const now = deps.clock.now().toISOString();
  let canvasWrite: CanvasWrite | undefined;
  if (input.nodeId !== undefined) {
    if (!reservation.canvasId)
      throw new ValidationError('nodeId: a library upload is placed with place_asset after finalize');
    canvasWrite = canvasWithAsset(
      await getCanvas(principal, reservation.canvasId, deps),
      input.nodeId,
      { id: reservation.assetId, kind: reservation.kind },
      now,
    );
  }
  const storageKey = durableKeyOf(principal.workspaceId, reservation.assetId);
  const { versionId } = await deps.storage.copy(reservation.pendingKey, storageKey);
  const asset: Asset = {
    id: reservation.assetId,
    workspaceId: principal.workspaceId,
    kind: reservation.kind,
    name: reservation.name,
    contentType: reservation.contentType,
    size: reservation.size,
    sha256: check.sha256,
    storageKey,
    storageVersionId: versionId,
    canvasId: reservation.canvasId,
    library: reservation.target === 'library',
    folder: reservation.folder,
    tags: reservation.tags,
    trashedAt: null,
    source: { type: 'upload', uploadId: reservation.id },
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await deps.assets.finalize(asset, reservation.id, canvasWrite);
  // The pending copy is no longer needed; if this delete is lost, the lifecycle rule removes it.
  await deps.storage.delete(reservation.pendingKey).catch(() => undefined);
  return asset;
}

export async function cancelUpload(
  principal: Principal,
  input: { uploadId: string; canvasId?: string },
  target: UploadReservation['target'],
  deps: AssetDeps,
) {
  const reservation = await namedReservation(principal, input, target, deps);
  await deps.storage.delete(reservation.pendingKey);
  await deps.assets.deleteReservation(principal.workspaceId, reservation.id);
  return { cancelled: true as const, uploadId: reservation.id };
}

/** An asset of the caller's workspace, or 404 (another workspace's asset is not found either). */
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

/**
 * A source node (`image-asset`, `audio-asset`, `video-asset`) takes only assets of its kind; any other node may show
 * any asset. An unknown node is left to the canvas operation, which answers 404 for it.
 */
function assertAssetFitsNode(
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

function dedupe(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}
