// What an output value is, so it renders as what it is: media assets (`{ assetId, kind, contentType }`,
// as generation nodes output them) as players, media URLs by their extension, a large value stored
// aside (`{ blob: { url, bytes } }`) as a link, JSON (objects, arrays, and text that parses as one) pretty
// and collapsible, everything else as text.

export type OutputKind =
  | { kind: 'text'; text: string }
  | { kind: 'json'; value: unknown }
  | { kind: 'asset'; media: 'image' | 'audio' | 'video' | 'other'; assetId: string; contentType: string; name?: string }
  | { kind: 'url'; media: 'image' | 'audio' | 'video'; url: string }
  | { kind: 'blob'; url: string; bytes?: number }
  | { kind: 'empty' };

const MEDIA_EXTENSIONS: Record<string, 'image' | 'audio' | 'video'> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mediaOf(kind: unknown, contentType: string): 'image' | 'audio' | 'video' | 'other' {
  if (kind === 'image' || kind === 'audio' || kind === 'video') return kind;
  const top = contentType.split('/')[0];
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'other';
}

function mediaUrl(text: string): 'image' | 'audio' | 'video' | undefined {
  if (!/^https?:\/\/\S+$/.test(text)) return undefined;
  const path = new URL(text).pathname.toLowerCase();
  return MEDIA_EXTENSIONS[path.slice(path.lastIndexOf('.') + 1)];
}

export function outputKind(value: unknown): OutputKind {
  if (value === undefined || value === null || value === '') return { kind: 'empty' };
  if (typeof value === 'string') {
    const media = mediaUrl(value.trim());
    if (media) return { kind: 'url', media, url: value.trim() };
    const trimmed = value.trim();
    if ((trimmed.startsWith('{') && trimmed.endsWith('}')) || (trimmed.startsWith('[') && trimmed.endsWith(']'))) {
      try {
        return { kind: 'json', value: JSON.parse(trimmed) };
      } catch {
        // Looks like JSON but is not: it is text.
      }
    }
    return { kind: 'text', text: value };
  }
  if (isRecord(value)) {
    if (typeof value.assetId === 'string' && typeof value.contentType === 'string') {
      return {
        kind: 'asset',
        media: mediaOf(value.kind, value.contentType),
        assetId: value.assetId,
        contentType: value.contentType,
        ...(typeof value.name === 'string' ? { name: value.name } : {}),
      };
    }
    if (isRecord(value.blob) && typeof value.blob.url === 'string') {
      return {
        kind: 'blob',
        url: value.blob.url,
        ...(typeof value.blob.bytes === 'number' ? { bytes: value.blob.bytes } : {}),
      };
    }
  }
  if (typeof value === 'number' || typeof value === 'boolean') return { kind: 'text', text: String(value) };
  return { kind: 'json', value };
}

/**
 * The values a node's output shows: an output node's collected `value` (one per incoming edge may be
 * an array), otherwise each output port's value with its port name.
 */
export function nodeOutputs(outputs: Record<string, unknown> | undefined): { port: string; value: unknown }[] {
  if (!outputs) return [];
  return Object.entries(outputs).map(([port, value]) => ({ port, value }));
}
