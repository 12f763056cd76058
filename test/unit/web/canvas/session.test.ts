import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolError, type ToolClient } from '../../../../web/src/mcp/tools.ts';
import { CanvasSession } from '../../../../web/src/canvas/session.ts';
import { applyOperations } from '../../../../web/src/canvas/operations.ts';
import type { Canvas, CanvasOperation } from '../../../../web/src/canvas/types.ts';
import { node } from './fixtures.ts';

/** A server holding one canvas with the same version rule as patch_canvas (409 on a stale expectedVersion). */
function fakeServer(initial: Canvas) {
  let canvas = structuredClone(initial);
  const patches: { expectedVersion: number; operations: CanvasOperation[] }[] = [];
  let refuse: ((op: CanvasOperation) => string | null) | null = null;
  let down = false;
  const tools: ToolClient = {
    async call<T>(name: string, args: Record<string, unknown>): Promise<T> {
      await Promise.resolve();
      if (down) throw new Error('Failed to fetch');
      if (name === 'get_canvas') return structuredClone(canvas) as T;
      if (name === 'patch_canvas') {
        const input = args as { expectedVersion: number; operations: CanvasOperation[] };
        patches.push(structuredClone(input));
        if (input.expectedVersion !== canvas.version)
          throw new ToolError(
            `Canvas is at version ${canvas.version}, not the expected ${input.expectedVersion}; reload and retry`,
            409,
          );
        for (const op of input.operations) {
          const reason = refuse?.(op);
          if (reason) throw new ToolError(reason, 400);
        }
        const doc = applyOperations(canvas, input.operations);
        canvas = { ...canvas, nodes: [...doc.nodes], edges: [...doc.edges], version: canvas.version + 1 };
        return structuredClone({ canvasId: canvas.id, canvasVersion: canvas.version, results: [], canvas }) as T;
      }
      throw new Error(`unexpected tool ${name}`);
    },
  };
  return {
    tools,
    patches,
    get canvas() {
      return canvas;
    },
    /** Someone else's save. */
    otherEdit(ops: CanvasOperation[]) {
      const doc = applyOperations(canvas, ops);
      canvas = { ...canvas, nodes: [...doc.nodes], edges: [...doc.edges], version: canvas.version + 1 };
    },
    refuseWhen(rule: (op: CanvasOperation) => string | null) {
      refuse = rule;
    },
    setDown(value: boolean) {
      down = value;
    },
  };
}

const base: Canvas = {
  id: 'cnv_1',
  name: 'c',
  workspaceId: 'ws_1',
  version: 3,
  archived: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  viewport: { x: 0, y: 0, zoom: 1 },
  nodes: [node('a', 'text'), node('b', 'text', 300)],
  edges: [],
};
const move = (nodeId: string, x: number): CanvasOperation => ({ op: 'node/move', nodeId, position: { x, y: 0 } });
const ids = (session: CanvasSession) => session.state.doc.nodes.map((n) => `${n.id}@${n.position.x}`);

afterEach(() => {
  vi.useRealTimers();
});

async function settle() {
  await vi.runAllTimersAsync();
}

describe('CanvasSession', () => {
  it('debounces edits into one patch with the version it was made on', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    session.edit([move('a', 10)]);
    session.edit([move('b', 20)]);
    expect(session.state.saveState).toBe('pending');
    expect(ids(session)).toEqual(['a@10', 'b@20']);
    await settle();
    expect(server.patches).toEqual([
      { canvasId: 'cnv_1', expectedVersion: 3, operations: [move('a', 10), move('b', 20)] },
    ]);
    expect(session.state).toMatchObject({ version: 4, saveState: 'saved' });
  });

  it('keeps one save in flight; edits made meanwhile go in the next patch with the new version', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    session.edit([move('a', 10)]);
    const first = session.flush();
    session.edit([move('b', 20)]);
    await session.flush(); // refused while the first is in flight: nothing sent
    expect(server.patches).toHaveLength(1);
    await first;
    await settle();
    expect(server.patches.map((patch) => patch.expectedVersion)).toEqual([3, 4]);
    expect(server.canvas.nodes.map((n) => n.position.x)).toEqual([10, 20]);
    expect(session.hasUnsavedEdits).toBe(false);
  });

  it('on a conflict reloads, re-applies the unsaved edits on top, says so, and saves them', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    server.otherEdit([{ op: 'node/add', id: 'c', type: 'output', position: { x: 600, y: 0 }, data: {} }]);
    session.edit([move('a', 10)]);
    await settle();
    expect(server.patches.map((patch) => patch.expectedVersion)).toEqual([3, 4]);
    expect(server.canvas.nodes.map((n) => `${n.id}@${n.position.x}`)).toEqual(['a@10', 'b@300', 'c@600']);
    expect(ids(session)).toEqual(['a@10', 'b@300', 'c@600']);
    expect(session.state.notice).toMatchObject({ kind: 'conflict' });
    expect(session.state.notice!.text).toContain('changed elsewhere (now version 4)');
    expect(session.state.notice!.text).toContain('Your 1 unsaved edit was re-applied');
    expect(session.state).toMatchObject({ version: 5, saveState: 'saved' });
  });

  it('names the edits a conflict made impossible instead of dropping them silently', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    server.otherEdit([{ op: 'node/delete', nodeId: 'b' }]);
    session.edit([move('a', 10), move('b', 20)]);
    await settle();
    expect(server.canvas.nodes.map((n) => `${n.id}@${n.position.x}`)).toEqual(['a@10']);
    expect(session.state.notice!.text).toContain('Could not re-apply: move b (node b is no longer on the canvas)');
  });

  it('sets aside only the edit the server refuses, and says which', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    server.refuseWhen((op) =>
      op.op === 'node/update' ? 'Invalid data for a text node: data.template: Too big' : null,
    );
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    session.edit([move('a', 10), { op: 'node/update', nodeId: 'b', data: { template: 'x' } }, move('b', 30)]);
    await settle();
    expect(server.canvas.nodes.map((n) => `${n.id}@${n.position.x}`)).toEqual(['a@10', 'b@30']);
    expect(server.canvas.nodes[1]!.data).toEqual({});
    expect(session.state.doc.nodes[1]!.data).toEqual({});
    expect(session.state.notice!.text).toContain('Not saved: settings of b: Invalid data for a text node');
    expect(session.state.saveState).toBe('saved');
  });

  it('keeps edits while the service is unreachable and saves them when it is back', async () => {
    vi.useFakeTimers();
    const server = fakeServer(base);
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    server.setDown(true);
    session.edit([move('a', 10)]);
    await vi.advanceTimersByTimeAsync(500);
    expect(session.state.saveState).toBe('offline');
    expect(session.state.notice!.text).toContain('your edits are kept');
    expect(ids(session)).toEqual(['a@10', 'b@300']);
    server.setDown(false);
    await settle();
    expect(session.state.saveState).toBe('saved');
    expect(session.state.notice).toBeNull();
    expect(server.canvas.nodes[0]!.position.x).toBe(10);
  });

  it('refuses edits on an archived canvas', async () => {
    const server = fakeServer({ ...base, archived: true });
    const session = new CanvasSession('cnv_1', server.tools);
    await session.load();
    expect(session.state.readOnly).toBe(true);
    expect(() => session.edit([move('a', 1)])).toThrow(/archived/);
  });
});
