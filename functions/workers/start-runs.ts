// worker: the start-retry queue's consumer. Starts each queued run on Step Functions; a start that
// fails again is reported as a batch item failure, so SQS redelivers it after the visibility timeout
// and, after maxReceiveCount tries, parks it in the dead-letter queue. Never starts a run twice:
// the execution name is the executionId.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { StepFunctionsWorkflowEngine } from '#adapters/sfn/workflow-engine';
import { telemetry } from '#core/telemetry';
import { observed } from '#adapters/observability/powertools';
import { RunTarget } from '../workflow/run-target.ts';

const runs = new DynamoRunRepository();
const engine = new StepFunctionsWorkflowEngine();

async function startOne(body: string): Promise<void> {
  const target = RunTarget.parse(JSON.parse(body));
  const execution = await runs.get(target.workspaceId, target.executionId);
  // Cancelled (or discarded) while it waited in the queue: nothing to start.
  if (!execution || execution.status !== 'queued') return;
  await engine.startNow(target);
}

export const handler = observed(startQueuedRuns);

async function startQueuedRuns(event: SQSEvent): Promise<SQSBatchResponse> {
  const results = await Promise.allSettled(event.Records.map((record) => startOne(record.body)));
  const batchItemFailures = results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [];
    telemetry.warn('Run start failed; SQS will redeliver', { messageId: event.Records[index]!.messageId, error: String(result.reason) });
    return [{ itemIdentifier: event.Records[index]!.messageId }];
  });
  return { batchItemFailures };
}
