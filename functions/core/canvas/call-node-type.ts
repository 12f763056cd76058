// core: the call-canvas node of the node-type table — runs another canvas of the workspace as one step
// (docs/language.md "Calling a canvas"). node-types.ts includes this table; the callee is resolved and
// frozen into the caller's graph when a run starts (canvas/call-graph.ts), and run by
// runs/call-executor.ts as a nested engine step over that frozen graph.
import * as z from '../schema.ts';
import { EXPRESSION_LIMITS } from '../expressions/expressions.ts';
import { failable } from './failure-handling.ts';
import { common } from './node-data.ts';

/**
 * How deep calls may nest: a canvas that calls one that calls one … at most this many levels below the
 * run's own canvas. Step Functions has no depth quota of its own (reference §2.6), so the engine keeps one.
 */
export const CALL_MAX_DEPTH = 5;
/** How many distinct canvases one walk of the calls may read (bounds the reads of a save and of a run start). */
export const CALL_MAX_CANVASES = 25;
/** How many nodes the called canvases of one run hold in all, nested: the inline limit (runs/inline.ts). */
export const CALL_MAX_NODES = 1_000;

// Not model.ts's CanvasId / ClientId: model.ts imports the node-type table, which includes this one.
const id = (what: string) => z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_.:-]+$/, what));

export const CALL_NODE_TYPES = {
  'call-canvas': failable({
    label: 'Call canvas',
    category: 'flow',
    description: `Runs another canvas of the workspace (from its prompt trigger) as one step, with run inputs built from this node's input, and puts its result — its output nodes' values by node id — on result-out. The called canvas must be instant (no generation, wait or retries); calls nest ${CALL_MAX_DEPTH} deep at most and may not form a cycle.`,
    inputs: [{ name: 'value-in', type: 'any', label: 'Value', multiple: true, optional: true }],
    outputs: [{ name: 'result-out', type: 'json', label: 'Result' }],
    data: z.strictObject({
      ...common,
      canvasId: z.optional(id('is not a canvas id')),
      /** The callee's version this canvas was built against; a run is refused once the callee moved on. */
      version: z.optional(z.int().check(z.positive())),
      triggerNodeId: z.optional(id('is not a node id')),
      inputs: z.optional(
        z
          .string()
          .check(
            z.maxLength(EXPRESSION_LIMITS.maxLength),
            z.describe(
              'JSONata giving the callee\'s run inputs (an object); absent: $ if an object, else {"prompt": $}',
            ),
          ),
      ),
    }),
  }),
} as const;
