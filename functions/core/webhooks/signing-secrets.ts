// use case: provider-chosen signing secrets for a trigger's signed URLs. GitHub and Standard Webhooks
// senders let the user type in a secret (the trigger's own works); Stripe and Shopify do not: Stripe
// makes a `whsec_…` per endpoint, Shopify signs with the app's client secret or the store's key. So a
// workspace may store that secret per scheme; the scheme's signed URL then verifies with it.
//
//   set    → shape checked per scheme → sealed (credential cipher, context names the trigger) → stored
//   clear  → removed; the scheme falls back to the trigger's own secret
//   call   → signed URL of a scheme with a stored secret: opened, the delivery verified with it only
//
// The plaintext is answered never (only a masked hint), logged never, and bound to this trigger: its
// sealing context names workspace, canvas, node and registration, so a copy moved elsewhere won't open.
import * as z from '../schema.ts';
import { NotFoundError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { WebhookRepository } from '../ports.ts';
import type { CredentialCipher } from '../integrations/ports.ts';
import type { StoredSigningSecret, WebhookTrigger } from './model.ts';
import { SIGNATURE_SCHEMES, type SignatureScheme } from './signatures.ts';

const STANDARD_WEBHOOKS_SECRET = /^whsec_[A-Za-z0-9+/_-]{32,}={0,2}$/;

/** What each provider's secret looks like: a typo is a 400 now, not a 401 on every delivery later. */
const SECRET_SHAPES: Record<SignatureScheme, { check: (value: string) => boolean; rule: string }> = {
  github: {
    check: (value) => value.length >= 8,
    rule: 'at least 8 characters (the Secret field of the GitHub webhook)',
  },
  stripe: {
    check: (value) => /^whsec_[A-Za-z0-9]{16,}$/.test(value),
    rule: "the endpoint's signing secret, whsec_ followed by letters and digits",
  },
  shopify: {
    check: (value) => value.length >= 16,
    rule: "at least 16 characters (the app's client secret or the store's webhook signing key)",
  },
  'standard-webhooks': {
    check: (value) => STANDARD_WEBHOOKS_SECRET.test(value),
    rule: 'whsec_ followed by the base64 key (at least 24 bytes)',
  },
};

export const SigningSecretScheme = z
  .enum(SIGNATURE_SCHEMES)
  .check(z.describe('Signature scheme of the signed URL the secret is for'));

export const SetSigningSecretInput = z
  .strictObject({
    canvasId: z.string().check(z.minLength(1), z.maxLength(100), z.describe('Canvas of the webhook-trigger node')),
    triggerNodeId: z.string().check(z.minLength(1), z.maxLength(100), z.describe('Id of the webhook-trigger node')),
    scheme: SigningSecretScheme,
    secret: z
      .nullable(z.string().check(z.minLength(1), z.maxLength(512)))
      .check(
        z.describe(
          "The provider's signing secret for this trigger; null removes it (the trigger's own secret verifies again)",
        ),
      ),
  })
  .check(
    z.refine((input) => input.secret === null || /^[\x21-\x7e]+$/.test(input.secret), {
      message: 'secret must be printable ASCII without spaces (paste it exactly as the provider shows it)',
      path: ['secret'],
    }),
    z.refine((input) => input.secret === null || SECRET_SHAPES[input.scheme].check(input.secret), {
      message: "secret does not look like this provider's signing secret",
      path: ['secret'],
    }),
  );
export type SetSigningSecretInput = z.infer<typeof SetSigningSecretInput>;

export interface SigningSecretDeps {
  webhooks: WebhookRepository;
  cipher: CredentialCipher;
  clock: Clock;
}

/**
 * The sealing context: the secret opens only for the trigger (and registration) it was stored for. Its
 * keys are those of every credential the cipher seals — the KMS grants allow exactly `workspaceId` and
 * `provider` (docs/integrations.md) — so the trigger, registration and scheme go into `provider`'s value.
 */
export const signingSecretContext = (
  trigger: Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>,
  scheme: SignatureScheme,
) => ({
  workspaceId: trigger.workspaceId,
  provider: `webhook-signing-secret/${trigger.canvasId}/${trigger.triggerNodeId}/${trigger.secretHash}/${scheme}`,
});

/** `whsec_…a1b2`: enough to recognise which secret is stored, nothing to sign with. */
export function hintOf(secret: string): string {
  const prefix = /^[a-z]+_/.exec(secret)?.[0] ?? '';
  return `${prefix}…${secret.slice(-4)}`;
}

export type SigningSecretSource = { source: 'trigger' } | { source: 'provider'; hint: string; setAt: string };

/** Per scheme: which secret verifies its signed URL. */
export function signingSecretsView(trigger: WebhookTrigger): Record<SignatureScheme, SigningSecretSource> {
  const view = {} as Record<SignatureScheme, SigningSecretSource>;
  for (const scheme of SIGNATURE_SCHEMES) {
    const stored = trigger.signingSecrets?.[scheme];
    view[scheme] = stored ? { source: 'provider', hint: stored.hint, setAt: stored.setAt } : { source: 'trigger' };
  }
  return view;
}

export async function setSigningSecret(principal: Principal, input: SetSigningSecretInput, deps: SigningSecretDeps) {
  const trigger = await deps.webhooks.get(principal.workspaceId, input.canvasId, input.triggerNodeId);
  if (!trigger)
    throw new NotFoundError(
      `No webhook is registered for node ${input.triggerNodeId} on canvas ${input.canvasId}; register it first`,
    );
  const secrets: Partial<Record<string, StoredSigningSecret>> = { ...trigger.signingSecrets };
  if (input.secret === null) {
    delete secrets[input.scheme];
  } else {
    secrets[input.scheme] = {
      sealed: await deps.cipher.seal(input.secret, signingSecretContext(trigger, input.scheme)),
      hint: hintOf(input.secret),
      setAt: deps.clock.now().toISOString(),
    };
  }
  await deps.webhooks.putSigningSecrets(
    trigger,
    secrets as NonNullable<WebhookTrigger['signingSecrets']>,
    trigger.signingSecretsVersion ?? 0,
  );
  return {
    canvasId: trigger.canvasId,
    triggerNodeId: trigger.triggerNodeId,
    signingSecrets: signingSecretsView({ ...trigger, signingSecrets: secrets }),
  };
}

/** The secret a signed delivery of `scheme` must be signed with: the stored provider secret, else the trigger's. */
export async function verifyingSecret(
  trigger: WebhookTrigger,
  scheme: SignatureScheme,
  ownSecret: string,
  cipher: CredentialCipher | undefined,
): Promise<string> {
  const stored = trigger.signingSecrets?.[scheme];
  if (!stored) return ownSecret;
  if (!cipher) throw new Error('A provider signing secret is stored but this function has no credential cipher');
  return cipher.open(stored.sealed, signingSecretContext(trigger, scheme));
}
