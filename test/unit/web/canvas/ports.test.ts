import { describe, expect, it } from 'vitest';
import { assertEdgeFits } from '../../../../functions/core/canvas/graph.ts';
import { connectionProblem, graphView, indexManifest } from '../../../../web/src/canvas/ports.ts';
import { edge, manifest, node } from './fixtures.ts';

const index = indexManifest(manifest);
const nodes = [
  node('p', 'prompt'),
  node('t', 'text'),
  node('t2', 'text'),
  node('o', 'output'),
  node('v', 'video-generation'),
  node('s', 'speech-to-speech'),
];

describe('connectionProblem', () => {
  it('accepts a text output into a text input and anything into an any input', () => {
    const graph = graphView(nodes, []);
    expect(
      connectionProblem(index, graph, {
        source: 'p',
        sourceHandle: 'prompt-out',
        target: 't',
        targetHandle: 'text-in',
      }),
    ).toBeNull();
    expect(
      connectionProblem(index, graph, {
        source: 'v',
        sourceHandle: 'video-out',
        target: 'o',
        targetHandle: 'value-in',
      }),
    ).toBeNull();
  });

  it('refuses mismatched port types and says which types meet', () => {
    const problem = connectionProblem(index, graphView(nodes, []), {
      source: 'p',
      sourceHandle: 'prompt-out',
      target: 's',
      targetHandle: 'audio-in',
    });
    expect(problem).toBe('Prompt gives text, but Audio of Speech to speech accepts audio.');
  });

  it('refuses an edge into a trigger, a second edge into a single input, a duplicate and a loop', () => {
    const edges = [
      edge('e1', 'p', 'prompt-out', 't', 'text-in'),
      edge('e2', 't', 'text-out', 't2', 'text-in'),
      edge('e3', 'p', 'prompt-out', 'v', 'prompt-in'),
    ];
    const graph = graphView(nodes, edges);
    expect(
      connectionProblem(index, graph, { source: 't', sourceHandle: 'text-out', target: 'p', targetHandle: 'x' }),
    ).toMatch(/trigger/);
    expect(
      connectionProblem(index, graph, {
        source: 't',
        sourceHandle: 'text-out',
        target: 'v',
        targetHandle: 'prompt-in',
      }),
    ).toMatch(/takes only one/);
    expect(
      connectionProblem(index, graph, {
        source: 'p',
        sourceHandle: 'prompt-out',
        target: 't',
        targetHandle: 'text-in',
      }),
    ).toMatch(/already connected/);
    expect(
      connectionProblem(index, graph, { source: 't2', sourceHandle: 'text-out', target: 't', targetHandle: 'text-in' }),
    ).toMatch(/loop/);
    expect(
      connectionProblem(index, graph, { source: 't', sourceHandle: 'text-out', target: 't', targetHandle: 'text-in' }),
    ).toMatch(/loop/);
  });

  it('refuses unknown ports and half-made connections', () => {
    const graph = graphView(nodes, []);
    expect(
      connectionProblem(index, graph, { source: 'p', sourceHandle: 'nope', target: 't', targetHandle: 'text-in' }),
    ).toMatch(/no output port nope/);
    expect(
      connectionProblem(index, graph, { source: 'p', sourceHandle: 'prompt-out', target: 't', targetHandle: null }),
    ).toMatch(/Connect an output/);
  });

  it('agrees with the server on every pair of ports of the catalogue', () => {
    const all = manifest.nodeTypes.map((type, at) => node(`n${at}`, type.type));
    const existing = [edge('e0', 'n0', 'prompt-out', all.find((n) => n.type === 'text')!.id, 'text-in')];
    const graph = graphView(all, existing);
    let checked = 0;
    for (const source of all) {
      for (const output of index.types.get(source.type)!.outputs) {
        for (const target of all) {
          const inputs = index.types.get(target.type)!.inputs;
          for (const input of inputs.length > 0 ? inputs : [{ name: 'none' }]) {
            const attempt = {
              source: source.id,
              sourceHandle: output.name,
              target: target.id,
              targetHandle: input.name,
            };
            let serverAccepts = true;
            try {
              assertEdgeFits({ nodes: all as never, edges: existing as never }, attempt);
            } catch {
              serverAccepts = false;
            }
            expect(connectionProblem(index, graph, attempt) === null, JSON.stringify(attempt)).toBe(serverAccepts);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
