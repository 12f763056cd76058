// core: what the flow nodes (canvas/flow-node-types.ts) do when a run reaches them. All are instant:
// they run inside the engine step, so a run of them and other instant nodes runs inline (inline.ts)
// and a published server's or a webhook's run of a branching canvas needs no state machine.
//
//   if         condition → the input on true-out or false-out; the other port is not taken
//   switch     first case whose condition holds → its port; none → default-out; the rest not taken
//   merge      what arrived (edges from branches not taken carry nothing) → a list or an object
//   transform  expression → json-out
import { switchCasePort } from '../canvas/flow-node-types.ts';
import { evaluateExpression, type ExpressionScope } from '../expressions/expressions.ts';
import type { PortValue } from './model.ts';
import { NodeFailedError } from './node-failed.ts';
import { PORT_NOT_TAKEN } from './skipping.ts';

/**
 * What a flow node reads of its NodeContext (executors.ts, which includes these executors: naming
 * its types here would make the two modules import each other).
 */
export interface FlowContext {
  node: { id: string; type: string; data: Record<string, unknown> };
  inputs: Record<string, PortValue[]>;
  sources?: Record<string, Array<{ nodeId: string; port: string }>>;
  earlier?: Readonly<Record<string, Record<string, PortValue>>>;
  run: { inputs: Record<string, unknown>; executionId: string; canvasId: string };
}

interface FlowExecutor {
  kind: 'instant';
  run(context: FlowContext): Record<string, PortValue> | Promise<Record<string, PortValue>>;
}

/** One edge's value as it is; several edges' values as a list in edge order (as the output node does). */
export const collapsed = (values: readonly PortValue[] = []): PortValue =>
  values.length === 1 ? values[0] : [...values];

function scopeOf(context: FlowContext): ExpressionScope {
  const inputs = Object.fromEntries(Object.entries(context.inputs).map(([port, values]) => [port, collapsed(values)]));
  return {
    input: collapsed(context.inputs['value-in']),
    inputs,
    run: { inputs: context.run.inputs, executionId: context.run.executionId, canvasId: context.run.canvasId },
    nodes: (context.earlier ?? {}) as ExpressionScope['nodes'],
  };
}

/** Evaluates the expression in `field` of the node's data; an expression's failure fails the node. */
export async function evaluateField(context: FlowContext, field: string, source: unknown): Promise<unknown> {
  const where = `Node ${context.node.id} (${context.node.type}) ${field}`;
  // A run's start refuses missing expressions (lifecycle.ts); this guards a graph built another way.
  if (typeof source !== 'string' || source.trim() === '') throw new NodeFailedError(`${where}: no expression`);
  const outcome = await evaluateExpression(source, scopeOf(context));
  if (!outcome.ok) throw new NodeFailedError(`${where}: ${outcome.message}`);
  return outcome.value;
}

/** A condition must give a boolean, as a Step Functions Choice's Condition must. */
async function holds(context: FlowContext, field: string, source: unknown): Promise<boolean> {
  const value = await evaluateField(context, field, source);
  if (typeof value === 'boolean') return value;
  const gave = value === undefined ? 'nothing' : `${Array.isArray(value) ? 'a list' : `a ${typeof value}`}`;
  throw new NodeFailedError(
    `Node ${context.node.id} (${context.node.type}) ${field} gave ${gave}, not true or false (compare explicitly, e.g. $exists(x) or x = "yes")`,
  );
}

const ifNode: FlowExecutor = {
  kind: 'instant',
  run: async (context) => {
    const input = collapsed(context.inputs['value-in']);
    const taken = await holds(context, 'condition', context.node.data.condition);
    return { 'true-out': taken ? input : PORT_NOT_TAKEN, 'false-out': taken ? PORT_NOT_TAKEN : input };
  },
};

const switchNode: FlowExecutor = {
  kind: 'instant',
  run: async (context) => {
    const input = collapsed(context.inputs['value-in']);
    const cases = Array.isArray(context.node.data.cases)
      ? (context.node.data.cases as Array<{ condition?: unknown }>)
      : [];
    let chosen = 'default-out';
    // In case order; later cases are not evaluated once one holds.
    for (const [index, entry] of cases.entries()) {
      if (await holds(context, `cases[${index}].condition`, entry?.condition)) {
        chosen = switchCasePort(index);
        break;
      }
    }
    const outputs: Record<string, PortValue> = { 'default-out': PORT_NOT_TAKEN };
    for (let index = 0; index < cases.length; index++) outputs[switchCasePort(index)] = PORT_NOT_TAKEN;
    outputs[chosen] = input;
    return outputs;
  },
};

const merge: FlowExecutor = {
  kind: 'instant',
  run: ({ node, inputs, sources }) => {
    const values = inputs['value-in'] ?? [];
    if (node.data.mode !== 'object') return { 'merged-out': [...values] };
    const from = sources?.['value-in'] ?? [];
    const counts = new Map<string, number>();
    for (const source of from) counts.set(source.nodeId, (counts.get(source.nodeId) ?? 0) + 1);
    const merged: Record<string, PortValue> = {};
    for (const [index, value] of values.entries()) {
      const source = from[index];
      if (!source) continue;
      // A node that feeds the merge through two of its ports is keyed per port.
      const key = counts.get(source.nodeId) === 1 ? source.nodeId : `${source.nodeId}.${source.port}`;
      merged[key] = value;
    }
    return { 'merged-out': merged };
  },
};

const transform: FlowExecutor = {
  kind: 'instant',
  // Nothing (no match) becomes null: a port carries JSON.
  run: async (context) => ({
    'json-out': (await evaluateField(context, 'expression', context.node.data.expression)) ?? null,
  }),
};

/** The flow nodes' executors, included in the core's EXECUTORS (so in every registry built from it). */
export const FLOW_EXECUTORS = { if: ifNode, switch: switchNode, merge, transform } as const;
