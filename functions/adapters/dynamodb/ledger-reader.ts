// adapter: reads of the credit ledger (LedgerReader) on the single table; writes are in ledger-repository.ts.
import type { LedgerEntry, LedgerReader } from '#core/credits/ledger-entry';
import { queryPages, toEntity, type Item } from './entities.ts';
import { keys } from './table-design.ts';

/** Items per Query page of a range read: bounds memory (a page is ≤ 1 MB however many items fit). */
export const LEDGER_RANGE_PAGE_SIZE = 500;

/** A stored ledger item without its table attributes. */
export function toLedgerEntry(item: Item): LedgerEntry {
  return toEntity<LedgerEntry>(item);
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
    const pages = queryPages({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':from': keys.ledgerTimeBound(fromInclusive.toISOString()),
        ':to': keys.ledgerTimeBound(toExclusive.toISOString()),
      },
      ConsistentRead: true,
      Limit: this.pageSize,
    });
    for await (const page of pages) for (const item of page) yield toLedgerEntry(item);
  }
}
