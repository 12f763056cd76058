// composition: the executors of the nodes every run path can run in-process — the core's pure ones plus
// the code node over the sandbox handle (loaded at the first code node, once per process). The accepting
// functions run instant-only runs with these (runs.ts runDeps); the state machine's Advance adds the
// nodes that need grants or providers (functions/workflow/executors.ts).
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import { codeExecutor } from '#core/code/code-node';
import { codeSandbox } from './code-sandbox.ts';

export const INSTANT_EXECUTORS: ExecutorRegistry = {
  ...EXECUTORS,
  code: codeExecutor(codeSandbox),
};
