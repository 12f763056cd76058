// adapter: the audit log on the single table (table-design.ts: AUDIT#<iso ms>#<id>, TTL 90 days). Entries
// are written by the change's own transaction (audit-join.ts); this reads them, and writes the few that
// no change carries (a usage export; the runner's fallback).
import type { AuditEntry, AuditQuery } from '#core/audit/model';
import type { AuditLog } from '#core/audit/use-cases';
import { putAuditEntry } from './audit-join.ts';
import { table } from './client.ts';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { toEntity } from './entities.ts';
import { keys } from './table-design.ts';

/** Sorts after every entry's time: the open end of a range. */
const END_OF_TIME = '9999';

export function recordAuditEntry(entry: AuditEntry): Promise<void> {
  const { client, tableName } = table();
  return putAuditEntry(client, tableName, entry);
}

export const auditLog: AuditLog = {
  record: recordAuditEntry,
  async list(workspaceId: string, query: AuditQuery & { from: string }, page: { limit: number; cursor?: string }) {
    const { client, tableName } = table();
    const filters: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {
      ':from': keys.auditTimeBound(query.from),
      ':to': keys.auditTimeBound(query.to ?? END_OF_TIME),
    };
    if (query.action) {
      filters.push('#action = :action');
      names['#action'] = 'action';
      values[':action'] = query.action;
    }
    if (query.resource) {
      filters.push('#resource.#kind = :kind');
      Object.assign(names, { '#resource': 'resource', '#kind': 'kind' });
      values[':kind'] = query.resource;
    }
    const partition = keys.workspacePartition(workspaceId);
    const result = await client.send(
      new QueryCommand({
        TableName: tableName,
        // [from, to): `AUDIT#<to>` sorts before every entry at that instant, whose key goes on with `#<id>`.
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ScanIndexForward: false,
        ExpressionAttributeValues: { ':pk': partition, ...values },
        ...(filters.length ? { FilterExpression: filters.join(' AND '), ExpressionAttributeNames: names } : {}),
        Limit: page.limit,
        ExclusiveStartKey: decodeCursor(page.cursor, partition),
      }),
    );
    const items = result.Items ?? [];
    const nextCursor = encodeCursor(result.LastEvaluatedKey);
    return { items: items.map((item) => toEntity<AuditEntry>(item)), nextCursor };
  },
};
