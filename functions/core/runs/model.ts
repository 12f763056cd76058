// core: what a run is — its statuses, per-node states, outputs and timeline — as clients read it.
//
//   queued ──► running ──► succeeded
//     │           │ ▲
//     │           │ └───── redrive (failed → queued → running, resumes at the failed node)
//     │           ├──────► failed ───► (redrive)
//     └───────────┴──────► cancelled
//
// succeeded, failed and cancelled are terminal: reaching one sends the callback (once per attempt).
import type { CanvasEdge, CanvasNode } from '../canvas/model.ts';
import { ID_PREFIX, idPattern } from '../ids.ts';
import * as z from '../schema.ts';

/** An execution id as clients send it back (`exec_…`). */
export const ExecutionIdSchema = z
  .string()
  .check(z.regex(idPattern(ID_PREFIX.execution), 'is not an execution id (exec_…)'));

export const EXECUTION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const TERMINAL_STATUSES: readonly ExecutionStatus[] = ['succeeded', 'failed', 'cancelled'];
export const isTerminal = (status: ExecutionStatus) => TERMINAL_STATUSES.includes(status);

/**
 * A node's status in a run. `skipped`: the node was on a branch not taken (skipping.ts) — finished,
 * not failed; the run still succeeds.
 */
export const NODE_RUN_STATUSES = [
  'pending',
  'running',
  'waiting',
  'succeeded',
  'skipped',
  'failed',
  'cancelled',
] as const;
export type NodeRunStatus = (typeof NODE_RUN_STATUSES)[number];

export interface NodeRunState {
  type: CanvasNode['type'];
  status: NodeRunStatus;
  startedAt: string | null;
  finishedAt: string | null;
  error: string | null;
  /** How often the node was started (a redrive retries a failed node). */
  attempts: number;
  /** A branch node's output ports it did not take: their edges carry nothing (skipping.ts). */
  untakenPorts?: string[];
  /** Provider job of a submit/poll node, while it waits. */
  job?: { id: string; pollAfterSeconds: number; webhookUntil?: string };
  /** A wait node, while it waits: when it passes its input on (ISO). */
  resumeAt?: string;
  /**
   * A node whose attempt failed and whose retry policy tries again: it waits (status `waiting`) until
   * then (ISO). `failedAttempts` counts this run attempt's failed attempts (a redrive starts again at 0).
   */
  nextAttemptAt?: string;
  failedAttempts?: number;
  /**
   * The node failed for good and its error went out on its connected `error-out` port: `failed`, yet
   * finished like a succeeded node (its other ports untaken), so the run goes on (engine.ts).
   */
  errorRouted?: true;
  /** A call-canvas node that ran: the called canvas's run, summarised (runs/call-executor.ts). */
  called?: CalledRun;
}

/** What a call-canvas node's nested run did: the callee, and each of its nodes' end state. */
export interface CalledRun {
  canvasId: string;
  version: number;
  status: 'succeeded' | 'failed' | 'waiting';
  nodes: Record<string, { type: string; status: NodeRunStatus; error?: string }>;
}

/** A value on a port: text for text ports, any JSON for json/any ports, an asset URL for media. */
export type PortValue = unknown;

export type TimelineEventType =
  | 'execution.queued'
  | 'execution.started'
  | 'execution.succeeded'
  | 'execution.failed'
  | 'execution.cancelled'
  | 'execution.redriven'
  | 'node.started'
  | 'node.waiting'
  | 'node.succeeded'
  | 'node.skipped'
  | 'node.warning'
  | 'node.failed'
  /** An attempt failed and the node's retry policy tries again (message: attempt n of m, the error, when). */
  | 'node.attempt.failed'
  | 'callback.delivered'
  | 'callback.failed';

export interface TimelineEvent {
  at: string;
  type: TimelineEventType;
  nodeId?: string;
  message?: string;
}

/** What started the run. Webhook runs carry the request the trigger node exposes on its ports. */
export type RunTrigger =
  | { kind: 'api' }
  | { kind: 'replay'; replayOf: string }
  | { kind: 'webhook'; request: WebhookRequestPorts }
  /** A tool call of a published server (functions/core/published): its usage names the server. */
  | { kind: 'published'; serverId: string };

/** The six text outputs of a webhook-trigger node, already redacted. */
export interface WebhookRequestPorts {
  'method-out': string;
  'url-out': string;
  'headers-out': string;
  'query-out': string;
  'body-out': string;
  'raw-body-out': string;
}

export interface CallbackState {
  url: string;
  /** Which attempt's terminal state was (or is being) reported; a redrive starts a new attempt. */
  attempt: number | null;
  delivered: boolean | null;
  statusCode: number | null;
  error: string | null;
  at: string | null;
}

