// adapter: opaque list cursors. A cursor is the last evaluated key, sealed to its partition so that a
// cursor crafted for another workspace's partition is refused instead of read.
import { ValidationError } from '#core/errors';

export function encodeCursor(lastEvaluatedKey: Record<string, unknown> | undefined): string | null {
  if (!lastEvaluatedKey) return null;
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

/**
 * Decodes a cursor and checks it belongs to `partition`. For a query on GSI1, pass `'GSI1'`: the
 * partition is then GSI1PK, and the cursor carries the index keys as well as the table keys.
 */
export function decodeCursor(
  cursor: string | undefined,
  partition: string,
  index?: 'GSI1',
): Record<string, unknown> | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError('cursor is not valid');
  }
  const key = decoded as Record<string, unknown> | null;
  const valid = key && typeof key === 'object' && typeof key.PK === 'string' && typeof key.SK === 'string';
  if (!valid) throw new ValidationError('cursor is not valid');
  if (index === 'GSI1') {
    if (key.GSI1PK !== partition || typeof key.GSI1SK !== 'string') throw new ValidationError('cursor is not valid');
    return { PK: key.PK, SK: key.SK, GSI1PK: key.GSI1PK, GSI1SK: key.GSI1SK };
  }
  if (key.PK !== partition) throw new ValidationError('cursor is not valid');
  return { PK: key.PK, SK: key.SK };
}
