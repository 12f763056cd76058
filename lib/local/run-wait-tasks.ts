// local: the run workflow's two DynamoDB service-integration states (WaitForProvider parks the task
// token, ProviderCompleted clears a completion mark) as the local Step Functions endpoint runs them: the
// same UpdateItem against DynamoDB Local, its errors named as Step Functions names an AWS SDK
// integration's (`DynamoDb.<Exception>`), so the ASL's Catch matches the same names.
import { DynamoDBClient, UpdateItemCommand, type UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { COMPLETION_WEBHOOK_FALLBACK_SECONDS } from '../../functions/core/generation/video-jobs.ts';

let client: DynamoDBClient | undefined;

export const tableName = () => process.env.TABLE_NAME ?? 'local-table';

export async function updateItem(payload: UpdateItemCommandInput): Promise<unknown> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  client ??= new DynamoDBClient({ ...(endpoint ? { endpoint } : {}) });
  try {
    await client.send(new UpdateItemCommand(payload));
    return {};
  } catch (error) {
    const named = new Error((error as Error).message);
    named.name = `DynamoDb.${(error as Error).name}`;
    throw named;
  }
}

/** How long a local park waits at most: `waitMs` for a poll wait, the real seconds for a webhook's fallback. */
export function waitLimitMs(waitMs: number | undefined) {
  const fallback = Number(process.env.PROVIDER_WEBHOOK_FALLBACK_SECONDS ?? COMPLETION_WEBHOOK_FALLBACK_SECONDS);
  return (payload: UpdateItemCommandInput): number => {
    const seconds = Number(payload.ExpressionAttributeValues?.[':wait']?.N ?? 1);
    return waitMs !== undefined && seconds < fallback ? waitMs : seconds * 1000;
  };
}
