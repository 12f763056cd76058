// What the integration tools answer (functions/operations/integration-views.ts), as the screen reads it.
export type ProviderStatus = 'available' | 'bring-your-own' | 'unavailable';

export interface Provider {
  id: string;
  kind: string;
  vendor: string;
  label: string;
  capabilities: string[];
  models: { id: string; label: string; modes: string[] }[];
  defaultModel: string | null;
  bringYourOwnCredential: boolean;
  sharedCredentials: boolean;
  status: ProviderStatus;
}

export interface ServiceStatus {
  status: 'ok' | 'degraded';
  checkedAt: string;
  providers: { id: string; label: string; sharedCredentials: boolean; status: ProviderStatus }[];
}

export interface Connection {
  provider: string;
  label: string | null;
  status: 'active' | 'revoked';
  /** Field → hint (the last four characters at most); never the value. */
  masked: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  revokedAt: string | null;
  updatedBy: string;
  allowedOrigins: string[];
}

export interface Policy {
  allowedProviders: string[] | null;
  allowedModels: string[] | null;
  allowedVoices: string[] | null;
  allowSharedCredentials: boolean;
  monthlyCreditCap: number | null;
  updatedAt: string | null;
}

export interface UpsertConnection {
  provider: string;
  credential?: Record<string, string>;
  label?: string;
  allowedOrigins?: string[];
}

export type PolicyUpdate = Partial<Omit<Policy, 'updatedAt'>>;
