// composition: the one place the run use cases' adapters are wired — for every surface that runs them:
// the run operations and the webhook trigger (accept, replay, redrive, cancel, read), the state machine's
// tasks (Advance, Finalize/Recover), the run outbox's sweeper and local mode's activity log.
//
// Each adapter is a handle of ./stores.ts, built on first use, once per process (per cold start in Lambda):
// a function that only reads runs builds no Step Functions or S3 client, and local mode builds them only after it has
// set the environment they read. The result callback's sender is in ./run-tasks.ts, so a function that
// sends none does not bundle it (its module reads the signing secret's source at load). The use cases
// take what they need from these objects (functions/core never builds an adapter).
import { systemClock } from '#core/clock';
import type { CallbackDispatch } from '#core/ports';
import type { RunDeps } from '#core/runs/use-cases';
import { releaseReservation } from '#core/published/calls';
import type { Execution } from '#core/runs/model';
import { ENV } from '../env.ts';
import { DELIVER_CALLBACK_FUNCTION_ENV, LambdaCallbackDispatch } from '../lambda/callback-dispatch.ts';
import { blobs } from './objects.ts';
import { engine } from './services.ts';
import { daySpend, runs } from './stores.ts';
import { INSTANT_EXECUTORS } from './executors.ts';

const built: { dispatch?: LambdaCallbackDispatch } = {};

/**
 * INLINE_INSTANT_RUNS: `off` starts every run on the state machine; anything else (the default) lets
 * the accepting function run a run that needs no state machine itself (functions/core/runs/inline.ts).
 * Read per run, so it can be switched on a live function's configuration (and by the bench).
 */
export const inlineRuns = () => process.env[ENV.inlineInstantRuns]?.trim().toLowerCase() !== 'off';

let inProcessDispatch: CallbackDispatch | undefined;

/** Local mode and tests: prompt callbacks are sent by the deliver-callback handler in this process. */
export function useInProcessCallbackDispatch(dispatch: CallbackDispatch | undefined): void {
  inProcessDispatch = dispatch;
}

/**
 * Prompt delivery of an inline run's callback (functions/core/runs/callbacks-prompt.ts): the
 * deliver-callback function when DELIVER_CALLBACK_FUNCTION names it (AWS), else the one local mode set,
 * else none (the sweeper sends it). Chosen per call, so local mode may set it after this module loaded.
 */
const callbackDispatch: CallbackDispatch = {
  soon(workspaceId, executionId) {
    const functionName = process.env[DELIVER_CALLBACK_FUNCTION_ENV];
    if (functionName) built.dispatch ??= new LambdaCallbackDispatch(functionName);
    const dispatch = functionName ? built.dispatch : inProcessDispatch;
    return dispatch ? dispatch.soon(workspaceId, executionId) : Promise.resolve();
  },
};

/** What every path that ends a run tells (RunDeps.runEnded): a published run's reservation becomes its charge. */
export const runEnded = (execution: Execution) => releaseReservation(execution, { spend: daySpend });

/** What accepting, replaying, redriving, cancelling and reading a run need (the run operations, the trigger). */
export function runDeps() {
  return {
    runs,
    engine,
    clock: systemClock,
    blobs,
    inlineRuns,
    executors: INSTANT_EXECUTORS,
    callbackDispatch,
    runEnded,
  } satisfies RunDeps;
}
