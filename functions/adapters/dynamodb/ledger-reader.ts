// adapter: reads of the credit ledger (LedgerReader) on the single table; writes are in ledger-repository.ts.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LedgerEntry, LedgerReader } from '#core/credits/ledger-entry';
import { table } from './client.ts';
import { keys } from './table-design.ts';

/** Items per Query page of a range read: bounds memory (a page is ≤ 1 MB however many items fit). */
export const LEDGER_RANGE_PAGE_SIZE = 500;

/** A stored ledger item without its table attributes. */
export function toLedgerEntry(item: Record<string, unknown>): LedgerEntry {
  const { PK: _pk, SK: _sk, entity: _entity, ...entry } = item;
  return entry as unknown as LedgerEntry;
}

export class DynamoLedgerReader implements LedgerReader {
  constructor(private readonly pageSize: number = LEDGER_RANGE_PAGE_SIZE) {}

  /**
   * One Query per page: `SK BETWEEN LEDGER#<from> AND LEDGER#<to>` is exactly [from, to) because an
   * entry's key continues with `#<id>` after its time (see table-design.ts). The next page is only
   * requested once the consumer has taken every entry of this one, so memory stays at one page.
   */
  async *entriesBetween(workspaceId: string, fromInclusive: Date, toExclusive: Date): AsyncIterable<LedgerEntry> {
    if (!(fromInclusive.getTime() < toExclusive.getTime())) return;
    const { client, tableName } = table();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': keys.workspacePartition(workspaceId),
            ':from': keys.ledgerTimeBound(fromInclusive.toISOString()),
            ':to': keys.ledgerTimeBound(toExclusive.toISOString()),
          },
          ConsistentRead: true,
          Limit: this.pageSize,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) yield toLedgerEntry(item);
      start = page.LastEvaluatedKey;
    } while (start);
  }
}
