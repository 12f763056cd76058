import { describe, expect, it } from 'vitest';
import { assertEdgeFits } from '../../../../functions/core/canvas/graph.ts';
import { indexManifest } from '../../../../web/src/canvas/ports.ts';
import { fetchWarnings, probeEdge } from '../../../../web/src/canvas/warnings.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';
import { edge, manifest, node } from './fixtures.ts';

const index = indexManifest(manifest);

describe('probeEdge', () => {
  it('finds an edge the server would accept', () => {
    const doc = {
      nodes: [node('p', 'prompt'), node('t', 'text'), node('o', 'output')],
      edges: [edge('e', 'p', 'prompt-out', 't', 'text-in')],
    };
    const probe = probeEdge(index, doc)!;
    expect(() => assertEdgeFits(doc as never, probe)).not.toThrow();
  });

  it('finds none when nothing can be connected', () => {
    expect(probeEdge(index, { nodes: [node('p', 'prompt'), node('q', 'prompt')], edges: [] })).toBeNull();
  });
});

describe('fetchWarnings', () => {
  const doc = { nodes: [node('a', 'image-asset'), node('o', 'output')], edges: [] };
  const answered = [
    { nodeId: 'a', code: 'source-empty', message: 'no asset' },
    { nodeId: 'a', code: 'x', message: 'y' },
  ];

  it("takes the canvas's warnings from get_canvas, grouped by node, without probing an edge", async () => {
    const calls: unknown[] = [];
    const tools: ToolClient = {
      async call<T>(name: string, args: Record<string, unknown>) {
        calls.push({ name, args });
        if (name === 'get_canvas') return { id: 'cnv_1', nodes: doc.nodes, edges: [], warnings: answered } as T;
        throw new Error(`unexpected ${name}`);
      },
    };
    const warnings = await fetchWarnings(tools, 'cnv_1', index, doc);
    expect(calls).toEqual([{ name: 'get_canvas', args: { canvasId: 'cnv_1' } }]);
    expect(warnings!.get('a')!.map((warning) => warning.code)).toEqual(['source-empty', 'x']);
    expect(warnings!.has('o')).toBe(false);
  });

  it('falls back to validate_edge with the probe when get_canvas answers no warnings field (an older gateway)', async () => {
    const calls: unknown[] = [];
    const tools: ToolClient = {
      async call<T>(name: string, args: Record<string, unknown>) {
        calls.push({ name, args });
        if (name === 'get_canvas') return { id: 'cnv_1', nodes: doc.nodes, edges: [] } as T;
        return { valid: true, warnings: answered } as T;
      },
    };
    const warnings = await fetchWarnings(tools, 'cnv_1', index, doc);
    expect(calls).toEqual([
      { name: 'get_canvas', args: { canvasId: 'cnv_1' } },
      {
        name: 'validate_edge',
        args: { canvasId: 'cnv_1', source: 'a', sourceHandle: 'image-out', target: 'o', targetHandle: 'value-in' },
      },
    ]);
    expect(warnings!.get('a')!.map((warning) => warning.code)).toEqual(['source-empty', 'x']);
    expect(warnings!.has('o')).toBe(false);
  });
});
