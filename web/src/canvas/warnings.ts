// The canvas's warnings (nodes that cannot run yet, template variables that render empty, source nodes
// without an asset), per node. get_canvas answers them for the whole canvas (its `warnings` field); a
// gateway that does not (an older deployment) is asked through ports/validate (validate_edge), which
// answers them only for an edge that would fit: the editor asks with the first edge that would fit,
// found by the same rules.
import type { ToolClient } from '../mcp/tools.ts';
import type { Doc } from './operations.ts';
import { connectionProblem, graphView, type ManifestIndex } from './ports.ts';
import type { CanvasEdge, CanvasWarning } from './types.ts';

type EdgeEnds = Pick<CanvasEdge, 'source' | 'sourceHandle' | 'target' | 'targetHandle'>;

/** An edge the server would accept on `doc`, or null when none fits (then there is nothing to ask). */
export function probeEdge(index: ManifestIndex, doc: Doc, budget = 5000): EdgeEnds | null {
  const graph = graphView(doc.nodes, doc.edges);
  let tries = 0;
  for (const source of doc.nodes) {
    for (const output of index.types.get(source.type)?.outputs ?? []) {
      for (const target of doc.nodes) {
        for (const input of index.types.get(target.type)?.inputs ?? []) {
          // Large canvases: give up rather than stall the page; warnings are advice, not a gate.
          if (++tries > budget) return null;
          const attempt = { source: source.id, sourceHandle: output.name, target: target.id, targetHandle: input.name };
          if (connectionProblem(index, graph, attempt) === null) return attempt;
        }
      }
    }
  }
  return null;
}

/** Warnings by node id; an empty map when the canvas has none, null when they could not be asked for. */
export async function fetchWarnings(
  tools: ToolClient,
  canvasId: string,
  index: ManifestIndex,
  doc: Doc,
): Promise<Map<string, CanvasWarning[]> | null> {
  const state = await tools.call('get_canvas', { canvasId });
  if (Array.isArray(state.warnings)) return groupWarnings(state.warnings);
  const edge = probeEdge(index, doc);
  if (!edge) return null;
  const answer = await tools.call('validate_edge', { canvasId, ...edge });
  return groupWarnings(answer.warnings);
}

export function groupWarnings(warnings: readonly CanvasWarning[]): Map<string, CanvasWarning[]> {
  const byNode = new Map<string, CanvasWarning[]>();
  for (const warning of warnings) {
    const list = byNode.get(warning.nodeId);
    if (list) list.push(warning);
    else byNode.set(warning.nodeId, [warning]);
  }
  return byNode;
}
