// operation: POST /api/mcp/callbacks/signing-secret → setCallbackSigningSecret (sealed by the credential cipher) →
// CallbackSecretRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import {
  MAX_OVERLAP_SECONDS,
  SetCallbackSigningSecretInput,
  setCallbackSigningSecret,
} from '#core/outbound/callback-secrets';
import { serviceKey } from '#adapters/composition/service-key';
import { credentialCipher } from '#adapters/composition/credentials';
import { callbackSecrets } from '#adapters/composition/stores';
import { defineOperation } from '#operations/operation';
import { WORKSPACE } from '#operations/example-values';
import { SEALS_CREDENTIALS, writeRoute } from '#operations/route-facts';

const described = (description: string) => z.string().check(z.describe(description));

const SecretView = {
  hint: described('Masked secret (cbsec_…a1b2)'),
  createdAt: z.nullable(z.string()).check(z.describe('When it was drawn (ISO 8601, UTC); null: the default, always')),
  derived: z.boolean().check(z.describe('true: the default secret; false: drawn by rotate')),
};

const CallbackSecretsView = z.looseObject({
  workspaceId: described('The workspace whose callbacks these secrets sign'),
  signedWith: z
    .enum(['workspace', 'deployment'])
    .check(z.describe("What signs the older X-Service-Signature headers: a drawn secret, or the deployment's")),
  current: z.looseObject(SecretView).check(z.describe('The secret that signs first')),
  previous: z
    .nullable(
      z.looseObject({
        ...SecretView,
        signsUntil: described('Until when it still signs, as a second signature (ISO 8601, UTC)'),
      }),
    )
    .check(z.describe('The replaced secret while its overlap lasts; null otherwise')),
  defaultShown: z.boolean().check(z.describe('Whether reveal showed the default secret (it does once)')),
  secret: z.optional(described('The secret, in the answer of the rotate or reveal that showed it only')),
  standardWebhooksSecret: z.optional(described('The same, as Standard Webhooks libraries take it (whsec_…)')),
});

export const operation = defineOperation({
  name: 'set_callback_signing_secret',
  title: 'Rotate the callback signing secret',
  description: `Signs run callbacks with this workspace's own secret (a default one until rotate). reveal: the default secret (shown once). rotate: a new secret (shown once) signs from now on, the old one also for overlapSeconds (default 1 day, max ${MAX_OVERLAP_SECONDS}). clear: the default signs again. show: masked.`,
  example: {
    input: { action: 'rotate', overlapSeconds: 86400 },
    status: 200,
    output: {
      workspaceId: WORKSPACE,
      signedWith: 'workspace',
      current: { hint: 'cbsec_…Q2xw', createdAt: '2026-11-24T09:30:00.000Z', derived: false },
      previous: {
        hint: 'cbsec_…k9Tz',
        createdAt: null,
        derived: true,
        signsUntil: '2026-11-25T09:30:00.000Z',
      },
      defaultShown: true,
      secret: 'cbsec_u7Yq2Lr0c9Vn4Kx1Pz8Hs3Dw6Fj5Mb2Ta0Ge7Ni9Q2xw',
      standardWebhooksSecret: 'whsec_Y2JzZWNfdTdZcTJMcjBjOVZuNEt4MVB6OEhzM0R3NkZqNU1iMlRhMEdlN05pOVEyeHc=',
    },
  },
  route: 'callbacks-signing-secret',
  // The service key: a workspace's default secret derives from it (show, reveal, clear, the first rotate).
  http: writeRoute('/api/mcp/callbacks/signing-secret', 'write:canvas', 'runs', {
    ...SEALS_CREDENTIALS,
    webhookKey: true,
  }),
  input: SetCallbackSigningSecretInput,
  output: CallbackSecretsView,
  // A rotate makes receivers that never take the new secret fail once the overlap ends.
  audit: 'callback-secret.set',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  run: (input, { principal }) =>
    setCallbackSigningSecret(principal, input, {
      callbackSecrets,
      cipher: credentialCipher,
      clock: systemClock,
      serviceKey,
    }),
});
