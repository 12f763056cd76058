// core: what is worth telling a client about a canvas that is not an error — things that do not stop
// an edit but will matter when the canvas runs. ports/validate reports them.
import type { Canvas } from './model.ts';
import { templateProblems } from '../runs/executors.ts';
import { nodeAvailability, sourceAssetKind } from './node-types.ts';
import { nodeExpressionProblems } from './flow-expressions.ts';
import { waitSettingProblem } from './wait-node-type.ts';
import { callProblems, type LoadCanvas } from './call-graph.ts';

export interface CanvasWarning {
  nodeId: string;
  /**
   * `node-unavailable`: the node's type cannot run in this deployment yet. `template-variable`: a text
   * node's template has a `{{…}}` that will not render as a variable (runs warn again, per run).
   * `source-empty`: a source node (`image-asset`, `audio-asset`) has no asset placed on it, so a run
   * that includes it fails there. `expression-invalid`: a flow node's expression is missing, does not
   * parse or uses what Step Functions' JSONata lacks (docs/language.md), so a run that includes it is
   * refused at its start. `wait-unset`: a wait node sets none, or more than one, of seconds, until and
   * untilExpression, so a run that reaches it fails there. `code-syntax`: a code node's source does not
   * compile (core/code/code-warnings.ts). `call-invalid`: a call-canvas node's callee cannot be called
   * (missing, archived, not instant, a cycle, too deep: call-graph.ts), so a run that includes it is
   * refused at its start.
   */
  code:
    | 'node-unavailable'
    | 'template-variable'
    | 'source-empty'
    | 'expression-invalid'
    | 'wait-unset'
    | 'code-syntax'
    | 'call-invalid';
  message: string;
}

/** Every warning about `canvas`, in node order. */
export function canvasWarnings(canvas: Pick<Canvas, 'nodes' | 'edges'>): CanvasWarning[] {
  const warnings: CanvasWarning[] = [];
  for (const node of canvas.nodes) {
    const availability = nodeAvailability(node.type);
    if (!availability.available)
      warnings.push({
        nodeId: node.id,
        code: 'node-unavailable',
        message: `Node ${node.id} (${node.type}): ${availability.reason}`,
      });
    const kind = sourceAssetKind(node.type);
    if (kind !== undefined && typeof (node.data as { assetId?: unknown }).assetId !== 'string') {
      warnings.push({
        nodeId: node.id,
        code: 'source-empty',
        message: `Node ${node.id} (${node.type}) has no asset: place one of the workspace's ${kind} assets on it, or a run that includes it fails there`,
      });
    }
    const waitProblem = node.type === 'wait' ? waitSettingProblem(node.data) : undefined;
    if (waitProblem)
      warnings.push({ nodeId: node.id, code: 'wait-unset', message: `Node ${node.id} (wait): ${waitProblem}` });
    for (const problem of nodeExpressionProblems(node))
      warnings.push({ nodeId: node.id, code: 'expression-invalid', message: problem });
    const template = node.type === 'text' ? (node.data as { template?: unknown }).template : undefined;
    if (typeof template === 'string') {
      for (const problem of templateProblems(template))
        warnings.push({ nodeId: node.id, code: 'template-variable', message: `Node ${node.id} (text): ${problem}` });
    }
  }
  return warnings;
}

/** canvasWarnings plus what is wrong with its call-canvas nodes, found by reading the canvases they call. */
export async function canvasWarningsWithCalls(
  canvas: Pick<Canvas, 'id' | 'nodes' | 'edges'>,
  load: LoadCanvas,
): Promise<CanvasWarning[]> {
  const problems = await callProblems(canvas, load);
  return [
    ...canvasWarnings(canvas),
    ...problems.map((problem) => ({ nodeId: problem.nodeId, code: 'call-invalid' as const, message: problem.message })),
  ];
}
