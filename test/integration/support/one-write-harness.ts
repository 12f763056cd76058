// test support (integration, one-write runs): a harness that accepts runs through the use cases against
// DynamoDB Local, with a Step Functions that must not be needed and a callback sender that records, both
// recording every call, and a clock the test moves on.
import type { CallbackSender, WorkflowEngine } from '#core/ports';
import type { ExecutorRegistry } from '#core/runs/executors';
import { acceptRun, type RunDeps } from '#core/runs/use-cases';
import { newWorkspaceId, noBlobs, runs } from './inline-runs.ts';

/** Step Functions that must not be needed: every call is recorded. */
export class RecordingEngine implements WorkflowEngine {
  readonly calls: string[] = [];
  async start(run: { executionId: string }) {
    this.calls.push(`start ${run.executionId}`);
    return 'started' as const;
  }
  async stop(executionId: string) {
    this.calls.push(`stop ${executionId}`);
  }
  async redrive(executionId: string) {
    this.calls.push(`redrive ${executionId}`);
    return 'missing' as const;
  }
  async resume(run: { executionId: string }) {
    this.calls.push(`resume ${run.executionId}`);
    return 'started' as const;
  }
}

export class RecordingCallbacks implements CallbackSender {
  readonly sent: { url: string; payload: Record<string, unknown> }[] = [];
  async send(url: string, payload: Record<string, unknown>) {
    this.sent.push({ url, payload });
    return { delivered: true, statusCode: 204 };
  }
}

/** A new workspace's run deps, recorders and clock, and `accept` for its canvas's trigger `p0`. */
export function harness(options: { executors?: ExecutorRegistry } = {}) {
  const workspaceId = newWorkspaceId();
  let offsetMs = 0;
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const engine = new RecordingEngine();
  const callbacks = new RecordingCallbacks();
  const deps: RunDeps = {
    runs,
    engine,
    clock,
    blobs: noBlobs,
    inlineRuns: () => true,
    ...(options.executors ? { executors: options.executors } : {}),
  };
  const sweepDeps = { runs, queued: runs, engine, clock, blobs: noBlobs, callbacks };
  const principal = { workspaceId, scopes: ['run:workflows'] } as never;
  return {
    workspaceId,
    principal,
    deps,
    engine,
    callbacks,
    sweepDeps,
    later: (ms: number) => {
      offsetMs += ms;
    },
    accept: (canvasId: string, extra: { key?: string; callbackUrl?: string } = {}) =>
      acceptRun(
        { workspaceId },
        {
          canvasId,
          triggerNodeId: 'p0',
          inputs: {},
          ...(extra.key ? { idempotencyKey: extra.key } : {}),
          ...(extra.callbackUrl ? { callbackUrl: extra.callbackUrl } : {}),
        },
        { kind: 'api' },
        deps,
      ),
  };
}
