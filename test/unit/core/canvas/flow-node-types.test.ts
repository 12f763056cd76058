// unit: the flow nodes are ordinary entries of the node-type table — listed by the port manifest with
// their ports and data schemas, connected by the same edge rules (an `any` pass-through fits every
// input), run by the core's instant executors (so runs of them go inline), and priced at nothing.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { applyEdits } from '#core/canvas/use-cases';
import { assertEdgeFits } from '#core/canvas/graph';
import { NODE_TYPES, portManifest } from '#core/canvas/node-types';
import { priceBookFrom } from '#core/credits/prices';
import { EXECUTORS } from '#core/runs/executors';
import { runsInline } from '#core/runs/inline';
import { edge, emptyCanvas, node, op } from '../../support/canvases.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { me, seedPipeline } from './seed.ts';

const FLOW_TYPES = ['if', 'switch', 'merge', 'transform'] as const;

describe('flow node types', () => {
  it('are in the port manifest, in the flow category, with typed ports and a data schema', () => {
    // Act
    const listed = portManifest().nodeTypes.filter((entry) => (FLOW_TYPES as readonly string[]).includes(entry.type));

    // Assess
    expect(listed.map((entry) => [entry.type, entry.category, entry.available])).toEqual(
      FLOW_TYPES.map((type) => [type, 'flow', true]),
    );
    expect(listed.find((entry) => entry.type === 'if')?.outputs.map((port) => port.name)).toEqual([
      'true-out',
      'false-out',
      'error-out',
    ]);
    expect(listed.find((entry) => entry.type === 'switch')?.dataSchema.properties).toHaveProperty('cases');
    expect(NODE_TYPES.merge.inputs).toEqual([{ name: 'value-in', type: 'any', label: 'Values', multiple: true }]);
  });

  it('connect a branch output to a text input and an image input (a pass-through carries any type)', () => {
    // Prepare
    const canvas = emptyCanvas({
      nodes: [node('check', 'if'), node('tpl', 'text'), node('video', 'video-generation')],
      edges: [],
    });

    // Act
    const toText = () => assertEdgeFits(canvas, edge('e1', 'check', 'true-out', 'tpl', 'text-in'));
    const toImage = () => assertEdgeFits(canvas, edge('e2', 'check', 'false-out', 'video', 'image-in'));

    // Assess
    expect(toText).not.toThrow();
    expect(toImage).not.toThrow();
  });

  it('are run by instant executors, so a run of flow and text nodes goes inline', () => {
    // Act
    const kinds = FLOW_TYPES.map((type) => EXECUTORS[type]?.kind);
    const inline = runsInline({ nodes: FLOW_TYPES.map((type) => node(`n-${type}`, type)), edges: [] });

    // Assess
    expect(kinds).toEqual(['instant', 'instant', 'instant', 'instant']);
    expect(inline).toBe(true);
  });

  it('cost nothing in the estimate', () => {
    // Prepare
    const canvas = emptyCanvas({ nodes: FLOW_TYPES.map((type) => node(`n-${type}`, type)), edges: [] });

    // Act
    const estimate = estimateCanvasCost(canvas, priceBookFrom({}));

    // Assess
    expect(estimate).toMatchObject({ nodes: [], totalCredits: 0, complete: true });
  });

  it('are added and connected by patch_canvas (applyEdits), their data checked by their schema', async () => {
    // Prepare
    const canvases = new InMemoryCanvasRepository();
    const deps = { canvases, clock: new FakeClock('2025-01-15T10:00:00.000Z') };
    seedPipeline(canvases);
    const nineCases = Array.from({ length: 9 }, (_, index) => ({ name: `c${index}`, condition: 'true' }));

    // Act
    const { canvas } = await applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [
        op({ op: 'node/add', id: 'route', type: 'switch', data: { cases: [{ name: 'de', condition: "c = 'DE'" }] } }),
        op({ op: 'node/add', id: 'merged', type: 'merge', data: { mode: 'object' } }),
        op({ op: 'edge/add', source: 'p', sourceHandle: 'prompt-out', target: 'route', targetHandle: 'value-in' }),
        op({ op: 'edge/add', source: 'route', sourceHandle: 'case-1-out', target: 'merged', targetHandle: 'value-in' }),
        op({
          op: 'edge/add',
          source: 'route',
          sourceHandle: 'default-out',
          target: 'merged',
          targetHandle: 'value-in',
        }),
      ],
      deps,
    );
    const tooMany = applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [op({ op: 'node/add', id: 'big', type: 'switch', data: { cases: nineCases } })],
      deps,
    );

    // Assess
    expect(canvas.nodes.map((each) => each.type)).toEqual(['prompt', 'text', 'switch', 'merge']);
    expect(canvas.edges).toHaveLength(3);
    await expect(tooMany).rejects.toThrow(ValidationError);
  });
});
