// core: the kinds of asset the service stores — which content types each accepts and how large one may
// be — defined once. Reserve, verify, finalize and generated media all check against this table, and
// docs/assets.md lists it.
import { ValidationError } from '../errors.ts';

const MiB = 1024 * 1024;

export const ASSET_KINDS = {
  image: {
    contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'],
    maxBytes: 25 * MiB,
  },
  video: {
    contentTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
    // One presigned PUT carries it (S3 takes up to 5 GB in one PUT; a browser rarely does well past this).
    maxBytes: 1024 * MiB,
  },
  audio: {
    contentTypes: [
      'audio/mpeg',
      'audio/wav',
      'audio/x-wav',
      'audio/ogg',
      'audio/webm',
      'audio/mp4',
      'audio/aac',
      'audio/flac',
    ],
    maxBytes: 200 * MiB,
  },
} as const satisfies Record<string, { contentTypes: readonly string[]; maxBytes: number }>;

export type AssetKind = keyof typeof ASSET_KINDS;
export const ASSET_KIND_IDS = Object.keys(ASSET_KINDS) as AssetKind[];

/** The kind a content type belongs to, or undefined when no kind accepts it. */
export function kindOf(contentType: string): AssetKind | undefined {
  const bare = contentType.split(';')[0]!.trim().toLowerCase();
  return ASSET_KIND_IDS.find((kind) => (ASSET_KINDS[kind].contentTypes as readonly string[]).includes(bare));
}

/** Checks a declared content type and size against the kinds; answers the kind (400 otherwise). */
export function assertAcceptable(contentType: string, size: number): AssetKind {
  const kind = kindOf(contentType);
  if (!kind) {
    const accepted = ASSET_KIND_IDS.flatMap((id) => ASSET_KINDS[id].contentTypes).join(', ');
    throw new ValidationError(`contentType ${contentType} is not accepted; use one of ${accepted}`);
  }
  if (!Number.isInteger(size) || size < 1) throw new ValidationError('size must be a positive whole number of bytes');
  const { maxBytes } = ASSET_KINDS[kind];
  if (size > maxBytes) throw new ValidationError(`size ${size} is over the ${kind} limit of ${maxBytes} bytes`);
  return kind;
}
