// The bench's branching canvases: the shape issue 33 asks for (1,000 nodes, 100 branches, 50 merges;
// 90 % behind a branch), accepted by the canvas's own schema and run by the real engine.
import { describe, expect, it } from 'vitest';
import { CanvasEdit, applyEdit, assertCanvasFits } from '../../../functions/core/canvas/edits.ts';
import { advance } from '../../../functions/core/runs/engine.ts';
import { EXECUTORS } from '../../../functions/core/runs/executors.ts';
import { newExecution } from '../../../functions/core/runs/lifecycle.ts';
import {
  type CanvasSpec,
  branchingCanvas,
  frozenGraph,
  patchOperations,
  skippingCanvas,
} from '../../../scripts/bench/branching-canvases.ts';
import { emptyCanvas } from '../support/canvases.ts';

const count = (spec: CanvasSpec, type: string) => spec.nodes.filter((node) => node.type === type).length;

async function run(spec: CanvasSpec, inputs: Record<string, unknown> = {}) {
  const graph = frozenGraph(spec);
  const execution = newExecution({
    workspaceId: 'ws_test',
    canvasId: 'cnv_test',
    triggerNodeId: spec.triggerNodeId,
    trigger: { kind: 'api' },
    inputs,
    callbackUrl: undefined,
    graph,
    now: new Date('2026-12-01T00:00:00Z'),
  });
  const outcome = await advance(execution, graph, EXECUTORS, () => new Date().toISOString());
  const statuses = Object.values(execution.nodes).map((node) => node.status);
  return {
    outcome,
    execution,
    skipped: statuses.filter((status) => status === 'skipped').length,
    succeeded: statuses.filter((status) => status === 'succeeded').length,
  };
}

describe('bench branching canvases', () => {
  it('builds 1,000 nodes with 100 branches and 50 merges, and 100 nodes of the same shape', () => {
    const large = branchingCanvas(1000);
    const small = branchingCanvas(100);

    expect(large.nodes).toHaveLength(1000);
    expect(count(large, 'if') + count(large, 'switch')).toBe(100);
    expect(count(large, 'merge')).toBe(50);
    expect(small.nodes).toHaveLength(100);
    expect(count(small, 'if') + count(small, 'switch')).toBe(10);
    expect(count(small, 'merge')).toBe(5);
    expect(new Set(large.nodes.map((node) => node.id)).size).toBe(1000);
  });

  it('makes canvas/patch operations a canvas accepts, within its size limit', () => {
    const canvas = emptyCanvas();

    for (const operation of patchOperations(branchingCanvas(1000)))
      applyEdit(canvas, CanvasEdit.parse(operation), '2026-12-01T00:00:00.000Z');

    expect(canvas.nodes).toHaveLength(1000);
    expect(() => assertCanvasFits(canvas)).not.toThrow();
  });

  it('runs to success in the engine, each branch taking one side and skipping the rest', async () => {
    const { outcome, execution, skipped, succeeded } = await run(branchingCanvas(100));

    expect(outcome.status).toBe('succeeded');
    expect(skipped).toBeGreaterThan(0);
    expect(succeeded + skipped).toBe(100);
    expect(execution.result).toHaveProperty('o');
  });

  it('puts 90 % of the skipping canvas behind its gate: skipped when not taken, run when taken', async () => {
    const spec = skippingCanvas(1000, 45);

    const notTaken = await run(spec, { take: false });
    const taken = await run(spec, { take: true });

    expect(spec.nodes).toHaveLength(1000);
    expect(notTaken.outcome.status).toBe('succeeded');
    expect(notTaken.skipped).toBe(902);
    expect(taken.outcome.status).toBe('succeeded');
    expect(taken.execution.result).toHaveProperty('ot');
    expect(skippingCanvas(98, 0).nodes).toHaveLength(98);
  });
});
