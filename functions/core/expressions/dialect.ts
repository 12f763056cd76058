// core: the JSONata dialect canvases accept — what both of our evaluators understand the same way.
// Our engine evaluates with jsonata 2.2.2 (for its security fixes); Step Functions evaluates 2.0.6
// without `$eval` and with a few functions of its own (reference §2.1, §6.3). An expression that one
// side reads and the other refuses, or reads differently, is refused here, at save and at run start:
//
//   refused                 why
//   a ?? b, a ?: b          added in jsonata 2.1: Step Functions (2.0.6) does not parse them
//   $eval                   Step Functions removed it; it would also evaluate text no limit has seen
//   $partition $range $hash $uuid
//                           Step Functions' own functions our engine does not have
//
// Refused too, on both sides: a regular expression that may backtrack catastrophically
// (regex-safety.ts), which no evaluation limit could stop.
//
// `$random` exists on both sides and stays allowed; so does `$parse` (a JSON string to its value),
// Step Functions' own, which our engine provides too (expressions.ts). A name above that the expression binds itself
// (`$range := …`, a lambda parameter) is the expression's own variable and is allowed.
import type jsonata from 'jsonata';
import { regexHazard } from './regex-safety.ts';

/** A parse-tree node; jsonata's declared type leaves out some node types (`bind`) and fields. */
type Ast = Record<string, unknown> & { type?: string; value?: unknown; position?: number };

const REMOVED_BY_STEP_FUNCTIONS = new Set(['eval']);
const ONLY_IN_STEP_FUNCTIONS = new Set(['partition', 'range', 'hash', 'uuid']);

export interface DialectProblem {
  message: string;
  position: number | undefined;
}

/** What in `ast` the dialect refuses, first found first (empty when it is fine). */
export function dialectProblems(ast: jsonata.ExprNode): DialectProblem[] {
  const bound = new Set<string>();
  const used: Array<{ name: string; position: number | undefined }> = [];
  const problems: DialectProblem[] = [];
  walk(ast as Ast, (node) => {
    if (node.type === 'bind' && isVariable(node.lhs)) bound.add(String(node.lhs.value));
    if (node.type === 'lambda' && Array.isArray(node.arguments)) {
      for (const parameter of node.arguments as Ast[]) bound.add(String(parameter.value));
    }
    if (node.type === 'variable' && typeof node.value === 'string') {
      used.push({ name: node.value, position: node.position });
    }
    if (node.type === 'regex' && node.value instanceof RegExp) {
      const hazard = regexHazard(node.value.source);
      if (hazard)
        problems.push({
          message: `the regular expression /${node.value.source}/ could run for minutes on some inputs: ${hazard}`,
          position: node.position,
        });
    }
    if (node.type === 'condition') {
      const operator = coalescingOperator(node);
      if (operator)
        problems.push({
          message:
            `${operator} is not available: Step Functions runs JSONata 2.0.6, which predates it; ` +
            (operator === '??' ? 'write $exists(a) ? a : b' : 'write a ? a : b'),
          position: node.position,
        });
    }
  });
  for (const { name, position } of used) {
    if (bound.has(name)) continue;
    if (REMOVED_BY_STEP_FUNCTIONS.has(name))
      problems.push({ message: `$${name} is not available (Step Functions removed it)`, position });
    else if (ONLY_IN_STEP_FUNCTIONS.has(name))
      problems.push({
        message: `$${name} exists only in Step Functions' JSONata; canvas expressions do not have it`,
        position,
      });
  }
  return problems.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
}

/**
 * The 2.1 operators leave no token in the tree; the parser rewrites them into a condition:
 * `a ?? b` → `$exists(a) ? a : b` with a `$exists` it made up (no source position), and `a ?: b` →
 * `a ? a : b` whose condition and `then` are the same text at the same position (a written
 * `a ? a : b` has two positions).
 */
function coalescingOperator(node: Ast): '??' | '?:' | undefined {
  const condition = node.condition as Ast | undefined;
  if (!condition) return undefined;
  const procedure = condition.procedure as Ast | undefined;
  if (condition.type === 'function' && isVariable(procedure) && procedure.value === 'exists') {
    if (procedure.position === undefined) return '??';
  }
  if (node.then !== undefined && JSON.stringify(node.then) === JSON.stringify(condition)) return '?:';
  return undefined;
}

function isVariable(node: unknown): node is Ast {
  return typeof node === 'object' && node !== null && (node as Ast).type === 'variable';
}

/** Visits every node of the tree once (depth first); the tree is the parser's, bounded by the source length. */
function walk(node: Ast, visit: (node: Ast) => void): void {
  const stack: unknown[] = [node];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (const item of current) stack.push(item);
      continue;
    }
    const ast = current as Ast;
    if (typeof ast.type === 'string') visit(ast);
    for (const value of Object.values(ast)) if (typeof value === 'object') stack.push(value);
  }
}
