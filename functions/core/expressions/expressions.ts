// core: the one expression language of canvases (JSONata) — parsed and checked once for a save or a
// run start, evaluated with bounded cost for a node. A tenant writes these, and they run in a Lambda
// other tenants' runs share, so every evaluation is bounded from the inside:
//
//   parse ──► dialect check (dialect.ts) ──► evaluate, every step through two hooks:
//                                              entry: steps += 1, depth += 1, clock checked
//                                              exit:  depth -= 1, strings checked for size
//                                            ──► result checked for size ──► value | failure
//
// A timer around `evaluate` would not help: its awaits resolve on the microtask queue and starve
// timers (reference §3.1), so the checks run inside evaluation, where jsonata calls the hooks. The
// jsonata 2.2 `sequence` guardrail bounds what one step can build (a range, an array), which no hook
// sees. See docs/language.md for the scope and the limits as tenants read them.
import jsonata from 'jsonata';
import { ValidationError } from '../errors.ts';
import { dialectProblems } from './dialect.ts';
import { regexHazard } from './regex-safety.ts';

export const EXPRESSION_LIMITS = {
  /** Characters of source. */
  maxLength: 10_000,
  /** Evaluation steps (jsonata's evaluate calls); about 0.7 µs each, so ~0.7 s at most. */
  maxSteps: 1_000_000,
  /** Nested evaluation depth: unbounded recursion stops here rather than at the host's stack. */
  maxDepth: 1_000,
  /** Wall time of one evaluation, checked at every step. */
  timeoutMs: 1_000,
  /** Items in one sequence or array the expression builds (a range `[1..n]`, a concatenation). */
  maxSequence: 100_000,
  /** UTF-16 units of any string built along the way (a doubling `$a & $a` stops here). */
  maxStringLength: 1_000_000,
  /** Bytes of the result as JSON, the most one port carries. */
  maxResultBytes: 1024 * 1024,
} as const;

export type ExpressionLimits = { readonly [Key in keyof typeof EXPRESSION_LIMITS]: number };

/**
 * What an expression sees. The context value (`$`) is the node's main input; the variables are:
 * `$inputs` — the node's inputs by port name (one value, or a list in edge order for several edges);
 * `$run` — `{ inputs, executionId, canvasId }` of the run; `$nodes` — node id → port → value of
 * every node that finished earlier in the run. `$parse(text)` reads a JSON string, as in Step Functions.
 */
export interface ExpressionScope {
  input: unknown;
  inputs: Record<string, unknown>;
  run: { inputs: Record<string, unknown>; executionId: string; canvasId: string };
  nodes: Record<string, Record<string, unknown>>;
}

export type ExpressionOutcome = { ok: true; value: unknown } | { ok: false; message: string };

interface JsonataFailure {
  code?: string;
  message?: string;
  position?: number;
}

/**
 * Throws a ValidationError saying where and why `source` is not an expression canvases accept;
 * `where` names it for the message ("node n1 condition"). Returns the parsed tree.
 */
export function parseExpression(source: string, where: string): jsonata.Expression {
  if (source.length > EXPRESSION_LIMITS.maxLength) {
    throw new ValidationError(
      `${where}: the expression is ${source.length} characters; at most ` + `${EXPRESSION_LIMITS.maxLength}`,
    );
  }
  let expression: jsonata.Expression;
  try {
    expression = jsonata(source);
  } catch (error) {
    const failure = error as JsonataFailure;
    throw new ValidationError(`${where}: ${failure.message ?? 'does not parse'}${at(failure.position)}`);
  }
  const [problem] = dialectProblems(expression.ast());
  if (problem) throw new ValidationError(`${where}: ${problem.message}${at(problem.position)}`);
  return expression;
}

