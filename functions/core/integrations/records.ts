// core: the stored shapes of the integrations domain (a connection, a workspace policy, a sealed secret).
// Data only: the ports and the use cases both depend on these, so they live apart from either.
import type { CredentialProvider, ProviderId } from './providers.ts';

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

export type ConnectionStatus = 'active' | 'revoked';

/** What is stored. `sealed` is absent once revoked. */
export interface ConnectionRecord {
  workspaceId: string;
  provider: CredentialProvider;
  label: string | null;
  status: ConnectionStatus;
  /** Which credential fields are set and a hint of each (the last four characters), never more. */
  masked: Record<string, string>;
  sealed?: SealedSecret;
  createdAt: string;
  updatedAt: string;
  revokedAt: string | null;
  /** Who last set it (a key id or an OAuth grant id). */
  updatedBy: string;
  /** Where nodes may send its values (allowed-origins.ts). Absent on records stored before origins existed: nowhere. */
  allowedOrigins?: string[];
  version: number;
}

export interface WorkspacePolicy {
  workspaceId: string;
  /** null: every provider. */
  allowedProviders: ProviderId[] | null;
  /** null: every model (catalogue and, for provider two, endpoints outside it). */
  allowedModels: string[] | null;
  /** null: every voice. Enforced when the shared speech credential is used (see access.ts). */
  allowedVoices: string[] | null;
  allowSharedCredentials: boolean;
  /** Credits per calendar month (UTC) the workspace may spend on generation; null: no cap. */
  monthlyCreditCap: number | null;
  updatedAt: string | null;
  version: number;
}
