// use case: running a run in the process that accepted it, without the state machine (issues 7 and 26).
// A run of instant nodes finishes in one engine step — microseconds per node — yet through the
// Standard workflow it pays three state transitions, four with Finalize for its callback. So the
// accepting process runs such a run itself, before it records it, and records it once, finished:
//
//   claim the idempotency key (one small PutItem; a duplicate stops here and answers the holder's run)
//        │
//        ▼ runInMemory: one engine step in this process, nothing written
//        │
//        ▼ create: ONE PutItem of the finished run (graph inside); with a callback URL it stays in the
//        │         run outbox until the callback is claimed, and the accept asks for its delivery about
//        │         a second after the finish (callbacks-prompt.ts), after the 202 that names the run;
//        │         the sweeper sends it, after its hold, when that ask failed or the process died
//        ├─ written ────────────────────► the answer can carry the result
//        └─ the process dies before it ─► no run, no answer: the caller's retry finds the key claimed
//                                         and, once the claim's lease has passed, records the run
//                                         itself under the same executionId (accept.ts)
//
// Nobody can cancel a run before its executionId is answered, so there is no race with a cancel. A
// redrive of such a run runs inline again with runInline: the redriven attempt is saved queued (in
// the outbox) first, then run and saved finished, and the sweeper records it failed if the process
// dies in between ("redrive the run to retry"). Its callback is asked for as the accept's is
// (control.ts redriveRun).
//
// Only runs that need nothing the state machine gives: every node instant (a provider job, a wait node
// and a retry policy's pause need the Wait loop, so no Lambda ever sleeps) and a bounded graph (the
// step must fit well inside the route's timeout), whose code nodes' time limits add up to one node's
// ceiling at most. Everything else is started on the state machine.
import { ConflictError } from '../errors.ts';
import type { RunRepository } from '../ports.ts';
import type { Clock } from '../clock.ts';
import { advance } from './engine.ts';
import { EXECUTORS, type ExecutorRegistry } from './executors.ts';
import { retriesAtAll } from '../canvas/failure-handling.ts';
import { frozenCallOf } from '../canvas/call-graph.ts';
import { finish } from './lifecycle.ts';
import { isTerminal, type Execution, type FrozenGraph } from './model.ts';
import { externalize, internalize, type BlobStore } from './blobs.ts';
import { telemetry } from '../telemetry.ts';
import { codeTimeLimitMs } from '../code/code-node.ts';
import { CODE_LIMITS } from '../code/sandbox.ts';

/**
 * Largest graph run inline. One step over 1,000 instant nodes takes about 10–20 ms in the engine and
 * 0.4 s with its I/O on the dev machine (docs/runs-engine.md), far inside a route's timeout.
 */
export const INLINE_MAX_NODES = 1_000;

/** Most time the code nodes of a run run inline may take, their limits added up (one node at the ceiling). */
export const INLINE_MAX_CODE_MS = CODE_LIMITS.maxTimeoutMs;

export interface InlineDeps {
  runs: Pick<RunRepository, 'save' | 'get'>;
  clock: Clock;
  blobs: BlobStore;
  executors?: ExecutorRegistry;
}

/** Can this run be run to its end by the process that holds it, with no state machine? */
export function runsInline(graph: FrozenGraph, executors: ExecutorRegistry = EXECUTORS): boolean {
  // A call node's callee runs inside it, so its nodes count and must be instant too (call-graph.ts).
  const nodes = withCalledNodes(graph);
  return (
    nodes.length <= INLINE_MAX_NODES &&
    // A retry waits between attempts, in the state machine's Wait, as a wait node does (it is no instant node).
    nodes.every((node) => executors[node.type]?.kind === 'instant' && !retriesAtAll(node)) &&
    // Code nodes (issue 33): their time limits added up, callees' included, must fit a route's timeout.
    codeTimeLimitMs({ nodes }) <= INLINE_MAX_CODE_MS
  );
}

/** The graph's nodes and those of every canvas it calls, nested (bounded: call-graph.ts). */
function withCalledNodes(graph: FrozenGraph): FrozenGraph['nodes'] {
  return graph.nodes.flatMap((node) => {
    const called = frozenCallOf(node);
    return called ? [node, ...withCalledNodes(called.graph)] : [node];
  });
}

/**
 * Runs a new, not yet recorded `execution` (queued, values plain; mutated) to a terminal state in one
 * engine step, and moves its large values to the blob store, ready to be recorded once.
 */
export async function runInMemory(execution: Execution, graph: FrozenGraph, deps: Omit<InlineDeps, 'runs'>) {
  await stepToEnd(execution, graph, deps);
  await externalize(execution, deps.blobs);
  // The same count the state machine's step makes for a run that failed there.
  if (execution.status === 'failed') telemetry.count('RunsFailed');
}

/**
 * Runs `execution` (as stored: queued, large values as references; mutated) to a terminal state in one
 * engine step and saves it with the version it was read at. Returns the run as the table now holds
 * it: the saved result, or — when another writer got there first (a cancel) — what that writer saved.
 * Throws only when the step could not be saved; the run is then still queued and in the outbox.
 */
export async function runInline(execution: Execution, graph: FrozenGraph, deps: InlineDeps): Promise<Execution> {
  if (isTerminal(execution.status)) return execution;
  const version = execution.version;
  const loadedBlobs = await internalize(execution, deps.blobs);
  await stepToEnd(execution, graph, deps);
  execution.version = version + 1;
  await externalize(execution, deps.blobs, loadedBlobs);
  try {
    await deps.runs.save(execution, version);
    // The same count the state machine's step makes for a run that failed there.
    if (execution.status === 'failed') telemetry.count('RunsFailed');
    return execution;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    // Changed since it was read: cancelled (the only other writer of a queued run this young).
    const current = await deps.runs.get(execution.workspaceId, execution.executionId);
    if (!current) throw error;
    return current;
  }
}

/** The one engine step of an inline run, which ends it (`execution` is mutated; nothing is written). */
async function stepToEnd(
  execution: Execution,
  graph: FrozenGraph,
  deps: Pick<InlineDeps, 'clock' | 'executors'>,
): Promise<void> {
  const now = () => deps.clock.now().toISOString();
  const outcome = await advance(execution, graph, deps.executors ?? EXECUTORS, now);
  // runsInline() admits instant nodes only, so the step cannot stop at a provider job.
  if (outcome.status === 'waiting')
    throw new Error(`Execution ${execution.executionId} waits on a provider; it cannot run inline`);
  finish(execution, outcome.status, now(), outcome.status === 'failed' ? execution.error?.message : undefined);
  execution.updatedAt = now();
}
