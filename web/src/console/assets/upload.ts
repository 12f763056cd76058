// One file into the library: hash it, reserve (size, type and checksum bound into a presigned URL),
// PUT the bytes straight to S3, finalize. The bytes never pass through the service. A failed PUT or
// finalize cancels the reservation, so nothing half-made is left behind.
import type { ToolClient } from '../../mcp/tools.ts';
import { cancelUpload, finalizeUpload, reserveUpload, type Asset } from './assets-api.ts';
import { sha256Base64 } from './checksum.ts';

export type UploadPhase = 'hashing' | 'reserving' | 'sending' | 'finishing';

export interface PutRequest {
  url: string;
  headers: Record<string, string>;
  body: Blob;
}

/** Sends the bytes, reporting progress; rejects with a sentence a person can read. */
export type PutBytes = (
  request: PutRequest,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
) => Promise<void>;

/** Set by the browser from the body and the URL; a page may not set them (the XHR would throw). */
const BROWSER_HEADERS = new Set(['content-length', 'host']);

/** The signed headers a page sends: all of them, unchanged, except those the browser sets itself. */
export function headersToSend(signed: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(signed).filter(([name]) => !BROWSER_HEADERS.has(name.toLowerCase())));
}

export interface UploadOptions {
  folder?: string;
  tags?: string[];
  put: PutBytes;
  onPhase?: (phase: UploadPhase) => void;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  digest?: (bytes: ArrayBuffer) => Promise<string>;
}

export async function uploadFile(tools: ToolClient, file: File, options: UploadOptions): Promise<Asset> {
  options.onPhase?.('hashing');
  const sha256 = await (options.digest ?? sha256Base64)(await file.arrayBuffer());
  options.onPhase?.('reserving');
  const reservation = await reserveUpload(tools, {
    name: file.name,
    contentType: file.type,
    size: file.size,
    sha256,
    ...(options.folder ? { folder: options.folder } : {}),
    ...(options.tags?.length ? { tags: options.tags } : {}),
  });
  try {
    options.onPhase?.('sending');
    await options.put(
      { url: reservation.upload.url, headers: headersToSend(reservation.upload.headers), body: file },
      (loaded, total) => options.onProgress?.(loaded, total),
      options.signal,
    );
    options.onPhase?.('finishing');
    return await finalizeUpload(tools, reservation.uploadId);
  } catch (error) {
    // Best effort: the reservation expires by itself within a day if this call is lost too.
    await cancelUpload(tools, reservation.uploadId).catch(() => undefined);
    throw error;
  }
}
