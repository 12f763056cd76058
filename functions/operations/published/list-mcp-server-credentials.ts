// operation: GET /api/mcp/published-servers/credentials/list → listCredentials → PublishedServerRepository
import * as z from '#core/schema';
import { listCredentials } from '#core/published/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { CredentialView, ServerIdInput, route } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { credential, SERVER_ID } from './example-values.ts';

export const operation = defineOperation({
  name: 'list_mcp_server_credentials',
  title: 'List published-server credentials',
  description: "Lists a published server's umcp_ credentials by name and prefix, with status; never the credentials.",
  route: 'published-servers-credentials-list',
  http: route('GET', 'credentials/list', 'manage:integrations'),
  input: ServerIdInput,
  output: z.looseObject({ items: z.array(CredentialView).check(z.describe('Credentials, oldest first')) }),
  example: { input: { serverId: SERVER_ID }, status: 200, output: { items: [credential] } },
  annotations: READ_ONLY,
  run: async ({ serverId }, { principal }) => ({ items: await listCredentials(principal, serverId, publishDeps) }),
});
