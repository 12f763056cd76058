// route: POST /api/integrations/connections/revoke → revokeConnection (the ciphertext is deleted) → ConnectionRepository
import * as z from '#core/schema';
import { CredentialProviderSchema, revokeConnection } from '#core/integrations/connections';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { ConnectionView } from '#operations/integration-views';
import { connectionDeps } from './deps.ts';

export const operation = defineOperation({
  name: 'revoke_connection',
  title: 'Revoke a provider credential',
  description:
    "Revokes the workspace's stored credential for a provider: the encrypted secret is deleted at once and generation falls back to the shared credential, if the policy allows it. Revoking again changes nothing.",
  route: 'integrations-connections-revoke',
  input: z.strictObject({
    provider: CredentialProviderSchema.check(z.describe('Provider whose credential to revoke')),
  }),
  output: ConnectionView,
  annotations: DESTROYS,
  run: (input, { principal }) => revokeConnection(principal, input.provider, connectionDeps),
});

export const handler = operationRoute(operation);
