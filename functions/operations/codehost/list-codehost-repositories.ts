// operation: GET /api/mcp/codehost/repositories → listRepositories (linked installation) → GitHub
import * as z from '#core/schema';
import { InstallationId } from '#core/codehost/model';
import { listRepositories } from '#core/codehost/use-cases';
import { defineOperation } from '#operations/operation';
import { RepositoryView } from '#operations/integration-views';
import { pageOf } from '#operations/views';
import { CODEHOST_READ } from './annotations.ts';
import { codehostDeps } from './codehost-deps.ts';
import { repository } from '#operations/example-values';
import { READS_CODEHOST, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_codehost_repositories',
  title: 'List code-host repositories',
  description: 'Lists the repositories a linked GitHub App installation can access.',
  example: {
    input: { installationId: 4242 },
    status: 200,
    output: { items: [repository], nextCursor: null },
  },
  route: 'codehost-repositories',
  http: readRoute('/api/mcp/codehost/repositories', 'read:canvases', 'codehost', READS_CODEHOST),
  input: z.strictObject({
    installationId: InstallationId.check(z.describe('A linked installation id (list_codehost_installations)')),
  }),
  output: pageOf(RepositoryView, 'Repositories'),
  annotations: CODEHOST_READ,
  run: (input, { principal }) => listRepositories(principal, input, codehostDeps),
});
