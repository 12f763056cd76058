// local: the run workflow's two DynamoDB service-integration states (WaitForProvider parks the task
// token, ProviderCompleted clears a completion mark) as the local Step Functions endpoint runs them: the
// same UpdateItem against DynamoDB Local, its errors named as Step Functions names an AWS SDK
// integration's (`DynamoDb.<Exception>`), so the ASL's Catch matches the same names.
// They go through the handlers' table client (same DynamoDB Local), so what counts its calls (the bench's
// capacity units) counts the parks too: in AWS they are writes on the same table.
import { UpdateItemCommand, type UpdateItemCommandInput } from '@aws-sdk/client-dynamodb';
import { table } from '../../functions/adapters/dynamodb/client.ts';
import { completionFallbackSeconds } from '../../functions/adapters/generation/completion-url.ts';

/** The table the park states write: the handlers' own, so the variable that names it is read in one place. */
export const tableName = () => table().tableName;

export async function updateItem(payload: UpdateItemCommandInput): Promise<unknown> {
  try {
    // A low-level command: the payload is in DynamoDB's own attribute-value form, as the ASL writes it.
    await table().client.send(new UpdateItemCommand(payload));
    return {};
  } catch (error) {
    const named = new Error((error as Error).message);
    named.name = `DynamoDb.${(error as Error).name}`;
    throw named;
  }
}

/** How long a local park waits at most: `waitMs` for a poll wait, the real seconds for a webhook's fallback. */
export function waitLimitMs(waitMs: number | undefined) {
  const fallback = completionFallbackSeconds();
  return (payload: UpdateItemCommandInput): number => {
    const seconds = Number(payload.ExpressionAttributeValues?.[':wait']?.N ?? 1);
    return waitMs !== undefined && seconds < fallback ? waitMs : seconds * 1000;
  };
}
