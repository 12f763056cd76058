// bench (part of `npm run bench`, after the language section): what one JSONata evaluation costs through
// functions/core/expressions (issue 33), and how soon a runaway expression is stopped. In-process, no
// stack. A benchmark, not a test: it prints numbers and asserts nothing.
//
//   per evaluation, median of BENCH_EXPRESSION_ROUNDS (7) rounds of BENCH_EXPRESSION_EVALUATIONS (2,000):
//     evaluateExpression   what a flow node pays: parse, hooks, evaluation, result checked as JSON
//     parseExpression      the parse and dialect check alone (a run start's check of each expression)
//     parsed once          jsonata evaluating a tree parsed beforehand, no hooks: the floor a parse cache
//                          could approach (evaluateExpression parses afresh because its hooks hold one
//                          evaluation's counters)
//     + hooks              the same tree with step, depth and clock hooks like evaluateExpression's,
//                          assigned afresh before each evaluation: what a parse cache would pay
//   runaway expressions, each stopped by one limit: the time it took against that limit
//
//   npx tsx scripts/bench/expression-costs.ts
import { pathToFileURL } from 'node:url';
import jsonata from 'jsonata';
import {
  EXPRESSION_LIMITS,
  type ExpressionScope,
  evaluateExpression,
  parseExpression,
} from '../../functions/core/expressions/expressions.ts';

const ROUNDS = Number(process.env.BENCH_EXPRESSION_ROUNDS ?? 7);
const EVALUATIONS = Number(process.env.BENCH_EXPRESSION_EVALUATIONS ?? 2_000);

/** A webhook's order as its body text, ten lines: what the worked examples of docs/language.md read. */
const order = {
  customer: { email: 'ada@example.test', country: 'DE' },
  currency: 'EUR',
  amount: 250,
  items: Array.from({ length: 10 }, (_, index) => ({ sku: `sku-${index}`, price: 5 + index, quantity: 1 })),
};
const scope = (input: unknown): ExpressionScope => ({
  input,
  inputs: { 'value-in': input },
  run: { inputs: { order }, executionId: 'exe_bench', canvasId: 'cnv_bench' },
  nodes: {},
});

const TYPICAL = [
  { label: 'if condition', source: "amount > 100 and currency = 'EUR'", scope: scope(order) },
  {
    label: 'transform (edit fields)',
    source: '{ "customer": $parse($).customer.email, "total": $sum($parse($).items.price), "run": $run.executionId }',
    scope: scope(JSON.stringify(order)),
  },
] as const;

const RUNAWAY = [
  {
    label: 'endless recursion',
    source: '($f := function($x){ $f($x + 1) }; $f(0))',
    limits: EXPRESSION_LIMITS,
    limit: `${EXPRESSION_LIMITS.maxSteps.toLocaleString('en')} steps or ${EXPRESSION_LIMITS.timeoutMs} ms`,
  },
  {
    label: 'same, steps unbounded',
    source: '($f := function($x){ $f($x + 1) }; $f(0))',
    limits: { ...EXPRESSION_LIMITS, maxSteps: Number.POSITIVE_INFINITY },
    limit: `${EXPRESSION_LIMITS.timeoutMs} ms (the clock)`,
  },
  {
    label: 'deep recursion',
    source: '($f := function($x){ 1 + $f($x + 1) }; $f(0))',
    limits: EXPRESSION_LIMITS,
    limit: `depth ${EXPRESSION_LIMITS.maxDepth.toLocaleString('en')}`,
  },
  {
    label: 'a range of 100 million',
    source: '$count([1..100000000])',
    limits: EXPRESSION_LIMITS,
    limit: `${EXPRESSION_LIMITS.maxSequence.toLocaleString('en')} items`,
  },
  {
    label: 'a doubling string',
    source: "$reduce([1..40], function($a, $i){ $a & $a }, 'x')",
    limits: EXPRESSION_LIMITS,
    limit: `${EXPRESSION_LIMITS.maxStringLength.toLocaleString('en')} characters`,
  },
] as const;

