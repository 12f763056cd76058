// core: the ports of the integrations domain. Adapters in functions/adapters implement them.
import type { ConnectionRecord } from './connections.ts';
import type { CredentialProvider } from './providers.ts';
import type { WorkspacePolicy } from './policies.ts';

/**
 * An envelope-encrypted secret: the data key that encrypted it (AES-256-GCM) is stored wrapped by a key
 * the store never sees (a KMS key in AWS, the local master key file in local mode).
 */
export interface SealedSecret {
  /** `kms:<key id>` or `local:<master key fingerprint>`: who can unwrap `wrappedKey`. */
  keyRef: string;
  /** The data key, wrapped; base64. */
  wrappedKey: string;
  /** AES-256-GCM nonce, tag and ciphertext of the secret; base64. */
  iv: string;
  tag: string;
  ciphertext: string;
}

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
