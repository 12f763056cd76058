// The templates screen's model: the tool calls it makes (names and arguments the gateway's schemas
// accept) and the preview it draws from a snapshot.
import { describe, expect, it } from 'vitest';
import {
  deleteTemplate,
  describeSnapshot,
  listTemplates,
  publishTemplate,
  sketchSnapshot,
  useTemplate,
  type Template,
} from '../../../../web/src/console/templates/templates.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';
import { edge, node } from '../canvas/fixtures.ts';

/** Answers each call from `answers` in order and records what was asked. */
function fakeTools(answers: unknown[]): ToolClient & { calls: [string, Record<string, unknown>][] } {
  const calls: [string, Record<string, unknown>][] = [];
  return {
    calls,
    async call<T>(name: string, args: Record<string, unknown>): Promise<T> {
      calls.push([name, args]);
      if (answers.length === 0) throw new Error(`unexpected call ${name}`);
      return answers.shift() as T;
    },
  };
}

const template = (id: string): Template => ({
  id,
  name: id,
  description: '',
  versionNotes: '',
  revision: 1,
  workspaceId: 'wsp_1',
  sourceCanvasId: 'cnv_1',
  sourceCanvasVersion: 1,
  snapshotBytes: 0,
  nodeCount: 0,
  edgeCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
  publishedAt: '2025-01-01T00:00:00.000Z',
});

describe('template tools', () => {
  it('lists every page, following the cursor', async () => {
    const tools = fakeTools([
      { items: [template('tpl_a'), template('tpl_b')], nextCursor: 'c1' },
      { items: [template('tpl_c')], nextCursor: null },
    ]);
    const listed = await listTemplates(tools);
    expect(listed.items.map((item) => item.id)).toEqual(['tpl_a', 'tpl_b', 'tpl_c']);
    expect(listed.complete).toBe(true);
    expect(tools.calls).toEqual([
      ['list_templates', { limit: 200 }],
      ['list_templates', { limit: 200, cursor: 'c1' }],
    ]);
  });

  it('stops after a few pages and says the list is incomplete', async () => {
    const tools = fakeTools(
      Array.from({ length: 10 }, (_, page) => ({ items: [template(`tpl_${page}`)], nextCursor: `c${page}` })),
    );
    const listed = await listTemplates(tools);
    expect(listed.complete).toBe(false);
    expect(tools.calls).toHaveLength(5);
  });

  it('sends a name to use and publish only when one was typed, trimmed', async () => {
    const tools = fakeTools([{}, {}, {}, {}]);
    await useTemplate(tools, 'tpl_a');
    await useTemplate(tools, 'tpl_a', '  Mine ');
    await publishTemplate(tools, { canvasId: 'cnv_1', name: '   ', description: '' });
    await publishTemplate(tools, { canvasId: 'cnv_1', name: ' Flow ', description: ' Greets ' });
    expect(tools.calls).toEqual([
      ['use_template', { templateId: 'tpl_a' }],
      ['use_template', { templateId: 'tpl_a', name: 'Mine' }],
      ['publish_template', { canvasId: 'cnv_1' }],
      ['publish_template', { canvasId: 'cnv_1', name: 'Flow', description: 'Greets' }],
    ]);
  });

  it('deletes by template id', async () => {
    const tools = fakeTools([{ deleted: true, id: 'tpl_a' }]);
    await expect(deleteTemplate(tools, 'tpl_a')).resolves.toEqual({ deleted: true, id: 'tpl_a' });
    expect(tools.calls).toEqual([['delete_template', { templateId: 'tpl_a' }]]);
  });
});

describe('the preview', () => {
  const snapshot = {
    nodes: [
      node('p', 'prompt', 0, 0, { data: { label: 'Question' } }),
      node('t1', 'text', 300, 0),
      node('t2', 'text', 600, 0, { data: { label: '  ' } }),
      node('o', 'output', 900, 0, { size: { width: 100, height: 60 } }),
    ],
    edges: [
      edge('e1', 'p', 'prompt-out', 't1', 'text-in'),
      edge('e2', 't1', 'text-out', 't2', 'text-in'),
      edge('e3', 't2', 'text-out', 'o', 'value-in'),
    ],
  };

  it('names nodes by their label, else their type, numbering twins so each connection names one node', () => {
    const { nodes, connections } = describeSnapshot(snapshot);
    expect(nodes.map((entry) => entry.title)).toEqual(['Question', 'text 1', 'text 2', 'output']);
    expect(connections.map((entry) => entry.text)).toEqual([
      'Question (prompt-out) → text 1 (text-in)',
      'text 1 (text-out) → text 2 (text-in)',
      'text 2 (text-out) → output (value-in)',
    ]);
  });

  it('falls back to the id for an edge whose node is missing', () => {
    const { connections } = describeSnapshot({ nodes: [], edges: [edge('e1', 'gone', 'a', 'also-gone', 'b')] });
    expect(connections[0]!.text).toBe('gone (a) → also-gone (b)');
  });

  it('sketches the layout inside the box, aspect kept, edges from right side to left side', () => {
    const sketch = sketchSnapshot(snapshot, 320, 180, 10);
    // Width 1000 (0 … 900 + 100) into 300 usable: scale 0.3, centred vertically.
    expect(sketch.boxes[0]).toEqual({ id: 'p', x: 10, y: 72, width: 72, height: 36 });
    expect(sketch.boxes[3]).toEqual({ id: 'o', x: 280, y: 72, width: 30, height: 18 });
    for (const box of sketch.boxes) {
      expect(box.x).toBeGreaterThanOrEqual(10);
      expect(box.x + box.width).toBeLessThanOrEqual(310);
      expect(box.y).toBeGreaterThanOrEqual(10);
      expect(box.y + box.height).toBeLessThanOrEqual(170);
    }
    expect(sketch.lines[0]).toEqual({ id: 'e1', x1: 82, y1: 90, x2: 100, y2: 90 });
  });

  it('never enlarges a small template, and draws nothing for an empty one', () => {
    const small = sketchSnapshot({ nodes: [node('a', 'text', 50, 50)], edges: [] }, 320, 180);
    expect(small.boxes[0]).toMatchObject({ width: 240, height: 120, x: 40, y: 30 });
    expect(sketchSnapshot({ nodes: [], edges: [] })).toEqual({ width: 320, height: 180, boxes: [], lines: [] });
  });
});
