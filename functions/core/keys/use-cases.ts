// use cases: authenticate a key, create, revoke and list keys. Pure domain; persistence via ports.
import { MissingScopeError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { ApiKeyRepository, WorkspaceRepository } from '../ports.ts';
import type { Page, PageQuery } from '../pagination.ts';
import {
  ALL_SCOPES,
  DEFAULT_KEY_SCOPES,
  describeRequirement,
  meetsRequirement,
  scopesBeyondCeiling,
  type Scope,
  type ScopeRequirement,
} from '../scopes.ts';
import { withAudit } from '../audit/scope.ts';
import {
  WORKSPACE_KEY_PREFIX,
  displayPrefix,
  expiryAfterDays,
  generateWorkspaceKey,
  hashWorkspaceKey,
  isWorkspaceKeyFormat,
  keyStatus,
  type ApiKeyLookup,
  type ApiKeyRecord,
  type ApiKeyStatus,
  type CreateKeyInput,
  type Principal,
} from './api-key.ts';

/** The token of an `Authorization: Bearer <token>` header value, or undefined for any other form. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return authorization ? /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
}

/**
 * Resolves an `Authorization` header value to a principal: one GetItem by key hash.
 * Every other credential family (umcp_, webhook secrets, Basic, garbage) is a 401.
 */
export async function authenticate(
  authorization: string | undefined,
  deps: { apiKeys: ApiKeyRepository; clock: Clock },
): Promise<Principal> {
  if (!authorization) throw new UnauthorizedError('Missing API key: send Authorization: Bearer workspace_…');
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError('Unsupported authorization: send Authorization: Bearer workspace_…');
  if (!token.startsWith(WORKSPACE_KEY_PREFIX) || !isWorkspaceKeyFormat(token)) {
    throw new UnauthorizedError('Invalid API key: only workspace_ keys are accepted here');
  }
  const lookup = await deps.apiKeys.findLookup(hashWorkspaceKey(token));
  if (!lookup) throw new UnauthorizedError('Invalid API key');
  if (lookup.expiresAt && Date.parse(lookup.expiresAt) <= deps.clock.now().getTime()) {
    throw new UnauthorizedError('API key expired');
  }
  return { workspaceId: lookup.workspaceId, keyId: lookup.keyId, scopes: lookup.scopes };
}

/** 403 naming the scope (or each scope of an any-of pair) when the principal holds none of them. */
export function requireScope(principal: Principal, requirement: ScopeRequirement | null): void {
  if (!meetsRequirement(principal.scopes, requirement)) {
    throw new MissingScopeError(describeRequirement(requirement) ?? '');
  }
}

/** Builds a new key's stored forms. The full key exists only in the return value. */
export function mintKey(input: {
  workspaceId: string;
  name: string;
  scopes: readonly Scope[];
  expiresInDays?: number;
  createdByKeyId: string | null;
  now: Date;
  /** Operator-chosen value (local bootstrap only); otherwise generated. */
  presetKey?: string;
}): { key: string; record: ApiKeyRecord; lookup: ApiKeyLookup } {
  const key = input.presetKey ?? generateWorkspaceKey();
  if (!isWorkspaceKeyFormat(key)) {
    throw new ValidationError('A workspace key must be workspace_ followed by 20–200 characters of [A-Za-z0-9_-]');
  }
  const keyHash = hashWorkspaceKey(key);
  const scopes = [...new Set(input.scopes)];
  const expiresAt = expiryAfterDays(input.now, input.expiresInDays);
  const id = newId(ID_PREFIX.apiKey, input.now.getTime());
  const record: ApiKeyRecord = {
    id,
    workspaceId: input.workspaceId,
    name: input.name,
    prefix: displayPrefix(key),
    scopes,
    createdAt: input.now.toISOString(),
    expiresAt,
    revokedAt: null,
    createdByKeyId: input.createdByKeyId,
    keyHash,
  };
  return { key, record, lookup: { keyHash, workspaceId: input.workspaceId, keyId: id, scopes, expiresAt } };
}

/** A key as its listing shows it: the record without its workspace, creator and hash, with its status now. */
export interface KeyView extends Omit<ApiKeyRecord, 'workspaceId' | 'createdByKeyId' | 'keyHash'> {
  status: ApiKeyStatus;
}

function toView(record: ApiKeyRecord, now: Date): KeyView {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    scopes: record.scopes,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
    status: keyStatus(record, now),
  };
}

/** Creates a key no broader than its creator's (the scope ceiling). Returns the full key once. */
export async function createKey(
  principal: Principal,
  input: CreateKeyInput,
  deps: { apiKeys: ApiKeyRepository; clock: Clock },
): Promise<KeyView & { key: string }> {
  const scopes = input.scopes ?? [...DEFAULT_KEY_SCOPES];
  const beyond = scopesBeyondCeiling(scopes, principal.scopes);
  if (beyond.length > 0) {
    throw new MissingScopeError(beyond.join(', '), 'a key cannot grant scopes its creator lacks');
  }
  const now = deps.clock.now();
  const { key, record, lookup } = mintKey({
    workspaceId: principal.workspaceId,
    name: input.name,
    scopes,
    expiresInDays: input.expiresInDays,
    createdByKeyId: principal.keyId,
    now,
  });
  await deps.apiKeys.create(record, lookup);
  return { ...toView(record, now), key };
}

/**
 * A key made by an operator (the admin CLI), not by another key: the way back in when every key of a
 * workspace is lost. No scope ceiling applies (the operator holds the table); all scopes unless asked
 * for fewer. Refuses a workspace that does not exist, so a typo does not mint an orphan key.
 */
export async function createOperatorKey(
  workspaceId: string,
  input: { name: string; scopes?: Scope[]; expiresInDays?: number },
  deps: { apiKeys: ApiKeyRepository; workspaces: Pick<WorkspaceRepository, 'get'>; clock: Clock },
): Promise<KeyView & { key: string; workspaceId: string }> {
  if (!(await deps.workspaces.get(workspaceId))) throw new NotFoundError(`Workspace ${workspaceId} not found`);
  const now = deps.clock.now();
  const { key, record, lookup } = mintKey({
    workspaceId,
    name: input.name,
    scopes: input.scopes ?? [...ALL_SCOPES],
    expiresInDays: input.expiresInDays,
    createdByKeyId: null,
    now,
  });
  // An operator's key (the admin CLI) is recorded as the service's (docs/audit.md).
  const audit = { workspaceId, action: 'api-key.create', actor: { kind: 'service' }, now } as const;
  await withAudit(audit, () => deps.apiKeys.create(record, lookup));
  return { ...toView(record, now), key, workspaceId };
}

/** Revokes at once; revoking an already revoked key answers the same way (idempotent). */
export async function revokeKey(
  principal: Principal,
  keyId: string,
  deps: { apiKeys: ApiKeyRepository; clock: Clock },
): Promise<KeyView> {
  const record = await deps.apiKeys.get(principal.workspaceId, keyId);
  if (!record) throw new NotFoundError('API key not found');
  const now = deps.clock.now();
  if (record.revokedAt) return toView(record, now);
  const revokedAt = now.toISOString();
  await deps.apiKeys.revoke(record, revokedAt);
  return toView({ ...record, revokedAt }, now);
}

export async function listKeys(
  principal: Principal,
  page: PageQuery,
  deps: { apiKeys: ApiKeyRepository; clock: Clock },
): Promise<Page<KeyView>> {
  const result = await deps.apiKeys.list(principal.workspaceId, page);
  const now = deps.clock.now();
  return { items: result.items.map((record) => toView(record, now)), nextCursor: result.nextCursor };
}
