// operation: POST /api/integrations/connections/revoke → revokeConnection (the ciphertext is deleted) →
// ConnectionRepository
import * as z from '#core/schema';
import { CredentialProviderSchema, revokeConnection } from '#core/integrations/connections';
import { DESTROYS, defineOperation } from '#operations/operation';
import { ConnectionView } from '#operations/integration-views';
import { connectionDeps } from './integration-deps.ts';
import { AT, connection } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'revoke_connection',
  title: 'Revoke a provider credential',
  description:
    "Revokes the workspace's stored credential for a provider: the encrypted secret is deleted at once and generation falls back to the shared credential, if the policy allows it. Revoking again changes nothing.",
  example: {
    input: { provider: 'provider-two' },
    status: 200,
    output: { ...connection, status: 'revoked', revokedAt: AT },
  },
  route: 'integrations-connections-revoke',
  http: writeRoute('/api/integrations/connections/revoke', 'manage:integrations', 'integrations'),
  input: z.strictObject({
    provider: CredentialProviderSchema.check(z.describe('Provider whose credential to revoke')),
  }),
  output: ConnectionView,
  audit: 'connection.revoke',
  annotations: DESTROYS,
  run: (input, { principal }) => revokeConnection(principal, input.provider, connectionDeps),
});
