// adapter: the shape that video jobs and speech operations share on the single table: one item per
// piece of work handed to a provider, written with attribute_not_exists before the provider is called
// (a retried submit finds the first attempt's record), then only on its version, and removed by TTL
// `keepDays` after it was created.
import { deleteItem, getEntity, putIfVersion, putNewOrFind, type Key } from './entities.ts';
import { TTL_ATTRIBUTE } from './table-design.ts';

const DAY_SECONDS = 24 * 60 * 60;

export interface ProviderWorkDesign<T, Id extends keyof T> {
  /** The `entity` attribute of its items. */
  entity: string;
  /** The field that names a record within its workspace. */
  id: Id;
  key: (workspaceId: string, id: string) => Key;
  keepDays: number;
  /** The conflict message when a record changed since it was read. */
  changedMeanwhile: (id: string) => string;
}

export class ProviderWorkRecords<T extends { workspaceId: string; createdAt: string }, Id extends keyof T> {
  constructor(private readonly design: ProviderWorkDesign<T, Id>) {}

  private keyOf(record: Pick<T, 'workspaceId' | Id>): Key {
    return this.design.key(record.workspaceId, String(record[this.design.id]));
  }

  private item(record: T) {
    return {
      ...this.keyOf(record),
      entity: this.design.entity,
      ...record,
      [TTL_ATTRIBUTE]: Math.ceil(Date.parse(record.createdAt) / 1000) + this.design.keepDays * DAY_SECONDS,
    };
  }

  async create(record: T) {
    return putNewOrFind(this.item(record), () => this.get(record.workspaceId, String(record[this.design.id])));
  }

  async get(workspaceId: string, id: string): Promise<T | undefined> {
    return getEntity<T>(this.design.key(workspaceId, id));
  }

  async delete(record: Pick<T, 'workspaceId' | Id>): Promise<void> {
    await deleteItem(this.keyOf(record));
  }

  async update(record: T, expectedVersion: number): Promise<void> {
    const id = String(record[this.design.id]);
    await putIfVersion(this.item(record), expectedVersion, this.design.changedMeanwhile(id));
  }
}
