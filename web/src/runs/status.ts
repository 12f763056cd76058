// What a run's and a node's status read as: words first (a badge is never colour alone), a tone for CSS.
import type { ExecutionStatus, NodeRunState, NodeStatus } from './types.ts';

export type Tone = 'idle' | 'busy' | 'wait' | 'good' | 'bad' | 'muted' | 'skip';

const NODE: Record<NodeStatus, { label: string; tone: Tone }> = {
  pending: { label: 'Queued', tone: 'idle' },
  running: { label: 'Running', tone: 'busy' },
  waiting: { label: 'Waiting on provider', tone: 'wait' },
  succeeded: { label: 'Succeeded', tone: 'good' },
  skipped: { label: 'Skipped (branch not taken)', tone: 'skip' },
  failed: { label: 'Failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

const EXECUTION: Record<ExecutionStatus, { label: string; tone: Tone }> = {
  queued: { label: 'Queued', tone: 'idle' },
  running: { label: 'Running', tone: 'busy' },
  succeeded: { label: 'Succeeded', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

const TERMINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'cancelled']);

export const isTerminal = (status: string): boolean => TERMINAL.has(status);

/** An unknown status (a newer server) still shows its own word rather than nothing. */
export function nodeStatusView(state: Pick<NodeRunState, 'status'>): { label: string; tone: Tone } {
  return NODE[state.status] ?? { label: String(state.status), tone: 'idle' };
}

export function executionStatusView(status: string): { label: string; tone: Tone } {
  return EXECUTION[status as ExecutionStatus] ?? { label: status, tone: 'idle' };
}

/** The node's error as a sentence: the engine stores a string, older runs an object with a message. */
export function nodeErrorText(state: Pick<NodeRunState, 'error'>): string | undefined {
  const error = state.error;
  if (!error) return undefined;
  if (typeof error === 'string') return error;
  return typeof error.message === 'string' ? error.message : JSON.stringify(error);
}

/** The node a redrive resumes at: the failed one, if the run failed on a node. */
export function failedNodeId(nodes: Record<string, NodeRunState>): string | undefined {
  return Object.entries(nodes).find(([, state]) => state.status === 'failed')?.[0];
}
