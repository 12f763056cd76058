// adapter: SDK failures translated to domain errors at the boundary.
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ConflictError, type DomainError } from '#core/errors';

/**
 * Runs a conditional write; a failed condition becomes a domain error (a ConflictError with the given
 * message, or whatever `onFailedCondition` builds), anything else is rethrown untouched.
 */
export async function conditionally<T>(
  write: () => Promise<T>,
  onFailedCondition: string | (() => DomainError),
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (typeof onFailedCondition === 'string') throw new ConflictError(onFailedCondition, { cause: error });
    throw onFailedCondition();
  }
}

export function isConditionFailure(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'ConditionalCheckFailed')
  );
}
