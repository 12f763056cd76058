// core: what the published-server use cases need from storage.
import type { PublishedCredentialLookup, PublishedCredentialRecord, PublishedServer } from './model.ts';

export interface PublishedServerRepository {
  get(workspaceId: string, serverId: string): Promise<PublishedServer | undefined>;
  /** The server a slug names, wherever it lives (one GetItem on the slug item, one on the server). */
  findBySlug(slug: string): Promise<PublishedServer | undefined>;
  /** Writes the server and claims its slug together; ConflictError when the slug is taken. */
  create(server: PublishedServer): Promise<void>;
  /** Replaces the server; its id, slug and workspace never change. */
  replace(server: PublishedServer): Promise<void>;
  /** Deletes the server, its slug and every credential of it (lookups first: they stop working at once). */
  delete(server: PublishedServer): Promise<void>;
  list(workspaceId: string): Promise<PublishedServer[]>;

  createCredential(record: PublishedCredentialRecord, lookup: PublishedCredentialLookup): Promise<void>;
  getCredential(
    workspaceId: string,
    serverId: string,
    credentialId: string,
  ): Promise<PublishedCredentialRecord | undefined>;
  listCredentials(workspaceId: string, serverId: string): Promise<PublishedCredentialRecord[]>;
  /** Marks the record revoked and deletes its lookup in one transaction: refused from the next request on. */
  revokeCredential(record: PublishedCredentialRecord, revokedAt: string): Promise<void>;
  findCredential(keyHash: string): Promise<PublishedCredentialLookup | undefined>;
}

/** Credits a server's runs spent in a time range (usage entries that name the server). */
export interface PublishedSpendReader {
  creditsSpent(workspaceId: string, serverId: string, from: Date, to: Date): Promise<number>;
}
