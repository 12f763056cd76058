// core: the transitions of a run outside one engine step — creation with a frozen graph, the
// terminal transition, cancel, redrive, replay. Pure functions over the Execution document.
import { ConflictError, ValidationError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Canvas } from '../canvas/model.ts';
import { isSource, isTrigger, nodeAvailability } from '../canvas/node-types.ts';
import { reachableFrom, reachingTo } from '../canvas/graph.ts';
import { nodeExpressionProblems } from '../canvas/flow-expressions.ts';
import {
  isTerminal,
  type Execution,
  type ExecutionStatus,
  type FrozenGraph,
  type RunTrigger,
  type TimelineEvent,
} from './model.ts';

/**
 * What a run executes, frozen at its start: the trigger node and everything downstream of it, plus
 * what those nodes need from stored media — the nodes downstream of a source node (an image or a
 * recording placed on the canvas) that feed them. A source takes no input, so no trigger reaches it,
 * yet `recording → speech-to-speech → output` must run when the trigger reaches the output. Nodes
 * neither reaches (another trigger's branch, a text node with no input) are not run, and their edges
 * into the run are left out. O(nodes + edges). Refused (ValidationError) when a node cannot run here
 * or holds an expression that cannot run (flow-expressions.ts).
 * `availability`: which node types this deployment can run (node-types.ts; tests pass their own).
 */
export function freezeGraph(
  canvas: Pick<Canvas, 'nodes' | 'edges'>,
  triggerNodeId: string,
  availability = nodeAvailability,
): FrozenGraph {
  const trigger = canvas.nodes.find((node) => node.id === triggerNodeId);
  if (!trigger) throw new ValidationError(`triggerNodeId ${triggerNodeId} is not a node of this canvas`);
  if (!isTrigger(trigger.type)) {
    throw new ValidationError(
      `triggerNodeId ${triggerNodeId} is a ${trigger.type} node; a run starts from a prompt or webhook-trigger node`,
    );
  }
  const downstream = reachableFrom(canvas.edges, triggerNodeId);
  const fedBySources = reachableFrom(
    canvas.edges,
    canvas.nodes.filter((node) => isSource(node.type)).map((node) => node.id),
  );
  const needed = reachingTo(canvas.edges, downstream);
  const reached = new Set([...downstream, ...[...fedBySources].filter((id) => needed.has(id))]);
  const nodes = canvas.nodes.filter((node) => reached.has(node.id));
  const unsupported = nodes.filter((node) => !availability(node.type).available);
  if (unsupported.length > 0) {
    const list = unsupported.map((node) => `${node.id} (${node.type})`).join(', ');
    throw new ValidationError(`This deployment cannot run these nodes yet: ${list}`);
  }
  // An expression that cannot run refuses the run here, before anything is written (not half-way).
  const expressionProblems = nodes.flatMap(nodeExpressionProblems);
  if (expressionProblems.length > 0)
    throw new ValidationError(`This run cannot start: ${expressionProblems.join('; ')}`);
  const edges = canvas.edges.filter((edge) => reached.has(edge.source) && reached.has(edge.target));
  return { nodes, edges };
}

export function newExecution(input: {
  workspaceId: string;
  canvasId: string;
  triggerNodeId: string;
  trigger: RunTrigger;
  inputs: Record<string, unknown>;
  callbackUrl: string | undefined;
  graph: FrozenGraph;
  now: Date;
  /** A request taking over an idempotency record records the run under the id the record names. */
  executionId?: string;
}): Execution {
  const at = input.now.toISOString();
  return {
    executionId: input.executionId ?? newId(ID_PREFIX.execution, input.now.getTime()),
    workspaceId: input.workspaceId,
    canvasId: input.canvasId,
    triggerNodeId: input.triggerNodeId,
    trigger: input.trigger,
    status: 'queued',
    inputs: input.inputs,
    createdAt: at,
    startedAt: null,
    finishedAt: null,
    updatedAt: at,
    attempt: 1,
    nodes: Object.fromEntries(
      input.graph.nodes.map((node) => [
        node.id,
        { type: node.type, status: 'pending', startedAt: null, finishedAt: null, error: null, attempts: 0 },
      ]),
    ),
    outputs: {},
    result: {},
    error: null,
    callback: input.callbackUrl
      ? { url: input.callbackUrl, attempt: null, delivered: null, statusCode: null, error: null, at: null }
      : null,
    timeline: [{ at, type: 'execution.queued' }],
    version: 1,
  };
}

const TERMINAL_EVENT: Record<'succeeded' | 'failed' | 'cancelled', TimelineEvent['type']> = {
  succeeded: 'execution.succeeded',
  failed: 'execution.failed',
  cancelled: 'execution.cancelled',
};

/** Moves a live run to a terminal status (idempotent for the same status). */
export function finish(
  execution: Execution,
  status: 'succeeded' | 'failed' | 'cancelled',
  at: string,
  message?: string,
): void {
  if (execution.status === status) return;
  if (isTerminal(execution.status))
    throw new ConflictError(`Execution ${execution.executionId} is already ${execution.status}`);
  execution.status = status;
  execution.finishedAt = at;
  if (status === 'cancelled') {
    for (const state of Object.values(execution.nodes)) {
      if (state.status === 'running' || state.status === 'waiting') {
        state.status = 'cancelled';
        state.finishedAt = at;
        delete state.job;
        delete state.resumeAt;
        delete state.nextAttemptAt;
      }
    }
  }
  execution.timeline.push({ at, type: TERMINAL_EVENT[status], ...(message ? { message } : {}) });
}

/** Failed → queued again for a new attempt; the failed node and the nodes after it will run again. */
export function prepareRedrive(execution: Execution, at: string): void {
  if (execution.status !== 'failed') {
    throw new ConflictError(`Only a failed execution can be redriven; ${execution.executionId} is ${execution.status}`);
  }
  for (const state of Object.values(execution.nodes)) {
    // A failure sent on error-out was handled: the redrive keeps it, as it keeps what succeeded.
    if (state.status === 'failed' && !state.errorRouted) {
      state.status = 'pending';
      state.error = null;
      state.finishedAt = null;
      delete state.failedAttempts;
    }
  }
  execution.status = 'queued';
  execution.error = null;
  execution.finishedAt = null;
  execution.attempt += 1;
  execution.timeline.push({ at, type: 'execution.redriven', message: `attempt ${execution.attempt}` });
}

/** Reverts prepareRedrive when the state machine refused the redrive (status, attempt, error, node states). */
export function undoRedrive(execution: Execution, before: Execution, at: string): void {
  if (execution.status !== 'queued' || execution.attempt !== before.attempt + 1) return;
  execution.status = before.status;
  execution.attempt = before.attempt;
  execution.error = before.error;
  execution.finishedAt = before.finishedAt;
  for (const [nodeId, state] of Object.entries(before.nodes)) {
    if (state.status === 'failed') execution.nodes[nodeId] = state;
  }
  execution.timeline.push({
    at,
    type: 'execution.failed',
    message: 'redrive refused by the state machine; the run stays failed',
  });
}

export function assertCancellable(status: ExecutionStatus, executionId: string): void {
  if (isTerminal(status)) throw new ConflictError(`Execution ${executionId} has already finished (${status})`);
}
