// core: the asset record, the upload reservation, and the schemas of their fields.
import * as z from '../schema.ts';
import { idPattern } from '../ids.ts';
import type { AssetKind } from './kinds.ts';

export const ASSET_ID_PREFIX = 'ast';
export const UPLOAD_ID_PREFIX = 'upl';

export const AssetId = z.string().check(z.regex(idPattern(ASSET_ID_PREFIX), 'is not an asset id (ast_…)'));
export const UploadId = z.string().check(z.regex(idPattern(UPLOAD_ID_PREFIX), 'is not an upload id (upl_…)'));
export const AssetName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(255),
    z.regex(/^[^\u0000-\u001f\u007f]*$/, 'must not hold control characters'),
  );
/** `/` is the root; otherwise `/a/b` — up to 8 segments of 1–64 characters, no control characters. */
export const Folder = z
  .string()
  .check(
    z.maxLength(512),
    z.regex(
      /^\/$|^(\/[^/\u0000-\u001f\u007f]{1,64}){1,8}$/,
      'must be / or /segment/… (up to 8 segments of 1–64 characters, no trailing /)',
    ),
  );
export const Tag = z
  .string()
  .check(
    z.trim(),
    z.minLength(1),
    z.maxLength(40),
    z.regex(/^[^\u0000-\u001f\u007f,]*$/, 'must not hold commas or control characters'),
  );
export const Tags = z.array(Tag).check(z.maxLength(20));
/** Base64 of the 32-byte SHA-256 digest, as S3's x-amz-checksum-sha256 carries it. */
export const Sha256Base64 = z
  .string()
  .check(z.regex(/^[A-Za-z0-9+/]{43}=$/, 'must be the base64 SHA-256 digest (44 characters)'));

/** Where an asset came from: uploaded by a client, or produced by a run (the generation nodes). */
export type AssetSource =
  | { type: 'upload'; uploadId: string }
  | { type: 'generated'; executionId?: string; provider?: string; detail?: Record<string, string> };

export interface Asset {
  id: string;
  workspaceId: string;
  kind: AssetKind;
  name: string;
  contentType: string;
  size: number;
  /** Base64 SHA-256 of the bytes when known (declared at reserve and checked by S3, or computed on store). */
  sha256: string | null;
  /** Object key of the bytes in the media bucket. */
  storageKey: string;
  /** S3 version of those bytes (versioned bucket), so purge deletes the version itself; null where none. */
  storageVersionId: string | null;
  /** The canvas the asset was uploaded or generated for; it counts as a usage while the canvas exists. */
  canvasId: string | null;
  /** In the workspace library (library uploads, promoted canvas assets). */
  library: boolean;
  folder: string;
  tags: string[];
  trashedAt: string | null;
  source: AssetSource;
  /** Bumped by every change; writes are conditioned on it. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A presigned upload waiting for its bytes: finalize turns it into an Asset, cancel or expiry removes it. */
export interface UploadReservation {
  id: string;
  workspaceId: string;
  /** Chosen at reserve, so a retried finalize writes the same asset (and the same durable key). */
  assetId: string;
  /** `canvas`: the r2-upload routes (attached to canvasId); `library`: the workspace library routes. */
  target: 'canvas' | 'library';
  canvasId: string | null;
  folder: string;
  tags: string[];
  name: string;
  kind: AssetKind;
  contentType: string;
  size: number;
  sha256: string | null;
  /** Object key the presigned PUT writes to (under PENDING_PREFIX, which a lifecycle rule expires). */
  pendingKey: string;
  /** After this the reservation is void, whatever DynamoDB TTL has or has not deleted yet. */
  expiresAt: string;
  createdAt: string;
}

/** Object keys: pending uploads under a prefix the bucket expires; durable bytes per workspace. */
export const PENDING_PREFIX = 'uploads/pending/';
export const pendingKeyOf = (workspaceId: string, uploadId: string) => `${PENDING_PREFIX}${workspaceId}/${uploadId}`;
export const durableKeyOf = (workspaceId: string, assetId: string) => `assets/${workspaceId}/${assetId}`;

/** A template whose frozen nodes name the asset: `use_template` would place it on a new canvas. */
export interface TemplateUsage {
  templateId: string;
  templateName: string;
  nodeIds: string[];
}

/** Which canvases and nodes reference an asset. */
export interface AssetUsage {
  canvasId: string;
  canvasName: string;
  /** Nodes whose data names the asset (data.assetId); empty when it is attached to the canvas only. */
  nodeIds: string[];
  /** Whether the canvas is where the asset was uploaded or generated (its canvas attachment). */
  attached: boolean;
}
