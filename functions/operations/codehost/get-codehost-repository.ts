// operation: GET /api/mcp/codehost/repository → getRepository (linked installation) → GitHub
import * as z from '#core/schema';
import { InstallationId, RepositoryName } from '#core/codehost/model';
import { getRepository } from '#core/codehost/use-cases';
import { defineOperation } from '#operations/operation';
import { RepositoryView } from '#operations/integration-views';
import { CODEHOST_READ } from './annotations.ts';
import { codehostDeps } from './codehost-deps.ts';
import { repository } from '#operations/example-values';
import { READS_CODEHOST, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_codehost_repository',
  title: 'Get a code-host repository',
  description: 'Reads one repository (id, full name, default branch, visibility) through a linked installation.',
  example: {
    input: { installationId: 4242, repository: 'acme/docs' },
    status: 200,
    output: repository,
  },
  route: 'codehost-repository',
  http: readRoute('/api/mcp/codehost/repository', 'read:canvases', 'codehost', READS_CODEHOST),
  input: z.strictObject({
    installationId: InstallationId.check(z.describe('A linked installation id')),
    repository: RepositoryName.check(z.describe('owner/name')),
  }),
  output: RepositoryView,
  annotations: CODEHOST_READ,
  run: (input, { principal }) => getRepository(principal, input, codehostDeps),
});
