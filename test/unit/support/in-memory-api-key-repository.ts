// test support (unit): ApiKeyRepository in memory — records by (workspace, id), lookups by hash.
// Values are cloned on the way in and out, as a real store would copy them.
import type { ApiKeyLookup, ApiKeyRecord } from '#core/keys/api-key';
import type { Page, PageQuery } from '#core/pagination';
import type { ApiKeyRepository } from '#core/ports';

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly records = new Map<string, ApiKeyRecord>();
  readonly lookups = new Map<string, ApiKeyLookup>();

  async findLookup(keyHash: string): Promise<ApiKeyLookup | undefined> {
    const lookup = this.lookups.get(keyHash);
    return lookup && structuredClone(lookup);
  }

  async create(record: ApiKeyRecord, lookup: ApiKeyLookup): Promise<void> {
    this.records.set(`${record.workspaceId}/${record.id}`, structuredClone(record));
    this.lookups.set(lookup.keyHash, structuredClone(lookup));
  }

  async get(workspaceId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
    const record = this.records.get(`${workspaceId}/${keyId}`);
    return record && structuredClone(record);
  }

  async revoke(record: ApiKeyRecord, revokedAt: string): Promise<void> {
    this.records.set(`${record.workspaceId}/${record.id}`, { ...structuredClone(record), revokedAt });
    this.lookups.delete(record.keyHash);
  }

  async list(workspaceId: string, page: PageQuery): Promise<Page<ApiKeyRecord>> {
    const items = [...this.records.values()]
      .filter((record) => record.workspaceId === workspaceId)
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, page.limit)
      .map((record) => structuredClone(record));
    return { items, nextCursor: null };
  }

  /** Everything the store holds, serialized: lets a test prove a secret was never written. */
  dump(): string {
    return JSON.stringify({ records: [...this.records.values()], lookups: [...this.lookups.values()] });
  }
}
