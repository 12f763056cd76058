// unit: retry, error-out and wait as entries of the one node-type table — every type that can fail has
// error-out and a retry field in the port manifest (and nothing else has), patch_canvas adds a wait
// node, a retry policy and an error-out edge and refuses a policy past its limits, the canvas warns
// about a wait node that does not say how long, and a wait node costs nothing.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { ERROR_OUT } from '#core/canvas/failure-handling';
import { portManifest } from '#core/canvas/node-types';
import { applyEdits } from '#core/canvas/use-cases';
import { canvasWarnings } from '#core/canvas/warnings';
import { priceBookFrom } from '#core/credits/prices';
import { emptyCanvas, node, op } from '../../support/canvases.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { me, seedPipeline } from './seed.ts';

const FAILABLE = [
  'http-request',
  'code',
  'video-generation',
  'audio-generation',
  'speech-to-speech',
  'if',
  'switch',
  'transform',
  'wait',
  'call-canvas',
];

describe('failure handling in the node-type table', () => {
  it('gives exactly the types that can fail an error-out port and a retry field in the port manifest', () => {
    // Act
    const types = portManifest().nodeTypes;
    const withErrorOut = types.filter((type) => type.outputs.some((port) => port.name === ERROR_OUT));
    const withRetry = types.filter((type) => 'retry' in ((type.dataSchema.properties ?? {}) as object));

    // Assess
    expect(withErrorOut.map((type) => type.type).sort()).toEqual([...FAILABLE].sort());
    expect(withRetry.map((type) => type.type).sort()).toEqual([...FAILABLE].sort());
    expect(withErrorOut[0]?.outputs.at(-1)).toEqual({ name: 'error-out', type: 'json', label: 'Error' });
  });

  it('lets patch_canvas add a wait node, a retry policy and an error-out edge, and refuses a bad policy', async () => {
    // Prepare
    const canvases = new InMemoryCanvasRepository();
    const deps = { canvases, clock: new FakeClock('2025-01-15T10:00:00.000Z') };
    seedPipeline(canvases);
    const retry = { maxAttempts: 4, intervalSeconds: 2, backoffRate: 2, maxDelaySeconds: 30, jitter: 'full' };
    const patch = (ops: ReturnType<typeof op>[]) => applyEdits(me, { canvasId: 'cnv_1' }, ops, deps);

    // Act
    const { canvas } = await patch([
      op({ op: 'node/add', id: 'pause', type: 'wait', data: { seconds: 60 } }),
      op({ op: 'node/add', id: 'shape', type: 'transform', data: { expression: '$', retry } }),
      op({ op: 'node/add', id: 'out', type: 'output' }),
      op({ op: 'edge/add', source: 'p', sourceHandle: 'prompt-out', target: 'pause', targetHandle: 'value-in' }),
      op({ op: 'edge/add', source: 'pause', sourceHandle: 'value-out', target: 'shape', targetHandle: 'value-in' }),
      op({ op: 'edge/add', source: 'shape', sourceHandle: 'error-out', target: 'out', targetHandle: 'value-in' }),
    ]);
    const tooMany = patch([
      op({ op: 'node/add', id: 'x', type: 'transform', data: { expression: '$', retry: { maxAttempts: 11 } } }),
    ]);
    const onText = patch([op({ op: 'node/add', id: 'y', type: 'text', data: { retry: { maxAttempts: 2 } } })]);
    const tooLong = patch([op({ op: 'node/add', id: 'z', type: 'wait', data: { seconds: 8 * 86_400 } })]);

    // Assess
    expect(canvas.nodes.find((each) => each.id === 'shape')?.data.retry).toEqual(retry);
    expect(canvas.edges.map((each) => each.sourceHandle)).toEqual(['prompt-out', 'value-out', 'error-out']);
    await expect(tooMany).rejects.toThrow(ValidationError);
    await expect(onText).rejects.toThrow(ValidationError);
    await expect(tooLong).rejects.toThrow(ValidationError);
  });

  it('warns about a wait node that sets none or several of seconds, until and untilExpression', () => {
    // Prepare
    const canvas = emptyCanvas({
      nodes: [
        node('unset', 'wait'),
        node('both', 'wait', { data: { seconds: 5, until: '2026-01-01T00:00:00Z' } }),
        node('fine', 'wait', { data: { untilExpression: '$run.inputs.at' } }),
        node('broken', 'wait', { data: { untilExpression: '$fromMillis(' } }),
      ],
    });

    // Act
    const warnings = canvasWarnings(canvas);

    // Assess
    expect(warnings.map((warning) => [warning.nodeId, warning.code])).toEqual([
      ['unset', 'wait-unset'],
      ['both', 'wait-unset'],
      ['broken', 'expression-invalid'],
    ]);
    expect(warnings[1]?.message).toBe(
      'Node both (wait): set exactly one of seconds, until and untilExpression (seconds, until set)',
    );
  });

  it('prices a metered node with a retry policy once: a failed attempt is never charged', () => {
    // Prepare
    const speak = (data: Record<string, unknown>) =>
      emptyCanvas({ nodes: [node('speak', 'audio-generation', { data: { text: 'Hello there', ...data } })] });
    // Act
    const once = estimateCanvasCost(speak({}), priceBookFrom({}));
    const retried = estimateCanvasCost(speak({ retry: { maxAttempts: 5, errors: ['all'] } }), priceBookFrom({}));
    // Assess
    expect(once.totalCredits).toBeGreaterThan(0);
    expect(retried.totalCredits).toBe(once.totalCredits);
  });

  it('prices a wait node at nothing', () => {
    // Act
    const estimate = estimateCanvasCost(
      emptyCanvas({ nodes: [node('pause', 'wait', { data: { seconds: 5 } })] }),
      priceBookFrom({}),
    );
    // Assess
    expect(estimate).toMatchObject({ nodes: [], totalCredits: 0, complete: true });
  });
});
