// use case: a workspace's callback signing secrets. Every workspace has one: by default a secret derived
// from the service root key and the workspace id (HKDF-SHA256, fixed info label), so no workspace needs
// a migration and none is stored; a workspace may replace it with secrets drawn by the service. With the
// deployment's one secret (CALLBACK_SIGNING_SECRET) a valid signature proved "this deployment sent it",
// not "it is about your workspace": a receiver of another workspace could forge yours.
//
//   (none)  → the derived default signs (Standard Webhooks headers); nothing is stored
//   reveal  → the derived default is answered once and `defaultShownAt` recorded: never answered again
//   rotate  → a new secret is drawn, sealed (credential cipher, context names the workspace) and becomes
//             current; the former current (drawn or the derived default) becomes previous and keeps
//             signing, as a second signature, until now + overlapSeconds (0: dropped at once)
//   clear   → the drawn secrets are dropped: the derived default signs again (not shown again)
//   send    → current (and previous while its window lasts) opened or derived, and used to sign
//
// Derived rather than minted at workspace creation: every existing workspace has its secret at once, the
// table holds nothing for it, and a root-key rotation (which already renews webhook secrets) renews it.
// The X-Service-Signature headers that receivers verify today keep their secret: the drawn ones if any,
// else the deployment's (callbackSigningSecrets' `drawn`), see core/outbound/signing.ts.
//
// A secret is answered once, by the rotate that drew it or the reveal of the default; afterwards only a
// masked hint. The same design as webhooks' provider signing secrets (core/webhooks/signing-secrets.ts),
// with the service drawing the secret rather than the provider, and an overlap because the service alone
// decides when.
import { hkdfSync, randomBytes } from 'node:crypto';
import * as z from '../schema.ts';
import { ConflictError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { CredentialCipher, SealedSecret } from '../integrations/ports.ts';
import { standardWebhooksSecret } from './signing.ts';

export const CALLBACK_SECRET_PREFIX = 'cbsec_';
/** Longest overlap a rotation may ask for: receivers get a week to take the new secret. */
export const MAX_OVERLAP_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_OVERLAP_SECONDS = 24 * 60 * 60;

export interface StoredCallbackSecret {
  /** A drawn secret, sealed; absent: the workspace's derived default (nothing to store, derived again). */
  sealed?: SealedSecret;
  /** `cbsec_…a1b2`: enough to recognise which secret is meant, nothing to sign with. */
  hint: string;
  /** When it was drawn, or when the derived default became current again; null: since the workspace began. */
  createdAt: string | null;
}

export interface CallbackSecrets {
  workspaceId: string;
  current: StoredCallbackSecret;
  /** The secret `current` replaced, still signing (second signature) until `signsUntil`. */
  previous: (StoredCallbackSecret & { signsUntil: string }) | null;
  /** When reveal answered the derived default: it is never answered again. */
  defaultShownAt?: string;
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
    .enum(['rotate', 'reveal', 'clear', 'show'])
    .check(
      z.describe(
        'rotate: draw a new secret (shown once in this answer) that signs from now on; reveal: the default secret, shown once; clear: the default secret signs again; show: which secrets sign now',
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
          `rotate only: how long the replaced secret keeps signing as a second signature, in seconds (0 to ${MAX_OVERLAP_SECONDS}; default ${DEFAULT_OVERLAP_SECONDS})`,
        ),
      ),
  ),
});
export type SetCallbackSigningSecretInput = z.infer<typeof SetCallbackSigningSecretInput>;

export interface CallbackSecretDeps {
  callbackSecrets: CallbackSecretRepository;
  cipher: CredentialCipher;
  clock: Clock;
  /** The service root key, which the default secrets derive from (undefined: the deployment has none). */
  serviceKey: () => Promise<string | undefined>;
}

/** Fixed and versioned: no other key derived from the root key can equal a callback secret. */
const DERIVED_SECRET_INFO = 'callback-signing-secret\nv1\n';

