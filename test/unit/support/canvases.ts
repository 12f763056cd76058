// test support (unit): canvas documents built in memory, and operations parsed as a route would.
import { CanvasEdit } from '#core/canvas/edits';
import type { Canvas, CanvasEdge, CanvasNode } from '#core/canvas/model';
import type { NodeTypeId } from '#core/canvas/node-types';

export const T0 = '2025-01-15T10:00:00.000Z';
export const T1 = '2025-01-15T10:05:00.000Z';

export function emptyCanvas(overrides: Partial<Canvas> = {}): Canvas {
  return {
    id: 'cnv_test',
    workspaceId: 'ws_test',
    name: 'Test canvas',
    archived: false,
    archivedAt: null,
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    viewport: { x: 0, y: 0, zoom: 1 },
    nodes: [],
    edges: [],
    ...overrides,
  };
}

export function node(id: string, type: NodeTypeId, overrides: Partial<CanvasNode> = {}): CanvasNode {
  return { id, type, position: { x: 0, y: 0 }, data: {}, createdAt: T0, updatedAt: T0, ...overrides };
}

export function edge(
  id: string,
  source: string,
  sourceHandle: string,
  target: string,
  targetHandle: string,
): CanvasEdge {
  return { id, source, sourceHandle, target, targetHandle, createdAt: T0 };
}

/** Parses an operation with the route's schema, so defaults (merge, format, screen size) apply. */
export function op(input: Record<string, unknown>): CanvasEdit {
  return CanvasEdit.parse(input);
}

/** prompt p → text t → output o, plus an unconnected video node v. */
export function pipeline(): Canvas {
  return emptyCanvas({
    nodes: [node('p', 'prompt'), node('t', 'text'), node('o', 'output'), node('v', 'video-generation')],
    edges: [edge('e1', 'p', 'prompt-out', 't', 'text-in'), edge('e2', 't', 'text-out', 'o', 'value-in')],
  });
}
