// route: POST /api/mcp/webhooks/signing-secret → setSigningSecret (sealed by the credential cipher) → WebhookRepository
import { systemClock } from '#core/clock';
import { SetSigningSecretInput, setSigningSecret } from '#core/webhooks/signing-secrets';
import { credentialCipher } from '#adapters/credentials/cipher';
import { operationRoute } from '#http/operation-route';
import { UPDATES, defineOperation } from '#operations/operation';
import { WebhookSigningSecretsView } from '#operations/views';
import { webhooks } from './deps.ts';

export const operation = defineOperation({
  name: 'set_webhook_signing_secret',
  title: 'Set a provider signing secret',
  description:
    "Stores the signing secret a provider chose (Stripe's endpoint whsec_…, Shopify's app or store key) for one signature scheme of a webhook-trigger node: that scheme's signed URL then verifies deliveries with it instead of the trigger's own secret. secret null removes it. The secret is encrypted at rest and never shown again; the answer says per scheme which secret verifies.",
  route: 'webhooks-signing-secret',
  input: SetSigningSecretInput,
  output: WebhookSigningSecretsView,
  annotations: UPDATES,
  run: (input, { principal }) =>
    setSigningSecret(principal, input, { webhooks, cipher: credentialCipher, clock: systemClock }),
});

export const handler = operationRoute(operation);
