// core: the persistence ports the use cases need. Adapters in functions/adapters implement them.
import type { ApiKeyLookup, ApiKeyRecord } from './keys/api-key.ts';
import type { Canvas, CanvasSummary } from './canvas/model.ts';
import type { Member, Workspace } from './workspaces/model.ts';
import type { Page, PageQuery } from './pagination.ts';

export interface ApiKeyRepository {
  findLookup(keyHash: string): Promise<ApiKeyLookup | undefined>;
  /** Writes record and lookup atomically. */
  create(record: ApiKeyRecord, lookup: ApiKeyLookup): Promise<void>;
  get(workspaceId: string, keyId: string): Promise<ApiKeyRecord | undefined>;
  /** Marks the record revoked and deletes the lookup in one transaction. */
  revoke(record: ApiKeyRecord, revokedAt: string): Promise<void>;
  list(workspaceId: string, page: PageQuery): Promise<Page<ApiKeyRecord>>;
}

export interface WorkspaceRepository {
  get(workspaceId: string): Promise<Workspace | undefined>;
  rename(workspaceId: string, name: string, updatedAt: string): Promise<Workspace>;
  listMembers(workspaceId: string, page: PageQuery): Promise<Page<Member>>;
  /**
   * Creates workspace, owner and first key in one transaction. With `onceMarker`, the transaction
   * also claims the store-wide bootstrap marker and returns false if it was already claimed.
   */
  provision(input: {
    workspace: Workspace;
    owner: Member;
    key: { record: ApiKeyRecord; lookup: ApiKeyLookup };
    onceMarker: boolean;
  }): Promise<boolean>;
}

export interface CanvasRepository {
  get(workspaceId: string, canvasId: string): Promise<Canvas | undefined>;
  /** Fails with ConflictError if a canvas with this id exists. */
  create(canvas: Canvas): Promise<void>;
  /** Writes `canvas` only if the stored version is still `expectedVersion`; else ConflictError. */
  replace(canvas: Canvas, expectedVersion: number): Promise<void>;
  delete(workspaceId: string, canvasId: string): Promise<boolean>;
  list(workspaceId: string, page: PageQuery & { includeArchived: boolean }): Promise<Page<CanvasSummary>>;
}
