import { describe, expect, it } from 'vitest';
import { assertEdgeFits } from '../../../../functions/core/canvas/graph.ts';
import { indexManifest } from '../../../../web/src/canvas/ports.ts';
import { fetchWarnings, probeEdge } from '../../../../web/src/canvas/warnings.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';
import { edge, manifest, node } from './fixtures.ts';

const index = indexManifest(manifest);

describe('probeEdge', () => {
  it('finds an edge the server would accept', () => {
    const doc = { nodes: [node('p', 'prompt'), node('t', 'text'), node('o', 'output')], edges: [edge('e', 'p', 'prompt-out', 't', 'text-in')] };
    const probe = probeEdge(index, doc)!;
    expect(() => assertEdgeFits(doc as never, probe)).not.toThrow();
  });

  it('finds none when nothing can be connected', () => {
    expect(probeEdge(index, { nodes: [node('p', 'prompt'), node('q', 'prompt')], edges: [] })).toBeNull();
  });
});

describe('fetchWarnings', () => {
  it('asks validate_edge with the probe and groups the warnings by node', async () => {
    const calls: unknown[] = [];
    const tools: ToolClient = {
      async call<T>(name: string, args: Record<string, unknown>) {
        calls.push({ name, args });
        return { valid: true, warnings: [{ nodeId: 'a', code: 'source-empty', message: 'no asset' }, { nodeId: 'a', code: 'x', message: 'y' }] } as T;
      },
    };
    const warnings = await fetchWarnings(tools, 'cnv_1', index, { nodes: [node('a', 'image-asset'), node('o', 'output')], edges: [] });
    expect(calls).toEqual([{ name: 'validate_edge', args: { canvasId: 'cnv_1', source: 'a', sourceHandle: 'image-out', target: 'o', targetHandle: 'value-in' } }]);
    expect(warnings!.get('a')!.map((warning) => warning.code)).toEqual(['source-empty', 'x']);
    expect(warnings!.has('o')).toBe(false);
  });
});
