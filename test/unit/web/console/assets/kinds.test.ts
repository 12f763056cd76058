import { describe, expect, it } from 'vitest';
import { ASSET_KINDS as SERVER_KINDS } from '../../../../../functions/core/assets/kinds.ts';
import {
  ACCEPTED_TYPES,
  ASSET_KINDS,
  kindOf,
  refusal,
  SOURCE_NODE_TYPE,
} from '../../../../../web/src/console/assets/kinds.ts';
import { NODE_TYPES } from '../../../../../functions/core/canvas/node-types.ts';

describe('the studio’s asset kinds', () => {
  it('are the server’s table, so the studio refuses exactly what reserve would', () => {
    expect(ASSET_KINDS).toEqual(SERVER_KINDS);
  });

  it('name a source node type the canvas has for each kind', () => {
    const types = Object.keys(NODE_TYPES);
    for (const nodeType of Object.values(SOURCE_NODE_TYPE)) expect(types).toContain(nodeType);
  });

  it('reads a content type with parameters and any case', () => {
    expect(kindOf('Image/PNG; charset=binary')).toBe('image');
    expect(kindOf('audio/flac')).toBe('audio');
    expect(kindOf('application/pdf')).toBeUndefined();
    expect(ACCEPTED_TYPES.split(',')).toContain('video/quicktime');
  });

  it('says why a file cannot be uploaded', () => {
    expect(refusal({ name: 'a.png', type: 'image/png', size: 70 })).toBeUndefined();
    expect(refusal({ name: 'notes.pdf', type: 'application/pdf', size: 10 })).toMatch(
      /^notes\.pdf is a application\/pdf file; the library takes images, videos and audio/,
    );
    expect(refusal({ name: 'mystery', type: '', size: 10 })).toMatch(/^mystery is of an unknown type/);
    expect(refusal({ name: 'empty.png', type: 'image/png', size: 0 })).toBe('empty.png is empty.');
    expect(refusal({ name: 'huge.png', type: 'image/png', size: 25 * 1024 * 1024 + 1 })).toBe(
      'huge.png is larger than the image limit of 25 MiB.',
    );
    expect(refusal({ name: 'max.png', type: 'image/png', size: 25 * 1024 * 1024 })).toBeUndefined();
  });
});
