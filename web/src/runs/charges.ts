// What a run's node was charged: the usage transactions whose resource names the execution and node
// (the ledger writes them with resource.executionId and resource.nodeId), summed.
import type { CreditTransaction } from './types.ts';

export function chargedCredits(
  transactions: readonly CreditTransaction[],
  executionId: string,
  nodeId: string,
): number | undefined {
  const usage = transactions.filter(
    (transaction) =>
      transaction.type === 'usage' &&
      transaction.resource?.executionId === executionId &&
      transaction.resource?.nodeId === nodeId,
  );
  if (usage.length === 0) return undefined;
  // Usage entries take credits (negative); a charge reads as a positive number.
  return usage.reduce((sum, transaction) => sum - transaction.credits, 0);
}

/** Per node of a canvas, the credits of its most recent charged run (transactions come newest first). */
export function lastChargesOf(transactions: readonly CreditTransaction[], canvasId: string): Record<string, number> {
  const latest = new Map<string, string>();
  for (const transaction of transactions) {
    const { canvasId: canvas, nodeId, executionId } = transaction.resource ?? {};
    if (transaction.type !== 'usage' || canvas !== canvasId || !nodeId || !executionId || latest.has(nodeId)) continue;
    latest.set(nodeId, executionId);
  }
  return Object.fromEntries(
    [...latest].map(([nodeId, executionId]) => [nodeId, chargedCredits(transactions, executionId, nodeId)!]),
  );
}
