// route: GET /api/mcp/workspace/info → getWorkspace → WorkspaceRepository
import { getWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

export const handler = defineRoute('workspace-info', {}, ({ principal }) => getWorkspace(principal, { workspaces }));
