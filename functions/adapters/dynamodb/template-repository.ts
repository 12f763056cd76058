// adapter: TemplateRepository on the single table — one small metadata item per template (what list
// reads) and the snapshot in TEMPLATEPART items (template-parts.ts), always written together.
//
//   publish    TransactWrite ┬ Put metadata   if attribute_not_exists(PK)
//                            └ Put part 0..n-1 (revision 1)
//   republish  GetItem metadata (its part count), then
//              TransactWrite ┬ Put metadata   if revision = expected
//                            ├ Put part 0..n-1 (revision + 1; same keys, so old parts are overwritten)
//                            └ Delete parts n..old-1 (a smaller snapshot leaves no stale part behind)
//   delete     GetItem metadata, then TransactWrite Delete metadata (if revision unchanged) + every part
//   snapshot   GetItem metadata ‖ Query parts (both consistent, in parallel); the parts must all carry
//              the metadata's revision — if a republish landed between the two reads they do not, and
//              the pair is read again
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '#core/errors';
import type { PageQuery } from '#core/pagination';
import type { Template, TemplateSnapshot } from '#core/templates/model';
import type { TemplateRepository } from '#core/templates/ports';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import { getItem, newItemPut, queryAll, queryPrefix, toEntity, type Item } from './entities.ts';
import { keys } from './table-design.ts';
import { assetReferences } from '#core/assets/usages';
import { decodeSnapshot, encodeSnapshot } from './template-parts.ts';

/** How often a read or delete that raced a republish is tried again before answering 409. */
const MAX_ATTEMPTS = 4;

/**
 * The metadata item. `assetUses` (assetId → node ids of the snapshot that name it) is derived from the
 * snapshot on every publish, as canvases derive theirs, so asset usages count templates without
 * reading any snapshot.
 */
function metadataItem(template: Template, parts: number, snapshot: TemplateSnapshot): Item {
  return {
    ...keys.template(template.workspaceId, template.id),
    entity: 'Template',
    ...template,
    parts,
    assetUses: assetReferences(snapshot),
  };
}

/** `parts` and `assetUses` are the metadata item's own, not the template's. */
const toTemplate = (item: Item) => toEntity<Template>(item, 'parts', 'assetUses');

function partPuts(template: Template, parts: readonly Uint8Array[], tableName: string) {
  return parts.map((data, index) => ({
    Put: {
      TableName: tableName,
      Item: {
        ...keys.templatePart(template.workspaceId, template.id, index),
        entity: 'TemplatePart',
        revision: template.revision,
        data,
      },
    },
  }));
}

function partDeletes(workspaceId: string, templateId: string, from: number, to: number, tableName: string) {
  const deletes = [];
  for (let index = from; index < to; index++)
    deletes.push({ Delete: { TableName: tableName, Key: keys.templatePart(workspaceId, templateId, index) } });
  return deletes;
}

/**
 * Runs a template transaction. A failed condition, or another transaction on the same items at the
 * same moment (TransactionConflict, which DynamoDB reports instead of serialising), is a 409 to retry.
 */
export async function transact(write: () => Promise<unknown>, conflictMessage: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isConditionFailure(error) || isTransactionConflict(error))
      throw new ConflictError(conflictMessage, { cause: error, retryAfterSeconds: 1 });
    throw error;
  }
}

function isTransactionConflict(error: unknown): boolean {
  return (
    error instanceof TransactionCanceledException &&
    (error.CancellationReasons ?? []).some((reason) => reason.Code === 'TransactionConflict')
  );
}

export class DynamoTemplateRepository implements TemplateRepository {
  private metadata(workspaceId: string, templateId: string): Promise<Item | undefined> {
    return getItem(keys.template(workspaceId, templateId));
  }

  async get(workspaceId: string, templateId: string): Promise<Template | undefined> {
    const item = await this.metadata(workspaceId, templateId);
    return item ? toTemplate(item) : undefined;
  }

  async getWithSnapshot(
    workspaceId: string,
    templateId: string,
  ): Promise<{ template: Template; snapshot: TemplateSnapshot } | undefined> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [item, parts] = await Promise.all([
        this.metadata(workspaceId, templateId),
        queryAll({
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: {
            ':pk': keys.workspacePartition(workspaceId),
            ':prefix': keys.templatePartPrefix(templateId),
          },
          ConsistentRead: true,
        }),
      ]);
      if (!item) return undefined;
      // Query returns parts in key order, which is their index order (zero-padded).
      const current = parts.filter((part) => part.revision === item.revision);
      if (current.length === item.parts && current.length === parts.length) {
        return { template: toTemplate(item), snapshot: decodeSnapshot(current.map((part) => part.data as Uint8Array)) };
      }
    }
    throw new ConflictError(`Template ${templateId} is being republished or deleted; retry`, { retryAfterSeconds: 1 });
  }

  async create(template: Template, snapshot: TemplateSnapshot): Promise<void> {
    const { client, tableName } = table();
    const parts = encodeSnapshot(snapshot);
    await transact(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              newItemPut(metadataItem(template, parts.length, snapshot)),
              ...partPuts(template, parts, tableName),
            ],
          }),
        ),
      `Template ${template.id} already exists`,
    );
  }

  async replace(template: Template, snapshot: TemplateSnapshot, expectedRevision: number): Promise<void> {
    const { client, tableName } = table();
    const parts = encodeSnapshot(snapshot);
    const stored = await this.metadata(template.workspaceId, template.id);
    if (!stored) throw new NotFoundError(`Template ${template.id} not found`);
    const conflict = `Template ${template.id} was republished by another request; read it again and retry`;
    if (stored.revision !== expectedRevision) throw new ConflictError(conflict, { retryAfterSeconds: 1 });
    await transact(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: metadataItem(template, parts.length, snapshot),
                  ConditionExpression: 'revision = :expected',
                  ExpressionAttributeValues: { ':expected': expectedRevision },
                },
              },
              ...partPuts(template, parts, tableName),
              ...partDeletes(template.workspaceId, template.id, parts.length, Number(stored.parts), tableName),
            ],
          }),
        ),
      conflict,
    );
  }

  async delete(workspaceId: string, templateId: string): Promise<boolean> {
    const { client, tableName } = table();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const stored = await this.metadata(workspaceId, templateId);
      if (!stored) return false;
      try {
        await client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName,
                  Key: keys.template(workspaceId, templateId),
                  // Unchanged since read: a republish in between may have written more parts than we would delete.
                  ConditionExpression: 'revision = :revision',
                  ExpressionAttributeValues: { ':revision': stored.revision },
                },
              },
              ...partDeletes(workspaceId, templateId, 0, Number(stored.parts), tableName),
            ],
          }),
        );
        return true;
      } catch (error) {
        // Changed or contended since read: read again, so the parts deleted are the ones that exist.
        if (!isConditionFailure(error) && !isTransactionConflict(error)) throw error;
      }
    }
    throw new ConflictError(`Template ${templateId} is being republished; retry`, { retryAfterSeconds: 1 });
  }

  async list(workspaceId: string, page: PageQuery) {
    const { items, nextCursor } = await queryPrefix(keys.workspacePartition(workspaceId), keys.templatePrefix, page);
    return { items: items.map(toTemplate), nextCursor };
  }
}
