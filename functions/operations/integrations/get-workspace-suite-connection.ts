// operation: GET /api/mcp/workspace-suite/connection → integrationConnectionStatus (connection record + shared
// presence)
import * as z from '#core/schema';
import { integrationConnectionStatus } from '#core/integrations/connection-status';
import { connections } from '#adapters/composition/stores';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { IntegrationConnectionView } from '#operations/integration-views';
import { AT } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_workspace_suite_connection',
  title: 'Get the workspace suite connection',
  description:
    "Reports whether the workspace can reach its productivity suite: connected (with the workspace's own credential or the deployment's shared one), not-connected, revoked or unavailable, with the masked connection metadata. Never returns a credential.",
  example: {
    input: {},
    status: 200,
    output: {
      provider: 'workspace-suite',
      label: 'Workspace suite',
      vendor: 'Workspace productivity suite (OAuth)',
      state: 'connected',
      credential: 'workspace',
      sharedCredentials: false,
      capabilities: ['documents', 'files'],
      connection: {
        label: 'Acme suite',
        status: 'active',
        masked: { clientId: '…', refreshToken: '…Zk3q' },
        createdAt: AT,
        updatedAt: AT,
        revokedAt: null,
      },
    },
  },
  route: 'workspace-suite-connection',
  http: readRoute('/api/mcp/workspace-suite/connection', 'manage:integrations', 'integrations'),
  input: z.strictObject({}),
  output: IntegrationConnectionView,
  annotations: READ_ONLY,
  run: async (_input, { principal }) =>
    integrationConnectionStatus(
      'workspace-suite',
      await connections.get(principal.workspaceId, 'workspace-suite'),
      sharedCredentialPresence()['workspace-suite'],
    ),
});
