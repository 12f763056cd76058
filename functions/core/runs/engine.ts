// core: one engine step. Runs every node it can reach now — all instant nodes, in dependency order,
// in this one step — submits or polls provider jobs, and reports whether the run is finished, failed,
// or waiting (on a provider job, a wait node's time, a retry's pause). The state machine calls it in
// a loop: Advance → (Wait → Advance)* → done. A step visits each node once, upstream first, and costs
// O(nodes + edges) whatever order the nodes were created in (issue 7: sweeping the node list until
// nothing changed was cubic in the worst case).
//
//   pending ──(all upstream finished)──► running ──► succeeded
//      │                                 ▲  │  ├──► waiting (job) ──poll──► succeeded
//      │                                 │  │  └──► waiting (wait node, resumeAt) ──time──► succeeded
//      │                                 │  └─────► failed: failure-routing.ts decides
//      │           (retry: nextAttemptAt)└─ waiting ◄─┤ retry policy, attempts left
//      │                                              ├─ error-out connected ──► failed, routed: run goes on
//      │                                              └─ otherwise ──► the run fails; later nodes stay pending
//      └──(only branches not taken reach it: skipping.ts)──► skipped
import type { CanvasEdge, CanvasNode } from '../canvas/model.ts';
import type { FrozenGraph, Execution, NodeRunState, PortValue, TimelineEvent } from './model.ts';
import { arrivalAt, carryingEdges, takenOutputs } from './skipping.ts';
import { NO_EDGES, visitOrder, wiringOf } from './visit-order.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentRequiredError,
  RateLimitedError,
  UnauthorizedError,
  UpstreamError,
  UpstreamTimeoutError,
  ValidationError,
} from '../errors.ts';
import { telemetry } from '../telemetry.ts';
import { MAX_PORT_VALUE_BYTES, type ExecutorRegistry, type NodeContext } from './executor-types.ts';
import { NodeFailedError } from './node-failed.ts';
import { Redactor } from './redaction.ts';
import type { NodeFailureReason } from './failure-reason.ts';
import { handleFailure } from './failure-routing.ts';
import { ERROR_OUT } from '../canvas/failure-handling.ts';

/** Why a node failed, as a metric dimension (failure-reason.ts: the fixed set and who causes each). */
export type { NodeFailureReason } from './failure-reason.ts';

const REASON_BY_ERROR: ReadonlyArray<readonly [new (...args: never[]) => DomainError, NodeFailureReason]> = [
  [NodeFailedError, 'node'],
  [ValidationError, 'validation'],
  [PaymentRequiredError, 'credits'],
  [UnauthorizedError, 'forbidden'],
  [ForbiddenError, 'forbidden'],
  [NotFoundError, 'not-found'],
  [ConflictError, 'conflict'],
  [PayloadTooLargeError, 'too-large'],
  [RateLimitedError, 'rate-limited'],
  [UpstreamTimeoutError, 'upstream-timeout'],
  [UpstreamError, 'upstream'],
];

export function nodeFailureReason(error: unknown): NodeFailureReason {
  if (!(error instanceof DomainError)) return 'fault';
  return REASON_BY_ERROR.find(([type]) => error instanceof type)?.[1] ?? 'other';
}

export type StepOutcome =
  | { status: 'succeeded' }
  /** `reason`: why the node failed; `fault` means the engine's own failure, not the workspace's. */
  | { status: 'failed'; reason: NodeFailureReason }
  /** `webhookUntil`: the latest deadline of the waiting jobs a provider webhook can complete (absent: none). */
  | { status: 'waiting'; waitSeconds: number; webhookUntil?: string };

const MIN_POLL_SECONDS = 1;

/** The values on the edges that carry one, by input port, in edge order; and where each came from. */
function inputsOf(live: readonly CanvasEdge[], execution: Execution): Pick<NodeContext, 'inputs' | 'sources'> {
  const inputs: Record<string, PortValue[]> = {};
  const sources: NonNullable<NodeContext['sources']> = {};
  for (const edge of live) {
    const values = inputs[edge.targetHandle] ?? [];
    const from = sources[edge.targetHandle] ?? [];
    values.push(execution.outputs[edge.source]?.[edge.sourceHandle]);
    from.push({ nodeId: edge.source, port: edge.sourceHandle });
    inputs[edge.targetHandle] = values;
    sources[edge.targetHandle] = from;
  }
  return { inputs, sources };
}

