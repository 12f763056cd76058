// operation: POST /api/mcp/published-servers/publish → publishServer → PublishedServerRepository, CanvasRepository
import { PublishInput } from '#core/published/model';
import { publishServer } from '#core/published/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { ServerView, route, serverView } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { server, tool } from './example-values.ts';

export const operation = defineOperation({
  name: 'publish_mcp_server',
  title: 'Publish a canvas as an MCP server',
  description:
    'Publishes a canvas as an MCP server of its own at /mcp/s/<slug> on the app host: each exposed prompt or webhook-trigger node becomes a tool that runs the canvas, billed to this workspace. protected servers need a umcp_ credential (create_mcp_server_credential); public ones need none and have lower limits.',
  route: 'published-servers-publish',
  http: route('POST', 'publish', 'manage:integrations'),
  input: PublishInput,
  output: ServerView,
  example: {
    input: {
      canvasId: server.canvasId,
      slug: server.slug,
      name: server.name,
      description: server.description,
      visibility: 'protected',
      tools: [tool],
    },
    status: 201,
    output: server,
  },
  audit: 'published-server.publish',
  annotations: CREATES,
  run: async (input, { principal }) => created(serverView(await publishServer(principal, input, publishDeps))),
});
