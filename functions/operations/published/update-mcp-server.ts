// operation: POST /api/mcp/published-servers/update → updateServer → PublishedServerRepository, CanvasRepository
import { UpdateInput } from '#core/published/model';
import { updateServer } from '#core/published/use-cases';
import { UPDATES, defineOperation } from '#operations/operation';
import { ServerView, route, serverView } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { server, SERVER_ID, LATER } from './example-values.ts';

export const operation = defineOperation({
  name: 'update_mcp_server',
  title: 'Update a published MCP server',
  description:
    'Changes a published server: name, description, visibility, exposed tools, limits, or the version it serves (pinned pins the canvas as it is now; latest follows the canvas). Its URL and credentials stay.',
  route: 'published-servers-update',
  http: route('POST', 'update', 'manage:integrations'),
  input: UpdateInput,
  output: ServerView,
  example: {
    input: { serverId: SERVER_ID, version: 'pinned' },
    status: 200,
    output: { ...server, version: 'pinned', pinnedCanvasVersion: 12, updatedAt: LATER },
  },
  audit: 'published-server.update',
  annotations: UPDATES,
  run: async (input, { principal }) => serverView(await updateServer(principal, input, publishDeps)),
});
