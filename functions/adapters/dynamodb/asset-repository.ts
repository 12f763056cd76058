// adapter: AssetRepository on the single table. Asset records and upload reservations live in the
// workspace partition (so an id of another workspace is never found); assets of a canvas are one GSI1
// query; usages are read from the canvases themselves (their derived `assetUses` map).
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#core/errors';
import type { Asset, AssetUsage, UploadReservation, TemplateUsage } from '#core/assets/model';
import type { AssetRepository, CanvasWrite, LibraryFilter } from '#core/assets/ports';
import type { Page } from '#core/pagination';
import { canvasItem } from './canvas-repository.ts';
import { table } from './client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  deleteExisting,
  deleteIfVersion,
  getEntity,
  newItemPut,
  putIfVersion,
  putNew,
  queryAll,
  toEntity,
  transactWrite,
  versionedPut,
  type Item,
} from './entities.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

/** Most Query calls one library page may make when filters skip most items; the cursor resumes after. */
const MAX_CALLS_PER_PAGE = 8;
/** Items a follow-up call of a filtered page evaluates (the first evaluates exactly `limit`). */
const FOLLOW_UP_EVALUATE = 400;

/** The stored item of an asset (exported for the bench, which seeds thousands with BatchWriteItem). */
export function assetItem(asset: Asset): Item {
  return {
    ...keys.asset(asset.workspaceId, asset.id),
    ...(asset.canvasId ? keys.assetByCanvas(asset.workspaceId, asset.canvasId, asset.id) : {}),
    entity: 'Asset',
    ...asset,
    // A boolean beside trashedAt, for the library filter (DynamoDB cannot compare with null).
    trashed: asset.trashedAt !== null,
  };
}

/** `trashed` is the item's own (see assetItem), not the asset's. */
const DERIVED = ['trashed'];
const toAsset = (item: Item) => toEntity<Asset>(item, ...DERIVED);
const changedMeanwhile = (asset: Asset) =>
  `Asset ${asset.id} was changed or purged by another request; read it again and retry`;

export class DynamoAssetRepository implements AssetRepository {
  async reserve(reservation: UploadReservation): Promise<void> {
    const item = {
      ...keys.upload(reservation.workspaceId, reservation.id),
      entity: 'Upload',
      ...reservation,
      [TTL_ATTRIBUTE]: Math.ceil(Date.parse(reservation.expiresAt) / 1000),
    };
    await putNew(item, `Upload ${reservation.id} already exists`);
  }

  async getReservation(workspaceId: string, uploadId: string): Promise<UploadReservation | undefined> {
    return getEntity<UploadReservation>(keys.upload(workspaceId, uploadId));
  }

  async deleteReservation(workspaceId: string, uploadId: string): Promise<boolean> {
    return deleteExisting(keys.upload(workspaceId, uploadId));
  }

  async finalize(asset: Asset, uploadId: string, canvasWrite?: CanvasWrite): Promise<void> {
    const { tableName } = table();
    await transactWrite(
      [
        newItemPut(assetItem(asset)),
        {
          Delete: {
            TableName: tableName,
            Key: keys.upload(asset.workspaceId, uploadId),
            ConditionExpression: 'attribute_exists(PK)',
          },
        },
        ...(canvasWrite ? [versionedPut(canvasItem(canvasWrite.canvas), canvasWrite.expectedVersion)] : []),
      ],
      () =>
        new ConflictError(
          `Upload ${uploadId} was finalized or cancelled meanwhile, or its canvas changed; read them again before retrying`,
        ),
    );
  }

  async create(asset: Asset): Promise<void> {
    await putNew(assetItem(asset), `Asset ${asset.id} already exists`);
  }

  async get(workspaceId: string, assetId: string): Promise<Asset | undefined> {
    return getEntity<Asset>(keys.asset(workspaceId, assetId), ...DERIVED);
  }

