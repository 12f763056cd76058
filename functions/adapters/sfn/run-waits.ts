// adapter: RunWaitSignal on the run workflow's task token. While a run waits on provider jobs, its
// WaitForProvider state (lib/workflows/run.asl.json) parks a task token on one item per run,
// `RUNWAIT#<executionId>`, with Step Functions' own DynamoDB integration — no Lambda — and waits for it
// at most the jobs' fallback poll time. A verified provider webhook wakes it:
//
//   wake ─► take the token (REMOVE, only if there is one) ─► SendTaskSuccess ─► the run's next Advance
//        └► no token (the run is between its Advance and its park) ─► mark completedAt (only if still no
//           token); the park refuses to wait while completedAt is there (ProviderCompleted clears it and
//           goes straight to Advance), so a completion is never slept through
//
// A stale token (its wait already timed out) is answered TaskTimedOut: the completion is then marked
// like the no-token case. Both sides write then read the same item, so no wake-up is lost.
import { InvalidToken, SendTaskSuccessCommand, SFNClient, TaskDoesNotExist, TaskTimedOut } from '@aws-sdk/client-sfn';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RunWaitSignal } from '#core/generation/video-jobs';
import { table } from '../dynamodb/client.ts';
import { TTL_ATTRIBUTE } from '../dynamodb/table-design.ts';
import { ENV } from '../env.ts';

/** The item a run's wait parks its token on (the ASL builds the same key). */
export const runWaitKey = (workspaceId: string, executionId: string) => ({
  PK: `WS#${workspaceId}`,
  SK: `RUNWAIT#${executionId}`,
});

/** A run waits at most a day on its jobs (their deadline); the item outlives that, then TTL removes it. */
const RUN_WAIT_TTL_SECONDS = 2 * 24 * 60 * 60;

let sfn: SFNClient | undefined;
const client = (): SFNClient => {
  if (!sfn) {
    const endpoint = process.env[ENV.sfnEndpoint];
    sfn = new SFNClient({ ...(endpoint ? { endpoint } : {}), maxAttempts: 3 });
  }
  return sfn;
};

const conditionFailed = (error: unknown) =>
  error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException';
const tokenGone = (error: unknown) =>
  error instanceof TaskTimedOut || error instanceof TaskDoesNotExist || error instanceof InvalidToken;

export const runWaits: RunWaitSignal = {
  async wake(workspaceId, executionId) {
    const { client: dynamo, tableName } = table();
    const Key = runWaitKey(workspaceId, executionId);
    // Each round either hands the token over or records the completion; a round repeats only when
    // the other side wrote in between (bounded: a run parks once per Advance).
    for (let round = 0; round < 5; round++) {
      try {
        const taken = await dynamo.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'REMOVE taskToken',
            ConditionExpression: 'attribute_exists(taskToken)',
            ReturnValues: 'ALL_OLD',
          }),
        );
        const token = taken.Attributes?.taskToken as string | undefined;
        if (!token) continue;
        try {
          await client().send(new SendTaskSuccessCommand({ taskToken: token, output: '{"woken":"provider"}' }));
          return;
        } catch (error) {
          if (!tokenGone(error)) throw error;
          // That wait had already ended: mark the completion for the next one.
        }
      } catch (error) {
        if (!conditionFailed(error)) throw error;
      }
      try {
        await dynamo.send(
          new UpdateCommand({
            TableName: tableName,
            Key,
            UpdateExpression: 'SET completedAt = :now, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(taskToken)',
            ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
            ExpressionAttributeValues: {
              ':now': new Date().toISOString(),
              ':ttl': Math.ceil(Date.now() / 1000) + RUN_WAIT_TTL_SECONDS,
            },
          }),
        );
        return;
      } catch (error) {
        if (!conditionFailed(error)) throw error;
        // The run parked meanwhile: take its token in the next round.
      }
    }
    throw new Error(`Could not wake run ${executionId}: its wait kept changing`);
  },
};
