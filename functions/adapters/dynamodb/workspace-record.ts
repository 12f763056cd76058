// adapter: a record a workspace has at most one of (its integration policy, its callback signing
// secrets), kept under a version: the first write only where there is none, each later one only on the
// version it was read at (entities.ts, putVersioned).
import { deleteItem, getEntity, type Key, putVersioned } from './entities.ts';

export interface WorkspaceRecordDesign {
  /** The `entity` attribute of its item. */
  entity: string;
  key: (workspaceId: string) => Key;
  /** The conflict message when the record changed since it was read. */
  changedConcurrently: string;
}

export class WorkspaceRecord<T extends { workspaceId: string }> {
  constructor(private readonly design: WorkspaceRecordDesign) {}

  /** Strongly consistent, so a read right after a write sees it. */
  async get(workspaceId: string): Promise<T | undefined> {
    return getEntity<T>(this.design.key(workspaceId));
  }

  async put(record: T, expectedVersion: number | null): Promise<void> {
    const item = { ...this.design.key(record.workspaceId), entity: this.design.entity, ...record };
    await putVersioned(item, expectedVersion, this.design.changedConcurrently);
  }

  async delete(workspaceId: string): Promise<void> {
    await deleteItem(this.design.key(workspaceId));
  }
}
