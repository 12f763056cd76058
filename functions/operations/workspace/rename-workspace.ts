// operation: POST /api/mcp/workspace/rename → renameWorkspace → WorkspaceRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { renameWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/composition/stores';
import { UPDATES, defineOperation } from '#operations/operation';
import { WorkspaceView } from '#operations/views';
import { AT, LATER, WORKSPACE } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'rename_workspace',
  title: 'Rename workspace',
  description: 'Renames the workspace; its id, keys and canvases stay as they are.',
  example: {
    input: { name: 'Acme Studio' },
    status: 200,
    output: { id: WORKSPACE, name: 'Acme Studio', createdAt: AT, updatedAt: LATER },
  },
  route: 'workspace-rename',
  http: writeRoute('/api/mcp/workspace/rename', 'manage:integrations', 'workspace'),
  input: z.strictObject({
    name: z
      .string()
      .check(z.trim(), z.minLength(1), z.maxLength(200), z.describe('New workspace name (1–200 characters)')),
  }),
  output: WorkspaceView,
  audit: 'workspace.rename',
  annotations: UPDATES,
  run: ({ name }, { principal }) => renameWorkspace(principal, name, { workspaces, clock: systemClock }),
});
