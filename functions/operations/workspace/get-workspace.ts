// operation: GET /api/mcp/workspace/info → getWorkspace → WorkspaceRepository
import * as z from '#core/schema';
import { getWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { WorkspaceView } from '#operations/views';
import { AT, WORKSPACE } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_workspace',
  title: 'Get workspace',
  description: "Reads the calling credential's workspace: id, name, when it was created.",
  example: { input: {}, status: 200, output: { id: WORKSPACE, name: 'Acme', createdAt: AT, updatedAt: AT } },
  route: 'workspace-info',
  http: readRoute('/api/mcp/workspace/info', 'read:canvases', 'workspace'),
  input: z.object({}),
  output: WorkspaceView,
  annotations: READ_ONLY,
  run: (_input, { principal }) => getWorkspace(principal, { workspaces }),
});
