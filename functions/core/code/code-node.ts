// core: the code node — a tenant's JavaScript run in the sandbox (CodeSandbox) with its inputs, its JSON
// result on result-out and what console.* wrote on logs-out. The source is the body of a function of
// (input, inputs, run); see docs/language.md "Code". Every way the code can go wrong fails this node
// with a message that says what happened and what to do; none of them reaches the process.
import { NodeFailedError, type InstantExecutor, type NodeContext } from '../runs/executors.ts';
import type { CanvasNode } from '../canvas/model.ts';
import { CODE_LIMITS, type CodeOutcome, type CodeSandbox } from './sandbox.ts';

/** The code node's executor over `sandbox`. Instant: it finishes within its time limit in the same step. */
export function codeExecutor(sandbox: CodeSandbox): InstantExecutor {
  return {
    kind: 'instant',
    async run({ node, inputs, run }: NodeContext) {
      const { source, timeoutMs = CODE_LIMITS.defaultTimeoutMs } = node.data as { source?: string; timeoutMs?: number };
      if (typeof source !== 'string' || source.trim() === '')
        throw new NodeFailedError('The code node has no source: set its source to the body of a function that returns');
      const values = inputs['value-in'] ?? [];
      const outcome = await sandbox.run({
        source,
        args: { input: values[0] ?? null, inputs: values, run: { inputs: run.inputs } },
        timeoutMs,
      });
      if (!outcome.ok) throw new NodeFailedError(failureText(outcome, timeoutMs));
      return { 'result-out': JSON.parse(outcome.json) as unknown, 'logs-out': outcome.logs.join('\n') };
    },
  };
}

/** The failure message of a code node: what happened, what to do, and the console's last lines. */
function failureText(outcome: Extract<CodeOutcome, { ok: false }>, timeoutMs: number): string {
  const what = {
    timeout: `The code ran past its ${timeoutMs} ms limit and was stopped: look for a loop that never ends, or raise timeoutMs (at most ${CODE_LIMITS.maxTimeoutMs})`,
    memory: `The code used more than its ${CODE_LIMITS.memoryBytes / 1024 / 1024} MiB of memory and was stopped`,
    stack: `The code overflowed its stack (${outcome.message}): recursion too deep, or values nested too deeply`,
    syntax: `The code does not compile: ${outcome.message}`,
    threw: `The code failed: ${outcome.message}`,
  }[outcome.reason];
  const tail = outcome.logs.slice(-5).join('\n');
  return tail ? `${what}. Its last console lines:\n${tail.slice(-1_000)}` : what;
}

/**
 * The most time the code nodes of `graph` may take in one step: their limits added up. A run is run
 * inline only while this fits the accepting function (runs/inline.ts): the run and trigger routes have 10
 * to 60 s, and a run cut off there would be retried into the same wall.
 */
export function codeTimeLimitMs(graph: { nodes: readonly Pick<CanvasNode, 'type' | 'data'>[] }): number {
  let total = 0;
  for (const node of graph.nodes) {
    if (node.type !== 'code') continue;
    const { timeoutMs } = node.data as { timeoutMs?: unknown };
    total += typeof timeoutMs === 'number' ? timeoutMs : CODE_LIMITS.defaultTimeoutMs;
  }
  return total;
}
