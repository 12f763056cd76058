// unit: how a template transaction's failures reach the client — lost races are 409s to retry, the rest unchanged.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { transact } from '#adapters/dynamodb/template-repository';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('transact', () => {
  it.each([
    ['a failed condition', cancelled('ConditionalCheckFailed', 'None')],
    ['a concurrent transaction on the same items', cancelled('None', 'TransactionConflict')],
  ])('turns %s into a ConflictError with Retry-After 1', async (_name, failure) => {
    const attempt = transact(
      () => Promise.reject(failure),
      'Template tpl_x was republished by another request; read it again and retry',
    );
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    await expect(attempt).rejects.toMatchObject({ message: /republished by another request/, retryAfterSeconds: 1 });
  });

  it('lets every other failure through untouched (a 500 that is logged)', async () => {
    const throttled = cancelled('ThrottlingError');
    await expect(transact(() => Promise.reject(throttled), 'conflict')).rejects.toBe(throttled);
    const network = new Error('socket hang up');
    await expect(transact(() => Promise.reject(network), 'conflict')).rejects.toBe(network);
  });

  it('resolves when the write does', async () => {
    await expect(transact(() => Promise.resolve({}), 'conflict')).resolves.toBeUndefined();
  });
});
