// unit: the generation examples (the OpenAPI examples the tools and docs/openapi.json show, and the curl
// lines of docs/generation*.md) give media a caller can send with `npm start` and no network: an inline
// image the job core accepts, never a placeholder host such as example.com that no fetch can reach.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';

const root = new URL('../../../', import.meta.url);
const MEDIA_FIELDS = [
  'imageUrl',
  'lastFrameUrl',
  'referenceImageUrls',
  'referenceVideoUrls',
  'referenceAudioUrls',
] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What video-jobs.ts's inline() accepts: a base64 data URL of an image type, decoding to those bytes. */
function inlineImage(value: string): Buffer | undefined {
  const match = /^data:image\/(?:png|jpeg|webp|gif);base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  return match ? Buffer.from(match[1]!, 'base64') : undefined;
}

describe('generation examples work offline', () => {
  const generation = OPERATIONS.filter((operation) => operation.name.startsWith('generate_video')).map(
    (operation) => [operation.name, operation.example!] as const,
  );

  it('covers the video generation operations', () => {
    expect(generation.map(([name]) => name).sort()).toEqual([
      'generate_video_provider_one',
      'generate_video_provider_two',
    ]);
  });

  it.each(generation)('%s gives its images inline', (_name, example) => {
    const input = example.input as Record<string, unknown>;
    const values = MEDIA_FIELDS.flatMap((field) =>
      input[field] === undefined ? [] : [input[field]].flat(),
    ) as string[];
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) {
      const bytes = inlineImage(value);
      expect(bytes, value.slice(0, 60)).toBeDefined();
      expect(bytes!.subarray(0, 8).equals(PNG_SIGNATURE), 'a real PNG').toBe(true);
    }
  });

  const pages = readdirSync(new URL('docs/', root)).filter((name) => /^generation.*\.md$/.test(name));
  it.each(pages)('docs/%s sends no media URL on a placeholder host', (page) => {
    const text = readFileSync(new URL(`docs/${page}`, root), 'utf8');
    const media = [...text.matchAll(/"(imageUrl|lastFrameUrl|reference\w*Urls)"\s*:\s*\[?\s*"([^"]*)"/g)].map(
      (match) => match[2]!,
    );
    for (const value of media) expect(value, `${page}: ${value}`).not.toMatch(/example\.(com|org|net)/);
    // Pages with curl lines for a video submit show the inline image they can send.
    if (/generate-video"/.test(text) && media.length > 0) expect(text).toContain('data:image/png;base64,');
  });
});
