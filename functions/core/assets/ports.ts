// core: what the asset use cases need from storage, as interfaces (adapters in functions/adapters).
import type { Canvas } from '../canvas/model.ts';
import type { Page } from '../pagination.ts';
import type { AssetKind } from './kinds.ts';
import type { Asset, AssetUsage, UploadReservation, TemplateUsage } from './model.ts';

export interface LibraryFilter {
  kind?: AssetKind;
  folder?: string;
  tag?: string;
  /** true lists the trash; false (default) the live library. */
  trashed: boolean;
}

/** A canvas write that must land in the same transaction as an asset write (finalize onto a node). */
export interface CanvasWrite {
  canvas: Canvas;
  expectedVersion: number;
}

export interface AssetRepository {
  /** Stores a reservation (with a TTL at its expiry). */
  reserve(reservation: UploadReservation): Promise<void>;
  getReservation(workspaceId: string, uploadId: string): Promise<UploadReservation | undefined>;
  /** Removes a reservation; false when it was not there. */
  deleteReservation(workspaceId: string, uploadId: string): Promise<boolean>;
  /**
   * One transaction: the asset appears, the reservation goes (it must still exist), and the canvas
   * write, if any, applies on its version. Any failed condition writes nothing (ConflictError).
   */
  finalize(asset: Asset, uploadId: string, canvasWrite?: CanvasWrite): Promise<void>;
  /** A new asset (generated media); refused if the id exists. */
  create(asset: Asset): Promise<void>;
  get(workspaceId: string, assetId: string): Promise<Asset | undefined>;
  getMany(workspaceId: string, assetIds: readonly string[]): Promise<Asset[]>;
  /** Writes the asset if it is still at `expectedVersion` (ConflictError otherwise). */
  replace(asset: Asset, expectedVersion: number): Promise<void>;
  /** Deletes the record if it is still at `expectedVersion`. */
  delete(asset: Asset, expectedVersion: number): Promise<void>;
  listLibrary(
    workspaceId: string,
    filter: LibraryFilter,
    page: { limit: number; cursor?: string },
  ): Promise<Page<Asset>>;
  /** Assets uploaded or generated for a canvas. */
  listByCanvas(workspaceId: string, canvasId: string): Promise<Asset[]>;
  /** Canvases of the workspace that reference the asset (nodes) or are its canvas (attachment). */
  usages(workspaceId: string, asset: Pick<Asset, 'id' | 'canvasId'>): Promise<AssetUsage[]>;
  /** The templates whose snapshot names the asset (from their derived assetUses). */
  templateUsages(workspaceId: string, assetId: string): Promise<TemplateUsage[]>;
}

export interface PresignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry exactly as given: they are part of the signature. */
  headers: Record<string, string>;
  expiresAt: string;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
  /** Base64 SHA-256 as the store recorded it, when it did. */
  sha256: string | undefined;
}

export interface AssetStorage {
  presignUpload(input: {
    key: string;
    contentType: string;
    size: number;
    sha256: string | null;
    expiresInSeconds: number;
    now: Date;
  }): Promise<PresignedUpload>;
  /** Size, type and checksum of an object; undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  /** SHA-256 of an object's bytes, by reading them (only where the store reports no checksum). */
  sha256Of(key: string): Promise<string>;
  /** Server-side copy (the bytes never reach the function); answers the new object's version, if any. */
  copy(from: string, to: string): Promise<{ versionId: string | null }>;
  /** Deletes an object, or one version of it when given (bytes gone for good in a versioned bucket). */
  delete(key: string, versionId?: string | null): Promise<void>;
  downloadUrl(key: string, input: { fileName: string; contentType: string; expiresInSeconds: number }): Promise<string>;
}

/** What storing generated media adds: a streamed write (kept apart so upload routes do not bundle it). */
export interface GeneratedAssetStorage extends AssetStorage {
  /** Stores bytes, streamed; answers size, checksum and version. */
  put(
    key: string,
    body: Uint8Array | AsyncIterable<Uint8Array> | NodeJS.ReadableStream,
    contentType: string,
  ): Promise<{ size: number; sha256: string; versionId: string | null }>;
  /** The bytes of a stored object (a generation's input asset), refusing more than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Uint8Array>;
}
