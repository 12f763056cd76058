// core: the `umcp_` credential family — how a published-server credential looks, how it is hashed (the way
// workspace keys are: SHA-256 of the whole value, the only form stored) and what is kept of it.
import { randomBytes } from 'node:crypto';
import { displayPrefix, expiryAfterDays, hashWorkspaceKey } from '../keys/api-key.ts';
import { newId } from '../ids.ts';
import {
  PUBLISHED_CREDENTIAL_ID_PREFIX,
  type PublishedCredentialLookup,
  type PublishedCredentialRecord,
} from './model.ts';

export const PUBLISHED_CREDENTIAL_PREFIX = 'umcp_';

const FORMAT = /^umcp_[A-Za-z0-9_-]{43}$/;

export const isPublishedCredentialFormat = (candidate: string) => FORMAT.test(candidate);

/** The same hash as workspace keys (one function, so the two families cannot drift in how they are stored). */
export const hashPublishedCredential = (credential: string) => hashWorkspaceKey(credential);

/** Builds a new credential's stored forms. The full credential exists only in the return value. */
export function mintPublishedCredential(input: {
  workspaceId: string;
  serverId: string;
  name: string;
  expiresInDays?: number;
  now: Date;
}): { credential: string; record: PublishedCredentialRecord; lookup: PublishedCredentialLookup } {
  const credential = PUBLISHED_CREDENTIAL_PREFIX + randomBytes(32).toString('base64url');
  const keyHash = hashPublishedCredential(credential);
  const expiresAt = expiryAfterDays(input.now, input.expiresInDays);
  const id = newId(PUBLISHED_CREDENTIAL_ID_PREFIX, input.now.getTime());
  const record: PublishedCredentialRecord = {
    id,
    workspaceId: input.workspaceId,
    serverId: input.serverId,
    name: input.name,
    prefix: displayPrefix(credential, PUBLISHED_CREDENTIAL_PREFIX),
    createdAt: input.now.toISOString(),
    expiresAt,
    revokedAt: null,
    keyHash,
  };
  return {
    credential,
    record,
    lookup: { keyHash, workspaceId: input.workspaceId, serverId: input.serverId, credentialId: id, expiresAt },
  };
}
