// unit: fitViewport (pan and zoom that show every node) and assertCanvasFits (the one-item size limit).
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '#core/errors';
import { CANVAS_MAX_BYTES, type CanvasNode } from '#core/canvas/model';
import { assertCanvasFits, fitViewport } from '#core/canvas/edits';
import { emptyCanvas, node } from '../../support/canvases.ts';

const SCREEN = { width: 1280, height: 800, padding: 40 };
const DEFAULT_SIZE = { width: 320, height: 200 };

/** Where a node's corners land on the screen under `viewport` (screen = world × zoom + pan). */
function screenBox(n: CanvasNode, viewport: { x: number; y: number; zoom: number }) {
  const size = n.size ?? DEFAULT_SIZE;
  return {
    left: n.position.x * viewport.zoom + viewport.x,
    top: n.position.y * viewport.zoom + viewport.y,
    right: (n.position.x + size.width) * viewport.zoom + viewport.x,
    bottom: (n.position.y + size.height) * viewport.zoom + viewport.y,
  };
}

/** Every node lies within `margin` pixels of the screen's edges (0: merely on screen). */
function expectInside(
  nodes: CanvasNode[],
  viewport: { x: number; y: number; zoom: number },
  screen = SCREEN,
  margin = 0,
) {
  // The viewport is rounded to 3 decimals; allow a hundredth of a pixel for the pan.
  const slack = 0.01;
  for (const n of nodes) {
    const box = screenBox(n, viewport);
    expect(box.left, `${n.id} left`).toBeGreaterThanOrEqual(margin - slack);
    expect(box.top, `${n.id} top`).toBeGreaterThanOrEqual(margin - slack);
    expect(box.right, `${n.id} right`).toBeLessThanOrEqual(screen.width - margin + slack);
    expect(box.bottom, `${n.id} bottom`).toBeLessThanOrEqual(screen.height - margin + slack);
  }
}

