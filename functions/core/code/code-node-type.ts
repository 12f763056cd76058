// core: the code node's entry in the node-type table (canvas/node-types.ts) — its data fields, ports and
// description — kept here so the table holds one short block for it. Imports nothing of the run engine,
// which reads the table (an import back would close a circle). The executor is in code-node.ts.
import * as z from '../schema.ts';
import { CODE_LIMITS } from './sandbox.ts';

/** The code node's own data fields (node-types.ts adds the fields every node has). */
export const CODE_NODE_FIELDS = {
  /** The body of `function (input, inputs, run) { … }`; it returns the node's result. */
  source: z.optional(z.string().check(z.maxLength(CODE_LIMITS.maxSourceLength))),
  /** CPU-time limit of one run, in milliseconds. @default 1000 */
  timeoutMs: z.optional(
    z.number().check(z.int(), z.minimum(CODE_LIMITS.minTimeoutMs), z.maximum(CODE_LIMITS.maxTimeoutMs)),
  ),
};

export const CODE_NODE_INPUTS = [
  { name: 'value-in', type: 'any', label: 'Values', multiple: true, optional: true },
] as const;
export const CODE_NODE_OUTPUTS = [
  { name: 'result-out', type: 'json', label: 'Result' },
  { name: 'logs-out', type: 'text', label: 'Console output' },
] as const;

export const CODE_NODE_DESCRIPTION =
  `Runs JavaScript in a sandbox (QuickJS in WebAssembly: no network, no file system, no host objects). The source is the body of function (input, inputs, run): input is the first value on value-in, inputs all of them in edge order, run.inputs the run inputs. What it returns must be JSON and goes on result-out; console.log lines go on logs-out. Limits: ${CODE_LIMITS.defaultTimeoutMs} ms of CPU ` +
  `(timeoutMs, at most ${CODE_LIMITS.maxTimeoutMs}), ${CODE_LIMITS.memoryBytes / 1024 / 1024} MiB of memory.`;
