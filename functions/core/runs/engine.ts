// core: one engine step. Runs every node it can reach now — all instant nodes, in dependency order,
// in this one step — submits or polls provider jobs, and reports whether the run is finished, failed,
// or waiting on a provider. The state machine calls it in a loop: Advance → (Wait → Advance)* → done.
//
//   pending ──(all upstream succeeded)──► running ──► succeeded
//                                            │  └──► waiting (job) ──poll──► succeeded
//                                            └─────► failed  → the run fails; later nodes stay pending
import type { FrozenGraph, Execution, NodeRunState, PortValue, TimelineEvent } from './model.ts';
import { DomainError } from '../errors.ts';
import { MAX_PORT_VALUE_BYTES, NodeFailedError, type ExecutorRegistry, type NodeContext } from './executors.ts';

export type StepOutcome = { status: 'succeeded' | 'failed' } | { status: 'waiting'; waitSeconds: number };

const MIN_POLL_SECONDS = 1;

function inputsOf(graph: FrozenGraph, execution: Execution, nodeId: string): Record<string, PortValue[]> {
  const inputs: Record<string, PortValue[]> = {};
  for (const edge of graph.edges) {
    if (edge.target !== nodeId) continue;
    (inputs[edge.targetHandle] ??= []).push(execution.outputs[edge.source]?.[edge.sourceHandle]);
  }
  return inputs;
}

function isReady(graph: FrozenGraph, execution: Execution, nodeId: string): boolean {
  return graph.edges.every((edge) => edge.target !== nodeId || execution.nodes[edge.source]?.status === 'succeeded');
}

function failureMessage(error: unknown): string {
  // Only messages we wrote are shown; anything else could carry internals.
  return error instanceof DomainError ? error.message : 'The node failed unexpectedly';
}

function assertPortSizes(nodeId: string, outputs: Record<string, PortValue>): void {
  for (const [port, value] of Object.entries(outputs)) {
    const bytes = Buffer.byteLength(typeof value === 'string' ? value : JSON.stringify(value ?? null), 'utf8');
    if (bytes > MAX_PORT_VALUE_BYTES) {
      throw new NodeFailedError(`Output ${nodeId}.${port} is ${bytes} bytes; a port carries at most ${MAX_PORT_VALUE_BYTES}`);
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

  const context = (nodeId: string): NodeContext => ({
    node: graph.nodes.find((node) => node.id === nodeId)!,
    inputs: inputsOf(graph, execution, nodeId),
    run: { inputs: execution.inputs, trigger: execution.trigger, triggerNodeId: execution.triggerNodeId },
  });

  const succeed = (state: NodeRunState, nodeId: string, outputs: Record<string, PortValue>) => {
    assertPortSizes(nodeId, outputs);
    execution.outputs[nodeId] = outputs;
    state.status = 'succeeded';
    state.finishedAt = now();
    delete state.job;
    event('node.succeeded', nodeId);
  };

  let waitSeconds = Number.POSITIVE_INFINITY;
  let progressed = true;
  // A job submitted in this step is polled in the next one: the provider asked for pollAfterSeconds.
  const submittedNow = new Set<string>();
  // Graph order is creation order, not dependency order: sweep until a sweep changes nothing.
  while (progressed && !graph.nodes.some((node) => execution.nodes[node.id]?.status === 'failed')) {
    progressed = false;
    waitSeconds = Number.POSITIVE_INFINITY;
    for (const node of graph.nodes) {
      const state = execution.nodes[node.id]!;
      const executor = executors[node.type];
      try {
        if (state.status === 'pending' && isReady(graph, execution, node.id)) {
          if (!executor) throw new NodeFailedError(`${node.type} nodes cannot run in this deployment yet`);
          state.status = 'running';
          state.startedAt = now();
          state.attempts += 1;
          state.error = null;
          event('node.started', node.id);
          if (executor.kind === 'instant') {
            succeed(state, node.id, executor.run(context(node.id)));
          } else {
            const job = await executor.submit(context(node.id));
            state.status = 'waiting';
            state.job = { id: job.jobId, pollAfterSeconds: job.pollAfterSeconds };
            submittedNow.add(node.id);
            event('node.waiting', node.id);
          }
          progressed = true;
        } else if (state.status === 'waiting' && state.job && executor?.kind === 'job' && !submittedNow.has(node.id)) {
          const polled = await executor.poll(context(node.id), state.job);
          if (polled.done) {
            succeed(state, node.id, polled.outputs);
            progressed = true;
          } else {
            state.job.pollAfterSeconds = polled.pollAfterSeconds;
          }
        }
      } catch (error) {
        fail(state, node.id, failureMessage(error));
        execution.error = { nodeId: node.id, message: failureMessage(error) };
        break;
      }
      if (state.status === 'waiting' && state.job) waitSeconds = Math.min(waitSeconds, state.job.pollAfterSeconds);
    }
  }

  if (execution.error) return { status: 'failed' };
  if (Number.isFinite(waitSeconds)) return { status: 'waiting', waitSeconds: Math.max(MIN_POLL_SECONDS, Math.ceil(waitSeconds)) };
  for (const node of graph.nodes) {
    if (node.type === 'output') execution.result[node.id] = execution.outputs[node.id]?.value;
  }
  return { status: 'succeeded' };
}
