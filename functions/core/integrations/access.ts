// core: the one question generation asks before calling a provider — may this workspace use this
// provider / model / voice, and with which credential? A pure decision over the facts, plus a loader
// that gathers the facts (policy, connection, shared-credential presence) and opens the chosen secret.
//
//   provider not allowed ─────────────────────────────▶ deny provider-not-allowed
//   model given and not allowed ──────────────────────▶ deny model-not-allowed
//   cap set and reached ──────────────────────────────▶ deny credit-cap-reached
//   workspace connection active ──────────────────────▶ allow, credential = workspace   (own key first)
//   shared configured and allowed by policy
//       voice given, voice list set, voice not in it ─▶ deny voice-not-allowed
//       otherwise ────────────────────────────────────▶ allow, credential = shared
//   shared configured but not allowed ────────────────▶ deny shared-credentials-not-allowed
//   otherwise ────────────────────────────────────────▶ deny no-credential
//
// Voices are checked only on the shared credential: with its own key a workspace pays the vendor itself
// and may use any voice its account has (the spec: "voice usage access enforced when shared
// credentials are used").
import { type ErrorCode, ForbiddenError } from '../errors.ts';
import { openConnection } from './connections.ts';
import type { ProviderId } from './providers.ts';
import { defaultPolicy } from './policies.ts';
import type { ConnectionRepository, CredentialCipher, PolicyRepository } from './ports.ts';
import type { ConnectionRecord, WorkspacePolicy } from './records.ts';

export interface AccessRequest {
  provider: ProviderId;
  model?: string;
  voice?: string;
}

export interface AccessFacts {
  policy: WorkspacePolicy;
  /** The workspace's own credential for this provider is stored and not revoked. */
  hasActiveConnection: boolean;
  /** The deployment's shared credential for this provider is configured. */
  sharedConfigured: boolean;
  /** Credits spent this calendar month (UTC), when the caller knows; the cap is not checked without it. */
  creditsUsedThisMonth?: number;
}

export type DenyReason =
  | 'provider-not-allowed'
  | 'model-not-allowed'
  | 'voice-not-allowed'
  | 'credit-cap-reached'
  | 'shared-credentials-not-allowed'
  | 'no-credential';

export type AccessDecision =
  | { allowed: true; credential: 'workspace' | 'shared' }
  | { allowed: false; reason: DenyReason; message: string };

const deny = (reason: DenyReason, message: string): AccessDecision => ({ allowed: false, reason, message });

export function decideAccess(request: AccessRequest, facts: AccessFacts): AccessDecision {
  const { policy } = facts;
  if (policy.allowedProviders && !policy.allowedProviders.includes(request.provider)) {
    return deny('provider-not-allowed', `This workspace's policy does not allow ${request.provider}`);
  }
  if (request.model !== undefined && policy.allowedModels && !policy.allowedModels.includes(request.model)) {
    return deny('model-not-allowed', `This workspace's policy does not allow model ${request.model}`);
  }
  if (
    policy.monthlyCreditCap !== null &&
    facts.creditsUsedThisMonth !== undefined &&
    facts.creditsUsedThisMonth >= policy.monthlyCreditCap
  ) {
    return deny(
      'credit-cap-reached',
      `This workspace has reached its monthly cap of ${policy.monthlyCreditCap} credits`,
    );
  }
  if (facts.hasActiveConnection) return { allowed: true, credential: 'workspace' };
  if (facts.sharedConfigured) {
    if (!policy.allowSharedCredentials) {
      return deny(
        'shared-credentials-not-allowed',
        `This workspace's policy does not allow the shared ${request.provider} credential; connect your own`,
      );
    }
    if (request.voice !== undefined && policy.allowedVoices && !policy.allowedVoices.includes(request.voice)) {
      return deny(
        'voice-not-allowed',
        `This workspace's policy does not allow voice ${request.voice} with the shared credential`,
      );
    }
    return { allowed: true, credential: 'shared' };
  }
  return deny(
    'no-credential',
    `No credential for ${request.provider}: connect one with POST /api/integrations/connections`,
  );
}

export interface AccessDeps {
  policies: PolicyRepository;
  connections: ConnectionRepository;
  cipher: CredentialCipher;
  /** Whether the deployment's shared credential for a provider is configured. */
  sharedConfigured(provider: ProviderId): boolean;
}

/**
 * The credential to use, and the policy's monthly credit cap (null for none), which the operation's credit
 * hold must stay within (holdCredits `monthlyCap`: counted when the hold is placed, so concurrent
 * operations cannot pass it together).
 */
export type ResolvedCredential = ({ source: 'workspace'; secret: Record<string, string> } | { source: 'shared' }) & {
  monthlyCreditCap: number | null;
};

/**
 * May `workspaceId` use this provider / model / voice, and with which credential? Throws ForbiddenError
 * (403, with the reason) when not; otherwise returns the workspace's opened secret, or `shared` (the
 * caller then uses the deployment's own credential).
 */
export async function resolveProviderAccess(
  workspaceId: string,
  request: AccessRequest,
  deps: AccessDeps,
  options: { creditsUsedThisMonth?: number } = {},
): Promise<ResolvedCredential> {
  const [policy, connection] = await Promise.all([
    deps.policies.get(workspaceId),
    request.provider === 'codehost' ? Promise.resolve(undefined) : deps.connections.get(workspaceId, request.provider),
  ]);
  const effective = policy ?? defaultPolicy(workspaceId);
  const decision = decideAccess(request, {
    policy: effective,
    hasActiveConnection: isActive(connection),
    sharedConfigured: deps.sharedConfigured(request.provider),
    creditsUsedThisMonth: options.creditsUsedThisMonth,
  });
  if (!decision.allowed) throw new ProviderAccessDeniedError(decision.message, decision.reason);
  const monthlyCreditCap = effective.monthlyCreditCap;
  if (decision.credential === 'shared') return { source: 'shared', monthlyCreditCap };
  return { source: 'workspace', secret: await openConnection(connection!, deps.cipher), monthlyCreditCap };
}

const isActive = (connection: ConnectionRecord | undefined): connection is ConnectionRecord =>
  connection !== undefined && connection.status === 'active' && connection.sealed !== undefined;

/** A 403 that also says why, for the generation routes' logs and clients. */
export class ProviderAccessDeniedError extends ForbiddenError {
  static override readonly code: ErrorCode = 'provider_access_denied';

  constructor(
    message: string,
    readonly reason: DenyReason,
  ) {
    super(message);
  }
}