/** Why `source` is not an accepted expression, or undefined when it is (canvas warnings). */
export function expressionProblem(source: string, where: string): string | undefined {
  try {
    parseExpression(source, where);
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

const at = (position: number | undefined) => (position === undefined ? '' : ` (at character ${position})`);

const ENTRY = Symbol.for('jsonata.__evaluate_entry');
const EXIT = Symbol.for('jsonata.__evaluate_exit');

/** Thrown by the hooks; jsonata passes it through unchanged, so evaluate() can tell it from the tenant's. */
class LimitReached {
  constructor(readonly message: string) {}
}

/** The regex class evaluation builds regexes with: a second guard behind parseExpression's check. */
class CheckedRegExp extends RegExp {
  constructor(pattern: string | RegExp, flags?: string) {
    const hazard = regexHazard(typeof pattern === 'string' ? pattern : pattern.source);
    if (hazard) throw new LimitReached(`holds a regular expression that could run for minutes: ${hazard}`);
    super(pattern, flags);
  }
}

/**
 * Evaluates `source` in `scope` within `limits`. Never throws for the expression's own fault (a
 * limit, a type error, `$error(...)`): that is a failure with a message for the node to show.
 * `source` must have passed parseExpression (a run start checks every expression of its graph).
 */
export async function evaluateExpression(
  source: string,
  scope: ExpressionScope,
  limits: ExpressionLimits = EXPRESSION_LIMITS,
): Promise<ExpressionOutcome> {
  // A fresh expression per evaluation: the hooks are assigned on it and hold this evaluation's counters.
  const expression = jsonata(source, {
    sequence: limits.maxSequence,
    timeout: limits.timeoutMs,
    RegexEngine: CheckedRegExp as RegExpConstructor,
  });
  const started = Date.now();
  let steps = 0;
  let depth = 0;
  const assign = expression.assign as (name: string | symbol, value: unknown) => void;
  assign(ENTRY, () => {
    steps += 1;
    depth += 1;
    if (steps > limits.maxSteps)
      throw new LimitReached(`took more than ${limits.maxSteps} evaluation steps (a runaway loop or recursion?)`);
    if (depth > limits.maxDepth)
      throw new LimitReached(`nested deeper than ${limits.maxDepth} levels (unbounded recursion?)`);
    if (Date.now() - started > limits.timeoutMs) throw new LimitReached(`ran longer than ${limits.timeoutMs} ms`);
  });
  assign(EXIT, (_node: unknown, _input: unknown, _environment: unknown, result: unknown) => {
    depth -= 1;
    if (typeof result === 'string' && result.length > limits.maxStringLength)
      throw new LimitReached(`built a string of ${result.length} characters; at most ${limits.maxStringLength}`);
  });
  // Step Functions' $parse, which our jsonata lacks: a JSON string (a webhook body) to its value.
  expression.registerFunction('parse', (json: string) => JSON.parse(json), '<s:j>');
  let value: unknown;
  try {
    value = await expression.evaluate(scope.input, {
      inputs: scope.inputs,
      run: scope.run,
      nodes: scope.nodes,
    });
  } catch (error) {
    return { ok: false, message: failureMessage(error, limits) };
  }
  return resultOutcome(value, limits);
}

function failureMessage(error: unknown, limits: ExpressionLimits): string {
  if (error instanceof LimitReached) return `the expression ${error.message}`;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as JsonataFailure;
  if (failure.code === 'D2014' || failure.code === 'D2015')
    return `the expression builds a sequence of more than ${limits.maxSequence} items`;
  if (failure.code === 'D1012') return `the expression ran longer than ${limits.timeoutMs} ms`;
  if (failure.code === 'D1011' || error instanceof RangeError)
    return `the expression nested deeper than the engine allows (unbounded recursion?)`;
  // jsonata's own messages describe the expression, not our internals.
  if (typeof failure.message === 'string') return `the expression failed: ${failure.message}${at(failure.position)}`;
  return 'the expression failed';
}

/**
 * The result as plain JSON, within the size limit: jsonata marks its sequences with extra properties
 * and may return functions, and a port carries JSON only. Nothing (no match) stays undefined.
 */
function resultOutcome(value: unknown, limits: ExpressionLimits): ExpressionOutcome {
  if (value === undefined || typeof value === 'function') return { ok: true, value: undefined };
  const json = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'function' ? undefined : item));
  if (json === undefined) return { ok: true, value: undefined };
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > limits.maxResultBytes)
    return { ok: false, message: `the expression's result is ${bytes} bytes; at most ${limits.maxResultBytes}` };
  return { ok: true, value: JSON.parse(json) };
}