/** The workspace's default secret: HKDF-SHA256(root key, info = label + workspace id), 32 bytes. */
export function deriveCallbackSecret(serviceKey: string, workspaceId: string): string {
  const bytes = Buffer.from(hkdfSync('sha256', serviceKey, '', DERIVED_SECRET_INFO + workspaceId, 32));
  return CALLBACK_SECRET_PREFIX + bytes.toString('base64url');
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

const isDrawn = (secret: StoredCallbackSecret) => secret.sealed !== undefined;

/** The derived default as a record states it: hint only. */
const derivedEntry = (secret: string, createdAt: string | null): StoredCallbackSecret => ({
  hint: hintOf(secret),
  createdAt,
});

interface SecretView {
  hint: string;
  createdAt: string | null;
  /** true: the workspace's default secret, derived (reveal answers it once); false: drawn by rotate. */
  derived: boolean;
}

export interface CallbackSecretsView {
  workspaceId: string;
  /**
   * What signs the X-Service-Signature headers (kept for receivers that verify them): a drawn secret
   * (`workspace`) or the deployment's shared one (`deployment`, or nothing if it has none).
   */
  signedWith: 'workspace' | 'deployment';
  /** What signs the Standard Webhooks headers first. */
  current: SecretView;
  previous: (SecretView & { signsUntil: string }) | null;
  /** Whether reveal answered the default secret already. */
  defaultShown: boolean;
  /** The secret, in the answer of the rotate that drew it or the reveal of the default only. */
  secret?: string;
  /** The same secret spelled for Standard Webhooks libraries (`whsec_…`). */
  standardWebhooksSecret?: string;
}

const entryView = ({ hint, createdAt, sealed }: StoredCallbackSecret): SecretView => ({
  hint,
  createdAt,
  derived: sealed === undefined,
});

/** No record: the derived default signs alone. */
const defaultRecord = (workspaceId: string, derived: string): CallbackSecrets => ({
  workspaceId,
  current: derivedEntry(derived, null),
  previous: null,
  version: 0,
});

function view(record: CallbackSecrets, now: Date): CallbackSecretsView {
  const previous =
    record.previous && previousSigns(record, now)
      ? { ...entryView(record.previous), signsUntil: record.previous.signsUntil }
      : null;
  return {
    workspaceId: record.workspaceId,
    signedWith: isDrawn(record.current) ? 'workspace' : 'deployment',
    current: entryView(record.current),
    previous,
    defaultShown: record.defaultShownAt !== undefined,
  };
}

const shown = (record: CallbackSecrets, now: Date, secret: string): CallbackSecretsView => ({
  ...view(record, now),
  secret,
  standardWebhooksSecret: standardWebhooksSecret(secret),
});

async function write(deps: CallbackSecretDeps, record: CallbackSecrets, expectedVersion: number | null) {
  try {
    await deps.callbackSecrets.put(record, expectedVersion);
  } catch (error) {
    if (error instanceof ConflictError)
      throw new ConflictError(
        'The callback signing secret was changed meanwhile; read it again (action show) and retry',
      );
    throw error;
  }
}

export async function setCallbackSigningSecret(
  principal: Principal,
  input: SetCallbackSigningSecretInput,
  deps: CallbackSecretDeps,
): Promise<CallbackSecretsView> {
  const { workspaceId } = principal;
  const now = deps.clock.now();
  const key = await deps.serviceKey();
  // AWS and local mode always have one: without it, no workspace has a default secret to show.
  if (!key) throw new Error('No service root key is configured: callback secrets cannot be derived');
  const derived = deriveCallbackSecret(key, workspaceId);
  const stored = await deps.callbackSecrets.get(workspaceId);
  const record = stored ?? defaultRecord(workspaceId, derived);
  const expectedVersion = stored?.version ?? null;
  const next = { workspaceId, version: record.version + 1, defaultShownAt: record.defaultShownAt };
  if (input.action === 'show') return view(record, now);
  if (input.action === 'reveal') {
    if (isDrawn(record.current))
      throw new ConflictError(
        'This workspace signs with a secret drawn by rotate, shown in that answer only; rotate to draw a new one',
      );
    if (record.defaultShownAt !== undefined)
      throw new ConflictError(
        `The default callback secret was shown at ${record.defaultShownAt} and is never shown again; rotate to draw a new one`,
      );
    const revealed = { ...record, ...next, defaultShownAt: now.toISOString() };
    await write(deps, revealed, expectedVersion);
    return shown(revealed, now, derived);
  }
  if (input.action === 'clear') {
    if (!isDrawn(record.current) && record.previous === null) return view(record, now);
    const cleared = { ...next, current: derivedEntry(derived, now.toISOString()), previous: null };
    await write(deps, cleared, expectedVersion);
    return view(cleared, now);
  }
  const secret = newSecret();
  const overlapMs = (input.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS) * 1000;
  const rotated: CallbackSecrets = {
    ...next,
    current: {
      sealed: await deps.cipher.seal(secret, callbackSecretContext(workspaceId)),
      hint: hintOf(secret),
      createdAt: now.toISOString(),
    },
    previous:
      overlapMs > 0 ? { ...record.current, signsUntil: new Date(now.getTime() + overlapMs).toISOString() } : null,
  };
  await write(deps, rotated, expectedVersion);
  return shown(rotated, now, secret);
}

export interface CallbackSigningSecrets {
  /** The workspace's secrets at `now`, current first: they sign the Standard Webhooks headers. */
  workspace: string[];
  /**
   * The drawn ones among them, which sign the X-Service-Signature headers as they did before the derived
   * defaults; empty: the deployment's secret signs those (receivers that verify it keep working).
   */
  drawn: string[];
}

/**
 * The secrets a callback of `workspaceId` is signed with at `now`. Where the deployment has no root key
 * (neither AWS nor local mode) the default cannot be derived and signs nothing.
 */
export async function callbackSigningSecrets(
  workspaceId: string,
  deps: CallbackSecretDeps,
): Promise<CallbackSigningSecrets> {
  const record = await deps.callbackSecrets.get(workspaceId);
  const now = deps.clock.now();
  const entries = record ? [record.current, ...(previousSigns(record, now) ? [record.previous!] : [])] : [null];
  const context = callbackSecretContext(workspaceId);
  const drawn: string[] = [];
  const workspace: string[] = [];
  for (const entry of entries) {
    if (entry?.sealed) {
      const secret = await deps.cipher.open(entry.sealed, context);
      drawn.push(secret);
      workspace.push(secret);
      continue;
    }
    const key = await deps.serviceKey();
    if (key) workspace.push(deriveCallbackSecret(key, workspaceId));
  }
  return { workspace, drawn };
}
