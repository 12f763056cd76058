import { describe, expect, it } from 'vitest';
import { Folder, Tag } from '../../../../../functions/core/assets/model.ts';
import * as z from '../../../../../functions/core/schema.ts';
import {
  facets,
  isFiltered,
  listArgs,
  matchesSearch,
  NO_FILTERS,
  normalizeFolder,
  PAGE_SIZE,
  parseTags,
} from '../../../../../web/src/console/assets/filters.ts';

describe('listArgs', () => {
  it('sends only the filters set, and the trash flag always', () => {
    expect(listArgs(NO_FILTERS)).toEqual({ args: { limit: PAGE_SIZE, trashed: false } });
    expect(
      listArgs({ query: 'cat', kind: 'video', folder: ' campaigns/spring/ ', tag: ' hero ', trashed: true }),
    ).toEqual({
      args: { limit: PAGE_SIZE, trashed: true, kind: 'video', folder: '/campaigns/spring', tag: 'hero' },
    });
  });

  it('explains a folder or tag the server would refuse, instead of calling', () => {
    expect(listArgs({ ...NO_FILTERS, folder: '/a/b/c/d/e/f/g/h/i' })).toEqual({
      problem: 'A folder is at most 8 levels deep.',
    });
    expect(listArgs({ ...NO_FILTERS, tag: 'a,b' })).toEqual({ problem: 'A tag cannot hold a comma.' });
  });
});

describe('normalizeFolder', () => {
  it('makes what people type into a folder path the server accepts', () => {
    for (const [input, folder] of [
      ['', '/'],
      ['/', '/'],
      ['photos', '/photos'],
      ['/photos/2024/', '/photos/2024'],
      [' a // b ', '/a/b'],
    ] as const) {
      expect(normalizeFolder(input)).toEqual({ folder });
      expect(z.safeParse(Folder, folder).success).toBe(true);
    }
  });

  it('refuses what the server would refuse', () => {
    expect(normalizeFolder(`/${'x'.repeat(65)}`)).toEqual({
      problem: `The folder name “${'x'.repeat(20)}…” is longer than 64 characters.`,
    });
    expect(normalizeFolder('/a\u0007b')).toEqual({ problem: 'A folder name cannot hold control characters.' });
    expect(z.safeParse(Folder, '/a/b/c/d/e/f/g/h/i').success).toBe(false);
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empties and duplicates', () => {
    expect(parseTags(' cats, Dogs ,,cats ')).toEqual({ tags: ['cats', 'Dogs'] });
    expect(parseTags('')).toEqual({ tags: [] });
    for (const tag of ['cats', 'Dogs']) expect(z.safeParse(Tag, tag).success).toBe(true);
  });

  it('refuses more than 20 tags or a tag over 40 characters', () => {
    expect(parseTags(Array.from({ length: 21 }, (_, index) => `t${index}`).join(','))).toEqual({
      problem: 'An asset takes at most 20 tags; that is 21.',
    });
    expect(parseTags('y'.repeat(41))).toEqual({
      problem: `The tag “${'y'.repeat(20)}…” is longer than 40 characters.`,
    });
  });
});

describe('search and facets', () => {
  const assets = [
    { name: 'Hero shot.png', tags: ['spring'], folder: '/campaigns' },
    { name: 'voice.mp3', tags: [], folder: '/' },
    { name: 'clip.mp4', tags: ['Spring', 'b-roll'], folder: '/campaigns' },
  ];

  it('matches names and tags, ignoring case', () => {
    expect(assets.filter((asset) => matchesSearch(asset, 'hero')).map((asset) => asset.name)).toEqual([
      'Hero shot.png',
    ]);
    expect(assets.filter((asset) => matchesSearch(asset, 'SPRING')).map((asset) => asset.name)).toEqual([
      'Hero shot.png',
      'clip.mp4',
    ]);
    expect(assets.filter((asset) => matchesSearch(asset, '  ')).length).toBe(3);
  });

  it('lists every folder and tag once, sorted', () => {
    expect(facets(assets)).toEqual({ folders: ['/', '/campaigns'], tags: ['b-roll', 'spring', 'Spring'] });
  });

  it('knows when filters narrow the list', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, trashed: true })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, kind: 'audio' })).toBe(true);
  });
});
