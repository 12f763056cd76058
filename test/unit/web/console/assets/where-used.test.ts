import { describe, expect, it } from 'vitest';
import { whereUsed } from '../../../../../web/src/console/assets/where-used.ts';

describe('whereUsed', () => {
  it('names canvases and templates with their nodes', () => {
    expect(
      whereUsed({
        usages: [
          { canvasId: 'cnv_1', canvasName: 'Spring campaign', nodeIds: ['hero'], attached: false },
          { canvasId: 'cnv_2', canvasName: 'Upload board', nodeIds: [], attached: true },
        ],
        templates: [{ templateId: 'tpl_1', templateName: 'Launch', nodeIds: ['a', 'b'] }],
      }),
    ).toBe('canvas “Spring campaign” (node hero); canvas “Upload board”; template “Launch” (nodes a, b)');
  });

  it('is empty when nothing uses the asset', () => {
    expect(whereUsed({ usages: [], templates: [] })).toBe('');
  });
});
