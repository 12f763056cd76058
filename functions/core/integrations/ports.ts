// core: the ports of the integrations domain. Adapters in functions/adapters implement them.
import type { CredentialProvider } from './providers.ts';
import type { ConnectionRecord, SealedSecret, WorkspacePolicy } from './records.ts';

export type { SealedSecret } from './records.ts';

export interface CredentialCipher {
  /** Encrypts under a fresh data key; `context` is bound as authenticated data (and KMS encryption context). */
  seal(plaintext: string, context: Readonly<Record<string, string>>): Promise<SealedSecret>;
  /** Fails unless `context` is the one the secret was sealed with. */
  open(sealed: SealedSecret, context: Readonly<Record<string, string>>): Promise<string>;
}

export interface ConnectionRepository {
  get(workspaceId: string, provider: CredentialProvider): Promise<ConnectionRecord | undefined>;
  list(workspaceId: string): Promise<ConnectionRecord[]>;
  /** Writes `record` if the stored version is `expectedVersion` (null: none stored yet); else ConflictError. */
  put(record: ConnectionRecord, expectedVersion: number | null): Promise<void>;
}

export interface PolicyRepository {
  get(workspaceId: string): Promise<WorkspacePolicy | undefined>;
  put(policy: WorkspacePolicy, expectedVersion: number | null): Promise<void>;
}