describe('fitViewport', () => {
  it('returns the identity viewport for an empty canvas', () => {
    // Act
    const viewport = fitViewport([], SCREEN);

    // Assess
    expect(viewport).toEqual({ x: 0, y: 0, zoom: 1 });
  });

  it('centres a single unsized node at zoom 1 using the default node size', () => {
    // Prepare
    const nodes = [node('a', 'text', { position: { x: 100, y: 50 } })];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess: (1280 − 320) / 2 − 100 = 380; (800 − 200) / 2 − 50 = 250
    expect(viewport).toEqual({ x: 380, y: 250, zoom: 1 });
    const box = screenBox(nodes[0]!, viewport);
    expect(box.left + box.right).toBe(SCREEN.width);
    expect(box.top + box.bottom).toBe(SCREEN.height);
  });

  it('caps the zoom at 1 for a small layout rather than magnifying it', () => {
    // Prepare
    const nodes = [node('a', 'text', { position: { x: 0, y: 0 }, size: { width: 10, height: 10 } })];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess
    expect(viewport.zoom).toBe(1);
  });

  it('zooms out below 1 for a layout wider than the screen, limited by the width', () => {
    // Prepare: 0 … 2400 wide, 200 high; usable width 1200 → zoom 0.5
    const nodes = [node('a', 'text', { position: { x: 0, y: 0 } }), node('b', 'text', { position: { x: 2080, y: 0 } })];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess
    expect(viewport.zoom).toBe(0.5);
    expect(viewport).toEqual({ x: 40, y: 350, zoom: 0.5 });
    expectInside(nodes, viewport, SCREEN, SCREEN.padding);
  });

  it('zooms out limited by the height for a tall layout', () => {
    // Prepare: 1440 high; usable height 720 → zoom 0.5
    const nodes = [
      node('a', 'text', { position: { x: 0, y: 0 }, size: { width: 100, height: 100 } }),
      node('b', 'text', { position: { x: 0, y: 1340 }, size: { width: 100, height: 100 } }),
    ];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess
    expect(viewport.zoom).toBe(0.5);
    expectInside(nodes, viewport, SCREEN, SCREEN.padding);
  });

  it('keeps every node of a scattered layout with negative coordinates inside the screen', () => {
    // Prepare
    const nodes = [
      node('a', 'prompt', { position: { x: -1500, y: -300 } }),
      node('b', 'text', { position: { x: 700, y: 1200 }, size: { width: 500, height: 80 } }),
      node('c', 'output', { position: { x: 3100.5, y: -777 }, size: { width: 40, height: 40 } }),
      node('d', 'video-generation', { position: { x: 0, y: 0 } }),
    ];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess
    expect(viewport.zoom).toBeGreaterThan(0);
    expect(viewport.zoom).toBeLessThan(1);
    expectInside(nodes, viewport);
  });

  it('keeps every node on screen when the fitted zoom is small and would round up', () => {
    // Prepare: no padding; the exact zoom is 1000 / 95238 ≈ 0.0105000, which rounds to 0.011
    const screen = { width: 1000, height: 1000, padding: 0 };
    const nodes = [
      node('a', 'text', { position: { x: 0, y: 0 }, size: { width: 100, height: 100 } }),
      node('b', 'text', { position: { x: 95_138, y: 0 }, size: { width: 100, height: 100 } }),
    ];

    // Act
    const viewport = fitViewport(nodes, screen);

    // Assess: the zoom must not exceed what fits, or the outer nodes leave the screen
    expect(viewport.zoom).toBeLessThanOrEqual(1000 / 95_238);
    expectInside(nodes, viewport, screen);
  });

  it('fits a portrait screen with a large padding', () => {
    // Prepare
    const screen = { width: 390, height: 844, padding: 24 };
    const nodes = [
      node('a', 'text', { position: { x: 0, y: 0 } }),
      node('b', 'text', { position: { x: 900, y: 300 } }),
    ];

    // Act
    const viewport = fitViewport(nodes, screen);

    // Assess
    expectInside(nodes, viewport, screen);
  });

  it('rounds the viewport to three decimals', () => {
    // Prepare: usable 1200 / 2100 = 0.571428…
    const nodes = [node('a', 'text', { position: { x: 0, y: 0 } }), node('b', 'text', { position: { x: 1780, y: 0 } })];

    // Act
    const viewport = fitViewport(nodes, SCREEN);

    // Assess
    expect(viewport.zoom).toBe(0.571);
    for (const value of Object.values(viewport)) expect(Math.round(value * 1000) / 1000).toBe(value);
  });
});

describe('assertCanvasFits', () => {
  it('accepts an ordinary canvas', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: [node('a', 'text', { data: { template: 'hello' } })] });

    // Act
    const act = () => assertCanvasFits(canvas);

    // Assess
    expect(act).not.toThrow();
  });

  it('returns 413 for a canvas larger than one item allows', () => {
    // Prepare
    const canvas = emptyCanvas({
      nodes: Array.from({ length: 20 }, (_, i) =>
        node(`n${i}`, 'text', {
          document: { content: 'x'.repeat(20_000), format: 'text', updatedAt: '2025-01-15T10:00:00.000Z' },
        }),
      ),
    });

    // Act
    const act = () => assertCanvasFits(canvas);

    // Assess
    expect(act).toThrow(PayloadTooLargeError);
    expect(act).toThrow(new RegExp(`the limit is ${CANVAS_MAX_BYTES} bytes`));
  });

  it('counts bytes, not characters, so multi-byte text reaches the limit sooner', () => {
    // Prepare: 120 000 three-byte characters are 360 000 bytes, above 358 400
    const canvas = emptyCanvas({ nodes: [node('a', 'text', { data: { template: '€'.repeat(120_000) } })] });

    // Act
    const act = () => assertCanvasFits(canvas);

    // Assess
    expect(JSON.stringify(canvas).length).toBeLessThan(CANVAS_MAX_BYTES);
    expect(act).toThrow(PayloadTooLargeError);
  });
});
