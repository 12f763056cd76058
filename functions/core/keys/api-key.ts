// core: the workspace key family — how a key looks, how it is hashed, what is kept of it.
import { createHash, randomBytes } from 'node:crypto';
import * as z from '../schema.ts';
import { ScopeSchema, type Scope } from '../scopes.ts';

export const WORKSPACE_KEY_PREFIX = 'workspace_';

/** Generated keys carry 32 bytes of CSPRNG randomness, base64url-encoded (43 characters). */
const RANDOM_BYTES = 32;

/** Accepts generated keys and operator-chosen bootstrap keys of reasonable strength. */
const WORKSPACE_KEY_FORMAT = /^workspace_[A-Za-z0-9_-]{20,200}$/;

export function generateWorkspaceKey(): string {
  return WORKSPACE_KEY_PREFIX + randomBytes(RANDOM_BYTES).toString('base64url');
}

export function isWorkspaceKeyFormat(candidate: string): boolean {
  return WORKSPACE_KEY_FORMAT.test(candidate);
}

/** SHA-256 hex of the full key: the only form in which a key is stored. */
export function hashWorkspaceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * Short display prefix that lets a person recognise a key without revealing it: its family's prefix
 * (workspace_, or umcp_ for published-server credentials) and six characters.
 */
export function displayPrefix(key: string, family: string = WORKSPACE_KEY_PREFIX): string {
  return key.slice(0, family.length + 6);
}

const DAY_MS = 86_400_000;

/** When a credential minted at `now` for `days` days expires (ISO 8601); null when it never does. */
export function expiryAfterDays(now: Date, days: number | undefined): string | null {
  return days === undefined ? null : new Date(now.getTime() + days * DAY_MS).toISOString();
}

export const CreateKeyInput = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  scopes: z.optional(z.array(ScopeSchema).check(z.minLength(1), z.maxLength(9))),
  expiresInDays: z.optional(z.int().check(z.minimum(1), z.maximum(365))),
});
export type CreateKeyInput = z.infer<typeof CreateKeyInput>;

export const RevokeKeyInput = z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
export type RevokeKeyInput = z.infer<typeof RevokeKeyInput>;

/** What a request is allowed to do once its key is authenticated. */
export interface Principal {
  workspaceId: string;
  /** The workspace key's id, or for an OAuth token the id of its consent grant. */
  keyId: string;
  scopes: Scope[];
  /** Set for OAuth tokens: the signed-in user the token acts for. */
  userId?: string;
  /** Which credential family authenticated the request. @default 'workspace-key' when absent */
  credential?: 'workspace-key' | 'oauth';
}

/** The authentication record, addressed by key hash (one GetItem per request). */
export interface ApiKeyLookup {
  keyHash: string;
  workspaceId: string;
  keyId: string;
  scopes: Scope[];
  expiresAt: string | null;
}

/** The listing record of a key. Never holds the key itself. */
export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  createdByKeyId: string | null;
  keyHash: string;
}

export type ApiKeyStatus = 'active' | 'expired' | 'revoked';

export function keyStatus(record: Pick<ApiKeyRecord, 'expiresAt' | 'revokedAt'>, now: Date): ApiKeyStatus {
  if (record.revokedAt) return 'revoked';
  if (record.expiresAt && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}
