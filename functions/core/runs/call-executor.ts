// core: what a call-canvas node does when a run reaches it — one nested engine step over the callee's
// graph frozen into the node at the run's start (canvas/call-graph.ts), in memory, within the caller's
// step. The callee is instant (refused at save and at start otherwise), so the nested step ends it.
//
//   value-in ─► inputs expression ─► the callee's run inputs ─► advance(child, frozen graph)
//     succeeded ─► result-out: the callee's result (its output nodes' values by node id)
//     failed    ─► the call node fails, naming the callee's node and its message (retry / error-out apply)
//
// The callee's node states are kept on the call node's state as `called` (model.ts), not as nodes of
// the caller: the caller's nodes stay the caller's canvas's nodes (the studio draws them, a redrive
// resumes them), and one nested summary per call reads as the callee's own run would.
import { collapsed, evaluateField, type FlowContext } from './flow-executors.ts';
import { FROZEN_CALL, frozenCallOf } from '../canvas/call-graph.ts';
import { advance } from './engine.ts';
import { newExecution } from './lifecycle.ts';
import type { CalledRun, PortValue } from './model.ts';
import { NodeFailedError } from './node-failed.ts';
import type { InstantExecutor, NodeContext, ExecutorRegistry } from './executor-types.ts';

/** The callee's run inputs: the `inputs` expression's object, or by default `$` if an object, else `{prompt: $}`. */
async function calleeInputs(context: NodeContext): Promise<Record<string, unknown>> {
  const source = context.node.data.inputs;
  const value =
    typeof source === 'string' && source.trim() !== ''
      ? await evaluateField(context as FlowContext, 'inputs', source)
      : collapsed(context.inputs['value-in']);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof source === 'string' && source.trim() !== '')
    throw new NodeFailedError(
      `Node ${context.node.id} (call-canvas) inputs must give an object (the called canvas's run inputs)`,
    );
  return value === undefined ? {} : { prompt: value };
}

/** `registry`: the executors the caller's engine runs with, asked at each call (it includes this one). */
export function callCanvasExecutor(registry: () => ExecutorRegistry): InstantExecutor {
  return {
    kind: 'instant',
    run: async (context) => {
      const { node } = context;
      const frozen = frozenCallOf(node);
      if (!frozen)
        throw new NodeFailedError(
          `Node ${node.id} (call-canvas) has no called canvas frozen at the run's start (${FROZEN_CALL}): start a new run`,
        );
      const child = newExecution({
        workspaceId: context.run.workspaceId,
        canvasId: frozen.canvasId,
        triggerNodeId: frozen.triggerNodeId,
        trigger: context.run.trigger,
        inputs: await calleeInputs(context),
        callbackUrl: undefined,
        graph: frozen.graph,
        now: new Date(),
        executionId: `${context.run.executionId}/${node.id}`,
      });
      const outcome = await advance(child, frozen.graph, registry(), () => new Date().toISOString());
      const called: CalledRun = {
        canvasId: frozen.canvasId,
        version: frozen.version,
        status: outcome.status,
        nodes: Object.fromEntries(
          Object.entries(child.nodes).map(([id, state]) => [
            id,
            { type: state.type, status: state.status, ...(state.error ? { error: state.error } : {}) },
          ]),
        ),
      };
      context.report?.(called);
      // What the callee's nodes warned about (a template's unknown variable) is the caller's to see too.
      for (const event of child.timeline)
        if (event.type === 'node.warning')
          context.warn?.(`canvas ${frozen.canvasId} node ${event.nodeId}: ${event.message ?? ''}`);
      if (outcome.status === 'waiting')
        throw new NodeFailedError(
          `Node ${node.id} (call-canvas): canvas ${frozen.canvasId} waits; a called canvas must be instant in this version`,
        );
      if (outcome.status === 'failed')
        throw new NodeFailedError(
          `Node ${node.id} (call-canvas): canvas ${frozen.canvasId} failed at its node ${child.error?.nodeId}: ` +
            `${child.error?.message}`,
        );
      const result: PortValue = child.result;
      return { 'result-out': result };
    },
  };
}