const ENTRY = Symbol.for('jsonata.__evaluate_entry');
const EXIT = Symbol.for('jsonata.__evaluate_exit');

/** Hooks shaped like evaluateExpression's (count steps and depth, read the clock), on a cached tree. */
function withHooks(tree: jsonata.Expression): jsonata.Expression {
  const assign = tree.assign as (name: string | symbol, value: unknown) => void;
  const started = Date.now();
  let steps = 0;
  let depth = 0;
  assign(ENTRY, () => {
    steps += 1;
    depth += 1;
    if (steps > EXPRESSION_LIMITS.maxSteps || depth > EXPRESSION_LIMITS.maxDepth) throw new Error('limit');
    if (Date.now() - started > EXPRESSION_LIMITS.timeoutMs) throw new Error('limit');
  });
  assign(EXIT, () => {
    depth -= 1;
  });
  return tree;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median µs per call of `once` over ROUNDS rounds of EVALUATIONS calls, after one warm-up round. */
async function microseconds(once: () => unknown): Promise<number> {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const began = performance.now();
    for (let call = 0; call < EVALUATIONS; call++) await once();
    if (round > 0) rounds.push(((performance.now() - began) * 1000) / EVALUATIONS);
  }
  return median(rounds);
}

export async function benchExpressionCosts(print: (line: string) => void = console.log): Promise<void> {
  print(
    `expressions: one JSONata evaluation through functions/core/expressions, µs, median of ${ROUNDS} rounds of ${EVALUATIONS.toLocaleString('en')} (node ${process.version})`,
  );
  print(
    `  ${'expression'.padEnd(26)}${'evaluate'.padStart(10)}${'parse'.padStart(10)}${'parsed once'.padStart(13)}` +
      `${'+ hooks'.padStart(10)}`,
  );
  for (const typical of TYPICAL) {
    const outcome = await evaluateExpression(typical.source, typical.scope);
    if (!outcome.ok) throw new Error(`${typical.label}: ${outcome.message}`);
    const tree = jsonata(typical.source);
    const bindings = { inputs: typical.scope.inputs, run: typical.scope.run, nodes: typical.scope.nodes };
    tree.registerFunction('parse', (json: string) => JSON.parse(json), '<s:j>');
    const evaluate = await microseconds(() => evaluateExpression(typical.source, typical.scope));
    const parse = await microseconds(() => parseExpression(typical.source, 'bench'));
    const parsedOnce = await microseconds(() => tree.evaluate(typical.scope.input, bindings));
    const hooked = await microseconds(() => withHooks(tree).evaluate(typical.scope.input, bindings));
    print(
      `  ${typical.label.padEnd(26)}${evaluate.toFixed(1).padStart(10)}${parse.toFixed(1).padStart(10)}` +
        `${parsedOnce.toFixed(1).padStart(13)}${hooked.toFixed(1).padStart(10)}   parse ` +
        `${((parse / evaluate) * 100).toFixed(0)} % of an evaluation; ` +
        `cached + hooks ×${(hooked / evaluate).toFixed(2)} of it`,
    );
  }
  print('  runaway expressions, each stopped from inside its evaluation (n8n: a Code node loops for 300 s):');
  for (const runaway of RUNAWAY) {
    const began = performance.now();
    const outcome = await evaluateExpression(runaway.source, scope(order), runaway.limits);
    const tookMs = performance.now() - began;
    // The event loop is free again at once: nothing of the evaluation is left running.
    const freeAfter = await new Promise<number>((resolve) => {
      const asked = performance.now();
      setTimeout(() => resolve(performance.now() - asked), 0);
    });
    const stopped = outcome.ok ? 'NOT stopped' : outcome.message;
    print(
      `    ${runaway.label.padEnd(24)} stopped after ${tookMs.toFixed(0).padStart(5)} ms, limit ${runaway.limit}; ` +
        `a timer fired ${freeAfter.toFixed(1)} ms later`,
    );
    print(`      ${stopped}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchExpressionCosts();
