// What the library accepts, as the server's table has it (functions/core/assets/kinds.ts; a unit test
// keeps the two equal): the studio refuses a file no kind takes before reserving, and names the limit.

const MiB = 1024 * 1024;

export const ASSET_KINDS = {
  image: {
    contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/svg+xml'],
    maxBytes: 25 * MiB,
  },
  video: { contentTypes: ['video/mp4', 'video/webm', 'video/quicktime'], maxBytes: 1024 * MiB },
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
} as const;

export type AssetKind = keyof typeof ASSET_KINDS;
export const ASSET_KIND_IDS = Object.keys(ASSET_KINDS) as AssetKind[];

/** For the file picker's `accept`: every content type some kind takes. */
export const ACCEPTED_TYPES = ASSET_KIND_IDS.flatMap((kind) => ASSET_KINDS[kind].contentTypes).join(',');

/** The source node that feeds a kind of asset to a run (docs/assets.md, Usages, place and canvas assets). */
export const SOURCE_NODE_TYPE: Record<AssetKind, string> = {
  image: 'image-asset',
  video: 'video-asset',
  audio: 'audio-asset',
};

export function kindOf(contentType: string): AssetKind | undefined {
  const bare = contentType.split(';')[0]!.trim().toLowerCase();
  return ASSET_KIND_IDS.find((kind) => (ASSET_KINDS[kind].contentTypes as readonly string[]).includes(bare));
}

/**
 * Why a file cannot be uploaded, in words, or undefined when it can. Browsers give some files no type
 * (an empty string), which no kind accepts either.
 */
export function refusal(file: { name: string; type: string; size: number }): string | undefined {
  const kind = kindOf(file.type);
  if (!kind)
    return (
      `${file.name} is ${file.type ? `a ${file.type} file` : 'of an unknown type'}; ` +
      'the library takes images, videos and audio ' +
      '(PNG, JPEG, WebP, GIF, AVIF, SVG, MP4, WebM, MOV, MP3, WAV, OGG, AAC, FLAC).'
    );
  if (file.size < 1) return `${file.name} is empty.`;
  const { maxBytes } = ASSET_KINDS[kind];
  if (file.size > maxBytes) return `${file.name} is larger than the ${kind} limit of ${maxBytes / MiB} MiB.`;
  return undefined;
}
