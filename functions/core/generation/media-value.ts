// core: what a generation node puts on its media output port (`video-out`, `audio-out`) — a reference
// to the durable asset, never the bytes (a port value is capped at 1 MB and lives in the run record).
// Downstream nodes (speech-to-speech's `audio-in`) read the bytes back through the asset store; clients
// get a short-lived download URL from the asset routes.
import type { Asset } from '../assets/model.ts';
import type { AssetKind } from '../assets/kinds.ts';

export interface MediaValue {
  assetId: string;
  kind: AssetKind;
  contentType: string;
  size: number;
  name: string;
}

export function mediaValueOf(asset: Asset): MediaValue {
  return { assetId: asset.id, kind: asset.kind, contentType: asset.contentType, size: asset.size, name: asset.name };
}

export function isMediaValue(value: unknown): value is MediaValue {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<MediaValue>;
  return (
    typeof candidate.assetId === 'string' &&
    typeof candidate.contentType === 'string' &&
    typeof candidate.kind === 'string'
  );
}
