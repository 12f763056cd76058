// core: the shapes of node executors — what a node is given when a run reaches it (NodeContext) and
// the three kinds of executor — apart from the registry (executors.ts), so the engine and the call
// executor, which runs the engine and is part of the registry, can name them without a circle.
import type { NodeTypeId } from '../canvas/node-types.ts';
import type { CanvasNode } from '../canvas/model.ts';
import type { CalledRun, PortValue, RunTrigger } from './model.ts';
import type { TimerExecutor } from './wait-executor.ts';

export interface NodeContext {
  node: CanvasNode;
  /** input port → the values on its edges, in edge order (edges from a branch not taken carry none). */
  inputs: Record<string, PortValue[]>;
  /** input port → where each of its values came from, parallel to `inputs` (merge keys by it). */
  sources?: Record<string, Array<{ nodeId: string; port: string }>>;
  /** node id → port → value of every node that finished earlier in the run (expressions' `$nodes`). */
  earlier?: Readonly<Record<string, Record<string, PortValue>>>;
  run: {
    workspaceId: string;
    canvasId: string;
    executionId: string;
    inputs: Record<string, unknown>;
    trigger: RunTrigger;
    triggerNodeId: string;
  };
  /**
   * Which start of this node this is (1 on the first run, +1 per redrive of a failed node). With the
   * execution and node ids it names the node's work uniquely, so metered work keys its credit hold and
   * provider job on it: a retried Advance repeats the same attempt and finds what it already did.
   */
  attempt: number;
  /** Records a warning on the node (a `node.warning` timeline event): the node still succeeds. */
  warn?: (message: string) => void;
  /**
   * Reports a secret this node opened (a connection value), named by `label`: the engine replaces it in
   * everything the node leaves (outputs, warnings, failure message) before the run is stored.
   */
  conceal?: (label: string, value: string) => void;
  /** A call-canvas node reports its nested run here; the engine keeps it on the node's state (`called`). */
  report?: (called: CalledRun) => void;
}

export interface InstantExecutor {
  kind: 'instant';
  /** Finishes within the step; may await I/O that is bounded by its own timeouts (never a provider job). */
  run(context: NodeContext): Record<string, PortValue> | Promise<Record<string, PortValue>>;
}

export interface JobExecutor {
  kind: 'job';
  /**
   * `webhookUntil`: the provider will call our completion route for this job, until then at the latest
   * (its deadline, ISO): the run waits on a task token a webhook can end. Absent: the job is only polled.
   */
  submit(context: NodeContext): Promise<{ jobId: string; pollAfterSeconds: number; webhookUntil?: string }>;
  poll(
    context: NodeContext,
    job: { id: string },
  ): Promise<{ done: false; pollAfterSeconds: number } | { done: true; outputs: Record<string, PortValue> }>;
  /**
   * The run was cancelled while the job waited: give back what was reserved for it (credit hold) and
   * ask the provider to stop, best effort. Must be safe to call more than once.
   */
  cancel?(context: NodeContext, job: { id: string }): Promise<void>;
}

/** `timer`: a wait node (wait-executor.ts) — the run pauses in the state machine until its time. */
export type NodeExecutor = InstantExecutor | JobExecutor | TimerExecutor;
export type ExecutorRegistry = Partial<Record<NodeTypeId, NodeExecutor>>;

/**
 * Largest value one port may carry (a webhook's raw body is up to 512 KB). Values over a few KB are
 * kept out of the execution item (blobs.ts); media travels as asset URLs, not bytes.
 */
export const MAX_PORT_VALUE_BYTES = 1024 * 1024;
