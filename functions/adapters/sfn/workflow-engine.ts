// adapter: WorkflowEngine on Step Functions. The execution name is the executionId, so Step Functions
// itself refuses a second start of the same run (names are unique per state machine for 90 days).
// A start that is throttled or fails transiently is `deferred` instead of failing the request: the run
// stays queued in the run outbox and the sweeper starts it (functions/core/runs/sweep.ts). Accepting a
// run never depends on Step Functions having capacity at that instant.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DescribeExecutionCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  RedriveExecutionCommand,
  SFNClient,
  StartExecutionCommand,
  StopExecutionCommand,
} from '@aws-sdk/client-sfn';
import { ConflictError } from '#core/errors';
import type { ResumeOutcome, WorkflowEngine, WorkflowResumer } from '#core/ports';
import { telemetry } from '#core/telemetry';
import { ENV } from '../env.ts';
import { resourceFromEnv } from '../resource-env.ts';

/** Up to 10 s for a failing run's last step to finish before a redrive is refused. */
const REDRIVE_WAIT_ATTEMPTS = 20;
const REDRIVE_WAIT_MS = 500;

/** Errors after which a start is worth retrying later rather than failing. */
const TRANSIENT = new Set([
  'ThrottlingException',
  'TooManyRequestsException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'RequestTimeout',
  'TimeoutError',
]);

export function isTransientStartError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: string }).code;
  return (
    TRANSIENT.has(error.name) ||
    (status !== undefined && status >= 500) ||
    code === 'ECONNREFUSED' ||
    code === 'ECONNRESET'
  );
}

export interface RunTargetRef {
  workspaceId: string;
  executionId: string;
}

/**
 * The execution input, byte for byte the same whoever starts the run (route, sweeper, replay of a key):
 * Step Functions answers a repeated StartExecution of a RUNNING execution with success only when name
 * AND input match.
 */
const startInput = (run: RunTargetRef) =>
  JSON.stringify({ workspaceId: run.workspaceId, executionId: run.executionId });

export class StepFunctionsWorkflowEngine implements WorkflowEngine, WorkflowResumer {
  private context?: { client: SFNClient; stateMachineArn: string };

  /** Built on first use, once per cold start. */
  private sfn() {
    if (!this.context) {
      const { name, endpoint } = resourceFromEnv(ENV.stateMachineArn, ENV.sfnEndpoint, 'the run state machine');
      // The SDK's own retries stay short: a throttled start is left to the sweeper, not waited on.
      this.context = {
        client: new SFNClient({ ...(endpoint ? { endpoint } : {}), maxAttempts: 2 }),
        stateMachineArn: name,
      };
    }
    return this.context;
  }

  executionArn(executionId: string): string {
    const { stateMachineArn } = this.sfn();
    return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${executionId}`;
  }

  /** Starts now; on throttling or a transient failure answers `deferred` (the sweeper starts it). */
  async start(run: RunTargetRef): Promise<'started' | 'deferred'> {
    try {
      await this.startNow(run);
      return 'started';
    } catch (error) {
      if (!isTransientStartError(error)) throw error;
      telemetry.warn('StartExecution deferred; the run outbox sweeper starts the run', {
        executionId: run.executionId,
        error: String(error),
      });
      return 'deferred';
    }
  }

  /** One StartExecution; an execution that already exists under this name counts as started. */
  async startNow(run: RunTargetRef): Promise<void> {
    const { client, stateMachineArn } = this.sfn();
    try {
      await client.send(new StartExecutionCommand({ stateMachineArn, name: run.executionId, input: startInput(run) }));
    } catch (error) {
      if (error instanceof ExecutionAlreadyExists) return;
      throw error;
    }
  }

  /**
   * The sweeper's start of a run that stayed `queued`:
   *
   *   attempt 1   StartExecution ── ok (new, or the same one RUNNING) ──► started
   *                              └─ ExecutionAlreadyExists (it closed) ──► gone
   *   attempt n   DescribeExecution ── missing ──► gone
   *               ├─ RUNNING (being redriven, or still closing) ──► in-progress
   *               ├─ closed, already redriven n − 1 times ──► gone
   *               └─ RedriveExecution ── ok ──► started
   *                                    └─ not redrivable: RUNNING now (another sweep) ──► in-progress, else gone
   */
  async resume(run: RunTargetRef & { attempt: number }): Promise<ResumeOutcome> {
    const { client, stateMachineArn } = this.sfn();
    if (run.attempt <= 1) {
      try {
        await client.send(
          new StartExecutionCommand({ stateMachineArn, name: run.executionId, input: startInput(run) }),
        );
        return 'started';
      } catch (error) {
        if (error instanceof ExecutionAlreadyExists) return 'gone';
        throw error;
      }
    }
    const executionArn = this.executionArn(run.executionId);
    const describe = async () => {
      try {
        return await client.send(new DescribeExecutionCommand({ executionArn }));
      } catch (error) {
        if (error instanceof ExecutionDoesNotExist) return undefined;
        throw error;
      }
    };
    const before = await describe();
    if (!before) return 'gone';
    if (before.status === 'RUNNING') return 'in-progress';
    // Redriven for this attempt and closed again, yet the run never left `queued`.
    if ((before.redriveCount ?? 0) >= run.attempt - 1) return 'gone';
    try {
      await client.send(new RedriveExecutionCommand({ executionArn }));
      return 'started';
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ExecutionNotRedrivable') throw error;
      return (await describe())?.status === 'RUNNING' ? 'in-progress' : 'gone';
    }
  }

  async stop(executionId: string, cause: string): Promise<void> {
    try {
      await this.sfn().client.send(new StopExecutionCommand({ executionArn: this.executionArn(executionId), cause }));
    } catch (error) {
      // Never started (deferred, or the run ran inline): the sweeper skips runs that are not queued.
      if (error instanceof ExecutionDoesNotExist) return;
      throw error;
    }
  }

  /**
   * Redrives the failed execution. A run reads `failed` a moment before its state machine execution
   * closes (the failing step still sends the callback), so while that execution is RUNNING this waits
   * for it to close — briefly and boundedly — instead of refusing a redrive the client had every
   * reason to send.
   */
  async redrive(executionId: string): Promise<'redriven' | 'missing'> {
    const { client } = this.sfn();
    const executionArn = this.executionArn(executionId);
    for (let attempt = 1; ; attempt++) {
      try {
        await client.send(new RedriveExecutionCommand({ executionArn }));
        return 'redriven';
      } catch (error) {
        // The run never had an execution: it ran inline (functions/core/runs/inline.ts).
        if (error instanceof ExecutionDoesNotExist) return 'missing';
        if (!(error instanceof Error) || error.name !== 'ExecutionNotRedrivable') throw error;
        const { status } = await client.send(new DescribeExecutionCommand({ executionArn }));
        if (status !== 'RUNNING' || attempt >= REDRIVE_WAIT_ATTEMPTS) {
          throw new ConflictError(`Execution ${executionId} cannot be redriven now (${status}); retry shortly`, {
            cause: error,
            retryAfterSeconds: 2,
          });
        }
        await sleep(REDRIVE_WAIT_MS);
      }
    }
  }
}
