// After a conflict (409: someone else saved first), the pending edits are re-applied to the fresh
// canvas one by one. An edit that no longer fits (its node was deleted elsewhere) is set aside and
// named to the person; nothing is dropped silently.
import { applyOperation, OperationRefused, type Doc } from './operations.ts';
import type { CanvasOperation } from './types.ts';

export interface Rebased {
  doc: Doc;
  kept: CanvasOperation[];
  dropped: { op: CanvasOperation; reason: string }[];
}

export function rebase(fresh: Doc, pending: readonly CanvasOperation[]): Rebased {
  let doc = fresh;
  const kept: CanvasOperation[] = [];
  const dropped: Rebased['dropped'] = [];
  for (const op of pending) {
    try {
      doc = applyOperation(doc, op);
      kept.push(op);
    } catch (error) {
      if (!(error instanceof OperationRefused)) throw error;
      dropped.push({ op, reason: error.message });
    }
  }
  return { doc, kept, dropped };
}

/** A short phrase for an operation, for messages ("move node_1"). */
export function describeOperation(op: CanvasOperation): string {
  switch (op.op) {
    case 'node/add':
      return `add ${op.type} node ${op.id}`;
    case 'node/update':
      return `settings of ${op.nodeId}`;
    case 'node/document-write':
      return `document of ${op.nodeId}`;
    case 'node/move':
      return `move ${op.nodeId}`;
    case 'node/resize':
      return `resize ${op.nodeId}`;
    case 'node/delete':
      return `delete ${op.nodeId}`;
    case 'edge/add':
      return `connect ${op.source} to ${op.target}`;
    case 'edge/delete':
      return `remove connection ${op.edgeId}`;
  }
}

/**
 * Keeps the objects of `previous` where `next` holds an equal node or edge, so a save's answer (a whole
 * new canvas) re-renders only what actually changed. Server timestamps are ignored in the comparison.
 */
export function reconcile(previous: Doc, next: Doc): Doc {
  const nodes = keepEqual(previous.nodes, next.nodes);
  const edges = keepEqual(previous.edges, next.edges);
  return { nodes, edges };
}

function keepEqual<T extends { id: string }>(previous: readonly T[], next: readonly T[]): readonly T[] {
  const byId = new Map(previous.map((item) => [item.id, item]));
  let changed = previous.length !== next.length;
  const merged = next.map((item, at) => {
    const old = byId.get(item.id);
    const kept = old !== undefined && sameContent(old, item) ? old : item;
    if (kept !== previous[at]) changed = true;
    return kept;
  });
  return changed ? merged : previous;
}

const IGNORED = new Set(['createdAt', 'updatedAt']);

function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a, skipTimestamps) === JSON.stringify(b, skipTimestamps);
}

function skipTimestamps(this: unknown, key: string, value: unknown): unknown {
  if (IGNORED.has(key)) return undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    // Key order differs between the server's answer and local edits; sort so equal means equal.
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  }
  return value;
}
