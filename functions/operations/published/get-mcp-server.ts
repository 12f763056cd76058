// operation: GET /api/mcp/published-servers/get → getServer → PublishedServerRepository
import { getServer } from '#core/published/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ServerIdInput, ServerView, route, serverView } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { server, SERVER_ID } from './example-values.ts';

export const operation = defineOperation({
  name: 'get_mcp_server',
  title: 'Get a published MCP server',
  description: 'Reads one published server: URL, canvas, visibility, version, tools and limits.',
  route: 'published-servers-get',
  http: route('GET', 'get', 'read:canvases'),
  input: ServerIdInput,
  output: ServerView,
  example: { input: { serverId: SERVER_ID }, status: 200, output: server },
  annotations: READ_ONLY,
  run: async ({ serverId }, { principal }) => serverView(await getServer(principal, serverId, publishDeps)),
});
