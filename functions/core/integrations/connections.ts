// core: bring-your-own provider credentials ("connections"). The secret is sealed (envelope encryption)
// before it reaches a repository and is never returned: a connection is shown as masked metadata only.
//
//   upsert: validate shape per provider ─▶ seal(secret, {workspaceId, provider}) ─▶ put (version + 1)
//           (no credential: keep the sealed one, change label / allowed origins only)
//   list:   query ─▶ strip the sealed part ─▶ masked view
//   revoke: drop the sealed part, status revoked (the ciphertext is gone, not just flagged)
import { NotFoundError, ValidationError } from '../errors.ts';
import * as z from '../schema.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import { CREDENTIAL_PROVIDERS, CREDENTIAL_SHAPES, type CredentialProvider } from './providers.ts';
import type { ConnectionRepository, CredentialCipher } from './ports.ts';
import type { ConnectionRecord } from './records.ts';
import { AllowedOrigins } from './allowed-origins.ts';

export const CredentialProviderSchema = z.enum(CREDENTIAL_PROVIDERS as [CredentialProvider, ...CredentialProvider[]]);

export const UpsertConnectionInput = z.strictObject({
  provider: CredentialProviderSchema,
  /** Omitted: keep the stored secret (to change the label or allowed origins alone). */
  credential: z.optional(z.record(z.string(), z.string().check(z.maxLength(4096)))),
  label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  allowedOrigins: z.optional(AllowedOrigins),
});
export type UpsertConnectionInput = z.infer<typeof UpsertConnectionInput>;

export const RevokeConnectionInput = z.strictObject({ provider: CredentialProviderSchema });

/** The only form in which a connection leaves the service. */
export function connectionView(record: ConnectionRecord) {
  const { sealed: _sealed, version: _version, workspaceId: _workspaceId, ...view } = record;
  return { ...view, allowedOrigins: record.allowedOrigins ?? [] };
}

/** `…wxyz` for secrets long enough that four characters reveal nothing useful; `…` otherwise. */
export function maskSecret(value: string): string {
  return value.length >= 16 ? `…${value.slice(-4)}` : '…';
}

export interface ConnectionDeps {
  connections: ConnectionRepository;
  cipher: CredentialCipher;
  clock: Clock;
}

/** The encryption context (AAD) of a workspace's credential: ciphertext moved to another record will not open. */
export const sealingContext = (workspaceId: string, provider: string) => ({ workspaceId, provider });

export async function upsertConnection(principal: Principal, input: UpsertConnectionInput, deps: ConnectionDeps) {
  const existing = await deps.connections.get(principal.workspaceId, input.provider);
  const secret =
    input.credential === undefined
      ? keptSecret(input.provider, existing)
      : await newSecret(principal.workspaceId, input.provider, input.credential, deps.cipher);
  const now = deps.clock.now().toISOString();
  const record: ConnectionRecord = {
    workspaceId: principal.workspaceId,
    provider: input.provider,
    label: input.label ?? existing?.label ?? null,
    status: 'active',
    ...secret,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
    revokedAt: null,
    updatedBy: principal.keyId,
    allowedOrigins: input.allowedOrigins ?? existing?.allowedOrigins ?? [],
    version: (existing?.version ?? 0) + 1,
  };
  await deps.connections.put(record, existing?.version ?? null);
  return { ...connectionView(record), created: existing === undefined };
}

type StoredSecret = Required<Pick<ConnectionRecord, 'masked' | 'sealed'>>;

async function newSecret(
  workspaceId: string,
  provider: CredentialProvider,
  credential: Record<string, string>,
  cipher: CredentialCipher,
): Promise<StoredSecret> {
  const parsed = CREDENTIAL_SHAPES[provider].safeParse(credential);
  if (!parsed.success) {
    // Name the fields and the rule, never echo the values.
    const problems = parsed.error.issues.map((issue) => `${['credential', ...issue.path].join('.')}: ${issue.message}`);
    throw new ValidationError(`Invalid ${provider} credential: ${problems.join('; ')}`);
  }
  const secret = parsed.data as Record<string, string>;
  return {
    masked: Object.fromEntries(Object.entries(secret).map(([field, value]) => [field, maskSecret(value)])),
    sealed: await cipher.seal(JSON.stringify(secret), sealingContext(workspaceId, provider)),
  };
}

/** An upsert without a credential changes the rest of an active connection; there must be one. */
function keptSecret(provider: CredentialProvider, existing: ConnectionRecord | undefined): StoredSecret {
  if (existing?.status !== 'active' || !existing.sealed) {
    throw new ValidationError(`credential is required: this workspace has no active ${provider} connection to update`);
  }
  return { masked: existing.masked, sealed: existing.sealed };
}

export async function listConnections(principal: Principal, deps: Pick<ConnectionDeps, 'connections'>) {
  const records = await deps.connections.list(principal.workspaceId);
  return { items: records.map(connectionView), nextCursor: null };
}

export async function revokeConnection(
  principal: Principal,
  provider: CredentialProvider,
  deps: Omit<ConnectionDeps, 'cipher'>,
) {
  const existing = await deps.connections.get(principal.workspaceId, provider);
  if (!existing) throw new NotFoundError(`No ${provider} connection in this workspace`);
  if (existing.status === 'revoked') return connectionView(existing);
  const now = deps.clock.now().toISOString();
  const { sealed: _gone, ...rest } = existing;
  const revoked: ConnectionRecord = {
    ...rest,
    status: 'revoked',
    revokedAt: now,
    updatedAt: now,
    updatedBy: principal.keyId,
    version: existing.version + 1,
  };
  await deps.connections.put(revoked, existing.version);
  return connectionView(revoked);
}

/** Opens a workspace's stored credential (for the provider adapters; never for a response). */
export async function openConnection(
  record: ConnectionRecord,
  cipher: CredentialCipher,
): Promise<Record<string, string>> {
  if (record.status !== 'active' || !record.sealed)
    throw new NotFoundError(`The ${record.provider} connection is revoked`);
  return JSON.parse(await cipher.open(record.sealed, sealingContext(record.workspaceId, record.provider))) as Record<
    string,
    string
  >;
}
