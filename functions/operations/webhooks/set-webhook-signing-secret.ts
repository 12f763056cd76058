// operation: POST /api/mcp/webhooks/signing-secret → setSigningSecret (sealed by the credential cipher) →
// WebhookRepository
import { systemClock } from '#core/clock';
import { SetSigningSecretInput, setSigningSecret } from '#core/webhooks/signing-secrets';
import { credentialCipher } from '#adapters/composition/credentials';
import { UPDATES, defineOperation } from '#operations/operation';
import { WebhookSigningSecretsView } from '#operations/views';
import { webhooks } from './webhook-deps.ts';
import { CANVAS } from '#operations/example-values';
import { SEALS_CREDENTIALS, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'set_webhook_signing_secret',
  title: 'Set a provider signing secret',
  description:
    "Stores the signing secret a provider chose (Stripe's endpoint whsec_…, Shopify's app or store key) for one signature scheme of a webhook-trigger node: that scheme's signed URL then verifies deliveries with it instead of the trigger's own secret. secret null removes it. The secret is encrypted at rest and never shown again; the answer says per scheme which secret verifies.",
  example: {
    input: {
      canvasId: CANVAS,
      triggerNodeId: 'hook',
      scheme: 'stripe',
      secret: 'whsec_3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60',
    },
    status: 200,
    output: {
      canvasId: CANVAS,
      triggerNodeId: 'hook',
      signingSecrets: {
        github: { source: 'trigger' },
        stripe: { source: 'provider', hint: 'whsec_…5f60', setAt: '2026-11-24T09:30:00.000Z' },
        shopify: { source: 'trigger' },
        'standard-webhooks': { source: 'trigger' },
      },
    },
  },
  route: 'webhooks-signing-secret',
  http: writeRoute('/api/mcp/webhooks/signing-secret', 'write:canvas', 'webhooks', SEALS_CREDENTIALS),
  input: SetSigningSecretInput,
  output: WebhookSigningSecretsView,
  audit: 'webhook.secret-rotate',
  annotations: UPDATES,
  run: (input, { principal }) =>
    setSigningSecret(principal, input, { webhooks, cipher: credentialCipher, clock: systemClock }),
});