function failureMessage(error: unknown): string {
  // Only messages we wrote are shown; anything else could carry internals.
  return error instanceof DomainError ? error.message : 'The node failed unexpectedly';
}

function assertPortSizes(nodeId: string, outputs: Record<string, PortValue>): void {
  for (const [port, value] of Object.entries(outputs)) {
    const bytes = Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value ?? null), 'utf8');
    if (bytes > MAX_PORT_VALUE_BYTES) {
      throw new NodeFailedError(
        `Output ${nodeId}.${port} is ${bytes} bytes; a port carries at most ${MAX_PORT_VALUE_BYTES}`,
      );
    }
  }
}

/**
 * Advances `execution` (mutated in place) as far as it can go now. `now()` stamps events.
 * Never throws for a node's failure: that is recorded on the node and the run.
 */
export async function advance(
  execution: Execution,
  graph: FrozenGraph,
  executors: ExecutorRegistry,
  now: () => string,
  random: () => number = Math.random,
): Promise<StepOutcome> {
  const event = (type: TimelineEvent['type'], nodeId?: string, message?: string) =>
    execution.timeline.push({ at: now(), type, ...(nodeId ? { nodeId } : {}), ...(message ? { message } : {}) });

  if (execution.status === 'queued') {
    execution.status = 'running';
    execution.startedAt ??= now();
    event('execution.started');
  }

  const fail = (state: NodeRunState, nodeId: string, message: string) => {
    state.status = 'failed';
    state.error = message;
    state.finishedAt = now();
    delete state.job;
    event('node.failed', nodeId, message);
  };

  const wiring = wiringOf(graph);
  // One Redactor per visit: what a node opened is concealed in what that visit leaves.
  const context = (node: CanvasNode, redactor: Redactor, live: readonly CanvasEdge[]): NodeContext => ({
    node,
    ...inputsOf(live, execution),
    earlier: execution.outputs,
    run: {
      workspaceId: execution.workspaceId,
      canvasId: execution.canvasId,
      executionId: execution.executionId,
      inputs: execution.inputs,
      trigger: execution.trigger,
      triggerNodeId: execution.triggerNodeId,
    },
    attempt: execution.nodes[node.id]?.attempts ?? 1,
    warn: (message) => event('node.warning', node.id, redactor.text(message)),
    conceal: (label, value) => redactor.add(label, value),
    report: (called) => {
      execution.nodes[node.id]!.called = called;
    },
  });

  const succeed = (state: NodeRunState, nodeId: string, outputs: Record<string, PortValue>, untaken: string[]) => {
    assertPortSizes(nodeId, outputs);
    execution.outputs[nodeId] = outputs;
    if (untaken.length > 0) state.untakenPorts = untaken;
    state.status = 'succeeded';
    state.finishedAt = now();
    delete state.job;
    event('node.succeeded', nodeId);
  };

  // A node that failed before this step (and was not redriven) holds the whole run: nothing runs.
  // One whose error went out on error-out does not: it finished, as far as the run goes.
  const halted = graph.nodes.some((node) => {
    const state = execution.nodes[node.id];
    return state?.status === 'failed' && !state.errorRouted;
  });
  // A wait node's time, or a retry's, has come.
  const due = (at: string | undefined) => at !== undefined && Date.parse(at) <= Date.parse(now());
  const order = halted ? [] : visitOrder(graph, wiring, execution);
  let failure: NodeFailureReason | undefined;
  // One visit per node, upstream first: a job submitted at its visit is polled in the next step
  // (the provider asked for pollAfterSeconds), and a waiting job is polled once per step.
  for (const node of order) {
    const state = execution.nodes[node.id]!;
    const executor = executors[node.type];
    const redactor = new Redactor();
    // Untaken ports are set apart first: the redactor copies values, and the marker is not a value.
    const settle = (outputs: Record<string, PortValue>) => {
      const taken = takenOutputs(outputs);
      succeed(state, node.id, redactor.value(taken.outputs) as Record<string, PortValue>, taken.untaken);
    };
    const incoming = wiring.incoming.get(node.id) ?? NO_EDGES;
    try {
      const arrival = state.status === 'pending' ? arrivalAt(incoming, execution) : undefined;
      const retryDue = state.status === 'waiting' && due(state.nextAttemptAt);
      if (arrival?.kind === 'skip') {
        state.status = 'skipped';
        state.finishedAt = now();
        event('node.skipped', node.id, arrival.reason);
      } else if (arrival?.kind === 'run' || retryDue) {
        if (!executor) throw new NodeFailedError(`${node.type} nodes cannot run in this deployment yet`);
        const live = arrival?.kind === 'run' ? arrival.live : carryingEdges(incoming, execution);
        state.status = 'running';
        state.startedAt = now();
        state.attempts += 1;
        state.error = null;
        delete state.nextAttemptAt;
        event('node.started', node.id, retryDue ? `attempt ${(state.failedAttempts ?? 0) + 1}` : undefined);
        if (executor.kind === 'instant') {
          settle(await executor.run(context(node, redactor, live)));
        } else if (executor.kind === 'timer') {
          const resumeAt = await executor.resumeAt(context(node, redactor, live), new Date(now()));
          if (resumeAt.getTime() <= Date.parse(now())) settle(executor.finish(context(node, redactor, live)));
          else {
            state.status = 'waiting';
            state.resumeAt = resumeAt.toISOString();
            event('node.waiting', node.id, `until ${state.resumeAt}`);
          }
        } else {
          const job = await executor.submit(context(node, redactor, live));
          state.status = 'waiting';
          state.job = { id: job.jobId, pollAfterSeconds: job.pollAfterSeconds };
          if (job.webhookUntil) state.job.webhookUntil = job.webhookUntil;
          event('node.waiting', node.id);
        }
      } else if (state.status === 'waiting' && state.resumeAt && executor?.kind === 'timer') {
        if (due(state.resumeAt)) {
          delete state.resumeAt;
          settle(executor.finish(context(node, redactor, carryingEdges(incoming, execution))));
        }
      } else if (state.status === 'waiting' && state.job && executor?.kind === 'job') {
        const polled = await executor.poll(context(node, redactor, carryingEdges(incoming, execution)), state.job);
        if (polled.done) settle(polled.outputs);
        else state.job.pollAfterSeconds = polled.pollAfterSeconds;
      }
    } catch (error) {
      const message = redactor.text(failureMessage(error));
      const reason = nodeFailureReason(error);
      telemetry.count('NodeFailed', 1, { reason });
      const handled = await handleFailure({
        node,
        state,
        execution,
        message,
        reason,
        executor,
        context: () => context(node, redactor, carryingEdges(incoming, execution)),
        errorOutConnected: (wiring.outgoing.get(node.id) ?? NO_EDGES).some((edge) => edge.sourceHandle === ERROR_OUT),
        now: new Date(now()),
        random,
        event,
      });
      if (handled !== 'halt') continue;
      fail(state, node.id, message);
      execution.error = { nodeId: node.id, message };
      failure = reason;
      break;
    }
  }

  let waitSeconds = Number.POSITIVE_INFINITY;
  let webhookUntil: string | undefined;
  let nowMs: number | undefined;
  for (const node of halted ? [] : graph.nodes) {
    const state = execution.nodes[node.id];
    if (state?.status !== 'waiting') continue;
    // A wait node's or a retry's time: the seconds left (the state machine's Wait sleeps them).
    const timer = state.resumeAt ?? state.nextAttemptAt;
    if (timer !== undefined) {
      nowMs ??= Date.parse(now());
      waitSeconds = Math.min(waitSeconds, (Date.parse(timer) - nowMs) / 1000);
    }
    if (!state.job) continue;
    waitSeconds = Math.min(waitSeconds, state.job.pollAfterSeconds);
    if (state.job.webhookUntil && !(webhookUntil && webhookUntil > state.job.webhookUntil))
      webhookUntil = state.job.webhookUntil;
  }
  // A failure this step did not see (a run halted earlier and not redriven) is not expected here: ours.
  if (execution.error) return { status: 'failed', reason: failure ?? 'fault' };
  if (Number.isFinite(waitSeconds))
    return {
      status: 'waiting',
      waitSeconds: Math.max(MIN_POLL_SECONDS, Math.ceil(waitSeconds)),
      ...(webhookUntil ? { webhookUntil } : {}),
    };
  for (const node of graph.nodes) {
    // An output on a branch not taken received nothing: it is not part of the result.
    if (node.type === 'output' && execution.nodes[node.id]?.status === 'succeeded')
      execution.result[node.id] = execution.outputs[node.id]?.value;
  }
  return { status: 'succeeded' };
}
