// core: the expressions a node holds and what is wrong with them — read by the canvas warnings (at
// save, a warning on the node) and by a run's start (freezeGraph refuses the run before anything is
// written), so an expression that does not parse never fails a run half-way.
import { expressionProblem } from '../expressions/expressions.ts';
import type { CanvasNode } from './model.ts';

export interface NodeExpression {
  /** Where in the node's data, as a tenant reads it: `condition`, `cases[0].condition`, `expression`. */
  field: string;
  source: unknown;
}

/** The expressions `node` must hold, by the field that holds each (a missing one included). */
export function nodeExpressions(node: Pick<CanvasNode, 'type' | 'data'>): NodeExpression[] {
  const data = node.data as Record<string, unknown>;
  if (node.type === 'if') return [{ field: 'condition', source: data.condition }];
  if (node.type === 'transform') return [{ field: 'expression', source: data.expression }];
  // A wait node's time may be an expression, or a number or time instead (wait-node-type.ts).
  if (node.type === 'wait')
    return data.untilExpression === undefined ? [] : [{ field: 'untilExpression', source: data.untilExpression }];
  // A call's inputs may be an expression; without one, what reached the node is passed on (call-executor.ts).
  if (node.type === 'call-canvas') return data.inputs === undefined ? [] : [{ field: 'inputs', source: data.inputs }];
  if (node.type === 'switch') {
    const cases = Array.isArray(data.cases) ? (data.cases as Array<{ condition?: unknown }>) : [];
    return cases.map((entry, index) => ({ field: `cases[${index}].condition`, source: entry?.condition }));
  }
  return [];
}

/** What is wrong with `node`'s expressions, one message per expression, in field order. */
export function nodeExpressionProblems(node: Pick<CanvasNode, 'id' | 'type' | 'data'>): string[] {
  const problems: string[] = [];
  for (const { field, source } of nodeExpressions(node)) {
    const where = `Node ${node.id} (${node.type}) ${field}`;
    if (typeof source !== 'string' || source.trim() === '') problems.push(`${where}: no expression yet`);
    else {
      const problem = expressionProblem(source, where);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