  async getMany(workspaceId: string, assetIds: readonly string[]): Promise<Asset[]> {
    const { client, tableName } = table();
    const found: Asset[] = [];
    for (let start = 0; start < assetIds.length; start += 100) {
      let pending: Item[] | undefined = assetIds.slice(start, start + 100).map((id) => keys.asset(workspaceId, id));
      while (pending && pending.length > 0) {
        const { Responses, UnprocessedKeys } = await client.send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: true } } }),
        );
        found.push(...(Responses?.[tableName] ?? []).map(toAsset));
        pending = UnprocessedKeys?.[tableName]?.Keys as Item[] | undefined;
      }
    }
    return found;
  }

  async replace(asset: Asset, expectedVersion: number): Promise<void> {
    await putIfVersion(assetItem(asset), expectedVersion, changedMeanwhile(asset));
  }

  async delete(asset: Asset, expectedVersion: number): Promise<void> {
    await deleteIfVersion(keys.asset(asset.workspaceId, asset.id), expectedVersion, changedMeanwhile(asset));
  }

  async listLibrary(
    workspaceId: string,
    filter: LibraryFilter,
    page: { limit: number; cursor?: string },
  ): Promise<Page<Asset>> {
    const { client, tableName } = table();
    const partition = keys.workspacePartition(workspaceId);
    const names: Record<string, string> = { '#library': 'library', '#trashed': 'trashed' };
    const values: Record<string, unknown> = {
      ':pk': partition,
      ':prefix': keys.assetPrefix,
      ':true': true,
      ':trashed': filter.trashed,
    };
    const conditions = ['#library = :true', '#trashed = :trashed'];
    const where = (attribute: string, placeholder: string, value: unknown, condition: string) => {
      names[`#${attribute}`] = attribute;
      values[`:${placeholder}`] = value;
      conditions.push(condition);
    };
    if (filter.kind) where('kind', 'kind', filter.kind, '#kind = :kind');
    if (filter.folder) where('folder', 'folder', filter.folder, '#folder = :folder');
    if (filter.tag) where('tags', 'tag', filter.tag, 'contains(#tags, :tag)');

    const items: Item[] = [];
    let start = decodeCursor(page.cursor, partition);
    for (let calls = 0; calls < MAX_CALLS_PER_PAGE; calls++) {
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          FilterExpression: conditions.join(' AND '),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          Limit: calls === 0 ? page.limit : FOLLOW_UP_EVALUATE,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(result.Items ?? []));
      start = result.LastEvaluatedKey;
      if (!start || items.length >= page.limit) break;
    }
    if (items.length > page.limit) {
      // A follow-up call overshot: the page ends at its last item, and the next one starts after it.
      const kept = items.slice(0, page.limit);
      const last = kept.at(-1)!;
      return { items: kept.map(toAsset), nextCursor: encodeCursor({ PK: last.PK, SK: last.SK }) };
    }
    return { items: items.map(toAsset), nextCursor: encodeCursor(start) };
  }

  async listByCanvas(workspaceId: string, canvasId: string): Promise<Asset[]> {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.canvasAssetsPartition(workspaceId, canvasId) },
    });
    return items.map(toAsset);
  }

  async usages(workspaceId: string, asset: Pick<Asset, 'id' | 'canvasId'>): Promise<AssetUsage[]> {
    // Every canvas of the workspace is read (projected to the one map entry): canvas writes pay nothing
    // for usages, and the answer cannot drift from the canvases.
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ProjectionExpression: '#id, #name, #uses.#asset',
      FilterExpression: asset.canvasId
        ? 'attribute_exists(#uses.#asset) OR #id = :origin'
        : 'attribute_exists(#uses.#asset)',
      ExpressionAttributeNames: { '#id': 'id', '#name': 'name', '#uses': 'assetUses', '#asset': asset.id },
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':prefix': keys.canvasPrefix,
        ...(asset.canvasId ? { ':origin': asset.canvasId } : {}),
      },
    });
    return items.map((item) => ({
      canvasId: item.id as string,
      canvasName: item.name as string,
      nodeIds: ((item.assetUses as Record<string, string[]> | undefined)?.[asset.id] ?? []).slice(),
      attached: item.id === asset.canvasId,
    }));
  }

  async templateUsages(workspaceId: string, assetId: string): Promise<TemplateUsage[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ProjectionExpression: '#id, #name, #uses.#asset',
      FilterExpression: 'attribute_exists(#uses.#asset)',
      ExpressionAttributeNames: { '#id': 'id', '#name': 'name', '#uses': 'assetUses', '#asset': assetId },
      ExpressionAttributeValues: { ':pk': keys.workspacePartition(workspaceId), ':prefix': keys.templatePrefix },
    });
    return items.map((item) => ({
      templateId: item.id as string,
      templateName: item.name as string,
      nodeIds: ((item.assetUses as Record<string, string[]> | undefined)?.[assetId] ?? []).slice(),
    }));
  }
}
