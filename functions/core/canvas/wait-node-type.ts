// core: the wait node of the node-type table — pause a run for a duration or until a time, passing its
// input through. node-types.ts includes this table; the executor is runs/wait-executor.ts. In AWS the
// pause is the state machine's WaitToPoll state (nothing billed by the clock, no Lambda sleeping); a
// canvas with a wait node never runs inline (inline.ts admits instant nodes only).
import * as z from '../schema.ts';
import { EXPRESSION_LIMITS } from '../expressions/expressions.ts';
import { failable } from './failure-handling.ts';
import { common } from './node-data.ts';

/**
 * The longest a wait node pauses: 7 days. Step Functions Standard allows a year, but a run that sleeps
 * longer than a week is better a schedule than a pause (a canvas edited meanwhile still runs the old graph).
 */
export const WAIT_MAX_SECONDS = 7 * 24 * 60 * 60;

export const WAIT_NODE_TYPES = {
  wait: failable({
    label: 'Wait',
    category: 'flow',
    description: `Pauses the run for seconds (at most ${WAIT_MAX_SECONDS}, 7 days), or until a time: until (ISO 8601) or untilExpression (JSONata giving one); passes its input on. Set one of the three.`,
    inputs: [{ name: 'value-in', type: 'any', label: 'Value', multiple: true, optional: true }],
    outputs: [{ name: 'value-out', type: 'any', label: 'Value' }],
    data: z.strictObject({
      ...common,
      seconds: z.optional(z.number().check(z.minimum(0), z.maximum(WAIT_MAX_SECONDS))),
      until: z.optional(z.iso.datetime({ offset: true })),
      untilExpression: z.optional(
        z.string().check(z.maxLength(EXPRESSION_LIMITS.maxLength), z.describe('JSONata giving an ISO 8601 time')),
      ),
    }),
  }),
} as const;

const WAIT_SETTINGS = ['seconds', 'until', 'untilExpression'] as const;

/** What is wrong with how a wait node says how long it waits (the executor refuses the same), if anything. */
export function waitSettingProblem(data: Record<string, unknown>): string | undefined {
  const set = WAIT_SETTINGS.filter((field) => data[field] !== undefined);
  if (set.length === 1) return undefined;
  return `set exactly one of seconds, until and untilExpression (${set.length === 0 ? 'none' : set.join(', ')} set)`;
}
