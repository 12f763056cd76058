// operation: POST /api/mcp/published-servers/unpublish → unpublishServer → PublishedServerRepository
import { unpublishServer } from '#core/published/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { ServerIdInput, ServerView, route, serverView } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { server, SERVER_ID } from './example-values.ts';

export const operation = defineOperation({
  name: 'unpublish_mcp_server',
  title: 'Unpublish an MCP server',
  description:
    'Takes a published server down: its URL answers 404 and its umcp_ credentials stop working at once. The canvas is untouched.',
  route: 'published-servers-unpublish',
  http: route('POST', 'unpublish', 'manage:integrations'),
  input: ServerIdInput,
  output: ServerView,
  example: { input: { serverId: SERVER_ID }, status: 200, output: server },
  audit: 'published-server.unpublish',
  annotations: DESTROYS,
  run: async ({ serverId }, { principal }) => serverView(await unpublishServer(principal, serverId, publishDeps)),
});
