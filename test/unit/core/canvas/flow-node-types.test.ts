// unit: the flow nodes are ordinary entries of the node-type table — listed by the port manifest with
// their ports and data schemas, connected by the same edge rules (an `any` pass-through fits every
// input), run by the core's instant executors (so runs of them go inline), and priced at nothing.
import { describe, expect, it } from 'vitest';
import { estimateCanvasCost } from '#core/canvas/cost-estimate';
import { assertEdgeFits } from '#core/canvas/graph';
import { NODE_TYPES, portManifest } from '#core/canvas/node-types';
import { priceBookFrom } from '#core/credits/prices';
import { EXECUTORS } from '#core/runs/executors';
import { runsInline } from '#core/runs/inline';
import { edge, emptyCanvas, node } from '../../support/canvases.ts';

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
});
