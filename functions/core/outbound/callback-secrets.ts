// use case: a workspace's own callback signing secret. With the deployment's one secret
// (CALLBACK_SIGNING_SECRET) a valid signature proves "this deployment sent it", not "it is about your
// workspace": another workspace can point its runs' callbacks at your receiver. A workspace that sets
// its own secret has every callback of its runs signed with it, and with nothing else, so its
// receivers can tell its callbacks from everyone else's.
//
//   rotate → a new secret is drawn, sealed (credential cipher, context names the workspace) and becomes
//            current; the former current becomes previous and keeps signing, as a second signature,
//            until now + overlapSeconds (0: dropped at once); an older previous is dropped
//   clear  → both removed: callbacks are signed with the deployment's secret again
//   send   → current (and previous while its window lasts) opened and used to sign
//
// The secret is answered once, by the rotate that drew it; afterwards only a masked hint. The same
// design as webhooks' provider signing secrets (core/webhooks/signing-secrets.ts), with the service
// drawing the secret rather than the provider, and an overlap because the service alone decides when.
import { randomBytes } from 'node:crypto';
import * as z from '../schema.ts';
import { ConflictError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { CredentialCipher, SealedSecret } from '../integrations/ports.ts';

export const CALLBACK_SECRET_PREFIX = 'cbsec_';
/** Longest overlap a rotation may ask for: receivers get a week to take the new secret. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_OVERLAP_SECONDS = 24 * 60 * 60;

export interface StoredCallbackSecret {
  sealed: SealedSecret;
  /** `cbsec_…a1b2`: enough to recognise which secret is meant, nothing to sign with. */
  hint: string;
  createdAt: string;
}

export interface CallbackSecrets {
  workspaceId: string;
  current: StoredCallbackSecret;
  /** The secret `current` replaced, still signing (second signature) until `signsUntil`. */
  previous: (StoredCallbackSecret & { signsUntil: string }) | null;
  /** Bumped by every write: the optimistic lock of rotate's read-modify-write. */
  version: number;
}

export interface CallbackSecretRepository {
  get(workspaceId: string): Promise<CallbackSecrets | undefined>;
  /** Writes `record` if the stored version is `expectedVersion` (null: none stored); else ConflictError. */
  put(record: CallbackSecrets, expectedVersion: number | null): Promise<void>;
  delete(workspaceId: string): Promise<void>;
}

export const SetCallbackSigningSecretInput = z.strictObject({
  action: z
    .enum(['rotate', 'clear', 'show'])
    .check(
      z.describe(
        "rotate: draw a new secret (shown once in this answer) that signs this workspace's callbacks from " +
          "now on; clear: remove the workspace's secrets (callbacks are signed with the deployment's secret " +
          'again); show: which secrets sign now',
      ),
    ),
  overlapSeconds: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.minimum(0),
        z.maximum(MAX_OVERLAP_SECONDS),
        z.describe(
          `rotate only: how long the replaced secret keeps signing as a second signature, in seconds (0 to ` +
            `${MAX_OVERLAP_SECONDS}; default ${DEFAULT_OVERLAP_SECONDS})`,
        ),
      ),
  ),
});
export type SetCallbackSigningSecretInput = z.infer<typeof SetCallbackSigningSecretInput>;

export interface CallbackSecretDeps {
  callbackSecrets: CallbackSecretRepository;
  cipher: CredentialCipher;
  clock: Clock;
}

/** The sealing context: a sealed secret copied to another workspace's item does not open there. */
export const callbackSecretContext = (workspaceId: string) => ({ workspaceId, provider: 'callback-signing-secret' });

function hintOf(secret: string): string {
  return `${CALLBACK_SECRET_PREFIX}…${secret.slice(-4)}`;
}

/** 32 random bytes: as strong as the HMAC-SHA256 key can use. */
function newSecret(): string {
  return CALLBACK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

const previousSigns = (record: Pick<CallbackSecrets, 'previous'>, now: Date) =>
  record.previous !== null && now.getTime() < Date.parse(record.previous.signsUntil);

export interface CallbackSecretsView {
  workspaceId: string;
  /** What signs this workspace's callbacks now. */
  signedWith: 'workspace' | 'deployment';
  current: { hint: string; createdAt: string } | null;
  previous: { hint: string; createdAt: string; signsUntil: string } | null;
  /** The new secret, in the answer of the rotate that drew it only. */
  secret?: string;
}

function view(workspaceId: string, record: CallbackSecrets | undefined, now: Date): CallbackSecretsView {
  if (!record) return { workspaceId, signedWith: 'deployment', current: null, previous: null };
  const { hint, createdAt } = record.current;
  const previous =
    record.previous && previousSigns(record, now)
      ? { hint: record.previous.hint, createdAt: record.previous.createdAt, signsUntil: record.previous.signsUntil }
      : null;
  return { workspaceId, signedWith: 'workspace', current: { hint, createdAt }, previous };
}

export async function setCallbackSigningSecret(
  principal: Principal,
  input: SetCallbackSigningSecretInput,
  deps: CallbackSecretDeps,
): Promise<CallbackSecretsView> {
  const { workspaceId } = principal;
  const now = deps.clock.now();
  const stored = await deps.callbackSecrets.get(workspaceId);
  if (input.action === 'show') return view(workspaceId, stored, now);
  if (input.action === 'clear') {
    if (stored) await deps.callbackSecrets.delete(workspaceId);
    return view(workspaceId, undefined, now);
  }
  const secret = newSecret();
  const overlapMs = (input.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS) * 1000;
  const record: CallbackSecrets = {
    workspaceId,
    current: {
      sealed: await deps.cipher.seal(secret, callbackSecretContext(workspaceId)),
      hint: hintOf(secret),
      createdAt: now.toISOString(),
    },
    previous:
      stored && overlapMs > 0
        ? { ...stored.current, signsUntil: new Date(now.getTime() + overlapMs).toISOString() }
        : null,
    version: (stored?.version ?? 0) + 1,
  };
  try {
    await deps.callbackSecrets.put(record, stored?.version ?? null);
  } catch (error) {
    if (error instanceof ConflictError)
      throw new ConflictError(
        'The callback signing secret was changed meanwhile; read it again (action show) and retry',
      );
    throw error;
  }
  return { ...view(workspaceId, record, now), secret };
}

/**
 * The secrets a callback of `workspaceId` is signed with at `now`, current first; empty when the
 * workspace has none (the caller then uses the deployment's secret).
 */
export async function callbackSigningSecrets(workspaceId: string, deps: CallbackSecretDeps): Promise<string[]> {
  const record = await deps.callbackSecrets.get(workspaceId);
  if (!record) return [];
  const context = callbackSecretContext(workspaceId);
  const secrets = [await deps.cipher.open(record.current.sealed, context)];
  if (previousSigns(record, deps.clock.now())) secrets.push(await deps.cipher.open(record.previous!.sealed, context));
  return secrets;
}
