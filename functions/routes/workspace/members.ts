// route: GET /api/mcp/workspace/members → listMembers → WorkspaceRepository
import { PageQuery } from '#core/pagination';
import { listMembers } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

export const handler = defineRoute('workspace-members', { query: PageQuery }, ({ query, principal }) =>
  listMembers(principal, query, { workspaces }),
);
