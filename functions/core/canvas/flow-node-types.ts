// core: the flow nodes of the node-type table — branch (if, switch), merge and transform. node-types.ts
// includes this table; their executors are in runs/flow-executors.ts, their expression checks in
// flow-expressions.ts, and docs/language.md tells tenants how they behave. All are instant and free:
// they run inside the engine step, and the cost estimate prices none of them (not metered).
import * as z from '../schema.ts';
import { EXPRESSION_LIMITS } from '../expressions/expressions.ts';
import { failable } from './failure-handling.ts';
import { common, shortText } from './node-data.ts';

/** How many cases a switch node has ports for (case-1-out … case-N-out). */
export const SWITCH_MAX_CASES = 8;

const expression = (what: string) =>
  z.optional(z.string().check(z.maxLength(EXPRESSION_LIMITS.maxLength), z.describe(what)));

const valueIn = { name: 'value-in', type: 'any', label: 'Value' } as const;

export const switchCasePort = (index: number) => `case-${index + 1}-out`;

export const FLOW_NODE_TYPES = {
  if: failable({
    label: 'If',
    category: 'flow',
    description:
      'Sends its input on true-out when the condition (a JSONata expression that must give true or false) holds, else on false-out; the nodes behind the other port are skipped.',
    inputs: [valueIn],
    outputs: [
      { name: 'true-out', type: 'any', label: 'True' },
      { name: 'false-out', type: 'any', label: 'False' },
    ],
    data: z.strictObject({
      ...common,
      condition: expression('JSONata giving true or false; $ is the input (docs/language.md)'),
    }),
  }),
  switch: failable({
    label: 'Switch',
    category: 'flow',
    description: `Sends its input on the port of the first case whose condition holds (case-1-out … case-${SWITCH_MAX_CASES}-out, in case order), or on default-out when none does; every other port's nodes are skipped (with default-out unconnected, nothing runs behind it).`,
    inputs: [valueIn],
    outputs: [
      ...Array.from({ length: SWITCH_MAX_CASES }, (_, index) => ({
        name: switchCasePort(index),
        type: 'any' as const,
        label: `Case ${index + 1}`,
      })),
      { name: 'default-out', type: 'any', label: 'Default' },
    ],
    data: z.strictObject({
      ...common,
      cases: z.optional(
        z
          .array(
            z.strictObject({
              name: shortText(100),
              condition: expression('JSONata giving true or false; $ is the input'),
            }),
          )
          .check(z.maxLength(SWITCH_MAX_CASES)),
      ),
    }),
  }),
  merge: {
    label: 'Merge',
    category: 'flow',
    description:
      'Waits for every connected input that was not skipped and combines them: a list in edge order (mode list, the default) or an object keyed by source node id (mode object). Skipped when all are.',
    inputs: [{ name: 'value-in', type: 'any', label: 'Values', multiple: true }],
    outputs: [{ name: 'merged-out', type: 'json', label: 'Merged' }],
    data: z.strictObject({ ...common, mode: z.optional(z.enum(['list', 'object'])) }),
  },
  transform: failable({
    label: 'Transform',
    category: 'flow',
    description:
      'Builds a JSON value from its inputs with a JSONata expression (edit fields, reshape, compute); the text template stays for text.',
    inputs: [{ name: 'value-in', type: 'any', label: 'Values', multiple: true }],
    outputs: [{ name: 'json-out', type: 'json', label: 'Result' }],
    data: z.strictObject({
      ...common,
      expression: expression('JSONata building the output; $ is the input (docs/language.md)'),
    }),
  }),
} as const;
