import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEditor } from '../../../../web/src/canvas/store.ts';
import { applyOperations } from '../../../../web/src/canvas/operations.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';
import type { Canvas, CanvasOperation } from '../../../../web/src/canvas/types.ts';
import { edge, manifest, node } from './fixtures.ts';

function fakeTools(initial: Canvas) {
  let canvas = structuredClone(initial);
  const patches: CanvasOperation[][] = [];
  const tools: ToolClient = {
    async call<T>(name: string, args: Record<string, unknown>): Promise<T> {
      if (name === 'get_port_manifest') return manifest as T;
      if (name === 'get_canvas') return structuredClone(canvas) as T;
      if (name === 'validate_edge') return { valid: true, warnings: [] } as T;
      if (name === 'patch_canvas') {
        const ops = args.operations as CanvasOperation[];
        patches.push(ops);
        const doc = applyOperations(canvas, ops);
        canvas = { ...canvas, nodes: [...doc.nodes], edges: [...doc.edges], version: canvas.version + 1 };
        return structuredClone({ canvasId: canvas.id, canvasVersion: canvas.version, results: [], canvas }) as T;
      }
      throw new Error(name);
    },
  };
  return { tools, patches, server: () => canvas };
}

const base: Canvas = {
  id: 'cnv_1',
  name: 'c',
  workspaceId: 'ws_1',
  version: 1,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  viewport: { x: 0, y: 0, zoom: 1 },
  nodes: [node('p', 'prompt'), node('t', 'text', 300), node('s', 'speech-to-speech', 600)],
  edges: [edge('e1', 'p', 'prompt-out', 't', 'text-in')],
};

afterEach(() => vi.useRealTimers());

async function open() {
  vi.useFakeTimers();
  const fake = fakeTools(base);
  const editor = createEditor('cnv_1', fake.tools);
  await editor.actions.load();
  return { ...fake, editor, state: () => editor.store.getState() };
}

describe('editor store', () => {
  it('turns the end of a drag into one node/move and ignores the frames before it', async () => {
    const { editor, state, patches, server } = await open();
    expect(state().phase).toBe('ready');
    editor.actions.onNodesChange([{ type: 'position', id: 't', position: { x: 350.4, y: 10 }, dragging: true }]);
    expect(state().history.undo).toHaveLength(0);
    editor.actions.onNodesChange([{ type: 'position', id: 't', position: { x: 400.6, y: 20.2 }, dragging: false }]);
    await vi.runAllTimersAsync();
    expect(patches).toEqual([[{ op: 'node/move', nodeId: 't', position: { x: 401, y: 20 } }]]);
    expect(server().nodes[1]!.position).toEqual({ x: 401, y: 20 });
    editor.actions.undo();
    await vi.runAllTimersAsync();
    expect(server().nodes[1]!.position).toEqual({ x: 300, y: 0 });
    editor.actions.redo();
    await vi.runAllTimersAsync();
    expect(server().nodes[1]!.position).toEqual({ x: 401, y: 20 });
  });

  it("ignores React Flow's own removals; deletion goes through deleteElements as operations", async () => {
    const { editor, state, server } = await open();
    editor.actions.onNodesChange([{ type: 'remove', id: 'p' }]);
    expect(state().nodes.map((n) => n.id)).toEqual(['p', 't', 's']);
    editor.actions.deleteElements(['p'], ['e1']);
    await vi.runAllTimersAsync();
    expect(server().nodes.map((n) => n.id)).toEqual(['t', 's']);
    expect(server().edges).toEqual([]);
    editor.actions.undo();
    await vi.runAllTimersAsync();
    expect(
      server()
        .nodes.map((n) => n.id)
        .sort(),
    ).toEqual(['p', 's', 't']);
    expect(server().edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('refuses an incompatible connection and says why; saves a compatible one', async () => {
    const { editor, state, server } = await open();
    expect(
      editor.actions.isValidConnection({
        source: 't',
        sourceHandle: 'text-out',
        target: 's',
        targetHandle: 'audio-in',
      }),
    ).toBe(false);
    expect(
      editor.actions.connect({ source: 't', sourceHandle: 'text-out', target: 's', targetHandle: 'audio-in' }),
    ).toBe(false);
    expect(state().status).toBe('Cannot connect: Text gives text, but Audio of Speech to speech accepts audio.');
    editor.actions.addNode('output', { x: 900, y: 0 });
    const output = state().session.doc.nodes.at(-1)!;
    expect(
      editor.actions.connect({ source: 't', sourceHandle: 'text-out', target: output.id, targetHandle: 'value-in' }),
    ).toBe(true);
    await vi.runAllTimersAsync();
    expect(server().edges.map((e) => `${e.source}->${e.target}`)).toEqual(['p->t', `t->${output.id}`]);
  });

  it('edits a field and clears it again', async () => {
    const { editor, server } = await open();
    editor.actions.updateField('t', 'template', 'Hi {{input}}');
    await vi.runAllTimersAsync();
    expect(server().nodes[1]!.data).toEqual({ template: 'Hi {{input}}' });
    editor.actions.updateField('t', 'template', undefined);
    editor.actions.writeDocument('t', 'notes');
    await vi.runAllTimersAsync();
    expect(server().nodes[1]!.data).toEqual({});
    expect(server().nodes[1]!.document).toEqual({ content: 'notes', format: 'markdown' });
  });

  it('selects a node by id and reports the selection', async () => {
    const { editor, state } = await open();
    editor.actions.select('t');
    expect(state().selectedNodeIds).toEqual(['t']);
    expect(
      state()
        .nodes.filter((n) => n.selected)
        .map((n) => n.id),
    ).toEqual(['t']);
  });
});
