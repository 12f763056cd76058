// adapter: opaque list cursors. A cursor is the last evaluated key, sealed to its partition so that a
// cursor crafted for another workspace's partition is refused instead of read.
import { ValidationError } from '#core/errors';

export function encodeCursor(lastEvaluatedKey: Record<string, unknown> | undefined): string | null {
  if (!lastEvaluatedKey) return null;
  return Buffer.from(JSON.stringify(lastEvaluatedKey), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string | undefined, partitionKey: string): Record<string, unknown> | undefined {
  if (cursor === undefined) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError('cursor is not valid');
  }
  const key = decoded as Record<string, unknown> | null;
  if (!key || typeof key !== 'object' || key.PK !== partitionKey || typeof key.SK !== 'string') {
    throw new ValidationError('cursor is not valid');
  }
  return { PK: key.PK, SK: key.SK };
}
