// operation: POST /api/mcp/callbacks/signing-secret → setCallbackSigningSecret (sealed by the credential cipher) →
// CallbackSecretRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import {
  MAX_OVERLAP_SECONDS,
  SetCallbackSigningSecretInput,
  setCallbackSigningSecret,
} from '#core/outbound/callback-secrets';
import { credentialCipher } from '#adapters/credentials/cipher';
import { callbackSecrets } from '#adapters/dynamodb/callback-secret-repository';
import { defineOperation } from '#operations/operation';
import { WORKSPACE } from '#operations/example-values';
import { SEALS_CREDENTIALS, writeRoute } from '#operations/route-facts';

const described = (description: string) => z.string().check(z.describe(description));

const CallbackSecretsView = z.looseObject({
  workspaceId: described('The workspace whose callbacks these secrets sign'),
  signedWith: z
    .enum(['workspace', 'deployment'])
    .check(
      z.describe(
        'workspace: its own secret(s) sign ' +
          'its callbacks; ' +
          "deployment: the deployment's " +
          'shared secret does ' +
          '(or nothing, if none is configured)',
      ),
    ),
  current: z
    .nullable(
      z.looseObject({
        hint: described('Masked secret (cbsec_…a1b2)'),
        createdAt: described('When it was drawn (ISO 8601, UTC)'),
      }),
    )
    .check(z.describe('The secret that signs first; null without a workspace secret')),
  previous: z
    .nullable(
      z.looseObject({
        hint: described('Masked secret'),
        createdAt: described('When it was drawn (ISO 8601, UTC)'),
        signsUntil: described('Until when it still signs, as a second signature (ISO 8601, UTC)'),
      }),
    )
    .check(z.describe('The replaced secret while its overlap lasts; null otherwise')),
  secret: z.optional(
    described('The new secret: in the answer of the rotate that drew it, and never again. Give it to your receivers'),
  ),
});

export const operation = defineOperation({
  name: 'set_callback_signing_secret',
  title: 'Rotate the callback signing secret',
  description:
    "Signs run callbacks with this workspace's own secret. rotate: a new secret (shown once) signs from now on, " +
    `the old one also signs for overlapSeconds (default 1 day, max ${MAX_OVERLAP_SECONDS}). ` +
    'clear: the shared secret signs again. show: which secrets sign (masked).',
  example: {
    input: { action: 'rotate', overlapSeconds: 86400 },
    status: 200,
    output: {
      workspaceId: WORKSPACE,
      signedWith: 'workspace',
      current: { hint: 'cbsec_…Q2xw', createdAt: '2026-11-24T09:30:00.000Z' },
      previous: { hint: 'cbsec_…k9Tz', createdAt: '2026-08-02T14:05:00.000Z', signsUntil: '2026-11-25T09:30:00.000Z' },
      secret: 'cbsec_u7Yq2Lr0c9Vn4Kx1Pz8Hs3Dw6Fj5Mb2Ta0Ge7Ni9Q2xw',
    },
  },
  route: 'callbacks-signing-secret',
  http: writeRoute('/api/mcp/callbacks/signing-secret', 'write:canvas', 'runs', SEALS_CREDENTIALS),
  input: SetCallbackSigningSecretInput,
  output: CallbackSecretsView,
  // A rotate makes receivers that never take the new secret fail once the overlap ends.
  audit: 'callback-secret.set',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (input, { principal }) =>
    setCallbackSigningSecret(principal, input, { callbackSecrets, cipher: credentialCipher, clock: systemClock }),
});
