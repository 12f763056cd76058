// operation: POST /api/mcp/codehost/repositories/sync → syncRepository (link installation, branch head, tree) → GitHub
// + CodeHostRepository
import * as z from '#core/schema';
import { BranchName, InstallationId, RepositoryName } from '#core/codehost/model';
import { syncRepository } from '#core/codehost/use-cases';
import { UPDATES, defineOperation } from '#operations/operation';
import { SyncAnswerView } from '#operations/integration-views';
import { codehostDeps } from './codehost-deps.ts';
import { installation, syncTarget } from '#operations/example-values';

export const operation = defineOperation({
  name: 'sync_codehost_repository',
  title: 'Sync a repository',
  description:
    "Makes a repository the workspace's sync target and reads its branch head and file count. The first sync through an installation links that installation to this workspace (an installation belongs to one workspace).",
  example: {
    input: { installationId: 4242, repository: 'acme/docs', branch: 'main' },
    status: 200,
    output: { syncTarget, installation, truncated: false },
  },
  route: 'codehost-sync',
  http: {
    method: 'POST',
    path: '/api/mcp/codehost/repositories/sync',
    scope: 'manage:integrations',
    access: { table: 'readWrite', codehost: true },
    timeoutSeconds: 20,
    area: 'codehost',
  },
  input: z.strictObject({
    installationId: InstallationId.check(
      z.describe('GitHub App installation id (from the install redirect or list_codehost_installations)'),
    ),
    repository: RepositoryName.check(z.describe('owner/name')),
    branch: z.optional(BranchName).check(z.describe('Branch to follow; the default branch when omitted')),
  }),
  output: SyncAnswerView,
  audit: 'codehost.sync',
  annotations: { ...UPDATES, openWorldHint: true },
  run: (input, { principal }) => syncRepository(principal, input, codehostDeps),
});
