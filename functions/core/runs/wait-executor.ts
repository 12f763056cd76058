// core: what a wait node (canvas/wait-node-type.ts) does in a run. A timer, neither instant nor a
// provider job: when the run reaches it, the engine asks when it may go on (resumeAt), records the
// node `waiting` with that time and answers `waiting` with the seconds left; the state machine's Wait
// sleeps them and the next step finds the time has come and passes the input on.
import { WAIT_MAX_SECONDS, waitSettingProblem } from '../canvas/wait-node-type.ts';
import { collapsed, evaluateField, type FlowContext } from './flow-executors.ts';
import type { PortValue } from './model.ts';
import { NodeFailedError } from './node-failed.ts';

export interface TimerExecutor {
  kind: 'timer';
  /** When the node may finish (a time at or before `now` finishes it in the same step). */
  resumeAt(context: FlowContext, now: Date): Promise<Date>;
  /** Its outputs once the time has come. */
  finish(context: FlowContext): Record<string, PortValue>;
}

function timeOf(where: string, value: unknown): Date {
  const at = typeof value === 'string' ? new Date(value) : typeof value === 'number' ? new Date(value) : undefined;
  if (!at || Number.isNaN(at.getTime()))
    throw new NodeFailedError(`${where} gave ${JSON.stringify(value) ?? 'nothing'}, not a time (ISO 8601 or epoch ms)`);
  return at;
}

export const waitExecutor: TimerExecutor = {
  kind: 'timer',
  resumeAt: async (context, now) => {
    const data = context.node.data;
    const where = `Node ${context.node.id} (wait)`;
    const problem = waitSettingProblem(data);
    if (problem) throw new NodeFailedError(`${where}: ${problem}`);
    const at =
      typeof data.seconds === 'number'
        ? new Date(now.getTime() + data.seconds * 1000)
        : data.until !== undefined
          ? timeOf(`${where} until`, data.until)
          : timeOf(`${where} untilExpression`, await evaluateField(context, 'untilExpression', data.untilExpression));
    if (at.getTime() - now.getTime() > WAIT_MAX_SECONDS * 1000)
      throw new NodeFailedError(`${where}: ${at.toISOString()} is more than 7 days ahead, the longest a run waits`);
    return at;
  },
  finish: (context) => ({ 'value-out': collapsed(context.inputs['value-in']) ?? null }),
};
