// operation: GET /api/integrations/connections → listConnections → ConnectionRepository (masked metadata only)
import * as z from '#core/schema';
import { listConnections } from '#core/integrations/connections';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ConnectionView } from '#operations/integration-views';
import { pageOf } from '#operations/views';
import { connectionDeps } from './integration-deps.ts';
import { connection } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_connections',
  title: 'List provider connections',
  description:
    "Lists the workspace's bring-your-own provider credentials as masked metadata (provider, label, status, which fields are set with their last four characters). The secrets themselves are never returned.",
  example: { input: {}, status: 200, output: { items: [connection], nextCursor: null } },
  route: 'integrations-connections-list',
  http: readRoute('/api/integrations/connections', 'manage:integrations', 'integrations'),
  input: z.strictObject({}),
  output: pageOf(ConnectionView, 'Connections, one per provider'),
  annotations: READ_ONLY,
  run: (_input, { principal }) => listConnections(principal, connectionDeps),
});
