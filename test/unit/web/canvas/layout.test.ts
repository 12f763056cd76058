import { describe, expect, it } from 'vitest';
import {
  FALLBACK_SIZE,
  layoutOperations,
  layoutPositions,
  topLeftFromCentre,
} from '../../../../web/src/canvas/layout.ts';

describe('layout', () => {
  it('converts a centre point to the top-left corner', () => {
    expect(topLeftFromCentre({ x: 100, y: 50 }, { width: 40, height: 20 })).toEqual({ x: 80, y: 40 });
  });

  it('lays a chain out left to right without overlaps', () => {
    const nodes = [
      { id: 'a', position: { x: 0, y: 0 }, size: { width: 200, height: 100 } },
      { id: 'b', position: { x: 0, y: 0 } },
      { id: 'c', position: { x: 0, y: 0 }, size: { width: 100, height: 300 } },
    ];
    const positions = layoutPositions(nodes, [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
    ]);
    const a = positions.get('a')!;
    const b = positions.get('b')!;
    const c = positions.get('c')!;
    expect(a.x + 200).toBeLessThanOrEqual(b.x);
    expect(b.x + FALLBACK_SIZE.width).toBeLessThanOrEqual(c.x);
    // Same rank height centre: top-left corners differ by half the height difference.
    expect(a.y + 50 - (c.y + 150)).toBe(0);
  });

  it('moves only nodes not already in place, so a second layout is a no-op', () => {
    const nodes = [
      { id: 'a', position: { x: 0, y: 0 } },
      { id: 'b', position: { x: 0, y: 0 } },
    ];
    const edges = [{ source: 'a', target: 'b' }];
    const ops = layoutOperations(nodes, edges);
    expect(ops.length).toBeGreaterThan(0);
    const moved = nodes.map((node) => {
      const op = ops.find((candidate) => candidate.op === 'node/move' && candidate.nodeId === node.id);
      return op && op.op === 'node/move' ? { ...node, position: op.position } : node;
    });
    expect(layoutOperations(moved, edges)).toEqual([]);
  });
});
