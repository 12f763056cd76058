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

/** What one run of a published server holds against the server's UTC day, from admission to its end. */
export interface DayReservation {
  workspaceId: string;
  serverId: string;
  executionId: string;
  /** The UTC day (YYYY-MM-DD) whose counter carries it. */
  day: string;
  /** The most the run can be charged (canvas/cost-estimate.ts runCostCeiling). */
  credits: number;
}

/**
 * A published server's credits per UTC day, as one counter per server and day: what its admitted runs
 * may still cost (their reservations) plus what its ended runs were charged.
 */
export interface PublishedDaySpend {
  /**
   * Adds the reservation to its day's counter in one conditional write, unless the counter has reached
   * `limit` or would pass it. false: refused, nothing written. A reservation of 0 credits only checks.
   */
  reserve(reservation: DayReservation, limit: number): Promise<boolean>;
  reservationOf(workspaceId: string, executionId: string): Promise<DayReservation | undefined>;
  /**
   * Replaces the reservation by what the run was charged: the day's counter moves by charged − reserved
   * and the reservation is gone, together and once (a second release of it changes nothing).
   */
  release(reservation: DayReservation, charged: number): Promise<void>;
  /** Credits the usage entries that name the run charged since `since`. */
  chargedBy(workspaceId: string, executionId: string, since: Date): Promise<number>;
}
