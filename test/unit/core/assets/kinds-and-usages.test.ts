// unit: the asset kinds table (content types and limits, defined once) and the asset references a
// canvas carries (derived from its nodes' data.assetId).
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { ASSET_KINDS, assertAcceptable, kindOf } from '#core/assets/kinds';
import { assetReferences } from '#core/assets/usages';
import { canvasItem } from '#adapters/dynamodb/canvas-repository';
import type { Canvas, CanvasNode } from '#core/canvas/model';

describe('asset kinds', () => {
  it('maps each accepted content type to its kind, ignoring case and parameters', () => {
    // Assess
    expect(kindOf('image/PNG')).toBe('image');
    expect(kindOf('video/mp4; codecs="avc1"')).toBe('video');
    expect(kindOf('audio/mpeg')).toBe('audio');
    expect(kindOf('application/pdf')).toBeUndefined();
    expect(kindOf('text/html')).toBeUndefined();
  });

  it('accepts a size up to the kind limit and refuses one byte more, zero, fractions and unknown types', () => {
    // Assess
    expect(assertAcceptable('image/png', ASSET_KINDS.image.maxBytes)).toBe('image');
    expect(() => assertAcceptable('image/png', ASSET_KINDS.image.maxBytes + 1)).toThrow(/over the image limit/);
    expect(() => assertAcceptable('audio/wav', 0)).toThrow(ValidationError);
    expect(() => assertAcceptable('audio/wav', 1.5)).toThrow(/positive whole number/);
    expect(() => assertAcceptable('application/x-msdownload', 10)).toThrow(/not accepted/);
  });

  it('gives every kind at least one type and a limit a single presigned PUT can carry (S3: 5 GB)', () => {
    // Assess
    for (const kind of Object.values(ASSET_KINDS)) {
      expect(kind.contentTypes.length).toBeGreaterThan(0);
      expect(kind.maxBytes).toBeLessThanOrEqual(5 * 1024 ** 3);
    }
  });
});

const node = (id: string, data: Record<string, unknown>): CanvasNode => ({
  id,
  type: 'text',
  position: { x: 0, y: 0 },
  data,
  createdAt: 'a',
  updatedAt: 'a',
});
const ASSET_A = 'ast_01jd8xa2m4p6r8t0v2x4z6b8d0';
const ASSET_B = 'ast_01jd8xa2m4p6r8t0v2x4z6b8d1';

describe('asset references of a canvas', () => {
  it('lists, per asset, the nodes whose data names it, in node order', () => {
    // Act
    const uses = assetReferences({
      nodes: [
        node('n1', { assetId: ASSET_A }),
        node('n2', {}),
        node('n3', { assetId: ASSET_B }),
        node('n4', { assetId: ASSET_A }),
      ],
    });
    // Assess
    expect(uses).toEqual({ [ASSET_A]: ['n1', 'n4'], [ASSET_B]: ['n3'] });
  });

  it('is carried by the stored canvas item (assetUses), and omitted when no node names an asset', () => {
    // Prepare
    const canvas: Canvas = {
      id: 'cnv_x',
      workspaceId: 'ws_x',
      name: 'c',
      archived: false,
      archivedAt: null,
      version: 1,
      createdAt: 'a',
      updatedAt: 'a',
      viewport: { x: 0, y: 0, zoom: 1 },
      nodes: [node('n1', { assetId: ASSET_A })],
      edges: [],
    };
    // Act
    const withAsset = canvasItem(canvas);
    const without = canvasItem({ ...canvas, nodes: [node('n1', {})] });
    // Assess
    expect(withAsset.assetUses).toEqual({ [ASSET_A]: ['n1'] });
    expect('assetUses' in without).toBe(false);
  });
});
