// use cases: the asset upload lifecycle (reserve → PUT to S3 → verify → finalize, or cancel). Every id is
// looked up under the caller's workspace, so another workspace's reservation is simply not found.
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Canvas } from '../canvas/model.ts';
import { applyEdit, assertCanvasFits } from '../canvas/edits.ts';
import { getCanvas } from '../canvas/use-cases.ts';
import { assertAcceptable, type AssetKind } from './kinds.ts';
import {
  ASSET_ID_PREFIX,
  durableKeyOf,
  pendingKeyOf,
  UPLOAD_ID_PREFIX,
  type Asset,
  type UploadReservation,
} from './model.ts';
import type { CanvasWrite, PresignedUpload } from './ports.ts';
import { assertAssetFitsNode, dedupe } from './rules.ts';
import { type AssetDeps, RESERVATION_TTL_SECONDS, UPLOAD_URL_TTL_SECONDS } from './deps.ts';

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
      `Upload ${uploadId} not found (finalized, cancelled, expired, or reserved through the ${target === 'canvas' ? 'library' : 'canvas'} routes)`,
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
