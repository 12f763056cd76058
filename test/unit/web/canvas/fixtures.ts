// The real catalogue, as get_port_manifest answers it, so the editor's rules are tested against the server's.
import { portManifest } from '../../../../functions/core/canvas/node-types.ts';
import type { CanvasNode, PortManifest } from '../../../../web/src/canvas/types.ts';

export const manifest = JSON.parse(JSON.stringify(portManifest())) as PortManifest;

export function node(id: string, type: string, x = 0, y = 0, extra: Partial<CanvasNode> = {}): CanvasNode {
  return { id, type, position: { x, y }, data: {}, ...extra };
}

export function edge(id: string, source: string, sourceHandle: string, target: string, targetHandle: string) {
  return { id, source, sourceHandle, target, targetHandle };
}