/** The part of the canvas a run executes: the trigger and everything downstream of it, frozen at start. */
export interface FrozenGraph {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export interface Execution {
  executionId: string;
  workspaceId: string;
  canvasId: string;
  triggerNodeId: string;
  trigger: RunTrigger;
  status: ExecutionStatus;
  inputs: Record<string, unknown>;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  /** Starts at 1; a redrive increments it. */
  attempt: number;
  nodes: Record<string, NodeRunState>;
  /** node id → port name → value. Output nodes expose what they collected under `value`. */
  outputs: Record<string, Record<string, PortValue>>;
  /** output node id → collected value: the run's result. */
  result: Record<string, PortValue>;
  error: { nodeId: string | null; message: string } | null;
  callback: CallbackState | null;
  timeline: TimelineEvent[];
  /** Optimistic concurrency between the engine, cancel and redrive. */
  version: number;
  /**
   * Set when Step Functions refused the run's start for now (throttled, unavailable): the run outbox's
   * sweeper starts it at its next pass instead of after the stall threshold (see queuedSince). Internal;
   * not part of the snapshot.
   */
  startDeferredAt?: string;
}

/** The client-facing snapshot (GET /api/executions), fields in a fixed, readable order. */
export function snapshot(execution: Execution) {
  return {
    executionId: execution.executionId,
    workspaceId: execution.workspaceId,
    canvasId: execution.canvasId,
    triggerNodeId: execution.triggerNodeId,
    trigger: execution.trigger,
    status: execution.status,
    attempt: execution.attempt,
    createdAt: execution.createdAt,
    startedAt: execution.startedAt,
    finishedAt: execution.finishedAt,
    updatedAt: execution.updatedAt,
    inputs: execution.inputs,
    nodes: execution.nodes,
    outputs: execution.outputs,
    result: execution.result,
    error: execution.error,
    callback: execution.callback,
  };
}

/** The outbox time of a run whose start was deferred: before any sweep's cutoff, and first in its shard. */
export const START_DEFERRED_SINCE = '1970-01-01T00:00:00.000Z';

/**
 * When the run last became `queued` — accepted, or redriven — and so since when it has been waiting
 * for its state machine: the clock of the run outbox (a run queued too long is started by the sweeper).
 * A first attempt whose start Step Functions deferred counts as queued since START_DEFERRED_SINCE.
 */
export function queuedSince(execution: Pick<Execution, 'createdAt' | 'timeline' | 'startDeferredAt'>): string {
  for (let index = execution.timeline.length - 1; index >= 0; index--) {
    const event = execution.timeline[index]!;
    if (event.type === 'execution.redriven') return event.at;
    // No request is starting a run whose start was deferred: it is due at the sweeper's next pass.
    if (event.type === 'execution.queued') return execution.startDeferredAt ? START_DEFERRED_SINCE : event.at;
  }
  return execution.createdAt;
}

/**
 * A finished run whose callback is still to be sent for this attempt. Such a run stays in the run
 * outbox (its item keeps the GSI2 keys) until the callback is claimed: the sweeper delivers the
 * callback of a run that has no state machine to do it (a run of instant nodes, see inline.ts), and
 * is the safety net for a state machine whose Finalize never ran.
 */
export const callbackPending = (execution: Pick<Execution, 'status' | 'callback' | 'attempt'>) =>
  execution.callback !== null && isTerminal(execution.status) && execution.callback.attempt !== execution.attempt;

/** Is the run in the outbox: waiting for an engine (queued), or for its callback (see callbackPending)? */
export const inOutbox = (execution: Pick<Execution, 'status' | 'callback' | 'attempt'>) =>
  execution.status === 'queued' || callbackPending(execution);

/**
 * The outbox clock: since when the run has been waiting. Queued runs: queuedSince. A pending callback:
 * since the run finished, so the sweeper's grace period (longer than any request) has passed before it
 * sends it, and a callback never reaches its receiver before the 202 that named the run.
 */
export function outboxSince(
  execution: Pick<Execution, 'status' | 'createdAt' | 'timeline' | 'startDeferredAt' | 'finishedAt'>,
): string {
  if (execution.status !== 'queued' && execution.finishedAt) return execution.finishedAt;
  return queuedSince(execution);
}

/**
 * The trigger as a list shows it: the snapshot's object, the same `kind` and `replayOf`, without a
 * webhook's request (up to the size of the request itself; read it from the snapshot).
 */
export type RunTriggerSummary =
  | { kind: 'api' }
  | { kind: 'replay'; replayOf: string }
  | { kind: 'webhook' }
  | { kind: 'published'; serverId: string };

export type ExecutionSummary = Pick<
  Execution,
  'executionId' | 'canvasId' | 'triggerNodeId' | 'status' | 'createdAt' | 'startedAt' | 'finishedAt' | 'attempt'
> & { trigger: RunTriggerSummary };

export function summarizeTrigger(trigger: RunTrigger): RunTriggerSummary {
  return trigger.kind === 'webhook' ? { kind: 'webhook' } : trigger;
}

export function summarizeExecution(execution: Execution): ExecutionSummary {
  const { executionId, canvasId, triggerNodeId, status, createdAt, startedAt, finishedAt, attempt } = execution;
  return {
    executionId,
    canvasId,
    triggerNodeId,
    status,
    createdAt,
    startedAt,
    finishedAt,
    attempt,
    trigger: summarizeTrigger(execution.trigger),
  };
}
