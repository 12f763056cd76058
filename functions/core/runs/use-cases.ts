// use cases of runs, by reason to change (issue 26): accepting a run (accept.ts), reading and
// controlling it (control.ts), the state machine's steps (steps.ts), its callback (callbacks.ts), and
// what they share (deps.ts). Re-exported here so callers keep one import.
export type { RunDeps } from './deps.ts';
export {
  acceptRun,
  replayRun,
  CLAIM_LEASE_MS,
  TriggerGoneError,
  type Accepted,
  type AcceptOptions,
  type RunRequest,
} from './accept.ts';
export {
  cancelRun,
  getExecution,
  listCanvasExecutions,
  redriveRun,
  waitForExecution,
  type ProviderJobCanceller,
  type WaitingJob,
} from './control.ts';
export {
  advanceRun,
  ENGINE_FAILED,
  failRun,
  finalizeRun,
  recoverRun,
  RunFailedError,
  type AdvanceResult,
} from './steps.ts';
export { callbackPayload, deliverCallbackOnce } from './callbacks.ts';
