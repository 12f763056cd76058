// operation: GET /api/mcp/published-servers/list → listServers → PublishedServerRepository
import * as z from '#core/schema';
import { listServers } from '#core/published/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ServerView, route, serverView } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { server } from './example-values.ts';

export const operation = defineOperation({
  name: 'list_mcp_servers',
  title: 'List published MCP servers',
  description: "Lists the workspace's published servers: URL, canvas, visibility, version, tools and limits.",
  route: 'published-servers-list',
  http: route('GET', 'list', 'read:canvases'),
  input: z.strictObject({}),
  output: z.looseObject({ items: z.array(ServerView).check(z.describe('Published servers, oldest first')) }),
  example: { input: {}, status: 200, output: { items: [server] } },
  annotations: READ_ONLY,
  run: async (_input, { principal }) => ({ items: (await listServers(principal, publishDeps)).map(serverView) }),
});
