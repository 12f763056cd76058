import { describe, expect, it } from 'vitest';
import {
  applyOperation,
  applyOperations,
  applyWithInverse,
  OperationRefused,
  type Doc,
} from '../../../../web/src/canvas/operations.ts';
import { emptyHistory, record, redo, undo } from '../../../../web/src/canvas/history.ts';
import type { CanvasOperation } from '../../../../web/src/canvas/types.ts';
import { edge, node } from './fixtures.ts';

const start: Doc = {
  nodes: [
    node('p', 'prompt', 0, 0, { data: { prompt: 'hi' } }),
    node('t', 'text', 300, 0, {
      size: { width: 200, height: 100 },
      document: { content: 'notes', format: 'markdown' },
    }),
    node('o', 'output', 600, 0),
  ],
  edges: [edge('e1', 'p', 'prompt-out', 't', 'text-in'), edge('e2', 't', 'text-out', 'o', 'value-in')],
};

/** The document without key order: what undo must give back. */
const canonical = (doc: Doc) =>
  JSON.parse(
    JSON.stringify({
      nodes: [...doc.nodes].sort((a, b) => a.id.localeCompare(b.id)),
      edges: [...doc.edges].sort((a, b) => a.id.localeCompare(b.id)),
    }),
  );

describe('applyOperation', () => {
  it('changes only the node it concerns', () => {
    const next = applyOperation(start, { op: 'node/move', nodeId: 't', position: { x: 1, y: 2 } });
    expect(next.nodes[1]!.position).toEqual({ x: 1, y: 2 });
    expect(next.nodes[0]).toBe(start.nodes[0]);
    expect(next.edges).toBe(start.edges);
  });

  it('deleting a node removes its edges', () => {
    const next = applyOperation(start, { op: 'node/delete', nodeId: 't' });
    expect(next.nodes.map((n) => n.id)).toEqual(['p', 'o']);
    expect(next.edges).toEqual([]);
  });

  it('merges or replaces data as node/update says', () => {
    expect(applyOperation(start, { op: 'node/update', nodeId: 'p', data: { label: 'L' } }).nodes[0]!.data).toEqual({
      prompt: 'hi',
      label: 'L',
    });
    expect(
      applyOperation(start, { op: 'node/update', nodeId: 'p', data: { label: 'L' }, merge: false }).nodes[0]!.data,
    ).toEqual({ label: 'L' });
  });

  it('refuses edits whose node or edge is gone, or whose id is taken', () => {
    expect(() => applyOperation(start, { op: 'node/move', nodeId: 'x', position: { x: 0, y: 0 } })).toThrow(
      OperationRefused,
    );
    expect(() => applyOperation(start, { op: 'edge/delete', edgeId: 'x' })).toThrow(OperationRefused);
    expect(() =>
      applyOperation(start, { op: 'node/add', id: 'p', type: 'text', position: { x: 0, y: 0 }, data: {} }),
    ).toThrow(OperationRefused);
    expect(() =>
      applyOperation(start, {
        op: 'edge/add',
        id: 'e9',
        source: 'gone',
        sourceHandle: 'a',
        target: 'o',
        targetHandle: 'value-in',
      }),
    ).toThrow(OperationRefused);
  });
});

describe('inverses', () => {
  const actions: [string, CanvasOperation[]][] = [
    ['add', [{ op: 'node/add', id: 'n', type: 'text', position: { x: 5, y: 5 }, data: { template: 'x' } }]],
    ['update with merge', [{ op: 'node/update', nodeId: 'p', data: { label: 'new' } }]],
    ['update changing the type', [{ op: 'node/update', nodeId: 'o', type: 'text', data: {}, merge: false }]],
    ['document write', [{ op: 'node/document-write', nodeId: 't', content: 'new text', format: 'text' }]],
    [
      'document write on a node without one',
      [{ op: 'node/document-write', nodeId: 'p', content: 'x', format: 'markdown' }],
    ],
    ['move', [{ op: 'node/move', nodeId: 'p', position: { x: 9, y: 9 } }]],
    ['resize', [{ op: 'node/resize', nodeId: 't', size: { width: 10, height: 10 } }]],
    ['delete a node with a document and two edges', [{ op: 'node/delete', nodeId: 't' }]],
    [
      'delete two connected nodes at once',
      [
        { op: 'node/delete', nodeId: 'p' },
        { op: 'node/delete', nodeId: 't' },
      ],
    ],
    [
      'edge add',
      [{ op: 'edge/add', id: 'e3', source: 'p', sourceHandle: 'prompt-out', target: 'o', targetHandle: 'value-in' }],
    ],
    ['edge delete', [{ op: 'edge/delete', edgeId: 'e2' }]],
  ];

  for (const [name, ops] of actions) {
    it(`undo restores the document: ${name}`, () => {
      const { doc, inverse } = applyWithInverse(start, ops);
      expect(canonical(doc)).not.toEqual(canonical(start));
      const undone = applyOperations(doc, inverse);
      const expected = canonical(start);
      // A node that had no document gets an empty one back: the server cannot delete a document.
      if (name === 'document write on a node without one')
        expected.nodes.find((n: { id: string }) => n.id === 'p').document = { content: '', format: 'markdown' };
      expect(canonical(undone)).toEqual(expected);
      // Redo after undo gives the edited document again.
      expect(canonical(applyOperations(undone, ops))).toEqual(canonical(doc));
    });
  }
});

describe('history', () => {
  it('undoes and redoes in order and a new action clears redo', () => {
    const a = {
      label: 'a',
      ops: [{ op: 'node/delete', nodeId: 'p' }] as CanvasOperation[],
      inverse: [{ op: 'node/delete', nodeId: 'q' }] as CanvasOperation[],
    };
    const b = { ...a, label: 'b' };
    let history = record(record(emptyHistory, a), b);
    const first = undo(history)!;
    expect(first.entry.label).toBe('b');
    expect(first.ops).toBe(b.inverse);
    history = first.history;
    const again = redo(history)!;
    expect(again.entry.label).toBe('b');
    expect(again.ops).toBe(b.ops);
    history = record(history, { ...a, label: 'c' });
    expect(redo(history)).toBeNull();
    expect(history.undo.map((entry) => entry.label)).toEqual(['a', 'c']);
    expect(undo(emptyHistory)).toBeNull();
    expect(record(emptyHistory, { label: 'nothing', ops: [], inverse: [] })).toBe(emptyHistory);
  });
});
