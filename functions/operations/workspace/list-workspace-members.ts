// operation: GET /api/mcp/workspace/members → listMembers → WorkspaceRepository
import { listMembers } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { MemberView, pageOf } from '#operations/views';
import { AT } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_workspace_members',
  title: 'List members',
  description: 'Lists the people of the workspace with their email and role (owner, admin, editor, viewer).',
  example: {
    input: { limit: 50 },
    status: 200,
    output: {
      items: [{ userId: 'usr_01jd8x2a4c6e8g0j2l4n6q8s0u', email: 'ops@acme.example', role: 'owner', joinedAt: AT }],
      nextCursor: null,
    },
  },
  route: 'workspace-members',
  http: readRoute('/api/mcp/workspace/members', 'read:canvases', 'workspace'),
  input: PageInput,
  output: pageOf(MemberView, 'Members'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listMembers(principal, query, { workspaces }),
});
